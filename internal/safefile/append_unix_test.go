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

// A symbolic or hard link in a log's place is refused, naming it: the
// lines appended went to the file it names or shares (a shell's rc file),
// and the mode narrowed was that file's. The file is left as it was.
func TestOpenAppend_RefusesALink(t *testing.T) {
	for _, tc := range []struct {
		kind string
		link func(target, link string) error
		want string // after the path in the error
	}{
		{"symbolic", os.Symlink, " is a symbolic link, not a regular file"},
		{"hard", os.Link, " has 2 hard links"},
	} {
		t.Run(tc.kind, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "rc")
			if err := os.WriteFile(target, []byte("export PATH=/usr/bin\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			os.Chmod(target, 0o644)
			link := filepath.Join(dir, "x.log")
			if err := tc.link(target, link); err != nil {
				t.Skipf("no %s links here: %v", tc.kind, err)
			}
			f, err := OpenAppend(link, 0o600)
			if f != nil {
				f.Close()
			}
			if err == nil || !strings.Contains(err.Error(), link+tc.want) {
				t.Errorf("OpenAppend(%s link) = %v, want an error holding %q", tc.kind, err, link+tc.want)
			}
			if b, _ := os.ReadFile(target); string(b) != "export PATH=/usr/bin\n" {
				t.Errorf("the linked file changed: %q", b)
			}
			if fi, _ := os.Stat(target); fi.Mode().Perm() != 0o644 {
				t.Errorf("the linked file's mode changed to %v", fi.Mode().Perm())
			}
		})
	}
}
