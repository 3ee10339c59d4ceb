//go:build unix

package filelock

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A lock file that is a symbolic link is refused, naming it, and what it
// names is neither created nor opened: a repository's
// .switchboard/skills/.skills.lock linked to a path outside it had
// `skills rm` create that file.
func TestLock_RefusesALinkedLockFile(t *testing.T) {
	dir := t.TempDir()
	outside := filepath.Join(dir, "outside", "created")
	os.MkdirAll(filepath.Dir(outside), 0o700)
	p := filepath.Join(dir, "skills", ".skills")
	os.MkdirAll(filepath.Dir(p), 0o700)
	if err := os.Symlink(outside, p+".lock"); err != nil {
		t.Fatal(err)
	}
	err := With(p, func() error { t.Error("ran under a linked lock"); return nil })
	if err == nil || !strings.Contains(err.Error(), p+".lock is a symbolic link") {
		t.Errorf("err = %v, want a refusal naming the link", err)
	}
	if _, err := os.Lstat(outside); !os.IsNotExist(err) {
		t.Errorf("the link's target was created: %v", err)
	}
}

// A lock file that is a FIFO is refused at once, naming it.
func TestLock_RefusesAFIFO(t *testing.T) {
	p := filepath.Join(t.TempDir(), ".skills")
	if err := syscall.Mkfifo(p+".lock", 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- With(p, func() error { return nil }) }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), p+".lock is a named pipe (FIFO)") {
			t.Errorf("err = %v, want a refusal naming the FIFO", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Lock hung on a FIFO")
	}
}
