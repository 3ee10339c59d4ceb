package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// cacheVersion changes when the cache format does; older files are ignored.
const cacheVersion = 1

var errNoCache = errors.New("no cache entry")

type cacheFile struct {
	Version int       `json:"version"`
	Server  string    `json:"server"`
	Key     string    `json:"key"`
	Fetched time.Time `json:"fetched"`
	Listing *Listing  `json:"listing"`
}

// Key is a hash of a server's launch configuration (transport, command,
// arguments, environment, working directory, URL, headers, as written).
// A changed configuration means a different key and so a fresh fetch.
func Key(s *config.Server) string {
	b, _ := json.Marshal(struct {
		Type, Command, Cwd, URL string
		Args                    []string
		Env, Headers            map[string]string
	}{s.Type, s.Command, s.Cwd, s.URL, s.Args, s.Env, s.Headers})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]`)

func (c *Catalog) cachePath(server, key string) string {
	return filepath.Join(c.opts.CacheDir, unsafeName.ReplaceAllString(server, "_")+"-"+key[:16]+".json")
}

func (c *Catalog) readCache(server, key string) (*Listing, time.Time, error) {
	if c.opts.CacheDir == "" {
		return nil, time.Time{}, errNoCache
	}
	b, err := os.ReadFile(c.cachePath(server, key))
	if errors.Is(err, os.ErrNotExist) {
		return nil, time.Time{}, errNoCache
	}
	if err != nil {
		return nil, time.Time{}, err
	}
	var f cacheFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, time.Time{}, fmt.Errorf("%s: %w", c.cachePath(server, key), err)
	}
	if f.Version != cacheVersion || f.Key != key || f.Listing == nil {
		return nil, time.Time{}, errNoCache
	}
	return f.Listing, f.Fetched, nil
}

func (c *Catalog) writeCache(server, key string, l *Listing, fetched time.Time) error {
	if c.opts.CacheDir == "" {
		return nil
	}
	if err := os.MkdirAll(c.opts.CacheDir, 0o700); err != nil {
		return err
	}
	b, err := json.Marshal(cacheFile{Version: cacheVersion, Server: server, Key: key, Fetched: fetched, Listing: l})
	if err != nil {
		return err
	}
	return writeFileAtomic(c.cachePath(server, key), b, 0o600)
}

// writeFileAtomic writes data to a temporary file next to path, syncs it
// and renames it over path, so readers see the old or the new content.
func writeFileAtomic(path string, data []byte, perm os.FileMode) error {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer os.Remove(tmp)
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Chmod(perm); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
