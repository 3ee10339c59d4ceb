package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/switchboard-mcp/switchboard/internal/hidden"
	"io"
	"math/big"
	"net/url"
	pathpkg "path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/tailscale/hujson"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/nesting"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/workspace"
)

// File is one parsed config file.
type File struct {
	Servers map[string]*Server
	// Order is the server names in file order.
	Order    []string
	Settings Settings
	// SettingsSet names the settings fields the file sets, so that a
	// later file's explicit value wins even when it equals the default.
	SettingsSet map[string]bool
	// Projects are the file's "projects" entries: servers that apply only
	// inside a directory. Read accepts them in the user config only.
	Projects []Scope
	// Skipped are the server entries left out, each with why: a name
	// that is empty, or that holds control, bidirectional or invisible
	// characters (see ControlName). The file's other servers load.
	Skipped []Problem
	// projectsLine is the line of the "projects" key (0: absent).
	projectsLine int
}

// Scope is one entry of "projects": servers for one directory tree.
type Scope struct {
	Dir     string // absolute
	Servers map[string]*Server
	Order   []string
}

// node is a JSON value with object keys kept in order and their line.
type node struct {
	kind byte // '{', '[', 's' string, 'n' number, 'b' bool, '0' null
	keys []string
	vals []*node
	line int
	str  string
	num  json.Number
	b    bool
}

// value is n as encoding/json would decode it into an any.
func (n *node) value() any {
	switch n.kind {
	case '{':
		m := make(map[string]any, len(n.keys))
		for i, k := range n.keys {
			m[k] = n.vals[i].value()
		}
		return m
	case '[':
		l := make([]any, len(n.vals))
		for i, c := range n.vals {
			l[i] = c.value()
		}
		return l
	case 's':
		return n.str
	case 'n':
		f, _ := n.num.Float64()
		return f
	case 'b':
		return n.b
	}
	return nil
}

func (n *node) typeName() string {
	switch n.kind {
	case '{':
		return "an object"
	case '[':
		return "an array"
	case 's':
		return "a string"
	case 'n':
		return "a number"
	case 'b':
		return "a boolean"
	}
	return "null"
}

// Parse validates data, the content of the file at path.
func Parse(path string, data []byte) (*File, error) {
	e := &Error{}
	if err := UTF16(data); err != nil {
		e.add(path, "", "%v", err)
		return nil, e
	}
	if err := Marks(path, data); err != nil {
		e.add(path, "", "%v", err)
		return nil, e
	}
	// Before any recursive decoding: a file nested thousands of levels
	// deep (a hostile project file, say) must not exhaust the stack.
	if line, deep := nesting.JSONC(data, maxNesting); deep {
		e.add(path, "", "nested deeper than %d levels (line %d); a config is a few levels deep", maxNesting, line)
		return nil, e
	}
	// A byte-order mark (Windows editors write one) is no JSON: blanks
	// keep every offset, as agentconf does for the files it edits.
	if bytes.HasPrefix(data, []byte(utf8BOM)) {
		data = append([]byte("   "), data[3:]...)
	}
	// Comments and trailing commas (JSONC, as editors and agents write
	// them, and as add and remove keep them) become spaces, so every line
	// number and offset stays the file's; JSONC that does not parse is
	// reported by decodeTree as it is.
	// (hujson wants a // comment to end with a newline, also the last.)
	text := bytes.Clone(data)
	std, stdErr := hujson.Standardize(text)
	if stdErr != nil && !bytes.HasSuffix(data, []byte{'\n'}) {
		// A last // comment needs its line end; the error of the file as
		// it is is kept when that is not it ("unexpected EOF" was said a
		// line below the file's last).
		if s, err := hujson.Standardize(append(bytes.Clone(data), '\n')); err == nil {
			std, stdErr = s, nil
		}
	}
	if stdErr == nil {
		data = std
	} else if len(bytes.TrimSpace(text)) > 0 && commentsOnly(append(text, '\n')) {
		e.add(path, "", `the file holds comments only, no JSON object: write {"mcpServers": {}} after them (switchboard add does), or delete the file`)
		return nil, e
	}
	if len(bytes.TrimSpace(data)) == 0 {
		e.add(path, "", `the file is empty; write {"mcpServers": {}} into it, or delete it`)
		return nil, e
	}
	root, err := decodeTree(data, e, path)
	if err != nil && stdErr != nil && strings.HasPrefix(stdErr.Error(), "hujson: line ") {
		// hujson's error names the line and column of the mistake (as
		// add and remove say it of the same file); the decoder's, given
		// the file with its comments still in, named a line only, and
		// that of the first comment when one came before the mistake.
		err = fmt.Errorf("invalid JSON at %s", strings.TrimPrefix(stdErr.Error(), "hujson: "))
	}
	if err != nil {
		e.add(path, "", "%v", err)
		return nil, e
	}
	f := &File{Servers: map[string]*Server{}, SettingsSet: map[string]bool{}}
	if root.kind != '{' {
		e.add(path, "", "the file must hold a JSON object, not %s", root.typeName())
		return nil, e
	}
	for i, k := range root.keys {
		v := root.vals[i]
		switch k {
		case "mcpServers":
			parseServers(path, v, f, e)
		case "settings":
			parseSettings(path, v, f, e)
		case "projects":
			f.projectsLine = v.line
			parseProjects(path, v, f, e)
		case "$schema", "_comment":
		default:
			e.add(path, k, "unknown field (line %d)%s; known: mcpServers, settings, projects", v.line, topLevelHint(k, v.kind == '{' && slices.Contains(v.keys, "servers")))
		}
	}
	if len(e.Problems) > 0 {
		// The file itself is broken: report its servers' problems too.
		for _, sv := range f.servers() {
			if sv.problems != nil {
				e.Problems = append(e.Problems, sv.problems.Problems...)
			}
		}
		return nil, e
	}
	return f, nil
}

// maxNesting bounds how deep objects and arrays nest in a config file
// (and tables and arrays in a plugin manifest).
const maxNesting = 100

// servers returns every server of f, those of its projects included.
func (f *File) servers() []*Server {
	var out []*Server
	for _, n := range f.Order {
		out = append(out, f.Servers[n])
	}
	for _, sc := range f.Projects {
		for _, n := range sc.Order {
			out = append(out, sc.Servers[n])
		}
	}
	return out
}

func parseProjects(path string, v *node, f *File, e *Error) {
	if v.kind != '{' {
		e.add(path, "projects", `must be an object like {"/abs/project/dir": {"mcpServers": {...}}}, not %s (line %d)`, v.typeName(), v.line)
		return
	}
	for i, dir := range v.keys {
		c, field := v.vals[i], "projects."+dir
		if !filepath.IsAbs(dir) {
			e.add(path, field, "the key must be an absolute directory path, not %q (line %d)", dir, c.line)
			continue
		}
		if c.kind != '{' {
			e.add(path, field, `must be an object like {"mcpServers": {...}}, not %s (line %d)`, c.typeName(), c.line)
			continue
		}
		sf := &File{Servers: map[string]*Server{}}
		for j, k := range c.keys {
			switch k {
			case "mcpServers":
				parseServersAt(path, field+".mcpServers", c.vals[j], sf, e)
				f.Skipped = append(f.Skipped, sf.Skipped...)
				sf.Skipped = nil
			case "_comment":
			default:
				e.add(path, field+"."+k, "unknown field (line %d); known: mcpServers", c.vals[j].line)
			}
		}
		f.Projects = append(f.Projects, Scope{Dir: filepath.Clean(dir), Servers: sf.Servers, Order: sf.Order})
	}
}

func decodeTree(data []byte, e *Error, path string) (*node, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	// lineAt counts on from the last offset it was asked (the decoder only
	// moves forward): counting from the start for every value made a
	// 5 MB file of small values take a minute to parse, and 16 MiB ten.
	lastOff, lastLine := 0, 1
	lineAt := func(off int64) int {
		o := min(int(off), len(data))
		if o < lastOff {
			lastOff, lastLine = 0, 1
		}
		lastLine += bytes.Count(data[lastOff:o], []byte{'\n'})
		lastOff = o
		return lastLine
	}
	var read func(field string) (*node, error)
	read = func(field string) (*node, error) {
		off := dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			if err == io.EOF {
				return nil, fmt.Errorf("unexpected end of file")
			}
			return nil, fmt.Errorf("invalid JSON near line %d: %v", lineAt(dec.InputOffset()), err)
		}
		n := &node{line: lineAt(off + 1)}
		switch t := tok.(type) {
		case json.Delim:
			if t == '[' {
				n.kind = '['
				for i := 0; dec.More(); i++ {
					c, err := read(fmt.Sprintf("%s[%d]", field, i))
					if err != nil {
						return nil, err
					}
					n.vals = append(n.vals, c)
				}
			} else {
				n.kind = '{'
				seen := map[string]bool{} // slices.Contains was quadratic in the keys
				for dec.More() {
					kt, err := dec.Token()
					if err != nil {
						return nil, fmt.Errorf("invalid JSON near line %d: %v", lineAt(dec.InputOffset()), err)
					}
					k := kt.(string)
					sub := k
					if field != "" {
						sub = field + "." + k
					}
					c, err := read(sub)
					if err != nil {
						return nil, err
					}
					if seen[k] {
						e.add(path, sub, "duplicate key (line %d); only one definition is allowed", c.line)
						continue
					}
					seen[k] = true
					n.keys = append(n.keys, k)
					n.vals = append(n.vals, c)
				}
			}
			if _, err := dec.Token(); err != nil { // closing delimiter
				return nil, fmt.Errorf("invalid JSON near line %d: %v", lineAt(dec.InputOffset()), err)
			}
		case string:
			n.kind, n.str = 's', t
		case json.Number:
			n.kind, n.num = 'n', t
		case bool:
			n.kind, n.b = 'b', t
		case nil:
			n.kind = '0'
		}
		return n, nil
	}
	root, err := read("")
	if err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("unexpected content after the top-level object near line %d", lineAt(dec.InputOffset()))
	}
	return root, nil
}

// commentsOnly reports whether text, JSONC, holds nothing but comments
// and white space.
func commentsOnly(text []byte) bool {
	std, err := hujson.Standardize(append(bytes.Clone(text), "\n{}"...))
	return err == nil && len(bytes.TrimSpace(std[:len(text)])) == 0
}

// CommentsOnly reports whether data, a config file, holds nothing but
// comments and white space (after a byte-order mark): no servers, as an
// empty file, but with the user's words, which an edit keeps.
func CommentsOnly(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte(utf8BOM))
	return len(bytes.TrimSpace(data)) > 0 && commentsOnly(append(bytes.Clone(data), '\n'))
}

// Keys that agents write into their server entries and that mean
// nothing to us; accepted so their files load unchanged.
var ignoredServerKeys = []string{"autoApprove", "alwaysAllow", "timeout", "transportType", "description", "trust", "includeTools", "excludeTools", "envFile", "inputs"}

func parseServers(path string, v *node, f *File, e *Error) {
	parseServersAt(path, "mcpServers", v, f, e)
}

// ControlName reports whether a server name holds control characters
// (a newline, ESC), bidirectional controls or other invisible characters
// (a zero-width space: internal/hidden). A name reaches the model's
// context (the list_tools index, declarations) and terminals as it is:
// "ok\nIMPORTANT: ..." forged lines in the index, and "gi\u200bthub"
// reads as github there while it is another server.
func ControlName(name string) bool {
	return strings.IndexFunc(name, func(r rune) bool {
		return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || hidden.Is(r)
	}) >= 0
}

// parseServersAt parses the server definitions at field. A server with a
// problem is kept, disabled, with the problem in its Problem field: one
// bad entry does not stop the others from loading.
func parseServersAt(path, at string, v *node, f *File, e *Error) {
	if v.kind != '{' {
		e.add(path, at, "must be an object of server definitions, not %s (line %d)", v.typeName(), v.line)
		return
	}
	for i, name := range v.keys {
		field := at + "." + name
		if len(name) > echo.Max {
			// Every problem of the server names it: a 100 kB name made each
			// one 100 kB (add printed it twice).
			field = at + "." + echo.Quote(name)
		}
		// A name no server can go by (nothing, or characters that would
		// reach the model's context and terminals raw) leaves its entry
		// out, said, and the file's other servers load, as they do past
		// any other mistake in an entry; it stopped the whole file.
		if strings.TrimSpace(name) == "" {
			f.Skipped = append(f.Skipped, Problem{path, at + "." + strconv.Quote(name),
				fmt.Sprintf("server name is empty (line %d): this entry is left out and the file's other servers load; give it a name", v.vals[i].line)})
			continue
		}
		if ControlName(name) {
			f.Skipped = append(f.Skipped, Problem{path, at + "." + echo.Quote(name),
				fmt.Sprintf("server name holds control, bidirectional or invisible characters (line %d): this entry is left out and the file's other servers load; rename it", v.vals[i].line)})
			continue
		}
		se := &Error{}
		s := parseServer(path, field, name, v.vals[i], se)
		if len(se.Problems) > 0 {
			typ := s.Type
			if typ != HTTP && typ != SSE {
				typ = Stdio
			}
			s = &Server{Name: name, Source: path, Type: typ, Disabled: true, Problem: se.Error(), problems: se}
		}
		f.Servers[name] = s
		f.Order = append(f.Order, name)
	}
}

func parseServer(path, field, name string, v *node, e *Error) *Server {
	s := &Server{Name: name, Source: path}
	if v.kind != '{' {
		e.add(path, field, "must be an object with a command or a url, not %s (line %d)", v.typeName(), v.line)
		return s
	}
	n0 := len(e.Problems)
	var cmdLine, urlLine int // where command and url were given
	urlKey := ""
	for i, k := range v.keys {
		c, fk := v.vals[i], field+"."+k
		switch k {
		case "command":
			s.Command, cmdLine = str(path, fk, c, e), c.line
			checkNUL(path, fk, c, e)
		case "args":
			s.Args = strList(path, fk, c, e)
			checkNUL(path, fk, c, e)
		case "env":
			s.Env = strMap(path, fk, c, e)
			checkEnv(path, fk, c, e)
		case "cwd":
			s.Cwd = fileRelative(path, str(path, fk, c, e))
			checkNUL(path, fk, c, e)
		case "type":
			s.Type = str(path, fk, c, e)
		case "url", "serverUrl", "httpUrl":
			s.URL, urlKey, urlLine = str(path, fk, c, e), k, c.line
			if k == "httpUrl" && s.Type == "" {
				s.Type = HTTP
			}
		case "headers":
			s.Headers = strMap(path, fk, c, e)
			checkHeaders(path, fk, c, e)
		case "oauth":
			s.OAuth = parseOAuth(path, fk, c, e)
		case "disabled":
			s.Disabled = boolean(path, fk, c, e)
		case "enabled":
			s.Disabled = !boolean(path, fk, c, e)
		case "readOnly":
			s.ReadOnly = boolean(path, fk, c, e)
		case "expose":
			if c.kind == 's' {
				if c.str != "all" {
					e.add(path, fk, `must be "all" or a list of tool names, not %q (line %d)`, c.str, c.line)
				}
				s.Expose = []string{"*"}
			} else if c.kind != '[' {
				// "must be an array of strings" left "all" unsaid.
				e.add(path, fk, `must be "all" or a list of tool names, not %s (line %d)`, c.typeName(), c.line)
			} else {
				s.Expose = strList(path, fk, c, e)
			}
		case "exposeAs":
			s.ExposeAs = str(path, fk, c, e)
			if c.kind == 's' && s.ExposeAs != ExposeBare && s.ExposeAs != ExposePrefixed {
				e.add(path, fk, `must be "bare" (the backend's own tool names, resource URIs and prompt names) or "prefixed" (server__tool, the default), not %q (line %d)`, s.ExposeAs, c.line)
			}
		case "tools":
			s.Tools = parsePolicy(path, fk, c, e)
		case "callTimeout":
			s.CallTimeout = duration(path, fk, c, e)
		case "startTimeout":
			s.StartTimeout = duration(path, fk, c, e)
		case "idleTimeout":
			s.IdleTimeout = duration(path, fk, c, e)
		case "share":
			s.NoShare = !boolean(path, fk, c, e)
		case "confirm":
			s.Confirm = parseConfirm(path, fk, c, e)
		case "when":
			p, err := workspace.Parse(c.value())
			if err != nil {
				e.add(path, fk, "%v (line %d)", err, c.line)
			}
			s.When = p
		case "roles":
			s.Roles = parseRoles(path, fk, c, e)
		default:
			if !slices.Contains(ignoredServerKeys, k) {
				e.add(path, fk, "unknown field (line %d)%s; known: %s", c.line, fieldHint(k), strings.Join(serverFields, ", "))
			}
		}
	}
	switch s.Type {
	case "":
		if s.URL != "" {
			s.Type = HTTP
		} else {
			s.Type = Stdio
		}
	case "local":
		s.Type = Stdio
	case "streamable-http", "streamableHttp", "remote":
		s.Type = HTTP
	case Stdio, HTTP, SSE:
	default:
		e.add(path, field+".type", `unknown transport %q; use "stdio", "http" or "sse"`, s.Type)
	}
	switch {
	case s.Command != "" && s.URL != "":
		// Each transport reads only its own field, so one of the two was
		// silently ignored: the server the user meant may not be the one
		// that ran.
		e.add(path, field, "has both command (line %d) and %s (line %d), and only one would be used: a server is either a stdio server (command, args, env, cwd) or a remote one (url, headers); keep one and delete the other", cmdLine, urlKey, urlLine)
	case s.Type == Stdio && strings.TrimSpace(s.Command) == "" && len(e.Problems) == n0:
		e.add(path, field+".command", "is empty: a stdio server needs a command to run (line %d)", v.line)
	case s.Type != Stdio && s.URL == "" && len(e.Problems) == n0:
		e.add(path, field+".url", "is empty: a %s server needs a url (line %d)", s.Type, v.line)
	case s.Type == Stdio && s.OAuth != nil:
		e.add(path, field+".oauth", "applies to http and sse servers only; a stdio server has no sign-in (line %d)", v.line)
	case s.Type == Stdio && len(s.Headers) > 0:
		// They were accepted and never sent: a token put there reached
		// no one, and nothing said so.
		e.add(path, field+".headers", "applies to http and sse servers only; a stdio server is sent no HTTP headers: pass what it needs in env (line %d)", v.line)
	case s.Type != Stdio && !strings.Contains(s.URL, "${") && !httpURL(s.URL) && !e.has(path, field+".url"):
		// The start refused it, naming neither the file nor the field.
		// (A url of the wrong type is said once: "must be a string,
		// not a number" was followed by "must be an http:// or https://
		// URL with a host, not \"\"".)
		e.add(path, field+".url", "must be an http:// or https:// URL with a host, not %s (line %d)", echo.Quote(redact.URL(s.URL)), v.line)
	}
	for _, r := range s.References() {
		// Known when the file loads, not only when the backend starts:
		// `add --env 'T=${secret:X}'` wrote it, said "added", and every
		// start failed (round 121).
		if why := badReference(r.Ref); why != "" {
			e.add(path, field+"."+r.Field, "%s (line %d)", why, v.line)
		}
	}
	if s.Type == Stdio && s.Cwd == "" && filepath.Base(path) == ProjectFile {
		s.Command = projectRelative(path, s.Command)
	}
	return s
}

// projectRelative returns command, a project file's server's command
// given with no cwd, as the program it names: a relative path with a
// slash ("./scripts/mcp.sh", as Claude Code's .mcp.json and VS Code's
// mcp.json write them, which init moves into .switchboard.json) is taken
// from the project's directory, where the agent ran it. It was taken
// from the session's working directory, so a session started in a
// subdirectory of the project found no such file. A bare name (looked up
// in PATH), an absolute path, one starting with ~ or holding a reference
// is kept; with a cwd, a relative command is the cwd's (as exec takes it).
func projectRelative(path, command string) string {
	if !strings.ContainsRune(command, '/') && !strings.ContainsRune(command, filepath.Separator) {
		return command
	}
	return fileRelative(path, command)
}

// httpURL reports whether raw is an http or https URL with a host, as a
// remote backend needs.
func httpURL(raw string) bool {
	u, err := url.Parse(raw)
	return err == nil && u.Host != "" && (u.Scheme == "http" || u.Scheme == "https")
}

// checkEnv refuses what no process environment can hold: an empty
// name, a name with "=" ({"A=B": "c"} started the server with A set to
// "B=c") and a NUL byte in a name or value (the start failed with
// "environment variable contains NUL", naming no file or field).
func checkEnv(path, field string, v *node, e *Error) {
	if v.kind != '{' {
		return
	}
	for i, k := range v.keys {
		c := v.vals[i]
		switch {
		case k == "":
			e.add(path, field+`.""`, "an environment variable needs a name (line %d)", c.line)
		case strings.ContainsAny(k, "=\x00"):
			e.add(path, field+"."+echo.Quote(k), `is no environment variable name: a name cannot hold "=" or a NUL byte (line %d)`, c.line)
		case c.kind == 's' && strings.ContainsRune(c.str, 0):
			e.add(path, field+"."+echo.Quote(k), "holds a NUL byte, which no environment variable can (line %d)", c.line)
		}
	}
}

// checkNUL refuses a NUL byte in a string, or in a string of an array,
// of command, args or cwd: no program name, argument or directory can
// hold one, and the start failed with "fork/exec …: invalid argument"
// (or "not on PATH"), naming neither the field nor the file.
func checkNUL(path, field string, v *node, e *Error) {
	one := func(f string, c *node) {
		if c.kind == 's' && strings.ContainsRune(c.str, 0) {
			e.add(path, f, "holds a NUL byte, which no program name, argument or directory can (line %d)", c.line)
		}
	}
	one(field, v)
	if v.kind == '[' {
		for i, c := range v.vals {
			one(fmt.Sprintf("%s[%d]", field, i), c)
		}
	}
}

// checkHeaders refuses a header name that is no HTTP token and a value
// with a control character other than tab: each was sent to the start,
// which failed in net/http ("invalid header field name") without naming
// the file or the field.
func checkHeaders(path, field string, v *node, e *Error) {
	if v.kind != '{' {
		return
	}
	for i, k := range v.keys {
		c := v.vals[i]
		switch {
		case !headerToken(k):
			e.add(path, field+"."+echo.Quote(k), "is no HTTP header name: use letters, digits and !#$%%&'*+-.^_`|~ only (line %d)", c.line)
		case c.kind == 's' && strings.IndexFunc(c.str, func(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }) >= 0:
			e.add(path, field+"."+echo.Quote(k), "holds a line break or another control character, which no HTTP header value can (line %d)", c.line)
		}
	}
}

// headerToken reports whether s is an HTTP token (RFC 9110 5.1).
func headerToken(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !('a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9' || strings.IndexByte("!#$%&'*+-.^_`|~", b) >= 0) {
			return false
		}
	}
	return true
}

func parsePolicy(path, field string, v *node, e *Error) ToolPolicy {
	var p ToolPolicy
	if v.kind != '{' {
		e.add(path, field, `must be an object like {"allow": [...], "deny": [...]}, not %s (line %d)`, v.typeName(), v.line)
		return p
	}
	for i, k := range v.keys {
		switch k {
		case "allow":
			p.Allow = globList(path, field+".allow", v.vals[i], e)
		case "deny":
			p.Deny = globList(path, field+".deny", v.vals[i], e)
		default:
			e.add(path, field+"."+k, "unknown field (line %d); known: allow, deny", v.vals[i].line)
		}
	}
	return p
}

// globList is a list of tool-name globs; a malformed one is a problem.
// It loaded, and then hid every tool of the server (an allow list that
// matched nothing, a deny that denied all) with nothing saying why.
func globList(path, field string, v *node, e *Error) []string {
	list := strList(path, field, v, e)
	for i, g := range list {
		if _, err := pathpkg.Match(g, ""); err != nil {
			e.add(path, fmt.Sprintf("%s[%d]", field, i), "bad glob %s: %v (line %d)", echo.Quote(g), err, v.line)
		}
	}
	return list
}

func parseSettings(path string, v *node, f *File, e *Error) {
	if v.kind != '{' {
		e.add(path, "settings", "must be an object, not %s (line %d)", v.typeName(), v.line)
		return
	}
	s := &f.Settings
	for i, k := range v.keys {
		c, fk := v.vals[i], "settings."+k
		f.SettingsSet[k] = true
		switch k {
		case "executeTimeout":
			s.ExecuteTimeout = duration(path, fk, c, e)
		case "maxExecuteTimeout":
			s.MaxExecuteTimeout = duration(path, fk, c, e)
		case "callTimeout":
			s.CallTimeout = duration(path, fk, c, e)
		case "startTimeout":
			s.StartTimeout = duration(path, fk, c, e)
		case "idleTimeout":
			s.IdleTimeout = duration(path, fk, c, e)
		case "maxConnections":
			s.MaxConnections = posInt(path, fk, c, e)
		case "autoExpose":
			s.AutoExpose = boolean(path, fk, c, e)
		case "autoExposeMaxTools":
			s.AutoExposeMaxTools = posInt(path, fk, c, e)
		case "autoExposeMaxTotal":
			s.AutoExposeMaxTotal = posInt(path, fk, c, e)
		case "callTool":
			s.CallTool = boolean(path, fk, c, e)
		case "quarantineNewServers":
			s.QuarantineNewServers = boolean(path, fk, c, e)
		case "readOnly":
			s.ReadOnly = boolean(path, fk, c, e)
		case "maxScripts":
			s.MaxScripts = posInt(path, fk, c, e)
		case "scriptMemoryMB":
			s.ScriptMemoryMB = posInt(path, fk, c, e)
		case "maxCallsPerScript":
			s.MaxCallsPerScript = posInt(path, fk, c, e)
		case "maxResultBytes":
			s.MaxResultBytes = posInt(path, fk, c, e)
		case "maxMessageBytes":
			s.MaxMessageBytes = posInt(path, fk, c, e)
			if s.MaxMessageBytes > 0 && s.MaxMessageBytes < MinMessageBytes {
				// 1 was taken: every backend was stopped at its first
				// answer, with an error about the message, not the setting.
				e.add(path, fk, "must be at least %d (64 KiB), not %d (line %d): every backend's first answers (initialize, tools/list) must fit; leave it out for the default, %d (32 MiB)", MinMessageBytes, s.MaxMessageBytes, c.line, defaultMessageBytes)
				s.MaxMessageBytes = 0
			}
		case "daemonIdleTimeout":
			s.DaemonIdleTimeout = duration(path, fk, c, e)
		case "confirm":
			s.Confirm = parseConfirm(path, fk, c, e)
		case "autoSync":
			s.ManualSync = !boolean(path, fk, c, e)
		case "trifecta":
			s.Trifecta = parseTrifecta(path, fk, c, e)
		case "trifectaWindow":
			s.TrifectaWindow = duration(path, fk, c, e)
		default:
			delete(f.SettingsSet, k)
			e.add(path, fk, "unknown setting (line %d)%s; known: %s", c.line, didYouMean(k, settingNames), strings.Join(settingNames, ", "))
		}
	}
}

var settingNames = func() []string {
	out := make([]string, len(settingRules))
	for i, r := range settingRules {
		out[i] = r.name
	}
	return out
}()

// fileRelative returns a relative directory dir, given in the file at
// path, as the directory it names: relative to that file's directory (a
// project file's "cwd": "tools" is the project's tools directory, wherever
// the serving process runs). A dir with a reference, starting with ~ or
// already absolute, and one from no file (path not absolute), is kept.
func fileRelative(path, dir string) string {
	if dir == "" || filepath.IsAbs(dir) || !filepath.IsAbs(path) || strings.HasPrefix(dir, "~") || strings.Contains(dir, "${") {
		return dir
	}
	return filepath.Join(filepath.Dir(path), dir)
}

func str(path, field string, v *node, e *Error) string {
	if v.kind != 's' {
		e.add(path, field, "must be a string, not %s (line %d)", v.typeName(), v.line)
		return ""
	}
	return v.str
}

func boolean(path, field string, v *node, e *Error) bool {
	if v.kind != 'b' {
		e.add(path, field, "must be true or false, not %s (line %d)", v.typeName(), v.line)
		return false
	}
	return v.b
}

func posInt(path, field string, v *node, e *Error) int {
	if v.kind != 'n' {
		e.add(path, field, "must be a positive whole number, not %s (line %d)", v.typeName(), v.line)
		return 0
	}
	n, err := v.num.Int64()
	if err != nil || n <= 0 || n > maxInt {
		if f, ok := new(big.Float).SetString(string(v.num)); ok && f.IsInt() && f.Sign() > 0 {
			// 9000000000000000000 is a positive whole number: say the bound.
			e.add(path, field, "must be at most %d, not %s (line %d)", maxInt, v.num, v.line)
			return 0
		}
		e.add(path, field, "must be a positive whole number, not %s (line %d)", v.num, v.line)
		return 0
	}
	return int(n)
}

// maxInt is the largest number a setting takes (on every platform's int).
const maxInt = 1 << 31

// UTF16 reports data that is UTF-16 text (a byte-order mark FF FE or
// FE FF, or a NUL in every other byte of its start), which Windows
// PowerShell's > and Out-File write: the parser called it "invalid
// character 'ÿ'", naming neither the encoding nor the fix. nil for
// anything else.
func UTF16(data []byte) error {
	bom := bytes.HasPrefix(data, []byte{0xFF, 0xFE}) || bytes.HasPrefix(data, []byte{0xFE, 0xFF})
	if !bom && len(data) >= 4 && (data[0] != 0 && data[1] == 0 && data[2] != 0 && data[3] == 0 || data[0] == 0 && data[1] != 0 && data[2] == 0 && data[3] != 0) {
		bom = true
	}
	if bom {
		return errors.New("the file is UTF-16 text, not UTF-8: save it as UTF-8 (in PowerShell: Set-Content -Encoding utf8)")
	}
	return nil
}

// utf8BOM is UTF-8's byte-order mark, U+FEFF encoded.
const utf8BOM = "\uFEFF"

// Marks reports a file, the one at path, that starts with more than one
// UTF-8 byte-order mark (a tool that adds one to a file that had one
// already): one is read, but the parser called a second "invalid
// character 'ï'", naming neither the mark nor the fix. nil for anything
// else. The fix is a GNU sed command removing them all.
func Marks(path string, data []byte) error {
	n := 0
	for rest := data; bytes.HasPrefix(rest, []byte(utf8BOM)); rest = rest[3:] {
		n++
	}
	if n < 2 {
		return nil
	}
	return fmt.Errorf("the file starts with %d byte-order marks (the bytes EF BB BF, each invisible in an editor), where UTF-8 text has at most one: remove them (sed -i '1s/^\\(\\xEF\\xBB\\xBF\\)*//' %s), or save the file as UTF-8 without a byte-order mark", n, echo.ShellArg(path))
}

func duration(path, field string, v *node, e *Error) Duration {
	if v.kind != 's' {
		e.add(path, field, `must be a duration string such as "30s" or "5m", not %s (line %d)`, v.typeName(), v.line)
		return 0
	}
	d, err := time.ParseDuration(v.str)
	switch {
	case err != nil && durationText().MatchString(v.str):
		// "must be a positive duration" of "99999999h", which is one.
		e.add(path, field, `is longer than a duration can be (at most 2562047h, 292 years), not %s (line %d): give a shorter one`, echo.Quote(v.str), v.line)
		return 0
	case err != nil && bareNumber().MatchString(v.str):
		e.add(path, field, `must be a duration with its unit, such as "%ss" or "%sm", not %s (line %d): a bare number has none`, v.str, v.str, echo.Quote(v.str), v.line)
		return 0
	case err != nil || d <= 0:
		e.add(path, field, `must be a positive duration such as "30s" or "5m", not %q (line %d)`, v.str, v.line)
		return 0
	}
	return Duration(d)
}

// durationText is the text of a duration time.ParseDuration reads, when
// it is not too long; bareNumber a number without a unit.
var (
	durationText = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:[0-9]+(?:\.[0-9]*)?(?:ns|us|µs|ms|s|m|h))+$`)
	})
	bareNumber = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[0-9]{1,12}(?:\.[0-9]{1,6})?$`) })
)

func strList(path, field string, v *node, e *Error) []string {
	if v.kind != '[' {
		e.add(path, field, "must be an array of strings, not %s (line %d)", v.typeName(), v.line)
		return nil
	}
	out := make([]string, 0, len(v.vals))
	for i, c := range v.vals {
		if c.kind != 's' {
			e.add(path, fmt.Sprintf("%s[%d]", field, i), "must be a string, not %s (line %d)", c.typeName(), c.line)
			continue
		}
		out = append(out, c.str)
	}
	return out
}

func strMap(path, field string, v *node, e *Error) map[string]string {
	if v.kind != '{' {
		e.add(path, field, "must be an object of string values, not %s (line %d)", v.typeName(), v.line)
		return nil
	}
	out := make(map[string]string, len(v.keys))
	for i, k := range v.keys {
		c := v.vals[i]
		switch c.kind {
		case 's':
			out[k] = c.str
		case 'n':
			out[k] = c.num.String()
		case 'b':
			out[k] = fmt.Sprint(c.b)
		default:
			e.add(path, field+"."+k, "must be a string, not %s (line %d)", c.typeName(), c.line)
		}
	}
	return out
}

// parseRoles reads a server's "roles": an object of tool names or globs
// to lists of role names.
func parseRoles(path, field string, v *node, e *Error) []RoleRule {
	if v.kind != '{' {
		e.add(path, field, `must be an object of tool names or globs to role lists, such as {"fetch": ["untrusted"], "send_*": ["external"]}, not %s (line %d)`, v.typeName(), v.line)
		return nil
	}
	var out []RoleRule
	for i, k := range v.keys {
		fk := field + "." + k
		if _, err := pathpkg.Match(k, ""); err != nil {
			e.add(path, fk, "bad glob %q: %v (line %d)", k, err, v.vals[i].line)
			continue
		}
		names := strList(path, fk, v.vals[i], e)
		ok := true
		for _, n := range names {
			if !slices.Contains(RoleNames, n) {
				e.add(path, fk, "unknown role %q (line %d); the roles are %s; [] means none", n, v.vals[i].line, strings.Join(RoleNames, ", "))
				ok = false
			}
		}
		if ok {
			out = append(out, RoleRule{Glob: k, Roles: names})
		}
	}
	return out
}

// parseTrifecta reads settings.trifecta.
func parseTrifecta(path, field string, v *node, e *Error) Trifecta {
	if v.kind == 's' {
		if i := slices.Index(trifectaNames, v.str); i >= 0 {
			return Trifecta(i)
		}
	}
	what := v.typeName()
	if v.kind == 's' {
		what = strconv.Quote(v.str)
	}
	e.add(path, field, `must be "warn", "confirm" or "block", not %s (line %d)`, what, v.line)
	return TrifectaWarn
}
