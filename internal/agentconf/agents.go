package agentconf

import (
	"path/filepath"
	"strings"
)

// Scope says whose agent files init edits.
type Scope int

const (
	// Project edits the agent files of one project and registers the
	// servers in the project's .switchboard.json.
	Project Scope = iota
	// User edits the agent files in the user's home and registers the
	// servers in the user config.
	User
)

// String returns "project" or "user".
func (s Scope) String() string {
	if s == User {
		return "user"
	}
	return "project"
}

// Agent is an app whose MCP config init can edit.
type Agent struct {
	ID    string // the --agent name
	Title string
	// Aliases are other names accepted by --agent.
	Aliases []string
	specs   func(p paths) []spec
}

// dialect is how one agent writes a server entry.
type dialect struct {
	format byte // 'j' JSON/JSONC, 't' TOML, 'y' YAML mapping, 'l' YAML list
	read   func(map[string]any) (Server, error)
	skip   func(map[string]any) bool // entries left alone, not imported
	entry  func(command string, args []string) any
	fresh  string // content of a new file
}

// spec is one agent file (or set of files) in one scope.
type spec struct {
	paths   []string // alternatives: the first that exists is used, the first is created
	glob    string   // instead of paths: every match is read (sources only)
	key     []string // where the servers are
	dialect *dialect
	source  bool // only read: servers are imported and removed, the entry is not written here
	needKey bool // counts as found only when key holds servers
	// private marks an agent's per-user storage read in the project
	// scope (Claude Code's local scope): its servers go to the user
	// config, under the project, never into a project file.
	private bool
}

// paths are the directories agent files are found from.
type paths struct {
	scope  Scope
	root   string // project root
	home   string
	config string // $XDG_CONFIG_HOME or ~/.config (Linux), ~/Library/Application Support (macOS)
	xdg    string // $XDG_CONFIG_HOME or ~/.config on every OS
	codex  string // $CODEX_HOME or ~/.codex
	claude string // $CLAUDE_CONFIG_DIR or ~
}

func (p paths) proj(rel ...string) string {
	return filepath.Join(append([]string{p.root}, rel...)...)
}

func (p paths) user(rel ...string) string {
	return filepath.Join(append([]string{p.home}, rel...)...)
}

func mcpEntry(command string, args []string) any {
	return orderedObject{{"command", command}, {"args", args}}
}

var (
	generic = &dialect{format: 'j', read: readGeneric(typeHTTP), entry: mcpEntry, fresh: "{\n}\n"}
	sseURL  = &dialect{format: 'j', read: readGeneric(typeSSE), entry: mcpEntry, fresh: "{\n}\n"}
	vscodeD = &dialect{format: 'j', read: readGeneric(typeHTTP), entry: func(c string, a []string) any { return orderedObject{{"type", "stdio"}, {"command", c}, {"args", a}} }, fresh: "{\n}\n"}
	zedD    = &dialect{format: 'j', read: readZed, skip: func(m map[string]any) bool { return m["source"] == "extension" }, entry: func(c string, a []string) any {
		return orderedObject{{"source", "custom"}, {"command", c}, {"args", a}, {"env", orderedObject{}}}
	}, fresh: "{\n}\n"}
	opencode = &dialect{format: 'j', read: readOpencode, entry: func(c string, a []string) any {
		return orderedObject{{"type", "local"}, {"command", append([]string{c}, a...)}, {"enabled", true}}
	}, fresh: "{\n  \"$schema\": \"https://opencode.ai/config.json\"\n}\n"}
	codexD = &dialect{format: 't', read: readCodex, entry: func(c string, a []string) any { return []kv{{"command", c}, {"args", a}} }}
	gooseD = &dialect{format: 'y', read: readGoose, skip: skipGoose, entry: func(c string, a []string) any {
		return gooseExt{Enabled: true, Type: "stdio", Name: EntryName, Cmd: c, Args: a, Envs: map[string]string{}, Timeout: 300, Description: "Switchboard: every MCP server behind one"}
	}}
	continueD = &dialect{format: 'l', read: readContinue, skip: func(m map[string]any) bool { return m["uses"] != nil }, entry: func(c string, a []string) any {
		return continueServer{Name: EntryName, Command: c, Args: a}
	}, fresh: "name: Switchboard\nversion: 0.0.1\nschema: v1\n"}
)

type gooseExt struct {
	Enabled     bool              `yaml:"enabled" json:"enabled"`
	Type        string            `yaml:"type" json:"type"`
	Name        string            `yaml:"name" json:"name"`
	Cmd         string            `yaml:"cmd" json:"cmd"`
	Args        []string          `yaml:"args" json:"args"`
	Envs        map[string]string `yaml:"envs" json:"envs"`
	Timeout     int               `yaml:"timeout" json:"timeout"`
	Description string            `yaml:"description" json:"description"`
}

type continueServer struct {
	Name    string   `yaml:"name" json:"name"`
	Command string   `yaml:"command" json:"command"`
	Args    []string `yaml:"args" json:"args"`
}

func one(path string, key []string, d *dialect) []spec {
	return []spec{{paths: []string{path}, key: key, dialect: d}}
}

var mcpServers = []string{"mcpServers"}

// agents is the table of supported agents, in the order their servers
// are imported (the first definition of a name wins).
var agents = []Agent{
	{ID: "claude-code", Title: "Claude Code", Aliases: []string{"claude"}, specs: func(p paths) []spec {
		if p.scope == Project {
			return []spec{
				{paths: []string{p.proj(".mcp.json")}, key: mcpServers, dialect: generic},
				{paths: []string{filepath.Join(p.claude, ".claude.json")}, key: []string{"projects", p.root, "mcpServers"}, dialect: generic, source: true, needKey: true, private: true},
			}
		}
		return one(filepath.Join(p.claude, ".claude.json"), mcpServers, generic)
	}},
	{ID: "claude-desktop", Title: "Claude Desktop", specs: func(p paths) []spec {
		if p.scope == Project {
			return nil
		}
		return []spec{{paths: []string{filepath.Join(p.config, "Claude", "claude_desktop_config.json")}, key: mcpServers, dialect: generic}}
	}},
	{ID: "cursor", Title: "Cursor", specs: func(p paths) []spec {
		if p.scope == Project {
			return one(p.proj(".cursor", "mcp.json"), mcpServers, generic)
		}
		return one(p.user(".cursor", "mcp.json"), mcpServers, generic)
	}},
	{ID: "vscode", Title: "VS Code (GitHub Copilot)", Aliases: []string{"copilot", "code"}, specs: func(p paths) []spec {
		if p.scope == Project {
			return one(p.proj(".vscode", "mcp.json"), []string{"servers"}, vscodeD)
		}
		return one(filepath.Join(p.config, "Code", "User", "mcp.json"), []string{"servers"}, vscodeD)
	}},
	{ID: "codex", Title: "Codex CLI", specs: func(p paths) []spec {
		if p.scope == Project {
			return one(p.proj(".codex", "config.toml"), []string{"mcp_servers"}, codexD)
		}
		return one(filepath.Join(p.codex, "config.toml"), []string{"mcp_servers"}, codexD)
	}},
	{ID: "gemini", Title: "Gemini CLI", specs: func(p paths) []spec {
		if p.scope == Project {
			return one(p.proj(".gemini", "settings.json"), mcpServers, sseURL)
		}
		return one(p.user(".gemini", "settings.json"), mcpServers, sseURL)
	}},
	{ID: "windsurf", Title: "Windsurf", specs: func(p paths) []spec {
		if p.scope == Project {
			return nil
		}
		return one(p.user(".codeium", "windsurf", "mcp_config.json"), mcpServers, generic)
	}},
	{ID: "zed", Title: "Zed", specs: func(p paths) []spec {
		if p.scope == Project {
			return one(p.proj(".zed", "settings.json"), []string{"context_servers"}, zedD)
		}
		return one(filepath.Join(p.xdg, "zed", "settings.json"), []string{"context_servers"}, zedD)
	}},
	{ID: "opencode", Title: "opencode", specs: func(p paths) []spec {
		if p.scope == Project {
			return []spec{{paths: []string{p.proj("opencode.json"), p.proj("opencode.jsonc"), p.proj(".opencode", "opencode.json"), p.proj(".opencode", "opencode.jsonc")}, key: []string{"mcp"}, dialect: opencode}}
		}
		dir := filepath.Join(p.xdg, "opencode")
		return []spec{{paths: []string{filepath.Join(dir, "opencode.json"), filepath.Join(dir, "opencode.jsonc")}, key: []string{"mcp"}, dialect: opencode}}
	}},
	{ID: "kiro", Title: "Kiro", specs: func(p paths) []spec {
		if p.scope == Project {
			return one(p.proj(".kiro", "settings", "mcp.json"), mcpServers, generic)
		}
		return one(p.user(".kiro", "settings", "mcp.json"), mcpServers, generic)
	}},
	{ID: "goose", Title: "Goose", specs: func(p paths) []spec {
		if p.scope == Project {
			return nil
		}
		return one(filepath.Join(p.xdg, "goose", "config.yaml"), []string{"extensions"}, gooseD)
	}},
	{ID: "cline", Title: "Cline", specs: func(p paths) []spec {
		if p.scope == Project {
			return nil
		}
		return one(filepath.Join(p.config, "Code", "User", "globalStorage", "saoudrizwan.claude-dev", "settings", "cline_mcp_settings.json"), mcpServers, sseURL)
	}},
	{ID: "roo", Title: "Roo Code", Aliases: []string{"roo-code"}, specs: func(p paths) []spec {
		if p.scope == Project {
			return one(p.proj(".roo", "mcp.json"), mcpServers, generic)
		}
		return one(filepath.Join(p.config, "Code", "User", "globalStorage", "rooveterinaryinc.roo-cline", "settings", "mcp_settings.json"), mcpServers, generic)
	}},
	{ID: "continue", Title: "Continue", specs: func(p paths) []spec {
		if p.scope == Project {
			dir := p.proj(".continue", "mcpServers")
			return []spec{
				{glob: filepath.Join(dir, "*.yaml"), key: mcpServers, dialect: continueD, source: true},
				{glob: filepath.Join(dir, "*.yml"), key: mcpServers, dialect: continueD, source: true},
				{glob: filepath.Join(dir, "*.json"), key: mcpServers, dialect: generic, source: true},
				{paths: []string{filepath.Join(dir, "switchboard.yaml")}, key: mcpServers, dialect: continueD},
			}
		}
		return one(p.user(".continue", "config.yaml"), mcpServers, continueD)
	}},
	{ID: "amazonq", Title: "Amazon Q Developer", Aliases: []string{"q", "amazon-q"}, specs: func(p paths) []spec {
		if p.scope == Project {
			return one(p.proj(".amazonq", "mcp.json"), mcpServers, generic)
		}
		return one(p.user(".aws", "amazonq", "mcp.json"), mcpServers, generic)
	}},
}

// Agents returns the supported agents in import order.
func Agents() []Agent { return agents }

// FindAgent returns the agent with id or alias name (case-insensitive).
func FindAgent(name string) (Agent, bool) {
	name = strings.ToLower(name)
	for _, a := range agents {
		if a.ID == name {
			return a, true
		}
		for _, al := range a.Aliases {
			if al == name {
				return a, true
			}
		}
	}
	return Agent{}, false
}

// Files returns the files the agent reads in the given scope (before any
// existence check), for help and --list output.
func (a Agent) Files(o *Options) []string {
	var out []string
	for _, s := range a.specs(o.paths()) {
		if s.glob != "" {
			out = append(out, s.glob)
			continue
		}
		f := s.paths[0]
		if s.needKey {
			f += " (" + strings.Join(s.key, ".") + ")"
		}
		out = append(out, f)
	}
	return out
}
