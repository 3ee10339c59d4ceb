package server

import (
	"log/slog"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// The server's records about a backend's resources (here: one whose URI
// does not parse, not offered) named the server only: a server "db" of
// one workspace was one name with another workspace's in the daemon's
// log. They name its project now, or the user.
func TestServer_RecordsAboutAServerNameItsProjectOrTheUser(t *testing.T) {
	for project, want := range map[string]string{
		"/ws/c/.switchboard.json": `"server":"db","project":"/ws/c/.switchboard.json"`,
		"":                        `"server":"db","user":true`,
	} {
		var logged logtest.Buffer
		fb := &fakeBackends{tools: map[string][]*mcp.Tool{}}
		cat := catalog.New(map[string]*config.Server{"db": {Name: "db", Type: config.Stdio, Command: "db", Project: project}}, fb, nil)
		s := New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults(), Logger: slog.New(slog.NewJSONHandler(&logged, nil))})
		cat.Apply("db", &catalog.Listing{Resources: []*mcp.Resource{{URI: "", Name: "nameless"}}})
		s.syncResources()
		if !strings.Contains(logged.String(), "resource not offered") || !strings.Contains(logged.String(), want) {
			t.Errorf("project %q: the log lacks %s:\n%s", project, want, logged.String())
		}
	}
}
