package hub

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// relayConn is an in-memory backend that, during its calls, makes the
// requests and sends the notifications a real one would, through the
// handlers the pool gave it (backend.Options).
type relayConn struct {
	o     *backend.Options
	done  chan struct{}
	once  sync.Once
	calls atomic.Int64
	token atomic.Value // the progress token of the last call (string form)
	asked chan error   // the outcome of each "ask" call's elicitation (buffered)
	// holding gets a value as each "hold" call begins; the call returns
	// when release is closed.
	holding, release chan struct{}
}

func (c *relayConn) CallTool(ctx context.Context, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	c.calls.Add(1)
	text := func(s string) *mcp.CallToolResult {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
	}
	fail := func(err error) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: err.Error()}}}, nil
	}
	switch tool {
	case "ask":
		if c.o.Elicit == nil {
			return fail(fmt.Errorf("client declared no elicitation"))
		}
		res, err := c.o.Elicit(ctx, &mcp.ElicitRequest{Params: &mcp.ElicitParams{Message: "name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}}})
		c.asked <- err
		if err != nil {
			return fail(err)
		}
		return text(fmt.Sprintf("elicited %s %v", res.Action, res.Content["name"])), nil
	case "askstdio":
		// As a 2025-11-25 stdio backend's request reaches the pool: in
		// a context of its own, naming no call; asked once a hold call
		// is in flight too.
		<-c.holding
		res, err := c.o.Elicit(context.Background(), &mcp.ElicitRequest{Params: &mcp.ElicitParams{Message: "name?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"name": map[string]any{"type": "string"}}}}})
		c.asked <- err
		if err != nil {
			return fail(err)
		}
		return text(fmt.Sprintf("elicited %s %v", res.Action, res.Content["name"])), nil
	case "sample":
		if c.o.Sample == nil {
			return fail(fmt.Errorf("client declared no sampling"))
		}
		res, err := c.o.Sample(ctx, &mcp.CreateMessageRequest{Params: &mcp.CreateMessageParams{MaxTokens: 5, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "hi"}}}}})
		if err != nil {
			return fail(err)
		}
		return text("sampled " + res.Content.(*mcp.TextContent).Text), nil
	case "roots":
		if c.o.Roots == nil {
			return fail(fmt.Errorf("client declared no roots"))
		}
		res, err := c.o.Roots(ctx, &mcp.ListRootsRequest{})
		if err != nil {
			return fail(err)
		}
		var uris []string
		for _, r := range res.Roots {
			uris = append(uris, r.URI)
		}
		return text("roots " + strings.Join(uris, " ")), nil
	case "hold":
		c.holding <- struct{}{}
		select {
		case <-c.release:
		case <-ctx.Done():
		}
		return text("held"), nil
	case "work":
		tok := backend.ProgressToken(ctx)
		c.token.Store(fmt.Sprint(tok))
		if tok != nil {
			c.o.Progress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: 1, Total: 2, Message: "half way"})
		}
		c.o.Log(ctx, &mcp.LoggingMessageParams{Level: "warning", Logger: "inner", Data: "work log line"})
		return text("worked"), nil
	}
	return text(tool + " done"), nil
}

func (c *relayConn) ListTools(context.Context) ([]*mcp.Tool, error) {
	obj := map[string]any{"type": "object"}
	yes := true
	tools := []*mcp.Tool{{Name: "sample", InputSchema: obj}, {Name: "roots", InputSchema: obj}, {Name: "work", InputSchema: obj},
		{Name: "hold", InputSchema: obj}, {Name: "rm", InputSchema: obj, Annotations: &mcp.ToolAnnotations{DestructiveHint: &yes}}, {Name: "safe", InputSchema: obj}}
	if c.o.Elicit != nil { // like server-everything: only for clients that can answer
		tools = append(tools, &mcp.Tool{Name: "ask", InputSchema: obj}, &mcp.Tool{Name: "askstdio", InputSchema: obj})
	}
	return tools, nil
}
func (c *relayConn) Info() backend.Info    { return backend.Info{ServerName: "relay"} }
func (c *relayConn) Done() <-chan struct{} { return c.done }
func (c *relayConn) StderrTail(int) string { return "" }
func (c *relayConn) Close() error          { c.once.Do(func() { close(c.done) }); return nil }

type relayStarts struct {
	mu    sync.Mutex
	conns []*relayConn
}

func (s *relayStarts) start(ctx context.Context, spec *config.Server, o *backend.Options) (pool.Conn, error) {
	c := &relayConn{o: o, done: make(chan struct{}), asked: make(chan error, 100), holding: make(chan struct{}, 100), release: make(chan struct{})}
	s.mu.Lock()
	s.conns = append(s.conns, c)
	s.mu.Unlock()
	return c, nil
}

func (s *relayStarts) all() []*relayConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]*relayConn(nil), s.conns...)
}

// relayClient is a client session that declares what caps says and
// answers (and counts) the requests it gets.
type relayClient struct {
	cs                 *mcp.ClientSession
	elicits, samples   atomic.Int64
	answer             atomic.Value // elicitation action: "accept", "decline"
	mu                 sync.Mutex
	logs               []*mcp.LoggingMessageParams
	progress           []*mcp.ProgressNotificationParams
	logged, progressed chan struct{}
	lastElicit         atomic.Value  // message of the last elicitation
	block              atomic.Bool   // elicitation handler waits until cancelled
	blocked            chan struct{} // a blocked handler began
}

type caps struct{ sampling, elicitation, roots bool }

func newRelayHub(t *testing.T, cfg string) (*Hub, *relayStarts, string) {
	t.Helper()
	home := t.TempDir()
	user := filepath.Join(home, ".config", "switchboard", "config.json")
	if err := os.MkdirAll(filepath.Dir(user), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(user, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	cache, err := os.MkdirTemp("", "hub-cache-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(cache) })
	st := &relayStarts{}
	h, err := New(&Options{UserConfig: user, CacheDir: cache, StateDir: filepath.Join(home, "state"), Home: home, Start: st.start})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h, st, filepath.Join(home, "repo")
}

// proto is the protocol the test clients speak unless said otherwise:
// 2025-11-25, where the backend's requests become requests to the client.
const proto = "2025-11-25"

func openRelay(t *testing.T, h *Hub, id, ws string, cp caps) *relayClient {
	return openRelayAt(t, h, id, ws, cp, proto)
}

func openRelayAt(t *testing.T, h *Hub, id, ws string, cp caps, proto string) *relayClient {
	t.Helper()
	s, err := h.Open(context.Background(), &SessionOptions{ID: id, Workspace: ws, Env: map[string]string{"PATH": "/bin"}})
	if err != nil {
		t.Fatal(err)
	}
	ct, stt := mcp.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() { s.Serve(ctx, stt); close(served) }()
	rc := &relayClient{logged: make(chan struct{}, 100), progressed: make(chan struct{}, 100), blocked: make(chan struct{}, 10)}
	rc.answer.Store("accept")
	co := &mcp.ClientOptions{
		Capabilities: &mcp.ClientCapabilities{},
		LoggingMessageHandler: func(_ context.Context, r *mcp.LoggingMessageRequest) {
			rc.mu.Lock()
			rc.logs = append(rc.logs, r.Params)
			rc.mu.Unlock()
			rc.logged <- struct{}{}
		},
		ProgressNotificationHandler: func(_ context.Context, r *mcp.ProgressNotificationClientRequest) {
			rc.mu.Lock()
			rc.progress = append(rc.progress, r.Params)
			rc.mu.Unlock()
			rc.progressed <- struct{}{}
		},
	}
	if cp.elicitation {
		co.ElicitationHandler = func(ctx context.Context, r *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			rc.elicits.Add(1)
			if rc.block.Load() {
				rc.blocked <- struct{}{}
				<-ctx.Done()
				return nil, ctx.Err()
			}
			rc.lastElicit.Store(r.Params.Message)
			a := rc.answer.Load().(string)
			if a != "accept" {
				return &mcp.ElicitResult{Action: a}, nil
			}
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"name": "name-from-" + id, "allow": true}}, nil
		}
	}
	if cp.sampling {
		co.CreateMessageHandler = func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			rc.samples.Add(1)
			return &mcp.CreateMessageResult{Role: "assistant", Model: "m", Content: &mcp.TextContent{Text: "reply-from-" + id}}, nil
		}
	}
	if cp.roots {
		co.Capabilities.RootsV2 = &mcp.RootCapabilities{}
	}
	mc := mcp.NewClient(&mcp.Implementation{Name: "client-" + id, Version: "1"}, co)
	if cp.roots {
		mc.AddRoots(&mcp.Root{URI: "file:///roots/of/" + id})
	}
	cs, err := mc.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: proto})
	if err != nil {
		t.Fatal(err)
	}
	rc.cs = cs
	t.Cleanup(func() { cs.Close(); cancel(); <-served; s.Close() })
	return rc
}

func (rc *relayClient) exec(t *testing.T, script string, tok any) string {
	t.Helper()
	p := &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": script}}
	if tok != nil {
		p.SetProgressToken(tok)
	}
	res, err := rc.cs.CallTool(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n")
}

var allCaps = caps{true, true, true}

func TestRelay_RequestsGoOnlyToTheSessionWhoseCallCausedThem(t *testing.T) {
	h, st, ws := newRelayHub(t, `{"mcpServers": {"r": {"command": "r-cmd"}}}`)
	c1, c2 := openRelay(t, h, "s1", ws, allCaps), openRelay(t, h, "s2", ws, allCaps)
	if got := c1.exec(t, `return await r.ask({})`, nil); !strings.Contains(got, "elicited accept name-from-s1") {
		t.Fatalf("s1 ask: %s", got)
	}
	if got := c2.exec(t, `return await r.ask({})`, nil); !strings.Contains(got, "elicited accept name-from-s2") {
		t.Fatalf("s2 ask: %s", got)
	}
	if c1.elicits.Load() != 1 || c2.elicits.Load() != 1 {
		t.Errorf("elicitations: s1 %d, s2 %d; want 1 each (each to the session whose call caused it)", c1.elicits.Load(), c2.elicits.Load())
	}
	if got := c2.exec(t, `return await r.sample({})`, nil); !strings.Contains(got, "sampled reply-from-s2") {
		t.Fatalf("s2 sample: %s", got)
	}
	if c1.samples.Load() != 0 || c2.samples.Load() != 1 {
		t.Errorf("samplings: s1 %d, s2 %d; want 0, 1", c1.samples.Load(), c2.samples.Load())
	}
	if got := c1.exec(t, `return await r.roots({})`, nil); !strings.Contains(got, "file:///roots/of/s1") || strings.Contains(got, "s2") {
		t.Errorf("s1 roots: %s", got)
	}
	if n := len(st.all()); n != 1 {
		t.Errorf("%d backends for two sessions with the same capabilities, want 1 (shared)", n)
	}
	o := st.all()[0].o
	if o.Elicit == nil || o.Sample == nil || o.Roots == nil {
		t.Errorf("backend of capable sessions declared elicit %v, sample %v, roots %v; want all", o.Elicit != nil, o.Sample != nil, o.Roots != nil)
	}
}

func TestRelay_CapabilitiesAreInTheLaunchKey(t *testing.T) {
	h, st, ws := newRelayHub(t, `{"mcpServers": {"r": {"command": "r-cmd"}}}`)
	capable := openRelay(t, h, "s1", ws, allCaps)
	plain := openRelay(t, h, "s2", ws, caps{})
	capable.exec(t, `return await r.safe({})`, nil)
	got := plain.exec(t, `try { return await r.ask({}) } catch (e) { return "caught: " + e.message }`, nil)
	if !strings.Contains(got, "caught") || !strings.Contains(got, "r.ask") {
		t.Errorf("a client without elicitation: %s; want a caught error naming the tool", got)
	}
	if capable.elicits.Load() != 0 {
		t.Errorf("the other session was asked %d times", capable.elicits.Load())
	}
	conns := st.all()
	if len(conns) != 2 {
		t.Fatalf("%d backends for sessions with different capabilities, want 2", len(conns))
	}
	var declared []bool
	for _, c := range conns {
		declared = append(declared, c.o.Elicit != nil)
	}
	if declared[0] == declared[1] {
		t.Errorf("elicitation declared to the two backends: %v; want one with, one without", declared)
	}
	// The roots of a client without roots: the session's workspace.
	if got := plain.exec(t, `return await r.roots({})`, nil); strings.Contains(got, "file://") {
		t.Errorf("roots declared to a backend of a client without roots: %s", got)
	}
}

func TestRelay_ProgressAndLogsReachTheClient(t *testing.T) {
	h, st, ws := newRelayHub(t, `{"mcpServers": {"r": {"command": "r-cmd"}}}`)
	c1 := openRelay(t, h, "s1", ws, allCaps)
	c2 := openRelay(t, h, "s2", ws, allCaps)
	for _, c := range []*relayClient{c1, c2} {
		if err := c.cs.SetLoggingLevel(context.Background(), &mcp.SetLoggingLevelParams{Level: "info"}); err != nil {
			t.Fatalf("setLevel: %v", err)
		}
	}
	if got := c1.exec(t, `return await r.work({})`, "client-token-1"); !strings.Contains(got, "worked") {
		t.Fatalf("work: %s", got)
	}
	waitN := func(ch chan struct{}, n int, what string) {
		for range n {
			select {
			case <-ch:
			case <-time.After(10 * time.Second):
				t.Fatalf("no %s", what)
			}
		}
	}
	waitN(c1.progressed, 3, "3 progress notifications (started, the backend's, finished)")
	waitN(c1.logged, 1, "log message")
	c1.mu.Lock()
	var msgs []string
	last := 0.0
	for _, p := range c1.progress {
		if p.ProgressToken != "client-token-1" {
			t.Errorf("progress token %v, want the client's", p.ProgressToken)
		}
		if p.Progress <= last {
			t.Errorf("progress %v after %v: not increasing", p.Progress, last)
		}
		last = p.Progress
		msgs = append(msgs, p.Message)
	}
	lg := c1.logs[0]
	c1.mu.Unlock()
	joined := strings.Join(msgs, "|")
	for _, want := range []string{"r.work: started", "r.work: half way", "r.work: finished"} {
		if !strings.Contains(joined, want) {
			t.Errorf("progress messages %q lack %q", joined, want)
		}
	}
	if tok := st.all()[0].token.Load(); tok == "client-token-1" || tok == nil || tok == "<nil>" {
		t.Errorf("token sent to the backend %v: want our own, not the client's", tok)
	}
	if lg.Logger != "r" || lg.Level != "warning" || fmt.Sprint(lg.Data) != "work log line" {
		t.Errorf("log message %+v; want logger r, level warning", lg)
	}
	// The log of a call goes to its session only.
	c2.mu.Lock()
	n2 := len(c2.logs)
	c2.mu.Unlock()
	if n2 != 0 {
		t.Errorf("s2 got %d log messages of s1's call", n2)
	}
	// A message outside of any call goes to every session using the backend.
	st.all()[0].o.Log(context.Background(), &mcp.LoggingMessageParams{Level: "error", Data: "idle message"})
	waitN(c1.logged, 1, "idle log message at s1")
	waitN(c2.logged, 1, "idle log message at s2")
	// Below a session's level: not sent (the next message is the one above).
	if err := c2.cs.SetLoggingLevel(context.Background(), &mcp.SetLoggingLevelParams{Level: "error"}); err != nil {
		t.Fatal(err)
	}
	st.all()[0].o.Log(context.Background(), &mcp.LoggingMessageParams{Level: "info", Data: "too low"})
	st.all()[0].o.Log(context.Background(), &mcp.LoggingMessageParams{Level: "critical", Data: "high"})
	waitN(c2.logged, 1, "critical message at s2")
	c2.mu.Lock()
	defer c2.mu.Unlock()
	if got := fmt.Sprint(c2.logs[len(c2.logs)-1].Data); got != "high" {
		t.Errorf("s2's last log %q; the info message below its level was sent", got)
	}
}

// A backend's log message while calls of two sessions are in flight on it
// may be about either (stdio names no request): it reaches neither client
// (it went to both, so one session read the other's call's logs). While
// only one session's calls are in flight, it reaches that session only.
func TestRelay_ALogDuringCallsOfTwoSessionsReachesNeither(t *testing.T) {
	h, st, ws := newRelayHub(t, `{"mcpServers": {"r": {"command": "r-cmd"}}}`)
	c1, c2 := openRelay(t, h, "s1", ws, allCaps), openRelay(t, h, "s2", ws, allCaps)
	for _, c := range []*relayClient{c1, c2} {
		if err := c.cs.SetLoggingLevel(context.Background(), &mcp.SetLoggingLevelParams{Level: "debug"}); err != nil {
			t.Fatal(err)
		}
	}
	c1.exec(t, `return await r.safe({})`, nil) // starts the shared backend
	conn := st.all()[0]
	hold := func(cs ...*relayClient) {
		t.Helper()
		done := make(chan error, len(cs))
		for _, c := range cs {
			go func() {
				_, err := c.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": `return await r.hold({})`}})
				done <- err
			}()
		}
		for range cs {
			select {
			case <-conn.holding:
			case <-time.After(10 * time.Second):
				t.Fatal("no hold call began")
			}
		}
		conn.o.Log(context.Background(), &mcp.LoggingMessageParams{Level: "error", Data: "whose is this?"})
		conn.release <- struct{}{} // unblocks one; close would end the backend's later holds
		for range len(cs) - 1 {
			conn.release <- struct{}{}
		}
		for range cs {
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		}
	}
	count := func(c *relayClient) int {
		c.mu.Lock()
		defer c.mu.Unlock()
		return len(c.logs)
	}
	hold(c1, c2)
	time.Sleep(200 * time.Millisecond)
	if n1, n2 := count(c1), count(c2); n1 != 0 || n2 != 0 {
		t.Errorf("a log during calls of s1 and s2 reached s1 %d times, s2 %d times; want neither", n1, n2)
	}
	hold(c1, c1)
	select {
	case <-c1.logged:
	case <-time.After(10 * time.Second):
		t.Fatal("a log during two calls of s1 did not reach s1")
	}
	time.Sleep(200 * time.Millisecond)
	if n2 := count(c2); n2 != 0 {
		t.Errorf("a log during s1's calls reached s2 %d times", n2)
	}
}

func TestRelay_DestructiveToolConfirmation(t *testing.T) {
	h, st, ws := newRelayHub(t, `{"settings": {"confirm": "destructive"}, "mcpServers": {"r": {"command": "r-cmd"}}}`)
	c := openRelay(t, h, "s1", ws, allCaps)
	if got := c.exec(t, `return await r.rm({path: "/x"})`, nil); !strings.Contains(got, "rm done") {
		t.Fatalf("accepted: %s", got)
	}
	if c.elicits.Load() != 1 {
		t.Fatalf("%d confirmations asked, want 1", c.elicits.Load())
	}
	if m, _ := c.lastElicit.Load().(string); !strings.Contains(m, "rm") || !strings.Contains(m, `"r"`) || !strings.Contains(m, `/x`) {
		t.Errorf("confirmation message %q does not name tool, server and arguments", m)
	}
	c.answer.Store("decline")
	got := c.exec(t, `try { await r.rm({}); return "ran" } catch (e) { return "caught: " + e.message }`, nil)
	if !strings.Contains(got, "caught: r.rm") || !strings.Contains(got, "declined") {
		t.Errorf("declined: %s", got)
	}
	c.exec(t, `return await r.safe({})`, nil) // not destructive: no question
	if c.elicits.Load() != 2 {
		t.Errorf("%d confirmations, want 2 (none for a tool that is not destructive)", c.elicits.Load())
	}
	calls := st.all()[0].calls.Load()
	if calls != 2 {
		t.Errorf("%d backend calls, want 2 (the declined call never went out)", calls)
	}
	plain := openRelay(t, h, "s2", ws, caps{})
	got = plain.exec(t, `try { await r.rm({}); return "ran" } catch (e) { return "caught: " + e.message }`, nil)
	if !strings.Contains(got, "caught: r.rm") || !strings.Contains(got, "elicitation") {
		t.Errorf("no elicitation capability: %s", got)
	}
}

// A 2026-07-28 client gets the backend's requests as input_required
// results; the script waits and resumes with the answers, never re-run.
func TestRelay_MultiRoundTripResumesTheScript(t *testing.T) {
	h, st, ws := newRelayHub(t, `{"settings": {"confirm": ["rm"]}, "mcpServers": {"r": {"command": "r-cmd"}}}`)
	c1 := openRelayAt(t, h, "s1", ws, allCaps, "2026-07-28")
	c2 := openRelayAt(t, h, "s2", ws, allCaps, "2026-07-28")
	got := c1.exec(t, `const a = await r.safe({}); const b = await r.ask({}); const c = await r.sample({}); const d = await r.rm({}); return [a, b, c, d]`, nil)
	for _, want := range []string{"safe done", "elicited accept name-from-s1", "sampled reply-from-s1", "rm done"} {
		if !strings.Contains(got, want) {
			t.Errorf("result %s lacks %q", got, want)
		}
	}
	if n := st.all()[0].calls.Load(); n != 4 {
		t.Errorf("%d backend calls, want 4: the script was re-run", n)
	}
	if c1.elicits.Load() != 2 || c1.samples.Load() != 1 || c2.elicits.Load() != 0 {
		t.Errorf("s1 elicits %d (want 2: ask and the confirmation), samples %d (want 1); s2 elicits %d (want 0)", c1.elicits.Load(), c1.samples.Load(), c2.elicits.Load())
	}
}

func TestRelay_ScriptProgressAndConsoleReachTheClient(t *testing.T) {
	h, _, ws := newRelayHub(t, `{"mcpServers": {"r": {"command": "r-cmd"}}}`)
	c := openRelay(t, h, "s1", ws, allCaps)
	if err := c.cs.SetLoggingLevel(context.Background(), &mcp.SetLoggingLevelParams{Level: "info"}); err != nil {
		t.Fatal(err)
	}
	got := c.exec(t, `await progress("step one", {progress: 5, total: 10}); await progress("step two"); progress("not awaited"); console.log("hello from the script"); return 1`, "tok")
	if !strings.HasPrefix(got, "1") || strings.Contains(got, "cancelled") {
		t.Fatalf("result: %s", got)
	}
	for range 2 {
		select {
		case <-c.progressed:
		case <-time.After(10 * time.Second):
			t.Fatal("no progress from progress()")
		}
	}
	select {
	case <-c.logged:
	case <-time.After(10 * time.Second):
		t.Fatal("no log message of console.log")
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	p := c.progress[0]
	if p.Message != "script: step one" || p.Progress != 5 || p.Total != 10 || p.ProgressToken != "tok" {
		t.Errorf("progress %+v", p)
	}
	if c.progress[1].Progress <= 5 {
		t.Errorf("second progress %v: not increasing", c.progress[1].Progress)
	}
	if l := c.logs[0]; l.Logger != "script" || l.Level != "info" || !strings.Contains(fmt.Sprint(l.Data), "hello from the script") {
		t.Errorf("log %+v", l)
	}
}

// The tools a session sees follow its own capabilities, also when another
// session's backend (and cache) has a different list.
func TestRelay_ToolListFollowsTheSessionsCapabilities(t *testing.T) {
	h, _, ws := newRelayHub(t, `{"mcpServers": {"r": {"command": "r-cmd"}}}`)
	list := func(c *relayClient) string {
		res, err := c.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "list_tools", Arguments: map[string]any{"servers": []string{"r"}}})
		if err != nil {
			t.Fatal(err)
		}
		return res.Content[0].(*mcp.TextContent).Text
	}
	capable := openRelay(t, h, "s1", ws, allCaps)
	if got := list(capable); !strings.Contains(got, "ask(") {
		t.Errorf("capable session's declarations lack ask: %s", got)
	}
	plain := openRelay(t, h, "s2", ws, caps{})
	if got := list(plain); strings.Contains(got, "ask(") || !strings.Contains(got, "safe(") {
		t.Errorf("plain session's declarations: %s; want safe, not ask", got)
	}
	again := openRelay(t, h, "s3", ws, allCaps)
	if got := list(again); !strings.Contains(got, "ask(") {
		t.Errorf("a second capable session's declarations lack ask: %s", got)
	}
}

// Cancelling an execute whose script waits for the user's answer stops
// the script and its backend call. (At 2026-07-28 the client answers
// between requests and a client that gives up simply never retries: the
// paused call then ends at the script's timeout; nothing else tells us.)
func TestRelay_CancelWhileTheClientIsAsked(t *testing.T) {
	for _, proto := range []string{"2025-11-25"} {
		t.Run(proto, func(t *testing.T) {
			h, st, ws := newRelayHub(t, `{"mcpServers": {"r": {"command": "r-cmd"}}}`)
			c := openRelayAt(t, h, "s1", ws, allCaps, proto)
			c.block.Store(true)
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() {
				c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": `return await r.ask({})`}})
				close(done)
			}()
			select {
			case <-c.blocked:
			case <-time.After(10 * time.Second):
				t.Fatal("the client was never asked")
			}
			cancel()
			select {
			case err := <-st.all()[0].asked:
				if err == nil {
					t.Error("the backend's elicitation succeeded after the client cancelled")
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the backend call did not end after the client cancelled")
			}
			<-done
		})
	}
}

// A 2026-07-28 backend's input requests come in its answer to one call,
// and the SDK asks them with that call's context (as relayConn does).
// With calls of two sessions in flight on the shared backend, such a
// request was refused ("2 calls are in flight and the request names none
// of them"): two scripts that each called a remote 2026-07-28 tool that
// elicits, or one script calling two at once, failed. It now goes to the
// call whose context it carries.
func TestRelay_RequestInItsCallsContextGoesToThatCallAmongSeveral(t *testing.T) {
	h, st, ws := newRelayHub(t, `{"mcpServers": {"r": {"command": "r-cmd"}}}`)
	c1, c2 := openRelay(t, h, "s1", ws, allCaps), openRelay(t, h, "s2", ws, allCaps)
	c1.exec(t, `return await r.safe({})`, nil) // starts the shared backend
	conn := st.all()[0]
	done := make(chan error, 1)
	go func() {
		_, err := c1.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": `return await r.hold({})`}})
		done <- err
	}()
	select {
	case <-conn.holding:
	case <-time.After(10 * time.Second):
		t.Fatal("no hold call began")
	}
	if got := c2.exec(t, `return await r.ask({})`, nil); !strings.Contains(got, "elicited accept name-from-s2") {
		t.Errorf("s2 ask while s1's call is in flight: %s", got)
	}
	if got := c2.exec(t, `return await Promise.all([r.ask({}), r.ask({})])`, nil); strings.Count(got, "elicited accept name-from-s2") != 2 {
		t.Errorf("two asks of s2 at once while s1's call is in flight: %s", got)
	}
	if c1.elicits.Load() != 0 {
		t.Errorf("s1 got %d elicitations of s2's calls", c1.elicits.Load())
	}
	conn.release <- struct{}{}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// Round one hundred and nineteen: a stdio backend's elicitation (which
// names no call) while two calls of one script were in flight on it was
// refused ("2 calls are in flight and the request names none of them").
// The calls of one execute now take it together: it reaches that
// session's client. Calls of two executes, of one session or two, still
// leave it ambiguous: refused.
func TestRelay_AStdioRequestDuringCallsOfOneScriptReachesItsClient(t *testing.T) {
	h, st, ws := newRelayHub(t, `{"mcpServers": {"r": {"command": "r-cmd"}}}`)
	c1, c2 := openRelay(t, h, "s1", ws, allCaps), openRelay(t, h, "s2", ws, allCaps)
	c1.exec(t, `return await r.safe({})`, nil) // starts the shared backend
	conn := st.all()[0]
	out := make(chan string, 1)
	go func() {
		res, err := c1.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": `return await Promise.all([r.hold({}), r.askstdio({})])`}})
		if err != nil {
			out <- err.Error()
			return
		}
		out <- fmt.Sprint(res.Content[0].(*mcp.TextContent).Text)
	}()
	if err := <-conn.asked; err != nil {
		t.Errorf("the elicitation during two calls of one script: %v", err)
	}
	conn.release <- struct{}{}
	if got := <-out; !strings.Contains(got, "elicited accept name-from-s1") || !strings.Contains(got, "held") {
		t.Errorf("the script got %s", got)
	}
	for i, asker := range []*relayClient{c1, c2} {
		done := make(chan error, 1)
		go func() {
			_, err := c1.cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": `return await r.hold({})`}})
			done <- err
		}()
		got := asker.exec(t, `return await r.askstdio({})`, nil)
		if err := <-conn.asked; err == nil || !strings.Contains(got, "cannot be relayed: 2 calls are in flight") {
			t.Errorf("s%d's elicitation during a call of another execute: %v, the script got %s", i+1, err, got)
		}
		conn.release <- struct{}{}
		if err := <-done; err != nil {
			t.Fatal(err)
		}
	}
	if n := c1.elicits.Load() + c2.elicits.Load(); n != 1 {
		t.Errorf("the clients got %d elicitations, want 1", n)
	}
}

// A session's declared capabilities only grow: a 2026-07-28 client's
// requests carry its capabilities, and requests alternating them (or two
// stateless clients of serve --http, which share a session) had the
// session's backends stopped and started again at each request, 50
// processes for 50 calls of the built binary.
func TestSession_CapabilitiesThatAlternateDoNotRestartBackends(t *testing.T) {
	f := newFixture(t, `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	c := f.open("s", f.home) // 2025-11-25, no relayable capability: each request relaunches with none
	if got := c.execute(t, `return await a.echo({})`); !strings.Contains(got, "a-cmd") {
		t.Fatalf("execute: %s", got)
	}
	for i := range 4 {
		c.s.relaunch(pool.CapElicitation) // as a request declaring elicitation would
		if got := c.execute(t, `return await a.echo({})`); !strings.Contains(got, "a-cmd") {
			t.Fatalf("execute %d: %s", i, got)
		}
	}
	if n := len(f.starts.of("a-cmd")); n != 2 {
		t.Errorf("a-cmd started %d times, want 2: once as first declared, once with elicitation added", n)
	}
}
