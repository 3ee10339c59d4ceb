package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"
	"unicode/utf16"
)

// add, remove, enable and disable on a config saved as UTF-16 (Windows
// PowerShell's > writes it) say so and the fix, and leave the file as it
// was: they said "line 1, column 1: invalid character '\xff' at start
// of value" (round 107).
func TestAdd_AUTF16ConfigIsSaidAndUnchanged(t *testing.T) {
	w := newCLIWorld(t)
	data := []byte{0xFF, 0xFE}
	for _, u := range utf16.Encode([]rune(`{"mcpServers": {"a": {"command": "echo"}}}`)) {
		data = append(data, byte(u), byte(u>>8))
	}
	w.write(w.user(), string(data))
	for _, args := range [][]string{{"add", "b", "--", "echo"}, {"remove", "a"}, {"disable", "a"}} {
		code, out, errOut := w.run(args...)
		if code == 0 || !strings.Contains(errOut, "the file is UTF-16 text, not UTF-8: save it as UTF-8 (in PowerShell: Set-Content -Encoding utf8); it is unchanged") {
			t.Errorf("%s: exit %d\n%s%s", args[0], code, out, errOut)
		}
		if got, _ := os.ReadFile(w.user()); !bytes.Equal(got, data) {
			t.Errorf("%s changed the file", args[0])
		}
	}
}
