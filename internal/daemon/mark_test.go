//go:build unix

package daemon

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestMark_BothSidesSeeOneCount(t *testing.T) {
	dir := t.TempDir()
	b, path, err := newMark(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	d, err := openMark(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(path) // as the bridge does after the reply: the mappings stay
	d.store(41)
	d.store(42)
	if got := b.load(); got != 42 {
		t.Errorf("the bridge reads %d, want 42", got)
	}
	d.close()
	d.store(43) // after close: nothing, and no fault
	if got := b.load(); got != 42 {
		t.Errorf("after the daemon's close the bridge reads %d, want 42", got)
	}
	var none *mark
	none.store(1)
	if none.load() != 0 {
		t.Error("a nil mark loads non-zero")
	}
	none.close()
}

// A hello names the mark file: the daemon maps only a regular file of
// eight bytes named mark-* in its own directory.
func TestOpenMark_RefusesWhatIsNotAMarkFile(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	write := func(d, name string, size int) string {
		p := filepath.Join(d, name)
		if err := os.WriteFile(p, make([]byte, size), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, markPrefix+"fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, markPrefix+"link")
	if err := os.Symlink(write(other, markPrefix+"x", markSize), link); err != nil {
		t.Fatal(err)
	}
	for name, path := range map[string]string{
		"another directory": write(other, markPrefix+"a", markSize),
		"another name":      write(dir, "daemon.pid", markSize),
		"a longer file":     write(dir, markPrefix+"big", 4096),
		"a relative path":   markPrefix + "rel",
		"a FIFO":            fifo,
		"a symlink":         link,
		"dot-dot":           filepath.Join(dir, "..", filepath.Base(dir), "..", markPrefix+"a"),
	} {
		done := make(chan error, 1)
		go func() {
			m, err := openMark(dir, path)
			m.close()
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "mark file") {
				t.Errorf("%s (%s): err = %v, want a refusal naming the mark file", name, path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: openMark blocked", name)
		}
	}
}

func TestRemoveStaleMarks_KeepsFreshOnes(t *testing.T) {
	dir := t.TempDir()
	old, fresh := filepath.Join(dir, markPrefix+"old"), filepath.Join(dir, markPrefix+"fresh")
	other := filepath.Join(dir, "daemon.pid")
	for _, p := range []string{old, fresh, other} {
		os.WriteFile(p, make([]byte, markSize), 0o600)
	}
	past := time.Now().Add(-time.Hour)
	os.Chtimes(old, past, past)
	os.Chtimes(other, past, past)
	removeStaleMarks(dir, time.Now().Add(-time.Minute))
	for p, want := range map[string]bool{old: false, fresh: true, other: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists = %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}
