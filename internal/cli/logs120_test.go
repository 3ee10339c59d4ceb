//go:build unix

package cli

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/hub"
)

// userDBInWorkspaces makes a user server "db" (no cwd: it runs in each
// session's directory) that fails to start saying where it runs, and
// three workspaces beside w.dir: wsC a checkout (a .git) with a
// subdirectory sub, wsD a plain directory. It returns them.
func userDBInWorkspaces(t *testing.T, w *cliWorld) (wsC, sub, wsD string) {
	t.Helper()
	exe, _ := os.Executable()
	base := filepath.Dir(w.dir)
	wsC, wsD = filepath.Join(base, "wsC"), filepath.Join(base, "wsD")
	sub = filepath.Join(wsC, "sub")
	for _, d := range []string{filepath.Join(wsC, ".git"), sub, wsD} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w.write(w.user(), `{"mcpServers": {"db": {"command": "`+exe+`", "args": ["mark-user"], "env": {"SWITCHBOARD_FAKE_BACKEND": "echocwd"}}}}`)
	return wsC, sub, wsD
}

// A user server used in two workspaces (round 117's left-open item 5):
// its backends (one per directory) wrote one logs/db.log and records
// saying "user": true only, so `logs db` in C showed D's lines and
// records. Each line and record names its workspace now, and `logs db`
// shows the workspace's own; a session started in a subdirectory of a
// checkout is the checkout's; --all shows every workspace's.
func TestLogs_AUserServerUsedInTwoWorkspacesShowsEachItsOwn(t *testing.T) {
	w := newCLIWorld(t)
	wsC, sub, wsD := userDBInWorkspaces(t, w)
	h := daemonHub(t, w)
	for _, d := range []string{wsC, sub, wsD} {
		callIn(t, w, h, d, `return await db.echo({text: "hi"})`)
	}
	h.Close()

	inC, inSub, inD := "running in "+wsC+" ", "running in "+sub+" ", "running in "+wsD+" "
	for _, c := range []struct {
		dir        string
		args       []string
		want, hide []string
		note       bool
	}{
		{wsC, []string{"logs", "db"}, []string{inC, inSub}, []string{wsD}, true},
		{sub, []string{"logs", "db"}, []string{inC, inSub}, []string{wsD}, true},
		{wsD, []string{"logs", "db"}, []string{inD}, []string{wsC}, true},
		{wsD, []string{"logs", "--user", "db"}, []string{inD}, []string{wsC}, true},
		{w.dir, []string{"logs", "--project", wsC, "db"}, []string{inC, inSub}, []string{wsD}, true},
		{wsC, []string{"logs", "--all", "db"}, []string{inC, inSub, inD}, nil, false},
	} {
		code, out, errs := w.runIn(c.dir, c.args...)
		bad := code != 0 || !strings.Contains(out, "backend start failed")
		for _, s := range c.want {
			// Its stderr line and the daemon's record quoting it.
			bad = bad || strings.Count(out, s) < 2
		}
		for _, s := range c.hide {
			bad = bad || strings.Contains(out, s)
		}
		if c.note {
			bad = bad || !strings.Contains(errs, "not shown") || !strings.Contains(errs, "switchboard logs --all db")
			for _, s := range c.hide {
				bad = bad || !strings.Contains(errs, s)
			}
		} else {
			bad = bad || strings.Contains(errs, "not shown")
		}
		if bad {
			t.Errorf("%s in %s: exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(c.args, " "), c.dir, code, out, errs)
		}
	}

	// Every line of db.log and every record about db names a workspace.
	for line := range strings.SplitSeq(strings.TrimSpace(w.read(w.state("logs", "db.log"))), "\n") {
		if !strings.Contains(line, " workspace="+wsC+":") && !strings.Contains(line, " workspace="+sub+":") && !strings.Contains(line, " workspace="+wsD+":") {
			t.Errorf("a line of db.log names no workspace: %s", line)
		}
	}
	for line := range strings.SplitSeq(strings.TrimSpace(w.read(w.state("daemon.log"))), "\n") {
		if strings.Contains(line, `"server":"db"`) && !strings.Contains(line, `"workspace":"`) {
			t.Errorf("a record about a user server names no workspace: %s", line)
		}
	}
	// --json keeps it.
	_, out, _ := w.runIn(wsD, "logs", "--json", "db")
	for line := range strings.SplitSeq(strings.TrimSpace(out), "\n") {
		var m map[string]string
		if err := json.Unmarshal([]byte(line), &m); err != nil || m["workspace"] != wsD {
			t.Errorf("logs --json db in wsD: %s (%v)", line, err)
		}
	}
}

// Lines and records an earlier version wrote about a user server name no
// workspace: they may be any workspace's. They are shown, as round 117
// showed the records of a server by name only, with a note.
func TestLogs_AUserServersLinesOfEarlierVersionsAreShownWithANote(t *testing.T) {
	w := newCLIWorld(t)
	wsC, _, _ := userDBInWorkspaces(t, w)
	at := time.Now().UTC().Add(-time.Minute)
	w.write(w.state("logs", "db.log"), at.Format("2006-01-02T15:04:05.000Z07:00")+" stderr: fake: running in /elsewhere as mark-old\n")
	w.write(w.state("daemon.log"), `{"time":"`+at.Format(time.RFC3339Nano)+`","level":"WARN","msg":"backend start failed","server":"db","user":true,"error":"mark-old-record"}`+"\n")
	code, out, errs := w.runIn(wsC, "logs", "db")
	if code != 0 || !strings.Contains(out, "mark-old") || !strings.Contains(out, "mark-old-record") ||
		!strings.Contains(errs, "1 line of ") || !strings.Contains(errs, "1 record of ") || !strings.Contains(errs, "name no workspace") {
		t.Errorf("logs db: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
}

// `servers` showed a user server's status by name: in C, the row of the
// user's "db" showed the state and last error of its backend in D. Each
// entry names its workspace now, and a row shows its workspace's.
func TestServers_AUserServersStatusIsItsWorkspaces(t *testing.T) {
	w := newCLIWorld(t)
	wsC, sub, wsD := userDBInWorkspaces(t, w)
	h := daemonHub(t, w)
	for _, ws := range []string{wsC, wsD} {
		e, _, _ := w.envFor()
		sess, err := h.Open(context.Background(), &hub.SessionOptions{Workspace: ws, Env: e.environ(), Stderr: e.Stderr})
		if err != nil {
			t.Fatal(err)
		}
		defer sess.Close()
		sess.Server().Execute(context.Background(), `return await db.echo({text: "hi"})`, 0)
	}
	writeStatus(w.state(), h.Backends(), nil)
	defer removeStatus(w.state())
	for _, c := range []struct{ dir, mine, other string }{{wsC, wsC, wsD}, {sub, wsC, wsD}, {wsD, wsD, wsC}} {
		code, out, errs := w.runIn(c.dir, "servers", "--json")
		if code != 0 || !strings.Contains(out, "running in "+c.mine+" ") || strings.Contains(out, c.other) {
			t.Errorf("servers in %s: exit %d\nstdout:\n%s\nstderr:\n%s", c.dir, code, out, errs)
		}
	}
}
