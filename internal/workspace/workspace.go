// Package workspace knows a session's project: its root directory, the
// dependencies its manifests and lock files declare (Rust crates, Go
// modules, npm packages, Python packages), and the predicates ("when")
// that decide whether a backend applies there.
//
// A Workspace caches what it read: each ecosystem's facts are read once
// and kept with a stamp (mtime and size, then a SHA-256 of the content)
// of every file and directory they came from, including files that were
// looked for and did not exist. Refresh re-stats those and re-reads only
// an ecosystem whose files really changed, so an unchanged workspace
// costs a few stat calls. Package workspace imports nothing of ours.
package workspace

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// VCSMarkers are the directories that mark a version-control checkout's
// root.
var VCSMarkers = []string{".git", ".hg", ".jj", ".svn"}

// FindRoot is the workspace root of dir: the nearest directory at or
// above dir that holds a repository marker (VCSMarkers), not going up to
// home or above it; dir itself when there is none.
func FindRoot(dir, home string) string {
	return FindRootWith(dir, home, VCSMarkers...)
}

// FindRootWith is FindRoot with other markers: the nearest directory at or
// above dir that holds one of them, not going up to home (when home is
// set) or above it; dir itself when there is none.
func FindRootWith(dir, home string, markers ...string) string {
	dir = filepath.Clean(dir)
	if home != "" {
		home = filepath.Clean(home)
	}
	for d := dir; ; {
		if home != "." && home != "" && d == home {
			return dir
		}
		for _, m := range markers {
			if _, err := os.Lstat(filepath.Join(d, m)); err == nil {
				return d
			}
		}
		up := filepath.Dir(d)
		if up == d {
			return dir
		}
		d = up
	}
}

// stamp is what a file or directory looked like when it was read. For a
// directory the hash is over its sorted entry names.
type stamp struct {
	path   string
	dir    bool
	exists bool
	mod    time.Time
	size   int64
	sum    [32]byte
	// over: a directory of more than maxGlob entries, not listed to the
	// end; any move of its mtime counts as a change.
	over bool
	// out: a file inside the root by name that is a link to outside it,
	// stamped (a change to it counts) but not read.
	out bool
}

// look stamps path as it is now; for a file it also returns the content,
// or why a file that is there cannot be read (too large, not a regular
// file, no permission), which is stamped as absent.
func look(path string, dir bool) (stamp, []byte, error) {
	st := stamp{path: path, dir: dir}
	fi, err := os.Stat(path)
	if err != nil && !dir {
		// A file there whose stat fails is a symbolic link that leads
		// nowhere (a loop, a missing target): the read says which, where
		// it was taken as absent without a word.
		if _, lerr := os.Lstat(path); lerr == nil {
			_, rerr := safefile.Read(path)
			return st, nil, rerr
		}
	}
	if err != nil || fi.IsDir() != dir {
		return st, nil, nil
	}
	st.exists, st.mod, st.size = true, fi.ModTime(), fi.Size()
	if dir {
		names, over := dirNames(path)
		if over {
			st.over = true
			return st, nil, nil
		}
		h := sha256.New()
		for _, n := range names {
			h.Write([]byte(n))
			h.Write([]byte{0})
		}
		copy(st.sum[:], h.Sum(nil))
		return st, nil, nil
	}
	b, err := safefile.Read(path)
	if err != nil {
		st.exists = false
		return st, nil, err
	}
	st.sum = sha256.Sum256(b)
	return st, b, nil
}

// dirNames are the entry names of the directory at path, sorted, a
// directory's with a "/" after it; over is true, and names incomplete,
// when it has more than maxGlob entries. It reads a batch at a time and
// stops past the bound: os.ReadDir read a directory of 10,001 entries
// whole for each member pattern naming something in it, and 1,000 such
// patterns in a package.json took 16 s and 2.6 GB at a resolve (a
// million entries, some seconds each).
func dirNames(path string) (names []string, over bool) {
	f, err := os.Open(path)
	if err != nil {
		return nil, false
	}
	defer f.Close()
	for {
		batch, err := f.ReadDir(256)
		for _, e := range batch {
			n := e.Name()
			if e.IsDir() {
				n += "/"
			}
			names = append(names, n)
		}
		if len(names) > maxGlob {
			return names, true
		}
		if err != nil { // io.EOF, or unreadable: what was read
			break
		}
	}
	slices.Sort(names)
	return names, false
}

// changed reports whether the file or directory differs from st: it
// appeared or vanished, or its mtime or size moved and its content hash
// differs. A touch that left the content alone updates st and is no
// change.
func (st *stamp) changed() bool {
	fi, err := os.Stat(st.path)
	exists := err == nil && fi.IsDir() == st.dir
	if exists != st.exists {
		return true
	}
	if !exists || (fi.ModTime().Equal(st.mod) && fi.Size() == st.size) {
		return false
	}
	if st.over {
		return true
	}
	now, _, _ := look(st.path, st.dir)
	if now.exists != st.exists || now.sum != st.sum {
		return true
	}
	st.mod, st.size = now.mod, now.size
	return false
}

// reader reads the files of one ecosystem and stamps each.
type reader struct {
	root    string
	stamps  []stamp
	errs    []error         // files that are there and cannot be read
	globs   int             // glob calls so far (maxPatterns)
	stamped map[string]bool // directories stamped, each once
	real    string          // the root, links resolved ("": not yet)
}

// linksOut reports whether the file at p, inside the root by name, is a
// symbolic link (or below a directory that is one) to a file outside the
// root. A file named outside the root (a go.work use line's) is not.
func (r *reader) linksOut(p string) bool {
	if !within(r.root, p) {
		return false
	}
	target, err := filepath.EvalSymlinks(p)
	if err != nil {
		return false
	}
	if r.real == "" {
		if r.real, err = filepath.EvalSymlinks(r.root); err != nil {
			r.real = r.root
		}
	}
	return !within(r.real, target)
}

// maxPatterns is the most member patterns (globs, go.work use lines) an
// ecosystem's manifests may give; the rest are a problem, not read. A
// package.json listing 100,000 workspaces took 8 s to resolve, each
// pattern listing and hashing its directories again.
const maxPatterns = 1000

// another counts one more member pattern of file and reports whether it
// may be read; past maxPatterns it adds the problem once.
func (r *reader) another(file string) bool {
	r.globs++
	if r.globs == maxPatterns+1 {
		r.errs = append(r.errs, fmt.Errorf("%s: more than %d workspace members: the rest are not read; name fewer (a glob such as packages/* counts once)", file, maxPatterns))
	}
	return r.globs <= maxPatterns
}

// read returns the content of the file at rel (relative to the root, or
// absolute) and whether it exists; a missing file is stamped too, so that
// its creation counts as a change.
//
// A manifest that is a symbolic link to a file outside the root is not
// read: a problem says so. A repository's Cargo.toml linked to
// ../../.aws/credentials had its TOML error, quoting the text it met
// ("expected value but found \"AKIAIOSFODNN\""), in the list_tools index,
// as member globs and path predicates already refused such links.
func (r *reader) read(rel string) ([]byte, bool) {
	p := r.abs(rel)
	for _, s := range r.stamps {
		if s.path == p && !s.dir {
			if !s.exists || s.out {
				return nil, false
			}
			b, err := safefile.Read(p)
			return b, err == nil
		}
	}
	if r.linksOut(p) {
		st, _, _ := look(p, false)
		st.out = true
		r.stamps = append(r.stamps, st)
		r.errs = append(r.errs, fmt.Errorf("%s is a symbolic link to outside the workspace root: not read", r.rel(p)))
		return nil, false
	}
	st, b, err := look(p, false)
	if err != nil {
		r.errs = append(r.errs, err)
	}
	r.stamps = append(r.stamps, st)
	return b, st.exists
}

// glob expands pattern (of file, relative to the root) inside the root
// (globInside), stamping each directory it lists (or, with no match, the
// deepest literal directory, so that a match appearing later counts),
// and returns the matches that are directories (dirs) or files (!dirs),
// relative to the root, sorted. A pattern leaving the root is a problem
// naming file.
func (r *reader) glob(file, pattern string, dirs bool) []string {
	if file != "" && !r.another(file) { // "": a pattern of ours, such as requirements*.txt
		return nil
	}
	return r.expand(file, pattern, dirs, false)
}

// expand is glob without the count of patterns; hideDots as globInside.
func (r *reader) expand(file, pattern string, dirs, hideDots bool) []string {
	full := filepath.Join(r.root, filepath.FromSlash(pattern))
	matches, err := globInside(r.root, pattern, hideDots)
	if errors.Is(err, errLeavesRoot) || errors.Is(err, errTooMany) {
		r.errs = append(r.errs, refused(file, pattern, err))
	}
	if err != nil && !errors.Is(err, errTooMany) {
		return nil
	}
	// Each directory once for all the patterns: 1,000 patterns naming
	// entries of one directory listed and hashed it 1,000 times.
	stampDir := func(d string) {
		if r.stamped == nil {
			r.stamped = map[string]bool{}
		}
		if !r.stamped[d] {
			r.stamped[d] = true
			st, _, _ := look(d, true)
			r.stamps = append(r.stamps, st)
		}
	}
	for _, m := range matches {
		stampDir(filepath.Dir(m))
	}
	// With no match, or over the bound (the tree may shrink: the problem
	// stayed until a manifest changed), the deepest literal directory.
	if len(matches) == 0 {
		lit := filepath.Dir(full)
		for hasMeta(lit) {
			lit = filepath.Dir(lit)
		}
		stampDir(lit)
	}
	var out []string
	for _, m := range matches {
		if fi, err := os.Stat(m); err == nil && fi.IsDir() == dirs {
			if rel, err := filepath.Rel(r.root, m); err == nil {
				out = append(out, filepath.ToSlash(rel))
			}
		}
	}
	slices.Sort(out)
	return out
}

func hasMeta(p string) bool {
	for _, c := range p {
		switch c {
		case '*', '?', '[', '\\':
			return true
		}
	}
	return false
}

func (r *reader) abs(rel string) string {
	if filepath.IsAbs(rel) {
		return filepath.Clean(rel)
	}
	return filepath.Join(r.root, filepath.FromSlash(rel))
}

// rel names p for people: relative to the root when inside it.
func (r *reader) rel(p string) string {
	if q, err := filepath.Rel(r.root, p); err == nil && !filepath.IsAbs(q) && q != ".." && (len(q) < 3 || q[:3] != "../") {
		return filepath.ToSlash(q)
	}
	return p
}

// files are the files read that exist, relative to the root.
func (r *reader) files() []string {
	var out []string
	for _, s := range r.stamps {
		if s.exists && !s.dir && !s.out {
			out = append(out, r.rel(s.path))
		}
	}
	return out
}

// Dep is one dependency as the manifests and lock files declare it.
type Dep struct {
	Name string
	// Versions are the resolved versions (from a lock file, or the exact
	// version a manifest pins, such as go.mod's); empty when only a
	// requirement is known.
	Versions []string
	// Reqs are the version requirements written in manifests ("^0.7",
	// ">=4.2"); "" for none.
	Reqs []string
	// Files declare it (relative to the root).
	Files []string
}

// facts are one ecosystem's dependencies in the workspace.
type facts struct {
	deps   map[string]*Dep // by normalised name
	files  []string        // files read (relative to the root)
	errs   []error         // malformed files; the rest still count
	stamps []stamp
}

func (f *facts) add(name, file, req, version string) {
	if f.deps == nil {
		f.deps = map[string]*Dep{}
	}
	d := f.deps[name]
	if d == nil {
		d = &Dep{Name: name}
		f.deps[name] = d
	}
	if file != "" && !slices.Contains(d.Files, file) {
		d.Files = append(d.Files, file)
	}
	if req != "" && !slices.Contains(d.Reqs, req) {
		d.Reqs = append(d.Reqs, req)
	}
	if version != "" && !slices.Contains(d.Versions, version) {
		d.Versions = append(d.Versions, version)
	}
}

// lockVersion records a lock file's version of a declared dependency.
func (f *facts) lockVersion(name, version string) {
	if d := f.deps[name]; d != nil && version != "" && !slices.Contains(d.Versions, version) {
		d.Versions = append(d.Versions, version)
	}
}

// Workspace is one workspace root and what was read in it. Its methods
// are safe for concurrent use; one Workspace may serve many sessions.
type Workspace struct {
	root string

	mu    sync.Mutex
	eco   map[Ecosystem]*facts
	paths map[string]pathResult // path globs evaluated, and what they gave
	// pathOrder is paths' patterns in the order first evaluated, the
	// order Refresh runs them again in: with maxGlobAll reached, the same
	// patterns are the ones not run (a map's order would change which,
	// each change a new resolve); globSeen counts what they looked at.
	pathOrder []string
	globSeen  int
	globbed   time.Time // when Refresh last ran the path globs again
	gen       int       // incremented whenever something read changed
}

// PathRecheck is how often Refresh runs a path predicate's glob again. A
// glob may walk up to 10,000 entries (a few milliseconds in a large
// tree), and a session with a "when" refreshes before every list_tools
// and execute: manifests and lock files are checked on each (a stat
// apiece), path globs at most this often, and at once by RefreshAll
// (what switchboard sync asks for).
const PathRecheck = time.Second

// New returns the workspace rooted at root (absolute). Nothing is read
// until a predicate needs it.
func New(root string) *Workspace {
	return &Workspace{root: filepath.Clean(root), eco: map[Ecosystem]*facts{}, paths: map[string]pathResult{}}
}

// Root is the workspace root directory.
func (w *Workspace) Root() string { return w.root }

// Gen counts the changes Refresh has seen: a session that resolved at
// generation g is stale when Gen() != g.
func (w *Workspace) Gen() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.gen
}

// Refresh checks every file and directory read so far (stat, then a
// content hash when mtime or size moved) and, once PathRecheck has passed
// since they last ran, every path glob evaluated; what changed is
// forgotten, to be read again on next use. It reports whether anything
// changed (and then Gen moved).
func (w *Workspace) Refresh() bool { return w.refresh(false) }

// RefreshAll is Refresh with every path glob run again now.
func (w *Workspace) RefreshAll() bool { return w.refresh(true) }

func (w *Workspace) refresh(all bool) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	changed := false
	for e, f := range w.eco {
		for i := range f.stamps {
			if f.stamps[i].changed() {
				delete(w.eco, e)
				changed = true
				break
			}
		}
	}
	if now := time.Now(); all || now.Sub(w.globbed) >= PathRecheck {
		w.globbed = now
		w.globSeen = 0
		for _, pat := range w.pathOrder {
			was := w.paths[pat]
			if now := w.glob(pat); now != was {
				w.paths[pat] = now
				changed = true
			}
		}
	}
	if changed {
		w.gen++
	}
	return changed
}

// facts returns e's facts, reading them on first use (w.mu held).
func (w *Workspace) facts(e Ecosystem) *facts {
	if f := w.eco[e]; f != nil {
		return f
	}
	r := &reader{root: w.root}
	f := &facts{}
	switch e {
	case Crate:
		readCargo(r, f)
	case GoModule:
		readGo(r, f)
	case NPM:
		readNPM(r, f)
	case Python:
		readPython(r, f)
	}
	f.stamps = r.stamps
	f.errs = append(f.errs, r.errs...)
	f.files = r.files()
	w.eco[e] = f
	return f
}

// Deps returns the dependencies of ecosystem e, the files read and the
// problems met (a malformed file names itself and its line), for
// `switchboard sync` and tests.
func (w *Workspace) Deps(e Ecosystem) (map[string]*Dep, []string, []error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	f := w.facts(e)
	return f.deps, slices.Clone(f.files), slices.Clone(f.errs)
}

// pathResult is what a path glob gave: whether it matched, or why it was
// not looked at to the end.
type pathResult struct {
	ok  bool
	err string
}

// glob reports whether pattern (relative to the root, / separated)
// matches anything.
func (w *Workspace) glob(pattern string) pathResult {
	if w.globSeen > maxGlobAll {
		return pathResult{err: errGlobBudget}
	}
	m, err := globCounted(w.root, pattern, false, &w.globSeen)
	if err != nil {
		return pathResult{err: err.Error()}
	}
	return pathResult{ok: len(m) > 0}
}

// pathMatches evaluates and remembers a path glob (w.mu held).
func (w *Workspace) pathMatches(pattern string) pathResult {
	if v, ok := w.paths[pattern]; ok {
		return v
	}
	v := w.glob(pattern)
	w.paths[pattern] = v
	w.pathOrder = append(w.pathOrder, pattern)
	return v
}
