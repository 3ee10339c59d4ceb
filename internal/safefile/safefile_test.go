package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestRead_RegularFilesOnlyAndBounded(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.json")
	os.WriteFile(ok, []byte(`{"a":1}`), 0o600)
	if b, err := Read(ok); err != nil || string(b) != `{"a":1}` {
		t.Fatalf("Read(regular) = %q, %v", b, err)
	}
	link := filepath.Join(dir, "link.json")
	os.Symlink(ok, link)
	if b, err := Read(link); err != nil || string(b) != `{"a":1}` {
		t.Errorf("Read(symlink to a regular file) = %q, %v", b, err)
	}
	if _, err := Read(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) || !strings.Contains(err.Error(), "missing") {
		t.Errorf("Read(missing) = %v, want fs.ErrNotExist naming the path", err)
	}
	big := filepath.Join(dir, "big")
	os.WriteFile(big, make([]byte, 101), 0o600)
	if _, err := ReadMax(big, 100); err == nil || !strings.Contains(err.Error(), "101 bytes, over the 100") {
		t.Errorf("ReadMax(101 bytes, 100) = %v, want a refusal", err)
	}
	cases := map[string]string{dir: "a directory"}
	addSpecialFiles(t, dir, cases)
	for path, want := range cases {
		done := make(chan error, 1)
		go func() { _, err := Read(path); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), path+" is "+want+", not a regular file") {
				t.Errorf("Read(%s) = %v, want a refusal naming %s", path, err, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("Read(%s) blocked", path)
		}
	}
}
