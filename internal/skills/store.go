package skills

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/filelock"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// ErrNotFound is the cause of the error for a skill no directory has.
var ErrNotFound = errors.New("no such skill")

// HistoryDir is where, in a skills directory, earlier versions of its
// skills are kept (NAME.N.js, N counting up), at most MaxHistory per skill.
const (
	HistoryDir = ".history"
	MaxHistory = 10
)

// UserDir is the user's skills directory next to the user config file
// ($XDG_CONFIG_HOME/switchboard/config.json: …/switchboard/skills).
func UserDir(userConfig string) string { return filepath.Join(filepath.Dir(userConfig), "skills") }

// ProjectDir is a project's skills directory: .switchboard/skills next to
// its project config file; "" when there is none.
func ProjectDir(projectConfig string) string {
	if projectConfig == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(projectConfig), ".switchboard", "skills")
}

// Store reads and writes the skills of one user and, optionally, one
// project. The zero value has no directories. Its methods are safe for
// concurrent use (writes lock the directory across processes). Files are
// read on every call; parses are kept by content, so an unchanged file is
// not parsed and vetted again (a Store is not to be copied).
type Store struct {
	User    string // the user's skills directory; where Save writes
	Project string // the project's skills directory; "" for none
	// Trusted is the trusted-project store (allow.StorePath): a project's
	// skill file is used only when it holds the file's current content.
	Trusted string

	mu     sync.Mutex
	parsed map[string]*Skill // name NUL SHA-256 of the content -> its parse
}

// maxParsed bounds Store.parsed; it is emptied when full.
const maxParsed = 512

// parse is Parse through the cache; the result is the caller's own.
func (st *Store) parse(name string, data []byte) (*Skill, error) {
	key := name + "\x00" + allow.Digest(data)
	st.mu.Lock()
	sk, ok := st.parsed[key]
	st.mu.Unlock()
	if !ok {
		var err error
		if sk, err = Parse(name, data); err != nil {
			return nil, err
		}
		st.mu.Lock()
		if st.parsed == nil || len(st.parsed) >= maxParsed {
			st.parsed = map[string]*Skill{}
		}
		st.parsed[key] = sk
		st.mu.Unlock()
	}
	c := *sk
	c.Uses = slices.Clone(sk.Uses)
	return &c, nil
}

// Problem is a skill file that cannot be used, and why.
type Problem struct {
	Name, Scope, Path, Reason string
	// Untrusted: a project skill the user has not trusted (or that changed
	// since): `switchboard skills approve NAME` trusts it.
	Untrusted bool
	// Uses are the tools an Untrusted skill that parses records (@uses):
	// approving it looks each up, so a listing can say beforehand that
	// one names a server the session does not have.
	Uses []Use
}

func (p Problem) String() string {
	return fmt.Sprintf("%s skill %q (%s): %s", p.Scope, p.Name, p.Path, p.Reason)
}

// Load reads every skill, sorted by name, and the files that cannot be
// used. A user skill wins over a project skill of the same name.
func (st *Store) Load() ([]*Skill, []Problem) {
	var out []*Skill
	var probs []Problem
	seen := map[string]bool{}
	for _, d := range st.dirs() {
		names, odd, err := list(d.dir)
		if err != nil {
			probs = append(probs, Problem{Scope: d.scope, Path: d.dir, Reason: err.Error()})
		}
		for _, n := range odd {
			path := filepath.Join(d.dir, n+".js")
			// The name is shown escaped, and the path quoted for a shell:
			// a file named "x\nIMPORTANT: …" would begin a line of its own.
			probs = append(probs, Problem{Name: echo.Clip(n), Scope: d.scope, Path: echo.Path(path),
				Reason: fmt.Sprintf("not used: %v; a skill's file is NAME.js, NAME its @skill: rename the file to a name a skill may have, or delete it: rm %s", ValidName(n), echo.ShellArg(path))})
		}
		for _, n := range names {
			path := filepath.Join(d.dir, n+".js")
			if seen[n] {
				probs = append(probs, Problem{Name: n, Scope: d.scope, Path: path, Reason: "hidden by the user's skill of the same name"})
				continue
			}
			sk, p := st.read(d, n)
			if p != nil {
				probs = append(probs, p.Problem)
				continue
			}
			seen[n] = true
			out = append(out, sk)
		}
	}
	slices.SortFunc(out, func(a, b *Skill) int { return cmp.Compare(a.Name, b.Name) })
	return out, probs
}

// Get reads one skill (the user's, else the project's). The error for a
// skill that cannot be used says why and how to fix it.
func (st *Store) Get(name string) (*Skill, error) {
	if err := ValidName(name); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	for _, d := range st.dirs() {
		sk, p := st.read(d, name)
		if p == nil {
			return sk, nil
		}
		if !errors.Is(p.err, fs.ErrNotExist) {
			return nil, errors.New(p.Reason)
		}
	}
	return nil, fmt.Errorf("%w %q", ErrNotFound, name)
}

// File reads skill name's file as it is (the user's, else the project's),
// without checking that it parses or that a project's file is trusted:
// for showing it to the user, who reads a project skill before trusting
// it. The error wraps fs.ErrNotExist when no directory has the file.
func (st *Store) File(name string) (path, scope string, data []byte, err error) {
	if err := ValidName(name); err != nil {
		return "", "", nil, fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	for _, d := range st.dirs() {
		path := filepath.Join(d.dir, name+".js")
		data, err := safefile.ReadMax(path, MaxFile)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", "", nil, fmt.Errorf("reading skill %s: %w", path, err)
		}
		return path, d.scope, data, nil
	}
	return "", "", nil, fmt.Errorf("%w %q: %w", ErrNotFound, name, fs.ErrNotExist)
}

type scopeDir struct{ scope, dir string }

func (st *Store) dirs() []scopeDir {
	var ds []scopeDir
	if st.User != "" {
		ds = append(ds, scopeDir{ScopeUser, st.User})
	}
	if st.Project != "" {
		ds = append(ds, scopeDir{ScopeProject, st.Project})
	}
	return ds
}

// problem is a Problem with its cause.
type problem struct {
	Problem
	err error
}

// read reads d's skill name; a project skill only when trusted.
func (st *Store) read(d scopeDir, name string) (*Skill, *problem) {
	path := filepath.Join(d.dir, name+".js")
	pr := func(err error, reason string, untrusted bool) *problem {
		return &problem{Problem{Name: name, Scope: d.scope, Path: path, Reason: reason, Untrusted: untrusted}, err}
	}
	data, err := safefile.ReadMax(path, MaxFile)
	if err != nil {
		return nil, pr(err, fmt.Sprintf("reading skill %s: %v", path, err), false)
	}
	if d.scope == ScopeProject {
		// The project is the directory holding .switchboard/skills: a
		// .switchboard linked to another project's is a link out of it.
		status, err := allow.CheckUnder(st.Trusted, filepath.Dir(filepath.Dir(d.dir)), path, data)
		if err != nil {
			return nil, pr(err, fmt.Sprintf("project skill %s: %v", path, err), true)
		}
		if status == allow.Linked {
			return nil, pr(nil, fmt.Sprintf("project skill %s is a link out of the project, not used: a file is trusted only where it is", path), true)
		}
		if status != allow.Trusted {
			sk, perr := st.parse(name, data)
			if perr != nil {
				// `skills approve` refuses it: the listing said to run
				// it all the same. Parsing reads the header and checks
				// the schemas; nothing of the file runs.
				return nil, pr(nil, fmt.Sprintf("project skill %s is %s, and `switchboard skills approve` refuses it as it is: %s; it is the project's file: fix it there, or delete it", path, status, problemsLine(perr.Error())), true)
			}
			p := pr(nil, fmt.Sprintf("project skill %s is %s: read it, then run `switchboard skills approve %s`", path, status, name), true)
			p.Uses = sk.Uses
			return nil, p
		}
	}
	sk, err := st.parse(name, data)
	if err != nil {
		// Named with what to do: a skill saved before a check was added
		// (round sixty-six's schema bounds) or edited by hand fails here
		// at every listing, and the reason alone said the file and the
		// schema's fault, not how to get rid of it.
		fix := fmt.Sprintf("save it again fixed (skills.save({name: %q, …}) in execute), or delete it: switchboard skills rm %s", name, name)
		if d.scope == ScopeProject {
			fix = fmt.Sprintf("it is the project's file: fix it there, or delete it: switchboard skills rm %s", name)
		}
		return nil, pr(err, fmt.Sprintf("skill %q (%s): %v; %s", name, path, problemsLine(err.Error()), fix), false)
	}
	sk.Scope, sk.Path = d.scope, path
	return sk, nil
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// problemsLine is an error of several lines (errors.Join) on one, its
// problems apart: "…: they must match; inputSchema: required: …" (they
// ran together: "they must match inputSchema: required").
func problemsLine(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if l = oneLine(l); l != "" {
			out = append(out, l)
		}
	}
	return strings.Join(out, "; ")
}

// MaxFile is the largest skill file read: far above what Validate lets a
// skill hold (code, schemas, description). A repository's skill files
// were read up to safefile's 16 MiB each, before the trust check, at
// every listing.
const MaxFile = 1 << 20

// MaxFiles is the most skill files of one directory that are read;
// the rest are a problem, named with the directory. A directory is
// listed no further than maxEntries entries.
const (
	MaxFiles   = 1000
	maxEntries = 10_000
)

// list returns the skill names in dir (entries NAME.js with a valid name
// that are not directories), sorted, at most MaxFiles of them. A
// symbolic link counts, as Get follows one (a dotfiles repository's);
// what it names, or a FIFO, is read by safefile, which refuses anything
// but a regular file with the reason. A directory of more than
// maxEntries entries is an error and none is read; more than MaxFiles
// skills, the first MaxFiles by name and an error saying how many more.
// A repository's .switchboard/skills of 20,000 files (or a link to a
// large directory) was listed and each file read and checked against the
// trusted store at every list_tools, three times: 5 s each.
//
// odd holds the names of the other NAME.js files (at most maxOdd): a name
// no skill may have (save.js, class.js, my-skill.js), left out of every
// listing without a word before.
func list(dir string) (names, odd []string, err error) {
	// Opened without waiting: a FIFO in its place would block a plain
	// open for a writer (os.ReadDir refused it, as no directory).
	f, err := os.OpenFile(dir, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	if err != nil {
		return nil, nil, fmt.Errorf("reading skills directory %s: %w", dir, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.IsDir() {
		what := "not a directory"
		if err == nil && fi.Mode().IsRegular() {
			what = "a file, not a directory"
		} else if err == nil {
			what = safefile.Kind(fi.Mode()) + ", not a directory"
		}
		return nil, nil, fmt.Errorf("reading skills directory %s: it is %s", dir, what)
	}
	var out []string
	seen := 0
	for {
		ents, err := f.ReadDir(256)
		if seen += len(ents); seen > maxEntries {
			return nil, nil, fmt.Errorf("skills directory %s holds more than %d entries: none is read; keep skills only there (at most %d)", dir, maxEntries, MaxFiles)
		}
		for _, e := range ents {
			n, ok := strings.CutSuffix(e.Name(), ".js")
			switch {
			case !ok || e.IsDir():
			case ValidName(n) == nil:
				out = append(out, n)
			case len(odd) < maxOdd && n != "" && !strings.HasPrefix(n, "."):
				odd = append(odd, n)
			}
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("reading skills directory %s: %w", dir, err)
		}
	}
	slices.Sort(out)
	slices.Sort(odd)
	if len(out) > MaxFiles {
		return out[:MaxFiles], odd, fmt.Errorf("skills directory %s holds %d skill files: only the first %d by name are read; remove the ones you do not use (switchboard skills rm NAME)", dir, len(out), MaxFiles)
	}
	return out, odd, nil
}

// maxOdd is the most files of one directory named as no skill can be
// that are said.
const maxOdd = 20

// Save writes sk to the user's directory (atomically, mode 0600), keeping
// the skill it replaces under HistoryDir. It sets sk.Path and sk.Scope and
// reports whether a skill was replaced.
func (st *Store) Save(sk *Skill) (replaced bool, err error) {
	if st.User == "" {
		return false, errors.New("saving a skill: no user skills directory")
	}
	d := Def{Name: sk.Name, Description: sk.Description, InputSchema: sk.InputSchema, OutputSchema: sk.OutputSchema, Code: sk.Code}
	if err := d.Validate(); err != nil {
		return false, err
	}
	if sk.Saved.IsZero() {
		sk.Saved = time.Now().UTC().Truncate(time.Second)
	}
	path := filepath.Join(st.User, sk.Name+".js")
	err = st.locked(st.User, func() error {
		if err := roomFor(st.User, path); err != nil {
			return err
		}
		var err error
		replaced, err = keep(st.User, sk.Name)
		if err != nil {
			return err
		}
		return atomicfile.Write(path, Render(sk), 0o600)
	})
	if err != nil {
		return false, fmt.Errorf("saving skill %s: %w", path, err)
	}
	sk.Path, sk.Scope = path, ScopeUser
	return replaced, nil
}

// roomFor refuses a new skill file path in dir once dir holds MaxFiles
// skills, the most that are read (a skill saved again takes no more
// room). Scripts save skills: one script saving 1,000 junk skills named
// "a0000"… hid every skill of the user's named after them from list_tools
// and skills list, and 10,001 made the directory unread, every skill
// gone from the index.
func roomFor(dir, path string) error {
	if _, err := os.Lstat(path); !errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	names, _, err := list(dir)
	switch {
	case err != nil:
		return fmt.Errorf("not saving a new skill: %w", err)
	case len(names) >= MaxFiles:
		return fmt.Errorf("not saving a new skill: %s holds %d skills, the most that are read; remove the ones you do not use (switchboard skills rm NAME) before saving another", dir, len(names))
	}
	return nil
}

// locked runs fn under dir's lock, creating dir (0700).
func (st *Store) locked(dir string, fn func() error) error {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	return filelock.With(filepath.Join(dir, ".skills"), fn)
}

// keep copies dir's NAME.js, when there is one, to the history as the
// next version and drops versions beyond MaxHistory.
func keep(dir, name string) (bool, error) {
	old, err := safefile.Read(filepath.Join(dir, name+".js"))
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	hist := filepath.Join(dir, HistoryDir)
	// The history is a directory of ours: a repository's .history linked
	// elsewhere had rm and approve write NAME.N.js there, and delete the
	// oldest such files, outside the project.
	if fi, err := os.Lstat(hist); err == nil && !fi.IsDir() {
		what := "a file"
		if fi.Mode()&fs.ModeSymlink != 0 {
			what = "a symbolic link"
		} else if !fi.Mode().IsRegular() {
			what = safefile.Kind(fi.Mode())
		}
		return false, fmt.Errorf("%s is %s, not a directory: refusing to keep versions through it; move it away", hist, what)
	}
	if err := os.MkdirAll(hist, 0o700); err != nil {
		return false, err
	}
	vs := versions(hist, name)
	next := 1
	if len(vs) > 0 {
		next = vs[len(vs)-1] + 1
	}
	if err := atomicfile.Write(filepath.Join(hist, fmt.Sprintf("%s.%d.js", name, next)), old, 0o600); err != nil {
		return false, err
	}
	vs = append(vs, next)
	for len(vs) > MaxHistory {
		os.Remove(filepath.Join(hist, fmt.Sprintf("%s.%d.js", name, vs[0])))
		vs = vs[1:]
	}
	return true, nil
}

// versions are the version numbers of name in the history dir, ascending.
func versions(hist, name string) []int {
	ents, _ := os.ReadDir(hist)
	var vs []int
	for _, e := range ents {
		rest, ok := strings.CutPrefix(e.Name(), name+".")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(strings.TrimSuffix(rest, ".js"))
		if err == nil && strings.HasSuffix(rest, ".js") {
			vs = append(vs, n)
		}
	}
	slices.Sort(vs)
	return vs
}

// History returns the paths of name's earlier versions in its directory,
// oldest first.
func (st *Store) History(sk *Skill) []string {
	hist := filepath.Join(filepath.Dir(sk.Path), HistoryDir)
	var out []string
	for _, v := range versions(hist, sk.Name) {
		out = append(out, filepath.Join(hist, fmt.Sprintf("%s.%d.js", sk.Name, v)))
	}
	return out
}

// Removal is what Remove took away.
type Removal struct {
	Path string // the skill file's path
	Kept bool   // its content was kept as the last version in HistoryDir
	// Kind is what the path was when it was not a regular file, with its
	// article ("a symbolic link", "a named pipe (FIFO)"); "" for a file.
	Kind string
}

// Remove deletes a skill (the user's, else the project's), keeping its
// last version in the history. A skill file that is a symbolic link is
// removed as a link: the file it names stays where it is, and nothing is
// copied (a repository's .switchboard/skills/NAME.js linked to
// ~/.ssh/id_rsa had rm copy the key into the repository's .history). One
// that is a FIFO, socket or device is removed unopened, nothing kept (it
// was refused, so only a shell rm cleared it); a directory is refused.
func (st *Store) Remove(name string) (Removal, error) {
	if err := ValidName(name); err != nil {
		return Removal{}, fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	for _, d := range st.dirs() {
		path := filepath.Join(d.dir, name+".js")
		fi, err := os.Lstat(path)
		if err != nil {
			continue
		}
		r := Removal{Path: path, Kept: fi.Mode().IsRegular()}
		switch {
		case fi.IsDir():
			return Removal{}, fmt.Errorf("removing skill %s: %s is a directory, not a skill file: refusing to delete it", name, path)
		case fi.Mode()&fs.ModeSymlink != 0:
			r.Kind = "a symbolic link"
		case !r.Kept:
			r.Kind = safefile.Kind(fi.Mode())
		}
		err = st.locked(d.dir, func() error {
			if r.Kept {
				if _, err := keep(d.dir, name); err != nil {
					return err
				}
			}
			return os.Remove(path)
		})
		if err != nil {
			return Removal{}, fmt.Errorf("removing skill %s: %w", path, err)
		}
		return r, nil
	}
	return Removal{}, fmt.Errorf("%w %q", ErrNotFound, name)
}

// Approve records uses (the tools the skill calls, with their pins now)
// in skill name's file, keeping the version it replaces, and for a
// project skill trusts the file's new content. It reads the file without
// the trust check: approving is how a project skill becomes trusted.
func (st *Store) Approve(name string, uses func(sk *Skill) ([]Use, error)) (*Skill, error) {
	if err := ValidName(name); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrNotFound, err)
	}
	for _, d := range st.dirs() {
		path := filepath.Join(d.dir, name+".js")
		data, err := safefile.ReadMax(path, MaxFile)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("reading skill %s: %w", path, err)
		}
		sk, err := Parse(name, data)
		if err != nil {
			return nil, fmt.Errorf("skill %s: %w", path, err)
		}
		sk.Scope, sk.Path = d.scope, path
		if d.scope == ScopeProject {
			// Before anything is written: a repository's skill linked to
			// another project's (of the same name) had approve rewrite
			// that file through the link and copy it into this
			// repository's .history, then refuse to trust the link.
			if status, err := allow.CheckUnder(st.Trusted, filepath.Dir(filepath.Dir(d.dir)), path, data); err != nil {
				return nil, fmt.Errorf("approving skill %s: %w", path, err)
			} else if fi, lerr := os.Lstat(path); status == allow.Linked || lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
				// A link within the directory too: approve would write
				// the new version through it into the other skill's file.
				target, _ := filepath.EvalSymlinks(path)
				return nil, fmt.Errorf("project skill %s is a link to %s: a file is trusted only where it is, so nothing is approved; copy the file here in its place, or remove the link (switchboard skills rm %s)", path, target, name)
			}
		}
		if sk.Blocked != "" {
			return nil, fmt.Errorf("skill %s cannot be approved: %s; change its description", path, sk.Blocked)
		}
		us, err := uses(sk)
		if err != nil {
			return nil, err
		}
		err = st.locked(d.dir, func() error {
			// uses may take seconds (it starts backends): a save in the
			// meantime would be overwritten by the version read before.
			if now, err := safefile.ReadMax(path, MaxFile); err != nil || !bytes.Equal(now, data) {
				return fmt.Errorf("it changed while being approved (saved again?): nothing is approved; read it again, then run `switchboard skills approve %s`", name)
			}
			approved := data // what was read, parsed and vetted
			if !slices.Equal(us, sk.Uses) {
				if _, err := keep(d.dir, name); err != nil {
					return err
				}
				sk.Uses = us
				sk.Saved = time.Now().UTC().Truncate(time.Second)
				mode := fs.FileMode(0o600)
				if fi, err := os.Stat(path); err == nil {
					mode = fi.Mode().Perm() // a project's file keeps its mode
				}
				approved = Render(sk)
				if err := atomicfile.Write(path, approved, mode); err != nil {
					return err
				}
			}
			if d.scope == ScopeProject {
				// The content approved, not the file read again: one
				// swapped in between is not trusted by this.
				if _, err := allow.TrustContent(st.Trusted, path, approved); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("approving skill %s: %w", path, err)
		}
		return sk, nil
	}
	return nil, fmt.Errorf("%w %q", ErrNotFound, name)
}
