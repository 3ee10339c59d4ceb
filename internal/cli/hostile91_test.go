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

// Round ninety-one: with neither HOME nor XDG_STATE_HOME an absolute
// path, the commands that read state without the hub put it in the
// working directory: `token --rotate` wrote the http bearer token to
// ./http-token (in a repository checkout, where it can be committed),
// `pins` made ./pins.json.lock, `logs` read ./logs. Each refuses now,
// as the commands that build a hub did, and writes nothing.
func TestNoStateDir_NothingIsWrittenInTheWorkingDirectory(t *testing.T) {
	w := newCLIWorld(t)
	w.env = map[string]string{} // no HOME, no XDG_*
	t.Chdir(w.dir)              // a relative path is the process's working directory's
	for _, args := range [][]string{
		{"token"}, {"token", "--rotate"}, {"pins"}, {"trust", "--list"}, {"logs"},
		{"serve", "--http", "127.0.0.1:0"}, {"plugins", "trust"},
	} {
		code, _, errOut := w.run(args...)
		if code == 0 || !strings.Contains(errOut, "no directory for Switchboard's state") || !strings.Contains(errOut, "set HOME") {
			t.Errorf("%q: exit %d, stderr %q; want it refused, saying to set HOME", args, code, errOut)
		}
	}
	ents, err := os.ReadDir(w.dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		t.Errorf("%s was written in the working directory", e.Name())
	}
}
