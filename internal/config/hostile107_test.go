package config

import (
	"strings"
	"testing"
	"unicode/utf16"
)

// A config saved as UTF-16 (Windows PowerShell's > and Out-File write
// it) is said to be UTF-16, with the fix: it was "invalid JSON near line
// 1: invalid character 'ÿ' looking for beginning of value" (round 107).
func TestParse_AUTF16FileSaysSoAndTheFix(t *testing.T) {
	text := `{"mcpServers": {"a": {"command": "echo"}}}`
	le := []byte{0xFF, 0xFE}
	be := []byte{0xFE, 0xFF}
	bare := []byte{}
	for _, u := range utf16.Encode([]rune(text)) {
		le = append(le, byte(u), byte(u>>8))
		be = append(be, byte(u>>8), byte(u))
		bare = append(bare, byte(u), byte(u>>8))
	}
	for name, data := range map[string][]byte{"little-endian": le, "big-endian": be, "no byte-order mark": bare} {
		_, err := Parse("/c/config.json", data)
		if err == nil || !strings.Contains(err.Error(), "/c/config.json: the file is UTF-16 text, not UTF-8: save it as UTF-8 (in PowerShell: Set-Content -Encoding utf8)") {
			t.Errorf("%s: err = %v", name, err)
		}
	}
	if _, err := Parse("/c/config.json", []byte("\uFEFF"+text)); err != nil {
		t.Errorf("UTF-8 with a byte-order mark: %v", err)
	}
}

// A setting's whole number over the most it takes says that bound: it
// was "must be a positive whole number, not 9000000000000000000", which it
// is (round 107).
func TestParse_ANumberOverTheBoundSaysTheBound(t *testing.T) {
	for v, want := range map[string]string{
		"9000000000000000000":  "settings.maxResultBytes: must be at most 2147483648, not 9000000000000000000 (line 1)",
		"1e400":                "settings.maxResultBytes: must be at most 2147483648, not 1e400 (line 1)",
		"2147483649":           "must be at most 2147483648, not 2147483649",
		"2.5":                  "must be a positive whole number, not 2.5",
		"-9000000000000000000": "must be a positive whole number, not -9000000000000000000",
		"0":                    "must be a positive whole number, not 0",
	} {
		_, err := Parse("/c/config.json", []byte(`{"settings": {"maxResultBytes": `+v+`}}`))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want %q", v, err, want)
		}
	}
	if f, err := Parse("/c/config.json", []byte(`{"settings": {"maxResultBytes": 2147483648}}`)); err != nil || f.Settings.MaxResultBytes != 1<<31 {
		t.Errorf("2147483648: %v", err)
	}
}
