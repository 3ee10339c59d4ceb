package agentconf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round one hundred and fourteen: init --undo after an agent file init
// moved servers out of was deleted refused the whole undo (nothing
// changed, rightly: the servers would be lost from both files) and ended
// "fix or remove those entries and run init --undo again", which says
// nothing of a deleted file; restoring the file from its backup is the
// fix, and the message gives the command now. The command does what it
// says: after it, undo goes through and the servers are back.
func TestUndo_ADeletedAgentFileIsSaidWithTheCommandThatRestoresIt(t *testing.T) {
	w := newWorld(t)
	w.env["XDG_CONFIG_HOME"] = filepath.Join(w.home, ".config")
	cursor := filepath.Join(w.home, ".cursor", "mcp.json")
	const orig = `{"mcpServers": {"fs": {"command": "echo"}}}`
	w.write(cursor, orig, 0o644)
	o := w.opts(User)
	o.Agents = []string{"cursor"}
	w.initOnce(o)
	if err := os.Remove(cursor); err != nil {
		t.Fatal(err)
	}
	_, err := Undo(o)
	if !errors.Is(err, ErrUndoConflict) {
		t.Fatalf("undo after the agent file was deleted: %v, want a conflict", err)
	}
	msg := err.Error()
	i := strings.Index(msg, "cp ")
	if i < 0 {
		t.Fatalf("the conflict gives no command to restore the file:\n%s", msg)
	}
	cmd := strings.Fields(strings.TrimRight(strings.SplitN(msg[i:], ")", 2)[0], ")"))
	if len(cmd) != 3 || cmd[2] != cursor {
		t.Fatalf("the command %q does not restore %s:\n%s", cmd, cursor, msg)
	}
	if strings.Contains(msg, "fix or remove those entries") {
		t.Errorf("the conflict still asks to fix or remove entries of a file that is gone:\n%s", msg)
	}
	data, err := os.ReadFile(cmd[1])
	if err != nil {
		t.Fatalf("the command's backup: %v", err)
	}
	w.write(cursor, string(data), 0o644) // the command, run
	if _, err := Undo(o); err != nil {
		t.Fatalf("undo after the file was restored as told: %v", err)
	}
	if got := w.read(cursor); got != orig {
		t.Errorf("after undo:\n%s\nwant the file as it was:\n%s", got, orig)
	}
}
