// Package oauth keeps the OAuth sign-ins of remote backends: one file per
// server identity (the server's name and its URL's origin) under
// $XDG_STATE_HOME/switchboard/oauth/, mode 0600 in a 0700 directory,
// written atomically under a file lock so that several Switchboard
// processes refreshing one token do not lose each other's writes.
//
// The package only stores; the OAuth flow itself is the Go MCP SDK's
// (see internal/backend). Nothing here prints or logs a token: the
// errors name files and servers, never contents.
package oauth

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/filelock"
)

// maxRecord bounds a record file: a few kB are written; write refuses a
// record over it, which load would refuse.
const maxRecord = 1 << 20

// DirName is the store's directory under the state directory
// ($XDG_STATE_HOME/switchboard).
const DirName = "oauth"

// Dir is the store directory for an environment: $XDG_STATE_HOME
// (when absolute), else $HOME/.local/state, then switchboard/oauth.
func Dir(getenv func(string) string) string {
	if d := getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "switchboard", DirName)
	}
	return filepath.Join(getenv("HOME"), ".local", "state", "switchboard", DirName)
}

// Record is one server's sign-in: the client we registered (or were
// given) at its authorization server, the endpoints, and the token.
type Record struct {
	Server string `json:"server"` // the configured name
	Origin string `json:"origin"` // scheme://host:port of the server's URL

	ClientID     string   `json:"clientId"`
	ClientSecret string   `json:"clientSecret,omitempty"`
	AuthURL      string   `json:"authUrl"`
	TokenURL     string   `json:"tokenUrl"`
	AuthStyle    int      `json:"authStyle,omitempty"` // golang.org/x/oauth2 AuthStyle
	Scopes       []string `json:"scopes,omitempty"`
	RedirectURL  string   `json:"redirectUrl,omitempty"`

	AccessToken  string    `json:"accessToken"`
	TokenType    string    `json:"tokenType,omitempty"`
	RefreshToken string    `json:"refreshToken,omitempty"`
	Expiry       time.Time `json:"expiry,omitzero"`

	Saved time.Time `json:"saved,omitzero"`
}

// Store is the directory of records. The zero Store is unusable; Dir
// must be set. Methods are safe for concurrent use, also across
// processes (each write takes the file's lock).
type Store struct {
	Dir string
}

// Origin is rawURL's scheme, host and port (the default port made
// explicit), lowercased; "" when rawURL is not an absolute URL.
func Origin(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" {
		return ""
	}
	scheme := strings.ToLower(u.Scheme)
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + net.JoinHostPort(host, port)
}

// Path is the file of server at rawURL: the name (made safe for a file
// name) and a hash of name and origin, so that a server renamed or moved
// to another origin does not use the old sign-in.
func (s *Store) Path(server, rawURL string) string {
	sum := sha256.Sum256([]byte(server + "\x00" + Origin(rawURL)))
	safe := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_' || r == '.' {
			return r
		}
		return '_'
	}, server)
	if len(safe) > 64 {
		safe = safe[:64]
	}
	return filepath.Join(s.Dir, safe+"-"+hex.EncodeToString(sum[:8])+".json")
}

// Load returns the record of server at rawURL, or nil (and no error)
// when it has none. A record naming another server or origin (a hash
// collision, a hand-edited file) is treated as none.
func (s *Store) Load(server, rawURL string) (*Record, error) {
	return s.load(server, rawURL)
}

func (s *Store) load(server, rawURL string) (*Record, error) {
	p := s.Path(server, rawURL)
	fi, err := os.Lstat(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("reading the sign-in of %q: %w", server, err)
	}
	switch {
	case fi.Mode()&fs.ModeSymlink != 0:
		// Not followed: a link could point the tokens anywhere.
		return nil, fmt.Errorf("reading the sign-in of %q: %s is a symbolic link, not a file switchboard wrote: delete it and run `switchboard login %s`", server, p, server)
	case !fi.Mode().IsRegular():
		return nil, fmt.Errorf("reading the sign-in of %q: %s is not a regular file: delete it and run `switchboard login %s`", server, p, server)
	case fi.Mode().Perm()&0o077 != 0 && runtime.GOOS != "windows":
		return nil, fmt.Errorf("reading the sign-in of %q: %s can be read or written by others (mode %04o): run `chmod 600 %s`, or `switchboard login %s` for new tokens if others may have read them", server, p, fi.Mode().Perm(), p, server)
	case fi.Size() > maxRecord:
		return nil, fmt.Errorf("reading the sign-in of %q: %s is %d bytes, not a record switchboard wrote: delete it and run `switchboard login %s`", server, p, fi.Size(), server)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		return nil, fmt.Errorf("reading the sign-in of %q: %w", server, err)
	}
	var r Record
	if err := json.Unmarshal(b, &r); err != nil {
		// The error of encoding/json may quote the content: leave it out.
		return nil, fmt.Errorf("reading the sign-in of %q: %s is not valid JSON: delete it or run `switchboard login %s`", server, p, server)
	}
	if r.Server != server || r.Origin != Origin(rawURL) || r.AccessToken == "" {
		return nil, nil
	}
	return &r, nil
}

// Save writes r as the record of r.Server at rawURL (r.Origin is set
// from it), mode 0600, replacing any older one atomically.
func (s *Store) Save(rawURL string, r *Record) error {
	return s.Update(context.Background(), r.Server, rawURL, func(*Record) (*Record, error) { return r, nil })
}

// ErrBusy is wrapped by Update's error when ctx ended while another
// process held the record's lock (refreshing the same sign-in); the
// error names the lock file.
var ErrBusy = filelock.ErrWaitEnded

// Update runs fn with the current record of server at rawURL (nil for
// none, also when the file is unreadable) while holding its lock, so that
// no other process writes it in between, and saves what fn returns
// (nothing when fn returns nil or an error, which Update returns). The
// wait for the lock ends with ctx (ErrBusy) or after filelock.DefaultWait.
func (s *Store) Update(ctx context.Context, server, rawURL string, fn func(cur *Record) (*Record, error)) error {
	p := s.Path(server, rawURL)
	if err := s.mkdir(server); err != nil {
		return err
	}
	return filelock.WithContext(ctx, p, func() error {
		cur, err := s.load(server, rawURL)
		if err != nil {
			cur = nil // unreadable: what fn returns replaces it
		}
		r, err := fn(cur)
		if err != nil || r == nil {
			return err
		}
		c := *r
		c.Server = server
		return s.write(rawURL, &c)
	})
}

// mkdir makes the store directory, mode 0700, and makes one that exists
// with a wider mode (made by hand, or by an older switchboard under a
// loose umask) 0700: others could list whose sign-ins it holds and,
// when they may write it, delete or replace them.
func (s *Store) mkdir(server string) error {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return fmt.Errorf("saving the sign-in of %q: %w", server, err)
	}
	fi, err := os.Lstat(s.Dir)
	if err != nil || runtime.GOOS == "windows" || fi.Mode().Perm()&0o077 == 0 {
		return nil
	}
	if !fi.IsDir() {
		return fmt.Errorf("saving the sign-in of %q: %s is not a directory: delete it and run `switchboard login %s`", server, s.Dir, server)
	}
	if err := os.Chmod(s.Dir, 0o700); err != nil {
		return fmt.Errorf("saving the sign-in of %q: %s can be reached by others (mode %04o) and cannot be made private: %w (run `chmod 700 %s`)", server, s.Dir, fi.Mode().Perm(), err, s.Dir)
	}
	return nil
}

// write saves r; the caller holds the lock.
func (s *Store) write(rawURL string, r *Record) error {
	c := *r
	c.Origin = Origin(rawURL)
	c.Saved = time.Now().UTC()
	b, err := json.MarshalIndent(&c, "", "  ")
	if err != nil {
		return fmt.Errorf("saving the sign-in of %q: %w", r.Server, err)
	}
	p := s.Path(r.Server, rawURL)
	if len(b)+1 > maxRecord {
		// Written, it would be refused by every read (load), and would
		// have replaced the record before it: an authorization server's
		// answer may be up to 1 MiB, and JSON escapes some bytes as six.
		return fmt.Errorf("saving the sign-in of %q: its tokens (%d bytes) make a record of %d bytes, over the %d the store reads; not stored, the sign-in before it kept (its authorization server issued tokens far larger than any other: tell its operator)",
			r.Server, len(r.AccessToken)+len(r.RefreshToken), len(b)+1, maxRecord)
	}
	if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		// The new sign-in replaces the link, never the file it names.
		if err := os.Remove(p); err != nil {
			return fmt.Errorf("saving the sign-in of %q: %s is a symbolic link that cannot be removed: %w", r.Server, p, err)
		}
	}
	if err := atomicfile.WriteOwn(p, append(b, '\n'), 0o600); err != nil {
		return fmt.Errorf("saving the sign-in of %q to %s: %w", r.Server, p, err)
	}
	return nil
}

// Delete removes the record of server at rawURL; it reports whether
// there was one.
func (s *Store) Delete(server, rawURL string) (bool, error) {
	p := s.Path(server, rawURL)
	var existed bool
	err := filelock.With(p, func() error {
		err := os.Remove(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil
		}
		existed = err == nil
		return err
	})
	if err != nil {
		return existed, fmt.Errorf("deleting the sign-in of %q (%s): %w", server, p, err)
	}
	return existed, nil
}
