// Package allow records which project config files the user trusts.
//
// A project file (.switchboard.json in a repository) is written by
// whoever wrote the repository, not by the user. Switchboard uses one
// only after the user ran `switchboard trust FILE`, which records the
// file's absolute path and the SHA-256 of its content; any change to
// the content needs trust again (the model of direnv's allow).
//
// The store is one JSON file (see StorePath), written atomically under
// an OS file lock so that concurrent commands never lose an entry. A
// missing, empty, null or corrupt store trusts nothing and is rewritten
// by the next Trust or Revoke.
package allow

import (
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/filelock"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// StoreName is the store's file name under $XDG_STATE_HOME/switchboard.
const StoreName = "trusted-projects.json"

// StorePath is the store in the state directory stateDir
// ($XDG_STATE_HOME/switchboard).
func StorePath(stateDir string) string { return filepath.Join(stateDir, StoreName) }

// Status is what the store says about one file's current content.
type Status int

const (
	// Untrusted: the file was never trusted (or trust was revoked).
	Untrusted Status = iota
	// Changed: the file was trusted, but its content has changed since.
	Changed
	// Trusted: the file's content is the content the user trusted.
	Trusted
	// Linked: the file is a symbolic link to a file in another
	// directory. Trust is of a file where it is: a repository's
	// .switchboard.json linked to a trusted project's started that
	// project's servers in the repository, reading its files.
	Linked
)

func (s Status) String() string {
	switch s {
	case Trusted:
		return "trusted"
	case Changed:
		return "changed since it was trusted"
	case Linked:
		return "a link to a file in another directory"
	}
	return "not trusted"
}

// Entry is one trusted file.
type Entry struct {
	Path    string    `json:"path"`   // absolute, symlinks resolved
	SHA256  string    `json:"sha256"` // hex digest of the trusted content
	Trusted time.Time `json:"trusted"`
}

type store struct {
	Version int     `json:"version"`
	Files   []Entry `json:"files"`
}

// Canonical is the path under which file is recorded: absolute, cleaned,
// symlinks resolved where the file exists.
func Canonical(file string) (string, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return "", fmt.Errorf("project config %s: %w", file, err)
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r, nil
	}
	return filepath.Clean(abs), nil
}

// linkedAway reports whether file, resolved to canonical, is a link out of
// its own directory (a directory reached through links is its own).
func linkedAway(file, canonical string) bool {
	dir, err := Canonical(filepath.Dir(file))
	return err == nil && filepath.Dir(canonical) != dir
}

// Digest is the hex SHA-256 of data, as recorded in the store.
func Digest(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// Check reports whether data, the content of file as the caller read
// it, is trusted. The caller parses the same bytes it checked, so a file
// changed between the check and the read is never used.
func Check(storePath, file string, data []byte) (Status, error) {
	p, err := Canonical(file)
	if err != nil {
		return Untrusted, err
	}
	if linkedAway(file, p) {
		return Linked, nil
	}
	st, err := read(storePath)
	if err != nil {
		return Untrusted, err
	}
	i := slices.IndexFunc(st.Files, func(e Entry) bool { return e.Path == p })
	switch {
	case i < 0:
		return Untrusted, nil
	case st.Files[i].SHA256 != Digest(data):
		return Changed, nil
	}
	return Trusted, nil
}

// CheckUnder is Check for a file found under root (a project's plugin
// directory), which must resolve to a file under root resolved: Linked
// otherwise, as when a directory on the way (a repository's .switchboard)
// is a link to a trusted project's.
func CheckUnder(storePath, root, file string, data []byte) (Status, error) {
	p, err := Canonical(file)
	if err != nil {
		return Untrusted, err
	}
	r, err := Canonical(root)
	if err != nil {
		return Untrusted, err
	}
	if rel, err := filepath.Rel(r, p); err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return Linked, nil
	}
	return Check(storePath, file, data)
}

// Trust records file's current content as trusted (replacing an older
// entry for the same file) and returns the entry. The init command calls
// it for the project file it writes.
func Trust(storePath, file string) (Entry, error) {
	return trust(storePath, file, nil)
}

// TrustContent records data, the content of file as the caller read it
// and showed it for review, as trusted: a file changed since is not
// trusted by it (Check says Changed). Trust read the file again and
// recorded what it held then, so a file swapped between the review and
// the record was trusted unseen; trust and plugins trust said "changed
// while it was being trusted; run it again" with the swapped content
// already trusted.
func TrustContent(storePath, file string, data []byte) (Entry, error) {
	if data == nil {
		data = []byte{}
	}
	return trust(storePath, file, data)
}

// trust is Trust of data, or of the file's content now when data is nil.
func trust(storePath, file string, data []byte) (Entry, error) {
	p, err := Canonical(file)
	if err != nil {
		return Entry{}, err
	}
	if linkedAway(file, p) {
		return Entry{}, fmt.Errorf("%s is a link to %s: a file is trusted only where it is (trust that one there, or copy it here)", file, p)
	}
	if data == nil {
		if data, err = safefile.Read(p); err != nil {
			return Entry{}, fmt.Errorf("trusting project config: %w", err)
		}
	}
	ent := Entry{Path: p, SHA256: Digest(data), Trusted: time.Now().UTC().Truncate(time.Second)}
	err = update(storePath, func(st *store) bool {
		st.Files = slices.DeleteFunc(st.Files, func(e Entry) bool { return e.Path == p })
		st.Files = append(st.Files, ent)
		return true
	})
	return ent, err
}

// Revoke removes file from the store. It reports whether it was there.
func Revoke(storePath, file string) (bool, error) {
	p, err := Canonical(file)
	if err != nil {
		return false, err
	}
	var found bool
	err = update(storePath, func(st *store) bool {
		n := len(st.Files)
		st.Files = slices.DeleteFunc(st.Files, func(e Entry) bool { return e.Path == p })
		found = len(st.Files) != n
		return found
	})
	return found, err
}

// List returns the trusted files, sorted by path.
func List(storePath string) ([]Entry, error) {
	st, err := read(storePath)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(st.Files, func(a, b Entry) int { return cmp.Compare(a.Path, b.Path) })
	return st.Files, nil
}

// read loads the store; a missing or corrupt one is empty.
func read(storePath string) (*store, error) {
	b, err := safefile.Read(storePath) // a FIFO would hang every session start
	if errors.Is(err, os.ErrNotExist) {
		return &store{Version: 1}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading trusted projects %s: %w", storePath, err)
	}
	var st store
	if json.Unmarshal(b, &st) != nil {
		return &store{Version: 1}, nil // corrupt: trusts nothing, rewritten on the next change
	}
	st.Version = 1
	st.Files = slices.DeleteFunc(st.Files, func(e Entry) bool { return e.Path == "" || !filepath.IsAbs(e.Path) || e.SHA256 == "" })
	return &st, nil
}

// update applies fn to the store under the lock and writes it back
// atomically when fn reports a change.
func update(storePath string, fn func(*store) bool) error {
	return filelock.With(storePath, func() error {
		st, err := read(storePath)
		if err != nil {
			return err
		}
		if !fn(st) {
			return nil
		}
		b, err := json.MarshalIndent(st, "", "  ")
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(storePath), 0o700); err != nil {
			return fmt.Errorf("writing trusted projects: %w", err)
		}
		if err := atomicfile.WriteOwn(storePath, append(b, '\n'), 0o600); err != nil {
			return fmt.Errorf("writing trusted projects %s: %w", storePath, err)
		}
		return nil
	})
}

// OwnerNote is what is said of file when another account owns it or its
// directory (see OtherOwner): "the file is owned by uid 65534 (nobody),
// not by you (uid 0 (root)): that account can write what it starts", or
// "".
func OwnerNote(file string, ours ...int) string {
	who, what := OtherOwner(file, ours...)
	if who == "" {
		return ""
	}
	return fmt.Sprintf("%s is owned by %s, not by you (%s): that account can write what it starts", what, who, Me())
}

// OtherOwnerFlag is the flag `switchboard trust` needs to trust a file
// another account owns (see OtherOwner).
const OtherOwnerFlag = "--other-owner"
