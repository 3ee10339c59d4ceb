package config

import (
	"fmt"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Resolver supplies the values behind ${env:NAME} and ${file:PATH}.
type Resolver struct {
	Getenv   func(string) (string, bool)
	ReadFile func(string) ([]byte, error)
	Home     string // expands a leading ~/ in file references
}

var refRE = regexp.MustCompile(`\$\{(?:(env|file):)?([^}]+)\}`)

// Expand returns a copy of s with ${env:NAME}, ${NAME} and ${file:PATH}
// references in args, env, cwd, url and headers replaced. A missing
// variable or unreadable file is an error naming the server and field;
// secrets are read when the backend starts and never written back.
func (s *Server) Expand(r Resolver) (*Server, error) {
	out := *s
	var errs []string
	exp := func(field, v string) string {
		return refRE.ReplaceAllStringFunc(v, func(m string) string {
			sub := refRE.FindStringSubmatch(m)
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
				b, err := r.ReadFile(p)
				if err != nil {
					errs = append(errs, fmt.Sprintf("%s: reading secret file: %v", field, err))
					return ""
				}
				return strings.TrimRight(string(b), "\r\n")
			}
			var v string
			var ok bool
			if r.Getenv != nil {
				v, ok = r.Getenv(name)
			}
			if !ok {
				errs = append(errs, fmt.Sprintf("%s: environment variable %s is not set", field, name))
			}
			return v
		})
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
	if len(errs) > 0 {
		return nil, fmt.Errorf("server %q (%s): %s", s.Name, s.Source, strings.Join(errs, "; "))
	}
	return &out, nil
}

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
