//go:build unix

package safefile

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

func TestOpenAppend_RefusesAFIFOWithoutWaiting(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "x.log")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		f, err := OpenAppend(fifo, 0o600)
		if f != nil {
			f.Close()
		}
		done <- err
	}()
	if err := <-done; err == nil || !strings.Contains(err.Error(), fifo+" is a named pipe (FIFO), not a regular file") {
		t.Errorf("OpenAppend(FIFO without a reader) = %v, want an error naming it", err)
	}
	// With a reader the open succeeds at once, and the type is refused.
	r, err := os.OpenFile(fifo, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := OpenAppend(fifo, 0o600); err == nil || !strings.Contains(err.Error(), "a named pipe (FIFO), not a regular file") {
		t.Errorf("OpenAppend(FIFO with a reader) = %v", err)
	}
	log := filepath.Join(dir, "y.log")
	for _, line := range []string{"a\n", "b\n"} {
		f, err := OpenAppend(log, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(line)
		f.Close()
	}
	if b, _ := os.ReadFile(log); string(b) != "a\nb\n" {
		t.Errorf("appended %q", b)
	}
	if fi, _ := os.Stat(log); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode())
	}
}

// A log someone made readable by others (0644) is made private: a
// backend's stderr holds what it prints, secrets we do not know of
// included.
func TestOpenAppend_NarrowsAWiderMode(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.log")
	os.WriteFile(path, []byte("old\n"), 0o644)
	os.Chmod(path, 0o644)
	f, err := OpenAppend(path, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}

// A symbolic link in a log's place is refused, naming it, and the file it
// names is left as it was: neither appended to nor narrowed.
func TestOpenAppend_RefusesASymlink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "rc")
	if err := os.WriteFile(target, []byte("export PATH=/usr/bin\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(target, 0o644)
	link := filepath.Join(dir, "x.log")
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	f, err := OpenAppend(link, 0o600)
	if f != nil {
		f.Close()
	}
	if err == nil || !strings.Contains(err.Error(), link+" is a symbolic link, not a regular file") {
		t.Errorf("OpenAppend(symlink) = %v, want an error naming it as a symbolic link", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "export PATH=/usr/bin\n" {
		t.Errorf("the link's target changed: %q", b)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o644 {
		t.Errorf("the link's target's mode changed to %v", fi.Mode().Perm())
	}
}

// A hard link in a log's place is refused as a symbolic link is: the
// lines appended went to the file it shares (a shell's rc file), and the
// mode narrowed was that file's. The file is left as it was.
func TestOpenAppend_RefusesAHardLink(t *testing.T) {
	dir := t.TempDir()
	target := filepath.Join(dir, "rc")
	if err := os.WriteFile(target, []byte("export PATH=/usr/bin\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.Chmod(target, 0o644)
	link := filepath.Join(dir, "x.log")
	if err := os.Link(target, link); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	f, err := OpenAppend(link, 0o600)
	if f != nil {
		f.Close()
	}
	if err == nil || !strings.Contains(err.Error(), link+" has 2 hard links") {
		t.Errorf("OpenAppend(hard link) = %v, want an error naming it and its links", err)
	}
	if b, _ := os.ReadFile(target); string(b) != "export PATH=/usr/bin\n" {
		t.Errorf("the linked file changed: %q", b)
	}
	if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o644 {
		t.Errorf("the linked file's mode changed to %v", fi.Mode().Perm())
	}
}
