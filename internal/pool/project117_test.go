package pool

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// lockedBuffer is a bytes.Buffer a logger writes to from the pool's
// goroutines while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) records(t *testing.T) []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for line := range strings.SplitSeq(strings.TrimSpace(l.b.String()), "\n") {
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("a record that is not JSON: %q", line)
		}
		out = append(out, m)
	}
	return out
}

// The pool's records about a backend (a failed start, the stop of one no
// session uses) named its server only: a project's "db" and another
// project's "db" on one daemon were one name in daemon.log, and `logs db`
// showed both. Each names its definition now: the project, or the user.
func TestPool_RecordsAboutABackendNameItsProjectOrTheUser(t *testing.T) {
	var log lockedBuffer
	p := New(&Options{
		Backend: backend.Options{Logger: slog.New(slog.NewJSONHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))},
		Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
			return nil, errors.New("cannot start " + spec.Args[0])
		},
	})
	defer p.Close()
	specs := map[string]*config.Server{
		"/w/C/.switchboard.json": {Name: "db", Type: config.Stdio, Command: "db", Args: []string{"C"}, Project: "/w/C/.switchboard.json"},
		"/w/D/.switchboard.json": {Name: "db", Type: config.Stdio, Command: "db", Args: []string{"D"}, Project: "/w/D/.switchboard.json"},
		"":                       {Name: "db", Type: config.Stdio, Command: "db", Args: []string{"user"}},
	}
	for _, spec := range specs {
		l := NewLaunch(spec, nil)
		p.Use("s1", l)
		if _, err := p.CallTool(context.Background(), &Call{Session: "s1", Server: "db", Launch: l, Tool: "q"}); err == nil {
			t.Fatalf("a call of %s started", spec.Args[0])
		}
		p.Release("s1", "db", l.Key)
	}
	failed := map[string]string{}
	for _, r := range log.records(t) {
		if r["server"] != "db" {
			continue
		}
		project, hasProject := r["project"].(string)
		if !hasProject && r["user"] != true {
			t.Errorf("a record about db names neither its project nor the user: %v", r)
		}
		if r["msg"] == "backend start failed" {
			failed[project] = r["error"].(string)
		}
	}
	for project, spec := range specs {
		if !strings.Contains(failed[project], "cannot start "+spec.Args[0]) {
			t.Errorf("the failed start of the db of %q: %q", project, failed[project])
		}
	}
}

// Two projects' servers with the same launch (command, arguments, env
// and one absolute cwd) shared one backend (round 116, left open): its
// stderr went to the log of the project that started it, its records
// named that project, and the other project's sessions used a process
// started for another project's definition (and its state, such as a
// memory server's). A launch is now also its definition's project: one
// backend per project, and the user's servers apart from both.
func TestLaunch_ServersOfTwoProjectsWithOneLaunchAreTwoBackends(t *testing.T) {
	spec := func(project string) *config.Server {
		return &config.Server{Name: "db", Type: config.Stdio, Command: "db", Cwd: "/srv/db", Project: project}
	}
	c := NewLaunch(spec("/w/C/.switchboard.json"), &LaunchOptions{Workspace: "/w/C"})
	d := NewLaunch(spec("/w/D/.switchboard.json"), &LaunchOptions{Workspace: "/w/D"})
	u := NewLaunch(spec(""), &LaunchOptions{Workspace: "/w/C"})
	if c.Key == d.Key || c.Key == u.Key || d.Key == u.Key {
		t.Errorf("keys: C %s, D %s, user %s: want three", c.Short(), d.Short(), u.Short())
	}
	// The same project's server in two sessions (two agents in one
	// workspace, or a subdirectory of it) is still one backend.
	if again := NewLaunch(spec("/w/C/.switchboard.json"), &LaunchOptions{Workspace: "/w/C/src"}); again.Key != c.Key {
		t.Errorf("the same project's launch in a subdirectory: %s, want %s", again.Short(), c.Short())
	}
}
