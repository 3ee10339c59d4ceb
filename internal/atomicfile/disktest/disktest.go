//go:build linux

// Package disktest gives tests a disk that fails: a small tmpfs that
// can be filled (ENOSPC) or made read-only (EROFS), mounted in a mount
// namespace of the test's own so that nothing outside sees it.
//
// A test calls Tmpfs first. In the test process Tmpfs runs the same
// test again in a child process under `unshare -m` and reports its
// outcome (its output logged, a failure failing the test), returning
// ok false: the caller returns at once. In the child Tmpfs mounts the
// tmpfs and returns its directory with ok true, and the test does its
// work there. Tests skip, saying why, when not run as root, when
// unshare is not installed, or when the child cannot mount (a container
// without CAP_SYS_ADMIN).
package disktest

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// envChild names the test that the child process runs.
const envChild = "SWITCHBOARD_DISKTEST"

// skipMark starts the line a child prints when it cannot mount, and
// runMark the line it prints once it runs the test in its tmpfs.
const (
	skipMark = "disktest: skip: "
	runMark  = "disktest: running in a tmpfs\n"
)

// Tmpfs returns a directory on a new tmpfs of size bytes in a mount
// namespace of the test's own (see the package comment): ok is true in
// the child, where the test goes on, and false in the parent, which has
// reported the child's outcome. The tmpfs is unmounted when the test
// ends.
func Tmpfs(t *testing.T, size int) (dir string, ok bool) {
	t.Helper()
	return tmpfs(t, "size="+strconv.Itoa(size)+",mode=0700")
}

// TmpfsInodes is Tmpfs with room for at most inodes files and
// directories (its root included): FillInodes then leaves blocks free
// and no inode, as a disk of many small files does.
func TmpfsInodes(t *testing.T, size, inodes int) (dir string, ok bool) {
	t.Helper()
	return tmpfs(t, "size="+strconv.Itoa(size)+",nr_inodes="+strconv.Itoa(inodes)+",mode=0700")
}

func tmpfs(t *testing.T, options string) (dir string, ok bool) {
	t.Helper()
	if os.Getenv(envChild) == t.Name() {
		dir = t.TempDir()
		if err := syscall.Mount("tmpfs", dir, "tmpfs", 0, options); err != nil {
			os.Stdout.WriteString(skipMark + "mount tmpfs: " + err.Error() + "\n")
			t.SkipNow()
		}
		t.Cleanup(func() { syscall.Unmount(dir, syscall.MNT_DETACH) })
		os.Stdout.WriteString(runMark)
		return dir, true
	}
	if os.Geteuid() != 0 {
		t.Skip("disktest: needs root to mount a tmpfs (CI runs as root)")
	}
	unshare, err := exec.LookPath("unshare")
	if err != nil {
		t.Skip("disktest: unshare is not installed: no mount namespace for a tmpfs")
	}
	parts := strings.Split(t.Name(), "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	cmd := exec.Command(unshare, "-m", "--propagation", "private", os.Args[0],
		"-test.run="+strings.Join(parts, "/"), "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), envChild+"="+t.Name())
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err = cmd.Run()
	text := out.String()
	if i := strings.Index(text, skipMark); i >= 0 {
		reason, _, _ := strings.Cut(text[i+len(skipMark):], "\n")
		t.Skip("disktest: " + reason)
	}
	ran := strings.Contains(text, runMark)
	if err != nil && !ran {
		// unshare itself failed (no privilege for a namespace): no test ran.
		t.Skipf("disktest: unshare -m: %v: %s", err, strings.TrimSpace(text))
	}
	if err != nil {
		t.Fatalf("in its mount namespace: %v\n%s", err, text)
	}
	if !ran {
		t.Fatalf("in its mount namespace the test did not run:\n%s", text)
	}
	t.Log(text)
	return "", false
}

// Fill writes a file into dir until the file system holding it is full,
// and returns its path: removing it frees the space.
func Fill(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "disktest-fill")
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 4096)
	for {
		if _, err := f.Write(buf); err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling %s: %v", dir, err)
			}
			break
		}
	}
	// A byte at a time: the last page's room too.
	for {
		if _, err := f.Write(buf[:1]); err != nil {
			break
		}
	}
	return p
}

// FillInodes makes empty files in dir until the file system holding it
// has no inode left, and returns their directory: removing it frees them.
func FillInodes(t *testing.T, dir string) string {
	t.Helper()
	d := filepath.Join(dir, "disktest-inodes")
	if err := os.Mkdir(d, 0o700); err != nil {
		t.Fatal(err)
	}
	for i := 0; ; i++ {
		f, err := os.Create(filepath.Join(d, strconv.Itoa(i)))
		if err != nil {
			if !errors.Is(err, syscall.ENOSPC) {
				t.Fatalf("filling %s with files: %v", dir, err)
			}
			return d
		}
		f.Close()
	}
}

// ReadOnly remounts the tmpfs at dir read-only (ro true) or writable.
func ReadOnly(t *testing.T, dir string, ro bool) {
	t.Helper()
	flags := uintptr(syscall.MS_REMOUNT)
	if ro {
		flags |= syscall.MS_RDONLY
	}
	if err := syscall.Mount("", dir, "", flags, ""); err != nil {
		t.Fatalf("remounting %s (read-only %v): %v", dir, ro, err)
	}
}
