//go:build unix

package cli

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// logs -f of a user server says, once, that lines of its backends in
// other workspaces came in and are not shown: round 120 said what it
// left out when it started, and skipped what came later without a word
// (its left-open item; round 121).
func TestLogs_FollowSaysOnceThatOtherWorkspacesLinesAreSkipped(t *testing.T) {
	w := newCLIWorld(t)
	base := filepath.Dir(w.dir)
	wsC, wsD := filepath.Join(base, "wsC"), filepath.Join(base, "wsD")
	for _, d := range []string{filepath.Join(wsC, ".git"), wsD} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	w.write(w.user(), `{"mcpServers": {"db": {"command": "db-mcp"}}}`)
	ts := time.Now().UTC().Format("2006-01-02T15:04:05.000Z07:00")
	line := func(ws, msg string) string { return ts + " stderr workspace=" + ws + ": " + msg + "\n" }
	log := w.state("logs", "db.log")
	w.write(log, line(wsC, "mine-1"))
	appendLine := func(s string) {
		f, err := os.OpenFile(log, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString(s)
		f.Close()
	}

	e, _, _ := w.envFor("logs", "-f", "db")
	e.Dir = wsC
	var out, errs logtest.Buffer
	e.Stdout, e.Stderr = &out, &errs
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan int)
	go func() { done <- Main(ctx, e) }()
	waitFor := func(b *logtest.Buffer, want string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for !strings.Contains(b.String(), want) {
			if time.Now().After(deadline) {
				cancel()
				t.Fatalf("never printed %q:\nstdout:\n%s\nstderr:\n%s", want, out.String(), errs.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitFor(&out, "mine-1")
	if strings.Contains(errs.String(), "not shown") {
		t.Fatalf("a note before any other workspace's line:\n%s", errs.String())
	}
	appendLine(line(wsD, "theirs-1") + line(wsC, "mine-2"))
	waitFor(&out, "mine-2")
	waitFor(&errs, `lines of the user server "db" from its backends in other workspaces came in and are not shown`)
	appendLine(line(wsD, "theirs-2") + line(wsC, "mine-3"))
	waitFor(&out, "mine-3")
	appendLine(line(wsC, "mine-4"))
	waitFor(&out, "mine-4")
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
	if n := strings.Count(errs.String(), "came in and are not shown"); n != 1 || !strings.Contains(errs.String(), "switchboard logs -f --all db") {
		t.Errorf("the note said %d times, or without the command:\n%s", n, errs.String())
	}
	if strings.Contains(out.String(), "theirs") {
		t.Errorf("another workspace's line shown:\n%s", out.String())
	}
}
