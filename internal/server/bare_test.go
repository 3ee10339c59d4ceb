package server

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/script"
)

// bareBackends is richBackends with a listing per server.
type bareBackends struct {
	*richBackends
	by map[string]catalog.Listing
}

func (f *bareBackends) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	f.richBackends.mu.Lock()
	f.lists++
	f.richBackends.mu.Unlock()
	l := f.by[server]
	return &l, nil
}

// newBareServer serves the servers of specs, each listing richListing
// (or its entry in listings), to one client.
func newBareServer(t *testing.T, specs map[string]*config.Server, listings map[string]catalog.Listing) (*Server, *bareBackends, *mcp.ClientSession) {
	t.Helper()
	fb := &bareBackends{richBackends: &richBackends{}, by: map[string]catalog.Listing{}}
	for n := range specs {
		fb.by[n] = richListing
		if l, ok := listings[n]; ok {
			fb.by[n] = l
		}
	}
	var s *Server
	cat := catalog.New(specs, fb, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	ct, stt := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.MCP().Connect(ctx, stt, nil)
	if err != nil {
		t.Fatal(err)
	}
	// 2025-11-25, as the conformance suite: resources/subscribe is relayed
	// at once (2026-07-28 clients subscribe with subscriptions/listen).
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	return s, fb, cs
}

func toolNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, tl := range res.Tools {
		out = append(out, tl.Name)
	}
	slices.Sort(out)
	return out
}

func TestBare_ServesTheBackendsOwnNames(t *testing.T) {
	_, fb, cs := newBareServer(t, map[string]*config.Server{
		"media": {Name: "media", Type: config.Stdio, Command: "x", Expose: []string{"*"}, ExposeAs: config.ExposeBare},
		"other": {Name: "other", Type: config.Stdio, Command: "y"},
	}, nil)
	ctx := context.Background()
	// The first tools/list learns the exposed server's tools: they are
	// there at once, under the backend's own names.
	if got, want := toolNames(t, cs), []string{"execute", "link", "list_tools", "text", "tiny-image"}; !slices.Equal(got, want) {
		t.Fatalf("tools %v, want %v", got, want)
	}
	if out, isErr := call(t, cs, "text", nil); isErr || out != `{"n":1}` {
		t.Errorf("text: %q (isError %v)", out, isErr)
	}
	call(t, cs, "list_tools", map[string]any{"servers": []any{"other"}}) // other's lists become known
	if got := resourceURIs(t, cs); !slices.Contains(got, "file:///a.txt") || !slices.Contains(got, "switchboard://other/file:///a.txt") || slices.Contains(got, "switchboard://media/file:///a.txt") {
		t.Errorf("resources %v: want media's bare, other's prefixed", got)
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "file:///a.txt"})
	if err != nil || len(rr.Contents) != 1 || rr.Contents[0].URI != "file:///a.txt" || rr.Contents[0].Text != "hello" {
		t.Fatalf("read file:///a.txt: %+v, %v", rr, err)
	}
	rr, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "notes://n/7"}) // media's template
	if err != nil || rr.Contents[0].Text != "note 7" || rr.Contents[0].URI != "notes://n/7" {
		t.Fatalf("read notes://n/7: %+v, %v", rr, err)
	}
	if got := promptNames(t, cs); !slices.Contains(got, "explain") || !slices.Contains(got, "other__explain") {
		t.Errorf("prompts %v: want explain (media) and other__explain", got)
	}
	if _, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "explain", Arguments: map[string]string{"topic": "owls"}}); err != nil {
		t.Fatal(err)
	}
	// A URI no server listed goes to the one bare server.
	if err := cs.Subscribe(ctx, &mcp.SubscribeParams{URI: "test://watched"}); err != nil {
		t.Fatal(err)
	}
	if err := cs.Unsubscribe(ctx, &mcp.UnsubscribeParams{URI: "test://watched"}); err != nil {
		t.Fatal(err)
	}
	want := []string{"media read file:///a.txt", "media read notes://n/7", "media get explain owls", "media subscribe test://watched", "media unsubscribe test://watched"}
	if !slices.Equal(fb.calls, want) {
		t.Errorf("backend calls %v, want %v", fb.calls, want)
	}
	// An unknown name is a tool error, as the backend alone answers it;
	// nothing reaches the backend.
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "test_simple_text"})
	if err != nil || !res.IsError || !strings.Contains(res.Content[0].(*mcp.TextContent).Text, `server "media" has no tool "test_simple_text"`) {
		t.Errorf("unknown tool: %+v, %v; want an isError result naming the server", res, err)
	}
	if len(fb.calls) != len(want) {
		t.Errorf("the unknown tool reached the backend: %v", fb.calls)
	}
}

func TestBare_AClashExposesNeither(t *testing.T) {
	withExecute := richListing
	withExecute.Tools = append(slices.Clone(richListing.Tools), &mcp.Tool{Name: "execute", Description: "Not ours.", InputSchema: schema(``)})
	s, _, cs := newBareServer(t, map[string]*config.Server{
		"media": {Name: "media", Type: config.Stdio, Command: "x", Expose: []string{"*"}, ExposeAs: config.ExposeBare},
		"other": {Name: "other", Type: config.Stdio, Command: "y", Expose: []string{"*"}, ExposeAs: config.ExposeBare},
	}, map[string]catalog.Listing{"other": withExecute})
	if got, want := toolNames(t, cs), []string{"execute", "list_tools"}; !slices.Equal(got, want) {
		t.Fatalf("tools %v, want only the meta-tools: every bare name clashes", got)
	}
	if got := resourceURIs(t, cs); slices.Contains(got, "file:///a.txt") {
		t.Errorf("resources %v: a URI two bare servers list is offered by neither", got)
	}
	if got := promptNames(t, cs); slices.Contains(got, "explain") {
		t.Errorf("prompts %v: explain clashes", got)
	}
	st := s.status(context.Background())
	joined := strings.Join(st.Clashes, "\n")
	for _, w := range []string{`tool "text" not exposed: the servers "media" and "other"`, `tool "execute" not exposed: the servers "other" and "switchboard (meta-tool)"`, `resource "file:///a.txt"`, `prompt "explain"`} {
		if !strings.Contains(joined, w) {
			t.Errorf("status clashes %q: want %q", joined, w)
		}
	}
	// Our execute is still ours.
	if out, isErr := call(t, cs, "execute", map[string]any{"script": "return 1+1"}); isErr || out != "2" {
		t.Errorf("execute: %q %v", out, isErr)
	}
	b, _ := json.Marshal(st)
	if !strings.Contains(string(b), `"clashes"`) {
		t.Errorf("status JSON %s: want clashes", b)
	}
}

// slowLists is bareBackends whose ListTools waits for release.
type slowLists struct {
	*bareBackends
	release chan struct{}
}

func (f *slowLists) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	<-f.release
	return f.bareBackends.ListTools(ctx, server)
}

func TestLearnExposed_MetaToolsDoNotWaitForIt(t *testing.T) {
	fb := &slowLists{&bareBackends{richBackends: &richBackends{}, by: map[string]catalog.Listing{"media": richListing}}, make(chan struct{})}
	specs := map[string]*config.Server{"media": {Name: "media", Type: config.Stdio, Command: "x", Expose: []string{"*"}, ExposeAs: config.ExposeBare}}
	var s *Server
	cat := catalog.New(specs, fb, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	ctx := context.Background()
	cs := connectMem(t, s)
	listed := make(chan []string)
	go func() { // waits for media's tool list
		res, err := cs.ListTools(ctx, nil)
		var names []string
		if err == nil {
			for _, tl := range res.Tools {
				names = append(names, tl.Name)
			}
		}
		listed <- names
	}()
	// While media's list is pending, execute answers (it would hang here
	// if it waited for the list: the list is released only after).
	if out, isErr := call(t, cs, "execute", map[string]any{"script": "return 6*7"}); isErr || out != "42" {
		t.Errorf("execute: %q %v", out, isErr)
	}
	close(fb.release)
	if names := <-listed; !slices.Contains(names, "text") {
		t.Errorf("tools/list %v: want media's tools, learned before the answer", names)
	}
}

// An execute's timeout bounds the whole call: a script naming a server
// whose tool list never comes fails at its timeout, saying so, instead
// of waiting for the list and then running for its timeout again.
func TestExecute_TimeoutCoversLearningToolLists(t *testing.T) {
	fb := &slowLists{&bareBackends{richBackends: &richBackends{}, by: map[string]catalog.Listing{"media": richListing}}, make(chan struct{})}
	t.Cleanup(func() { close(fb.release) })
	specs := map[string]*config.Server{"media": {Name: "media", Type: config.Stdio, Command: "x"}}
	cat := catalog.New(specs, fb, nil)
	s := New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	done := make(chan script.Result, 1)
	go func() { done <- s.Execute(context.Background(), "return await media.show({})", 300*time.Millisecond) }()
	select {
	case res := <-done:
		if res.Err == nil || res.Err.Kind != script.KindTimeout || !strings.Contains(res.Err.Message, "before it ran: it names media, whose tool list did not come") {
			t.Errorf("execute = %+v %v, want a timeout naming media's tool list", res, res.Err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("execute with a 300 ms timeout still waits for a tool list after 10 s")
	}
}
