package redact

import (
	"net/url"
	"regexp"
	"strings"
	"sync"
)

// Shapes of secrets in a command line and in what a program echoes of it,
// beyond Text's URLs, auth schemes and key=value pairs: the value after a
// flag that names a secret given as a separate word (--password hunter2,
// --api-key KEY), the password of a DSN's user info without a scheme
// (user:pass@tcp(host)/db), and well-known token shapes (sk-…, ghp_…,
// AKIA…).
var (
	argFlagRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)((?:^|\s)-{1,2}[a-z0-9_.-]*(?:token|secret|passw|pwd|api[-_]?key|apikey|access[-_]?key|private[-_]?key|auth|credential)[a-z0-9_.-]*)(\s+|=)("[^"]*"|'[^']*'|[^\s"'-][^\s"']*)`)
	})
	userinfoRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`((?:^|[\s=])[^\s:/@=]+):([^\s@/]+)@`)
	})
	tokenShapeRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`\b(?:sk-[A-Za-z0-9_-]{16,}|gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,}|xox[abprs]-[A-Za-z0-9-]{10,}|glpat-[A-Za-z0-9_-]{20,}|AKIA[0-9A-Z]{16}|AIza[0-9A-Za-z_-]{35})\b`)
	})
)

// tokenPrefixes are the starts of tokenShapeRE's shapes in lower case:
// the pattern runs only on text holding one.
var tokenPrefixes = []string{"sk-", "gh", "xox", "glpat-", "akia", "aiza"}

// secretFlagWords are the words argFlagRE's flag names hold (lower case).
var secretFlagWords = []string{"token", "secret", "passw", "pwd", "api", "key", "auth", "credential"}

// Args returns line (a command and its arguments, joined by spaces) with
// secret-looking argument values replaced by Mask, and the values it hid
// that are at least MinSecretLen long, to hide wherever the program
// echoes them (Secrets.Add).
func Args(line string) (string, []string) {
	var hidden []string
	keep := func(v string) {
		if v = strings.Trim(v, `"'`); len(strings.TrimSpace(v)) >= MinSecretLen {
			hidden = append(hidden, v)
		}
	}
	line = argFlagRE().ReplaceAllStringFunc(line, func(m string) string {
		sub := argFlagRE().FindStringSubmatch(m)
		keep(sub[3])
		return sub[1] + sub[2] + Mask
	})
	if strings.Contains(line, "@") {
		line = userinfoRE().ReplaceAllStringFunc(line, func(m string) string {
			sub := userinfoRE().FindStringSubmatch(m)
			if sub[2] == Mask {
				return m
			}
			keep(sub[2])
			return sub[1] + ":" + Mask + "@"
		})
	}
	line = tokenShapeRE().ReplaceAllStringFunc(line, func(m string) string {
		keep(m)
		return Mask
	})
	return line, hidden
}

// hideArgShapes is Text's part for Args' shapes, each pattern run only
// when the text holds what it needs; lower is s in lower case.
func hideArgShapes(s, lower string) string {
	if (strings.HasPrefix(s, "-") || strings.Contains(s, " -") || strings.Contains(s, "\t-")) && containsAny(lower, secretFlagWords...) {
		s = argFlagRE().ReplaceAllStringFunc(s, func(m string) string {
			sub := argFlagRE().FindStringSubmatch(m)
			return sub[1] + sub[2] + Mask
		})
	}
	if userinfoCandidate(s) {
		s = userinfoRE().ReplaceAllStringFunc(s, func(m string) string {
			sub := userinfoRE().FindStringSubmatch(m)
			if sub[2] == Mask {
				return m
			}
			return sub[1] + ":" + Mask + "@"
		})
	}
	if containsAny(lower, tokenPrefixes...) {
		s = tokenShapeRE().ReplaceAllString(s, Mask)
	}
	return s
}

// userinfoCandidate reports whether s may hold what userinfoRE matches: a
// word (after a space, '=' or the start) with a ':' before an '@' and no
// "//" (a URL's user info is hideURLs'). A byte scan: a log line with a
// time and an email address must not cost the regexp.
func userinfoCandidate(s string) bool {
	for off := 0; ; off++ {
		at := strings.IndexByte(s[off:], '@')
		if at < 0 {
			return false
		}
		i := off + at
		off = i
		colon := false
		for j := i - 1; j >= 0; j-- {
			c := s[j]
			if c == ' ' || c == '\t' || c == '\n' || c == '=' {
				break
			}
			if c == '/' {
				colon = false
				break
			}
			if c == ':' && j > 0 {
				colon = true
			}
		}
		if colon {
			return true
		}
	}
}

// secretNameWords are the words (lower case) of a variable's name that
// say its value is a secret.
var secretNameWords = []string{"secret", "token", "key", "pass", "pwd", "auth", "credential", "cookie", "session", "private", "signature"}

// SecretName reports whether a variable's name says its value is a
// secret (API_KEY, GITHUB_TOKEN, PGPASSWORD, CLIENT_SECRET, X_AUTH).
func SecretName(name string) bool {
	n := strings.ToLower(name)
	for _, w := range secretNameWords {
		if strings.Contains(n, w) {
			return true
		}
	}
	return false
}

// LooksSecret reports whether v, whatever its name, looks like a secret:
// at least MinSecretLen long after trimming space, with no space inside,
// and either of 16 bytes or more mixing two kinds of characters (letters,
// digits, others), or of 8 or more mixing upper case, lower case and
// digits. Short plain values (100000, true, info, a word) do not: hiding
// them hid every place they appear in a log ("100000 requests refused"
// became "*** requests refused"). Nor do a path (starting with / or ~)
// and a URL, whose credentials the caller takes apart (URLSecrets).
func LooksSecret(v string) bool {
	v = strings.TrimSpace(v)
	if len(v) < MinSecretLen || strings.ContainsAny(v, " \t\r\n") ||
		strings.HasPrefix(v, "/") || strings.HasPrefix(v, "~") || strings.Contains(v, "://") {
		return false
	}
	var upper, lower, digit, other bool
	for _, r := range v {
		switch {
		case r >= 'A' && r <= 'Z':
			upper = true
		case r >= 'a' && r <= 'z':
			lower = true
		case r >= '0' && r <= '9':
			digit = true
		default:
			other = true
		}
	}
	kinds := 0
	for _, k := range []bool{upper || lower, digit, other} {
		if k {
			kinds++
		}
	}
	return len(v) >= 16 && kinds >= 2 || len(v) >= 8 && upper && lower && digit
}

// URLSecrets returns the password of raw's user info and its query
// values when raw parses as a URL with a scheme and host; nil otherwise.
func URLSecrets(raw string) []string {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil || u.Scheme == "" || u.Host == "" {
		return nil
	}
	var out []string
	if p, ok := u.User.Password(); ok {
		out = append(out, p)
	}
	for _, vs := range u.Query() {
		out = append(out, vs...)
	}
	return out
}
