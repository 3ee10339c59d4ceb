package config

import (
	"strings"
	"testing"
)

// Round forty-one: a hostile project file. Each is refused (or its server
// disabled) with a message naming the file and, where there is one, the
// field; nothing panics, and nothing of the file's is read as more than it
// is.
func TestParse_HostileProjectFiles(t *testing.T) {
	const path = "/repo/.switchboard.json"
	for _, c := range []struct {
		name, data string
		want       []string // in the error, besides the path; nil with accept
		accept     bool     // the file parses (what it asks is shown by trust)
	}{
		{"not JSON", "{mcpServers: [", []string{"line"}, false},
		{"an array", "[1,2]", nil, false},
		{"nested a million deep", strings.Repeat("[", 1<<20), []string{"nested deeper"}, false},
		{"a string of 8 MB as a command", `{"mcpServers":{"x":{"command":"` + strings.Repeat("a", 8<<20) + `"}}}`, nil, true},
		{"a server name with a line break", `{"mcpServers":{"a\nb":{"command":"x"}}}`, []string{"mcpServers"}, false},
		{"a server name with a bidi override", `{"mcpServers":{"a\u202eb":{"command":"x"}}}`, []string{"mcpServers"}, false},
		{"a server name of 10,000 bytes", `{"mcpServers":{"` + strings.Repeat("n", 10000) + `":{"command":"x"}}}`, nil, true},
		{"an unknown field", `{"mcpServers":{"x":{"command":"x","evil":1}}}`, []string{"evil"}, false},
		{"a NUL in a command", `{"mcpServers":{"x":{"command":"a\u0000b"}}}`, []string{"command"}, false},
		{"a duplicate key", `{"mcpServers":{"x":{"command":"a"},"x":{"command":"b"}}}`, []string{"x"}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := Parse(path, []byte(c.data))
			msg := ""
			if err != nil {
				msg = err.Error()
			} else if f != nil {
				for _, s := range f.Servers {
					if s.Problem != "" {
						msg += s.Problem
					}
				}
				for _, p := range f.Skipped { // round sixty-six: left out alone
					msg += p.String()
				}
			}
			if c.accept {
				if msg != "" || f == nil || len(f.Servers) != 1 {
					t.Errorf("refused: %.300q", msg)
				}
				return
			}
			if msg == "" {
				t.Fatalf("accepted")
			}
			if !strings.Contains(msg, path) {
				t.Errorf("%.300q does not name the file", msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("%.300q does not say %q", msg, w)
				}
			}
		})
	}
}
