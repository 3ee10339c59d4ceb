package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// add, remove and disable on a config that starts with two byte-order
// marks say so and the fix, and leave the file as it was: they said
// "line 1, column 4: invalid character '\ufeff' at start of value"
// (rounds 107 and 110).
func TestAdd_TwoByteOrderMarksAreSaidAndTheFileUnchanged(t *testing.T) {
	w := newCLIWorld(t)
	data := []byte("\uFEFF\uFEFF" + `{"mcpServers": {"a": {"command": "echo"}}}`)
	w.write(w.user(), string(data))
	for _, args := range [][]string{{"add", "b", "--", "echo"}, {"remove", "a"}, {"disable", "a"}, {"servers"}} {
		code, out, errOut := w.run(args...)
		if code == 0 || !strings.Contains(errOut, w.user()+": the file starts with 2 byte-order marks") || !strings.Contains(errOut, "sed -i") {
			t.Errorf("%s: exit %d\n%s%s", args[0], code, out, errOut)
		}
		if got, _ := os.ReadFile(w.user()); !bytes.Equal(got, data) {
			t.Errorf("%s changed the file", args[0])
		}
	}
}
