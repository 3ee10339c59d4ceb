package config

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// Resolver supplies the values behind ${env:NAME} and ${file:PATH}.
type Resolver struct {
	Getenv   func(string) (string, bool)
	ReadFile func(string) ([]byte, error)
	Home     string // expands a leading ~/ in file references
	// Roots are the directories ${file:} may read inside (the user's home
	// and the project directory). A path outside them, or a symbolic link
	// whose target leaves them, is refused. Nil means Home alone; with
	// neither, every ${file:} is refused.
	Roots []string
	// Workspace is the value of ${workspace}: the session's workspace root
	// ("" leaves ${workspace} to the environment, like any ${NAME}).
	Workspace string
}

// allowed resolves p (absolute) and checks it stays inside r's roots.
func (r Resolver) allowed(p string) (string, error) {
	roots := r.Roots
	if roots == nil && r.Home != "" {
		roots = []string{r.Home}
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return "", fmt.Errorf("reading secret file: %w", err)
	}
	for _, root := range roots {
		if root == "" || !filepath.IsAbs(root) {
			continue
		}
		if rr, err := filepath.EvalSymlinks(root); err == nil {
			root = rr
		}
		if within(real, filepath.Clean(root)) {
			return real, nil
		}
	}
	if real != p {
		return "", fmt.Errorf("%s is a link to %s, outside the allowed directories (%s)", p, real, strings.Join(roots, ", "))
	}
	return "", fmt.Errorf("%s is outside the allowed directories (%s); ${file:} reads only inside your home and the project", p, strings.Join(roots, ", "))
}

var refRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{(?:(env|file):)?([^}]+)\}`) })

// Expand returns a copy of s with ${env:NAME}, ${NAME}, ${workspace}
// and ${file:PATH} references in args, env, cwd, url and headers replaced. A missing
// variable or unreadable file is an error naming the server and field;
// secrets are read when the backend starts and never written back.
func (s *Server) Expand(r Resolver) (*Server, error) {
	out := *s
	var errs []string
	exp := func(field, v string) string {
		res := refRE().ReplaceAllStringFunc(v, func(m string) string {
			sub := refRE().FindStringSubmatch(m)
			kind, name := sub[1], strings.TrimSpace(sub[2])
			if kind == "file" {
				p := name
				if strings.HasPrefix(p, "~/") && r.Home != "" {
					p = filepath.Join(r.Home, p[2:])
				}
				if r.ReadFile == nil {
					errs = append(errs, fmt.Sprintf("%s: cannot read %s", field, p))
					return ""
				}
				if !filepath.IsAbs(p) {
					errs = append(errs, fmt.Sprintf("%s: ${file:%s}: the path must be absolute or start with ~/", field, p))
					return ""
				}
				real, err := r.allowed(filepath.Clean(p))
				if err != nil {
					errs = append(errs, fmt.Sprintf("%s: ${file:}: %v", field, err))
					return ""
				}
				b, err := r.ReadFile(real)
				if err != nil {
					errs = append(errs, fmt.Sprintf("%s: reading secret file: %v", field, err))
					return ""
				}
				return strings.TrimRight(string(b), "\r\n")
			}
			if kind == "" && name == "workspace" && r.Workspace != "" {
				return r.Workspace
			}
			if why := badReference(m); why != "" {
				errs = append(errs, fmt.Sprintf("%s: %s", field, why))
				return ""
			}
			var v string
			var ok bool
			if r.Getenv != nil {
				v, ok = r.Getenv(name)
			}
			if !ok {
				// The fix named: where the variable must be set (a daemon
				// session's values are its agent's environment).
				errs = append(errs, fmt.Sprintf("%s: environment variable %s is not set: set it in the environment the agent (or this command) starts in, then start that again, or read the value from a file with ${file:PATH}", field, name))
			}
			return v
		})
		if strings.HasPrefix(field, "headers.") && strings.IndexFunc(res, headerControl) >= 0 && strings.IndexFunc(v, headerControl) < 0 {
			// An ${env:} value with a line break (a secret pasted with
			// its newline): net/http refused every request, "invalid
			// header field value for \"Authorization\"", naming neither
			// the server nor the variable. The value is not quoted.
			errs = append(errs, fmt.Sprintf("%s: %s gave a value holding a line break or another control character, which no HTTP header value can: set it without one", field, strings.Join(refRE().FindAllString(v, -1), ", ")))
			return res
		}
		if strings.ContainsRune(res, 0) && !strings.ContainsRune(v, 0) {
			// A ${file:} of binary content: exec and net/http refused it
			// ("invalid argument"), naming neither the field nor the file.
			errs = append(errs, fmt.Sprintf("%s: a reference in it gave a value holding a NUL byte, which no argument, variable or header can", field))
		}
		return res
	}
	out.Args = slices.Clone(s.Args)
	for i, a := range out.Args {
		out.Args[i] = exp(fmt.Sprintf("args[%d]", i), a)
	}
	out.Env = expandMap("env", s.Env, exp)
	out.Headers = expandMap("headers", s.Headers, exp)
	out.Cwd = exp("cwd", s.Cwd)
	out.URL = exp("url", s.URL)
	out.Command = exp("command", s.Command)
	if s.OAuth != nil {
		o := *s.OAuth
		o.ClientID = exp("oauth.clientId", o.ClientID)
		o.ClientSecret = exp("oauth.clientSecret", o.ClientSecret)
		out.OAuth = &o
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("server %q (%s): %s", s.Name, s.Source, strings.Join(errs, "; "))
	}
	return &out, nil
}

// badReference says why ref, one match of refRE, is no reference
// Switchboard expands, or "" when it is one: ${env:}, ${secret:X},
// ${input:X}, ${env:${env:X}} are not a variable name ("environment
// variable secret:X is not set"). Parse says it of the file, Expand of
// the start.
func badReference(ref string) string {
	sub := refRE().FindStringSubmatch(ref)
	if sub == nil || sub[1] == "file" {
		return ""
	}
	if name := strings.TrimSpace(sub[2]); name == "" || strings.ContainsAny(name, ":${") {
		return fmt.Sprintf("%s is no reference Switchboard expands: write ${env:NAME}, ${NAME} or ${file:PATH} (they do not nest)", echo.Clip(ref))
	}
	return ""
}

// Reference is one ${…} of a server's definition: the field it is in
// ("args[1]", "env.KEY", "headers.Authorization") and the reference as
// written ("${env:GITHUB_TOKEN}", "${file:~/.ssh/key}").
type Reference struct{ Field, Ref string }

// References are the ${env:NAME}, ${NAME} and ${file:PATH} references of
// s, in command, args, env, cwd, url, headers and oauth, in that order
// (maps by key), for review: a server is given what they name when it
// starts. ${workspace} is not one (it is a directory, not a secret).
func (s *Server) References() []Reference {
	var out []Reference
	add := func(field, v string) {
		for _, m := range refRE().FindAllStringSubmatch(v, -1) {
			if m[1] == "" && strings.TrimSpace(m[2]) == "workspace" {
				continue
			}
			out = append(out, Reference{field, m[0]})
		}
	}
	addMap := func(field string, m map[string]string) {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			add(field+"."+k, m[k])
		}
	}
	add("command", s.Command)
	for i, a := range s.Args {
		add(fmt.Sprintf("args[%d]", i), a)
	}
	addMap("env", s.Env)
	add("cwd", s.Cwd)
	add("url", s.URL)
	addMap("headers", s.Headers)
	if s.OAuth != nil {
		add("oauth.clientId", s.OAuth.ClientID)
		add("oauth.clientSecret", s.OAuth.ClientSecret)
	}
	return out
}

// headerControl reports whether r is a character no HTTP header value
// may hold (a control character other than tab).
func headerControl(r rune) bool { return r < ' ' && r != '\t' || r == 0x7f }

func expandMap(field string, m map[string]string, exp func(field, v string) string) map[string]string {
	if m == nil {
		return nil
	}
	out := maps.Clone(m)
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out[k] = exp(field+"."+k, m[k])
	}
	return out
}
