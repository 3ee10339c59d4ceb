package trust

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
)

// ErrUnknownIdentity is returned by [Store.Approve] for an identity the
// store has never seen.
var ErrUnknownIdentity = errors.New("unknown server identity")

// Status is the state of one tool against its pin.
type Status int

const (
	// Approved: the tool matches its pin.
	Approved Status = iota
	// New: the tool has no pin yet.
	New
	// Changed: the tool differs from its pin.
	Changed
	// Removed: a pinned tool is no longer listed.
	Removed
)

var statusNames = []string{"approved", "new", "changed", "removed"}

// String returns "approved", "new", "changed" or "removed".
func (s Status) String() string {
	if s >= 0 && int(s) < len(statusNames) {
		return statusNames[s]
	}
	return fmt.Sprintf("Status(%d)", int(s))
}

// MarshalText encodes s as its String form.
func (s Status) MarshalText() ([]byte, error) {
	if s < 0 || int(s) >= len(statusNames) {
		return nil, fmt.Errorf("invalid status %d", int(s))
	}
	return []byte(s.String()), nil
}

// UnmarshalText decodes the String form.
func (s *Status) UnmarshalText(b []byte) error {
	for i, n := range statusNames {
		if string(b) == n {
			*s = Status(i)
			return nil
		}
	}
	return fmt.Errorf("invalid status %q", b)
}

// Change is one tool that differs from its pin. Old is nil for New, New is
// nil for Removed.
type Change struct {
	Tool   string      `json:"tool"`
	Status Status      `json:"status"`
	Old    *PinnedTool `json:"old,omitempty"`
	New    *PinnedTool `json:"new,omitempty"`
}

// Verdict is the result of [Store.Check].
type Verdict struct {
	// Identity is the server identity checked.
	Identity string
	// Known reports whether the identity was in the store before this check.
	Known bool
	// Changes lists the pending changes (new, changed, removed tools),
	// sorted by tool name. Empty on a trusted first use.
	Changes []Change
	// Approved maps every listed tool to whether it may be used.
	Approved map[string]bool
}

// pinsVersion is the version of the pins file format.
const pinsVersion = 1

type pinsFile struct {
	Version int                    `json:"version"`
	Servers map[string]*serverPins `json:"servers"`
}

type serverPins struct {
	// Tools holds the approved pins.
	Tools map[string]*PinnedTool `json:"tools"`
	// Pending holds changes waiting for Approve.
	Pending map[string]*Change `json:"pending,omitempty"`
}

// Store keeps approved tool pins in a JSON state file (such as
// $XDG_STATE_HOME/switchboard/pins.json), keyed by server identity: the
// launch command and arguments, or the URL, not the server's configured
// name, so renaming a server keeps its trust.
//
// Writes are atomic (temporary file in the same directory, fsync, rename;
// mode 0600). A Store is safe for concurrent use. Every method first
// re-reads the file if it changed on disk, so approvals made by another
// process are seen; two processes writing at the same instant can still
// lose one update (there is no cross-process lock).
type Store struct {
	path  string
	mu    sync.Mutex
	state pinsFile
	stamp stamp
}

// stamp identifies the version of the file last read or written.
type stamp struct {
	info os.FileInfo // nil: file absent
}

func (a stamp) same(b os.FileInfo) bool {
	if a.info == nil || b == nil {
		return a.info == nil && b == nil
	}
	return os.SameFile(a.info, b) && a.info.Size() == b.Size() && a.info.ModTime().Equal(b.ModTime())
}

// OpenStore opens the pins file at path. A missing file is an empty store
// (the file is created on the first write, with its directory). A file that
// cannot be read or parsed is an error naming the file: trust is never
// silently reset.
//
// The file is read on first use, so opening is cheap; a corrupt file is
// reported then, by every method, and by OpenStore when it can stat but
// not read the file.
func OpenStore(path string) (*Store, error) {
	s := &Store{path: path, state: pinsFile{Version: pinsVersion, Servers: map[string]*serverPins{}}}
	if _, err := os.Stat(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("reading pins file %s: %w", path, err)
	}
	return s, nil
}

// Version identifies the pins file as it is on disk now (its size and
// modification time), without reading it; "" when there is none. Any
// write, by this or another process, changes it.
func (s *Store) Version() string {
	info, err := os.Stat(s.path)
	if err != nil {
		return ""
	}
	return fmt.Sprintf("%d:%d", info.Size(), info.ModTime().UnixNano())
}

func (s *Store) load() error {
	info, err := os.Stat(s.path)
	if errors.Is(err, os.ErrNotExist) {
		s.state = pinsFile{Version: pinsVersion, Servers: map[string]*serverPins{}}
		s.stamp = stamp{}
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading pins file %s: %w", s.path, err)
	}
	b, err := os.ReadFile(s.path)
	if err != nil {
		return fmt.Errorf("reading pins file %s: %w", s.path, err)
	}
	var f pinsFile
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		return fmt.Errorf("pins file %s is corrupt (fix or move it away; trust is not reset automatically): %w", s.path, err)
	}
	if f.Version != pinsVersion {
		return fmt.Errorf("pins file %s has version %d, want %d", s.path, f.Version, pinsVersion)
	}
	if f.Servers == nil {
		f.Servers = map[string]*serverPins{}
	}
	for id, sp := range f.Servers {
		if sp == nil {
			return fmt.Errorf("pins file %s is corrupt: server %q has no entry", s.path, id)
		}
		if sp.Tools == nil {
			sp.Tools = map[string]*PinnedTool{}
		}
	}
	s.state, s.stamp = f, stamp{info}
	return nil
}

// refresh re-reads the file if another writer replaced it.
func (s *Store) refresh() error {
	info, err := os.Stat(s.path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("reading pins file %s: %w", s.path, err)
	}
	if s.stamp.same(info) {
		return nil
	}
	return s.load()
}

func (s *Store) save() error {
	b, err := json.MarshalIndent(s.state, "", "  ")
	if err != nil {
		return fmt.Errorf("encoding pins: %w", err)
	}
	b = append(b, '\n')
	dir := filepath.Dir(s.path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("writing pins file %s: %w", s.path, err)
	}
	if err := atomicfile.Write(s.path, b, 0o600); err != nil {
		return fmt.Errorf("writing pins file %s: %w", s.path, err)
	}
	info, err := os.Stat(s.path)
	if err != nil {
		return fmt.Errorf("writing pins file %s: %w", s.path, err)
	}
	s.stamp = stamp{info}
	return nil
}

// Check compares tools to the pins of identity and records the outcome.
//
// On first sight of an identity: if quarantineNew is false, every tool is
// pinned and approved (trust on first use); if true, every tool is pending
// as New. For a known identity, tools matching their pins are approved;
// new and changed tools are pending (not approved) until [Store.Approve],
// and pinned tools missing from tools are pending as Removed (their pins
// stay until the removal is approved, so a tool that comes back unchanged is
// approved again). Pending changes replace the identity's earlier pending
// changes and are written to the file, so another process can list them
// with [Store.Pending]. The file is written only when something changed.
// Of duplicate tool names the first counts.
func (s *Store) Check(identity string, tools []Tool, quarantineNew bool) (Verdict, error) {
	if identity == "" {
		return Verdict{}, errors.New("checking pins: empty server identity")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.refresh(); err != nil {
		return Verdict{}, err
	}
	v := Verdict{Identity: identity, Approved: map[string]bool{}}
	sp, known := s.state.Servers[identity]
	v.Known = known
	var oldPending map[string]*Change
	if known {
		oldPending = sp.Pending
	} else {
		sp = &serverPins{Tools: map[string]*PinnedTool{}}
	}
	pending := map[string]*Change{}
	listed := map[string]bool{}
	for _, t := range tools {
		if listed[t.Name] {
			continue
		}
		listed[t.Name] = true
		cur := Pin(t)
		old := sp.Tools[t.Name]
		switch {
		case !known && !quarantineNew:
			sp.Tools[t.Name] = cur
			v.Approved[t.Name] = true
		case old != nil && old.Hash == cur.Hash:
			v.Approved[t.Name] = true
		case old != nil:
			pending[t.Name] = &Change{Tool: t.Name, Status: Changed, Old: old, New: cur}
			v.Approved[t.Name] = false
		default:
			pending[t.Name] = &Change{Tool: t.Name, Status: New, New: cur}
			v.Approved[t.Name] = false
		}
	}
	for name, old := range sp.Tools {
		if !listed[name] {
			pending[name] = &Change{Tool: name, Status: Removed, Old: old}
		}
	}
	sp.Pending = nil
	if len(pending) > 0 {
		sp.Pending = pending
	}
	v.Changes = sortedChanges(pending)
	if !known || !samePending(oldPending, sp.Pending) {
		s.state.Servers[identity] = sp
		if err := s.save(); err != nil {
			return Verdict{}, err
		}
	}
	return v, nil
}

// samePending reports whether two pending sets record the same changes.
func samePending(a, b map[string]*Change) bool {
	if len(a) != len(b) {
		return false
	}
	hash := func(p *PinnedTool) string {
		if p == nil {
			return ""
		}
		return p.Hash
	}
	for name, x := range a {
		y, ok := b[name]
		if !ok || x.Status != y.Status || hash(x.Old) != hash(y.Old) || hash(x.New) != hash(y.New) {
			return false
		}
	}
	return true
}

// Approve pins the pending changes of identity for the named tools (all
// pending changes when tools is nil): new and changed tools get their
// recorded new definition pinned, removed tools lose their pin. It approves
// what the file recorded as pending, which is what [Store.Pending] showed.
// Naming a tool with no pending change is an error and approves nothing.
// It returns the approved changes sorted by tool name.
func (s *Store) Approve(identity string, tools []string) ([]Change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.refresh(); err != nil {
		return nil, err
	}
	sp := s.state.Servers[identity]
	if sp == nil {
		return nil, fmt.Errorf("approving pins of %q: %w", identity, ErrUnknownIdentity)
	}
	if tools == nil {
		for name := range sp.Pending {
			tools = append(tools, name)
		}
	}
	var missing []string
	for _, name := range tools {
		if sp.Pending[name] == nil {
			missing = append(missing, fmt.Sprintf("%q", name))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("approving pins of %q: no pending change for %s", identity, strings.Join(missing, ", "))
	}
	done := map[string]*Change{}
	for _, name := range tools {
		c := sp.Pending[name]
		if c.Status == Removed {
			delete(sp.Tools, name)
		} else {
			sp.Tools[name] = c.New
		}
		done[name] = c
		delete(sp.Pending, name)
	}
	if len(sp.Pending) == 0 {
		sp.Pending = nil
	}
	if len(done) > 0 {
		if err := s.save(); err != nil {
			return nil, err
		}
	}
	return sortedChanges(done), nil
}

// Pending returns the pending changes of every identity that has some,
// each list sorted by tool name.
func (s *Store) Pending() (map[string][]Change, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := s.refresh(); err != nil {
		return nil, err
	}
	out := map[string][]Change{}
	for id, sp := range s.state.Servers {
		if len(sp.Pending) > 0 {
			out[id] = sortedChanges(sp.Pending)
		}
	}
	return out, nil
}

func sortedChanges(m map[string]*Change) []Change {
	if len(m) == 0 {
		return nil
	}
	out := make([]Change, 0, len(m))
	for _, c := range m {
		out = append(out, Change{Tool: c.Tool, Status: c.Status, Old: c.Old.clone(), New: c.New.clone()})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Tool < out[j].Tool })
	return out
}

// clone returns a deep copy of p (nil for nil), so callers cannot change
// the store's state through a returned Change.
func (p *PinnedTool) clone() *PinnedTool {
	if p == nil {
		return nil
	}
	c := *p
	c.InputSchema = bytes.Clone(p.InputSchema)
	c.OutputSchema = bytes.Clone(p.OutputSchema)
	c.Annotations = bytes.Clone(p.Annotations)
	return &c
}
