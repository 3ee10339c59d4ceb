package catalog

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/filelock"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
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
	// Dropped are the tools earlier listings had and Listing does not.
	Dropped []Dropped `json:"dropped,omitempty"`
}

// vetted is the vetter's verdict on Listing, valid while Stamp is.
type vetted struct {
	Stamp       string     `json:"stamp"`
	ServerIdent string     `json:"serverIdent"`
	Tools       []Tool     `json:"tools"`
	Withheld    []Withheld `json:"withheld,omitempty"`
	// Instructions are the server's instructions as vetted, with the
	// vetter's note on them.
	Instructions     string `json:"instructions,omitempty"`
	InstructionsNote string `json:"instructionsNote,omitempty"`
}

// Key names a server's cached tool list: the hex hash of its [Identity]
// (transport, command, arguments, environment, working directory, URL,
// headers, as written). A changed launch configuration means a different
// key and so a fresh fetch.
func Key(s *config.Server) string { return identityHash(s) }

var unsafeName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[^A-Za-z0-9._-]`) })

// cachePath is server's cache file: its name made safe and cut to 64
// bytes (the key tells servers apart; a 300-byte name made a file name
// over the 255 bytes a file system allows, and every run warned that it
// could not write the cache), then the key.
func (c *Catalog) cachePath(server, key string) string {
	safe := unsafeName().ReplaceAllString(server, "_")
	if len(safe) > 64 {
		safe = safe[:64]
	}
	return filepath.Join(c.opts.CacheDir, safe+"-"+key[:16]+".json")
}

func (c *Catalog) readCache(server, key string) (*cacheFile, error) {
	if c.opts.CacheDir == "" {
		return nil, errNoCache
	}
	b, err := safefile.ReadMax(c.cachePath(server, key), maxCacheFile)
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
	rawSchemas(b, f.Listing.Tools)
	// null entries count as absent: the list drops them, and a verdict
	// holding one is not kept.
	f.Listing.Tools = slices.DeleteFunc(f.Listing.Tools, func(t *mcp.Tool) bool { return t == nil })
	if f.Vetted != nil && (f.Vetted.Tools == nil || slices.ContainsFunc(f.Vetted.Tools, func(t Tool) bool { return t.Name == "" && t.Server == "" })) {
		f.Vetted = nil
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
	// InstructionsNote is the vetter's note on the server's instructions.
	InstructionsNote string `json:"instructionsNote,omitempty"`
	// Summary is Options.Summarize's summary of the visible tools and
	// the vetted instructions.
	Summary string `json:"summary,omitempty"`
}

// maxCacheFile bounds what is read of a cache file (the index, a
// server's listing, the inspect cache): far above a listing of 10,000
// tools. The files are read as regular files only (safefile): a FIFO in
// their place hung every command for ever, deaf to SIGTERM, and a link
// to /dev/zero was read until memory ran out; such a file counts as
// absent, as a corrupt one does.
const maxCacheFile = 256 << 20

func (c *Catalog) indexPath() string { return filepath.Join(c.opts.CacheDir, "index.json") }

// readIndex reads index.json; a missing or broken one is empty.
func (c *Catalog) readIndex() map[string]indexEntry {
	idx := map[string]indexEntry{}
	if c.opts.CacheDir == "" {
		return idx
	}
	b, err := safefile.ReadMax(c.indexPath(), maxCacheFile)
	if err != nil {
		return idx
	}
	var f indexFile
	if json.Unmarshal(b, &f) != nil || f.Version != cacheVersion || f.Servers == nil {
		return idx
	}
	return f.Servers
}

type indexFile struct {
	Version int                   `json:"version"`
	Servers map[string]indexEntry `json:"servers"`
}

// writeCache persists e's listing and, when the vetter allows, its
// verdict, then its line of index.json; failures are logged (the cache
// is only a cache). The cache file and the index are each written under
// their OS file lock; the index is re-read inside the lock and only this
// server's line replaced, so processes sharing the cache lose nothing. A
// snapshot older than one already written is dropped.
func (c *Catalog) writeCache(e *entry) {
	if c.opts.CacheDir == "" {
		return
	}
	// Said once until a write works again: on a full or read-only disk
	// every server's every list change failed, each a warning.
	if err := c.writeEntry(e); err != nil {
		if !c.cacheFailing.Swap(true) {
			c.opts.Logger.Warn("writing catalog cache; tool lists are not cached until it can be written (said once)", append(c.specAttrs(e.spec), "err", err)...)
		}
	} else if c.cacheFailing.Swap(false) {
		c.opts.Logger.Info("writing catalog cache again", c.specAttrs(e.spec)...)
	}
}

func (c *Catalog) writeEntry(e *entry) error {
	e.writeMu.Lock()
	defer e.writeMu.Unlock()
	var (
		f   cacheFile
		gen uint64
		ie  *indexEntry
		v   *verdict // what the file will hold, for Shared
	)
	path := c.cachePath(e.name, e.key)
	err := func() error {
		e.mu.Lock()
		defer e.mu.Unlock()
		if e.listing == nil || e.gen <= e.written {
			return errNoCache
		}
		gen = e.gen
		v = &verdict{key: sharedKey(e), listing: e.listing, ident: c.idents[e.name], stamp: e.stamp}
		if c.opts.Shared.wrote(path, v) {
			// Another session's catalog wrote this listing and verdict.
			e.written = gen
			return errNoCache
		}
		f = cacheFile{Version: cacheVersion, Server: e.name, Key: e.key, Fetched: e.fetched, Listing: e.listing, Dropped: e.dropped}
		if e.stamp != "" {
			f.Vetted = &vetted{Stamp: e.stamp, ServerIdent: c.idents[e.name], Tools: e.tools, Withheld: e.withheld,
				Instructions: e.instructions, InstructionsNote: e.instrNote}
			ie = &indexEntry{Key: e.key, Stamp: e.stamp, ServerIdent: c.idents[e.name], Count: len(e.tools), Withheld: len(e.withheld), InstructionsNote: e.instrNote}
			if c.opts.Summarize != nil {
				ie.Summary = c.opts.Summarize(Summarized{Server: e.name, Spec: e.spec, Tools: e.tools, Instructions: e.instructions,
					Resources: len(e.listing.Resources), Templates: len(e.listing.ResourceTemplates), Prompts: len(e.listing.Prompts)})
			}
		}
		return nil
	}()
	if errors.Is(err, errNoCache) {
		return nil
	}
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(c.opts.CacheDir, 0o700); err != nil {
		return err
	}
	c.opts.Shared.wroteFile(path, nil) // until it is written
	if err := filelock.With(path, func() error { return atomicfile.WriteCache(path, b, 0o600) }); err != nil {
		return err
	}
	e.written = gen
	// The index entry is written after the entry it describes.
	c.indexMu.Lock()
	defer c.indexMu.Unlock()
	return filelock.With(c.indexPath(), func() error {
		idx := c.readIndex()
		if ie != nil {
			idx[e.name] = *ie
		} else {
			delete(idx, e.name)
		}
		c.index = idx
		ib, err := json.Marshal(indexFile{cacheVersion, idx})
		if err != nil {
			return err
		}
		if err := atomicfile.WriteCache(c.indexPath(), ib, 0o600); err != nil {
			return err
		}
		if ie != nil { // the file and its index entry both hold v
			c.opts.Shared.wroteFile(path, v)
		}
		return nil
	})
}

// rawSchemas puts the tool schemas of a cache file back on its decoded
// tools as json.RawMessage: decoding into mcp.Tool makes them maps, which
// lose the order of properties that declarations keep.
func rawSchemas(file []byte, tools []*mcp.Tool) {
	var raw struct {
		Listing struct {
			Tools []*struct {
				InputSchema  json.RawMessage `json:"inputSchema"`
				OutputSchema json.RawMessage `json:"outputSchema"`
			} `json:"tools"`
		} `json:"listing"`
	}
	if json.Unmarshal(file, &raw) != nil || len(raw.Listing.Tools) != len(tools) {
		return
	}
	for i, t := range tools {
		r := raw.Listing.Tools[i]
		if t == nil || r == nil {
			continue
		}
		if t.InputSchema != nil {
			t.InputSchema = r.InputSchema
		}
		if t.OutputSchema != nil {
			t.OutputSchema = r.OutputSchema
		}
	}
}
