package front

import (
	"context"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/time/rate"
)

const testToken = "s3cret-token"

// fakeSession is an MCP server with an echo tool and a tool that waits
// for release.
type fakeSession struct {
	srv    *mcp.Server
	closed atomic.Bool
	w      *world
}

func (s *fakeSession) MCP() *mcp.Server { return s.srv }

// Close ends the MCP sessions of s, unless its world is hubLike.
func (s *fakeSession) Close() error {
	if !s.closed.Swap(true) && s.w != nil {
		s.w.mu.Lock()
		s.w.live--
		s.w.mu.Unlock()
	}
	if s.w != nil && s.w.panicClose.Load() {
		panic("a bug closing the session")
	}
	if s.w != nil && s.w.hubLike {
		return nil
	}
	for ss := range s.srv.Sessions() {
		ss.Close()
	}
	return nil
}

type world struct {
	t      testing.TB
	f      *Front
	url    string
	mu     sync.Mutex
	opened []*fakeSession
	// live is how many sessions are open (opened, not closed), most the
	// most that ever were at once.
	live, most int
	// hubLike: a session's Close leaves its MCP sessions, as a hub
	// session's does (the SDK's handler ends them: DELETE, timeout).
	hubLike bool
	// panicClose: a session's Close panics (once it counted the close).
	panicClose atomic.Bool
	started    chan struct{} // a wait call began
	release    chan struct{}
	cancel     context.CancelFunc
	done       chan error
}

type echoIn struct {
	Text string `json:"text"`
}

func newWorld(t testing.TB, o Options) *world {
	w := &world{t: t, started: make(chan struct{}, 8), release: make(chan struct{})}
	o.Open = func(ctx context.Context) (Session, error) {
		srv := mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1"}, nil)
		mcp.AddTool(srv, &mcp.Tool{Name: "echo"}, func(ctx context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
		})
		mcp.AddTool(srv, &mcp.Tool{Name: "wait"}, func(ctx context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
			w.started <- struct{}{}
			<-w.release
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "finished"}}}, nil, nil
		})
		srv.AddPrompt(&mcp.Prompt{Name: "p", Arguments: []*mcp.PromptArgument{{Name: "a"}}}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "p"}}}}, nil
		})
		s := &fakeSession{srv: srv, w: w}
		w.mu.Lock()
		w.opened = append(w.opened, s)
		w.live++
		w.most = max(w.most, w.live)
		w.mu.Unlock()
		return s, nil
	}
	f, err := New(&o)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	w.f = f
	w.url = "http://" + ln.Addr().String() + Path
	ctx, cancel := context.WithCancel(context.Background())
	w.cancel = cancel
	w.done = make(chan error, 1)
	go func() { w.done <- f.Serve(ctx, ln) }()
	t.Cleanup(func() {
		select {
		case <-w.release:
		default:
			close(w.release)
		}
		w.stop()
	})
	return w
}

func (w *world) stop() error {
	w.cancel()
	return <-w.done
}

// headerTransport adds headers to every request.
type headerTransport struct{ h http.Header }

func (t headerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	for k, v := range t.h {
		r.Header[k] = v
	}
	return http.DefaultTransport.RoundTrip(r)
}

func (w *world) connect(version string, h http.Header) (*mcp.ClientSession, error) {
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	// No standalone event stream: it would reconnect at times, and
	// cannot once a shutdown has closed the listener.
	t := &mcp.StreamableClientTransport{Endpoint: w.url, HTTPClient: &http.Client{Transport: headerTransport{h}}, MaxRetries: -1, DisableStandaloneSSE: true}
	return c.Connect(context.Background(), t, &mcp.ClientSessionOptions{ProtocolVersion: version})
}

func bearer(tok string) http.Header { return http.Header{"Authorization": {"Bearer " + tok}} }

func echo(t *testing.T, cs *mcp.ClientSession, text string) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": text}})
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Content[0].(*mcp.TextContent).Text; got != text {
		t.Fatalf("echo answered %q, want %q", got, text)
	}
}

// post sends one raw JSON-RPC POST and returns the status and body.
func (w *world) post(h http.Header, body string) (int, string) {
	w.t.Helper()
	req, _ := http.NewRequest("POST", w.url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	for k, v := range h {
		req.Header[k] = v
	}
	if hv := h.Get("Host"); hv != "" {
		req.Host = hv
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	defer resp.Body.Close()
	var b strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		b.Write(buf[:n])
		if err != nil {
			break
		}
	}
	return resp.StatusCode, b.String()
}

const initBody = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`

func TestFront_RejectsWithoutTheRightCredentialsOrplace(t *testing.T) {
	w := newWorld(t, Options{Token: testToken, Origins: []string{"https://allowed.example"}})
	port := strings.TrimPrefix(strings.TrimSuffix(w.url, Path), "http://127.0.0.1:")
	tests := []struct {
		name string
		h    http.Header
		want int
	}{
		{"no token", nil, http.StatusUnauthorized},
		{"wrong token", bearer("wrong"), http.StatusUnauthorized},
		{"not bearer", http.Header{"Authorization": {"Basic " + testToken}}, http.StatusUnauthorized},
		{"foreign origin", http.Header{"Authorization": {"Bearer " + testToken}, "Origin": {"https://evil.example"}}, http.StatusForbidden},
		{"loopback origin of another port", http.Header{"Authorization": {"Bearer " + testToken}, "Origin": {"http://127.0.0.1:1"}}, http.StatusForbidden},
		{"rebinding host", http.Header{"Authorization": {"Bearer " + testToken}, "Host": {"evil.example:" + port}}, http.StatusForbidden},
		{"same-host origin", http.Header{"Authorization": {"Bearer " + testToken}, "Origin": {"http://127.0.0.1:" + port}}, http.StatusOK},
		{"listed origin", http.Header{"Authorization": {"Bearer " + testToken}, "Origin": {"https://allowed.example"}}, http.StatusOK},
		{"localhost host", http.Header{"Authorization": {"Bearer " + testToken}, "Host": {"localhost:" + port}}, http.StatusOK},
		{"token", bearer(testToken), http.StatusOK},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, body := w.post(tt.h, initBody)
			if code != tt.want {
				t.Fatalf("status %d, want %d: %s", code, tt.want, body)
			}
			if tt.want == http.StatusUnauthorized && !strings.Contains(body, "switchboard token") {
				t.Errorf("401 body does not name the command: %s", body)
			}
			if strings.Contains(body, testToken) {
				t.Errorf("response shows the token: %s", body)
			}
		})
	}
}

func TestFront_TokenClientListsAndCallsTools(t *testing.T) {
	w := newWorld(t, Options{Token: testToken})
	for _, v := range []string{"2025-11-25", "2026-07-28"} {
		t.Run(v, func(t *testing.T) {
			cs, err := w.connect(v, bearer(testToken))
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			if got := cs.InitializeResult().ProtocolVersion; got != v {
				t.Fatalf("negotiated %s, want %s", got, v)
			}
			res, err := cs.ListTools(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Tools) != 2 {
				t.Fatalf("listed %d tools", len(res.Tools))
			}
			echo(t, cs, "hello "+v)
		})
	}
	if _, err := w.connect("2025-11-25", bearer("wrong")); err == nil {
		t.Fatal("a client with a wrong token connected")
	}
}

func TestFront_TwoHTTPSessionsAreTwoSessionsClosedAtTheirEnd(t *testing.T) {
	w := newWorld(t, Options{})
	a, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	echo(t, a, "a")
	echo(t, b, "b")
	w.mu.Lock()
	n := len(w.opened)
	first := w.opened[0]
	w.mu.Unlock()
	if n != 2 || w.f.Sessions() != 2 {
		t.Fatalf("%d sessions opened, %d open; want 2 and 2", n, w.f.Sessions())
	}
	a.Close() // DELETE: the HTTP session ends, and its session with it
	for first.closed.Load() == false {
		waitABit()
	}
	if w.f.Sessions() != 1 {
		t.Fatalf("%d sessions open after one client left", w.f.Sessions())
	}
	echo(t, b, "b still")
}

func TestFront_BodyOverTheLimitIs413(t *testing.T) {
	w := newWorld(t, Options{MaxBodyBytes: 1024})
	big := `{"jsonrpc":"2.0","id":1,"method":"ping","params":{"_meta":{"x":"` + strings.Repeat("a", 2048) + `"}}}`
	if code, body := w.post(nil, big); code != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d, want 413: %s", code, body)
	}
	// A chunked body (no Content-Length) is cut by the SDK's reader.
	req, _ := http.NewRequest("POST", w.url, struct{ *strings.Reader }{strings.NewReader(big)})
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestEntityTooLarge {
		t.Fatalf("chunked: status %d, want 413", resp.StatusCode)
	}
}

func TestFront_RateLimitIs429(t *testing.T) {
	w := newWorld(t, Options{Rate: 0.001, Burst: 2})
	var codes []int
	for range 3 {
		c, _ := w.post(nil, initBody)
		codes = append(codes, c)
	}
	if codes[0] != 200 || codes[1] != 200 || codes[2] != http.StatusTooManyRequests {
		t.Fatalf("statuses %v, want [200 200 429]", codes)
	}
}

func TestFront_ShutdownLetsAnInFlightCallFinish(t *testing.T) {
	for _, v := range []string{"2025-11-25", "2026-07-28"} {
		t.Run(v, func(t *testing.T) { testShutdown(t, v) })
	}
}

func testShutdown(t *testing.T, version string) {
	w := newWorld(t, Options{})
	cs, err := w.connect(version, nil)
	if err != nil {
		t.Fatal(err)
	}
	type result struct {
		res *mcp.CallToolResult
		err error
	}
	got := make(chan result, 1)
	go func() {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "wait", Arguments: map[string]any{"text": "x"}})
		got <- result{res, err}
	}()
	<-w.started
	stopped := make(chan error, 1)
	go func() { stopped <- w.stop() }()
	// Shutdown has begun: no new connection is accepted.
	for {
		c, err := net.Dial("tcp", strings.TrimSuffix(strings.TrimPrefix(w.url, "http://"), Path))
		if err != nil {
			break
		}
		c.Close()
		waitABit()
	}
	select {
	case err := <-stopped:
		t.Fatalf("serve returned (%v) with a call in flight", err)
	default:
	}
	close(w.release)
	r := <-got
	if r.err != nil {
		t.Fatalf("in-flight call: %v", r.err)
	}
	if txt := r.res.Content[0].(*mcp.TextContent).Text; txt != "finished" {
		t.Fatalf("in-flight call answered %q", txt)
	}
	if err := <-stopped; err != nil {
		t.Fatal(err)
	}
	w.done <- nil // for the cleanup's stop
	w.mu.Lock()
	defer w.mu.Unlock()
	for i, s := range w.opened {
		if !s.closed.Load() {
			t.Errorf("session %d still open after shutdown", i)
		}
	}
}

func TestOriginAndHost(t *testing.T) {
	f, _ := New(&Options{Open: func(context.Context) (Session, error) { return nil, nil }, Hosts: []string{"sb.example.com"}})
	for _, tt := range []struct {
		host string
		ok   bool
	}{{"127.0.0.1:80", true}, {"[::1]:5", true}, {"localhost", true}, {"LOCALHOST:9", true}, {"sb.example.com:443", true}, {"evil.com", false}, {"127.0.0.1.evil.com", false}, {"", false}} {
		if got := f.hostAllowed(tt.host); got != tt.ok {
			t.Errorf("hostAllowed(%q) = %v, want %v", tt.host, got, tt.ok)
		}
	}
	for _, tt := range []struct {
		origin, host string
		ok           bool
	}{{"http://localhost:3000", "localhost:3000", true}, {"http://localhost:3000", "localhost:4000", false}, {"null", "localhost:3000", false}, {"http://evil.com", "evil.com", false}} {
		if got := f.originAllowed(tt.origin, tt.host); got != tt.ok {
			t.Errorf("originAllowed(%q, %q) = %v, want %v", tt.origin, tt.host, got, tt.ok)
		}
	}
}

// waitABit yields while polling for a state another goroutine reaches.
func waitABit() { time.Sleep(time.Millisecond) }

func TestFront_SessionsOverTheCapAre503(t *testing.T) {
	w := newWorld(t, Options{MaxSessions: 2})
	for i := range 2 {
		if _, err := w.connect("2025-11-25", nil); err != nil {
			t.Fatalf("session %d: %v", i, err)
		}
	}
	if code, body := w.post(nil, initBody); code != http.StatusServiceUnavailable || !strings.Contains(body, "too many open sessions") {
		t.Fatalf("third session: status %d, want 503: %s", code, body)
	}
	// Stateless requests hold no HTTP session and still work; the shared
	// session they open does not count.
	if _, err := w.connect("2026-07-28", nil); err != nil {
		t.Fatal(err)
	}
	if code, _ := w.post(nil, initBody); code != http.StatusServiceUnavailable {
		t.Fatalf("after a stateless client: status %d, want 503", code)
	}
}

func TestFront_RateLimitNamesTheClientAndTheFlag(t *testing.T) {
	w := newWorld(t, Options{Rate: 0.001, Burst: 1})
	w.post(nil, initBody)
	code, body := w.post(nil, initBody)
	if code != http.StatusTooManyRequests || !strings.Contains(body, "127.0.0.1") || !strings.Contains(body, "--rate") {
		t.Fatalf("status %d, body %q: want 429 naming the client address and --rate", code, body)
	}
}

func TestFront_RateInfIsNoLimit(t *testing.T) {
	w := newWorld(t, Options{Rate: rate.Inf, Burst: 1})
	for i := range 20 {
		if code, body := w.post(nil, initBody); code != http.StatusOK {
			t.Fatalf("request %d: status %d (%s), want 200 with no limit", i, code, body)
		}
	}
}

// A request whose id the SDK would answer under another one (1.5 as 1,
// 2^53+1 as 2^53, a string with a lone surrogate or invalid UTF-8 as one
// with U+FFFD) gets invalid request under the id as sent, as on stdio;
// the client could not match the SDK's answer to its request. Integer,
// plain string and exponent ids are served.
func TestFront_RefusesAnIDTheSDKWouldChange(t *testing.T) {
	w := newWorld(t, Options{})
	for body, want := range map[string]string{
		`{"jsonrpc":"2.0","id":1.5,"method":"initialize","params":{}}`:                   `"id":1.5,`,
		`{"jsonrpc":"2.0","id":9007199254740993,"method":"initialize","params":{}}`:      `"id":9007199254740993,`,
		`{"jsonrpc":"2.0","id":"\ud800","method":"initialize","params":{}}`:              `"id":"\ud800",`,
		"{\"jsonrpc\":\"2.0\",\"id\":\"a\xff\",\"method\":\"initialize\",\"params\":{}}": "\"id\":\"a\xff\",",
	} {
		code, got := w.post(nil, body)
		if code != http.StatusBadRequest || !strings.Contains(got, want) || !strings.Contains(got, `"code":-32600`) {
			t.Errorf("%s: status %d %s; want 400 with invalid request under the id as sent", body, code, got)
		}
	}
	for _, id := range []string{`7`, `1e3`, `"\ud83d\ude00"`, `"x\\ud800"`} {
		body := strings.Replace(initBody, `"id":1`, `"id":`+id, 1)
		if code, got := w.post(nil, body); code != http.StatusOK {
			t.Errorf("id %s: status %d %s, want it served", id, code, got)
		}
	}
}

// A request whose progress token the SDK would change (2^53+1 sent back as
// 2^53, a lone surrogate as U+FFFD) gets invalid request under its id, as
// on stdio: its progress would go out under a token the client did not
// send. A plain token is served.
func TestFront_RefusesAProgressTokenTheSDKWouldChange(t *testing.T) {
	w := newWorld(t, Options{})
	for _, tok := range []string{`9007199254740993`, `"\ud800"`} {
		body := strings.Replace(initBody, `"params":{`, `"params":{"_meta":{"progressToken":`+tok+`},`, 1)
		code, got := w.post(nil, body)
		if code != http.StatusBadRequest || !strings.Contains(got, `"id":1,`) || !strings.Contains(got, "the progress token") {
			t.Errorf("token %s: status %d %s; want 400 with invalid request naming the token", tok, code, got)
		}
	}
	body := strings.Replace(initBody, `"params":{`, `"params":{"_meta":{"progressToken":"p"},`, 1)
	if code, got := w.post(nil, body); code != http.StatusOK {
		t.Errorf("token \"p\": status %d %s, want it served", code, got)
	}
}

// A request without a session that needs one (tools/list before
// initialize) gets invalid request saying what to do, and opens no
// session: the SDK opened one for it (and the front a hub session, kept
// until it expired) only to answer with error code 0. initialize and
// ping are served, as is a request of the 2026-07-28 protocol.
func TestFront_RequestBeforeInitializeIsInvalidRequest(t *testing.T) {
	w := newWorld(t, Options{})
	code, got := w.post(nil, `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}`)
	if code != http.StatusBadRequest || !strings.Contains(got, `"id":7,`) || !strings.Contains(got, `"code":-32600`) || !strings.Contains(got, "before initialize") {
		t.Errorf("tools/list without a session: status %d %s; want 400 with invalid request naming initialize", code, got)
	}
	w.mu.Lock()
	opened := len(w.opened)
	w.mu.Unlock()
	if opened != 0 {
		t.Errorf("%d sessions opened for it, want none", opened)
	}
	for _, body := range []string{
		initBody,
		`{"jsonrpc":"2.0","id":8,"method":"ping"}`,
	} {
		if code, got := w.post(nil, body); code != http.StatusOK || strings.Contains(got, `"error"`) {
			t.Errorf("%s: status %d %s, want it served", body, code, got)
		}
	}
	cs, err := w.connect("2026-07-28", bearer(""))
	if err != nil {
		t.Fatalf("a 2026-07-28 client: %v", err)
	}
	defer cs.Close()
	echo(t, cs, "stateless")
}
