package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
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
	Vetted  *vetted   `json:"vetted,omitempty"`
}

// vetted is the vetter's verdict on Listing, valid while Stamp is.
type vetted struct {
	Stamp       string     `json:"stamp"`
	ServerIdent string     `json:"serverIdent"`
	Tools       []Tool     `json:"tools"`
	Withheld    []Withheld `json:"withheld,omitempty"`
}

// Key names a server's cached tool list: the hex hash of its [Identity]
// (transport, command, arguments, environment, working directory, URL,
// headers, as written). A changed launch configuration means a different
// key and so a fresh fetch.
func Key(s *config.Server) string { return identityHash(s) }

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]`)

func (c *Catalog) cachePath(server, key string) string {
	return filepath.Join(c.opts.CacheDir, unsafeName.ReplaceAllString(server, "_")+"-"+key[:16]+".json")
}

func (c *Catalog) readCache(server, key string) (*cacheFile, error) {
	if c.opts.CacheDir == "" {
		return nil, errNoCache
	}
	b, err := os.ReadFile(c.cachePath(server, key))
	if errors.Is(err, os.ErrNotExist) {
		return nil, errNoCache
	}
	if err != nil {
		return nil, err
	}
	var f cacheFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, fmt.Errorf("%s: %w", c.cachePath(server, key), err)
	}
	if f.Version != cacheVersion || f.Key != key || f.Listing == nil {
		return nil, errNoCache
	}
	return &f, nil
}

// indexEntry is what index.json keeps of a server's cache entry: enough
// for the capability index without reading the entry itself.
type indexEntry struct {
	Key         string `json:"key"`
	Stamp       string `json:"stamp"`
	ServerIdent string `json:"serverIdent"`
	Count       int    `json:"count"`
	Withheld    int    `json:"withheld"`
}

func (c *Catalog) indexPath() string { return filepath.Join(c.opts.CacheDir, "index.json") }

// readIndex reads index.json; a missing or broken one is empty.
func (c *Catalog) readIndex() map[string]indexEntry {
	idx := map[string]indexEntry{}
	if c.opts.CacheDir == "" {
		return idx
	}
	b, err := os.ReadFile(c.indexPath())
	if err != nil {
		return idx
	}
	var f struct {
		Version int                   `json:"version"`
		Servers map[string]indexEntry `json:"servers"`
	}
	if json.Unmarshal(b, &f) != nil || f.Version != cacheVersion || f.Servers == nil {
		return idx
	}
	return f.Servers
}

// writeCache persists e's listing and, when the vetter allows, its
// verdict. The entry is read under c.mu.
func (c *Catalog) writeCache(server string, e *entry) error {
	if c.opts.CacheDir == "" {
		return nil
	}
	if err := os.MkdirAll(c.opts.CacheDir, 0o700); err != nil {
		return err
	}
	c.mu.Lock()
	f := cacheFile{Version: cacheVersion, Server: server, Key: e.key, Fetched: e.fetched, Listing: e.listing}
	st := c.stamp(e.spec)
	if st != "" {
		f.Vetted = &vetted{Stamp: st, ServerIdent: c.idents[server], Tools: e.tools, Withheld: e.withheld}
	}
	b, err := json.Marshal(f)
	c.mu.Unlock()
	if err != nil {
		return err
	}
	if err := atomicfile.Write(c.cachePath(server, e.key), b, 0o600); err != nil {
		return err
	}
	// The index entry is written after the entry it describes; indexMu
	// keeps snapshots of the index in the order they are taken.
	c.indexMu.Lock()
	defer c.indexMu.Unlock()
	c.mu.Lock()
	if st != "" {
		c.index[server] = indexEntry{Key: e.key, Stamp: st, ServerIdent: c.idents[server], Count: len(f.Vetted.Tools), Withheld: len(f.Vetted.Withheld)}
	} else {
		delete(c.index, server)
	}
	ib, err := json.Marshal(struct {
		Version int                   `json:"version"`
		Servers map[string]indexEntry `json:"servers"`
	}{cacheVersion, c.index})
	c.mu.Unlock()
	if err != nil {
		return err
	}
	return atomicfile.Write(c.indexPath(), ib, 0o600)
}
