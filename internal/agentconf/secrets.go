package agentconf

import (
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Secret literals: values init must not copy from an agent's private
// storage into a file of the project.

// refRE matches a variable reference (${env:NAME}, ${NAME}, ${file:…}),
// which is not a secret itself.
var refRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\$\{[^}]*\}`) })

// secretHeaders carry credentials whatever their value looks like.
var secretHeaders = map[string]bool{
	"authorization": true, "proxy-authorization": true, "cookie": true, "set-cookie": true,
	"x-api-key": true, "api-key": true, "apikey": true, "x-auth-token": true, "x-access-token": true,
	"private-token": true, "x-goog-api-key": true,
}

// secretWords in an env or header name (split at _ and -) mark its value secret.
var secretWords = map[string]bool{
	"TOKEN": true, "KEY": true, "SECRET": true, "PASSWORD": true, "PASSWD": true, "PASS": true, "PWD": true,
	"PAT": true, "CREDENTIAL": true, "CREDENTIALS": true, "AUTH": true, "APIKEY": true, "COOKIE": true,
	"SESSION": true, "PRIVATE": true, "BEARER": true, "SIGNATURE": true, "ACCESSKEY": true,
}

// secretQuery are query parameter names whose value is a credential.
var secretQuery = []string{"token", "key", "secret", "password", "passwd", "auth", "sig", "signature", "credential", "session", "code"}

// tokenRE matches well-known credential shapes.
var tokenRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|glpat-[A-Za-z0-9_-]{16,}|sk-[A-Za-z0-9_-]{16,}|xox[abposr]-[A-Za-z0-9-]{10,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{30,}|eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]*)$`)
})

// literal is v without variable references and auth scheme words: what
// would be copied as it is.
func literal(v string) string {
	v = refRE().ReplaceAllString(v, "")
	f := strings.Fields(v)
	if len(f) > 0 {
		switch strings.ToLower(f[0]) {
		case "bearer", "basic", "token", "bot":
			f = f[1:]
		}
	}
	return strings.Join(f, " ")
}

// looksLikeToken reports whether a value has a credential's shape: a
// known prefix, or a long run of letters and digits mixing both.
func looksLikeToken(v string) bool {
	if tokenRE().MatchString(v) {
		return true
	}
	if len(v) < 24 || strings.ContainsAny(v, " /\\:") {
		return false
	}
	var letters, digits int
	for _, c := range v {
		switch {
		case c >= '0' && c <= '9':
			digits++
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
			letters++
		case c == '-' || c == '_' || c == '.' || c == '=' || c == '+':
		default:
			return false
		}
	}
	return letters >= 8 && digits >= 4
}

func secretName(name string) bool {
	up := strings.ToUpper(name)
	for _, w := range strings.FieldsFunc(up, func(r rune) bool { return r == '_' || r == '-' || r == '.' }) {
		if secretWords[w] {
			return true
		}
	}
	for _, w := range []string{"TOKEN", "SECRET", "PASSWORD", "APIKEY", "CREDENTIAL"} {
		if strings.Contains(up, w) {
			return true
		}
	}
	return false
}

// secretFields names the fields of s that hold a literal secret:
// env.NAME, headers.NAME, url (query value or password), args[i].
func secretFields(s Server) []string {
	var out []string
	for _, k := range sortedKeys(s.Env) {
		if lit := literal(s.Env[k]); lit != "" && (secretName(k) || looksLikeToken(lit)) {
			out = append(out, "env."+k)
		}
	}
	for _, k := range sortedKeys(s.Headers) {
		if lit := literal(s.Headers[k]); lit != "" && (secretHeaders[strings.ToLower(k)] || secretName(k) || looksLikeToken(lit)) {
			out = append(out, "headers."+k)
		}
	}
	if s.OAuth != nil && literal(s.OAuth.ClientSecret) != "" {
		out = append(out, "oauth.clientSecret")
	}
	for _, f := range urlSecrets(s.URL) {
		out = append(out, "url "+f)
	}
	for i, a := range s.Args {
		k, v, pair := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if lit := literal(a); (lit != "" && looksLikeToken(lit)) || (pair && secretName(k) && literal(v) != "") ||
			(i > 0 && secretFlag(s.Args[i-1]) && !strings.HasPrefix(a, "-") && lit != "") ||
			len(urlSecrets(a)) > 0 || (pair && len(urlSecrets(v)) > 0) {
			out = append(out, "args["+strconv.Itoa(i)+"]")
		}
	}
	return out
}

// urlSecrets names the literal secrets of raw when it is a URL with a
// host ("(password)", "query NAME"), else nothing. An argument is read
// as well as a server's url: a database DSN is often one
// (postgresql://user:PASSWORD@host/db).
func urlSecrets(raw string) []string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return nil
	}
	var out []string
	if pw, ok := u.User.Password(); ok && literal(pw) != "" {
		out = append(out, "(password)")
	}
	var qs []string
	for k, vs := range u.Query() {
		for _, v := range vs {
			if literal(v) == "" {
				continue
			}
			lk := strings.ToLower(k)
			secret := looksLikeToken(v)
			for _, w := range secretQuery {
				if strings.Contains(lk, w) {
					secret = true
				}
			}
			if secret {
				qs = append(qs, "query "+k)
				break
			}
		}
	}
	sort.Strings(qs)
	return append(out, qs...)
}

// urlSecretValues are the values urlSecrets names.
func urlSecretValues(raw string) []string {
	u, err := url.Parse(raw)
	if err != nil {
		return nil
	}
	var out []string
	for _, f := range urlSecrets(raw) {
		if f == "(password)" {
			pw, _ := u.User.Password()
			out = append(out, literal(pw))
		} else if vs := u.Query()[strings.TrimPrefix(f, "query ")]; len(vs) > 0 {
			for _, v := range vs {
				out = append(out, literal(v))
			}
		}
	}
	return out
}

// secretFlag reports whether arg is a flag naming a secret whose value
// is the next argument (--token VALUE, --api-key VALUE), not a file
// holding one (--password-file PATH).
func secretFlag(arg string) bool {
	name, ok := strings.CutPrefix(arg, "-")
	if !ok || strings.Contains(name, "=") {
		return false
	}
	up := strings.ToUpper(name)
	for _, w := range []string{"FILE", "PATH", "DIR", "ENV", "VAR"} {
		if strings.Contains(up, w) {
			return false
		}
	}
	return secretName(strings.TrimLeft(name, "-"))
}

// secretPairRE matches a key and its scalar value on one line of JSON,
// TOML or YAML: "KEY": "v", KEY = "v", KEY: v.
var secretPairRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(["']?)([A-Za-z_][A-Za-z0-9_.-]*)(["']?[ \t]*[:=][ \t]*)("(?:[^"\\]|\\.)*"|'[^']*'|[^\s,{}\[\]"']+)`)
})

// MaskSecrets returns text (a diff of the plan's files) with literal
// secrets shown as ***: the values of keys that name a secret (env
// TOKEN, headers Authorization, clientSecret), and the literal secret
// values of the servers the plan imports (URL passwords and query
// values, token-shaped arguments). Variable references stay visible.
func (p *Plan) MaskSecrets(text string) string {
	text = secretPairRE().ReplaceAllStringFunc(text, func(m string) string {
		sub := secretPairRE().FindStringSubmatch(m)
		key, val := sub[2], sub[4]
		lk := strings.ToLower(key)
		if !(secretName(key) || secretHeaders[lk]) || strings.HasSuffix(lk, "env_var") || strings.HasSuffix(lk, "envvar") {
			return m
		}
		unq := strings.Trim(val, `"'`)
		if literal(unq) == "" || unq == "***" {
			return m
		}
		q := ""
		if len(val) > 0 && (val[0] == '"' || val[0] == '\'') {
			q = val[:1]
		}
		return sub[1] + key + sub[3] + q + "***" + q
	})
	var values []string
	for _, imp := range p.Imported {
		values = append(values, secretValues(imp.Server)...)
	}
	sort.Slice(values, func(i, j int) bool { return len(values[i]) > len(values[j]) })
	for _, v := range values {
		if len(v) >= 4 {
			text = strings.ReplaceAll(text, v, "***")
		}
	}
	return text
}

// secretValues are the literal secrets secretFields names in s.
func secretValues(s Server) []string {
	var out []string
	urlDone := false
	for _, f := range secretFields(s) {
		switch {
		case strings.HasPrefix(f, "env."):
			out = append(out, literal(s.Env[strings.TrimPrefix(f, "env.")]))
		case strings.HasPrefix(f, "headers."):
			out = append(out, literal(s.Headers[strings.TrimPrefix(f, "headers.")]))
		case f == "oauth.clientSecret":
			out = append(out, literal(s.OAuth.ClientSecret))
		case strings.HasPrefix(f, "url "):
			// Each value once: the fields of one url share them.
			if !urlDone {
				out = append(out, urlSecretValues(s.URL)...)
				urlDone = true
			}
		case strings.HasPrefix(f, "args["):
			i, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(f, "args["), "]"))
			if i < len(s.Args) {
				a := s.Args[i]
				if vs := urlSecretValues(a); len(vs) > 0 {
					out = append(out, vs...)
					continue
				}
				if _, v, ok := strings.Cut(a, "="); ok {
					if vs := urlSecretValues(v); len(vs) > 0 {
						out = append(out, vs...)
						continue
					}
					a = v
				}
				out = append(out, literal(a))
			}
		}
	}
	return out
}
