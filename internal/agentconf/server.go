package agentconf

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// Server is one backend in Switchboard's config format: command, args,
// env and cwd for a stdio server; type ("http" or "sse"), url and
// headers for a remote one.
type Server struct {
	Type     string            `json:"type,omitempty"`
	Command  string            `json:"command,omitempty"`
	Args     []string          `json:"args,omitempty"`
	Env      map[string]string `json:"env,omitempty"`
	Cwd      string            `json:"cwd,omitempty"`
	URL      string            `json:"url,omitempty"`
	Headers  map[string]string `json:"headers,omitempty"`
	Disabled bool              `json:"disabled,omitempty"`
	// OAuth is set for a remote server that signs in with OAuth: what of
	// the agent's OAuth settings Switchboard's "oauth" block can carry.
	OAuth *OAuth `json:"oauth,omitempty"`
	// Tools is the agent's restriction of the server's tools (Gemini's
	// includeTools/excludeTools, Codex's enabled_tools/disabled_tools,
	// Kiro's disabledTools, Goose's available_tools) as Switchboard's
	// policy: dropped, the tools the user had turned off came back.
	Tools *ToolFilter `json:"tools,omitempty"`
}

// ToolFilter is the "tools" block of a server: globs of tool names.
type ToolFilter struct {
	Allow []string `json:"allow,omitempty"`
	Deny  []string `json:"deny,omitempty"`
}

// toolGlob is the glob that matches the tool name exactly.
var toolGlob = strings.NewReplacer(`\`, `\\`, `*`, `\*`, `?`, `\?`, `[`, `\[`)

// tools reads an agent's lists of tool names: allowKeys name lists of the
// only tools to offer, denyKeys lists of tools not to offer (they win,
// as in Switchboard). An allow list that is empty offers none when
// emptyAllowIsNone (Gemini's includeTools: [] hides every tool), else
// all (Goose's available_tools).
func (f *fields) tools(allowKeys, denyKeys []string, emptyAllowIsNone bool) *ToolFilter {
	var t ToolFilter
	for _, k := range allowKeys {
		if v, ok := f.m[k]; !ok || v == nil {
			continue
		}
		names := f.list(k)
		if len(names) == 0 && emptyAllowIsNone {
			t.Deny = append(t.Deny, "*")
		}
		for _, n := range names {
			t.Allow = append(t.Allow, toolGlob.Replace(n))
		}
	}
	for _, k := range denyKeys {
		for _, n := range f.list(k) {
			t.Deny = append(t.Deny, toolGlob.Replace(n))
		}
	}
	if t.Allow == nil && t.Deny == nil {
		return nil
	}
	return &t
}

// OAuth is the "oauth" block of an imported remote server.
type OAuth struct {
	ClientID     string   `json:"clientId,omitempty"`
	ClientSecret string   `json:"clientSecret,omitempty"`
	Scopes       []string `json:"scopes,omitempty"`
	RedirectPort int      `json:"redirectPort,omitempty"`
}

// Equal reports whether s and t launch the same backend (the OAuth
// block does not change that).
func (s Server) Equal(t Server) bool {
	s.OAuth, t.OAuth = nil, nil
	a, _ := json.Marshal(s)
	b, _ := json.Marshal(t)
	return string(a) == string(b)
}

// Remote transports.
const (
	typeHTTP = "http"
	typeSSE  = "sse"
)

// normType maps the transport names agents use to ours: "" (stdio),
// "http" or "sse". ok is false for an unknown name.
func normType(t string) (string, bool) {
	switch strings.ToLower(t) {
	case "", "stdio", "local", "command":
		return "", true
	case "http", "streamable-http", "streamablehttp", "streamable_http", "remote":
		return typeHTTP, true
	case "sse":
		return typeSSE, true
	}
	return "", false
}

// fields reads typed values out of an agent's entry, remembering the
// first problem.
type fields struct {
	m   map[string]any
	err error
}

func (f *fields) fail(format string, a ...any) {
	if f.err == nil {
		f.err = fmt.Errorf(format, a...)
	}
}

func (f *fields) str(k string) string {
	v, ok := f.m[k]
	if !ok || v == nil {
		return ""
	}
	s, ok := v.(string)
	if !ok {
		f.fail("%s must be a string", k)
	}
	return s
}

func (f *fields) list(k string) []string {
	v, ok := f.m[k]
	if !ok || v == nil {
		return nil
	}
	a, ok := v.([]any)
	if !ok {
		f.fail("%s must be a list of strings", k)
		return nil
	}
	out := make([]string, 0, len(a))
	for _, e := range a {
		out = append(out, scalar(e, func() { f.fail("%s must be a list of strings", k) }))
	}
	return out
}

func (f *fields) dict(k string) map[string]string {
	v, ok := f.m[k]
	if !ok || v == nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		f.fail("%s must be a map of strings", k)
		return nil
	}
	if len(m) == 0 {
		return nil
	}
	out := make(map[string]string, len(m))
	for mk, e := range m {
		out[mk] = scalar(e, func() { f.fail("%s.%s must be a string", k, mk) })
	}
	return out
}

func (f *fields) boolean(k string, def bool) bool {
	v, ok := f.m[k]
	if !ok || v == nil {
		return def
	}
	b, ok := v.(bool)
	if !ok {
		f.fail("%s must be true or false", k)
	}
	return b
}

func (f *fields) sub(k string) *fields {
	m, _ := f.m[k].(map[string]any)
	return &fields{m: m}
}

// scalar turns a string, number or boolean into a string.
func scalar(v any, bad func()) string {
	switch t := v.(type) {
	case string:
		return t
	case json.Number, int64, int, float64, bool, uint64:
		return fmt.Sprint(t)
	}
	bad()
	return ""
}

// errBoth is an entry with both a command and a url. Each transport
// reads only its own field, so importing it dropped one of them without
// a word; init leaves such a server where it is and says why.
var errBoth = errors.New("it has both a command and a url, and Switchboard would run only one of them: delete the one you do not mean and run init again")

// finish checks s and returns it with the first problem found.
func (f *fields) finish(s Server) (Server, error) {
	if f.err != nil {
		return Server{}, f.err
	}
	if s.Command != "" && s.URL != "" {
		return Server{}, errBoth
	}
	switch {
	case s.Type == "" && s.URL != "" && s.Command == "":
		s.Type = typeHTTP
	case s.Type == "" && s.Command == "":
		return Server{}, fmt.Errorf("has neither a command nor a url")
	case s.Type != "" && s.URL == "":
		return Server{}, fmt.Errorf("is a %s server without a url", s.Type)
	}
	if s.Type != "" {
		s.Command, s.Args, s.Env, s.Cwd = "", nil, nil, ""
	} else {
		s.URL, s.Headers = "", nil
	}
	return s, nil
}

// readGeneric reads the mcpServers entry shape most agents share
// (Claude, Cursor, Windsurf, Kiro, Amazon Q, Cline, Roo Code, VS Code).
// urlType is the transport of a url given without a type.
func readGeneric(urlType string) func(map[string]any) (Server, error) {
	return func(m map[string]any) (Server, error) {
		f := &fields{m: m}
		t, ok := normType(f.str("type"))
		if !ok {
			f.fail("unknown transport type %q", m["type"])
		}
		s := Server{
			Type:     t,
			Command:  f.str("command"),
			Args:     f.list("args"),
			Env:      f.dict("env"),
			Cwd:      f.str("cwd"),
			Headers:  f.dict("headers"),
			Disabled: f.boolean("disabled", false) || !f.boolean("enabled", true),
			Tools:    f.tools([]string{"includeTools"}, []string{"excludeTools", "disabledTools"}, true),
		}
		for _, k := range []string{"url", "serverUrl", "httpUrl"} {
			if u := f.str(k); u != "" {
				s.URL = u
				if s.Type == "" && s.Command == "" {
					s.Type = urlType
					if k == "httpUrl" {
						s.Type = typeHTTP
					}
				}
			}
		}
		return f.finish(s)
	}
}

// readZed reads Zed's context_servers entries: {command, args, env} or
// the older {command: {path, args, env}}, or {url, headers}.
func readZed(m map[string]any) (Server, error) {
	f := &fields{m: m}
	s := Server{URL: f.str("url"), Headers: f.dict("headers")}
	if c, ok := m["command"].(map[string]any); ok {
		cf := &fields{m: c}
		s.Command, s.Args, s.Env = cf.str("path"), cf.list("args"), cf.dict("env")
		if cf.err != nil {
			return Server{}, fmt.Errorf("command: %w", cf.err)
		}
	} else {
		s.Command, s.Args, s.Env = f.str("command"), f.list("args"), f.dict("env")
	}
	if s.URL != "" && s.Command == "" {
		s.Type = typeHTTP
	}
	return f.finish(s)
}

// readOpencode reads opencode's {type: local, command: [argv...],
// environment} and {type: remote, url, headers}.
func readOpencode(m map[string]any) (Server, error) {
	f := &fields{m: m}
	s := Server{Disabled: !f.boolean("enabled", true) || f.boolean("disabled", false)}
	switch typ := f.str("type"); typ {
	case "local", "":
		argv := f.list("command")
		if len(argv) == 0 && f.err == nil {
			return Server{}, fmt.Errorf("command must be a non-empty list")
		}
		if len(argv) > 0 {
			s.Command, s.Args = argv[0], argv[1:]
		}
		s.Env = f.dict("environment")
	case "remote":
		s.Type, s.URL, s.Headers = typeHTTP, f.str("url"), f.dict("headers")
	default:
		f.fail("unknown type %q", typ)
	}
	return f.finish(s)
}

// readCodex reads a Codex [mcp_servers.NAME] table.
func readCodex(m map[string]any) (Server, error) {
	f := &fields{m: m}
	s := Server{
		Command:  f.str("command"),
		Args:     f.list("args"),
		Env:      f.dict("env"),
		Cwd:      f.str("cwd"),
		URL:      f.str("url"),
		Headers:  f.dict("http_headers"),
		Disabled: !f.boolean("enabled", true),
		Tools:    f.tools([]string{"enabled_tools"}, []string{"disabled_tools"}, true),
	}
	for _, name := range f.list("env_vars") {
		if s.Env == nil {
			s.Env = map[string]string{}
		}
		if _, ok := s.Env[name]; !ok {
			s.Env[name] = "${env:" + name + "}"
		}
	}
	addHeader := func(h, v string) {
		if s.Headers == nil {
			s.Headers = map[string]string{}
		}
		s.Headers[h] = v
	}
	for h, name := range f.dict("env_http_headers") {
		addHeader(h, "${env:"+name+"}")
	}
	if tok := f.str("bearer_token_env_var"); tok != "" {
		addHeader("Authorization", "Bearer ${env:"+tok+"}")
	}
	if s.URL != "" && s.Command == "" {
		s.Type = typeHTTP
	}
	return f.finish(s)
}

// readGoose reads a Goose extension. Built-in and other in-process
// extensions are not MCP servers we can run: skipGoose leaves them.
func readGoose(m map[string]any) (Server, error) {
	f := &fields{m: m}
	s := Server{Disabled: !f.boolean("enabled", true), Tools: f.tools([]string{"available_tools"}, nil, false)}
	switch typ := f.str("type"); typ {
	case "stdio":
		s.Command, s.Args, s.Env = f.str("cmd"), f.list("args"), f.dict("envs")
		s.Cwd = f.str("cwd")
		for _, name := range f.list("env_keys") {
			if s.Env == nil {
				s.Env = map[string]string{}
			}
			if _, ok := s.Env[name]; !ok {
				s.Env[name] = "${env:" + name + "}"
			}
		}
	case "sse", "streamable_http", "streamable-http":
		s.Type, _ = normType(typ)
		s.URL, s.Headers = f.str("uri"), f.dict("headers")
		if s.URL == "" {
			s.URL = f.str("url")
		}
	default:
		f.fail("unknown extension type %q", typ)
	}
	return f.finish(s)
}

func skipGoose(m map[string]any) bool {
	switch m["type"] {
	case "stdio", "sse", "streamable_http", "streamable-http":
		return false
	}
	return true
}

// readContinue reads one item of Continue's mcpServers list.
func readContinue(m map[string]any) (Server, error) {
	f := &fields{m: m}
	t, ok := normType(f.str("type"))
	if !ok {
		f.fail("unknown transport type %q", m["type"])
	}
	s := Server{Type: t, Command: f.str("command"), Args: f.list("args"), Env: f.dict("env"), Cwd: f.str("cwd"), URL: f.str("url")}
	if ro := f.sub("requestOptions"); ro.m != nil {
		s.Headers = ro.dict("headers")
	}
	if s.URL != "" && s.Command == "" && s.Type == "" {
		s.Type = typeSSE // Continue's default for a url without a type
	}
	return f.finish(s)
}

// isOurs reports whether an agent's entry is a Switchboard registration:
// running a switchboard binary's serve command, or named "switchboard"
// and running some command's serve. A server of the user's that is
// named "switchboard" and runs something else (or is remote) is not
// ours: it is imported like any other, not overwritten.
func isOurs(name string, m map[string]any, exe string) bool {
	var argv []string
	switch c := m["command"].(type) {
	case string:
		argv = append([]string{c}, (&fields{m: m}).list("args")...)
	case []any:
		argv = (&fields{m: m}).list("command")
	}
	if c, ok := m["cmd"].(string); ok {
		argv = append([]string{c}, (&fields{m: m}).list("args")...)
	}
	if len(argv) < 2 || argv[1] != "serve" {
		return false
	}
	return name == EntryName || argv[0] == exe || strings.TrimSuffix(filepath.Base(argv[0]), ".exe") == "switchboard"
}

// EntryName is the name of the one entry init leaves in each agent file.
const EntryName = "switchboard"

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
