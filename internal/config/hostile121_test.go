package config

import (
	"strings"
	"testing"
)

// A syntax error is said at its line and column, as add and remove say
// it of the same file: servers said "invalid JSON near line 3" where add
// said "line 3, column 27" (round 121). The column counts bytes, as
// hujson (and so add) counts them; a comment before the mistake is not
// taken for it (the decoder, given the file with its comments when they
// could not be blanked, said "near line 1: invalid character '/'").
func TestParse_ASyntaxErrorIsSaidAtItsLineAndColumn(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"missing comma", "{\n \"mcpServers\": {\n  \"a\": {\"command\": \"echo\" \"args\": []}\n }\n}", "invalid JSON at line 3, column 27: invalid character '\"' after object value (expecting ',' or '}')"},
		{"after a multi-byte name", "{\"mcpServers\": {\"café\": {\"command\": \"x\"] }}", "invalid JSON at line 1, column 41: invalid character ']' after object value (expecting ',' or '}')"},
		{"after a comment and a mark", "\uFEFF// note\r\n{\"mcpServers\": {\"a\": {\"command\": 5,, }}}", "invalid JSON at line 2, column 36: invalid character ',' at start of value"},
	} {
		_, err := Parse("/c/config.json", []byte(c.text))
		if err == nil || !strings.Contains(err.Error(), "/c/config.json: "+c.want) {
			t.Errorf("%s: err = %v, want %q", c.name, err, c.want)
		}
	}
}

// A reference Switchboard never expands (${secret:X}, ${env:}, a nested
// one) is a config error of its server when the file loads, naming the
// field and line: it was said only when the backend started, so `add
// --env 'T=${secret:X}'` wrote it and said "added" (round 121). A
// reference to an unset variable still loads (the agent's environment
// may set it), and ${file:} and ${workspace} are untouched.
func TestParse_AReferenceThatIsNoneIsSaidWhenTheFileLoads(t *testing.T) {
	f, err := Parse("/c/config.json", []byte(`{"mcpServers": {
  "a": {"command": "x", "env": {"T": "${secret:X}"}},
  "b": {"command": "x", "args": ["--k", "${env:}"]},
  "c": {"type": "http", "url": "https://h/mcp", "headers": {"Authorization": "Bearer ${env:${env:X}}"}},
  "ok": {"command": "x", "args": ["${workspace}", "${file:~/k}"], "env": {"T": "${env:SURELY_UNSET_121}", "U": "${V}"}}
}}`))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"a": `/c/config.json: mcpServers.a.env.T: ${secret:X} is no reference Switchboard expands: write ${env:NAME}, ${NAME} or ${file:PATH} (they do not nest) (line 2)`,
		"b": `/c/config.json: mcpServers.b.args[1]: ${env:} is no reference Switchboard expands`,
		"c": `/c/config.json: mcpServers.c.headers.Authorization: ${env:${env:X} is no reference Switchboard expands`,
	} {
		if s := f.Servers[name]; !s.Disabled || !strings.Contains(s.Problem, want) {
			t.Errorf("%s: disabled %v, problem %q; want %q", name, s.Disabled, s.Problem, want)
		}
	}
	if s := f.Servers["ok"]; s.Disabled || s.Problem != "" {
		t.Errorf("ok: disabled %v, problem %q", s.Disabled, s.Problem)
	}
}

// A config of comments only (every server commented out) says so, with
// what to write; it was "invalid JSON … line 2, column 1: parsing value:
// unexpected EOF". A file cut short without a last line end is said at
// its last line, not one below (round 121).
func TestParse_AFileOfCommentsOnlyOrCutShortIsSaidWhereItIs(t *testing.T) {
	for _, text := range []string{"// {\"mcpServers\": {\"a\": {\"command\": \"x\"}}}\n", "/* old */", "\uFEFF// a\r\n"} {
		_, err := Parse("/c/config.json", []byte(text))
		if err == nil || !strings.Contains(err.Error(), `/c/config.json: the file holds comments only, no JSON object: write {"mcpServers": {}} after them`) {
			t.Errorf("%q: err = %v", text, err)
		}
	}
	_, err := Parse("/c/config.json", []byte(`{"mcpServers": {`))
	if err == nil || !strings.Contains(err.Error(), "invalid JSON at line 1, column 17:") {
		t.Errorf("a file cut short: err = %v", err)
	}
	if _, err := Parse("/c/config.json", []byte("{\"mcpServers\": {}} // last")); err != nil {
		t.Errorf("a last comment without a line end: %v", err)
	}
}

// A duration setting too long for Go, or a bare number, says which:
// both were "must be a positive duration such as "30s" or "5m"", said
// of "99999999h", which is one (round 121).
func TestParse_ADurationTooLongOrWithoutAUnitSaysWhich(t *testing.T) {
	for value, want := range map[string]string{
		"99999999h": `settings.executeTimeout: is longer than a duration can be (at most 2562047h, 292 years), not "99999999h" (line 1): give a shorter one`,
		"30":        `settings.executeTimeout: must be a duration with its unit, such as "30s" or "30m", not "30" (line 1): a bare number has none`,
		"-5s":       `settings.executeTimeout: must be a positive duration such as "30s" or "5m", not "-5s" (line 1)`,
	} {
		_, err := Parse("/c/config.json", []byte(`{"settings": {"executeTimeout": "`+value+`"}}`))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", value, err, want)
		}
	}
}
