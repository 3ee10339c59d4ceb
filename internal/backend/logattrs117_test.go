package backend

import (
	"context"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// A backend's records in the daemon's log (here: junk on its stdout)
// named its server only, so a server "db" of one workspace was one name
// with another's. They name its project now, and a user server's say
// it is the user's.
func TestStart_TheBackendsRecordsNameItsProjectOrTheUser(t *testing.T) {
	for project, want := range map[string]string{
		"/ws/c/.switchboard.json": `"server":"db","project":"/ws/c/.switchboard.json"`,
		"":                        `"server":"db","user":true`,
	} {
		var buf logtest.Buffer
		spec := fakeSpec(t, "junk")
		spec.Name, spec.Project = "db", project
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		b, err := Start(ctx, spec, &Options{Env: os.Environ(), Reaper: reaper(t), Logger: slog.New(slog.NewJSONHandler(&buf, nil))})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		b.Close()
		var junk string
		for line := range strings.SplitSeq(buf.String(), "\n") {
			if strings.Contains(line, "backend wrote junk to stdout") {
				junk = line
			}
		}
		if !strings.Contains(junk, want) {
			t.Errorf("project %q: the junk record %q lacks %s; log:\n%s", project, junk, want, buf.String())
		}
	}
}
