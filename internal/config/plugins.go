package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"

	"github.com/BurntSushi/toml"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/nesting"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// KnownTool is one tool of a plugin's shipped tool list.
type KnownTool struct {
	Name        string
	Description string
	// InputSchema is the tool's JSON Schema (nil: an object with no
	// declared properties).
	InputSchema map[string]any
}

// Plugin is one plugin manifest: a TOML file in
// $XDG_CONFIG_HOME/switchboard/plugins/ or a project's
// .switchboard/plugins/ that declares backends, each usually with a
// "when" so that it applies only in the workspaces that need it:
//
//	name = "sqlx"
//	version = "0.1.0"
//	description = "query the project's database through SQLx"
//
//	[[mcp_servers]]
//	name = "sqlx"
//	command = "sqlx-mcp"
//	args = ["--workspace", "${workspace}"]
//	when = { crate = "sqlx" }
//
//	[[mcp_servers.known_tools]]
//	name = "query"
//	description = "Run a read-only SQL query"
//	input_schema = { type = "object", properties = { sql = { type = "string" } } }
//
// A server entry has the fields of a config entry (command, args, env,
// cwd, type, url, headers, oauth, expose, tools, readOnly, timeouts,
// share, confirm, when) plus name and known_tools.
type Plugin struct {
	Path        string
	Name        string
	Version     string
	Description string
	// Project is set for a project's plugin (used only when trusted).
	Project bool
	// Servers in file order; a server with a problem is disabled with it.
	Servers []*Server
}

// PluginDirs are where plugins are looked for: the user's (next to the
// user config) and the project's (<dir>/.switchboard/plugins).
func PluginDirs(userConfig, projectDir string) (user, project string) {
	if userConfig != "" {
		user = filepath.Join(filepath.Dir(userConfig), "plugins")
	}
	if projectDir != "" {
		project = filepath.Join(projectDir, ".switchboard", "plugins")
	}
	return user, project
}

// PluginFiles lists the *.toml files of dir, sorted ("" or a missing
// directory: none), at most MaxPluginFiles of them (PluginFilesBounded).
func PluginFiles(dir string) []string {
	files, _ := PluginFilesBounded(dir)
	return files
}

// MaxPluginFiles is the most plugin manifests of one directory that are
// read; a directory is listed no further than maxPluginEntries entries.
const (
	MaxPluginFiles   = 1000
	maxPluginEntries = 10_000
)

// PluginFilesBounded is PluginFiles with why it gave fewer files than
// dir holds: more than MaxPluginFiles manifests (the first by name are
// given) or more than maxPluginEntries entries (none is). A repository's
// .switchboard/plugins of 20,000 files was listed whole and each file
// read (up to 16 MiB) and checked against the trusted store at every
// config load, each session's start.
func PluginFilesBounded(dir string) ([]string, error) {
	if dir == "" {
		return nil, nil
	}
	// Not filepath.Glob of dir/*.toml: a project directory named "p*"
	// or "p[1]" was a pattern, and the trusted plugins of a sibling
	// project (p1) were loaded into this one. Opened without waiting: a
	// FIFO in the directory's place would block a plain open.
	f, err := os.OpenFile(dir, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.IsDir() {
		return nil, nil
	}
	var m []string
	seen := 0
	for {
		ents, err := f.ReadDir(256)
		if seen += len(ents); seen > maxPluginEntries {
			return nil, fmt.Errorf("plugin directory %s holds more than %d entries: none is read; keep only plugin manifests there", dir, maxPluginEntries)
		}
		for _, e := range ents {
			if strings.HasSuffix(e.Name(), ".toml") {
				m = append(m, filepath.Join(dir, e.Name()))
			}
		}
		if err != nil { // io.EOF, or unreadable: what was read
			break
		}
	}
	sort.Strings(m)
	if len(m) > MaxPluginFiles {
		return m[:MaxPluginFiles], fmt.Errorf("plugin directory %s holds %d manifests: only the first %d by name are read", dir, len(m), MaxPluginFiles)
	}
	return m, nil
}

// ParsePlugin validates data, the content of the plugin manifest at path.
// Errors of the file as a whole (TOML syntax, unknown top-level keys, a
// missing name) are returned in an *Error naming the file (and line for
// syntax); a bad server entry disables that server only.
func ParsePlugin(path string, data []byte) (*Plugin, error) {
	e := &Error{}
	if line, deep := nesting.TOML(data, maxNesting); deep {
		e.add(path, "", "nested deeper than %d levels (line %d); a plugin manifest is a few levels deep", maxNesting, line)
		return nil, e
	}
	var raw map[string]any
	if _, err := toml.Decode(string(data), &raw); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			line := pe.Position.Line
			if st := pe.Position.Start; st > 0 && st <= len(data) {
				line = 1 + strings.Count(string(data[:st]), "\n") // the bad token's line, not the next
			}
			e.add(path, "", "line %d: %s", line, pe.Message)
		} else {
			e.add(path, "", "%v", err)
		}
		return nil, e
	}
	pl := &Plugin{Path: path}
	for _, k := range slices.Sorted(maps.Keys(raw)) {
		v := raw[k]
		switch k {
		case "name", "version", "description":
			s, ok := v.(string)
			if !ok {
				e.add(path, k, "must be a string")
				continue
			}
			switch k {
			case "name":
				pl.Name = s
			case "version":
				pl.Version = s
			default:
				pl.Description = s
			}
		case "mcp_servers":
		default:
			e.add(path, k, "unknown field; known: name, version, description, mcp_servers")
		}
	}
	if strings.TrimSpace(pl.Name) == "" && len(e.Problems) == 0 {
		e.add(path, "name", "is missing: a plugin needs a name")
	}
	// Both are printed as they are (switchboard plugins): a name holding
	// a newline forged lines of the listing a project plugin is reviewed
	// in before it is trusted.
	for _, f := range [][2]string{{"name", pl.Name}, {"version", pl.Version}} {
		if ControlName(f[1]) {
			e.add(path, f[0], "%s holds control, bidirectional or invisible characters: change it", echo.Quote(f[1]))
		}
	}
	list, ok := raw["mcp_servers"].([]map[string]any)
	if !ok && raw["mcp_servers"] != nil {
		e.add(path, "mcp_servers", "must be an array of tables ([[mcp_servers]])")
	}
	if len(e.Problems) > 0 {
		return nil, e
	}
	for i, m := range list {
		pl.Servers = append(pl.Servers, parsePluginServer(path, fmt.Sprintf("mcp_servers[%d]", i), pl.Name, m))
	}
	return pl, nil
}

// parsePluginServer reads one [[mcp_servers]] table with the config
// entry parser (fields and messages are those of a config entry).
func parsePluginServer(path, field, plugin string, m map[string]any) *Server {
	name, _ := m["name"].(string)
	se := &Error{}
	if strings.TrimSpace(name) == "" {
		se.add(path, field+".name", "is missing: each [[mcp_servers]] needs a name")
		name = field
	} else if ControlName(name) {
		se.add(path, field+".name", "%s holds control, bidirectional or invisible characters: rename it", strconv.Quote(name))
		name = field
	}
	var known []KnownTool
	rest := map[string]any{}
	for k, v := range m {
		switch k {
		case "name":
		case "known_tools":
			known = parseKnownTools(path, field+".known_tools", v, se)
		default:
			rest[k] = v
		}
	}
	s := parseServer(path, field, name, nodeOf(rest), se)
	if len(se.Problems) > 0 {
		for i := range se.Problems {
			se.Problems[i].Msg = strings.ReplaceAll(se.Problems[i].Msg, " (line 0)", "")
		}
		typ := s.Type
		if typ != HTTP && typ != SSE {
			typ = Stdio
		}
		s = &Server{Name: name, Source: path, Type: typ, Disabled: true, Problem: se.Error(), problems: se}
	}
	s.KnownTools, s.Plugin = known, plugin
	return s
}

func parseKnownTools(path, field string, v any, e *Error) []KnownTool {
	list, ok := v.([]map[string]any)
	if !ok {
		e.add(path, field, "must be an array of tables ([[mcp_servers.known_tools]])")
		return nil
	}
	var out []KnownTool
	for i, t := range list {
		f := fmt.Sprintf("%s[%d]", field, i)
		var kt KnownTool
		for k, v := range t {
			switch k {
			case "name":
				kt.Name, _ = v.(string)
			case "description":
				kt.Description, _ = v.(string)
			case "input_schema":
				kt.InputSchema, _ = v.(map[string]any)
				if kt.InputSchema == nil {
					e.add(path, f+".input_schema", "must be a table (a JSON Schema object)")
				}
			default:
				e.add(path, f+"."+k, "unknown field; known: name, description, input_schema")
			}
		}
		if kt.Name == "" {
			e.add(path, f+".name", "is missing")
			continue
		}
		out = append(out, kt)
	}
	return out
}

// nodeOf converts a decoded TOML value into the parser's tree (no line
// numbers: TOML field paths name the place instead).
func nodeOf(v any) *node {
	switch t := v.(type) {
	case map[string]any:
		n := &node{kind: '{'}
		for _, k := range slices.Sorted(maps.Keys(t)) {
			n.keys = append(n.keys, k)
			n.vals = append(n.vals, nodeOf(t[k]))
		}
		return n
	case []map[string]any:
		n := &node{kind: '['}
		for _, x := range t {
			n.vals = append(n.vals, nodeOf(x))
		}
		return n
	case []any:
		n := &node{kind: '['}
		for _, x := range t {
			n.vals = append(n.vals, nodeOf(x))
		}
		return n
	case string:
		return &node{kind: 's', str: t}
	case bool:
		return &node{kind: 'b', b: t}
	case int64:
		return &node{kind: 'n', num: json.Number(fmt.Sprint(t))}
	case float64:
		return &node{kind: 'n', num: json.Number(fmt.Sprint(t))}
	}
	return &node{kind: 's', str: fmt.Sprint(v)}
}

// PluginSource is one plugin file Read merges: its path and content (for
// a project plugin, as read and found trusted).
type PluginSource struct {
	Path    string
	Data    []byte
	Project bool
}

// addPlugins adds the servers of the plugin files below the user config
// (user plugins) or as a project file would (project plugins: new names
// only, no reuse of a user server's launch). A name already configured
// keeps its definition: the first registered wins, with a warning. A
// plugin file that does not load is skipped with a warning.
func (c *Config) addPlugins(srcs []PluginSource) {
	for _, src := range srcs {
		pl, err := ParsePlugin(src.Path, src.Data)
		if err != nil {
			c.Warnings = append(c.Warnings, fmt.Sprintf("plugin skipped: %v", err))
			continue
		}
		pl.Project = src.Project
		c.Plugins = append(c.Plugins, pl)
		byIdentity := map[string]*Server{}
		if src.Project {
			for _, n := range c.Names() {
				if s := c.Servers[n]; s.Problem == "" {
					byIdentity[s.Identity()] = s
				}
			}
		}
		for _, s := range pl.Servers {
			if old, ok := c.Servers[s.Name]; ok {
				c.Warnings = append(c.Warnings, fmt.Sprintf("server %q of plugin %s (%s) is ignored: %s defines it already", s.Name, pl.Name, src.Path, old.Source))
				continue
			}
			if old, ok := byIdentity[s.Identity()]; ok && s.Problem == "" && !sameLaunch(old, s) {
				s = &Server{Name: s.Name, Type: s.Type, Source: src.Path, Plugin: pl.Name, Disabled: true,
					Problem: fmt.Sprintf("%s: server %q runs the command of the server %q of %s with a different env, cwd or headers; a project plugin cannot reuse a user server's approvals", src.Path, s.Name, old.Name, old.Source)}
			} else if ok && s.Problem == "" && !c.fromProject[old.Name] {
				s = &Server{Name: s.Name, Type: s.Type, Source: src.Path, Plugin: pl.Name, Disabled: true, Problem: aliasProblem(src.Path, fmt.Sprintf("server %q", s.Name), old)}
			} else if src.Project {
				if c.fromProject == nil {
					c.fromProject = map[string]bool{}
				}
				c.fromProject[s.Name] = true
			}
			if src.Project {
				s.Project = ProjectKey(src.Path)
			}
			c.Servers[s.Name] = s
		}
	}
}

// ReadPluginFile reads and parses one plugin file.
func ReadPluginFile(path string) (*Plugin, []byte, error) {
	b, err := safefile.Read(path)
	if err != nil {
		return nil, nil, fmt.Errorf("plugin %s: %w", path, err)
	}
	pl, err := ParsePlugin(path, b)
	return pl, b, err
}
