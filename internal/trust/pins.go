package trust

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/filelock"
	"github.com/switchboard-mcp/switchboard/internal/rawio"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// ErrUnknownIdentity is returned by [Store.Approve] for an identity the
// store has never seen.
var ErrUnknownIdentity = errors.New("unknown server identity")

// ErrNotSaved marks Check's error when the verdict was made but the
// pins file could not be written (a full or read-only disk): the
// verdict holds, and the store keeps the change in memory and writes it
// with the next change that can be written. Another process does not see
// it meanwhile.
var ErrNotSaved = errors.New("pins not saved")

// notSaved is an error that is ErrNotSaved and the write's error.
type notSaved struct{ err error }

func (e notSaved) Error() string   { return e.err.Error() + "; the verdict holds in this process only" }
func (e notSaved) Unwrap() []error { return []error{ErrNotSaved, e.err} }

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
	// RiskAccepted lists the tools whose current definition the user
	// accepted despite the poisoning rules (see [Store.AcceptRisk]).
	RiskAccepted map[string]bool
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
	// Held holds the tools last withheld as poisoned, by name.
	Held map[string]*Hold `json:"held,omitempty"`
	// Accepted maps a tool name to the hash of the definition whose risk
	// the user accepted (switchboard approve --accept-risk).
	Accepted map[string]string `json:"accepted,omitempty"`
}

// Hold is a tool withheld because the poisoning rules blocked it.
type Hold struct {
	Tool string `json:"tool"`
	// Hash is the tool's [Hash] when it was withheld.
	Hash string `json:"hash"`
	// Rules lists what fired, as "rule in where" (such as
	// "ignore-instructions in description").
	Rules []string `json:"rules"`
}

// Store keeps approved tool pins in a JSON state file (such as
// $XDG_STATE_HOME/switchboard/pins.json), keyed by server identity (see
// the catalog's Identity: the launch command, arguments, environment names
// and value hashes, working directory, or the URL and header hashes; not
// the server's configured name, so renaming a server keeps its trust).
//
// Every change is a read-modify-write under an OS file lock (filelock, on
// pins.json.lock): the file is re-read inside the lock and the change is
// applied to what is on disk, so processes writing at once lose nothing.
// Writes are atomic (temporary file in the same directory, fsync, rename;
// mode 0600). A Store is safe for concurrent use.
//
// A file that cannot be parsed (or holds JSON null) is never overwritten:
// it is moved aside to pins.json.corrupt-<time>, a warning is logged, and
// the store starts empty.
type Store struct {
	path   string
	stat   rawio.Statter // for Version, asked before every call
	logger *slog.Logger
	// onCorrupt: StoreOptions.OnCorrupt
	onCorrupt func(string)
	mu        sync.Mutex
	state     pinsFile
	stamp     stamp
	// enc holds each server's record as save last encoded it, by
	// identity: a write encodes only the records changed since
	// (encoding the whole file at each of 32 first listings was 8 ms a
	// write of a 1.7 MB file). Every change to a record deletes its
	// entry (touch); load empties it. Guarded by mu.
	enc map[string][]byte

	recMu   sync.Mutex        // guards the three fields below (RecordVersion)
	recFile string            // the Version they were read (or written) at
	recs    map[string][]byte // identity -> its record as the file held it
	recSums map[string]string // identity -> RecordVersion's digest
}

// StoreOptions configure a Store. The zero value logs to slog.Default.
type StoreOptions struct {
	// Logger receives the warning when a corrupt pins file is moved aside.
	Logger *slog.Logger
	// OnCorrupt, when set, is told that warning too, for a notice where
	// the log is not read (an agent's session of the daemon).
	OnCorrupt func(warning string)
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

// OpenStore opens the pins file at path with default options; see
// [OpenStoreWith].
func OpenStore(path string) (*Store, error) { return OpenStoreWith(path, nil) }

// OpenStoreWith opens the pins file at path. A missing file is an empty
// store (the file is created on the first write, with its directory). The
// file is read on first use, so opening is cheap. It fails only when path
// exists but cannot be examined.
func OpenStoreWith(path string, o *StoreOptions) (*Store, error) {
	s := &Store{path: path, stat: rawio.StatterFor(filepath.Dir(path)), state: emptyPins()}
	if o != nil {
		s.logger, s.onCorrupt = o.Logger, o.OnCorrupt
	}
	if s.logger == nil {
		s.logger = slog.Default()
	}
	if _, err := os.Stat(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("reading pins file %s: %w", path, err)
	}
	return s, nil
}

// absent reports whether err, a stat's of a path, says nothing is there:
// the path does not exist, or one of its directories is a file (so the
// file cannot exist either).
func absent(err error) bool {
	return errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR)
}

func emptyPins() pinsFile {
	return pinsFile{Version: pinsVersion, Servers: map[string]*serverPins{}}
}

// Version identifies the pins file as it is on disk now (its size and
// modification time), without reading it; "" when there is none. Any
// write, by this or another process, changes it.
func (s *Store) Version() string {
	info, err := s.stat.Stat(s.path)
	if err != nil {
		return ""
	}
	return version(info.Size, info.ModTime)
}

// version is Version of a file of size bytes modified at mod.
func version(size int64, mod time.Time) string {
	return strconv.FormatInt(size, 10) + ":" + strconv.FormatInt(mod.UnixNano(), 10) // asked before every call: no fmt
}

// RecordVersion identifies what the pins file holds for identity (its
// pins, pending changes, holds and accepted risks) when the file is at
// version, a value of Version: it changes when that server's record
// changes, and not when another server's does. A verdict kept under the
// file's version was made again for every server whenever any server's
// tools were pinned: the first listing of 32 servers vetted and wrote
// each server's cache once for each later server's pins. It is the file's
// version itself when the file cannot be read or parsed (so it moves with
// any write, as before), and "none" for an identity the file does not
// hold. After this process's own write the records are those it wrote
// (see save), not read back: reading the whole file again after each of
// 32 first listings parsed 27 MB.
func (s *Store) RecordVersion(identity, version string) string {
	s.recMu.Lock()
	defer s.recMu.Unlock()
	if version != s.recFile || s.recs == nil {
		s.recFile, s.recs, s.recSums = version, nil, nil
		if version == "" {
			s.recs = map[string][]byte{}
		} else if b, err := safefile.ReadMax(s.path, maxPinsFile); err == nil {
			// Each record as raw bytes: only the identities asked for
			// are hashed.
			var f struct {
				Servers map[string]json.RawMessage `json:"servers"`
			}
			if json.Unmarshal(b, &f) == nil {
				s.recs = make(map[string][]byte, len(f.Servers))
				for id, r := range f.Servers {
					s.recs[id] = r
				}
			}
		}
		if s.recs == nil {
			return version
		}
		s.recSums = map[string]string{}
	}
	if d, ok := s.recSums[identity]; ok {
		return d
	}
	d := "none"
	if r, ok := s.recs[identity]; ok {
		sum := sha256.Sum256(r)
		d = hex.EncodeToString(sum[:12])
	}
	s.recSums[identity] = d
	return d
}

// errNewerFormat marks a pins file written by a newer Switchboard: it is
// reported, never moved aside.
var errNewerFormat = errors.New("pins file format is newer than this switchboard")

// parsePins decodes a pins file, checking what later code relies on (no
// nil maps or entries).
func parsePins(b []byte) (pinsFile, error) {
	var f pinsFile
	if len(bytes.TrimSpace(b)) == 0 {
		return f, errors.New("the file is empty")
	}
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		return f, errors.New("the file holds JSON null")
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(&f); err != nil {
		return f, err
	}
	if f.Version > pinsVersion {
		return f, fmt.Errorf("%w (version %d, want %d; upgrade switchboard)", errNewerFormat, f.Version, pinsVersion)
	}
	if f.Version != pinsVersion {
		return f, fmt.Errorf("version %d, want %d", f.Version, pinsVersion)
	}
	if f.Servers == nil {
		f.Servers = map[string]*serverPins{}
	}
	for id, sp := range f.Servers {
		if sp == nil {
			return f, fmt.Errorf("server %q has no entry", id)
		}
		if sp.Tools == nil {
			sp.Tools = map[string]*PinnedTool{}
		}
		for name, p := range sp.Tools {
			if p == nil {
				return f, fmt.Errorf("server %q: tool %q has no pin", id, name)
			}
		}
		for name, c := range sp.Pending {
			if c == nil || (c.New == nil && c.Status != Removed) || (c.Old == nil && c.Status != New) {
				return f, fmt.Errorf("server %q: pending change of tool %q is incomplete", id, name)
			}
		}
		for name, h := range sp.Held {
			if h == nil {
				return f, fmt.Errorf("server %q: held tool %q has no entry", id, name)
			}
		}
	}
	return f, nil
}

// maxPinsFile bounds what is read of the pins file: far above the pins
// of thousands of servers.
var maxPinsFile int64 = 256 << 20 // a variable for tests

// load reads the file. A corrupt file is moved aside (the caller holds
// the file lock, so no other process is writing it) and the store starts
// empty.
func (s *Store) load() error {
	s.enc = nil
	info, err := os.Stat(s.path)
	if errors.Is(err, os.ErrNotExist) {
		s.state, s.stamp = emptyPins(), stamp{}
		return nil
	}
	if err != nil {
		return fmt.Errorf("reading pins file %s: %w", s.path, err)
	}
	// A regular file only, bounded: a FIFO in its place hung every
	// command for ever, deaf to SIGTERM (safefile names the path).
	b, err := safefile.ReadMax(s.path, maxPinsFile)
	if err != nil {
		// The error names the path; what to do was missing.
		return fmt.Errorf("reading pins file: %w; until it can be read every server's tools are withheld: make it the pins file again (restore it from a backup) or move it aside, after which every server counts as first seen", err)
	}
	f, err := parsePins(b)
	if errors.Is(err, errNewerFormat) {
		return fmt.Errorf("pins file %s: %w", s.path, err)
	}
	if err != nil {
		aside := s.path + ".corrupt-" + time.Now().UTC().Format("20060102T150405.000000000Z")
		if rerr := os.Rename(s.path, aside); rerr != nil {
			return fmt.Errorf("pins file %s is corrupt (%v) and cannot be moved aside: %w", s.path, err, rerr)
		}
		warning := fmt.Sprintf("pins file %s is corrupt (%v): moved it to %s and started with no pins; every server counts as new (restore approvals by fixing that file and moving it back, or review with 'switchboard pins')", s.path, err, aside)
		s.logger.Warn(warning)
		if s.onCorrupt != nil {
			s.onCorrupt(warning)
		}
		s.state, s.stamp = emptyPins(), stamp{}
		return nil
	}
	s.state, s.stamp = f, stamp{info}
	return nil
}

// refresh re-reads the file if another writer replaced it. s.mu and the
// file lock held.
func (s *Store) refresh() error {
	info, err := os.Stat(s.path)
	if err != nil && !absent(err) {
		return fmt.Errorf("reading pins file %s: %w", s.path, err)
	}
	if s.stamp.same(info) {
		return nil
	}
	return s.load()
}

// locked runs fn on the current state of the file, holding s.mu and the
// file lock; the state is re-read first when the file changed, so fn's
// change merges with what other processes wrote.
func (s *Store) locked(fn func() error) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	// A directory the disk has no room for holds no pins file: read as
	// none, and a save fails (ErrNotSaved from Check).
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil && !filelock.NoRoom(err) {
		if _, serr := os.Stat(s.path); serr == nil || !absent(serr) {
			return fmt.Errorf("pins file %s: %w", s.path, err)
		}
		// Nor does one that cannot be made (a HOME we may not write, a
		// file where a directory goes): there is nothing to lock or
		// read, and a save fails as on a full disk. Before, every tool
		// of every server was withheld ("the pin store cannot be
		// read: … mkdir …: permission denied").
		if err := s.refresh(); err != nil {
			return err
		}
		return fn()
	}
	l, err := filelock.Lock(s.path, 0)
	if err != nil {
		return fmt.Errorf("pins file %s: %w", s.path, err)
	}
	defer l.Unlock()
	if err := s.refresh(); err != nil {
		return err
	}
	return fn()
}

// errTooLarge marks a pins file that would be over maxPinsFile: no
// reader would accept it.
var errTooLarge = errors.New("too large")

// touch marks the record of identity changed: the next save encodes it
// again. Called before (and after undoing) any change to a record. s.mu
// held.
func (s *Store) touch(identity string) { delete(s.enc, identity) }

// encode returns the file's content: what json.MarshalIndent(s.state,
// "", "  ") returns, and a newline, byte for byte (so a file written by
// an older Switchboard and this one's differ in nothing), with the
// records not changed since the last encode taken from s.enc. It
// returns, by identity, each record as the file holds it (which becomes
// s.enc). s.mu held.
func (s *Store) encode() ([]byte, map[string][]byte, error) {
	if s.state.Servers == nil {
		b, err := json.MarshalIndent(s.state, "", "  ")
		return append(b, '\n'), nil, err
	}
	ids := slices.Sorted(maps.Keys(s.state.Servers))
	recs := make(map[string][]byte, len(ids))
	size := 64
	for _, id := range ids {
		r, ok := s.enc[id]
		if !ok {
			// Indented as at its depth in the file: MarshalIndent is
			// Marshal and then Indent, whose output at a value depends
			// only on the value and its depth.
			var err error
			if r, err = json.MarshalIndent(s.state.Servers[id], "    ", "  "); err != nil {
				return nil, nil, err
			}
		}
		recs[id] = r
		size += len(id) + len(r) + 16
	}
	ver, err := json.Marshal(s.state.Version)
	if err != nil {
		return nil, nil, err
	}
	b := make([]byte, 0, size)
	b = append(b, "{\n  \"version\": "...)
	b = append(b, ver...)
	b = append(b, ",\n  \"servers\": {"...)
	for i, id := range ids {
		if i > 0 {
			b = append(b, ',')
		}
		key, err := json.Marshal(id) // escaped as a map key is
		if err != nil {
			return nil, nil, err
		}
		b = append(b, "\n    "...)
		b = append(b, key...)
		b = append(b, ": "...)
		b = append(b, recs[id]...)
	}
	if len(ids) > 0 {
		b = append(b, "\n  "...)
	}
	b = append(b, "}\n}\n"...)
	return b, recs, nil
}

// checkEncode, set by tests, is told every file save writes.
var checkEncode func(b []byte, f *pinsFile)

func (s *Store) save() error {
	b, recs, err := s.encode()
	if err != nil {
		return fmt.Errorf("encoding pins: %w", err)
	}
	s.enc = recs
	if checkEncode != nil {
		checkEncode(b, &s.state)
	}
	if int64(len(b)) > maxPinsFile {
		// Written, it made every server's tools withheld in every other
		// process ("the pin store cannot be read") until the user
		// deleted it, approvals and all.
		big, size := "", 0
		for id, sp := range s.state.Servers {
			if e, _ := json.Marshal(sp); len(e) > size {
				big, size = id, len(e)
			}
		}
		return fmt.Errorf("writing pins file %s: it would be %d bytes, over the %d a reader accepts (%w; the largest entry is server identity %s, %d bytes: a server listing a huge number of tools, each with a long name); nothing written: remove that server from the config or limit its tools with \"tools\": {\"allow\": [...]}",
			s.path, len(b), maxPinsFile, errTooLarge, big, size)
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o700); err != nil {
		return fmt.Errorf("writing pins file %s: %w", s.path, err) // see locked
	}
	if err := atomicfile.WriteOwn(s.path, b, 0o600); err != nil {
		return fmt.Errorf("writing pins file %s: %w", s.path, err)
	}
	info, err := os.Stat(s.path)
	if err != nil {
		return fmt.Errorf("writing pins file %s: %w", s.path, err)
	}
	s.stamp = stamp{info}
	if recs != nil {
		// What RecordVersion would read back: the records just written,
		// under the file's version now (the file lock is held, so no
		// other process has written since).
		s.recMu.Lock()
		// (A copy: touch deletes from s.enc under mu, not recMu.)
		s.recFile, s.recs, s.recSums = version(info.Size(), info.ModTime()), maps.Clone(recs), map[string]string{}
		s.recMu.Unlock()
	}
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
// Of duplicate tool names the first counts. When that write fails the
// verdict is returned with an error that is [ErrNotSaved]; any other
// error comes with no verdict.
func (s *Store) Check(identity string, tools []Tool, quarantineNew bool) (Verdict, error) {
	if identity == "" {
		return Verdict{}, errors.New("checking pins: empty server identity")
	}
	var v Verdict
	err := s.locked(func() error {
		var err error
		v, err = s.check(identity, tools, quarantineNew)
		return err
	})
	return v, err
}

func (s *Store) check(identity string, tools []Tool, quarantineNew bool) (Verdict, error) {
	v, write, undo := s.checkState(identity, tools, quarantineNew)
	if !write {
		return v, nil
	}
	if err := s.save(); errors.Is(err, errTooLarge) {
		// Not kept even in memory: every later write would fail.
		undo()
		return v, notSaved{err}
	} else if err != nil {
		// The verdict is what the file would say: a full disk must
		// not withhold every tool of every new server (as "the pin
		// store cannot be read"). Quarantined tools stay pending.
		return v, notSaved{err}
	}
	return v, nil
}

// checkState is check's change to the state, without the write: write
// says the state changed, undo takes the change back.
func (s *Store) checkState(identity string, tools []Tool, quarantineNew bool) (v Verdict, write bool, undo func()) {
	v = Verdict{Identity: identity, Approved: map[string]bool{}, RiskAccepted: map[string]bool{}}
	s.touch(identity) // even when not written: its pending changes are new values
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
	kept := 0 // bytes of definitions this listing keeps in the file
	for _, t := range tools {
		if listed[t.Name] || t.Name == InstructionsName {
			continue // never approved: the name is the instructions' pin
		}
		listed[t.Name] = true
		cur := Pin(t)
		kept += cur.bound(kept)
		if h, ok := sp.Accepted[t.Name]; ok && h == cur.Hash {
			v.RiskAccepted[t.Name] = true
		}
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
		if !listed[name] && name != InstructionsName {
			pending[name] = &Change{Tool: name, Status: Removed, Old: old}
		}
	}
	if c := oldPending[InstructionsName]; c != nil {
		pending[InstructionsName] = c // CheckInstructions's to change
	}
	sp.Pending = nil
	if len(pending) > 0 {
		sp.Pending = pending
	}
	v.Changes = sortedChanges(pending)
	if known && samePending(oldPending, sp.Pending) {
		return v, false, nil
	}
	s.state.Servers[identity] = sp
	return v, true, func() {
		s.touch(identity)
		if known {
			sp.Pending = oldPending
		} else {
			delete(s.state.Servers, identity)
		}
	}
}

// InstructionsName is the name under which a server's instructions are
// pinned among its tools (no tool may be approved under it): they reach
// the model as tools' descriptions do, and a server could change them
// after approval unnoticed.
const InstructionsName = "(instructions)"

// CheckInstructions compares a server's instructions (as the backend
// sent them, "" for none) with their pin and records the outcome, as
// Check does for tools: the first instructions seen for an identity are
// pinned (the identity's tools are checked first, so a new server is
// known by then; a pins file from before instructions were pinned gets
// them so), unless quarantineNew and no tool of the identity is approved
// yet (a new server under quarantineNewServers: pending as new); later
// ones that differ are pending until approved. It reports whether they
// may be shown. An error that is [ErrNotSaved] comes with the verdict.
func (s *Store) CheckInstructions(identity, text string, quarantineNew bool) (bool, error) {
	var ok bool
	err := s.locked(func() error {
		var write bool
		var err error
		ok, write, err = s.instructionsState(identity, text, quarantineNew)
		if err != nil || !write {
			return err
		}
		if err := s.save(); err != nil {
			return notSaved{err}
		}
		return nil
	})
	return ok, err
}

// instructionsState is CheckInstructions's change to the state, without
// the write: write says the state changed.
func (s *Store) instructionsState(identity, text string, quarantineNew bool) (ok, write bool, err error) {
	sp := s.state.Servers[identity]
	if sp == nil {
		return false, false, fmt.Errorf("checking the instructions' pin of %q: %w", identity, ErrUnknownIdentity)
	}
	s.touch(identity)
	cur := Pin(Tool{Name: InstructionsName, Description: text})
	cur.bound(0)
	old := sp.Tools[InstructionsName]
	prev := sp.Pending[InstructionsName]
	switch {
	case text == "" && old != nil:
		// None shows nothing: no approval is asked, the pin stays.
		ok = true
		if prev == nil {
			return ok, false, nil
		}
		delete(sp.Pending, InstructionsName)
	case old == nil && (quarantineNew && len(sp.Tools) == 0 || prev != nil && prev.Status == New):
		// Waiting until approved by name or with the rest, even once
		// one of the server's tools is approved.
		if prev != nil && prev.New != nil && prev.New.Hash == cur.Hash {
			return ok, false, nil
		}
		if sp.Pending == nil {
			sp.Pending = map[string]*Change{}
		}
		sp.Pending[InstructionsName] = &Change{Tool: InstructionsName, Status: New, New: cur}
	case old == nil:
		sp.Tools[InstructionsName] = cur
		ok = true
	case old.Hash == cur.Hash:
		ok = true
		if prev == nil {
			return ok, false, nil
		}
		delete(sp.Pending, InstructionsName)
	case prev != nil && prev.New != nil && prev.New.Hash == cur.Hash:
		return ok, false, nil
	default:
		if sp.Pending == nil {
			sp.Pending = map[string]*Change{}
		}
		sp.Pending[InstructionsName] = &Change{Tool: InstructionsName, Status: Changed, Old: old, New: cur}
	}
	if len(sp.Pending) == 0 {
		sp.Pending = nil
	}
	return ok, true, nil
}

// CheckListing is Check of tools and then CheckInstructions of text for
// identity, under one lock and with one write of the file: a new
// server's first listing wrote the whole file twice, each write synced
// (5-30 ms on a virtual disk), 64 writes for 32 servers. errTools is
// Check's error and errInstructions CheckInstructions's, as each would
// have returned them.
func (s *Store) CheckListing(identity string, tools []Tool, text string, quarantineNew bool) (v Verdict, shown bool, errTools, errInstructions error) {
	if identity == "" {
		err := errors.New("checking pins: empty server identity")
		return Verdict{}, false, err, err
	}
	err := s.locked(func() error {
		var write, iwrite bool
		var undo func()
		v, write, undo = s.checkState(identity, tools, quarantineNew)
		shown, iwrite, errInstructions = s.instructionsState(identity, text, quarantineNew)
		if !write && !iwrite {
			return nil
		}
		err := s.save()
		switch {
		case errors.Is(err, errTooLarge):
			// As Check and CheckInstructions one after the other: the
			// tools' change is taken back, and with it a new server,
			// whose instructions then have no pin to check.
			errTools = notSaved{err}
			if write {
				undo()
			}
			if _, ok := s.state.Servers[identity]; !ok {
				shown, errInstructions = false, fmt.Errorf("checking the instructions' pin of %q: %w", identity, ErrUnknownIdentity)
			} else if iwrite {
				errInstructions = notSaved{err}
			}
		case err != nil:
			if write {
				errTools = notSaved{err}
			}
			if iwrite {
				errInstructions = notSaved{err}
			}
		}
		return nil
	})
	if err != nil {
		return Verdict{}, false, err, err
	}
	return v, shown, errTools, errInstructions
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
	var out []Change
	err := s.locked(func() error {
		var err error
		out, err = s.approve(identity, tools, nil)
		return err
	})
	return out, err
}

// ErrChangedSinceShown is returned by [Store.ApproveShown] when a tool's
// pending change is no longer the one that was shown: the backend changed
// the tool again in between.
var ErrChangedSinceShown = errors.New("changed again since it was shown")

// Key identifies this exact change: its tool, status and the hashes of
// both sides. A later change of the same tool has another key.
func (c Change) Key() string {
	hash := func(p *PinnedTool) string {
		if p == nil {
			return ""
		}
		return p.Hash
	}
	sum := sha256.Sum256([]byte(c.Tool + "\x00" + c.Status.String() + "\x00" + hash(c.Old) + "\x00" + hash(c.New)))
	return hex.EncodeToString(sum[:16])
}

// ApproveShown approves the pending changes of identity that were shown
// to the user: shown maps each tool to the [Change.Key] of the change
// shown. When any of them is no longer pending as shown (the backend
// changed the tool again, so what would be pinned is not what the user
// read), nothing is approved and the error, [ErrChangedSinceShown], names
// the tools. An empty shown approves nothing.
func (s *Store) ApproveShown(identity string, shown map[string]string) ([]Change, error) {
	if len(shown) == 0 {
		return nil, fmt.Errorf("approving pins of %q: no tool named", identity)
	}
	var out []Change
	err := s.locked(func() error {
		var err error
		out, err = s.approve(identity, slices.Sorted(maps.Keys(shown)), shown)
		return err
	})
	return out, err
}

// Digest identifies a set of changes (such as one identity's pending
// changes, as [Store.Pending] lists them): a digest of their keys.
func Digest(changes []Change) string {
	keys := make([]string, len(changes))
	for i, c := range changes {
		keys[i] = c.Key()
	}
	slices.Sort(keys)
	sum := sha256.Sum256([]byte(strings.Join(keys, "\n")))
	return hex.EncodeToString(sum[:16])
}

// ApproveAllShown approves every pending change of identity if they are
// the changes shown, whose [Digest] is digest; otherwise nothing, with
// [ErrChangedSinceShown]. (A form naming each of a thousand tools with
// its key is too large to post.)
func (s *Store) ApproveAllShown(identity, digest string) ([]Change, error) {
	return s.ApproveDigest(identity, nil, digest)
}

// MinDigest is the fewest hex digits of a [Digest] that [Store.ApproveDigest]
// accepts: 64 bits, which a backend cannot match by trying definitions.
const MinDigest = 16

// ShortDigest is the first [MinDigest] hex digits of the [Digest] of
// changes: what a quarantine message names for 'approve --shown'.
func ShortDigest(changes []Change) string { return Digest(changes)[:MinDigest] }

// ApproveDigest approves the pending changes of identity for the named
// tools (all when tools is nil) if their [Digest] begins with digest (at
// least [MinDigest] hex digits): the changes a listing, the status page or
// a quarantine message showed. Otherwise it approves nothing, and the
// error, [ErrChangedSinceShown], says what is pending now: a backend that
// changed its tools again between the message the user read and the
// approval had the new ones approved unseen.
func (s *Store) ApproveDigest(identity string, tools []string, digest string) ([]Change, error) {
	digest = strings.ToLower(strings.TrimSpace(digest))
	if len(digest) < MinDigest {
		return nil, fmt.Errorf("approving pins of %q: the digest %q is too short: give at least %d of its hex digits, as 'switchboard pins' prints it", identity, digest, MinDigest)
	}
	var out []Change
	err := s.locked(func() error {
		sp := s.state.Servers[identity]
		if sp == nil {
			return fmt.Errorf("approving pins of %q: %w", identity, ErrUnknownIdentity)
		}
		var changes []Change
		if tools == nil {
			changes = sortedChanges(sp.Pending)
		} else {
			var missing []string
			for _, name := range slices.Compact(slices.Sorted(slices.Values(tools))) {
				c := sp.Pending[name]
				if c == nil {
					missing = append(missing, fmt.Sprintf("%q", name))
					continue
				}
				changes = append(changes, *c)
			}
			if len(missing) > 0 {
				return fmt.Errorf("approving pins of %q: no pending change for %s%s", identity, strings.Join(missing, ", "), pendingNow(sp.Pending))
			}
		}
		if len(changes) == 0 || !strings.HasPrefix(Digest(changes), digest) {
			return fmt.Errorf("approving pins of %q: the pending changes %w; nothing approved%s", identity, ErrChangedSinceShown, pendingNow(sp.Pending))
		}
		var err error
		out, err = s.approve(identity, tools, nil)
		return err
	})
	return out, err
}

// PendingChange returns the change of tool waiting for approval under
// identity, if one is.
func (s *Store) PendingChange(identity, tool string) (Change, bool) {
	var out Change
	ok := false
	_ = s.locked(func() error {
		if sp := s.state.Servers[identity]; sp != nil {
			if c := sp.Pending[tool]; c != nil {
				out, ok = Change{Tool: c.Tool, Status: c.Status, Old: c.Old.clone(), New: c.New.clone()}, true
			}
		}
		return nil
	})
	return out, ok
}

// pendingNow says what is pending for a refused approval: at most 20
// changes, with the count of the rest.
func pendingNow(pending map[string]*Change) string {
	if len(pending) == 0 {
		return "; nothing is waiting now"
	}
	var parts []string
	for i, c := range sortedChanges(pending) {
		if i == 20 {
			parts = append(parts, fmt.Sprintf("… (%d in all)", len(pending)))
			break
		}
		parts = append(parts, fmt.Sprintf("%s %q", c.Status, c.Tool))
	}
	return "; waiting now: " + strings.Join(parts, ", ") + "; review them with 'switchboard pins --diff' and approve again"
}

// approve approves the pending changes of tools (all when nil); with
// shown, only if each is the change shown (see ApproveShown).
func (s *Store) approve(identity string, tools []string, shown map[string]string) ([]Change, error) {
	sp := s.state.Servers[identity]
	if sp == nil {
		return nil, fmt.Errorf("approving pins of %q: %w", identity, ErrUnknownIdentity)
	}
	if tools == nil {
		for name := range sp.Pending {
			tools = append(tools, name)
		}
	}
	// A name given twice is approved once: the second found its change
	// gone and dereferenced nil ('approve s read read' panicked).
	tools = slices.Compact(slices.Sorted(slices.Values(tools)))
	var missing, stale []string
	for _, name := range tools {
		switch c := sp.Pending[name]; {
		case c == nil:
			missing = append(missing, fmt.Sprintf("%q", name))
		case shown != nil && c.Key() != shown[name]:
			stale = append(stale, fmt.Sprintf("%q", name))
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("approving pins of %q: no pending change for %s", identity, strings.Join(missing, ", "))
	}
	if len(stale) > 0 {
		return nil, fmt.Errorf("approving pins of %q: %s %w; nothing approved: review the change now pending and approve again", identity, strings.Join(stale, ", "), ErrChangedSinceShown)
	}
	done := map[string]*Change{}
	oldTools, oldPending := maps.Clone(sp.Tools), maps.Clone(sp.Pending)
	s.touch(identity)
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
			// Not approved: an approval the disk refused took effect in
			// this process all the same (the status page's Approve
			// reported an error, and the tools were offered), and asking
			// again found nothing pending while the file still had it.
			sp.Tools, sp.Pending = oldTools, oldPending
			s.touch(identity)
			return nil, err
		}
	}
	return sortedChanges(done), nil
}

// Pending returns the pending changes of every identity that has some,
// each list sorted by tool name.
func (s *Store) Pending() (map[string][]Change, error) {
	out := map[string][]Change{}
	err := s.locked(func() error {
		for id, sp := range s.state.Servers {
			if len(sp.Pending) > 0 {
				out[id] = sortedChanges(sp.Pending)
			}
		}
		return nil
	})
	return out, err
}

// Identities returns every identity the store has pins for, sorted.
func (s *Store) Identities() ([]string, error) {
	var out []string
	err := s.locked(func() error {
		for id := range s.state.Servers {
			out = append(out, id)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// SetHeld records the tools of identity that vetting withheld as
// poisoned, replacing the identity's earlier record, so that
// [Store.Held] (switchboard pins) can list them. The file is written
// only when the record changed. An identity the store does not know (not
// checked yet) is ignored: a record must not make it known, which would
// turn its first sight into a list of new tools.
func (s *Store) SetHeld(identity string, held []Hold) error {
	return s.locked(func() error {
		sp := s.state.Servers[identity]
		if sp == nil {
			return nil
		}
		m := map[string]*Hold{}
		for _, h := range held {
			h.Rules = slices.Clone(h.Rules)
			m[h.Tool] = &h
		}
		if sameHeld(sp.Held, m) {
			return nil
		}
		s.touch(identity)
		sp.Held = nil
		if len(m) > 0 {
			sp.Held = m
		}
		return s.save()
	})
}

func sameHeld(a, b map[string]*Hold) bool {
	if len(a) != len(b) {
		return false
	}
	for name, x := range a {
		y, ok := b[name]
		if !ok || x.Hash != y.Hash || !slices.Equal(x.Rules, y.Rules) {
			return false
		}
	}
	return true
}

// Held returns the tools withheld as poisoned, per identity, each list
// sorted by tool name.
func (s *Store) Held() (map[string][]Hold, error) {
	out := map[string][]Hold{}
	err := s.locked(func() error {
		for id, sp := range s.state.Servers {
			for _, h := range sp.Held {
				c := *h
				c.Rules = slices.Clone(h.Rules)
				out[id] = append(out[id], c)
			}
			slices.SortFunc(out[id], func(a, b Hold) int { return strings.Compare(a.Tool, b.Tool) })
		}
		return nil
	})
	return out, err
}

// AcceptRisk records that the user accepts the risk of tool of identity
// as it was withheld (its recorded hash): vetting then shows that exact
// definition, with a warning, despite the poisoning rules. A later change
// to the tool is checked again. It fails when the tool is not held.
func (s *Store) AcceptRisk(identity, tool string) (Hold, error) {
	var out Hold
	err := s.locked(func() error {
		sp := s.state.Servers[identity]
		var h *Hold
		if sp != nil {
			h = sp.Held[tool]
		}
		if h == nil {
			return fmt.Errorf("accepting the risk of tool %q: it is not withheld for poisoning (see 'switchboard pins')", tool)
		}
		oldAccepted, oldHeld := maps.Clone(sp.Accepted), maps.Clone(sp.Held)
		s.touch(identity)
		if sp.Accepted == nil {
			sp.Accepted = map[string]string{}
		}
		sp.Accepted[tool] = h.Hash
		delete(sp.Held, tool)
		if len(sp.Held) == 0 {
			sp.Held = nil
		}
		out = *h
		if err := s.save(); err != nil {
			// Not accepted, as for an approval (see approve): the tool
			// stays withheld in this process too.
			sp.Accepted, sp.Held = oldAccepted, oldHeld
			s.touch(identity)
			return err
		}
		return nil
	})
	return out, err
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
