package cli

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// Round 111: a panic publishing the backends' status (the pool's status,
// the write, on the goroutine serve and the daemon start) ended the
// daemon with every session, or a standalone serve. It is logged,
// publishing ends and its file is removed.
func TestPublishStatus_APanicIsLoggedAndTheFileRemoved(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		state := t.TempDir()
		rec := &logtest.Recorder{}
		n := 0
		backends := func() []pool.Status {
			if n++; n == 2 {
				panic("a bug reading the pool's status")
			}
			return []pool.Status{{Name: "a", State: pool.Ready, Pid: 42}}
		}
		stop := make(chan struct{})
		done := make(chan struct{})
		go func() { defer close(done); publishStatus(state, backends, stop, rec.Logger()) }()
		time.Sleep(time.Second + time.Millisecond)
		synctest.Wait()
		if _, err := os.Stat(statusPath(state)); err != nil {
			t.Fatalf("no status after the first tick: %v", err)
		}
		time.Sleep(time.Second)
		synctest.Wait()
		select {
		case <-done:
		default:
			t.Fatal("publishStatus still runs after its panic")
		}
		if _, err := os.Stat(statusPath(state)); !os.IsNotExist(err) {
			t.Errorf("the status file is left after the panic: %v", err)
		}
		if lines := strings.Join(rec.Lines(), "\n"); !strings.Contains(lines, "publishing the backends' status panicked") {
			t.Errorf("log:\n%s", lines)
		}
		close(stop)
	})
}

// Round 111: a panic checking whether serve's client is gone (on the
// goroutine the end of its stdin starts) ended serve. It is logged.
func TestStdinEnd_APanicCheckingTheClientIsLogged(t *testing.T) {
	rec := &logtest.Recorder{}
	r := &stdinEnd{r: strings.NewReader(""), log: rec.Logger(), ended: func() { panic("a bug checking the client") }}
	if _, err := r.Read(make([]byte, 1)); err != io.EOF {
		t.Fatalf("Read: %v, want io.EOF", err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(strings.Join(rec.Lines(), "\n"), "checking whether serve's client is gone panicked") {
		if time.Now().After(deadline) {
			t.Fatalf("log:\n%s", strings.Join(rec.Lines(), "\n"))
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// trust in a repository whose .switchboard.json is a symbolic link to
// itself names it and says why it cannot be read: it said "no
// .switchboard.json found", or trusted a project file further up in its
// place (round 111).
func TestTrust_AProjectFileLinkedToItselfIsSaid(t *testing.T) {
	pe := newProjectEnv(t, "", "")
	link := filepath.Join(pe.repo, ".switchboard.json")
	if err := os.Symlink(".switchboard.json", link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if code := pe.run("trust"); code != 1 || !strings.Contains(pe.stderr.String(), link+" is a symbolic link in a loop") {
		t.Errorf("trust = %d\n%s", code, pe.stderr)
	}
	gone := filepath.Join(pe.home, "src", "gone")
	os.MkdirAll(gone, 0o755)
	os.Symlink("elsewhere.json", filepath.Join(gone, ".switchboard.json"))
	pe.e.Dir = gone
	if code := pe.run("trust"); code != 1 || !strings.Contains(pe.stderr.String(), `.switchboard.json is a symbolic link to "elsewhere.json", which does not exist`) {
		t.Errorf("trust of a link to nothing = %d\n%s", code, pe.stderr)
	}
}
