package config

import (
	"strings"
	"testing"
)

// A config with comments and trailing commas (JSONC, as editors and
// agents write them) loads, and a problem in it is still reported at its
// own line: comments become spaces, not fewer lines.
func TestParse_JSONCCommentsAndTrailingCommas(t *testing.T) {
	data := `// my servers
{
  /* the memory server,
     shared by every project */
  "mcpServers": {
    "memory": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory",],}, // trailing
  },
  "settings": {"callTimeout": "30s",},
}
`
	f, err := Parse("/home/u/.config/switchboard/config.json", []byte(data))
	if err != nil {
		t.Fatal(err)
	}
	if s := f.Servers["memory"]; s == nil || s.Command != "npx" || len(s.Args) != 2 {
		t.Fatalf("servers = %+v", f.Servers)
	}
	bad := strings.Replace(data, `"30s"`, `30`, 1)
	_, err = Parse("/home/u/.config/switchboard/config.json", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), "settings.callTimeout") || !strings.Contains(err.Error(), "line 8") {
		t.Errorf("err = %v, want settings.callTimeout at line 8", err)
	}
	// JSONC that does not parse is reported as before, with its line.
	_, err = Parse("/p/config.json", []byte("{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"\n  }\n"))
	if err == nil || !strings.Contains(err.Error(), "/p/config.json") || !strings.Contains(err.Error(), "line") {
		t.Errorf("err = %v, want the file and a line", err)
	}
}

// A file nested thousands of levels deep (a hostile project file) is
// refused before any decoder recurses into it, with its line; brackets
// inside strings and comments do not count, and do not hide real ones.
func TestParse_RefusesDeepNestingBeforeDecoding(t *testing.T) {
	deep := `{"mcpServers": {"a": {"command": "x", "args": ` + "\n" + strings.Repeat("[", 1_000_000) + strings.Repeat("]", 1_000_000) + `}}}`
	_, err := Parse("/p/.switchboard.json", []byte(deep))
	if err == nil || !strings.Contains(err.Error(), "nested deeper than 100 levels (line 2)") {
		t.Fatalf("err = %v", err)
	}
	// Closing brackets in a string or a comment cannot lower the count.
	hidden := `{"s": "` + strings.Repeat("]", 500) + `", /* ` + strings.Repeat("]", 500) + ` " */ "a": ` + strings.Repeat("[", 200) + strings.Repeat("]", 200) + `}`
	if _, err := Parse("/p/c.json", []byte(hidden)); err == nil || !strings.Contains(err.Error(), "nested deeper than 100") {
		t.Errorf("hidden nesting: err = %v", err)
	}
	// Brackets in strings and comments are not nesting.
	fine := `{"mcpServers": {"a": {"command": "x", "args": ["` + strings.Repeat("[", 500) + `"]}}} // ` + strings.Repeat("{", 500)
	if _, err := Parse("/p/c.json", []byte(fine)); err != nil {
		t.Errorf("brackets in a string and a comment: %v", err)
	}
}

// A config that starts with a byte-order mark (as Windows editors save
// JSON) loads, and its problems keep their lines; add and remove, which
// validate the edited file with Parse, work on it too.
func TestParse_ByteOrderMark(t *testing.T) {
	data := "\uFEFF{\"mcpServers\": {\"a\": {\"command\": \"x\",}}, // mine\n \"settings\": {\"callTimeout\": 3}}"
	_, err := Parse("/p/config.json", []byte(data))
	if err == nil || !strings.Contains(err.Error(), "settings.callTimeout") || !strings.Contains(err.Error(), "line 2") {
		t.Fatalf("err = %v, want settings.callTimeout at line 2", err)
	}
	f, err := Parse("/p/config.json", []byte(strings.Replace(data, "3", `"3s"`, 1)))
	if err != nil {
		t.Fatal(err)
	}
	if s := f.Servers["a"]; s == nil || s.Command != "x" {
		t.Errorf("servers = %+v", f.Servers)
	}
}

// An empty file, or one of only blanks, is an error that names the file
// and says what to write (it said "unexpected end of file").
func TestParse_EmptyFileSaysWhatToWrite(t *testing.T) {
	for _, data := range []string{"", " \n\t", "\uFEFF\n"} {
		_, err := Parse("/p/config.json", []byte(data))
		if err == nil || !strings.Contains(err.Error(), "/p/config.json: the file is empty") || !strings.Contains(err.Error(), `{"mcpServers": {}}`) {
			t.Errorf("%q: err = %v", data, err)
		}
	}
}
