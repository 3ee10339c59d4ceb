// Package config loads and validates Switchboard's configuration.
//
// The file format is the one Claude Desktop and Cursor use,
//
//	{"mcpServers": {"name": {"command": "...", "args": [...], "env": {...}, "cwd": "..."}}}
//
// so an agent's file works unchanged. Switchboard's own settings live
// under a top-level "settings" object. Validation reports every problem
// at once, each naming the file and the field.
package config

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/switchboard-mcp/switchboard/internal/safefile"
	"github.com/switchboard-mcp/switchboard/internal/workspace"
)

// Transport kinds of a backend.
const (
	Stdio = "stdio"
	HTTP  = "http" // Streamable HTTP
	SSE   = "sse"
)

// Config is the merged configuration of one or more files.
type Config struct {
	// Files are the files loaded, lowest precedence first. Empty when no
	// file exists (the caller decides whether to use a demo backend).
	Files []string
	// Servers by name. A name defined in several files takes the
	// definition of the file with the highest precedence.
	Servers map[string]*Server
	// Settings merged across files: a field set in a later file wins.
	Settings Settings
	// Warnings are problems that did not stop loading, such as a server
	// defined differently in two files or a project setting that would
	// loosen the user's.
	Warnings []string
	// Skipped are the server entries of the files read that were left
	// out, each naming its file, entry and why (File.Skipped): a name no
	// server can go by. The files' other servers are in Servers.
	Skipped []Problem
	// Plugins are the plugin manifests loaded (user plugins first), with
	// their servers; a server a config file defines already is not in
	// Servers.
	Plugins []*Plugin
	// ProjectDir is the project directory in effect: the project file's
	// directory, else the directory Read was given when a "projects"
	// entry of the user config applies to it; "" for none. ${file:}
	// references may read inside it (and inside the user's home).
	ProjectDir string

	// fromProject names the servers a project file added (addProject),
	// which a project plugin may run as they are.
	fromProject map[string]bool
}

// Server is one backend as configured. Values are as written: ${env:X}
// and ${file:X} references are expanded by Expand when the backend
// starts, so a missing variable fails that server only.
type Server struct {
	Name    string
	Type    string // Stdio, HTTP or SSE; derived from command/url when not given
	Command string
	Args    []string
	Env     map[string]string
	Cwd     string
	URL     string
	Headers map[string]string
	// OAuth configures the sign-in of a remote server; nil means the
	// defaults (see OAuth). A server that asks for no sign-in ignores it.
	OAuth *OAuth

	// Disabled servers are listed but never started.
	Disabled bool
	// Problem is why the configuration disabled the server: its
	// definition has an error, or it clashes with another. The text names
	// the file and the field. Empty for a valid definition.
	Problem string
	// problems are Problem's parts, for a file that fails as a whole.
	problems *Error
	// Expose lists tools offered as first-class MCP tools of our server;
	// ["*"] (written "all") exposes every tool.
	Expose []string
	// ExposeAs ("exposeAs") is how the exposed tools, and the server's
	// resources and prompts, are named to the client: ExposePrefixed
	// ("" or "prefixed", the default: server__tool,
	// switchboard://server/uri, server__prompt) or ExposeBare ("bare":
	// the backend's own names and URIs, as if the client talked to it
	// directly). Bare names that clash are an error (see checkBare).
	ExposeAs string
	// Tools filters which tools are visible at all.
	Tools ToolPolicy
	// ReadOnly exposes only tools annotated readOnlyHint.
	ReadOnly bool
	// Per-server overrides of the settings; zero means the setting.
	CallTimeout  Duration
	StartTimeout Duration
	IdleTimeout  Duration
	// NoShare ("share": false) gives each session its own backend for
	// this server instead of sharing one among sessions whose launch is
	// identical (for servers that keep per-connection state).
	NoShare bool
	// Confirm ("confirm") asks the user before the calls it matches go
	// out; it adds to settings.confirm.
	Confirm Confirm
	// Roles ("roles") set the lethal-trifecta roles of the server's
	// tools, in file order: {"read_notes": ["private"], "send_*":
	// ["external"], "echo": []}. They replace the shipped defaults for
	// the tools they match (package roles).
	Roles []RoleRule

	// When ("when") is the predicate over the session's workspace that
	// decides whether the server applies there; nil: everywhere. A server
	// that does not apply is neither offered nor started.
	When *workspace.Predicate
	// KnownTools is the tool list a plugin ships for the server, so that
	// it is searchable while cold (the real list replaces it, vetted
	// against the pins, once the server starts). Nil for config entries.
	KnownTools []KnownTool
	// Plugin names the plugin that declared the server ("" for config
	// entries).
	Plugin string

	// Source is the file this definition came from; for a server of the
	// user config's "projects" section, the file and the project key,
	// such as `config.json (projects."/home/u/repo")`.
	Source string
	// Project is, for a server a project defines, what tells its
	// definition from another project's server of the same name: the
	// project file (ProjectKey) for a server of a project file, the
	// plugin file (ProjectKey) for a project plugin's, and Source for an
	// entry of the user config's "projects" section. "" for a user
	// server (the user config's own mcpServers, a user plugin): the user
	// has one definition of a name. A backend's log file is named by it
	// (backend.LogFileFor), so that a server "db" of one workspace and a
	// server "db" of another, on one daemon, do not write one file.
	Project string
	// Workspace is, on a launch's copy of a user server that runs in the
	// working directory of the session using it (RunsInWorkspace: one
	// backend per directory), that directory; set by pool.NewLaunch, ""
	// in a config as loaded. Its log lines, the daemon's records about it
	// and its published status name it (LogWorkspace), so that `logs
	// SERVER` and `servers` in one workspace do not show another's.
	Workspace string
}

// ProjectKey is path, a project's file, as Server.Project names it: its
// links resolved (those of its directory, when the file is not there),
// so that a workspace reached through a link is the same project.
func ProjectKey(path string) string {
	if r, err := filepath.EvalSymlinks(path); err == nil {
		return r
	}
	if r, err := filepath.EvalSymlinks(filepath.Dir(path)); err == nil {
		return filepath.Join(r, filepath.Base(path))
	}
	return filepath.Clean(path)
}

// LogAttrs are the attributes a log record about s names it by: "server"
// (Name) and its definition, "project" (Project) for a server a project
// defines, "user": true for a user server. `switchboard logs SERVER`
// picks the daemon's records by them as it picks the backend's log file
// (backend.LogFileFor): a server "db" of one workspace and a server "db"
// of another, on one daemon, are told apart. A record with neither was
// written by an earlier version, which named a server by its name only.
//
// A user server's records also name the workspace it runs for
// (LogWorkspace), so that a user server used in two workspaces is told
// apart by workspace: a record with "user" and no "workspace" was
// written by an earlier version.
func (s *Server) LogAttrs() []any {
	if s.Project != "" {
		return []any{"server", s.Name, "project", s.Project}
	}
	return []any{"server", s.Name, "user", true, "workspace", s.LogWorkspace()}
}

// LogAttrsIn are the LogAttrs of s as a session whose servers without a
// cwd run in dir uses it: a user server that runs in the session's
// workspace (RunsInWorkspace) names dir. For a spec as configured (a
// session's catalog), where Workspace is not set yet.
func (s *Server) LogAttrsIn(dir string) []any {
	if s.Workspace == "" && dir != "" && s.RunsInWorkspace() {
		c := *s
		c.Workspace = dir
		return c.LogAttrs()
	}
	return s.LogAttrs()
}

// AnyWorkspace is the LogWorkspace of a user server whose one backend
// serves the sessions of every workspace (a remote server, one with its
// own "cwd"): its lines are every workspace's. It is no absolute path.
const AnyWorkspace = "*"

// LogWorkspace is the workspace a user server's log lines, records and
// status name: Workspace, the directory it runs in for its sessions, or
// AnyWorkspace for one that runs in no session's directory. "" for a
// server a project defines (its project names it).
func (s *Server) LogWorkspace() string {
	switch {
	case s.Project != "":
		return ""
	case s.Workspace != "":
		return s.Workspace
	}
	return AnyWorkspace
}

// RunsInWorkspace reports whether s is a user server that runs in the
// working directory of each session using it: a stdio server without
// "cwd", of the user config or a user plugin. Its backends are one per
// directory (pool.NewLaunch keys them by it).
func (s *Server) RunsInWorkspace() bool {
	stdio := s.Type == Stdio || s.Type == "" && s.URL == ""
	return s.Project == "" && s.Cwd == "" && stdio
}

// Shared reports whether sessions with an identical launch of s may
// share one backend ("share" is true, the default).
func (s *Server) Shared() bool { return !s.NoShare }

// RoleRule gives the tools whose name is Glob, or matches it (path.Match
// syntax), the roles Roles: "private", "untrusted", "external"; none for
// an empty list.
type RoleRule struct {
	Glob  string
	Roles []string
}

// RoleNames are the valid names in a RoleRule.
var RoleNames = []string{"private", "untrusted", "external"}

// ToolPolicy is a per-server allow/deny list of tool-name globs.
type ToolPolicy struct {
	Allow []string
	Deny  []string
}

// Settings are Switchboard's own settings. Zero fields mean the defaults
// documented on each; Defaults fills them in.
type Settings struct {
	ExecuteTimeout Duration // default 30s: a script's time limit
	CallTimeout    Duration // default 60s: one backend call
	StartTimeout   Duration // default 30s: spawn + handshake
	IdleTimeout    Duration // default 5m: an idle backend is stopped
	MaxConnections int      // default 20: live backends at once (LRU)

	// AutoExpose exposes small servers' tools directly while the total
	// stays small; see AutoExposeMaxTools and AutoExposeMaxTotal.
	AutoExpose         bool
	AutoExposeMaxTools int // default 10
	AutoExposeMaxTotal int // default 30
	// CallTool adds the call_tool meta-tool for clients that cannot run code.
	CallTool bool
	// QuarantineNewServers keeps a new server's tools hidden until approved.
	QuarantineNewServers bool
	// ReadOnly applies ReadOnly to every server.
	ReadOnly bool
	// MaxScripts bounds scripts running at once (default 4); a session
	// with none running may borrow a slot beyond it (see sandbox.Options).
	MaxScripts int
	// ScriptMemoryMB bounds a script's heap (default 256).
	ScriptMemoryMB int
	// MaxCallsPerScript bounds tool calls made by one script (default 1000).
	MaxCallsPerScript int
	// MaxResultBytes bounds the text a tool call or script returns (default 1 MiB).
	MaxResultBytes int
	// MaxMessageBytes bounds one message read from a backend (default 32
	// MiB, at least MinMessageBytes); a larger one stops that backend and
	// fails its calls. Decoding a message takes about five times its size
	// at peak (the SDK's JSON decoder), so 32 MiB keeps the process under
	// 256 MiB.
	MaxMessageBytes int
	// MaxExecuteTimeout caps a script's time limit, whatever execute's
	// timeout_ms asks (default 5m).
	MaxExecuteTimeout Duration
	// DaemonIdleTimeout is how long the per-user daemon keeps running
	// with no connected session (default 10m); backends follow their own
	// IdleTimeout.
	DaemonIdleTimeout Duration
	// Confirm asks the user (through the client's elicitation) before the
	// calls it matches go out, for every server (see Server.Confirm);
	// off by default. A project may widen it, never narrow it.
	Confirm Confirm
	// ManualSync is "autoSync": false. With auto-sync on (the default) a
	// session re-resolves which servers apply when a manifest or lock file
	// a "when" read has changed, at each list_tools and execute; with it
	// off the set is fixed until `switchboard sync`. A project may turn
	// auto-sync off, never on.
	ManualSync bool
	// Trifecta is what happens to a call that could complete the lethal
	// trifecta (an external tool called with arguments after untrusted
	// content and private data were read): warn (the default), confirm or
	// block. A project may only make it stricter.
	Trifecta Trifecta
	// TrifectaWindow is how long after an untrusted (or private) result
	// the session counts as tainted (having read it) for calls outside
	// the script that read it (default 10m). A project may only lengthen
	// it.
	TrifectaWindow Duration
}

// Trifecta is the value of settings.trifecta. The zero value is
// TrifectaWarn.
type Trifecta int

// The values of settings.trifecta, from the least strict.
const (
	TrifectaWarn    Trifecta = iota // the call runs; the result and the audit log say so
	TrifectaConfirm                 // the user is asked through elicitation; no elicitation: refused
	TrifectaBlock                   // the call is refused
)

var trifectaNames = []string{"warn", "confirm", "block"}

// String is the setting's value as written: "warn", "confirm" or "block".
func (t Trifecta) String() string {
	if t < 0 || int(t) >= len(trifectaNames) {
		return fmt.Sprintf("Trifecta(%d)", int(t))
	}
	return trifectaNames[t]
}

// AutoSync reports whether auto-sync is on (settings.autoSync, default true).
func (s Settings) AutoSync() bool { return !s.ManualSync }

// Defaults returns s with every zero field set to its default.
func (s Settings) Defaults() Settings {
	def := func(d *Duration, v time.Duration) {
		if *d == 0 {
			*d = Duration(v)
		}
	}
	defInt := func(p *int, v int) {
		if *p == 0 {
			*p = v
		}
	}
	def(&s.ExecuteTimeout, 30*time.Second)
	def(&s.MaxExecuteTimeout, 5*time.Minute)
	def(&s.CallTimeout, 60*time.Second)
	def(&s.StartTimeout, 30*time.Second)
	def(&s.IdleTimeout, 5*time.Minute)
	defInt(&s.MaxConnections, 20)
	defInt(&s.AutoExposeMaxTools, 10)
	defInt(&s.AutoExposeMaxTotal, 30)
	defInt(&s.MaxScripts, 4)
	defInt(&s.ScriptMemoryMB, 256)
	defInt(&s.MaxCallsPerScript, 1000)
	defInt(&s.MaxResultBytes, 1<<20)
	defInt(&s.MaxMessageBytes, defaultMessageBytes)
	def(&s.DaemonIdleTimeout, 10*time.Minute)
	def(&s.TrifectaWindow, 10*time.Minute)
	return s
}

// Duration is a time.Duration written as a Go duration string ("90s").
type Duration time.Duration

// D returns d as a time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }

// String formats d as a Go duration string.
func (d Duration) String() string { return time.Duration(d).String() }

// Names returns the server names, sorted.
func (c *Config) Names() []string {
	names := make([]string, 0, len(c.Servers))
	for n := range c.Servers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Identity is what makes a server the same server across renames: its
// launch command line or URL. Trust pins and the catalog key use it.
func (s *Server) Identity() string {
	if s.Type == Stdio {
		return strings.Join(append([]string{s.Command}, s.Args...), "\x00")
	}
	return s.URL
}

const defaultMessageBytes = 32 << 20

// MinMessageBytes is the smallest maxMessageBytes a config may set
// (64 KiB). A backend's initialize answer is a few hundred bytes to a
// few kilobytes (its instructions included) and a small server's
// tools/list a few tens; below this, backends are stopped at their
// first answers.
const MinMessageBytes = 64 << 10

// Load reads and merges the files in paths, lowest precedence first, all
// as the user's own files: a later file's servers and settings win. It
// is for files of one owner; serve reads the user config and a project
// file with Read, which limits what the project file may do. Files that
// do not exist are skipped; every other problem in every file is
// reported at once in an *Error.
func Load(paths ...string) (*Config, error) {
	c := &Config{Servers: map[string]*Server{}}
	var all Error
	for _, p := range paths {
		if p == "" {
			continue
		}
		data, err := safefile.Read(p)
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			all.add(p, "", "%v", err)
			continue
		}
		f, err := Parse(p, data)
		if err != nil {
			if e, ok := err.(*Error); ok {
				all.Problems = append(all.Problems, e.Problems...)
				continue
			}
			return nil, err
		}
		c.merge(p, f)
		c.Skipped = append(c.Skipped, f.Skipped...)
	}
	if len(all.Problems) > 0 {
		return nil, &all
	}
	return c, nil
}

// merge adds file f (path p) on top of c.
func (c *Config) merge(p string, f *File) {
	c.Files = append(c.Files, p)
	for _, name := range f.Order {
		s := f.Servers[name]
		if old, ok := c.Servers[name]; ok && !sameLaunch(old, s) {
			c.Warnings = append(c.Warnings, fmt.Sprintf("server %q in %s overrides the one in %s", name, p, old.Source))
		}
		c.Servers[name] = s
	}
	c.Settings = overlay(c.Settings, f.Settings, f.SettingsSet)
}

func sameLaunch(a, b *Server) bool {
	return a.Type == b.Type && a.Command == b.Command && slices.Equal(a.Args, b.Args) && a.URL == b.URL && a.Cwd == b.Cwd && mapsEqual(a.Env, b.Env) && mapsEqual(a.Headers, b.Headers)
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// UserPath is the user config file, config.json in UserDirs' Config
// directory ($XDG_CONFIG_HOME/switchboard/config.json, else
// ~/.config/switchboard/config.json on Linux; see UserDirs for macOS and
// Windows); "" when no directory can be found (no HOME).
func UserPath(getenv func(string) string) string {
	dir := UserDirs(getenv).Config
	if dir == "" {
		return ""
	}
	return filepath.Join(dir, "config.json")
}

// ProjectFile is the name of a project's config file, meant to be
// committed with the project.
const ProjectFile = ".switchboard.json"

// FindProject walks up from dir to the filesystem root (stopping at the
// user's home, exclusive) and returns the first ProjectFile found, or "".
// A symbolic link of that name that leads nowhere (in a loop, or to a
// file that does not exist) is found too, as a FIFO or a device is, so
// that its reader says why it is not used: it was passed over without a
// word, and a project file further up used in its place. A directory of
// that name is passed over (ProjectDirs lists them, to be said).
func FindProject(dir, home string) string {
	found, _ := findProject(dir, home)
	return found
}

// ProjectDirs returns the directories named ProjectFile (or links to
// one) that FindProject passes over walking up from dir, nearest first:
// a project file path that is a directory, which no one reading the
// config would see otherwise.
func ProjectDirs(dir, home string) []string {
	_, dirs := findProject(dir, home)
	return dirs
}

func findProject(dir, home string) (found string, dirs []string) {
	for d := filepath.Clean(dir); ; {
		if home != "" && d == filepath.Clean(home) {
			return "", dirs
		}
		p := filepath.Join(d, ProjectFile)
		if _, err := os.Lstat(p); err == nil {
			if st, err := os.Stat(p); err != nil || !st.IsDir() {
				return p, dirs
			}
			dirs = append(dirs, p)
		}
		up := filepath.Dir(d)
		if up == d {
			return "", dirs
		}
		d = up
	}
}

// Error lists every problem found in the config files.
type Error struct {
	Problems []Problem
}

// Problem is one config problem: the file, the field (a dotted path such
// as mcpServers.github.command) and what is wrong.
type Problem struct {
	File, Field, Msg string
}

func (e *Error) add(file, field, format string, a ...any) {
	e.Problems = append(e.Problems, Problem{file, field, fmt.Sprintf(format, a...)})
}

// has reports whether a problem of field in file was said already.
func (e *Error) has(file, field string) bool {
	for _, p := range e.Problems {
		if p.File == file && p.Field == field {
			return true
		}
	}
	return false
}

// maxProblems is the most problems Error lists; the rest are counted.
// Problems keeps them all.
const maxProblems = 20

// Error lists the first maxProblems problems, one a line, each field cut
// at 200 bytes and message at 1000 (a key or value of the file may be
// 100 kB), then how many more there are. A file with 50,000 unknown
// fields made a 5 MB error, which trust printed for a cloned
// repository's project file, and one server's 25 MB problem was printed
// three times by servers.
func (e *Error) Error() string {
	var b strings.Builder
	for i, p := range e.Problems {
		if i == maxProblems {
			fmt.Fprintf(&b, "\n… and %d more problems", len(e.Problems)-maxProblems)
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// String is "file: field: message", the field cut at 200 bytes and the
// message at 1000.
func (p Problem) String() string {
	var b strings.Builder
	b.WriteString(p.File)
	if p.Field != "" {
		b.WriteString(": ")
		b.WriteString(cut(p.Field, 200))
	}
	b.WriteString(": ")
	b.WriteString(cut(p.Msg, 1000))
	return b.String()
}

// cut is s, or its first n bytes (at a rune boundary) and "…".
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// HashValues maps each name of m to the hex SHA-256 of its value (nil for
// an empty m): identities that must tell values apart without holding
// them (pins, launch keys). encoding/json sorts the keys.
func HashValues(m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		sum := sha256.Sum256([]byte(v))
		out[k] = hex.EncodeToString(sum[:])
	}
	return out
}
