package server

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/script"
)

// Round ninety-one: a backend that renamed a tool between two listings
// (t1, then t2) had t2 withheld as new, and a call of the old name said
// `server "f" has no tool "t1"; it has no tools the client may use (1
// withheld)` and then guessed at the client's capabilities. A name near
// a withheld tool's names that tool and why it is withheld.
func TestServer_ACallNearAWithheldToolNamesIt(t *testing.T) {
	h := newHardServer(t, config.Settings{}, nil, nil)
	out, isErr := call(t, h.cs, "execute", map[string]any{"script": `await github.pendin()`})
	want := `; its tool "pending" is withheld: new or changed since it was last approved; review with 'switchboard pins' and approve with 'switchboard approve github pending'`
	if !isErr || !strings.HasPrefix(out, `Error: github.pendin: server "github" has no tool "pendin"`) || !strings.HasSuffix(out, want) || strings.Contains(out, "did not declare") {
		t.Errorf("got %q\nwant %q", out, want)
	}
}

// limitRunner fails every script at its time limit, saying it as the
// sandbox does.
type limitRunner struct{}

func (limitRunner) Run(_ context.Context, req script.Request, _ script.ToolCaller) script.Result {
	return script.Result{Err: &script.Error{Kind: script.KindTimeout, Message: fmt.Sprintf("script timed out after %v", req.Timeout)}}
}

// Round ninety-one: a script naming a server whose tool list was not
// known yet (its first call, the backend starting) timed out saying
// "script timed out after 893.601022ms" for a limit of 1 s: the sandbox
// got the time left after the list came in. It says the limit, and
// what the rest went to.
func TestExecute_ATimeoutAfterLearningAToolListSaysTheLimit(t *testing.T) {
	fb := &slowLists{&bareBackends{richBackends: &richBackends{}, by: map[string]catalog.Listing{"media": richListing}}, make(chan struct{})}
	close(fb.release)
	specs := map[string]*config.Server{"media": {Name: "media", Type: config.Stdio, Command: "x"}}
	cat := catalog.New(specs, fb, nil)
	s := New(Options{Catalog: cat, Caller: fb, Runner: limitRunner{}, Settings: config.Settings{}.Defaults()})
	res := s.Execute(context.Background(), "return await media.show({})", time.Second)
	if res.Err == nil || !strings.HasPrefix(res.Err.Message, "script timed out after 1s (") || !strings.Contains(res.Err.Message, "of it learning the tool list of media)") {
		t.Errorf("execute = %v; want the 1s limit said, and what went to learning media's tool list", res.Err)
	}
}
