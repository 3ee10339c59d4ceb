package tsdecl

import (
	"strings"
	"testing"
)

// checkTS fails t unless src looks like valid TypeScript declarations:
// comments closed, no "*/" inside a comment body, brackets balanced and
// properly nested outside comments and string literals.
func checkTS(t testing.TB, src string) {
	t.Helper()
	if err := lintTS(src); err != "" {
		t.Errorf("%s in:\n%s", err, src)
	}
}

// lintTS is checkTS's logic; it returns "" or a description of the fault.
func lintTS(src string) string {
	var stack []byte
	closer := map[byte]byte{')': '(', ']': '[', '}': '{'}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return "unterminated comment"
			}
			i += end + 3
		case strings.HasPrefix(src[i:], "//"):
			end := strings.IndexByte(src[i:], '\n')
			if end < 0 {
				return "line comment at end of input"
			}
			i += end
		case c == '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
				if i < len(src) && src[i] == '\n' {
					return "newline in string literal"
				}
			}
			if i >= len(src) {
				return "unterminated string literal"
			}
		case c == '(' || c == '[' || c == '{':
			stack = append(stack, c)
		case c == ')' || c == ']' || c == '}':
			if len(stack) == 0 || stack[len(stack)-1] != closer[c] {
				return "unbalanced " + string(c)
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 {
		return "unclosed " + string(stack)
	}
	return ""
}
