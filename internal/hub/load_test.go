//go:build unix

package hub

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A project file that is no regular file (a repository can hold a FIFO,
// which would block the open, or a link to /dev/zero, read until memory
// runs out) is ignored with a notice, as an untrusted one is.
func TestReadConfig_IgnoresAProjectFileThatIsNoRegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	zero := filepath.Join(dir, "zero.json")
	os.Symlink("/dev/zero", zero)
	p := Paths{User: filepath.Join(dir, "user.json"), State: filepath.Join(dir, "state")}
	for _, project := range []string{fifo, zero} {
		done := make(chan struct{})
		go func() {
			defer close(done)
			cfg, notices, err := ReadConfig(p, project, dir)
			if err != nil || cfg == nil {
				t.Errorf("%s: ReadConfig = %v, want the user config without it", project, err)
				return
			}
			if len(notices) == 0 || !strings.Contains(notices[0], "project config ignored: "+project+" is a ") {
				t.Errorf("%s: notices %q, want one saying it was ignored and why", project, notices)
			}
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: ReadConfig blocked", project)
		}
	}
}

// A project file that is a symbolic link to itself is ignored with a
// notice naming it and why, as a FIFO is: it was passed over without a
// word (round one hundred and ten's case 32).
func TestReadConfig_AProjectFileLinkedToItselfIsSaid(t *testing.T) {
	dir := t.TempDir()
	project := filepath.Join(dir, ".switchboard.json")
	if err := os.Symlink(".switchboard.json", project); err != nil {
		t.Fatal(err)
	}
	l, err := Load(&LoadOptions{Paths: Paths{User: filepath.Join(dir, "user.json"), State: filepath.Join(dir, "state")}, Home: filepath.Join(dir, "home"), Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	want := "project config ignored: " + project + " is a symbolic link in a loop"
	if n := strings.Join(l.Notices, "\n"); !strings.Contains(n, want) {
		t.Errorf("notices %q, want one holding %q", l.Notices, want)
	}
}
