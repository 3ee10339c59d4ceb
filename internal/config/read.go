package config

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// Sources are the files Read merges.
type Sources struct {
	// User is the user config file; a missing file is no file. Its
	// servers and settings apply as written.
	User string
	// Project is the project config file and ProjectData its content, as
	// the caller read it and found it trusted. With Project == "" (or nil
	// ProjectData) no project file is used. A project file can only add
	// servers and tighten the user's settings (see Read).
	Project     string
	ProjectData []byte
	// Dir is the directory the user's "projects" entries are matched
	// against when there is no project file (the working directory or a
	// client's root). With a project file, its directory is used.
	Dir string
	// Plugins are plugin manifests (see Plugin): user plugins, added
	// after the user config, and trusted project plugins (Project),
	// added after the project file under the project file's rules.
	Plugins []PluginSource
}

// Read loads the user config and the project config of s and merges
// them, lowest precedence first:
//
//  1. the user's servers and settings;
//  2. the servers of each entry of the user's "projects" whose key is the
//     project directory or a directory above it (inner keys last); a name
//     that a global user server also has takes the project entry, with a
//     warning;
//  3. the project file's servers: a name the user config already has is
//     an error naming both files, and that server is disabled, as is a
//     server with the launch command of a user server but a different
//     environment, cwd or headers (it would share that server's pins).
//     The project's settings only tighten: a setting that would loosen the
//     user's keeps the user's value with a warning. A "projects" section
//     in a project file is an error.
//
// A server whose definition has an error is kept, disabled, with the
// error in its Problem. Errors of a whole file (syntax, settings, unknown
// fields) are returned in an *Error.
func Read(s Sources) (*Config, error) {
	c := &Config{Servers: map[string]*Server{}}
	var all Error
	var user, proj *File
	if s.User != "" {
		data, err := safefile.Read(s.User)
		switch {
		case errors.Is(err, os.ErrNotExist):
			// A link whose target is gone (a dotfiles repository moved
			// or not mounted) is no missing config: taken as one, every
			// server vanished without a word (the demo served instead).
			if t, lerr := os.Readlink(s.User); lerr == nil {
				all.add(s.User, "", "the config is a symbolic link to %s, which does not exist: point the link at your config file, or remove the link", echo.Path(t))
			}
		case errors.Is(err, syscall.ELOOP):
			all.add(s.User, "", "%v", LoopError(s.User, err))
		case err != nil:
			all.add(s.User, "", "%v", err)
		default:
			if user, err = Parse(s.User, data); err != nil {
				appendProblems(&all, err)
			} else {
				c.Skipped = append(c.Skipped, user.Skipped...)
			}
		}
	}
	if s.Project != "" && s.ProjectData != nil {
		f, err := Parse(s.Project, s.ProjectData)
		switch {
		case err != nil:
			appendProblems(&all, err)
		case len(f.Projects) > 0:
			all.add(s.Project, "projects", "allowed only in the user config (line %d); move it to %s", f.projectsLine, orDefault(s.User, "the user config"))
		default:
			proj = f
			c.Skipped = append(c.Skipped, f.Skipped...)
		}
	}
	if len(all.Problems) > 0 {
		return nil, &all
	}
	dir := s.Dir
	if proj != nil {
		dir = filepath.Dir(s.Project)
		c.ProjectDir = dir
	}
	if user != nil {
		c.merge(s.User, user)
		c.addScoped(s.User, user, dir)
	}
	var userPl, projPl []PluginSource
	for _, p := range s.Plugins {
		if p.Project {
			projPl = append(projPl, p)
		} else {
			userPl = append(userPl, p)
		}
	}
	c.addPlugins(userPl)
	if proj != nil {
		c.addProject(s.Project, proj)
	}
	c.addPlugins(projPl)
	c.checkBare()
	return c, nil
}

func appendProblems(all *Error, err error) {
	var e *Error
	if errors.As(err, &e) {
		all.Problems = append(all.Problems, e.Problems...)
		return
	}
	all.add("", "", "%v", err)
}

func orDefault(s, def string) string {
	if s == "" {
		return def
	}
	return s
}

// within reports whether dir is root or inside it.
func within(dir, root string) bool {
	if dir == "" || root == "" {
		return false
	}
	rel, err := filepath.Rel(root, dir)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// resolved is p with its symbolic links resolved, or p when that fails.
func resolved(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// addScoped adds the servers of the user file's "projects" entries that
// apply to dir, outer directories first.
func (c *Config) addScoped(path string, f *File, dir string) {
	if dir == "" {
		return
	}
	var scopes []Scope
	realDir := resolved(dir)
	for _, sc := range f.Projects {
		if within(filepath.Clean(dir), sc.Dir) || within(realDir, resolved(sc.Dir)) {
			scopes = append(scopes, sc)
		}
	}
	slices.SortStableFunc(scopes, func(a, b Scope) int { return len(a.Dir) - len(b.Dir) })
	for _, sc := range scopes {
		src := fmt.Sprintf("%s (projects.%q)", path, sc.Dir)
		for _, name := range sc.Order {
			s := *sc.Servers[name]
			s.Source = src
			s.Project = src
			if s.Problem != "" {
				s.Problem = strings.ReplaceAll(s.Problem, path+": ", src+": ")
			}
			if old, ok := c.Servers[name]; ok {
				c.Warnings = append(c.Warnings, fmt.Sprintf("server %q of %s replaces the one in %s while in %s", name, src, old.Source, sc.Dir))
			}
			c.Servers[name] = &s
		}
	}
	if c.ProjectDir == "" && len(scopes) > 0 {
		c.ProjectDir = scopes[len(scopes)-1].Dir
	}
}

// addProject adds a trusted project file: new servers only, settings
// only tightened.
func (c *Config) addProject(path string, f *File) {
	c.Files = append(c.Files, path)
	byIdentity := map[string]*Server{}
	for _, n := range c.Names() {
		if s := c.Servers[n]; s.Problem == "" {
			byIdentity[s.Identity()] = s
		}
	}
	for _, name := range f.Order {
		s := f.Servers[name]
		if old, ok := c.Servers[name]; ok {
			c.Servers[name] = &Server{Name: name, Type: old.Type, Source: path, Disabled: true,
				Problem: fmt.Sprintf("%s: mcpServers.%s: a project file cannot redefine the server %q of %s; rename it in %s", path, name, name, old.Source, path)}
			continue
		}
		if old, ok := byIdentity[s.Identity()]; ok && s.Problem == "" && !sameLaunch(old, s) {
			c.Servers[name] = &Server{Name: name, Type: s.Type, Source: path, Disabled: true,
				Problem: fmt.Sprintf("%s: mcpServers.%s: runs the command of the server %q of %s with a different env, cwd or headers; a project file cannot reuse a user server's approvals", path, name, old.Name, old.Source)}
			continue
		} else if ok && s.Problem == "" {
			c.Servers[name] = &Server{Name: name, Type: s.Type, Source: path, Disabled: true, Problem: aliasProblem(path, "mcpServers."+name, old)}
			continue
		}
		if c.fromProject == nil {
			c.fromProject = map[string]bool{}
		}
		c.fromProject[name] = true
		c.Servers[name] = s
	}
	key := ProjectKey(path)
	for _, name := range f.Order {
		if s := c.Servers[name]; s.Source == path {
			s.Project = key
		}
	}
	var warns []string
	c.Settings, warns = tighten(c.Settings, f.Settings, f.SettingsSet, path)
	c.Warnings = append(c.Warnings, warns...)
}

// aliasProblem is why a project's server (field of file) that runs the
// user's server old as it is (command, args, env, cwd and headers) is
// disabled: it shared old's pins and backend, but not its policy, so a
// repository's "gh2" beside the user's read-only "github" with
// "tools": {"deny": ["delete_*"]} called delete_repo with the user's
// token. A project file adds, and tightens only.
func aliasProblem(file, field string, old *Server) string {
	return fmt.Sprintf("%s: %s: runs the server %q of %s as it is (command, args, env, cwd and headers), without its policy (tools, readOnly, confirm, roles): a project cannot add a second entry for a user server; use %q, and remove this one from %s", file, field, old.Name, old.Source, old.Name, file)
}

// LoopError is err, an open of path that failed with ELOOP, said with
// the symbolic link on the way to path that loops (the config directory
// linked to itself, dotfiles links pointing at each other): the open's
// `too many levels of symbolic links` named the file, not the link, nor
// what to do. err itself when it is no such error or no link is found.
func LoopError(path string, err error) error {
	if !errors.Is(err, syscall.ELOOP) {
		return err
	}
	p := filepath.Clean(path)
	parts := strings.Split(p, string(filepath.Separator))
	cur := string(filepath.Separator)
	for _, part := range parts {
		if part == "" {
			continue
		}
		cur = filepath.Join(cur, part)
		fi, lerr := os.Lstat(cur)
		if lerr != nil || fi.Mode()&os.ModeSymlink == 0 {
			continue
		}
		if _, serr := os.Stat(cur); errors.Is(serr, syscall.ELOOP) {
			t, _ := os.Readlink(cur)
			return fmt.Errorf("%s is a symbolic link (to %s) that leads back to itself through links, so the config cannot be reached: point it at a real directory or file, or remove it", echo.Path(cur), echo.Path(t))
		}
	}
	return err
}
