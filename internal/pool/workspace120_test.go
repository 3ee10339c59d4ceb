package pool

import (
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// A user server without cwd runs in each session's directory, one
// backend per directory: its launch names that workspace in the records
// and status about it (round 120), so that `logs` and `servers` in one
// workspace tell it from its backend in another. A user server with its
// own cwd, or a remote one, is one backend for every workspace ("*"); a
// project's server is named by its project.
func TestLaunch_AUserServerNamesTheWorkspaceItRunsFor(t *testing.T) {
	for _, c := range []struct {
		name string
		spec config.Server
		want string
	}{
		{"user, no cwd", config.Server{Name: "db", Type: config.Stdio, Command: "db"}, "/w/C"},
		{"user, its own cwd", config.Server{Name: "db", Type: config.Stdio, Command: "db", Cwd: "/srv"}, config.AnyWorkspace},
		{"user, remote", config.Server{Name: "db", Type: config.HTTP, URL: "https://db.example"}, config.AnyWorkspace},
		{"project", config.Server{Name: "db", Type: config.Stdio, Command: "db", Project: "/w/C/.switchboard.json"}, ""},
	} {
		l := NewLaunch(&c.spec, &LaunchOptions{Workspace: "/w/C"})
		if got := l.raw.LogWorkspace(); got != c.want {
			t.Errorf("%s: LogWorkspace = %q, want %q", c.name, got, c.want)
		}
		attrs := l.raw.LogAttrs()
		has := false
		for i := 0; i+1 < len(attrs); i += 2 {
			if attrs[i] == "workspace" {
				has = attrs[i+1] == c.want
			}
		}
		if has != (c.want != "") {
			t.Errorf("%s: LogAttrs = %v", c.name, attrs)
		}
		if c.spec.Workspace != "" {
			t.Errorf("%s: NewLaunch changed the config's spec", c.name)
		}
	}
	p := New(nil)
	defer p.Close()
	spec := &config.Server{Name: "db", Type: config.Stdio, Command: "db"}
	p.Use("s1", NewLaunch(spec, &LaunchOptions{Session: "s1", Workspace: "/w/C"}))
	p.Use("s2", NewLaunch(spec, &LaunchOptions{Session: "s2", Workspace: "/w/D"}))
	var got []string
	for _, s := range p.Status() {
		got = append(got, s.Workspace)
	}
	if len(got) != 2 || got[0] == got[1] || (got[0] != "/w/C" && got[0] != "/w/D") || (got[1] != "/w/C" && got[1] != "/w/D") {
		t.Errorf("statuses' workspaces = %q, want /w/C and /w/D", got)
	}
}
