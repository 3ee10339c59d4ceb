package config

import (
	"strings"
	"testing"
)

// A config starting with two or three UTF-8 byte-order marks says how
// many, where and the command that removes them: it was "invalid JSON
// near line 1: invalid character 'ï' looking for beginning of value"
// (rounds 107 and 110). One mark is read as before.
func TestParse_SeveralByteOrderMarksAreSaidWithTheFix(t *testing.T) {
	text := `{"mcpServers": {"a": {"command": "echo"}}}`
	for n, want := range map[int]string{
		2: "/c/my config.json: the file starts with 2 byte-order marks",
		3: "/c/my config.json: the file starts with 3 byte-order marks",
	} {
		_, err := Parse("/c/my config.json", []byte(strings.Repeat("\uFEFF", n)+text))
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), `remove them (sed -i '1s/^\(\xEF\xBB\xBF\)*//' "/c/my config.json")`) {
			t.Errorf("%d marks: err = %v", n, err)
		}
	}
	if _, err := Parse("/c/config.json", []byte("\uFEFF"+text)); err != nil {
		t.Errorf("one mark: %v", err)
	}
}
