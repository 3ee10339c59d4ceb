// Package agentconf finds the MCP configuration of coding agents
// (Claude Code, Cursor, VS Code, Codex, ...), imports their servers into
// Switchboard's config and leaves one Switchboard entry in each agent
// file, editing the files so that everything else in them stays as it
// was: other keys, order, comments (JSONC, TOML, YAML). Writes are
// atomic and backed up; Undo restores every file to its state before
// the first init.
//
// Nothing here keeps global state; functions may be called from
// several goroutines for different scopes, but two runs on the same
// scope at once race on the same files.
package agentconf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"syscall"

	"github.com/tailscale/hujson"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// Options say where init works. Zero fields mean: Scope Project,
// Getenv returning "", GOOS runtime.GOOS.
type Options struct {
	Scope Scope
	// Root is the project root (see ProjectRoot); required for Project.
	Root string
	// Getenv reads HOME, XDG_CONFIG_HOME, XDG_STATE_HOME, CODEX_HOME and
	// CLAUDE_CONFIG_DIR.
	Getenv func(string) string
	// Executable is the absolute path of the switchboard binary that
	// agents are to run.
	Executable string
	// Agents limits init to these agent names (IDs or aliases). A named
	// agent with no file in the scope gets one created.
	Agents []string
	// Config overrides the Switchboard config file of the scope.
	Config string
	GOOS   string
}

func (o *Options) getenv(k string) string {
	if o.Getenv == nil {
		return ""
	}
	return o.Getenv(k)
}

func (o *Options) paths() paths {
	p := paths{scope: o.Scope, root: o.Root, home: o.getenv("HOME")}
	p.xdg = o.getenv("XDG_CONFIG_HOME")
	if p.xdg == "" {
		p.xdg = filepath.Join(p.home, ".config")
	}
	p.config = p.xdg
	goos := o.GOOS
	if goos == "" {
		goos = runtime.GOOS
	}
	switch goos {
	case "darwin":
		p.config = filepath.Join(p.home, "Library", "Application Support")
	case "windows":
		if ad := o.getenv("APPDATA"); ad != "" {
			p.config = ad
		}
	}
	p.codex = o.getenv("CODEX_HOME")
	if p.codex == "" {
		p.codex = filepath.Join(p.home, ".codex")
	}
	p.claude = o.getenv("CLAUDE_CONFIG_DIR")
	if p.claude == "" {
		p.claude = p.home
	}
	return p
}

// ConfigPath is Switchboard's config file for the scope: the project's
// .switchboard.json or the user config.
func (o *Options) ConfigPath() string {
	if o.Config != "" {
		return o.Config
	}
	if o.Scope == User {
		return config.UserPath(o.getenv)
	}
	return filepath.Join(o.Root, config.ProjectFile)
}

// UserConfigPath is the user's Switchboard config file
// ($XDG_CONFIG_HOME/switchboard/config.json).
func (o *Options) UserConfigPath() string { return config.UserPath(o.getenv) }

// EntryArgs are the arguments of the switchboard entry: serve, with the
// project's config for the project scope.
func (o *Options) EntryArgs() []string {
	if o.Scope == User {
		return []string{"serve"}
	}
	return []string{"serve", "--project", o.ConfigPath()}
}

// ProjectRoot returns the nearest directory at or above dir holding a
// .git entry, else dir.
func ProjectRoot(dir string) string {
	dir = filepath.Clean(dir)
	for d := dir; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return dir
		}
		d = up
	}
}

// Plan is what init would do: nothing is written until Apply.
type Plan struct {
	// Config is Switchboard's config file for the scope.
	Config string
	// Found lists the agents whose files were found (or are created).
	Found []Found
	// Imported are the servers added to Config, in order.
	Imported []Import
	// Changes are the files to write, Switchboard's config first; files
	// whose content would not change are absent.
	Changes []Change
	// Left are servers init leaves in their agent file, with the reason.
	Left []Left
	// Notes report name clashes, kept definitions, rewritten variable
	// references, where private servers went, and empty files.
	Notes []string
	// Problems are agent files skipped because they could not be read
	// or understood; they are left untouched, and init fails at the end.
	Problems []error
}

// Left is a server init leaves where it is.
type Left struct {
	Name   string
	File   string // the agent file it stays in
	Reason string
}

// Found is one agent detected in the scope.
type Found struct {
	Agent Agent
	Files []string // existing files read
	// Created are files the plan creates for the agent.
	Created []string
}

// Import is one server taken from an agent file.
type Import struct {
	Name   string
	Server Server
	From   string // the agent file
	// To is the Switchboard config file it went to.
	To string
	// Private is set for a server from an agent's private per-user
	// storage (Claude Code's local scope): in the project scope it goes
	// to the user config, under the project, never to a project file.
	Private bool
	// Secrets name the fields holding literal secrets (env.TOKEN,
	// headers.Authorization, url query token).
	Secrets []string
}

// Change is one file to write. Old is nil when the file does not exist.
type Change struct {
	Path string
	Old  []byte
	New  []byte

	edits  []edit // what init changed in it, for Undo
	format byte   // the dialect's format
	fresh  string // the content init started from when the file was missing or empty
	ours   bool   // a Switchboard config file
	// private: created, the file is mode 0600, not 0644 (the user
	// config, which gets the servers of 0600 files such as
	// ~/.claude.json, literal secrets and all).
	private bool
}

// fileError is a problem with one file.
type fileError struct {
	path string
	err  error
}

// Error is the error about path, naming it once: an error that begins
// with the path already ("… is a directory, not a regular file") is not
// prefixed with it again.
func (e *fileError) Error() string {
	msg := e.err.Error()
	if strings.HasPrefix(msg, e.path+" ") {
		return msg
	}
	return e.path + ": " + msg
}
func (e *fileError) Unwrap() error { return e.err }

// MakePlan reads the agent files of the scope and works out the edits.
// Unknown agent names are an error; problems with single files are
// collected in Plan.Problems.
func MakePlan(o *Options) (*Plan, error) {
	if o.Executable == "" {
		return nil, errors.New("the path of the switchboard binary is unknown")
	}
	if o.Scope == Project && o.Root == "" {
		return nil, errors.New("no project root given")
	}
	explicit := map[string]bool{}
	for _, n := range o.Agents {
		a, ok := FindAgent(n)
		if !ok {
			return nil, fmt.Errorf("unknown agent %q; known: %s", n, agentIDs())
		}
		explicit[a.ID] = true
	}
	pl := &planner{o: o, plan: &Plan{Config: o.ConfigPath()}, files: map[string]*file{}, seen: map[string]Import{}, noted: map[string]bool{}}
	p := o.paths()
	if err := configIsNoAgentFile(pl.plan.Config, p); err != nil {
		return nil, err
	}
	for _, a := range agents {
		if len(explicit) > 0 && !explicit[a.ID] {
			continue
		}
		specs := a.specs(p)
		if len(specs) == 0 {
			if explicit[a.ID] {
				return nil, fmt.Errorf("%s has no %s config file", a.Title, o.Scope)
			}
			continue
		}
		if err := pl.agent(a, specs, explicit[a.ID]); err != nil {
			return nil, err
		}
	}
	if err := pl.tooMany(); err != nil {
		return nil, err
	}
	if err := pl.ourConfig(); err != nil {
		return nil, err
	}
	return pl.plan, nil
}

// configIsNoAgentFile refuses a Switchboard config (--config PATH) that
// is one of the agents' files: the plan then held two versions of one
// file, the agent's written last, and the servers init moved into the
// config were gone from both (init --config ~/.cursor/mcp.json emptied
// ~/.claude.json and ~/.cursor/mcp.json but for the switchboard entry).
func configIsNoAgentFile(config string, p paths) error {
	for _, a := range agents {
		for _, s := range a.specs(p) {
			cands := s.paths
			if s.glob != "" {
				if ok, _ := filepath.Match(filepath.Base(s.glob), filepath.Base(config)); ok {
					cands = []string{filepath.Join(filepath.Dir(s.glob), filepath.Base(config))}
				}
			}
			for _, c := range cands {
				if samePath(c, config) {
					return fmt.Errorf("%s is %s's config file, not one of Switchboard's: give --config a file of its own", config, a.Title)
				}
			}
		}
	}
	return nil
}

// samePath reports whether a and b name one file: the same path, or,
// through symbolic links, the same file or the same name in the same
// directory (a file not created yet).
func samePath(a, b string) bool {
	if filepath.Clean(a) == filepath.Clean(b) {
		return true
	}
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	if errA == nil && errB == nil {
		return os.SameFile(sa, sb)
	}
	if filepath.Base(a) != filepath.Base(b) {
		return false
	}
	da, errA := os.Stat(filepath.Dir(a))
	db, errB := os.Stat(filepath.Dir(b))
	return errA == nil && errB == nil && os.SameFile(da, db)
}

// tooMany refuses a plan that moves more than maxServers servers in all:
// each one is set into Switchboard's config, which reads the whole file
// again, and a repository's 4,000 .continue/mcpServers/*.yaml files of
// one server each (under the bound of one file) held init for 40 s,
// 20,000 of them for minutes.
func (pl *planner) tooMany() error {
	n := len(pl.plan.Imported)
	if n <= maxServers {
		return nil
	}
	var from []string
	for _, imp := range pl.plan.Imported {
		if !slices.Contains(from, imp.From) {
			from = append(from, imp.From)
		}
	}
	files := strings.Join(from[:min(len(from), 3)], ", ")
	if len(from) > 3 {
		files += fmt.Sprintf(" and %d more files", len(from)-3)
	}
	return fmt.Errorf("init would move %d servers (from %s), more than the %d it moves at once: each one rewrites Switchboard's config; move some by hand or remove the files that should not be there, or run init --agent NAME for one agent at a time", n, files, maxServers)
}

func agentIDs() string {
	var ids []string
	for _, a := range agents {
		ids = append(ids, a.ID)
	}
	return fmt.Sprint(ids)
}

type planner struct {
	o     *Options
	plan  *Plan
	files map[string]*file // by path, in the order first read
	order []string
	seen  map[string]Import // imported names, first definition
	// ours caches Switchboard's configs as they are, by path and key
	// (nil: not readable; ourConfig reports that), for configHolds.
	ours map[string]*file
	// noted are the paths a misplaced note was given for (once each).
	noted map[string]bool
}

// file is one agent file being edited.
type file struct {
	path   string
	old    []byte // nil: created
	doc    doc
	key    []string
	format byte
	fresh  string // set when the doc started from the dialect's fresh content
	ours   bool
	// private: created mode 0600 (Switchboard's user config).
	private bool
	edits   []edit
}

// remove takes the named entry out and records it.
func (f *file) remove(name string) error {
	before, _ := entryValue(f.doc, name)
	rec := &entryRec{Text: f.doc.text(name)}
	switch d := f.doc.(type) {
	case *jsonDoc:
		rec.Lead, rec.Follow = d.lead(name), d.follower(name)
	case *tomlDoc:
		rec.Next, rec.Prev = tomlFollow(d.data, d.table, name)
	}
	if err := f.doc.remove(name); err != nil {
		return err
	}
	if before != nil {
		rec.Value = canon(before)
		f.edits = append(f.edits, edit{Key: f.key, Name: name, Before: rec})
	}
	return nil
}

// set adds or replaces the named entry and records the change.
func (f *file) set(name string, v any) error {
	before, _ := entryValue(f.doc, name)
	btext := f.doc.text(name)
	created := f.doc.missing()
	if err := f.doc.set(name, v); err != nil {
		return err
	}
	after, err := entryValue(f.doc, name)
	if err != nil {
		return err
	}
	if after == nil {
		return fmt.Errorf("%s.%s was not written (unusual layout)", dotted(f.key), name)
	}
	if before != nil && canon(before) == canon(after) {
		return nil
	}
	e := edit{Key: f.key, Name: name, After: &entryRec{Value: canon(after), Text: f.doc.text(name)}, Created: created}
	if before != nil {
		e.Before, e.Created = &entryRec{Value: canon(before), Text: btext}, 0
	}
	f.edits = append(f.edits, e)
	return nil
}

func (f *file) change(out []byte) Change {
	return Change{Path: f.path, Old: f.old, New: out, edits: f.edits, format: f.format, fresh: f.fresh, ours: f.ours, private: f.private}
}

// readFix adds to err, an agent file's read refused, what the user can
// do about it: "refusing to read it" and "too many levels of symbolic
// links" were all init said, and then "fix them and run init again".
func readFix(path string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, safefile.ErrTooLarge):
		return fmt.Errorf("%w; init does not edit a file this large (it reads it whole, several times): move its servers by hand (switchboard add NAME -- COMMAND ARGS..., then delete them from %s) or make the file smaller", err, path)
	case errors.Is(err, safefile.ErrNotRegular):
		return fmt.Errorf("%w; the agent cannot read it either: move it away (mv %s %s.away) and run init again", err, path, path)
	case errors.Is(err, syscall.ELOOP):
		return fmt.Errorf("%s is a symbolic link that leads back to itself (a loop), which no program can read: remove it (rm %s) or point it at the agent's file, and run init again", path, path)
	}
	return err
}

// read loads path as a doc of dialect d. A missing file returns nil.
func (pl *planner) read(path string, s spec) (*file, error) {
	if f, ok := pl.files[path]; ok {
		return f, nil
	}
	if err := pl.o.outsideProject(path); err != nil {
		return nil, err
	}
	data, err := readOrNil(path)
	if data == nil || err != nil {
		return nil, readFix(path, err)
	}
	f := &file{path: path, old: data, key: s.key, format: s.dialect.format}
	content := data
	if s.dialect.format == 'j' && !blank(data) && commentsOnly(data) {
		// Every server commented out: "line 2, column 1: parsing value:
		// unexpected EOF" named no fix. Starting afresh would drop the
		// comments, which may be the user's servers.
		return nil, fmt.Errorf("%s holds comments only, no JSON object: put {} after them (or delete the file if they are not needed), then run init again", path)
	}
	if blank(data) {
		// Spaces, line breaks or a byte-order mark alone: nothing to
		// parse (a tab is no YAML, a lone mark no JSON), and nothing of
		// the user's lost by starting afresh; undo puts these bytes back.
		pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("%s is empty: treated as having no servers", path))
		if s.dialect.fresh != "" {
			content = []byte(s.dialect.fresh)
		} else if _, err := newDoc(content, s); err != nil {
			content = []byte{}
		}
		f.fresh = string(content)
	}
	if f.doc, err = newDoc(content, s); err != nil {
		return nil, err
	}
	return f, nil
}

// blank reports whether data holds nothing but white space, after a
// UTF-8 byte-order mark if it begins with one: an empty file, as far as
// its servers go.
func blank(data []byte) bool {
	return len(bytes.TrimSpace(bytes.TrimPrefix(data, []byte("\ufeff")))) == 0
}

// commentsOnly reports whether data, JSONC, holds nothing but comments
// and white space (after a byte-order mark).
func commentsOnly(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	std, err := hujson.Standardize(append(bytes.Clone(data), "\n{}"...))
	return err == nil && blank(std[:len(data)])
}

func newDoc(data []byte, s spec) (doc, error) {
	switch s.dialect.format {
	case 't':
		return newTOMLDoc(data, s.key[0])
	case 'y':
		return newYAMLDoc(data, s.key[0], false)
	case 'l':
		return newYAMLDoc(data, s.key[0], true)
	}
	return newJSONDoc(data, s.key)
}

// agent plans the edits of one agent's files.
func (pl *planner) agent(a Agent, specs []spec, explicit bool) error {
	type source struct {
		f       *file
		s       spec
		entries []entry
	}
	var sources []source
	var target *spec
	targetPath := ""
	found := Found{Agent: a}
	targets := map[string]bool{}
	for _, s := range specs {
		if !s.source {
			targets[s.paths[0]] = true
		}
	}
	if a.ID == "vscode" {
		for _, s := range specs {
			if n := vscodeSettingsNote(s.paths[0]); !s.source && n != "" {
				pl.plan.Notes = append(pl.plan.Notes, n)
			}
		}
	}
	bad := false
	for i, s := range specs {
		var candidates []string
		if s.glob != "" {
			m := globFiles(s.glob)
			if len(m) > maxServers {
				// Each is read and kept while init plans (a repository's
				// 20,000 Continue files were all read before the plan's
				// bound refused them).
				pl.problem(s.glob, fmt.Errorf("%d files match, more than the %d init reads: remove the files that should not be there, or move their servers by hand", len(m), maxServers))
				bad = true
				m = nil
			}
			for _, p := range m {
				if !targets[p] {
					candidates = append(candidates, p)
				}
			}
		} else {
			for _, p := range s.paths {
				if st, err := os.Stat(p); err == nil && !st.IsDir() {
					candidates = []string{p}
					break
				}
				// A directory or a link loop in the file's place was
				// passed over in silence (refused when the agent is
				// named: it is the file to create).
				if m := misplaced(a, p); m != "" && !explicit && !pl.noted[p] {
					pl.noted[p] = true
					pl.plan.Notes = append(pl.plan.Notes, m)
				}
			}
		}
		if !s.source {
			target = &specs[i]
			targetPath = s.paths[0]
			if len(candidates) > 0 {
				targetPath = candidates[0]
			}
		}
		for _, path := range candidates {
			if other := pl.sameAs(path); other != "" {
				// Both were planned and written: the second write found
				// the file changed (by the first), planned again and
				// said "already set up: nothing to change".
				pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("%s is %s through a symbolic link: init edits it once, as %s", path, other, other))
				if !s.source {
					target = nil
				}
				continue
			}
			f, err := pl.read(path, s)
			if err == nil && f != nil {
				var es []entry
				es, err = f.doc.entries()
				if err == nil && len(es) > maxServers {
					err = fmt.Errorf("holds %d servers, more than the %d init moves: each edit reads the whole file again, and 20,000 servers held init for over ten minutes; move them by hand or split the file", len(es), maxServers)
				}
				if err == nil && s.needKey && len(es) == 0 {
					continue
				}
				if err == nil {
					err = pl.check(es, s)
				}
				if err == nil {
					sources = append(sources, source{f, s, es})
					found.Files = append(found.Files, path)
					continue
				}
			}
			if err != nil {
				pl.problem(path, err)
				found.Files = append(found.Files, path)
				bad = true
				if !s.source {
					target = nil // never write into a file we could not read
				}
			}
		}
	}
	if len(found.Files) == 0 && !explicit {
		return nil
	}
	var creds map[string]any
	if a.ID == "claude-code" {
		creds = claudeOAuth(pl.o.paths().claude)
	}
	for _, src := range sources {
		// The servers taken out are added once the file's edits are known
		// to parse (see jsonDoc.check).
		type move struct {
			name string
			srv  *Server // nil: an old switchboard entry, dropped
		}
		var moves []move
		edits := len(src.f.edits)
		var start []byte
		if j, ok := src.f.doc.(*jsonDoc); ok {
			start = j.data
		}
		var clash error // a foreign "switchboard" entry that cannot move
		for _, e := range src.entries {
			if src.s.dialect.skip != nil && src.s.dialect.skip(e.value) {
				continue
			}
			if isOurs(e.name, e.value, pl.o.Executable) {
				if e.name != EntryName {
					if err := src.f.remove(e.name); err != nil {
						return &fileError{src.f.path, err}
					}
					moves = append(moves, move{e.name, nil})
				}
				continue
			}
			if strings.TrimSpace(e.name) == "" {
				pl.leave(e.name, src.f.path, "its name is empty, which Switchboard's config cannot hold; give it a name and run init again")
				continue
			}
			if config.ControlName(e.name) {
				// A project's agent file is untrusted: such a name would
				// reach terminals and the agent's tool names as it is.
				// The config's own test: a zero-width space passed this
				// one, and the config left the entry out (round 66).
				pl.leave(e.name, src.f.path, "its name holds control, bidirectional or invisible characters; rename it and run init again")
				continue
			}
			srv, err := src.s.dialect.read(e.value) // checked, but for errBoth
			if err != nil {
				pl.leave(e.name, src.f.path, err.Error())
				continue
			}
			if ref := agentOnlyRef(srv, pl.o.Scope == User); ref != "" {
				pl.leave(e.name, src.f.path, fmt.Sprintf("it uses %s, which only %s can fill in; replace it with ${env:NAME} and run init again", ref, a.Title))
				continue
			}
			if usesOAuth(srv, e.value, creds, e.name) {
				srv.OAuth = oauthOf(e.value)
				pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("server %s in %s signs in with OAuth: run `switchboard login %s` once (%s's own sign-in is not copied)", echo.Quote(e.name), src.f.path, e.name, a.Title))
			}
			tr := &translator{agent: a.ID, getenv: pl.o.getenv, home: pl.o.getenv("HOME")}
			if pl.o.Scope == Project {
				tr.root = pl.o.Root
			}
			srv = tr.server(srv)
			for _, n := range tr.notes {
				pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("server %s in %s: %s", echo.Quote(e.name), src.f.path, n))
			}
			if why := loadProblem(e.name, srv); why != "" {
				pl.leave(e.name, src.f.path, "Switchboard's config would disable it: "+why+"; fix it here and run init again")
				continue
			}
			other := ""
			if first, ok := pl.seen[e.name]; ok && !first.Server.Equal(srv) {
				other = first.From
			} else if !ok {
				other = pl.configHolds(e.name, srv, src.s.private)
			}
			if other != "" {
				// Taken out with a note ("kept the one in …", "kept
				// ours"), it was in no file but the backups: the agent
				// lost a server it ran.
				why := fmt.Sprintf("a server of this name in %s runs something else, and Switchboard's config holds one server per name; rename one of them and run init again", other)
				if e.name == EntryName {
					// Left, it would be replaced by the entry init adds:
					// the whole file is left as it is.
					clash = fmt.Errorf("server %s: %s", echo.Quote(e.name), why)
					break
				}
				pl.leave(e.name, src.f.path, why)
				continue
			}
			if ef, ok := e.value["envFile"].(string); ok {
				pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("server %s in %s reads variables from envFile %s, which Switchboard does not: add them to its env", echo.Quote(e.name), src.f.path, ef))
			}
			if err := src.f.remove(e.name); err != nil {
				if keep := (*errKeep)(nil); errors.As(err, &keep) {
					pl.leave(e.name, src.f.path, keep.why)
					continue
				}
				pl.problem(src.f.path, err)
				delete(pl.files, src.f.path)
				bad = true
				continue
			}
			moves = append(moves, move{e.name, &srv})
		}
		if clash != nil {
			pl.problem(src.f.path, clash)
			bad = true
			if target != nil && src.f.path == targetPath {
				target = nil // never write into a file we leave
			}
			continue
		}
		if j, ok := src.f.doc.(*jsonDoc); ok && j.check() != nil {
			// Some removal made text that does not parse: take them out
			// again from the start, parsing after each, and keep the
			// servers whose removal parses in their file.
			j.setData(start)
			j.slow = true
			src.f.edits = src.f.edits[:edits]
			kept := moves[:0]
			for _, m := range moves {
				if err := src.f.remove(m.name); err != nil {
					if m.srv == nil {
						return &fileError{src.f.path, err}
					}
					pl.problem(src.f.path, err)
					bad = true
					continue
				}
				kept = append(kept, m)
			}
			j.slow = false
			moves = kept
		}
		for _, m := range moves {
			if m.srv != nil {
				pl.add(m.name, *m.srv, src.f.path, src.s.private)
			}
		}
		pl.keep(src.f)
	}
	if target != nil && !(bad && len(sources) == 0) {
		f := pl.files[targetPath]
		if f == nil {
			var err error
			if f, err = pl.read(targetPath, *target); err != nil {
				return &fileError{targetPath, err}
			}
		}
		if f == nil {
			d, err := newDoc([]byte(target.dialect.fresh), *target)
			if err != nil {
				return err
			}
			f = &file{path: targetPath, doc: d, key: target.key, format: target.dialect.format, fresh: target.dialect.fresh}
			found.Created = append(found.Created, targetPath)
		}
		if err := f.set(EntryName, target.dialect.entry(pl.o.Executable, pl.o.EntryArgs())); err != nil {
			pl.problem(targetPath, err)
		} else {
			pl.keep(f)
		}
	}
	pl.plan.Found = append(pl.plan.Found, found)
	return nil
}

// sameAs returns the path of a file already planned that path is,
// through a symbolic link, or "".
func (pl *planner) sameAs(path string) string {
	for _, p := range pl.order {
		if p != path && samePath(p, path) {
			return p
		}
	}
	return ""
}

// problem records that the file at path cannot be edited, once: a file
// both read and written (Codex's .codex/config.toml is a source and the
// target) was named twice, once by the removal and once by the entry,
// and counted as two files.
func (pl *planner) problem(path string, err error) {
	if !slices.ContainsFunc(pl.plan.Problems, func(e error) bool { fe, ok := e.(*fileError); return ok && fe.path == path }) {
		pl.plan.Problems = append(pl.plan.Problems, &fileError{path, err})
	}
}

// check translates every entry so that one bad entry skips the file
// before anything in it is edited.
func (pl *planner) check(es []entry, s spec) error {
	for _, e := range es {
		if (s.dialect.skip != nil && s.dialect.skip(e.value)) || isOurs(e.name, e.value, pl.o.Executable) {
			continue
		}
		if _, err := s.dialect.read(e.value); err != nil && !errors.Is(err, errBoth) {
			return fmt.Errorf("server %s: %w", echo.Quote(e.name), err)
		}
	}
	return nil
}

func (pl *planner) keep(f *file) {
	if _, ok := pl.files[f.path]; !ok {
		pl.order = append(pl.order, f.path)
	}
	pl.files[f.path] = f
}

// add records an imported server; the first definition of a name wins.
func (pl *planner) add(name string, s Server, from string, private bool) {
	if first, ok := pl.seen[name]; ok {
		if !first.Server.Equal(s) {
			pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("server %s in %s differs from the one in %s: kept the one in %s", echo.Quote(name), from, first.From, first.From))
		}
		return
	}
	if v := agentOnlyVar(s); v != "" {
		pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("server %s in %s uses %s, which only that agent fills in: replace it with ${env:NAME} in %s", echo.Quote(name), from, v, pl.plan.Config))
	}
	imp := Import{Name: name, Server: s, From: from, Private: private, Secrets: secretFields(s)}
	pl.seen[name] = imp
	pl.plan.Imported = append(pl.plan.Imported, imp)
}

// globFiles returns the entries of pattern's directory whose names
// match its last element, sorted. Only the last element is a pattern:
// filepath.Glob read a project directory named "p[1]" or "p*" as one
// too, and init moved the servers of another project's Continue files
// (p1/.continue/mcpServers/*.yaml) into this one's config.
func globFiles(pattern string) []string {
	dir, base := filepath.Split(pattern)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if ok, _ := filepath.Match(base, e.Name()); ok {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

// ourFile reads one of Switchboard's config files (missing or empty:
// a new object) for adding servers under key. A private one is created
// with mode 0600, as add creates the user config.
func (pl *planner) ourFile(path string, key []string, private bool) (*file, error) {
	if err := pl.o.outsideProject(path); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	old, err := safefile.Read(path)
	if err != nil && !errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err == nil && old == nil {
		old = []byte{}
	}
	f := &file{path: path, old: old, key: key, format: 'j', ours: true, private: private}
	content := old
	if blank(content) {
		content = []byte("{\n}\n")
		f.fresh = string(content)
	}
	if f.doc, err = newJSONDoc(content, key); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if _, err := f.doc.entries(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return f, nil
}

// configHolds returns the path of the Switchboard config an import of
// name (private: Claude Code's local scope) would go to when that
// config already holds a server of that name other than srv, else "".
func (pl *planner) configHolds(name string, srv Server, private bool) string {
	path, key := pl.plan.Config, mcpServers
	if private && pl.o.Scope == Project {
		path, key = pl.o.UserConfigPath(), []string{"projects", pl.o.Root, "mcpServers"}
	}
	if pl.ours == nil {
		pl.ours = map[string]*file{}
	}
	// By path and key: with --config naming the user config in a
	// project, one file holds both places.
	at := path + "\x00" + strings.Join(key, "\x00")
	f, ok := pl.ours[at]
	if !ok {
		f, _ = pl.ourFile(path, key, false)
		pl.ours[at] = f
	}
	if f == nil {
		return ""
	}
	cur, err := entryValue(f.doc, name)
	if err != nil || cur == nil {
		return ""
	}
	if have, err := readGeneric(typeHTTP)(cur); err == nil && have.Equal(srv) {
		return ""
	}
	return path
}

// ourConfig adds the imported servers to Switchboard's config (servers
// from an agent's private per-user storage to the user config, under
// the project) and lists every change, ours first.
func (pl *planner) ourConfig() error {
	main, err := pl.ourFile(pl.plan.Config, mcpServers, pl.o.Scope == User)
	if err != nil {
		return err
	}
	var scoped *file
	var imported []Import
	for _, imp := range pl.plan.Imported {
		f := main
		if imp.Private && pl.o.Scope == Project {
			if scoped == nil {
				if scoped, err = pl.ourFile(pl.o.UserConfigPath(), []string{"projects", pl.o.Root, "mcpServers"}, true); err != nil {
					return err
				}
			}
			f = scoped
		}
		cur, err := entryValue(f.doc, imp.Name)
		if err != nil {
			return fmt.Errorf("%s: %w", f.path, err)
		}
		if cur != nil {
			ours, err := readGeneric(typeHTTP)(cur)
			if err != nil || !ours.Equal(imp.Server) {
				pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("server %s in %s differs from the one already in %s: kept ours", echo.Quote(imp.Name), imp.From, f.path))
			}
			continue
		}
		if err := f.set(imp.Name, imp.Server); err != nil {
			return fmt.Errorf("%s: %w", f.path, err)
		}
		imp.To = f.path
		imported = append(imported, imp)
		switch {
		case f == scoped:
			why := ""
			if len(imp.Secrets) > 0 {
				why = " and holds secrets (" + strings.Join(imp.Secrets, ", ") + ")"
			}
			pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("server %s from %s is private to you (Claude Code's local scope)%s: it went to your user config %s under projects[%q], not to the project", echo.Quote(imp.Name), imp.From, why, f.path, pl.o.Root))
		case len(imp.Secrets) > 0 && pl.o.Scope == Project:
			pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("server %s in %s holds literal secrets (%s), now also in %s: replace them with ${env:NAME} references and set the variables where the agent runs", echo.Quote(imp.Name), imp.From, strings.Join(imp.Secrets, ", "), f.path))
		}
	}
	pl.plan.Imported = imported
	// A user config made before (by hand, or by an older init, 0644)
	// keeps its mode: say so when it now holds literal secrets.
	for _, f := range []*file{main, scoped} {
		if f == nil || !f.private || f.old == nil || runtime.GOOS == "windows" {
			continue
		}
		var names []string
		for _, imp := range imported {
			if imp.To == f.path && len(imp.Secrets) > 0 {
				names = append(names, echo.Quote(imp.Name))
			}
		}
		if st, err := os.Stat(f.path); err == nil && len(names) > 0 && st.Mode().Perm()&0o077 != 0 {
			pl.plan.Notes = append(pl.plan.Notes, fmt.Sprintf("%s is readable by others (mode %04o) and now holds the literal secrets of %s: make it private with chmod 600 %s", f.path, st.Mode().Perm(), strings.Join(names, ", "), f.path))
		}
	}
	var agents []Change
	for _, p := range pl.order {
		f := pl.files[p]
		out := lineEnds(f.old, f.doc.bytes(), f.format, f.key)
		if f.old != nil && bytes.Equal(out, f.old) {
			continue
		}
		agents = append(agents, f.change(out))
	}
	into := map[*file]bool{}
	for _, imp := range imported {
		into[main] = into[main] || imp.To == main.path
		if scoped != nil {
			into[scoped] = into[scoped] || imp.To == scoped.path
		}
	}
	for _, f := range []*file{main, scoped} {
		if f == nil {
			continue
		}
		out := lineEnds(f.old, f.doc.bytes(), f.format, f.key)
		switch {
		case f.old == nil && !into[f] && (f != main || len(agents) == 0):
			// Nothing goes into a file that is not there, and no agent
			// file is changed to run serve with it (every agent file was
			// skipped, say): it is not created empty.
		case f.old == nil || !bytes.Equal(out, f.old):
			// What serve will read must load: a config that does not
			// would leave the agents with no server at all.
			if _, err := config.Parse(f.path, out); err != nil {
				return fmt.Errorf("%s would not load after init (nothing was written): %w", f.path, err)
			}
			pl.plan.Changes = append(pl.plan.Changes, f.change(out))
		}
	}
	pl.plan.Changes = append(pl.plan.Changes, agents...)
	return nil
}

// maxServers is the most servers an agent file may hold for init to
// edit it.
const maxServers = 1000

// loadProblem is why srv, as init would write it, would be disabled in
// Switchboard's config ("" when it loads): init moved a server with an
// env name holding "=" or a url that is not http(s), which then never
// started, gone from the agent file where it was.
func loadProblem(name string, srv Server) string {
	v, err := json.Marshal(map[string]map[string]Server{"mcpServers": {name: srv}})
	if err != nil {
		return err.Error()
	}
	f, err := config.Parse("", v)
	if err != nil {
		return "" // a name the config refuses is the planner's to report
	}
	if len(f.Skipped) > 0 {
		return "its name cannot be a server's: " + lineRef.ReplaceAllString(f.Skipped[0].Msg, "")
	}
	if s := f.Servers[name]; s != nil && s.Problem != "" {
		// The lines are those of the JSON above, not of the agent file.
		why := lineRef.ReplaceAllString(s.Problem, "")
		// Through redact, as `switchboard servers` shows it: an env
		// name holding "=" (GITHUB_TOKEN=ghp_…) was printed whole.
		return redact.Text(strings.TrimPrefix(strings.TrimPrefix(why, ": "), "mcpServers."))
	}
	return ""
}

var lineRef = regexp.MustCompile(` \(line \d+\)`)

// leave records a server init does not move, and why.
func (pl *planner) leave(name, file, why string) {
	pl.plan.Left = append(pl.plan.Left, Left{Name: name, File: file, Reason: why})
}

// Failed reports whether some agent file was skipped.
func (p *Plan) Failed() bool { return len(p.Problems) > 0 }

// Paths lists the changed files.
func (p *Plan) Paths() []string {
	var out []string
	for _, c := range p.Changes {
		out = append(out, c.Path)
	}
	return slices.Clip(out)
}

// agentOnlyVar returns the first agent-specific variable reference in
// s, such as VS Code's ${input:token} or ${workspaceFolder}, or "".
func agentOnlyVar(s Server) string {
	all := append(append([]string{s.Command, s.Cwd, s.URL}, s.Args...), slices.Collect(maps.Values(s.Env))...)
	all = append(all, slices.Collect(maps.Values(s.Headers))...)
	for _, v := range all {
		for _, pre := range []string{"${input:", "${workspaceFolder", "${userHome}", "${pathSeparator}"} {
			if i := strings.Index(v, pre); i >= 0 {
				end := strings.IndexByte(v[i:], '}')
				return v[i : i+end+1]
			}
		}
	}
	return ""
}
