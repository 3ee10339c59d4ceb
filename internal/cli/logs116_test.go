//go:build unix

package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// runIn runs switchboard args with dir as the working directory.
func (w *cliWorld) runIn(dir string, args ...string) (int, string, string) {
	e, out, errb := w.envFor(args...)
	e.Dir = dir
	code := Main(context.Background(), e)
	return code, out.String(), errb.String()
}

// twoProjectsWithDB makes two trusted projects beside w.dir, each with a
// server "db" (the fake backend, its argument the project's mark), and
// runs a call of each so that both write their logs.
func twoProjectsWithDB(t *testing.T, w *cliWorld) (wsC, wsD string) {
	t.Helper()
	exe, _ := os.Executable()
	base := filepath.Dir(w.dir)
	for _, name := range []string{"wsC", "wsD"} {
		ws := filepath.Join(base, name)
		w.write(filepath.Join(ws, config.ProjectFile), `{"mcpServers": {"db": {"command": "`+exe+`", "args": ["mark-`+name+`"], "env": {"SWITCHBOARD_FAKE_BACKEND": "normal"}}}}`)
		w.mustRun("trust", filepath.Join(ws, config.ProjectFile))
		e, _, _ := w.envFor()
		e.Dir = ws
		st, err := e.openStack(&configFlags{}, false, stackOptions{inProcessScripts: true})
		if err != nil {
			t.Fatal(err)
		}
		res := st.srv.Execute(context.Background(), `return await db.echo({text: "hi"})`, 0)
		st.Close()
		if res.Err != nil {
			t.Fatalf("%s: script: %v", name, res.Err)
		}
	}
	return filepath.Join(base, "wsC"), filepath.Join(base, "wsD")
}

// Two workspaces each with a server "db": `switchboard logs db` in one
// showed the other's lines too (round 115, case 8), both written to
// logs/db.log. Each project's server now has its own file, and `logs db`
// shows the one of the working directory's project; `--project` picks
// one from elsewhere.
func TestLogs_EachProjectsServerOfOneNameHasItsOwnLog(t *testing.T) {
	w := newCLIWorld(t)
	wsC, wsD := twoProjectsWithDB(t, w)
	if _, err := os.Stat(w.state("logs", "db.log")); err == nil {
		t.Errorf("a project's server wrote the shared %s", w.state("logs", "db.log"))
	}
	for ws, mine := range map[string]string{wsC: "mark-wsC", wsD: "mark-wsD"} {
		other := map[string]string{"mark-wsC": "mark-wsD", "mark-wsD": "mark-wsC"}[mine]
		code, out, errs := w.runIn(ws, "logs", "db")
		if code != 0 || !strings.Contains(out, mine) || strings.Contains(out, other) {
			t.Errorf("logs db in %s: exit %d\nstdout:\n%s\nstderr:\n%s", ws, code, out, errs)
		}
		code, out, errs = w.runIn(w.dir, "logs", "--project", ws, "db")
		if code != 0 || !strings.Contains(out, mine) || strings.Contains(out, other) {
			t.Errorf("logs --project %s db: exit %d\nstdout:\n%s\nstderr:\n%s", ws, code, out, errs)
		}
	}
	// From a subdirectory of a project, as servers and doctor find it.
	sub := filepath.Join(wsC, "src", "pkg")
	os.MkdirAll(sub, 0o755)
	if code, out, errs := w.runIn(sub, "logs", "db"); code != 0 || !strings.Contains(out, "mark-wsC") || strings.Contains(out, "mark-wsD") {
		t.Errorf("logs db in %s: exit %d\nstdout:\n%s\nstderr:\n%s", sub, code, out, errs)
	}
	// Without a SERVER, every file, each line saying whose it is.
	out := w.mustRun("logs")
	if !strings.Contains(out, "mark-wsC") || !strings.Contains(out, "mark-wsD") || !strings.Contains(out, " db@") {
		t.Errorf("logs:\n%s", out)
	}
}

// Where no server of the name is configured, and projects' servers of
// that name have logs, `logs db` says which files there are, whose each
// is, and how to pick one: it neither mixes them nor says "no logs".
func TestLogs_AServerNameOfSeveralProjectsIsNamedWithTheWayToPickOne(t *testing.T) {
	w := newCLIWorld(t)
	wsC, wsD := twoProjectsWithDB(t, w)
	code, out, errs := w.runIn(w.dir, "logs", "db")
	if code == 0 || strings.Contains(out, "mark-ws") {
		t.Errorf("logs db with no server db here: exit %d\nstdout:\n%s", code, out)
	}
	for _, want := range []string{
		filepath.Base(backend.LogFileFor(w.state("logs"), &config.Server{Name: "db", Project: config.ProjectKey(filepath.Join(wsC, config.ProjectFile))})),
		filepath.Base(backend.LogFileFor(w.state("logs"), &config.Server{Name: "db", Project: config.ProjectKey(filepath.Join(wsD, config.ProjectFile))})),
		config.ProjectKey(filepath.Join(wsC, config.ProjectFile)),
		config.ProjectKey(filepath.Join(wsD, config.ProjectFile)),
		"switchboard logs --project ",
	} {
		if !strings.Contains(errs, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errs)
		}
	}
}

// Logs written before a project's server had its own file are in
// logs/SERVER.log: still read, never removed. `logs --user db` shows
// that file, and `logs db` in a project whose db has written nothing of
// its own yet says where the older lines are.
func TestLogs_TheSharedLogOfEarlierVersionsIsStillRead(t *testing.T) {
	w := newCLIWorld(t)
	exe, _ := os.Executable()
	ws := filepath.Join(filepath.Dir(w.dir), "wsOld")
	w.write(filepath.Join(ws, config.ProjectFile), `{"mcpServers": {"db": {"command": "`+exe+`"}}}`)
	w.mustRun("trust", filepath.Join(ws, config.ProjectFile))
	old := w.state("logs", "db.log")
	w.write(old, time.Now().UTC().Format("2006-01-02T15:04:05.000Z07:00")+" stderr: an old line\n")

	code, out, errs := w.runIn(ws, "logs", "db")
	if code != 0 || strings.Contains(out, "an old line") || !strings.Contains(errs, old) || !strings.Contains(errs, "switchboard logs --user db") {
		t.Errorf("logs db in a project with only an old shared log: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if code, out, errs := w.runIn(ws, "logs", "--user", "db"); code != 0 || !strings.Contains(out, "an old line") {
		t.Errorf("logs --user db: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	// From a directory with no server db, the one file there is, the
	// user-level one, is shown as before.
	if code, out, errs := w.runIn(w.dir, "logs", "db"); code != 0 || !strings.Contains(out, "an old line") {
		t.Errorf("logs db elsewhere: exit %d\nstdout:\n%s\nstderr:\n%s", code, out, errs)
	}
	if _, err := os.Stat(old); err != nil {
		t.Errorf("the old log: %v", err)
	}
}
