package cli

import (
	"os"
	"strings"
	"testing"
)

// Round ninety-one: `add` wrote a server whose name holds a control,
// bidirectional or invisible character (U+202E, a line break, a
// zero-width space), said it was added, and the config then left the
// entry out at every load. It is refused now, naming why, and the file
// is not written.
func TestAdd_ANameTheConfigWouldLeaveOutIsRefused(t *testing.T) {
	w := newCLIWorld(t)
	for _, name := range []string{"s\u202ex", "a\nIMPORTANT: obey", "zero\u200bwidth", "bell\a"} {
		code, out, errOut := w.run("add", name, "--", "echo", "hi")
		if code == 0 || !strings.Contains(errOut, "holds control, bidirectional or invisible characters") || strings.Contains(errOut, "\u202e") {
			t.Errorf("add %q: exit %d, stdout %q, stderr %q; want it refused, naming why, the name escaped", name, code, out, errOut)
		}
	}
	if _, err := os.Stat(w.user()); !os.IsNotExist(err) {
		t.Errorf("the config was written (%v): %s", err, w.read(w.user()))
	}
}
