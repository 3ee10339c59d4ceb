package catalog

import (
	"reflect"
	"slices"
	"sync"
)

// Shared is what the catalogs of one process share: the last verdict on
// each server's listing and the last cache file each wrote. A daemon
// gives every session a catalog of its own (sessions differ in config
// and workspace), but the sessions using one backend are handed the same
// listing: each vetted it (pins, poisoning rules, the JSON of every
// schema hashed) and wrote the same cache file and index, fsync and all.
// Sixty sessions on one backend did that 3,600 times after a cold start.
// With Shared they vet a listing once per verdict and write it once.
//
// A verdict is reused only under the vetter's stamp it was made at, for
// the same server, launch key, config file and identifier, when the
// vetting itself changed nothing (the stamp was the same before and
// after): a vetting that pinned new tools or recorded held ones is made
// again by the next catalog, at the new stamp, whose verdict is then
// shared.
type Shared struct {
	mu       sync.Mutex
	verdicts map[string]*verdict // server name and sharedKey -> the last verdict
	written  map[string]*verdict // cache file -> the verdict last written there
	// tools and wroteTools count the tools the maps' verdicts hold
	// (size).
	tools, wroteTools int
}

// maxShared bounds Shared's maps (servers of configs long gone): past
// it they start afresh.
const maxShared = 4096

// maxSharedTools bounds the tools each of Shared's maps holds, listed
// and vetted: past it the map starts afresh. 4,096 verdicts alone let a
// daemon keep the listings of servers of configs long gone (each
// project's, each edit of a launch's environment) without end in bytes:
// 4,096 of a server of 500 tools are 4 million tools.
const maxSharedTools = 50000

// size is what v counts against maxSharedTools.
func (v *verdict) size() int {
	n := len(v.tools)
	if v.listing != nil {
		n += len(v.listing.Tools)
	}
	return n
}

// put sets m[k] to v (nil: deletes it), keeping *held the size of m's
// verdicts within maxShared and maxSharedTools; a verdict larger than
// maxSharedTools is not kept. s.mu held.
func put(m *map[string]*verdict, held *int, k string, v *verdict) {
	if old := (*m)[k]; old != nil {
		*held -= old.size()
		delete(*m, k)
	}
	if v == nil || v.size() > maxSharedTools {
		return // one over the bound alone is not kept (it would empty m at each put)
	}
	if *m == nil || len(*m) >= maxShared || *held+v.size() > maxSharedTools {
		*m, *held = map[string]*verdict{}, 0
	}
	(*m)[k] = v
	*held += v.size()
}

// verdict is a derived entry: the listing, the stamp it was vetted at,
// and what vetting made of it.
type verdict struct {
	// key is sharedKey's: the launch key and the config file (withheld
	// reasons name it).
	key          string
	listing      *Listing
	ident        string
	stamp        string
	tools        []Tool
	withheld     []Withheld
	offered      *Listing
	instructions string
	instrNote    string
}

// lookup returns the verdict on l kept for name and key at stamp, or nil.
func (s *Shared) lookup(name, key, ident, stamp string, l *Listing) *verdict {
	if s == nil || stamp == "" || stamp == unsettled {
		return nil
	}
	s.mu.Lock()
	v := s.verdicts[name+"\x00"+key]
	s.mu.Unlock()
	if v == nil || v.stamp != stamp || v.ident != ident || !sameListing(v.listing, l) {
		return nil
	}
	return v
}

// keep records v as the verdict on name and key.
func (s *Shared) keep(name, key string, v *verdict) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	put(&s.verdicts, &s.tools, name+"\x00"+key, v)
}

// wrote reports whether path was last written (by any catalog sharing s)
// with the verdict v: the same listing, identifier, stamp and config
// file.
func (s *Shared) wrote(path string, v *verdict) bool {
	if s == nil || v == nil {
		return false
	}
	s.mu.Lock()
	w := s.written[path]
	s.mu.Unlock()
	// The same config file too: the file of a server that a project's
	// config and the user's define alike held the reasons naming the
	// one whose catalog wrote first, and a start of the other's session
	// read them.
	return w != nil && w.key == v.key && w.stamp == v.stamp && w.ident == v.ident && sameListing(w.listing, v.listing)
}

// wroteFile records that path now holds v (nil: something else).
func (s *Shared) wroteFile(path string, v *verdict) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	put(&s.written, &s.wroteTools, path, v)
}

// sameListing reports whether a and b list the same: a backend's listing
// handed to several catalogs (the pool shares one) holds the same
// pointers; the backends of one server in two workspaces list equal
// tools.
func sameListing(a, b *Listing) bool {
	if a == b {
		return true
	}
	if a == nil || b == nil {
		return false
	}
	return a.ProtocolVersion == b.ProtocolVersion && a.ServerName == b.ServerName && a.ServerVersion == b.ServerVersion &&
		a.Instructions == b.Instructions && a.Cut == b.Cut &&
		sameItems(a.Tools, b.Tools) && sameItems(a.Resources, b.Resources) &&
		sameItems(a.ResourceTemplates, b.ResourceTemplates) && sameItems(a.Prompts, b.Prompts) &&
		slices.Equal(a.Malformed, b.Malformed) &&
		(a.Resources == nil) == (b.Resources == nil) && (a.Prompts == nil) == (b.Prompts == nil) &&
		(a.ResourceTemplates == nil) == (b.ResourceTemplates == nil)
}

// sameItems reports whether a and b hold the same or equal items in
// the same order, none nil.
func sameItems[T any](a, b []*T) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] == nil || b[i] == nil || a[i] != b[i] && !reflect.DeepEqual(a[i], b[i]) {
			return false
		}
	}
	return true
}
