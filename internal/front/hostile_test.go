package front

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestFront_ConcurrentInitializesStayWithinTheSessionCap: 100 initialize
// requests at once with MaxSessions 10 opened 12 sessions: each was
// checked against the cap before any of them had opened its session.
// Now a request reserves its place before it is served: exactly 10 are
// served, the others get 503.
func TestFront_ConcurrentInitializesStayWithinTheSessionCap(t *testing.T) {
	w := newWorld(t, Options{MaxSessions: 10})
	codes := initializeAtOnce(w.url, 100)
	if codes[http.StatusOK] != 10 || codes[http.StatusServiceUnavailable] != 90 || w.f.httpSessions() != 10 {
		t.Fatalf("answers %v, %d sessions open; want 10 served, 90 refused, 10 open", codes, w.f.httpSessions())
	}
}

// TestFront_RefusesABatch: the SDK serves a JSON-RPC batch from a client
// that sends no Mcp-Protocol-Version (taking it for 2025-03-26): a batch
// of tools/list without a session opened a session, and a hub session,
// only to answer "invalid during session initialization" with code 0; a
// batch of two pings with one id was answered once, the client waiting
// for the other. As serve on stdio does, a batch is now invalid request,
// saying what to send, and opens nothing.
func TestFront_RefusesABatch(t *testing.T) {
	w := newWorld(t, Options{})
	h := w.session()
	sid := http.Header{"Mcp-Session-Id": {h.Get("Mcp-Session-Id")}}
	for _, tt := range []struct {
		h    http.Header
		body string
	}{
		{nil, `[{"jsonrpc":"2.0","id":1,"method":"tools/list"}]`},
		{nil, " [" + initBody + "]"},
		{sid, `[{"jsonrpc":"2.0","id":1,"method":"ping"},{"jsonrpc":"2.0","id":1,"method":"ping"}]`},
		{h, `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`},
		{http.Header{"Mcp-Protocol-Version": {"2026-07-28"}}, `[{"jsonrpc":"2.0","id":1,"method":"ping"}]`},
	} {
		status, body := w.post(tt.h, tt.body)
		if status != http.StatusBadRequest || !strings.Contains(body, `"code":-32600`) || !strings.Contains(body, "batches are not supported; send one message per request") {
			t.Errorf("%s: status %d %q; want 400, invalid request saying to send one message per request", tt.body, status, body)
		}
	}
	w.mu.Lock()
	opened := len(w.opened)
	w.mu.Unlock()
	if opened != 1 {
		t.Errorf("%d sessions opened, want the one initialized", opened)
	}
}

// TestFront_RefusesWhatTheSDKWouldDrop: the SDK served the first of two
// messages in one body (or one followed by text) and dropped the rest, so
// a second request was never answered; it took a request whose id is
// null for a notification, and a message with an id but no method,
// result or error for an answer to a request of its own, and dropped
// each (202), the client waiting for an answer. serve on stdio refuses
// each of these, saying why; so does the front now (400, invalid
// request), on a session and without.
func TestFront_RefusesWhatTheSDKWouldDrop(t *testing.T) {
	w := newWorld(t, Options{})
	h := w.session()
	stateless := http.Header{"Mcp-Protocol-Version": {"2026-07-28"}, "Mcp-Method": {"ping"}}
	ping := `{"jsonrpc":"2.0","id":1,"method":"ping"}`
	for _, tt := range []struct {
		body, id, why string
	}{
		{ping + ping, `"id":1`, "more than one JSON value, or text after one; send one message per request"},
		{ping + "\n" + `{"jsonrpc":"2.0","id":2,"method":"ping"}`, `"id":1`, "send one message per request"},
		{ping + " xyz", `"id":1`, "send one message per request"},
		{`{"jsonrpc":"2.0","id":null,"method":"ping"}`, `"id":null`, "the id is null; a request's id is a string or a number (a notification has no id)"},
		{`{"jsonrpc":"2.0","id":null,"method":"tools/call","params":{"name":"echo"}}`, `"id":null`, "the id is null"},
		{`{"jsonrpc":"2.0","id":7}`, `"id":7`, "the message has an id but no method (a request) and no result or error (a response)"},
	} {
		for _, hh := range []http.Header{h, stateless} {
			status, body := w.post(hh, tt.body)
			if status != http.StatusBadRequest || !strings.Contains(body, `"code":-32600`) || !strings.Contains(body, tt.id) || !strings.Contains(body, tt.why) {
				t.Errorf("%q (%v): status %d %q; want 400, invalid request under %s saying %q", tt.body, hh, status, body, tt.id, tt.why)
			}
		}
	}
	// What the SDK serves as it should is not refused.
	for _, b := range []string{ping + " \r\n\t", `{"jsonrpc":"2.0","id":3,"result":null}`, `{"jsonrpc":"2.0","method":"notifications/foo"}`} {
		if status, body := w.post(h, b); status != http.StatusOK && status != http.StatusAccepted {
			t.Errorf("%q: status %d %q", b, status, body)
		}
	}
}

// TestFront_ListenStreamsAreBoundedAndNotDrained: a 2026-07-28
// subscriptions/listen is an event stream that lasts until its client
// closes it, as a session's GET stream: each open one held a connection
// and about 130 kB of the server's, with no bound (2,000 held 280 MB),
// and shutdown waited the whole drain time for any of them, as for a
// call. Now at most MaxSessions are open at once (one more is 503), and
// shutdown does not wait for them.
func TestFront_ListenStreamsAreBoundedAndNotDrained(t *testing.T) {
	w := newWorld(t, Options{MaxSessions: 2, Drain: 20 * time.Second})
	listen := func(id int) (*http.Response, error) {
		body := `{"jsonrpc":"2.0","id":` + itoa(id) + `,"method":"subscriptions/listen","params":{"notifications":{"toolsListChanged":true},` + statelessMeta + `}}`
		req, _ := http.NewRequest("POST", w.url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Protocol-Version", "2026-07-28")
		req.Header.Set("Mcp-Method", "subscriptions/listen")
		return http.DefaultClient.Do(req)
	}
	var open []*http.Response
	defer func() {
		for _, r := range open {
			r.Body.Close()
		}
	}()
	for id := range 2 {
		resp, err := listen(id)
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, resp)
		line, err := bufio.NewReader(resp.Body).ReadString('\n')
		if resp.StatusCode != http.StatusOK || err != nil || !strings.HasPrefix(line, "event: message") {
			t.Fatalf("listen %d: status %d, first line %q (%v)", id, resp.StatusCode, line, err)
		}
	}
	resp, err := listen(3)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusServiceUnavailable {
		resp.Body.Close()
		t.Fatalf("a third listen: status %d; want 503", resp.StatusCode)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if !strings.Contains(string(b), "subscriptions/listen") {
		t.Fatalf("a third listen: status %d %q; want 503 naming the bound", resp.StatusCode, b)
	}
	// The first two are still served; a call is too.
	if status, body := w.post(http.Header{"Mcp-Protocol-Version": {"2026-07-28"}, "Mcp-Method": {"tools/list"}}, `{"jsonrpc":"2.0","id":9,"method":"tools/list","params":{`+statelessMeta+`}}`); status != http.StatusOK {
		t.Fatalf("a tools/list beside them: status %d %q", status, body)
	}
	start := time.Now()
	if err := w.stop(); err != nil {
		t.Fatal(err)
	}
	w.done <- nil // for the cleanup's stop
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("shutdown took %v with two listen streams open; it waits for calls, not for them", d)
	}
}

// TestFront_ARequestToASessionThatEndedIs404: when a session's MCP
// session ends on its own (the SDK ends it when an answer cannot be
// encoded, as one quoting a control character with Go's %q could not),
// the SDK's handler kept its id and answered each later request 200 with
// an empty event stream: no answer, no error, for ever. The front knows
// the session ended and answers 404 "session not found", as for any
// session gone, so that the client starts a new one.
func TestFront_ARequestToASessionThatEndedIs404(t *testing.T) {
	w := newWorld(t, Options{})
	var opened []*mcp.Server
	var mu sync.Mutex
	w.f.o.Open = func(context.Context) (Session, error) {
		srv := mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1"}, nil)
		srv.AddPrompt(&mcp.Prompt{Name: "bad"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return nil, &jsonrpc.Error{Code: 1, Message: "no JSON data", Data: json.RawMessage("{\"uri\":\"\\x01\"}")}
		})
		mu.Lock()
		opened = append(opened, srv)
		mu.Unlock()
		return &fakeSession{srv: srv}, nil
	}
	h := w.session()
	w.post(h, `{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"bad"}}`)
	mu.Lock()
	srv := opened[0]
	mu.Unlock()
	for i := 0; ; i++ { // the SDK ends the session once the write failed
		n := 0
		for range srv.Sessions() {
			n++
		}
		if n == 0 {
			break
		}
		if i > 5000 {
			t.Fatal("the session did not end")
		}
		waitABit()
	}
	for i := 0; ; i++ { // and the front learns it
		status, body := w.post(h, `{"jsonrpc":"2.0","id":`+itoa(100+i)+`,"method":"ping"}`)
		if status == http.StatusNotFound {
			break
		}
		if i > 200 {
			t.Fatalf("a ping on the ended session: status %d %q, want 404", status, body)
		}
		waitABit()
	}
	if status, body := w.post(h, `{"jsonrpc":"2.0","id":4,"method":"ping"}`); status != http.StatusNotFound || !strings.Contains(body, "session not found") {
		t.Errorf("a ping on the ended session: status %d %q, want 404 session not found", status, body)
	}
	// A new session is served.
	h2 := w.session()
	if status, body := w.post(h2, `{"jsonrpc":"2.0","id":5,"method":"ping"}`); status != http.StatusOK || !strings.Contains(body, `"id":5`) {
		t.Errorf("a ping on a new session: status %d %q", status, body)
	}
}

// TestFront_ARefusedHostOrOriginIsNotEchoedWhole: a refused Host or
// Origin header was quoted whole in the 403, up to the 1 MB of headers
// the server reads (to anyone, before the token is checked); now as the
// error answers are, its head and tail.
func TestFront_ARefusedHostOrOriginIsNotEchoedWhole(t *testing.T) {
	w := newWorld(t, Options{})
	long := strings.Repeat("h", 200<<10)
	for _, h := range []http.Header{{"Host": {long + ".example"}}, {"Origin": {"http://" + long + ".example"}}} {
		status, body := w.post(h, `{}`)
		if status != http.StatusForbidden || len(body) > 8<<10 || !strings.Contains(body, "left out") || !strings.Contains(body, ".example") {
			t.Errorf("%.20v: status %d, %d bytes: %.200q; want 403, bounded", h, status, len(body), body)
		}
	}
}

// initializeAtOnce sends n initialize requests to url at once and counts
// the answers' status codes (-1: no answer).
func initializeAtOnce(url string, n int) map[int]int {
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for range n {
		wg.Go(func() {
			req, _ := http.NewRequest("POST", url, strings.NewReader(initBody))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			code := -1
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
				code = resp.StatusCode
			}
			mu.Lock()
			codes[code]++
			mu.Unlock()
		})
	}
	wg.Wait()
	return codes
}

// TestFront_RefusesAnOversizedMetaBeforeTheSDK: a 2026-07-28 request
// whose _meta capabilities held 200,000 keys (5 MB, under the body's
// bound) took 3 to 7 s of a core: the SDK decodes them again at each
// accessor. Now a _meta over 64 KiB or 1,000 keys and elements is
// refused before the SDK sees it, with invalid params naming the field
// and the bound, under the request's id; a usual one is served.
func TestFront_RefusesAnOversizedMetaBeforeTheSDK(t *testing.T) {
	w := newWorld(t, Options{})
	stateless := http.Header{"Mcp-Protocol-Version": {"2026-07-28"}, "Mcp-Method": {"tools/list"}}
	caps := func(n int) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"k%d":{}`, i)
		}
		return `{"jsonrpc":"2.0","id":"big","method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{` + b.String() + `}}}}`
	}
	for _, tt := range []struct {
		n   int
		why string
	}{
		{200000, "params._meta is "},
		{1200, "params._meta holds more than 1000 keys"},
	} {
		status, body := w.post(stateless, caps(tt.n))
		if status != http.StatusBadRequest || !strings.Contains(body, `"code":-32602`) || !strings.Contains(body, `"id":"big"`) || !strings.Contains(body, tt.why) {
			t.Errorf("%d keys: status %d %.300q; want 400, invalid params under \"big\" saying %q", tt.n, status, body, tt.why)
		}
	}
	if status, body := w.post(stateless, caps(20)); status != http.StatusOK || !strings.Contains(body, `"tools"`) {
		t.Errorf("20 keys: status %d %.300q; want the tools", status, body)
	}
}

// TestFront_ANewEraRequestOnASessionSaysWhy: a request naming a
// 2025-11-25 session while carrying protocol 2026-07-28 (its header, or
// its _meta) was answered by the SDK "protocol version "2026-07-28" is
// not supported by this server", which serves it without a session, and,
// with the header of the session's version and the new one in _meta,
// "protocol version "2025-11-25" is not supported", listing 2025-11-25.
// Now it says what is wrong and what to send; the session goes on.
func TestFront_ANewEraRequestOnASessionSaysWhy(t *testing.T) {
	w := newWorld(t, Options{})
	h := w.session()
	meta := `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"x","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}`
	newHeader := h.Clone()
	newHeader.Set("Mcp-Protocol-Version", "2026-07-28")
	newHeader.Set("Mcp-Method", "tools/list")
	for _, c := range []struct {
		name string
		h    http.Header
		body string
		want []string
	}{
		{"header and _meta of 2026-07-28", newHeader, `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{` + meta + `}}`,
			[]string{`carries protocol version "2026-07-28" in its MCP-Protocol-Version header`, "without Mcp-Session-Id"}},
		{"the session's header, _meta of 2026-07-28", h, `{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{` + meta + `}}`,
			[]string{`carries protocol version "2026-07-28" in its params._meta`, "without Mcp-Session-Id"}},
		{"_meta of 2025-11-25", h, `{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2025-11-25"}}}`,
			[]string{`io.modelcontextprotocol/protocolVersion ("2025-11-25") in params._meta`, "leave it out of _meta"}},
	} {
		status, body := w.post(c.h, c.body)
		code, msg, data := rpcError(t, body)
		if status != http.StatusBadRequest || code != mcp.CodeUnsupportedProtocolVersion {
			t.Errorf("%s: status %d code %d %q, want 400 and %d", c.name, status, code, body, mcp.CodeUnsupportedProtocolVersion)
		}
		for _, want := range c.want {
			if !strings.Contains(msg, want) {
				t.Errorf("%s: %q, want it to say %q", c.name, msg, want)
			}
		}
		if strings.Contains(msg, "is not supported by this server") || !strings.Contains(string(data), `"2025-11-25"`) {
			t.Errorf("%s: %q (data %s), want no \"not supported\" and the session's versions", c.name, msg, data)
		}
	}
	if status, body := w.post(h, `{"jsonrpc":"2.0","id":5,"method":"tools/list"}`); status != http.StatusOK || !strings.Contains(body, `"id":5`) {
		t.Errorf("the session's own request after: status %d %q", status, body)
	}
}

// TestFront_ASecondEventStreamSaysWhy: a session's second GET was
// refused with the SDK's "stream ID conflicts with ongoing stream" (409),
// which named neither the stream nor the fix. The first stream goes on.
func TestFront_ASecondEventStreamSaysWhy(t *testing.T) {
	w := newWorld(t, Options{})
	h := w.session()
	get := func() *http.Response {
		req, _ := http.NewRequest("GET", w.url, nil)
		for k, v := range h {
			req.Header[k] = v
		}
		req.Header.Set("Accept", "text/event-stream")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return resp
	}
	first := get()
	defer first.Body.Close()
	if first.StatusCode != http.StatusOK {
		t.Fatalf("first GET: %d", first.StatusCode)
	}
	var second *http.Response
	for i := 0; ; i++ { // the SDK registers the first stream as it starts serving it
		second = get()
		if second.StatusCode != http.StatusOK || i > 100 {
			break
		}
		second.Body.Close()
		waitABit()
	}
	body, _ := io.ReadAll(second.Body)
	second.Body.Close()
	if second.StatusCode != http.StatusConflict || !strings.Contains(string(body), "event stream (GET) is open already") || strings.Contains(string(body), "stream ID conflicts") {
		t.Errorf("second GET: %d %q, want 409 saying the session's stream is open", second.StatusCode, body)
	}
	if status, b := w.post(h, `{"jsonrpc":"2.0","id":7,"method":"ping"}`); status != http.StatusOK || !strings.Contains(b, `"id":7`) {
		t.Errorf("a ping after: %d %q", status, b)
	}
}
