// Package redact hides secrets in text that people or models will read:
// error messages, log lines, list_tools text, `switchboard servers`.
//
// Two kinds of secret are hidden. Values known to be secret (expanded
// ${env:…}/${file:…} values, configured header and env values) are added
// to a Secrets and replaced wherever they occur. Secrets in URLs (the
// password of user info, every query value) and in credential-shaped
// text ("Bearer …", "token=…") are hidden by shape, without knowing them.
// The replacement is always Mask.
package redact

import (
	"context"
	"fmt"
	"log/slog"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// Mask replaces a hidden value.
const Mask = "***"

// MinSecretLen is the shortest value Secrets hides: shorter values
// ("1", "on", "dev") would hide ordinary words everywhere.
const MinSecretLen = 6

// URL returns raw with the password of its user info and every query
// value (and a fragment) replaced by Mask. Text that does not parse as a
// URL with a scheme and host is returned through Text.
func URL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil && strings.Contains(raw, "://") {
		return Text(unparsedURL(raw))
	}
	if err != nil || u.Scheme == "" || u.Host == "" {
		return Text(raw)
	}
	return urlString(u)
}

// unparsedURL hides the same parts of a URL that url.Parse refuses (a
// control character, a bad host or port, a bad escape) by its text: the
// user info before the last @ of the authority (a password may hold a
// slash, so the authority runs to the first ? or #), every query value,
// the fragment. A config's "not a URL" error quoted such a URL whole,
// password and all.
func unparsedURL(s string) string {
	i := strings.Index(s, "://")
	if i < 0 {
		return s
	}
	rest := s[i+3:]
	head, tail := rest, ""
	if j := strings.IndexAny(rest, "?#"); j >= 0 {
		head, tail = rest[:j], rest[j:]
	}
	if at := strings.LastIndexByte(head, '@'); at >= 0 {
		user := Mask
		if c := strings.IndexByte(head[:at], ':'); c >= 0 {
			user = head[:c+1] + Mask
		}
		head = user + head[at:]
	}
	if q, ok := strings.CutPrefix(tail, "?"); ok {
		q, _, frag := strings.Cut(q, "#")
		params := strings.Split(q, "&")
		for k, p := range params {
			if name, _, ok := strings.Cut(p, "="); ok {
				params[k] = name + "=" + Mask
			} else if p != "" {
				params[k] = Mask
			}
		}
		tail = "?" + strings.Join(params, "&")
		if frag {
			tail += "#" + Mask
		}
	} else if tail != "" {
		tail = "#" + Mask
	}
	return s[:i+3] + head + tail
}

func urlString(u *url.URL) string {
	c := *u
	if c.User != nil {
		if _, has := c.User.Password(); has {
			c.User = url.UserPassword(c.User.Username(), Mask)
		} else if c.User.Username() != "" {
			c.User = url.User(Mask)
		}
	}
	if c.RawQuery != "" {
		q := c.Query()
		keys := make([]string, 0, len(q))
		for k := range q {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var b strings.Builder
		for i, k := range keys {
			if i > 0 {
				b.WriteByte('&')
			}
			b.WriteString(url.QueryEscape(k))
			b.WriteString("=" + Mask)
		}
		c.RawQuery = b.String()
	}
	if c.Fragment != "" {
		c.Fragment, c.RawFragment = Mask, ""
	}
	s := c.String()
	// url.String escapes the mask in user info; show it plainly.
	return strings.ReplaceAll(s, "%2A%2A%2A", Mask)
}

var (
	urlRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>` + "`" + `]+`) })
	// credential-shaped text: an auth scheme followed by a token, or a
	// key=value / key: value pair whose key names a secret.
	schemeRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b(bearer|basic|token)\s+[A-Za-z0-9._~+/=-]{6,}`)
	})
	pairRE = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`(?i)\b([a-z0-9_-]*(?:token|secret|password|passwd|api[_-]?key|apikey|auth|credential|private[_-]?key)[a-z0-9_-]*)(\s*[=:]\s*)("[^"]*"|'[^']*'|[^\s,;&"']+)`)
	})
)

// Text hides URL secrets and credential-shaped text inside free text.
func Text(s string) string {
	if s == "" {
		return s
	}
	// Each pattern runs only when the words it needs are in the text:
	// the regexps cost ~90 µs on a 200-byte line of letters (a backend's
	// stderr line), the checks well under one.
	lower := strings.ToLower(s)
	if strings.Contains(s, "://") {
		s = hideURLs(s)
	}
	if containsAny(lower, "bearer", "basic", "token") {
		s = schemeRE().ReplaceAllStringFunc(s, func(m string) string {
			i := strings.IndexAny(m, " \t")
			if v := strings.TrimLeft(m[i:], " \t"); strings.EqualFold(m[:i], "token") && prose(v) {
				return m // "the refresh token expired"
			}
			return m[:i+1] + Mask
		})
	}
	if strings.ContainsAny(s, "=:") && containsAny(lower, "token", "secret", "passw", "api", "auth", "credential", "private") {
		s = hidePairs(s)
	}
	return hideArgShapes(s, lower) // lower, of s before the replacements: a superset of the words
}

// hidePairs hides the value of each key=value or key: value pair of s
// whose key names a secret, but for a value after a colon that is a word
// of prose ("oauth2: cannot fetch token: the answer of …" is a
// sentence, not two secrets).
func hidePairs(s string) string {
	var b strings.Builder
	last := 0
	for _, m := range pairRE().FindAllStringSubmatchIndex(s, -1) {
		sep, val := s[m[4]:m[5]], s[m[6]:m[7]]
		if !strings.Contains(sep, "=") && prose(val) {
			continue
		}
		b.WriteString(s[last:m[6]])
		b.WriteString(Mask)
		last = m[7]
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// proseWords are words that follow "token:", "auth:" or "token " in the
// errors of Go's packages and ours, and that no credential is: articles,
// negations, verbs and nouns of error messages. A value is hidden unless
// it is one of them, unquoted, in lower case or with a capital first
// letter (a password that is an English word, "hunter", is hidden).
var proseWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`a an the this that these those it its no not none nil null
		cannot can could would should must may might will is are was were be been being has have had
		do does did invalid missing expired expires empty unknown unexpected malformed bad wrong
		required refused denied rejected revoked failed failure error timeout timed unavailable
		unsupported unauthorized forbidden endpoint endpoints exchange request response answer
		answered refresh refreshed refreshing store stored file type value field format source
		and or but if when while for from with without by at as in on of to into than then
		http https json oauth oauth2 x509 tls dial read write open get post parse parsing decode
		decoding true false yes off set unset see use run try check ask sign signing signed login
		holds held sent given issued found received`) {
		m[w] = true
	}
	return m
}()

// prose reports whether v is one of proseWords.
func prose(v string) bool {
	v = strings.TrimRight(v, ".:)!?")
	if len(v) == 0 || len(v) > 16 {
		return false
	}
	if c := v[0]; c >= 'A' && c <= 'Z' {
		v = string(c+'a'-'A') + v[1:]
	}
	return proseWords[v]
}

// containsAny reports whether s contains one of words.
func containsAny(s string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// hideURLs hides the secrets of every URL in s.
func hideURLs(s string) string {
	return urlRE().ReplaceAllStringFunc(s, func(m string) string {
		trail := ""
		for len(m) > 0 && strings.ContainsRune(".,;:)]}", rune(m[len(m)-1])) {
			trail = m[len(m)-1:] + trail
			m = m[:len(m)-1]
		}
		u, err := url.Parse(m)
		if err != nil {
			return unparsedURL(m) + trail
		}
		if u.Host == "" {
			return m + trail
		}
		return urlString(u) + trail
	})
}

// Secrets is a set of values to hide. The zero value is empty and ready;
// it is safe for concurrent use.
type Secrets struct {
	mu     sync.RWMutex
	values []string // longest first, so a secret containing another is hidden whole
}

// Add records values to hide. Values shorter than MinSecretLen (after
// trimming space) are ignored.
func (s *Secrets) Add(values ...string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, v := range values {
		v = strings.TrimSpace(v)
		if len(v) < MinSecretLen || slices.Contains(s.values, v) {
			continue
		}
		s.values = append(s.values, v)
	}
	slices.SortFunc(s.values, func(a, b string) int { return len(b) - len(a) })
}

// String returns text with every known secret replaced by Mask, then
// passed through Text. A nil Secrets only applies Text.
func (s *Secrets) String(text string) string {
	if s != nil {
		s.mu.RLock()
		for _, v := range s.values {
			if strings.Contains(text, v) {
				text = strings.ReplaceAll(text, v, Mask)
			}
		}
		s.mu.RUnlock()
	}
	return Text(text)
}

// Headers returns a copy of h with every value masked: header values are
// credentials more often than not (Authorization, X-Api-Key, cookies).
func Headers(h map[string]string) map[string]string {
	if h == nil {
		return nil
	}
	out := make(map[string]string, len(h))
	for k := range h {
		out[k] = Mask
	}
	return out
}

// Handler returns a slog.Handler that passes the message and every
// string, error and Stringer attribute of a record through s.String
// (s may be nil: only Text applies) before handing it to h.
func Handler(h slog.Handler, s *Secrets) slog.Handler {
	return &handler{h: h, s: s}
}

type handler struct {
	h slog.Handler
	s *Secrets
}

func (r *handler) Enabled(ctx context.Context, l slog.Level) bool { return r.h.Enabled(ctx, l) }

func (r *handler) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, r.s.String(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(r.attr(a))
		return true
	})
	return r.h.Handle(ctx, out)
}

func (r *handler) WithAttrs(as []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(as))
	for i, a := range as {
		clean[i] = r.attr(a)
	}
	return &handler{h: r.h.WithAttrs(clean), s: r.s}
}

func (r *handler) WithGroup(name string) slog.Handler {
	return &handler{h: r.h.WithGroup(name), s: r.s}
}

func (r *handler) attr(a slog.Attr) slog.Attr {
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, r.s.String(v.String()))
	case slog.KindGroup:
		g := v.Group()
		clean := make([]any, len(g))
		for i, x := range g {
			clean[i] = r.attr(x)
		}
		return slog.Group(a.Key, clean...)
	case slog.KindAny:
		switch x := v.Any().(type) {
		case error:
			return slog.String(a.Key, r.s.String(x.Error()))
		case fmt.Stringer:
			return slog.String(a.Key, r.s.String(x.String()))
		case []byte:
			return slog.String(a.Key, r.s.String(string(x)))
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
