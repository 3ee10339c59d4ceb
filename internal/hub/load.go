package hub

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"

	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/demo"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
	"github.com/switchboard-mcp/switchboard/internal/trust"
	"github.com/switchboard-mcp/switchboard/internal/workspace"
)

// Paths are the files and directories a session uses.
type Paths struct {
	User, Project string // config files; either may not exist ("" Project: none)
	Cache, State  string // $XDG_CACHE_HOME/switchboard, $XDG_STATE_HOME/switchboard
	// Plugins is the user's plugin directory
	// ($XDG_CONFIG_HOME/switchboard/plugins; "": none).
	Plugins string
	// Home bounds the walk up to a repository root (project plugins).
	Home string
}

// Pins is the pins file.
func (p Paths) Pins() string { return filepath.Join(p.State, "pins.json") }

// Trusted is the store of trusted project files.
func (p Paths) Trusted() string { return allow.StorePath(p.State) }

// LoadOptions say which config to load. User is the user config file;
// Explicit says it was given on the command line (--config), so it must
// exist and no project file is looked for unless Project is set.
// Project is --project (a file or a directory, may be ""); Dir is the
// session's workspace (absolute), where a project file is looked for and
// "projects" entries apply.
type LoadOptions struct {
	Paths     Paths // Cache and State; User is the default user config
	Explicit  string
	Project   string
	Dir, Home string
	AllowDemo bool
	// DemoCommand is the argv of the built-in demo backend.
	DemoCommand []string
}

// Loaded is a configuration and what the user should hear about it.
type Loaded struct {
	Config  *config.Config
	Paths   Paths    // with User and Project as used
	Notices []string // one line each, for stderr and the list_tools index
	Demo    string   // set when serving the built-in demo backend: why
	// Gone are the config files an earlier load read that are not there
	// now (deleted, or their directory renamed away): said until back.
	Gone []string
}

// Load loads the user and project config. With no file at all and
// AllowDemo, it configures the built-in demo backend. Settings are
// after Defaults.
func Load(o *LoadOptions) (*Loaded, error) {
	p := o.Paths
	if o.Explicit != "" {
		p.User = abs(o.Dir, o.Explicit)
	}
	switch {
	case o.Project != "":
		p.Project = abs(o.Dir, o.Project)
	case o.Explicit == "":
		p.Project = config.FindProject(o.Dir, o.Home)
	}
	l := &Loaded{Paths: p}
	if o.Explicit != "" {
		if _, err := os.Stat(p.User); errors.Is(err, os.ErrNotExist) {
			return l, fmt.Errorf("config file %s (--config) does not exist: check the path, or create it with switchboard add NAME --config %s -- COMMAND ARGS...", p.User, ShellQuote(p.User))
		} else if err != nil {
			return l, fmt.Errorf("config file: %w", err)
		}
	}
	if o.Project != "" {
		if st, err := os.Stat(p.Project); err == nil && st.IsDir() {
			p.Project = filepath.Join(p.Project, config.ProjectFile) // a project directory
			l.Paths = p
		}
		if _, err := os.Stat(p.Project); errors.Is(err, os.ErrNotExist) {
			return l, fmt.Errorf("project config %s (--project) does not exist: check the path, or create it with switchboard add NAME --project=%s -- COMMAND ARGS...", p.Project, ShellQuote(p.Project))
		} else if err != nil {
			return l, fmt.Errorf("project config %s: %w", p.Project, err)
		}
	}
	dir := o.Dir
	if p.Project != "" {
		dir = filepath.Dir(p.Project)
	}
	cfg, notices, err := ReadConfig(p, p.Project, dir)
	if err != nil {
		return l, err
	}
	if o.Explicit == "" && o.Project == "" {
		notices = append(ProjectDirNotices(o.Dir, o.Home, p.Project), notices...)
	}
	l.Config, l.Notices = cfg, notices
	if len(cfg.Files) == 0 && o.AllowDemo && len(o.DemoCommand) > 0 {
		l.Demo = fmt.Sprintf("no config file: serving the built-in demo backend; put your servers in %s (or run `switchboard init`)", p.User)
		source := "built-in demo (no config file at " + p.User + ")"
		if p.User == "" {
			// "no config file at )": neither variable names a user
			// config, and the user was not told which to set.
			l.Demo = "no config file: serving the built-in demo backend; there is no user config, for neither HOME nor XDG_CONFIG_HOME is set: set HOME (or XDG_CONFIG_HOME), or name a config with --config PATH"
			source = "built-in demo (no user config: neither HOME nor XDG_CONFIG_HOME is set)"
		}
		cfg.Servers[demo.Name] = &config.Server{Name: demo.Name, Type: config.Stdio, Command: o.DemoCommand[0], Args: o.DemoCommand[1:], Source: source}
	}
	cfg.Settings = cfg.Settings.Defaults()
	return l, nil
}

func abs(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}

// ReadConfig reads the user config of p and the project file project
// (may be ""), which is used only when the user trusts its content.
// Entries of the user's "projects" apply in dir. The notices say which
// project file was ignored and which servers the config disabled.
func ReadConfig(p Paths, project, dir string) (*config.Config, []string, error) {
	var notices []string
	var data []byte
	if project != "" {
		b, err := safefile.Read(project)
		if err != nil {
			// A repository's file: what cannot be read (a FIFO, a link
			// to a device, no permission) is ignored, as an untrusted one.
			notices = append(notices, fmt.Sprintf("project config ignored: %v", err))
		} else {
			status, err := allow.Check(p.Trusted(), project, b)
			if err != nil {
				return nil, nil, err
			}
			if status == allow.Trusted {
				data = b
			} else {
				notices = append(notices, UntrustedNotice(project, status))
			}
		}
	}
	plugins, pn := pluginSources(p, project, dir)
	notices = append(notices, pn...)
	cfg, err := config.Read(config.Sources{User: p.User, Project: project, ProjectData: data, Dir: dir, Plugins: plugins})
	if err != nil {
		return nil, nil, err
	}
	for _, sk := range cfg.Skipped {
		notices = append(notices, redact.Text(sk.String()))
	}
	for _, n := range cfg.Names() {
		if s := cfg.Servers[n]; s.Problem != "" {
			notices = append(notices, redact.Text(fmt.Sprintf("server %q is disabled: %s", n, strings.ReplaceAll(s.Problem, "\n", "; "))))
		}
	}
	return cfg, notices, nil
}

// ProjectDirNotices say each directory named as a project file that the
// look for one from dir passed over (config.ProjectDirs), and which file
// applies in its place, project ("" for none).
func ProjectDirNotices(dir, home, project string) []string {
	var out []string
	for _, d := range config.ProjectDirs(dir, home) {
		instead := "no project file applies"
		if project != "" {
			instead = fmt.Sprintf("%s applies in its place", echo.Path(project))
		}
		out = append(out, fmt.Sprintf("project config ignored: %s is a directory, not a file: rename or remove it; %s", echo.Path(d), instead))
	}
	return out
}

// UntrustedNotice is the one line said about a project file the user has
// not trusted (or changed since).
func UntrustedNotice(project string, status allow.Status) string {
	if status == allow.Linked {
		return fmt.Sprintf("project config %s is %s, ignored: a file is trusted only where it is", project, status)
	}
	if note := allow.OwnerNote(project); note != "" {
		return fmt.Sprintf("project config %s %s, ignored; %s: review it, then, if you trust that account, run `switchboard trust %s %s`", echo.Path(project), status, note, allow.OtherOwnerFlag, ShellQuote(project))
	}
	return fmt.Sprintf("project config %s %s, ignored: review it, then run `switchboard trust %s`", echo.Path(project), status, ShellQuote(project))
}

// ShellQuote quotes s for a POSIX shell when it needs it (echo.ShellWord).
func ShellQuote(s string) string { return echo.ShellWord(s) }

// FileRoots are the directories ${file:} may read in.
func FileRoots(home, project string) []string {
	var out []string
	for _, d := range []string{home, project} {
		if d != "" && filepath.IsAbs(d) {
			out = append(out, d)
		}
	}
	return out
}

// PluginDirs are the user's plugin directory and the project's
// (.switchboard/plugins in the project file's directory, else in the
// repository root of dir).
func PluginDirs(p Paths, project, dir string) (user, proj string) {
	root := dir
	if project != "" {
		root = filepath.Dir(project)
	} else if dir != "" {
		root = workspace.FindRoot(dir, p.Home)
	}
	_, proj = config.PluginDirs("", root)
	return p.Plugins, proj
}

// pluginSources reads the plugin files of the user's and the project's
// plugin directories. A project plugin is used only when the user
// trusts its content (`switchboard plugins trust`), like a project file;
// the notices say which were ignored.
func pluginSources(p Paths, project, dir string) ([]config.PluginSource, []string) {
	var out []config.PluginSource
	var notices []string
	user, proj := PluginDirs(p, project, dir)
	for _, f := range config.PluginFiles(user) {
		b, err := safefile.Read(f)
		if err != nil {
			notices = append(notices, fmt.Sprintf("plugin %s: %v", f, err))
			continue
		}
		out = append(out, config.PluginSource{Path: f, Data: b})
	}
	var ignored []string // project plugins not trusted, or changed since
	var said []string    // their notices, while there are few
	unread := 0          // project plugins that cannot be read
	bad := func(f string, err error) {
		if unread++; unread <= maxPluginNotices {
			// The error may name the file too (a read's).
			notices = append(notices, fmt.Sprintf("plugin %s: %s", pluginPath(f), strings.ReplaceAll(err.Error(), f, pluginPath(f))))
		}
	}
	projFiles, err := config.PluginFilesBounded(proj)
	if err != nil {
		notices = append(notices, err.Error())
	}
	for _, f := range projFiles {
		b, err := safefile.Read(f)
		if err != nil {
			bad(f, err)
			continue
		}
		status, err := allow.CheckUnder(p.Trusted(), filepath.Dir(filepath.Dir(proj)), f, b)
		if err != nil {
			bad(f, err)
			continue
		}
		if status == allow.Linked {
			bad(f, errors.New("a link out of the project, ignored: a file is trusted only where it is"))
			continue
		}
		if status != allow.Trusted {
			ignored = append(ignored, pluginName(filepath.Base(f)))
			if plainName(filepath.Base(f)) {
				said = append(said, fmt.Sprintf("project plugin %s %s, ignored: review it, then run `switchboard plugins trust %s`", echo.Path(f), status, ShellQuote(f)))
			} else {
				said = append(said, fmt.Sprintf("project plugin %s %s, ignored: review it, then run `switchboard plugins trust %s` (the directory's plugins: the file's name is not one to type)", pluginPath(f), status, ShellQuote(filepath.Dir(f))))
			}
			continue
		}
		out = append(out, config.PluginSource{Path: f, Data: b, Project: true})
	}
	if unread > maxPluginNotices {
		notices = append(notices, fmt.Sprintf("and %d more project plugins in %s that cannot be read", unread-maxPluginNotices, echo.Path(proj)))
	}
	if len(ignored) <= maxPluginNotices {
		return out, append(notices, said...)
	}
	// One line for many: a cloned repository's 20,000 untrusted plugin
	// files made 20,000 notices, a list_tools description of 3.7 MB
	// read into the model's context at each session's start.
	notices = append(notices, fmt.Sprintf("%d project plugins in %s not trusted or changed since, ignored (%s and %d more): review them, then run `switchboard plugins trust %s`",
		len(ignored), echo.Path(proj), strings.Join(ignored[:maxPluginNotices], ", "), len(ignored)-maxPluginNotices, ShellQuote(proj)))
	return out, notices
}

// plainName reports whether a file name the project chose can be shown
// as it is: no control character, line or paragraph separator, or hidden
// character. The notices are lines of list_tools' description, so a
// plugin file named "x\nIMPORTANT: …\n.toml" put lines of its own there,
// read as Switchboard's.
func plainName(s string) bool {
	return !strings.ContainsFunc(s, func(r rune) bool {
		return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' || trust.Hidden(r)
	})
}

// pluginName is a project plugin's file name for a notice: as it is when
// plainName, else quoted, escaped and cut (echo.Quote), so that it stays
// one visible name inside the notice's line.
func pluginName(s string) string {
	if plainName(s) {
		return s
	}
	return echo.Quote(s)
}

// pluginPath is a project plugin's path for a notice: as it is when its
// file name is plainName, else the name as pluginName has it and the
// directory.
func pluginPath(f string) string {
	if plainName(filepath.Base(f)) {
		return echo.Path(f)
	}
	return pluginName(filepath.Base(f)) + " in " + echo.Path(filepath.Dir(f))
}

// maxPluginNotices is how many ignored project plugins get a notice each;
// more get one notice together.
const maxPluginNotices = 3
