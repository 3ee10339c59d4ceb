package tsdecl

import (
	"strings"
	"testing"
)

// checkTS fails t unless src looks like valid TypeScript declarations (see
// lexTS).
func checkTS(t testing.TB, src string) {
	t.Helper()
	if _, err := lexTS(src); err != "" {
		t.Errorf("%s in:\n%s", err, src)
	}
}

// lexTS checks that src looks like valid TypeScript declarations: every
// comment is a closed /** */ doc comment, "*/" never appears outside one,
// string literals are closed on their line, and brackets, braces and
// parentheses balance and nest. It returns the code with comments and
// string literals removed, and "" or a description of the first fault.
func lexTS(src string) (code string, fault string) {
	var stack []byte
	var b strings.Builder
	closer := map[byte]byte{')': '(', ']': '[', '}': '{'}
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "/*"):
			if !strings.HasPrefix(src[i:], "/** ") {
				return "", "comment not opened with \"/** \""
			}
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return "", "unterminated comment"
			}
			i += end + 3
			b.WriteByte(' ')
		case strings.HasPrefix(src[i:], "*/"):
			return "", "comment end outside a comment"
		case strings.HasPrefix(src[i:], "//"):
			return "", "line comment"
		case c == '"':
			for i++; i < len(src) && src[i] != '"'; i++ {
				if src[i] == '\\' {
					i++
				}
				if i < len(src) && src[i] == '\n' {
					return "", "newline in string literal"
				}
			}
			if i >= len(src) {
				return "", "unterminated string literal"
			}
			b.WriteString(`""`)
		case c == '(' || c == '[' || c == '{':
			stack = append(stack, c)
			b.WriteByte(c)
		case c == ')' || c == ']' || c == '}':
			if len(stack) == 0 || stack[len(stack)-1] != closer[c] {
				return "", "unbalanced " + string(c)
			}
			stack = stack[:len(stack)-1]
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	if len(stack) > 0 {
		return "", "unclosed " + string(stack)
	}
	return b.String(), ""
}

func TestLexTS_RejectsBrokenDeclarations(t *testing.T) {
	for _, src := range []string{
		"function f(args: { a: string ): Promise<any>;",
		"/** doc */ a */ function f(): any;",
		"/* plain */ function f(): any;",
		"/** open",
		`function f(args: { "a: string }): any;`,
		"declare namespace x {",
	} {
		if _, fault := lexTS(src); fault == "" {
			t.Errorf("lexTS accepted %q", src)
		}
	}
}
