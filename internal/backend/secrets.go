package backend

import (
	"net/url"
	"slices"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// plainVars are variables whose values are not secrets; hiding them
// (a home directory, a PATH) would only blur error messages.
var plainVars = []string{"HOME", "USER", "LOGNAME", "PWD", "TMPDIR", "PATH", "SHELL", "LANG", "TERM", "USERPROFILE", "TEMP", "TMP"}

// collectSecrets returns an empty Secrets and r changed to record in it
// every value a ${env:…} or ${file:…} reference expands to.
func collectSecrets(r config.Resolver) (*redact.Secrets, config.Resolver) {
	sec := &redact.Secrets{}
	if get := r.Getenv; get != nil {
		r.Getenv = func(k string) (string, bool) {
			v, ok := get(k)
			if ok {
				addEnvSecret(sec, k, v)
			}
			return v, ok
		}
	}
	if read := r.ReadFile; read != nil {
		r.ReadFile = func(p string) ([]byte, error) {
			b, err := read(p)
			if err == nil {
				sec.Add(string(b))
			}
			return b, err
		}
	}
	return sec, r
}

// addEnvSecret records the value v of variable k when it is a secret:
// its name says so, or it looks like one (redact.SecretName,
// redact.LooksSecret), and a URL's password and query values. Every value
// but plainVars' was recorded before, so that a short plain one (N=100000)
// was hidden wherever it appeared in a backend's log and errors.
func addEnvSecret(sec *redact.Secrets, k, v string) {
	if slices.Contains(plainVars, k) {
		return
	}
	if redact.SecretName(k) || redact.LooksSecret(v) {
		sec.Add(v)
	}
	sec.Add(redact.URLSecrets(v)...)
}

// addSpecSecrets records the values of an expanded spec that are
// secrets: env values that are secrets (addEnvSecret), header values (and the token
// after an auth scheme), the OAuth client secret, the URL's password and
// query values.
func addSpecSecrets(sec *redact.Secrets, s *config.Server) {
	// Secret-looking values in the command line (--api-key KEY, a DSN's
	// password, a token's shape), for a backend that echoes its
	// arguments on stderr or in an error.
	if _, vals := redact.Args(strings.Join(append([]string{s.Command}, s.Args...), " ")); len(vals) > 0 {
		sec.Add(vals...)
	}
	for k, v := range s.Env {
		addEnvSecret(sec, k, v)
	}
	for _, v := range s.Headers {
		sec.Add(v)
		if _, tok, ok := cutSpace(v); ok {
			sec.Add(tok)
		}
	}
	if s.OAuth != nil && s.OAuth.ClientSecret != "" {
		// Written in the config itself, not through a reference: a token
		// endpoint quoting it in its refusal had it printed.
		sec.Add(s.OAuth.ClientSecret)
	}
	if u, err := url.Parse(s.URL); err == nil {
		if u.User != nil {
			if p, ok := u.User.Password(); ok {
				sec.Add(p)
			}
		}
		for _, vs := range u.Query() {
			sec.Add(vs...)
		}
	}
}

func cutSpace(s string) (before, after string, found bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return s[:i], s[i+1:], true
		}
	}
	return s, "", false
}

// Expand expands spec's ${env:…} and ${file:…} references with r, as
// Start does, and returns the expanded spec with the values to hide in
// its text (expanded references, env and header values, URL
// credentials). The pool uses it to compute a launch identity; Start
// expands again (a ${file:} is read twice).
func Expand(spec *config.Server, r config.Resolver) (*config.Server, *redact.Secrets, error) {
	sec, res := collectSecrets(r)
	exp, err := spec.Expand(res)
	if err != nil {
		return nil, sec, err
	}
	addSpecSecrets(sec, exp)
	return exp, sec, nil
}
