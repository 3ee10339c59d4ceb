package agentconf

import (
	"path/filepath"
	"strings"
	"testing"
)

// bareLF returns the offset of the first line end of s that is a bare
// \n, or -1.
func bareLF(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' && (i == 0 || s[i-1] != '\r') {
			return i
		}
	}
	return -1
}

// A file written with CRLF line ends (Windows editors, core.autocrlf)
// keeps them through init and its undo, in every format init rewrites:
// init wrote its own lines with bare \n (a Codex file left with no line
// to copy the style from, the lines undo puts back) or encoded the
// whole file anew with \n (YAML), and the agent's file came back mixed
// or converted.
func TestInit_KeepsCRLFLineEnds(t *testing.T) {
	crlf := func(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }
	type file struct {
		rel     []string
		format  byte
		content string
	}
	codexOnlyServers := file{[]string{".codex", "config.toml"}, 't', "[mcp_servers.gh]\ncommand = \"gh-mcp\"\nargs = [\"stdio\"]\n"}
	codexMixed := file{[]string{".codex", "config.toml"}, 't', "# my codex\nmodel = \"o3\"\n\n[mcp_servers.gh]\ncommand = \"gh-mcp\"\nargs = [\"stdio\"]\n\n[mcp_servers.docs]\nurl = \"https://example.com/mcp\"\n\n[profiles.x]\nmodel = \"o4\"\n"}
	others := []file{
		{[]string{".cursor", "mcp.json"}, 'j', "{\n  // mine\n  \"mcpServers\": {\n    \"a\": {\"command\": \"a-mcp\"},\n    \"b\": {\n      \"command\": \"b-mcp\"\n    }\n  }\n}\n"},
		{[]string{".config", "goose", "config.yaml"}, 'y', "GOOSE_MODEL: x\nextensions:\n  fetch:\n    enabled: true\n    type: stdio\n    name: fetch\n    cmd: uvx\n    args:\n      - mcp-server-fetch\n"},
		{[]string{".continue", "config.yaml"}, 'l', "name: me\nmcpServers:\n  - name: mem\n    command: npx\n    args:\n      - -y\n      - mem\n"},
	}
	for _, codex := range []file{codexOnlyServers, codexMixed} {
		w := newWorld(t)
		files := append([]file{codex}, others...)
		for _, f := range files {
			w.write(filepath.Join(append([]string{w.home}, f.rel...)...), crlf(f.content), 0o644)
		}
		o := w.opts(User)
		w.initOnce(o)
		for _, f := range files {
			path := filepath.Join(append([]string{w.home}, f.rel...)...)
			got := w.read(path)
			if !strings.Contains(got, "serve") {
				t.Errorf("%s: init did not register switchboard:\n%q", path, got)
			}
			if i := bareLF(got); i >= 0 {
				t.Errorf("%s: a bare \\n at byte %d after init:\n%q", path, i, got)
			}
		}
		if _, err := Undo(o); err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			path := filepath.Join(append([]string{w.home}, f.rel...)...)
			got := w.read(path)
			if i := bareLF(got); i >= 0 {
				t.Errorf("%s: a bare \\n at byte %d after undo:\n%q", path, i, got)
			}
			// Undo puts entries back by structure; the value is the
			// file's as it was.
			want, err := newDocFor(f.format, []string{"-"}, []byte(crlf(f.content)))
			if err != nil {
				t.Fatal(err)
			}
			have, err := newDocFor(f.format, []string{"-"}, []byte(got))
			if err != nil {
				t.Fatalf("%s after undo: %v", path, err)
			}
			wv, _ := want.value()
			hv, _ := have.value()
			if canon(wv) != canon(hv) {
				t.Errorf("%s after undo:\n%q\nwant the value of\n%q", path, got, crlf(f.content))
			}
		}
	}
}

// A file with any bare \n, and a value a conversion would change, are
// left as the edits made them.
func TestSameLineEnds(t *testing.T) {
	for _, tt := range []struct{ old, out, want string }{
		{"a\r\nb\r\n", "a\r\nc\nb\r\n", "a\r\nc\r\nb\r\n"},
		{"a\r\nb\n", "a\r\nc\nb\n", "a\r\nc\nb\n"}, // mixed: as the edits made it
		{"a\nb\n", "a\nc\nb\n", "a\nc\nb\n"},       // LF
		{"a", "a\nb\n", "a\nb\n"},                  // no line end to go by
		{"a\r\n", "", ""},                          // emptied
		{"a = 1\r\n", "a = 1\n", "a = 1\r\n"},      // every line
	} {
		if got := string(sameLineEnds([]byte(tt.old), []byte(tt.out), nil)); got != tt.want {
			t.Errorf("sameLineEnds(%q, %q) = %q, want %q", tt.old, tt.out, got, tt.want)
		}
	}
	old := []byte("[t]\r\na = 1\r\n")
	out := []byte("[t]\r\na = 1\r\ns = \"\"\"\nx\ny\"\"\"\n")
	if got := lineEnds(old, out, 't', []string{"t"}); string(got) != string(out) {
		t.Errorf("a multi-line TOML string's line break was converted: %q", got)
	}
}
