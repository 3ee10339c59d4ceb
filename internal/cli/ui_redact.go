package cli

import (
	"regexp"
	"strings"
	"sync"

	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// A command line shown on the status page hides what redact's shapes do
// not: the value after a flag that names a secret given as a separate
// word (--password hunter2, --api-key KEY), the password of a DSN's user
// info without a scheme (user:pass@tcp(host)/db), and well-known token
// shapes (sk-…, ghp_…, AKIA…).
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

// hideArgs returns line with secret-looking argument values replaced by
// redact.Mask, and the values it hid that are long enough to hide
// elsewhere too (a backend's stderr that echoes them).
func hideArgs(line string) (string, []string) {
	var hidden []string
	keep := func(v string) {
		if v = strings.Trim(v, `"'`); len(v) >= redact.MinSecretLen {
			hidden = append(hidden, v)
		}
	}
	line = argFlagRE().ReplaceAllStringFunc(line, func(m string) string {
		sub := argFlagRE().FindStringSubmatch(m)
		keep(sub[3])
		return sub[1] + sub[2] + redact.Mask
	})
	if strings.Contains(line, "@") {
		line = userinfoRE().ReplaceAllStringFunc(line, func(m string) string {
			sub := userinfoRE().FindStringSubmatch(m)
			if sub[2] == redact.Mask {
				return m
			}
			keep(sub[2])
			return sub[1] + ":" + redact.Mask + "@"
		})
	}
	line = tokenShapeRE().ReplaceAllStringFunc(line, func(m string) string {
		keep(m)
		return redact.Mask
	})
	return line, hidden
}

// hideValues replaces each of values in text with redact.Mask.
func hideValues(text string, values []string) string {
	for _, v := range values {
		text = strings.ReplaceAll(text, v, redact.Mask)
	}
	return text
}
