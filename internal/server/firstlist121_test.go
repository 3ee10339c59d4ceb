package server

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// A backend that starts and never answers tools/list was "still
// starting: … call list_tools again in a few seconds" to every
// list_tools, for ever (each began a new listing after the last timed
// out), and a model called again and again; execute said why. Once a
// listing has failed, list_tools says so, with why, while the next one
// runs (round 121).
func TestListTools_AServerWhoseListingFailedIsNotStillStarting(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		src := slowSource{release: make(chan struct{})} // "slow" never answers
		specs := map[string]*config.Server{"slow": {Name: "slow", Type: config.Stdio, Command: "cmd-slow", Source: "test.json"}}
		cat := catalog.New(specs, src, &catalog.Options{FetchTimeout: 5 * time.Second})
		s := New(Options{Catalog: cat, Caller: src, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
		list := func() string {
			out, err := s.listTools(withListWait(context.Background(), &listWait{wait: firstListWait}), ListArgs{Servers: []string{"slow"}}, 0)
			if err != nil {
				t.Fatal(err)
			}
			return out
		}
		if out := list(); !strings.Contains(out, "// slow: still starting") {
			t.Fatalf("the first listing, 3 s in:\n%s", out)
		}
		time.Sleep(3 * time.Second) // the listing times out at 5 s
		synctest.Wait()
		out := list()
		if strings.Contains(out, "still starting") || !strings.Contains(out, "// slow: unavailable: its tool list did not come: ") || !strings.Contains(out, "being listed again") {
			t.Errorf("after a listing timed out:\n%s", out)
		}
		close(src.release)
		synctest.Wait()
		if out := list(); !strings.Contains(out, "function slow_tool(") {
			t.Errorf("after it answered:\n%s", out)
		}
	})
}
