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
