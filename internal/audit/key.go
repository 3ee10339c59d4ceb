package audit

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// KeyFile is the name, in the log's directory, of the key the arguments'
// digests are made with (see ArgsDigest).
const KeyFile = "audit.key"

// keyLen is the key's length in bytes.
const keyLen = 32

// loadKey returns the key at path, making it (keyLen random bytes, mode
// 0600) when there is none. Processes that make it at once agree on one:
// each writes its own to a file of its own and links that into place, and
// one whose link finds a key there reads that one. A key that is not a
// regular file of keyLen bytes (a symbolic link, a FIFO, a truncated
// write) is an error naming the file and what to do.
func loadKey(path string) ([]byte, error) {
	for range 3 {
		key, err := readKey(path)
		if !errors.Is(err, fs.ErrNotExist) {
			return key, err
		}
		key = make([]byte, keyLen)
		if _, err := rand.Read(key); err != nil {
			return nil, fmt.Errorf("making the audit key: %w", err)
		}
		tmp, err := writeTemp(path, key)
		if err != nil {
			return nil, fmt.Errorf("making the audit key %s: %w", path, err)
		}
		err = os.Link(tmp, path)
		os.Remove(tmp)
		if err == nil {
			return key, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("making the audit key %s: %w", path, err)
		}
		// Another process made it first: read that one.
	}
	return nil, fmt.Errorf("making the audit key %s: it keeps appearing and going", path)
}

// writeTemp writes b to a new file, mode 0600, next to path and returns
// its name.
func writeTemp(path string, b []byte) (string, error) {
	f, err := os.CreateTemp(filepath.Dir(path), filepath.Base(path)+".tmp*")
	if err != nil {
		return "", err
	}
	_, err = f.Write(b)
	if err == nil {
		err = f.Chmod(0o600)
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(f.Name())
		return "", err
	}
	return f.Name(), nil
}

// readKey reads the key at path: a regular file (not a link to one) of
// keyLen bytes, made mode 0600 if it was looser.
func readKey(path string) ([]byte, error) {
	li, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	bad := func(why string) error {
		return fmt.Errorf("audit key %s %s: remove it and a new key is made (digests in older audit lines then no longer match new ones)", path, why)
	}
	if !li.Mode().IsRegular() {
		return nil, bad("is not a regular file (" + li.Mode().Type().String() + ")")
	}
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("reading the audit key: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("reading the audit key: %w", err)
	}
	if !os.SameFile(li, fi) {
		return nil, bad("changed while it was opened")
	}
	if fi.Size() != keyLen {
		return nil, bad(fmt.Sprintf("has %d bytes, not %d", fi.Size(), keyLen))
	}
	if fi.Mode().Perm() != 0o600 {
		if err := f.Chmod(0o600); err != nil {
			return nil, fmt.Errorf("audit key %s: %w", path, err)
		}
	}
	key := make([]byte, keyLen)
	if _, err := io.ReadFull(f, key); err != nil {
		return nil, fmt.Errorf("reading the audit key %s: %w", path, err)
	}
	return key, nil
}

// keyPath is the key file next to the log at logPath.
func keyPath(logPath string) string { return filepath.Join(filepath.Dir(logPath), KeyFile) }
