package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/hub"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

func runPlugins(ctx context.Context, e *Env, args []string) error {
	if len(args) > 0 && args[0] == "trust" {
		return runPluginsTrust(ctx, e, args[1:])
	}
	var cf configFlags
	fs := newFlags(e, "plugins", "[--json] | trust [FILE...]", `
List plugins: TOML manifests in the plugins directory beside the user
config ($XDG_CONFIG_HOME/switchboard/plugins/*.toml) and in the project's
.switchboard/plugins/*.toml, with their servers and whether each applies
in this workspace. A project's plugins are used only after you trusted
their exact content: 'switchboard plugins trust [FILE...]' (default: every
project plugin here).`)
	cf.register(fs)
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := noArgs(e, fs); err != nil {
		return err
	}
	st, err := e.openStack(&cf, false, stackOptions{inProcessScripts: true})
	if err != nil {
		return err
	}
	defer st.Close()
	l := st.sess.Loaded()
	userDir, projDir := hub.PluginDirs(l.Paths, l.Paths.Project, e.Dir)
	full := st.sess.FullConfig()
	decided := st.sess.Applicability()
	type server struct {
		Name      string `json:"name"`
		Status    string `json:"status"` // applies, not here, disabled, shadowed
		DecidedBy string `json:"decidedBy,omitempty"`
		Tools     int    `json:"knownTools,omitempty"`
		Problem   string `json:"problem,omitempty"`
	}
	type plugin struct {
		Name        string   `json:"name,omitempty"`
		Version     string   `json:"version,omitempty"`
		Description string   `json:"description,omitempty"`
		File        string   `json:"file"`
		Scope       string   `json:"scope"`  // user or project
		Status      string   `json:"status"` // loaded, not trusted, changed since it was trusted, broken
		Error       string   `json:"error,omitempty"`
		Servers     []server `json:"servers"`
	}
	loaded := map[string]*config.Plugin{}
	for _, p := range full.Plugins {
		loaded[p.Path] = p
	}
	var out []plugin
	for _, scope := range []struct{ name, dir string }{{"user", userDir}, {"project", projDir}} {
		for _, f := range config.PluginFiles(scope.dir) {
			p := plugin{File: f, Scope: scope.name, Status: "loaded", Servers: []server{}}
			pl := loaded[f]
			if pl == nil {
				parsed, data, err := config.ReadPluginFile(f)
				switch {
				case err != nil:
					p.Status, p.Error = "broken", redact.Text(err.Error())
				case scope.name == "project":
					status, _ := allow.Check(st.paths.trusted(), f, data)
					p.Status = status.String()
				}
				pl = parsed
			}
			if pl != nil {
				p.Name, p.Version, p.Description = pl.Name, pl.Version, pl.Description
				seen := map[string]bool{}
				for _, s := range pl.Servers {
					sv := server{Name: s.Name, Tools: len(s.KnownTools)}
					cur := full.Servers[s.Name]
					switch {
					case p.Status != "loaded":
						sv.Status = "unused"
					case seen[s.Name]:
						// The config keeps the first of a name (with a
						// warning); this one was said to apply, as the
						// first did.
						sv.Status = "ignored: an earlier [[mcp_servers]] of this file has its name"
					case cur == nil:
						sv.Status = "not loaded"
					case cur.Source != s.Source:
						sv.Status = "shadowed by " + cur.Source
					case cur.Problem != "":
						sv.Status, sv.Problem = "disabled", cur.Problem
					case decided[s.Name].Applies:
						sv.Status, sv.DecidedBy = "applies", decided[s.Name].By
					default:
						sv.Status, sv.DecidedBy = "not here", decided[s.Name].By
					}
					seen[s.Name] = true
					p.Servers = append(p.Servers, sv)
				}
			}
			out = append(out, p)
		}
	}
	if *asJSON {
		if out == nil {
			out = []plugin{}
		}
		b, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintf(e.Stdout, "%s\n", b)
		return nil
	}
	if len(out) == 0 {
		fmt.Fprintf(e.Stdout, "No plugins. Put plugin manifests (*.toml) in %s or in %s.\n", userDir, projDir)
		return nil
	}
	for i, p := range out {
		if i > 0 {
			fmt.Fprintln(e.Stdout)
		}
		head := p.Name
		if p.Version != "" {
			head += " " + p.Version
		}
		if head == "" {
			head = echo.Path(filepath.Base(p.File))
		}
		fmt.Fprintf(e.Stdout, "%s (%s plugin, %s): %s\n", head, p.Scope, p.Status, echo.Path(p.File))
		if p.Description != "" {
			// On one line, bounded: a project plugin's description is a
			// repository's text, shown in the listing it is reviewed in,
			// and a line break in it forged lines of that listing (and
			// 200 kB of it was printed whole).
			fmt.Fprintf(e.Stdout, "  %s\n", truncate(p.Description, maxDescriptionShown))
		}
		if p.Error != "" {
			fmt.Fprintf(e.Stdout, "  %s\n", strings.ReplaceAll(p.Error, "\n", "\n  "))
		}
		if p.Status == "not trusted" || p.Status == allow.Changed.String() {
			fmt.Fprintf(e.Stdout, "  review it, then run: switchboard plugins trust %s\n", echo.ShellArg(p.File))
		}
		for _, s := range p.Servers {
			line := fmt.Sprintf("  server %s: %s", s.Name, s.Status)
			if s.DecidedBy != "" {
				line += " (" + s.DecidedBy + ")"
			}
			if s.Tools == 1 {
				line += "; ships 1 tool"
			} else if s.Tools > 0 {
				line += fmt.Sprintf("; ships %d tools", s.Tools)
			}
			fmt.Fprintln(e.Stdout, line)
			if s.Problem != "" {
				fmt.Fprintf(e.Stdout, "    %s\n", s.Problem)
			}
		}
	}
	return nil
}

// maxDescriptionShown bounds a plugin's description in the listing.
const maxDescriptionShown = 500

func runPluginsTrust(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "plugins trust", "[FILE...]", `
Trust project plugin files (default: every *.toml in the project's
.switchboard/plugins; a FILE is one of them, or that directory for all).
Read them first: a trusted plugin's servers run on your machine. Any
later change needs 'switchboard plugins trust' again.`)
	cf.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	p := e.paths(&cf)
	if err := p.needState(); err != nil {
		return err
	}
	userDir, _ := config.PluginDirs(p.user, "")
	_, dir := hub.PluginDirs(hub.Paths{Home: e.Getenv("HOME")}, p.project, e.Dir)
	var files []string
	for _, a := range fs.Args() {
		got, err := pluginsToTrust(filepath.Clean(e.abs(a)), userDir, dir)
		if err != nil {
			return err
		}
		files = append(files, got...)
	}
	if len(fs.Args()) == 0 {
		if files = config.PluginFiles(dir); len(files) == 0 {
			return fmt.Errorf("no project plugins in %s; give the files: switchboard plugins trust FILE", dir)
		}
	}
	store := p.trusted()
	for _, f := range files {
		pl, data, err := config.ReadPluginFile(f)
		if err != nil {
			return fmt.Errorf("not trusting a plugin that does not load (fix it, then trust it):\n%w", err)
		}
		ent, err := allow.TrustContent(store, f, data) // what was read and is listed below
		if err != nil {
			return err
		}
		if now, err := safefile.Read(f); err != nil || allow.Digest(now) != ent.SHA256 {
			return fmt.Errorf("plugin %s changed while it was being trusted: the file as it is now is not trusted; read it, then run 'switchboard plugins trust %s' again", f, shellQuote(f))
		}
		fmt.Fprintf(e.Stdout, "Trusted plugin %s %s (sha256 %s).\n", pl.Name, echo.Path(ent.Path), ent.SHA256[:12])
		for _, s := range pl.Servers {
			when := "always"
			if s.When != nil {
				when = "when " + s.When.String()
			}
			fmt.Fprintf(e.Stdout, "  %s (%s): %s\n", s.Name, when, launchLine(s))
			if l := givenLine(s); l != "" && s.Problem == "" {
				fmt.Fprintf(e.Stdout, "    %s\n", l)
			}
		}
	}
	return nil
}

// pluginsToTrust is what `plugins trust PATH` trusts: PATH when it is a
// manifest a session loads once trusted (a *.toml file in a project's
// .switchboard/plugins), the manifests of such a directory. Any other
// path is refused, naming it and where plugins live (userDir, the user's;
// projDir, this project's): a file elsewhere was recorded as trusted
// though nothing loads it.
func pluginsToTrust(path, userDir, projDir string) ([]string, error) {
	where := fmt.Sprintf("plugins are the *.toml files of a project's .switchboard/plugins/ (here: %s) and of your %s (used without trust)", projDir, userDir)
	isProjectDir := func(d string) bool {
		return filepath.Base(d) == "plugins" && filepath.Base(filepath.Dir(d)) == ".switchboard"
	}
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		if !isProjectDir(path) {
			return nil, fmt.Errorf("%s is a directory, not a plugin file; %s: give the files (switchboard plugins trust %s), or run 'switchboard plugins trust' in the project for all of them", path, where, shellQuote(filepath.Join(projDir, "NAME.toml")))
		}
		files := config.PluginFiles(path)
		if len(files) == 0 {
			return nil, fmt.Errorf("no plugin manifests (*.toml) in %s", path)
		}
		return files, nil
	}
	switch dir := filepath.Dir(path); {
	case userDir != "" && dir == filepath.Clean(userDir):
		return nil, fmt.Errorf("%s is one of your own plugins (in %s): those are used without trust; nothing to do", path, userDir)
	case !isProjectDir(dir):
		return nil, fmt.Errorf("%s is not in a project's plugins directory, so no session loads it and trusting it would do nothing; %s: move it there, then trust it", path, where)
	case filepath.Ext(path) != ".toml":
		return nil, fmt.Errorf("%s is not a *.toml file: only those are loaded from %s", path, dir)
	}
	return []string{path}, nil
}
