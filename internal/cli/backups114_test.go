package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round one hundred and fourteen: a file where the backups directory
// should be (under the state directory, which is there) failed add,
// remove and init with `backup of …/config.json: mkdir …/backups: not a
// directory`, saying neither that the config is unchanged nor what to
// do; round fifty's hint covers a file in place of the state directory
// itself, not of a directory in it. Both are said now.
func TestAdd_AFileWhereTheBackupsDirectoryShouldBeIsSaidWithTheFix(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {"a": {"command": "echo"}}}`)
	state := filepath.Join(w.env["XDG_STATE_HOME"], "switchboard")
	if err := os.MkdirAll(state, 0o700); err != nil {
		t.Fatal(err)
	}
	inTheWay := filepath.Join(state, "backups")
	w.write(inTheWay, "")
	before, _ := os.ReadFile(w.user())
	for _, args := range [][]string{{"add", "b", "--", "echo"}, {"remove", "a"}} {
		code, out, errOut := w.run(args...)
		if code == 0 {
			t.Fatalf("%s with a file for the backups directory: exit 0\n%s%s", args[0], out, errOut)
		}
		for _, want := range []string{"is unchanged", inTheWay + " is a file, not a directory", "mv "} {
			if !strings.Contains(errOut, want) {
				t.Errorf("%s: %q does not say %q", args[0], errOut, want)
			}
		}
		if got, _ := os.ReadFile(w.user()); !bytes.Equal(got, before) {
			t.Errorf("%s changed the config", args[0])
		}
	}
}
