package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

func TestWrite_ReplacesContentAndMode(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f.json")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := Write(p, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(p)
	st, _ := os.Stat(p)
	if string(b) != "new" || st.Mode().Perm() != 0o600 {
		t.Errorf("content %q mode %v", b, st.Mode().Perm())
	}
	left, _ := filepath.Glob(filepath.Join(dir, ".*tmp*"))
	if len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

func TestWrite_FollowsSymlink(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "link.json")
	os.WriteFile(real, []byte("old"), 0o600)
	if err := os.Symlink(real, link); err != nil {
		t.Fatal(err)
	}
	if err := Write(link, []byte("new"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if b, _ := os.ReadFile(real); string(b) != "new" {
		t.Errorf("target = %q", b)
	}
}

func TestWrite_MissingDirectoryFailsCleanly(t *testing.T) {
	if err := Write(filepath.Join(t.TempDir(), "no", "such", "f"), []byte("x"), 0o600); err == nil {
		t.Fatal("write into a missing directory succeeded")
	}
}

// WriteOwn replaces a symbolic link at its path instead of writing
// through it: the file the link points to is untouched.
func TestWriteOwn_ReplacesALinkAndLeavesItsTarget(t *testing.T) {
	for name, write := range map[string]func(string, []byte, os.FileMode) error{"WriteOwn": WriteOwn, "WriteCache": WriteCache} {
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			target := filepath.Join(dir, "elsewhere")
			if err := os.WriteFile(target, []byte("precious"), 0o600); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, "cache.json")
			if err := os.Symlink(target, path); err != nil {
				t.Skipf("no symlinks here: %v", err)
			}
			if err := write(path, []byte("{}"), 0o600); err != nil {
				t.Fatal(err)
			}
			if b, _ := os.ReadFile(target); string(b) != "precious" {
				t.Errorf("the link's target = %q, want it untouched", b)
			}
			fi, err := os.Lstat(path)
			if err != nil || fi.Mode()&os.ModeSymlink != 0 {
				t.Fatalf("path after %s: %v, %v; want a regular file", name, fi, err)
			}
			if b, _ := os.ReadFile(path); string(b) != "{}" {
				t.Errorf("path = %q, want {}", b)
			}
			if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
				t.Errorf("mode = %v, want 0600", fi.Mode().Perm())
			}
			if m, _ := filepath.Glob(filepath.Join(dir, ".cache.json.tmp-*")); len(m) != 0 {
				t.Errorf("temporary files left: %v", m)
			}
		})
	}
}

// WriteIf writes nothing, and leaves no temporary file, when its check
// fails; the check runs once the new content is on disk.
func TestWriteIf_WritesNothingWhenTheCheckFails(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "f")
	if err := os.WriteFile(p, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	stop := errors.New("changed")
	err := WriteIf(p, []byte("new"), 0o644, func() error {
		ents, _ := os.ReadDir(dir)
		if len(ents) != 2 {
			t.Errorf("at the check, %d entries in the directory, want the file and the temporary file", len(ents))
		}
		return stop
	})
	if err != stop {
		t.Errorf("err = %v, want the check's", err)
	}
	if b, _ := os.ReadFile(p); string(b) != "old" {
		t.Errorf("content %q, want old", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("%d entries left, want the file alone", len(ents))
	}
	if err := WriteIf(p, []byte("new"), 0o644, func() error { return nil }); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Errorf("content %q, want new", b)
	}
}
