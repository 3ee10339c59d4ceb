package agentconf

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"
	"sync"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// Agents write variable references in their own syntax; Switchboard's
// config has ${env:NAME} and ${file:PATH}. translate rewrites the ones
// we can, and reports the ones only the agent can fill in.

var (
	// ${NAME} and ${NAME:-default} (Claude Code, and a shell habit).
	braceRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{([A-Za-z_][A-Za-z0-9_]*)(:-([^}]*))?\}`) })
	// $NAME (Gemini CLI).
	dollarRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$([A-Za-z_][A-Za-z0-9_]*)`) })
	// {env:NAME} and {file:PATH} (opencode).
	openRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(^|[^$]){(env|file):([^}]+)}`) })
	// references only the agent can resolve: VS Code's ${input:…},
	// ${command:…} and ${config:…}, Continue's ${{ secrets.… }} and
	// ${{ inputs.… }}.
	agentRefRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\$\{(input|command|config):[^}]*\}|\$\{\{\s*(secrets|inputs)\.[^}]*\}\}`)
	})
	// the workspace the agent has open, which has no value in the user
	// scope: ${workspaceFolder} became ${env:workspaceFolder} there.
	workspaceRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\$\{(workspaceFolder|workspaceFolderBasename)\}`)
	})
)

// translator rewrites the references of one agent's syntax.
type translator struct {
	agent  string
	getenv func(string) string
	root   string // the project root, "" in the user scope
	home   string
	notes  []string // what was rewritten and how
}

// str rewrites one value.
func (t *translator) str(v string) string {
	// VS Code's and Cursor's predefined variables have one value here.
	if t.root != "" {
		v = strings.ReplaceAll(v, "${workspaceFolderBasename}", filepath.Base(t.root))
		v = strings.ReplaceAll(v, "${workspaceFolder}", t.root)
	}
	if t.home != "" {
		v = strings.ReplaceAll(v, "${userHome}", t.home)
	}
	v = strings.ReplaceAll(v, "${pathSeparator}", string(filepath.Separator))
	if t.agent == "opencode" {
		v = openRE().ReplaceAllString(v, "${1}$${${2}:${3}}")
	}
	v = braceRE().ReplaceAllStringFunc(v, func(m string) string {
		sm := braceRE().FindStringSubmatch(m)
		name := sm[1]
		if sm[2] == "" {
			return "${env:" + name + "}"
		}
		if t.getenv(name) != "" {
			t.notes = append(t.notes, fmt.Sprintf("%s became ${env:%s} (%s is set where init ran; set it where the agent runs)", m, name, name))
			return "${env:" + name + "}"
		}
		shown, def := m, fmt.Sprintf("%q", sm[3])
		if secretName(name) || looksLikeToken(literal(sm[3])) {
			// The notes are printed, also by --dry-run, whose diff
			// masks the value: ${API_KEY:-sk-live-…} showed it twice.
			shown, def = "${"+name+":-***}", `"***"`
		}
		t.notes = append(t.notes, fmt.Sprintf("%s became its default %s (%s is not set where init ran; Switchboard has no defaults)", shown, def, name))
		return sm[3]
	})
	if t.agent == "gemini" {
		v = dollarRE().ReplaceAllStringFunc(v, func(m string) string {
			return "${env:" + m[1:] + "}"
		})
	}
	return v
}

// server rewrites every field of s that can hold a reference.
func (t *translator) server(s Server) Server {
	s.Command, s.Cwd, s.URL = t.str(s.Command), t.str(s.Cwd), t.str(s.URL)
	if t.root == "" && s.Cwd != "" && !filepath.IsAbs(s.Cwd) && !strings.HasPrefix(s.Cwd, "${") && !strings.HasPrefix(s.Cwd, "~") {
		// An agent's user file gives a relative cwd from the directory
		// the agent runs in; Switchboard takes it from the directory of
		// its own config file, where the server then failed to start
		// (round 103's case 16). The workspace is the nearest it has to
		// where the agent ran.
		was := s.Cwd
		s.Cwd = "${workspace}"
		if c := filepath.ToSlash(filepath.Clean(was)); c != "." {
			s.Cwd += "/" + c
		}
		t.notes = append(t.notes, fmt.Sprintf("its relative cwd %s became %s (the agent took it from the directory it runs in, Switchboard from the directory of its config file; ${workspace} is the session's workspace root: make it absolute if it meant another directory)", echo.Quote(was), s.Cwd))
	}
	if s.Args != nil {
		args := make([]string, len(s.Args))
		for i, a := range s.Args {
			args[i] = t.str(a)
		}
		s.Args = args
	}
	mapStr := func(m map[string]string) map[string]string {
		if m == nil {
			return nil
		}
		out := make(map[string]string, len(m))
		for k, v := range m {
			out[k] = t.str(v)
		}
		return out
	}
	s.Env, s.Headers = mapStr(s.Env), mapStr(s.Headers)
	return s
}

// agentOnlyRef returns the first reference in s only its agent can
// resolve (VS Code's ${input:…}, Continue's ${{ secrets.… }}; in the
// user scope, where no workspace is open, ${workspaceFolder}), or "".
func agentOnlyRef(s Server, user bool) string {
	all := append([]string{s.Command, s.Cwd, s.URL}, s.Args...)
	for _, k := range sortedKeys(s.Env) {
		all = append(all, s.Env[k])
	}
	for _, k := range sortedKeys(s.Headers) {
		all = append(all, s.Headers[k])
	}
	for _, v := range all {
		if m := agentRefRE().FindString(v); m != "" {
			return m
		}
		if m := workspaceRE().FindString(v); m != "" && user {
			return m
		}
	}
	return ""
}

// oauthKeys mark a remote entry that signs in with OAuth: Claude Code's
// and Gemini CLI's "oauth", Gemini's "authProviderType", Cursor's and
// VS Code's "auth", Codex's "oauth_resource" and "scopes".
var oauthKeys = []string{"oauth", "auth", "authProviderType", "oauth_resource", "scopes"}

// usesOAuth reports whether the remote server s, read from the agent
// entry m, signs in with OAuth: the entry says so, or (Claude Code) the
// agent holds OAuth credentials for it and it sends no static
// Authorization header.
func usesOAuth(s Server, m map[string]any, claudeCreds map[string]any, name string) bool {
	if s.Type == "" {
		return false
	}
	for _, k := range oauthKeys {
		if v, ok := m[k]; ok && v != nil && v != false {
			if o, isMap := v.(map[string]any); isMap && o["enabled"] == false {
				continue
			}
			return true
		}
	}
	for h := range s.Headers {
		if strings.EqualFold(h, "authorization") {
			return false
		}
	}
	for k, v := range claudeCreds {
		e, _ := v.(map[string]any)
		if strings.HasPrefix(k, name+"|") || (e != nil && e["serverUrl"] == s.URL && s.URL != "") {
			return true
		}
	}
	return false
}

// oauthOf is the "oauth" block for the agent entry m of a server that
// signs in with OAuth: the client ID and secret, scopes and redirect port
// the agent names (Claude Code's and Gemini CLI's "oauth", Cursor's and
// VS Code's "auth", Codex's "scopes"); never nil. The agent's own tokens
// are not copied: the user signs in once with `switchboard login`.
func oauthOf(m map[string]any) *OAuth {
	o := &OAuth{}
	str := func(b map[string]any, keys ...string) string {
		for _, k := range keys {
			if v, ok := b[k].(string); ok && v != "" {
				return v
			}
		}
		return ""
	}
	scopes := func(v any) []string {
		switch t := v.(type) {
		case string:
			return strings.Fields(t)
		case []any:
			var out []string
			for _, e := range t {
				if s, ok := e.(string); ok {
					out = append(out, s)
				}
			}
			return out
		}
		return nil
	}
	for _, k := range []string{"oauth", "auth"} {
		b, ok := m[k].(map[string]any)
		if !ok {
			continue
		}
		o.ClientID = str(b, "clientId", "client_id", "CLIENT_ID")
		o.ClientSecret = str(b, "clientSecret", "client_secret", "CLIENT_SECRET")
		o.Scopes = scopes(b["scopes"])
		for _, pk := range []string{"callbackPort", "redirectPort"} {
			switch p := b[pk].(type) {
			case json.Number:
				if n, err := p.Int64(); err == nil {
					o.RedirectPort = int(n)
				}
			case float64:
				o.RedirectPort = int(p)
			case int64:
				o.RedirectPort = int(p)
			case int:
				o.RedirectPort = p
			}
		}
		if o.RedirectPort < 0 || o.RedirectPort > 65535 {
			o.RedirectPort = 0
		}
		break
	}
	if o.Scopes == nil {
		o.Scopes = scopes(m["scopes"])
	}
	return o
}

// claudeOAuth reads the MCP OAuth credentials Claude Code keeps (only
// which servers have them; nothing of them is copied anywhere).
func claudeOAuth(claudeDir string) map[string]any {
	data, err := safefile.Read(filepath.Join(claudeDir, ".claude", ".credentials.json"))
	if err != nil {
		return nil
	}
	var f struct {
		MCPOAuth map[string]any `json:"mcpOAuth"`
	}
	if json.Unmarshal(data, &f) != nil {
		return nil
	}
	return f.MCPOAuth
}
