package front

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/time/rate"
)

// cutTransport ends the event stream of the first POST carrying a
// tools/call after its first event, or when cutNow is called, as a proxy
// cutting an idle response or a network change does; it counts the GETs
// that resume a stream.
type cutTransport struct {
	mu      sync.Mutex
	cutting bool
	cancel  context.CancelFunc // ends the POST to cut
	resumes int
}

// cutNow ends the POST to cut, its headers come or not (without a
// priming event, the SDK writes them with its first event: the answer).
func (t *cutTransport) cutNow() {
	t.mu.Lock()
	cancel := t.cancel
	t.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

func (t *cutTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	var body []byte
	if r.Method == http.MethodPost && r.Body != nil {
		body, _ = io.ReadAll(r.Body)
		r.Body.Close()
		r.Body = io.NopCloser(bytes.NewReader(body))
	}
	t.mu.Lock()
	cut := !t.cutting && bytes.Contains(body, []byte(`"tools/call"`))
	if cut {
		t.cutting = true
		ctx, cancel := context.WithCancel(r.Context())
		t.cancel = cancel
		r = r.WithContext(ctx)
	}
	if r.Method == http.MethodGet && r.Header.Get("Last-Event-ID") != "" {
		t.resumes++
	}
	t.mu.Unlock()
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	if cut && strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
		resp.Body = &firstEvent{rc: resp.Body}
	}
	return resp, nil
}

// firstEvent reads a response body up to the end of its first event, then
// ends it.
type firstEvent struct {
	rc   io.ReadCloser
	seen []byte
	done bool
}

func (b *firstEvent) Read(p []byte) (int, error) {
	if b.done {
		return 0, io.EOF
	}
	n, err := b.rc.Read(p[:1]) // a byte at a time: nothing past the event
	b.seen = append(b.seen, p[:n]...)
	if bytes.HasSuffix(b.seen, []byte("\n\n")) {
		b.done = true
		b.rc.Close()
	}
	return n, err
}

func (b *firstEvent) Close() error { return b.rc.Close() }

// callCut calls the slow tool "wait" over a stream cut after its first
// event, and returns its text or error within limit.
func callCut(t *testing.T, w *world, limit time.Duration) (string, *cutTransport, error) {
	t.Helper()
	tr := &cutTransport{}
	c := mcp.NewClient(&mcp.Implementation{Name: "test", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: w.url, HTTPClient: &http.Client{Transport: tr}, MaxRetries: 3, DisableStandaloneSSE: true}, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	go func() {
		<-w.started
		// A proxy cuts the response idle for that long, if its first
		// event has not (without a priming event, not even its headers
		// came: the SDK writes them with the answer).
		time.Sleep(300 * time.Millisecond)
		tr.cutNow()
		time.Sleep(100 * time.Millisecond) // the client has seen it end
		w.release <- struct{}{}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), limit)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "wait", Arguments: map[string]any{"text": "x"}})
	if err != nil {
		return "", tr, err
	}
	return res.Content[0].(*mcp.TextContent).Text, tr, nil
}

// TestFront_ACutStreamIsResumed: a 2025-11-25 client whose POST's event
// stream drops during a long call resumes it with a GET carrying
// Last-Event-ID and gets the call's result. Without the event store the
// stream had no event id to resume from, and the call never returned.
func TestFront_ACutStreamIsResumed(t *testing.T) {
	w := newWorld(t, Options{})
	text, tr, err := callCut(t, w, 20*time.Second)
	if err != nil || text != "finished" {
		t.Fatalf("the call over a cut stream: %q, %v; want its result", text, err)
	}
	if tr.resumes == 0 {
		t.Fatal("the client never resumed its stream")
	}
	w2 := newWorld(t, Options{EventBytes: -1})
	if _, _, err := callCut(t, w2, 3*time.Second); err == nil {
		t.Fatal("without an event store, the call over a cut stream returned")
	}
}

// TestFront_EventsStayBounded: a client that never resumes leaves a
// stream per call in the store; past EventBytes the oldest are forgotten,
// whole, and the store stays within its bound however many calls.
func TestFront_EventsStayBounded(t *testing.T) {
	const max = 16 << 10
	w := newWorld(t, Options{EventBytes: max})
	h := w.session()
	for i := range 300 {
		body := fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"echo","arguments":{"text":%q}}}`, i+2, strings.Repeat("y", 100))
		if code, resp := w.post(h, body); code != http.StatusOK || !strings.Contains(resp, "yyy") {
			t.Fatalf("call %d: status %d %.200q", i, code, resp)
		}
		if size, _ := w.f.events.usage(); size > max {
			t.Fatalf("after call %d the store holds %d bytes, over its bound of %d", i, size, max)
		}
	}
	size, streams := w.f.events.usage()
	if streams >= 300 || streams == 0 {
		t.Fatalf("%d streams kept (%d bytes) after 300 calls; want the latest few", streams, size)
	}
	// Closing the session forgets its streams.
	req, _ := http.NewRequest(http.MethodDelete, w.url, nil)
	req.Header = h.Clone()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	deadline := time.Now().Add(5 * time.Second)
	for {
		if size, streams := w.f.events.usage(); streams == 0 {
			break
		} else if time.Now().After(deadline) {
			t.Fatalf("the session ended, its events stay: %d streams, %d bytes", streams, size)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestFront_ALastEventIDOfAnotherSessionIsRefused: a GET may resume only
// its own session's streams whose events are kept: one naming another
// session's stream, a made-up one, or a malformed id (quoted cut) is 400
// with a message, never another session's events nor 404 (which tells a
// client its session is gone); a GET resuming the standalone stream is
// served as a new one.
func TestFront_ALastEventIDOfAnotherSessionIsRefused(t *testing.T) {
	w := newWorld(t, Options{})
	a, b := w.session(), w.session()
	code, body := w.post(a, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"echo","arguments":{"text":"secret of a"}}}`)
	if code != http.StatusOK || !strings.Contains(body, "secret of a") {
		t.Fatalf("a's call: %d %q", code, body)
	}
	eid := ""
	for line := range strings.Lines(body) {
		if id, ok := strings.CutPrefix(line, "id: "); ok {
			eid = strings.TrimSpace(id)
			break
		}
	}
	stream, _, ok := parseEventID(eid)
	if !ok || !strings.HasPrefix(body, "event: prime\nid: "+eid+"\nretry: 1000\ndata: \n\n") {
		t.Fatalf("a's stream does not start with a priming event with an id and a retry field: %q", body)
	}
	get := func(h http.Header, last string) (int, string) {
		req, _ := http.NewRequest(http.MethodGet, w.url, nil)
		req.Header = h.Clone()
		req.Header.Set("Accept", "text/event-stream")
		req.Header.Set("Last-Event-ID", last)
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		resp, err := http.DefaultClient.Do(req.WithContext(ctx))
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body) // a standalone stream ends with ctx
		return resp.StatusCode, string(b)
	}
	if code, body := get(a, stream+"_0"); code != http.StatusOK || !strings.Contains(body, "secret of a") {
		t.Fatalf("a resuming its own stream: %d %q; want its events", code, body)
	}
	for _, last := range []string{stream + "_0", "MADEUP_0", stream + "_99999"} {
		if code, body := get(b, last); code != http.StatusBadRequest || strings.Contains(body, "secret") || !strings.Contains(body, "names no event stream of this session") {
			t.Errorf("b resuming %q: %d %q; want 400 naming no stream of this session", last, code, body)
		}
	}
	long := strings.Repeat("z", 64<<10)
	if code, body := get(b, long); code != http.StatusBadRequest || len(body) > 8<<10 || !strings.Contains(body, "malformed Last-Event-ID") {
		t.Errorf("a malformed Last-Event-ID: %d, %d bytes %.200q; want 400, quoted cut", code, len(body), body)
	}
	if code, _ := get(b, "_3"); code != http.StatusOK {
		t.Errorf("resuming the standalone stream: %d, want 200 (served as a new one)", code)
	}
}

// TestFront_AnInitializeClosedEarlyLeavesNoHalfMadeSession: the SDK
// primes an initialize's event stream before the session is initialized;
// written at once, the status and Mcp-Session-Id reached a client that
// closed the response on seeing them, and the SDK then closed the session
// as never initialized: its next request was 404. The priming event now
// goes out with the answer: a session whose id a client sees is
// initialized.
func TestFront_AnInitializeClosedEarlyLeavesNoHalfMadeSession(t *testing.T) {
	w := newWorld(t, Options{MaxSessions: 100})
	for i := range 30 {
		h := w.session() // closes the initialize's response unread
		if code, body := w.post(h, `{"jsonrpc":"2.0","id":2,"method":"ping"}`); code != http.StatusOK || !strings.Contains(body, `"result"`) {
			t.Fatalf("session %d: ping answered %d %q; want its result", i, code, body)
		}
	}
}

// BenchmarkFront_Call is one tools/call of a 2025-11-25 session through
// the front, with the events kept for resuming (the default) and
// without.
func BenchmarkFront_Call(b *testing.B) {
	for _, bc := range []struct {
		name  string
		bytes int
	}{{"kept", 0}, {"none", -1}} {
		b.Run(bc.name, func(b *testing.B) {
			w := newWorld(b, Options{EventBytes: bc.bytes, Rate: rate.Inf})
			cs, err := w.connect("2025-11-25", nil)
			if err != nil {
				b.Fatal(err)
			}
			defer cs.Close()
			ctx := context.Background()
			p := &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "x"}}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := cs.CallTool(ctx, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkFront_CallTurns is BenchmarkFront_Call with the two fronts in
// one process taking turns, call by call, so that a busy machine slows
// both alike: it reports each one's median call (the means of a shared
// 2-core machine are its other loads'). sdk calls with a Go SDK client;
// raw with a net/http POST read to its end. The two share a heap, so what
// the store costs the garbage collector shows in BenchmarkFront_Call only.
func BenchmarkFront_CallTurns(b *testing.B) {
	for _, client := range []string{"sdk", "raw"} {
		b.Run(client, func(b *testing.B) {
			var calls [2]func() error
			for i, bytes := range []int{0, -1} {
				w := newWorld(b, Options{EventBytes: bytes, Rate: rate.Inf})
				cs, err := w.connect("2025-11-25", nil)
				if err != nil {
					b.Fatal(err)
				}
				defer cs.Close()
				p := &mcp.CallToolParams{Name: "echo", Arguments: map[string]any{"text": "x"}}
				calls[i] = func() error { _, err := cs.CallTool(context.Background(), p); return err }
				if client == "raw" {
					hc := &http.Client{Transport: &http.Transport{}}
					body := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"echo","arguments":{"text":"x"}}}`
					calls[i] = func() error {
						req, _ := http.NewRequest(http.MethodPost, w.url, strings.NewReader(body))
						req.Header = http.Header{"Content-Type": {"application/json"}, "Accept": {"application/json, text/event-stream"}, "Mcp-Session-Id": {cs.ID()}, "Mcp-Protocol-Version": {"2025-11-25"}}
						resp, err := hc.Do(req)
						if err != nil {
							return err
						}
						defer resp.Body.Close()
						_, err = io.Copy(io.Discard, resp.Body)
						return err
					}
				}
			}
			var took [2][]time.Duration
			i := 0
			for b.Loop() {
				for _, k := range []int{i % 2, 1 - i%2} {
					start := time.Now()
					if err := calls[k](); err != nil {
						b.Fatal(err)
					}
					took[k] = append(took[k], time.Since(start))
				}
				i++
			}
			for k, name := range []string{"kept", "none"} {
				slices.Sort(took[k])
				b.ReportMetric(float64(took[k][len(took[k])/2].Nanoseconds())/1e3, name+"-p50-µs")
			}
			b.ReportMetric(0, "ns/op")
		})
	}
}
