package front

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// TestFront_FullCapEvictsTheSessionIdleLongest: with MaxSessions
// sessions open, every other client was 503 until one of them was
// DELETEd or idled out (30 minutes): a client that abandons its sessions
// (never sends DELETE, or is restarted) locked everyone else out. Now the
// session idle the longest, once idle EvictIdle, is closed to make room:
// the new client is served, and the evicted one's next request is 404
// (the SDK's client reports its session missing, and a client
// re-initializes), logged with its id cut short.
func TestFront_FullCapEvictsTheSessionIdleLongest(t *testing.T) {
	var logs logtest.Buffer
	w := newWorld(t, Options{MaxSessions: 2, EvictIdle: 1, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	w.hubLike = true
	oldest, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	newer, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	echo(t, oldest, "a")
	// The server notes a session idle once its answer is written, which
	// the client may read first.
	for !w.f.idle(oldest.ID()) {
		waitABit()
	}
	echo(t, newer, "b") // newer is idle since after oldest
	third, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatalf("a new session with the cap reached by idle ones: %v", err)
	}
	echo(t, third, "c")
	echo(t, newer, "d")
	_, err = oldest.CallTool(context.Background(), &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "e"}})
	if !errors.Is(err, mcp.ErrSessionMissing) {
		t.Fatalf("the evicted session's next call: %v; want its session missing (404)", err)
	}
	if n := w.f.httpSessions(); n != 2 {
		t.Fatalf("%d sessions open, want 2", n)
	}
	w.mu.Lock()
	evicted := w.opened[0]
	w.mu.Unlock()
	if !evicted.closed.Load() {
		t.Fatal("the evicted session was not closed")
	}
	for range evicted.srv.Sessions() {
		t.Fatal("the evicted session's MCP session is open: the SDK's handler keeps it")
	}
	sid := oldest.ID()
	log := logs.String()
	if !strings.Contains(log, "evicted") || !strings.Contains(log, sid[:6]) || strings.Contains(log, sid) {
		t.Fatalf("log %q: want the eviction with the session id %q cut short", log, sid)
	}
}

// TestFront_FullCapOfBusySessionsIs503AndEvictsNone: a session with a
// call being served is never evicted, nor one whose call runs on after
// its client closed the POST (it cancelled; the tool has not returned):
// with every session so, one more is 503 with Retry-After, and the calls
// finish.
func TestFront_FullCapOfBusySessionsIs503AndEvictsNone(t *testing.T) {
	w := newWorld(t, Options{MaxSessions: 2, EvictIdle: 1})
	errs := make(chan error, 1)
	// One call waits for its answer on its POST.
	waiting, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	go func() {
		res, err := waiting.CallTool(context.Background(), &mcp.CallToolParams{Name: "wait", Arguments: map[string]any{"text": "x"}})
		if err == nil && res.Content[0].(*mcp.TextContent).Text != "finished" {
			err = errors.New("the call answered " + res.Content[0].(*mcp.TextContent).Text)
		}
		errs <- err
	}()
	<-w.started
	// The other's client gave up on its call, which runs on (the tool
	// does not heed cancellation) with no request of the client's open.
	gaveUp, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	gaveUpDone := make(chan struct{})
	go func() {
		defer close(gaveUpDone)
		gaveUp.CallTool(ctx, &mcp.CallToolParams{Name: "wait", Arguments: map[string]any{"text": "y"}})
	}()
	<-w.started
	cancel()
	<-gaveUpDone
	for !w.f.onlyCallsRunning(gaveUp.ID()) {
		waitABit()
	}

	req, _ := http.NewRequest("POST", w.url, strings.NewReader(initBody))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var body bytes.Buffer
	body.ReadFrom(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.Contains(body.String(), "too many open sessions") || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a third session with both busy: %d %q (Retry-After %q); want 503 with Retry-After", resp.StatusCode, body.String(), resp.Header.Get("Retry-After"))
	}
	w.mu.Lock()
	for i, s := range w.opened {
		if s.closed.Load() {
			t.Errorf("busy session %d was closed", i)
		}
	}
	w.mu.Unlock()
	close(w.release)
	if err := <-errs; err != nil {
		t.Fatalf("the waiting call: %v", err)
	}
	echo(t, waiting, "still here")
	echo(t, gaveUp, "still here")
}

// TestFront_EvictionPassesOverABusySession: the session idle the longest
// is the one evicted among those with nothing running, however long ago
// a busy one's last request began.
func TestFront_EvictionPassesOverABusySession(t *testing.T) {
	w := newWorld(t, Options{MaxSessions: 2, EvictIdle: 1})
	busy, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan error, 1)
	go func() {
		_, err := busy.CallTool(context.Background(), &mcp.CallToolParams{Name: "wait", Arguments: map[string]any{"text": "x"}})
		got <- err
	}()
	<-w.started
	idle, err := w.connect("2025-11-25", nil)
	if err != nil {
		t.Fatal(err)
	}
	for !w.f.idle(idle.ID()) { // its notifications/initialized handled
		waitABit()
	}
	if _, err := w.connect("2025-11-25", nil); err != nil {
		t.Fatalf("a new session with an idle one to evict: %v", err)
	}
	if err := idle.Ping(context.Background(), nil); !errors.Is(err, mcp.ErrSessionMissing) {
		t.Fatalf("the idle session's next request: %v; want its session missing", err)
	}
	close(w.release)
	if err := <-got; err != nil {
		t.Fatalf("the busy session's call: %v", err)
	}
	echo(t, busy, "still here")
}

// TestFront_ConcurrentInitializesWithEvictionStayWithinTheCap: 100
// initializes at once, with the cap reached by idle sessions and each new
// one evictable as soon as its initialize is answered: never more than
// MaxSessions sessions are open at once (each evicted one is closed
// before the session that replaces it is opened).
func TestFront_ConcurrentInitializesWithEvictionStayWithinTheCap(t *testing.T) {
	const limit = 5
	w := newWorld(t, Options{MaxSessions: limit, EvictIdle: 1})
	for range limit {
		if _, err := w.connect("2025-11-25", nil); err != nil {
			t.Fatal(err)
		}
	}
	codes := initializeAtOnce(w.url, 100)
	w.mu.Lock()
	most := w.most
	w.mu.Unlock()
	if most > limit || w.f.httpSessions() > limit || codes[http.StatusOK] < limit || codes[http.StatusOK]+codes[http.StatusServiceUnavailable] != 100 {
		t.Fatalf("answers %v, at most %d sessions open at once, %d open now; want never over %d, and at least %d served", codes, most, w.f.httpSessions(), limit, limit)
	}
}

// onlyCallsRunning reports whether session sid has no HTTP request being
// served but a request of its client being handled.
func (f *Front) onlyCallsRunning(sid string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := f.live[sid]
	return t != nil && t.requests == 0 && t.calls > 0
}

// idle reports whether session sid has nothing being served or handled.
func (f *Front) idle(sid string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := f.live[sid]
	return t != nil && t.requests == 0 && t.calls == 0
}

// TestFront_AnOpenEventStreamAloneDoesNotKeepASession: a GET stream
// lasts as long as its client holds it, and an SDK client whose session
// was dropped without Close holds it for its own life (round thirty-five:
// sessions abandoned so filled the cap). A session with nothing but its
// stream open is idle, as the SDK's session timeout has it: evicted, its
// stream ends and its id is 404.
func TestFront_AnOpenEventStreamAloneDoesNotKeepASession(t *testing.T) {
	w := newWorld(t, Options{MaxSessions: 1, EvictIdle: 1})
	listening := make(chan struct{}, 1)
	hc := &http.Client{Transport: roundTripFunc(func(r *http.Request) (*http.Response, error) {
		resp, err := http.DefaultTransport.RoundTrip(r)
		if err == nil && r.Method == http.MethodGet && resp.StatusCode == http.StatusOK {
			listening <- struct{}{}
		}
		return resp, err
	})}
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: w.url, HTTPClient: hc, MaxRetries: -1}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	<-listening
	for !w.f.idle(cs.ID()) {
		waitABit()
	}
	if code, body := w.post(nil, initBody); code != http.StatusOK {
		t.Fatalf("a second session: %d %q; want it served", code, body)
	}
	if code, _ := w.post(http.Header{"Mcp-Session-Id": {cs.ID()}}, `{"jsonrpc":"2.0","id":9,"method":"ping"}`); code != http.StatusNotFound {
		t.Fatalf("the evicted session's next request: %d; want 404", code)
	}
	if err := cs.Ping(context.Background(), nil); err == nil {
		t.Fatal("the evicted session's client pinged it")
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }
