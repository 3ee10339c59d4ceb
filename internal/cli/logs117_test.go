//go:build unix

package cli

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/hub"
)

// daemonHub is one hub writing its records to state/daemon.log as the
// daemon does (log/slog JSON), for sessions opened in several
// workspaces, as one per-user daemon serves them.
func daemonHub(t *testing.T, w *cliWorld) *hub.Hub {
	t.Helper()
	if err := os.MkdirAll(w.state(), 0o700); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(w.state("daemon.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	e, _, _ := w.envFor()
	log := slog.New(slog.NewJSONHandler(&wholeLines{w: f}, nil))
	h, err := hub.New(e.hubOptions(e.paths(&configFlags{}), stackOptions{inProcessScripts: true}, log))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h
}

// callIn opens a session of h in dir, runs script and closes it.
func callIn(t *testing.T, w *cliWorld, h *hub.Hub, dir, script string) {
	t.Helper()
	e, _, _ := w.envFor()
	sess, err := h.Open(context.Background(), &hub.SessionOptions{Workspace: dir, Env: e.environ(), Stderr: e.Stderr})
	if err != nil {
		t.Fatal(err)
	}
	sess.Server().Execute(context.Background(), script, 0)
	sess.Close()
}

// failingDB makes a trusted project in dir whose server "db" fails to
// start, printing mark on its stderr (which the pool's "backend start
// failed" record quotes).
func failingDB(t *testing.T, w *cliWorld, dir, mark string) {
	t.Helper()
	exe, _ := os.Executable()
	w.write(filepath.Join(dir, config.ProjectFile), `{"mcpServers": {"db": {"command": "`+exe+`", "args": ["`+mark+`"], "env": {"SWITCHBOARD_FAKE_BACKEND": "echoargs"}}}}`)
	w.mustRun("trust", filepath.Join(dir, config.ProjectFile))
}

// Two workspaces on one daemon, each with a server "db" that fails to
// start: `switchboard logs db` in one merged the daemon's records about
// every "db" (round 116, left open), so C's `backend start failed`
// quoted D's stderr. The records now name the project that defines the
// server, and `logs db` shows the working directory's only.
func TestLogs_TheDaemonsRecordsAboutAProjectsServerAreThatProjectsOnly(t *testing.T) {
	w := newCLIWorld(t)
	base := filepath.Dir(w.dir)
	wsC, wsD := filepath.Join(base, "wsC"), filepath.Join(base, "wsD")
	failingDB(t, w, wsC, "mark-wsC")
	failingDB(t, w, wsD, "mark-wsD")
	h := daemonHub(t, w)
	callIn(t, w, h, wsC, `return await db.echo({text: "hi"})`)
	callIn(t, w, h, wsD, `return await db.echo({text: "hi"})`)
	h.Close()

	daemonLog := w.read(w.state("daemon.log"))
	if !strings.Contains(daemonLog, "mark-wsC") || !strings.Contains(daemonLog, "mark-wsD") {
		t.Fatalf("daemon.log lacks the start failures:\n%s", daemonLog)
	}
	for ws, mine := range map[string]string{wsC: "mark-wsC", wsD: "mark-wsD"} {
		other := map[string]string{"mark-wsC": "mark-wsD", "mark-wsD": "mark-wsC"}[mine]
		for _, run := range [][]string{{"logs", "db"}, {"logs", "--json", "db"}} {
			code, out, errs := w.runIn(ws, run...)
			if code != 0 || !strings.Contains(out, "backend start failed") || !strings.Contains(out, mine) || strings.Contains(out, other) || strings.Contains(out, filepath.Base(map[string]string{"mark-wsC": wsD, "mark-wsD": wsC}[mine])+"/") {
				t.Errorf("%s in %s: exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(run, " "), ws, code, out, errs)
			}
		}
		code, out, errs := w.runIn(w.dir, "logs", "--project", ws, "db")
		if code != 0 || !strings.Contains(out, "backend start failed") || !strings.Contains(out, mine) || strings.Contains(out, other) {
			t.Errorf("logs --project %s db: exit %d\nstdout:\n%s\nstderr:\n%s", ws, code, out, errs)
		}
	}
	// Each record about a project's server names the project.
	for line := range strings.SplitSeq(strings.TrimSpace(daemonLog), "\n") {
		if strings.Contains(line, `"server":"db"`) && !strings.Contains(line, `"project":"`) {
			t.Errorf("a record about a project's server names no project: %s", line)
		}
	}
}

// A user server's records name it as the user's: `logs db` where the
// user config's db applies and `logs --user db` show them, and a
// project's db of the same name (an entry of the user config's
// "projects") is kept apart both ways.
func TestLogs_TheDaemonsRecordsAboutAUserServerShowUnderTheUserConfig(t *testing.T) {
	w := newCLIWorld(t)
	exe, _ := os.Executable()
	wsP := filepath.Join(filepath.Dir(w.dir), "wsP")
	if err := os.MkdirAll(wsP, 0o755); err != nil {
		t.Fatal(err)
	}
	db := func(mark string) string {
		return `{"command": "` + exe + `", "args": ["` + mark + `"], "env": {"SWITCHBOARD_FAKE_BACKEND": "echoargs"}}`
	}
	w.write(w.user(), `{"mcpServers": {"db": `+db("mark-user")+`}, "projects": {"`+wsP+`": {"mcpServers": {"db": `+db("mark-wsP")+`}}}}`)
	h := daemonHub(t, w)
	callIn(t, w, h, w.dir, `return await db.echo({text: "hi"})`)
	callIn(t, w, h, wsP, `return await db.echo({text: "hi"})`)
	h.Close()

	for _, c := range []struct {
		dir  string
		args []string
		mine string
	}{
		{w.dir, []string{"logs", "db"}, "mark-user"},
		// The user server ran in w.dir, not in P: since round 120 its
		// lines and records are that workspace's, --all shows them in P.
		{wsP, []string{"logs", "--user", "--all", "db"}, "mark-user"},
		{wsP, []string{"logs", "db"}, "mark-wsP"},
		{w.dir, []string{"logs", "--project", wsP, "db"}, "mark-wsP"},
	} {
		other := map[string]string{"mark-user": "mark-wsP", "mark-wsP": "mark-user"}[c.mine]
		code, out, errs := w.runIn(c.dir, c.args...)
		if code != 0 || !strings.Contains(out, "backend start failed") || !strings.Contains(out, c.mine) || strings.Contains(out, other) {
			t.Errorf("%s in %s: exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(c.args, " "), c.dir, code, out, errs)
		}
	}
}

// Records an earlier version wrote name a server by its name only: they
// may be any workspace's. They are not shown with a project's server,
// which says they are there and how to see them; with the user's (or
// where no project's server of that name has a log) they are shown, as
// logs/SERVER.log's older lines are, with a note saying what they are.
func TestLogs_TheDaemonsRecordsOfEarlierVersionsAreShownOnlyWithANote(t *testing.T) {
	w := newCLIWorld(t)
	ws := filepath.Join(filepath.Dir(w.dir), "wsOld")
	failingDB(t, w, ws, "mark-new")
	old := `{"time":"` + time.Now().UTC().Add(-time.Minute).Format(time.RFC3339Nano) + `","level":"WARN","msg":"backend start failed","server":"db","failures":1,"error":"backend \"db\" exited (exit status 1): fake: argument mark-old"}` + "\n"
	w.write(w.state("daemon.log"), old)

	code, out, errs := w.runIn(ws, "logs", "db")
	if code != 0 || strings.Contains(out, "mark-old") || !strings.Contains(errs, "1 record") || !strings.Contains(errs, "switchboard logs --user db") {
		t.Errorf("logs db in a project: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	for _, c := range []struct {
		dir  string
		args []string
	}{{ws, []string{"logs", "--user", "db"}}, {w.dir, []string{"logs", "db"}}} {
		code, out, errs := w.runIn(c.dir, c.args...)
		if code != 0 || !strings.Contains(out, "mark-old") || !strings.Contains(errs, "earlier") {
			t.Errorf("%s in %s: exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(c.args, " "), c.dir, code, out, errs)
		}
	}
}

// `switchboard servers` shows the state, pid and last error of running
// serve processes' backends, which the daemon publishes in
// state/status/PID.json keyed by server name: in project C the row of
// C's "db" showed the status of D's "db", its last error quoting D's
// stderr. Each entry names its project now, and a row shows only its
// own definition's status.
func TestServers_TheStatusOfAnotherProjectsServerOfOneNameIsNotShown(t *testing.T) {
	w := newCLIWorld(t)
	base := filepath.Dir(w.dir)
	wsC, wsD := filepath.Join(base, "wsC"), filepath.Join(base, "wsD")
	failingDB(t, w, wsC, "mark-wsC")
	failingDB(t, w, wsD, "mark-wsD")
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
	for ws, mine := range map[string]string{wsC: "mark-wsC", wsD: "mark-wsD"} {
		other := map[string]string{"mark-wsC": "mark-wsD", "mark-wsD": "mark-wsC"}[mine]
		code, out, errs := w.runIn(ws, "servers", "--json")
		if code != 0 || !strings.Contains(out, mine) || strings.Contains(out, other) {
			t.Errorf("servers in %s: exit %d\nstdout:\n%s\nstderr:\n%s", ws, code, out, errs)
		}
	}
}
