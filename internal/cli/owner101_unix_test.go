//go:build unix

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTrust_AFileAnotherAccountOwnsIsRefusedNamingTheOwner: a project file
// owned by another account (found walking up from /tmp, say) was offered
// for trust, and trusted, like one's own; git refuses such a repository.
// `servers` names the owner, `trust` refuses it naming the owner and
// the flag, and --other-owner trusts it.
func TestTrust_AFileAnotherAccountOwnsIsRefusedNamingTheOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another account")
	}
	w := newCLIWorld(t)
	proj := w.dir
	file := filepath.Join(proj, ".switchboard.json")
	os.WriteFile(file, []byte(`{"mcpServers": {"x": {"command": "true"}}}`), 0o644)
	if err := os.Chown(file, 65534, 65534); err != nil {
		t.Skip(err)
	}
	_, out, _ := w.run("servers")
	if !strings.Contains(out, "the file is owned by uid 65534") || !strings.Contains(out, "switchboard trust --other-owner "+file) {
		t.Errorf("servers:\n%s\nwant the owner named, and --other-owner", out)
	}
	code, out, errs := w.run("trust", file)
	if code == 0 || !strings.Contains(errs, "not trusting "+file+": the file is owned by uid 65534") || !strings.Contains(errs, "switchboard trust --other-owner "+file) {
		t.Errorf("trust: exit %d\n%s%s\nwant a refusal naming the owner and --other-owner", code, out, errs)
	}
	if code, out, errs := w.run("trust", "--other-owner", file); code != 0 || !strings.Contains(out, "Trusted "+file) {
		t.Errorf("trust --other-owner: exit %d\n%s%s", code, out, errs)
	}
	// Its directory another's, the file one's own: the same.
	os.Chown(file, 0, 0)
	os.Chown(proj, 65534, 65534)
	os.WriteFile(file, []byte(`{"mcpServers": {"y": {"command": "true"}}}`), 0o644)
	if code, _, errs := w.run("trust", file); code == 0 || !strings.Contains(errs, "its directory is owned by uid 65534") {
		t.Errorf("trust: exit %d\n%s\nwant the directory's owner named", code, errs)
	}
}

// init in a directory another account owns: the project file it writes
// is ours, but trust refuses it for its directory; the note said to run
// plain `switchboard trust FILE`, and the servers' source was not said.
func TestInit_InADirectoryAnotherAccountOwnsSaysSo(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root to give a file to another account")
	}
	w := newCLIWorld(t)
	mcp := filepath.Join(w.dir, ".mcp.json")
	os.WriteFile(mcp, []byte(`{"mcpServers": {"x": {"command": "true"}}}`), 0o644)
	if err := os.Chown(mcp, 65534, 65534); err != nil {
		t.Skip(err)
	}
	os.Chown(w.dir, 65534, 65534)
	code, out, errs := w.run("init", "--agent", "claude")
	file := filepath.Join(w.dir, ".switchboard.json")
	for _, want := range []string{
		"warning: its servers came from " + mcp + ": the file is owned by uid 65534",
		"run: switchboard trust --other-owner " + file + " (its directory is owned by uid 65534",
	} {
		if !strings.Contains(out+errs, want) {
			t.Errorf("init: exit %d\n%s%s\nwant %q", code, out, errs, want)
		}
	}
}
