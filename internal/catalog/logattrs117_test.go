package catalog

import (
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// The catalog's records about a server (here: its cache file is
// unreadable) named it only, one name for a server "db" of every
// workspace on the daemon. They name its project now, or the user.
func TestCatalog_RecordsAboutAServerNameItsProjectOrTheUser(t *testing.T) {
	for project, want := range map[string]string{
		"/ws/c/.switchboard.json": `"server":"db","project":"/ws/c/.switchboard.json"`,
		"":                        `"server":"db","user":true`,
	} {
		dir := t.TempDir()
		spec := &config.Server{Name: "db", Type: config.Stdio, Command: "db", Project: project}
		var c Catalog
		c.opts.CacheDir = dir
		if err := os.WriteFile(c.cachePath("db", Key(spec)), []byte("{not json"), 0o600); err != nil {
			t.Fatal(err)
		}
		var buf logtest.Buffer
		New(map[string]*config.Server{"db": spec}, nil, &Options{CacheDir: dir, Logger: slog.New(slog.NewJSONHandler(&buf, nil))})
		if !strings.Contains(buf.String(), "ignoring unreadable catalog cache") || !strings.Contains(buf.String(), want) {
			t.Errorf("project %q: the log lacks %s:\n%s", project, want, buf.String())
		}
	}
}
