//go:build unix

package atomicfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// Round one hundred and three: `switchboard init`, run as a user, replaced
// a ~/.claude.json owned by root, mode 0644, which the user may not write:
// the rename in the user's home succeeded, and the file became the
// user's. CheckReplaceable, which init and add ask before writing, says
// whose it is and how to make it the user's.
func TestCheckReplaceable_AnotherUsersFileWeMayNotWrite(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("only root can give a file to another user")
	}
	p := filepath.Join(t.TempDir(), "claude.json")
	if err := os.WriteFile(p, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(p, 4321, 4321); err != nil {
		t.Fatal(err)
	}
	defer func(a func(string, uint32) error) { access = a }(access)
	access = func(string, uint32) error { return syscall.EACCES } // as a user other than 4321 is told
	err := CheckReplaceable(p)
	if err == nil || !errors.Is(err, ErrNotReplaceable) || !strings.Contains(err.Error(), p+" cannot be replaced: it is owned by uid 4321, not by you, and you may not write it (mode 0644): make it yours (sudo chown ") {
		t.Fatalf("CheckReplaceable = %v", err)
	}
	access = func(string, uint32) error { return nil } // one we may write (a group's)
	if err := CheckReplaceable(p); err != nil {
		t.Fatalf("CheckReplaceable of a file we may write = %v", err)
	}
}

func TestShellArg(t *testing.T) {
	for in, want := range map[string]string{"/h/.claude.json": "/h/.claude.json", "/h/my dir/x": "'/h/my dir/x'", "/h/it's": `'/h/it'\''s'`} {
		if got := shellArg(in); got != want {
			t.Errorf("shellArg(%q) = %s, want %s", in, got, want)
		}
	}
}

// Round one hundred and three: with the config's directory read-only (its
// file writable), `switchboard add` said "writing …/config.json: write
// …/config.json: permission denied", and a backup directory the same,
// naming neither the directory nor the fix.
func TestWrite_ADirectoryThatTakesNoNewFileIsNamedWithItsFix(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "my cfg")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	err := noNewFile(dir, &os.PathError{Op: "open", Path: filepath.Join(dir, ".config.json.tmp-1"), Err: syscall.EACCES})
	if err == nil || !errors.Is(err, os.ErrPermission) || !strings.Contains(err.Error(), "no new file can be made in "+dir+" (permission denied)") || !strings.Contains(err.Error(), "make it writable (chmod u+w '"+dir+"')") {
		t.Errorf("noNewFile = %v", err)
	}
	if os.Geteuid() == 0 {
		return // root makes files in any directory
	}
	p := filepath.Join(dir, "config.json")
	if err := os.WriteFile(p, []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o500)
	defer os.Chmod(dir, 0o700)
	err = Write(p, []byte("{ }"), 0o600)
	if err == nil || !strings.Contains(err.Error(), "write "+p+": no new file can be made in "+dir) || !strings.Contains(err.Error(), "chmod u+w") {
		t.Errorf("Write = %v", err)
	}
}
