package backend

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// hostileRemote is a hand-written Streamable HTTP server (2025-11-25,
// session "s1", one tool "t") whose standalone GET stream, tool calls
// and session handling a test sets; it counts the requests it gets.
type hostileRemote struct {
	get  func(w http.ResponseWriter, r *http.Request, n int64) // nil: 405
	call func(w http.ResponseWriter, r *http.Request, id json.RawMessage)
	// post, when set, sees each POST first and returns true when it
	// answered it.
	post  func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool
	gets  atomic.Int64
	posts atomic.Int64
	inits atomic.Int64
}

func (h *hostileRemote) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch r.Method {
	case http.MethodGet:
		n := h.gets.Add(1)
		if h.get == nil {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		h.get(w, r, n)
		return
	case http.MethodDelete:
		return
	}
	h.posts.Add(1)
	body, _ := io.ReadAll(r.Body)
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	_ = json.Unmarshal(body, &m)
	if h.post != nil && h.post(w, r, m.Method, body) {
		return
	}
	w.Header().Set("Mcp-Session-Id", "s1")
	if m.ID == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	switch m.Method {
	case "initialize":
		h.inits.Add(1)
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"h","version":"1"}}}`, m.ID)
	case "tools/list":
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}}`, m.ID)
	case "tools/call":
		if h.call != nil {
			h.call(w, r, m.ID)
			return
		}
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"fine"}]}}`, m.ID)
	default:
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"no"}}`, m.ID)
	}
}

// startHostile starts a backend on h's server.
func startHostile(t *testing.T, h *hostileRemote) *Backend {
	t.Helper()
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// A server that ends its standalone stream at once, each time with a new
// event id and "retry: 1", made the SDK reconnect a thousand times a
// second for the backend's whole life (the id advancing counts as
// progress, so its retry bound never ran out). GETs are now paced.
func TestRemote_StandaloneStreamReconnectsArePaced(t *testing.T) {
	h := &hostileRemote{get: func(w http.ResponseWriter, r *http.Request, n int64) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "id: %d\nretry: 1\ndata:\n\n", n)
	}}
	startHostile(t, h)
	time.Sleep(2 * time.Second)
	if n := h.gets.Load(); n > 2*getBurst+4 {
		t.Errorf("%d GETs in 2s, want them paced (burst %d, then %v each)", n, getBurst, getEvery)
	}
}

// The same for a call's stream that ends with an id: the SDK resumes it
// with GET and Last-Event-ID, which was answered the same way.
func TestRemote_CallStreamResumesArePaced(t *testing.T) {
	h := &hostileRemote{call: func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "id: 1\nretry: 1\ndata:\n\n")
	}}
	h.get = func(w http.ResponseWriter, r *http.Request, n int64) {
		if r.Header.Get("Last-Event-ID") == "" {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "id: %d\nretry: 1\ndata:\n\n", n+1)
	}
	b := startHostile(t, h)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := b.CallTool(ctx, "t", nil); err == nil {
		t.Fatal("the call succeeded")
	}
	if n := h.gets.Load(); n > 2*getBurst+4 {
		t.Errorf("%d GETs in 2s, want them paced (burst %d, then %v each)", n, getBurst, getEvery)
	}
}

// A server that forgets every session soon after opening it (here: its
// standalone stream ends with an id, and the resume is answered 404) had
// the backend open a new session each time, for ever: thousands of
// initialize requests a second. A few new sessions in a row are opened;
// then the backend stops, saying why, and the next call starts it again.
func TestRemote_SessionForgottenOverAndOverStopsTheBackend(t *testing.T) {
	h := &hostileRemote{get: func(w http.ResponseWriter, r *http.Request, n int64) {
		if r.Header.Get("Last-Event-ID") != "" {
			w.WriteHeader(http.StatusNotFound)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprint(w, "id: 1\nretry: 1\ndata:\n\n")
	}}
	b := startHostile(t, h)
	deadline := time.Now().Add(5 * time.Second)
	for b.alive() == nil && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	err := b.alive()
	if err == nil {
		t.Fatalf("the backend still runs after %d sessions", h.inits.Load())
	}
	if n := h.inits.Load(); n > maxReopens+1 {
		t.Errorf("%d sessions opened, want at most %d", n, maxReopens+1)
	}
	if msg := err.Error(); !strings.Contains(msg, `backend "r" forgot our session`) || !strings.Contains(msg, "the next call starts it again") {
		t.Errorf("error %q, want it to say the server forgets its sessions", msg)
	}
	if _, err := b.CallTool(context.Background(), "t", nil); err == nil || !errors.Is(err, ErrExited) {
		t.Errorf("call after: %v, want ErrExited", err)
	}
}

// A redirect to another origin carried the configured URL as Referer
// (Go's client sets it on redirects), so a secret in its query
// (?token=…) went to the other host, which gets none of the configured
// headers.
func TestRemote_RedirectToAnotherOriginSendsNoReferer(t *testing.T) {
	var atB recorder
	other := httptest.NewServer(atB.wrap(mcpHandler(false)))
	defer other.Close()
	conf := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer conf.Close()
	spec := &config.Server{Name: "r", Type: config.HTTP, URL: conf.URL + "/mcp?token=q-s3cret"}
	b, err := Start(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := b.CallTool(context.Background(), "big", []byte(`{"bytes":3}`)); err != nil {
		t.Fatal(err)
	}
	if len(atB.seen()) == 0 {
		t.Fatal("the redirect target got no request")
	}
	for _, h := range atB.seen() {
		if v := h.Get("Referer"); v != "" {
			t.Errorf("the other origin got Referer %q", v)
		}
	}
}

// rawAnswer answers r with the raw HTTP text head (a status line and
// headers, CRLF each, no blank line) and closes the connection.
func rawAnswer(w http.ResponseWriter, head string) {
	c, buf, err := w.(http.Hijacker).Hijack()
	if err != nil {
		return
	}
	defer c.Close()
	buf.WriteString(head + "Content-Length: 0\r\n\r\n")
	buf.Flush()
}

// Errors about a remote backend's connection quote what the server sent
// (a status line's reason, a malformed header line, its session id):
// 100 kB of it went into the agent's error, the log and the start error.
// They are cut to maxErrText now, head and tail kept.
func TestRemote_ConnectionErrorsAreBounded(t *testing.T) {
	junk := strings.Repeat("j", 200<<10)
	check := func(what string, err error) {
		t.Helper()
		if err == nil {
			t.Fatalf("%s: no error", what)
		}
		// A malformed header line is named without quoting it (round one hundred).
		if msg := err.Error(); len(msg) > maxErrText+200 || !strings.Contains(msg, "bytes cut") && !strings.Contains(msg, "that HTTP does not allow") {
			t.Errorf("%s: error of %d bytes (%.200q…), want at most about %d", what, len(msg), msg, maxErrText)
		}
	}
	// A call answered with a header line Go refuses (and quotes).
	h := &hostileRemote{call: func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
		rawAnswer(w, "HTTP/1.1 200 OK\r\nContent-Type: application/json"+junk+"\x01\r\n")
	}}
	b := startHostile(t, h)
	_, err := b.CallTool(context.Background(), "t", nil)
	check("call", err)

	// A legacy SSE server whose POST is answered with a 200 kB reason:
	// the call fails quoting the status line, bounded, and the session
	// goes on.
	sse := mcp.NewSSEHandler(func(*http.Request) *mcp.Server {
		s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
		s.AddTool(&mcp.Tool{Name: "t", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
		return s
	}, nil)
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			body, _ := io.ReadAll(r.Body)
			if strings.Contains(string(body), `"tools/call"`) {
				rawAnswer(w, "HTTP/1.1 500 "+junk+"\r\n")
				return
			}
			r.Body = io.NopCloser(strings.NewReader(string(body)))
		}
		sse.ServeHTTP(w, r)
	}))
	defer ts.Close()
	sb, err := Start(context.Background(), &config.Server{Name: "s", Type: config.SSE, URL: ts.URL}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer sb.Close()
	_, err = sb.CallTool(context.Background(), "t", nil)
	if err == nil || len(err.Error()) > maxErrText+200 || !strings.Contains(err.Error(), "answered tools/call with 500 jjj") {
		t.Errorf("sse call: %v, want a bounded error quoting the status", err)
	}
	if err := sb.alive(); err != nil {
		t.Errorf("sse: the session ended: %v", err)
	}

	// A start whose initialize is answered so.
	ts2 := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rawAnswer(w, "HTTP/1.1 200 OK\r\nMcp-Session-Id: "+junk+"\x01\r\n")
	}))
	defer ts2.Close()
	_, err = Start(context.Background(), &config.Server{Name: "x", Type: config.HTTP, URL: ts2.URL}, nil)
	check("start", err)
}

func TestCutText_KeepsRunesWhole(t *testing.T) {
	s := strings.Repeat("é", 3000)
	got := cutText(s, 101)
	if !utf8.ValidString(got) || len(got) > 101+40 || !strings.Contains(got, "bytes cut") {
		t.Errorf("cutText = %q", got)
	}
	if cutText("short", 10) != "short" {
		t.Error("a short text was changed")
	}
}

// An error status with Content-Type text/event-stream got the per-event
// bound only, but the SDK reads an error answer whole (for a JSON-RPC
// error in it): a 400 streaming small events without end grew the
// process by gigabytes (9.4 GB in 30 s with the built binary), past the
// call's timeout. Such a body is now bounded like a JSON one. (A 400 is
// now refused after 64 KiB, badAnswer; a 404 to the session id still
// goes to the SDK whole.)
func TestRemote_ErrorStatusWithEventStreamIsBounded(t *testing.T) {
	var wrote atomic.Int64
	h := &hostileRemote{call: func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusNotFound)
		chunk := []byte(strings.Repeat("data: x\n\n", 10000))
		for {
			n, err := w.Write(chunk)
			wrote.Add(int64(n))
			if err != nil {
				return
			}
		}
	}}
	ts := httptest.NewServer(h)
	defer ts.Close()
	b, err := Start(context.Background(), &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{ProtocolVersion: "2025-11-25", MaxMessageBytes: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	_, err = b.CallTool(ctx, "t", nil)
	if !errors.Is(err, ErrMessageTooLarge) {
		t.Errorf("call: %v, want the message-too-large error", err)
	}
	if n := wrote.Load(); n > 64<<20 {
		t.Errorf("the server wrote %d MB of the error answer, want it read no further than the limit", n>>20)
	}
}

// legacySSE is a hand-written 2024-11-05 SSE server: GET / is the event
// stream (the endpoint event, then what is sent on out), POST /msg takes
// messages and answers initialize, tools/list and calls on the stream.
type legacySSE struct {
	out      chan []byte
	wrote    atomic.Int64 // bytes written to the stream
	endpoint string       // the endpoint event's data; "" is /msg
	posts    atomic.Int64 // POSTs taken
	// call, when set, is the event answering a tools/call with id (its
	// JSON text); "" answers as for any other method.
	call func(id json.RawMessage) string
	// tools, when set, is the tools/list result (its JSON text).
	tools string
	// answer, when set, is given each POST that carries no method (an
	// answer of ours to a request of the server's), which is then not
	// answered on the stream.
	answer func(body []byte)
}

func (s *legacySSE) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet {
		w.Header().Set("Content-Type", "text/event-stream")
		ep := s.endpoint
		if ep == "" {
			ep = "/msg"
		}
		fmt.Fprintf(w, "event: endpoint\ndata: %s\n\n", ep)
		w.(http.Flusher).Flush()
		for {
			select {
			case <-r.Context().Done():
				return
			case m := <-s.out:
				n, err := w.Write(m)
				s.wrote.Add(int64(n))
				if err != nil {
					return
				}
				w.(http.Flusher).Flush()
			}
		}
	}
	s.posts.Add(1)
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	body, _ := io.ReadAll(r.Body)
	_ = json.Unmarshal(body, &m)
	w.WriteHeader(http.StatusAccepted)
	if m.Method == "" && s.answer != nil {
		s.answer(body)
		return
	}
	if m.ID == nil {
		return
	}
	res := `{}`
	switch m.Method {
	case "initialize":
		res = `{"protocolVersion":"2024-11-05","capabilities":{"tools":{},"logging":{}},"serverInfo":{"name":"l","version":"1"}}`
	case "tools/list":
		res = `{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}`
		if s.tools != "" {
			res = s.tools
		}
	}
	ev := fmt.Sprintf("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":%s}\n\n", m.ID, res)
	if m.Method == "tools/call" && s.call != nil {
		if e := s.call(m.ID); e != "" {
			ev = e
		}
	}
	go func() { s.out <- []byte(ev) }()
}

// The SDK's legacy SSE client reads its stream ahead into a queue of 100
// events, up to maxMessageBytes each, however slowly the connection's
// reader takes them: a server sending 150 log messages of 30 MB held 5.5
// GB. The stream is now read no further than 2 x maxMessageBytes past
// what the reader took. (Here the reader waits: a response waits for the
// log message before it to be handled, and its handler is slow.)
func TestRemote_LegacySSEReadAheadIsBounded(t *testing.T) {
	s := &legacySSE{out: make(chan []byte)}
	ts := httptest.NewServer(s)
	defer ts.Close()
	release := make(chan struct{})
	var logs atomic.Int64
	o := &Options{MaxMessageBytes: 1 << 20, Log: func(ctx context.Context, p *mcp.LoggingMessageParams) {
		if logs.Add(1) == 1 {
			<-release
		}
	}}
	b, err := Start(context.Background(), &config.Server{Name: "l", Type: config.SSE, URL: ts.URL}, o)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	defer close(release)
	s.out <- []byte("event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"slow\"}}\n\n")
	s.out <- []byte("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":999,\"result\":{}}\n\n")
	ev := []byte(fmt.Sprintf("event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":%q}}\n\n", strings.Repeat("B", 900<<10)))
	base := s.wrote.Load()
	sent := make(chan struct{})
	go func() {
		defer close(sent)
		for range 60 {
			select {
			case s.out <- ev:
			case <-time.After(time.Second):
				return // the stream is held back
			}
		}
	}()
	<-sent
	if n := s.wrote.Load() - base; n > 16<<20 {
		t.Errorf("%d MB of the stream were read while the reader waited, want about 2 MB (plus socket buffers)", n>>20)
	}
}

// sseLines counts the events the SDK queues as the SDK reads them:
// comments, empty data and unknown fields alone make none.
func TestSSELines_CountsTheEventsTheSDKQueues(t *testing.T) {
	g := newSSEGate(1 << 20)
	var l sseLines
	stream := "event: endpoint\ndata: /m\n\n" + // read by Connect
		": comment\n\n" + // none
		"data:\n\n" + // none: empty data
		"data: \t\r\n\r\n" + // none: blank data, CRLF
		"foo: bar\n\n" + // none: unknown field
		"data:\ndata:\n\n" + // one: "\n"
		"id: 7\n\n" + // one
		"data: {}\n\n" + // one
		"data: \u00a0\u2028\n\n" + // none: Unicode spaces only
		"id:\u3000\r\n\r\n" + // none
		"data\r: x\n\n" + // none: the field is "data\r"
		"id: 7\nid:\nevent: a\nevent: \n\n" + // none: the last id and name are empty
		"data: \xe2\x80\n\n" // one: a rune cut short
	l.feed([]byte(stream), g)
	if len(g.ends) != 4 {
		t.Errorf("%d events counted, want 4", len(g.ends))
	}
	if g.taken != int64(len("event: endpoint\ndata: /m\n\n")) {
		t.Errorf("the endpoint event ends at %d, want it taken", g.taken)
	}
	if g.ends[len(g.ends)-1] != int64(len(stream)) {
		t.Errorf("the last event ends at %d, want %d", g.ends[len(g.ends)-1], len(stream))
	}
}

// A Streamable HTTP server's plain 4xx or wrong content type answering one
// call made the SDK end the whole session: every other call in flight on
// the backend failed with it (on a shared backend, other sessions'), and
// the next call started a new session. Such an answer now fails its call
// only, naming the server and what was wrong.
func TestRemote_ABadAnswerToOneCallFailsThatCallOnly(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer func(w http.ResponseWriter)
		want   string
	}{
		{"400 text", func(w http.ResponseWriter) { http.Error(w, "<html>\x1b[2Jno</html>", http.StatusBadRequest) }, "400 Bad Request"},
		{"413", func(w http.ResponseWriter) { http.Error(w, "too big", http.StatusRequestEntityTooLarge) }, "413 Request Entity Too Large"},
		{"html", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<html>login</html>")
		}, `Content-Type "text/html"`},
		{"202", func(w http.ResponseWriter) { w.WriteHeader(http.StatusAccepted) }, "202 Accepted"},
		// a JSON-RPC error in its first 64 KiB, but the whole body nested
		// over 1,000 deep: the SDK's decoder refuses the whole
		{"400 long", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusBadRequest)
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"no"}}`+strings.Repeat(" ", maxPeekedError)+strings.Repeat("[", 1001))
		}, "400 Bad Request"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			held, release := make(chan struct{}), make(chan struct{})
			h := &hostileRemote{}
			h.post = func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
				switch {
				case method != "tools/call":
					return false
				case bytes.Contains(body, []byte(`"name":"bad"`)):
					tt.answer(w)
				default:
					var m struct{ ID json.RawMessage }
					_ = json.Unmarshal(body, &m)
					answerHeld(w, m.ID, held, release)
				}
				return true
			}
			b := startHostile(t, h)
			badBesideHeld(t, b, held, release, nil, tt.want, `backend "r"`)
			if n := h.inits.Load(); n != 1 {
				t.Errorf("%d sessions opened, want 1", n)
			}
		})
	}
}

// A 302 makes Go send the call again as a GET, which a server answers 405:
// that answer is the call's too.
func TestRemote_ACallRedirectedToAGETFailsThatCallOnly(t *testing.T) {
	h := &hostileRemote{}
	h.post = func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
		if method == "tools/call" {
			http.Redirect(w, r, "/elsewhere", http.StatusFound)
			return true
		}
		return false
	}
	b := startHostile(t, h)
	_, err := b.CallTool(context.Background(), "t", nil)
	if err == nil || !strings.Contains(err.Error(), `backend "r" answered tools/call with 405 Method Not Allowed`) {
		t.Errorf("call: %v, want the 405 named", err)
	}
	if err := b.alive(); err != nil {
		t.Errorf("the backend ended: %v", err)
	}
}

// A JSON answer to one call that broke off (a reset mid-answer) or was no
// JSON-RPC message made the SDK end the session, failing every call in
// flight on the backend. The call gets an error naming the server now,
// and the session goes on.
func TestRemote_ABrokenJSONAnswerFailsThatCallOnly(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer func(w http.ResponseWriter, id json.RawMessage)
		want   string
	}{
		{"reset", func(w http.ResponseWriter, id json.RawMessage) {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Content-Length", "1000")
			w.WriteHeader(http.StatusOK)
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":[`, id)
			w.(http.Flusher).Flush()
			c, _, err := w.(http.Hijacker).Hijack()
			if err == nil {
				if tc, ok := c.(*net.TCPConn); ok {
					_ = tc.SetLinger(0)
				}
				c.Close()
			}
		}, "its answer broke off after"},
		{"cut", func(w http.ResponseWriter, id json.RawMessage) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":[`, id)
		}, "is not a JSON-RPC message"},
		{"array", func(w http.ResponseWriter, id json.RawMessage) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `[1,2]`)
		}, "is not a JSON-RPC message"},
		{"object", func(w http.ResponseWriter, id json.RawMessage) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"answer":42}`)
		}, "is not a JSON-RPC message"},
		{"bad error", func(w http.ResponseWriter, id json.RawMessage) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":"boom"}`, id)
		}, "is not a JSON-RPC message"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			held, release := make(chan struct{}), make(chan struct{})
			h := &hostileRemote{}
			h.post = func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
				if method != "tools/call" {
					return false
				}
				var m struct{ ID json.RawMessage }
				_ = json.Unmarshal(body, &m)
				if bytes.Contains(body, []byte(`"name":"bad"`)) {
					tt.answer(w, m.ID)
					return true
				}
				answerHeld(w, m.ID, held, release)
				return true
			}
			b := startHostile(t, h)
			badBesideHeld(t, b, held, release, nil, tt.want, `backend "r"`)
		})
	}
}

// A JSON-RPC error in an error status's body is the backend's answer: the
// call gets it, and the session goes on.
func TestRemote_AJSONRPCErrorInAnErrorStatusReachesTheCall(t *testing.T) {
	h := &hostileRemote{}
	h.post = func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
		if method != "tools/call" {
			return false
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprint(w, `{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"owner is required"}}`)
		return true
	}
	b := startHostile(t, h)
	_, err := b.CallTool(context.Background(), "t", nil)
	if err == nil || !strings.Contains(err.Error(), "owner is required") {
		t.Errorf("call: %v, want the backend's error", err)
	}
	if err := b.alive(); err != nil {
		t.Errorf("the backend ended: %v", err)
	}
}

// An event on a call's stream that is not a JSON-RPC message made the SDK
// end the session, failing every call in flight on the backend. The call
// gets an error naming the server now; the events around it pass as sent.
func TestRemote_AnUndecodableEventFailsThatCallOnly(t *testing.T) {
	for _, tt := range []struct{ name, events string }{
		{"not json", "data: not json\n\n"},
		{"array", "event: message\r\ndata: [1,\r\ndata: 2]\r\n\r\n"},
		{"cut", ": note\ndata: {\"jsonrpc\":\"2.0\",\n\n"},
		{"object", "data: {\"answer\":42}\n\n"},
		{"object id", "data: {\"jsonrpc\":\"2.0\",\"id\":{},\"result\":{}}\n\n"},
		{"no jsonrpc", "data: {\"id\":1,\"result\":{}}\n\n"},
		{"cut over 1 MiB", "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"data\":\"" + strings.Repeat("z", 3<<20) + "\"}\n\n"},
		{"over 1 MiB, no message", "data: {\"result\":\"" + strings.Repeat("z", 3<<20) + "\"}\n\n"},
		{"run on into the next event", "data: {\"jsonrpc\":\"2.0\",\"id\":"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			held, release := make(chan struct{}), make(chan struct{})
			h := &hostileRemote{}
			h.post = func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
				if method != "tools/call" {
					return false
				}
				var m struct{ ID json.RawMessage }
				_ = json.Unmarshal(body, &m)
				w.Header().Set("Content-Type", "text/event-stream")
				if bytes.Contains(body, []byte(`"name":"bad"`)) {
					fmt.Fprint(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"before\"}}\n\n")
					// one over maxChecked, passed on unchecked, then checking again
					fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":%q}}\r\n\r\n", strings.Repeat("y", 1536<<10))
					fmt.Fprint(w, tt.events)
					fmt.Fprint(w, "event: other\ndata: ignored\n\n")
					return true
				}
				close(held)
				<-release
				fmt.Fprintf(w, "id: 1\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":%q}]}}\n\n", m.ID, strings.Repeat("x", 1536<<10))
				return true
			}
			b := startHostile(t, h)
			long := func(res *mcp.CallToolResult) error {
				if len(res.Content[0].(*mcp.TextContent).Text) != 1536<<10 {
					return fmt.Errorf("the held call's long result came back cut")
				}
				return nil
			}
			badBesideHeld(t, b, held, release, long, `backend "r" sent an event that is not a JSON-RPC message`)
		})
	}
}

// A remote backend that offers logging but never answers
// logging/setLevel added 5 s to each start (the start waited for the
// answer). The start now waits for it at most setLevelWait; the level is
// still asked for.
func TestRemote_UnansweredSetLevelDoesNotDelayTheStart(t *testing.T) {
	var asked atomic.Int64
	stop := make(chan struct{})
	h := &hostileRemote{post: func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
		var m struct {
			ID json.RawMessage `json:"id"`
		}
		_ = json.Unmarshal(body, &m)
		switch method {
		case "initialize":
			w.Header().Set("Mcp-Session-Id", "s1")
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{},"logging":{}},"serverInfo":{"name":"h","version":"1"}}}`, m.ID)
			return true
		case "logging/setLevel":
			asked.Add(1)
			select { // never answered
			case <-r.Context().Done():
			case <-stop:
			}
			return true
		}
		return false
	}}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	t.Cleanup(func() { close(stop) })
	began := time.Now()
	b, err := Start(context.Background(), &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{ProtocolVersion: "2025-11-25", Log: func(context.Context, *mcp.LoggingMessageParams) {}})
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(began)
	t.Cleanup(func() { b.Close() })
	if took > setLevelTimeout*4/5 { // waiting for it takes setLevelTimeout
		t.Errorf("the start took %v, waiting for logging/setLevel", took)
	}
	if asked.Load() != 1 {
		t.Errorf("logging/setLevel asked %d times, want 1", asked.Load())
	}
	if _, err := b.CallTool(context.Background(), "t", nil); err != nil {
		t.Errorf("call after the start: %v", err)
	}
	// Close does not wait for the unanswered request either (the
	// session's Close waits for what is in flight, up to 1 s).
	began = time.Now()
	b.Close()
	if took := time.Since(began); took > setLevelTimeout*3/5 {
		t.Errorf("Close took %v, waiting for logging/setLevel", took)
	}
}

// A 404 from another origin, where the configured server redirected a
// call, was read as the server forgetting our session: the session
// ended, every call in flight on it failed, and a new one was opened. It
// now fails that call only, naming the other origin. The session id
// still goes there (a load balancer sending each request to one node is
// legitimate; the id is the server's to hand out), the configured
// headers do not.
func TestRemote_A404FromAnotherOriginFailsThatCallOnly(t *testing.T) {
	var sawSession, sawKey atomic.Value
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sawSession.Store(r.Header.Get("Mcp-Session-Id"))
		sawKey.Store(r.Header.Get("X-Api-Key"))
		w.WriteHeader(http.StatusNotFound)
	}))
	defer other.Close()
	var calls atomic.Int64
	h := &hostileRemote{post: func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
		if method == "tools/call" && calls.Add(1) == 1 {
			http.Redirect(w, r, other.URL+"/mcp", http.StatusTemporaryRedirect)
			return true
		}
		return false
	}}
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	b, err := Start(context.Background(), &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL, Headers: map[string]string{"X-Api-Key": "k-s3cret"}}, &Options{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	_, err = b.CallTool(context.Background(), "t", nil)
	if err == nil || !strings.Contains(err.Error(), "where a redirect sent this request") || !strings.Contains(err.Error(), other.Listener.Addr().String()) {
		t.Fatalf("redirected call: %v, want it to fail naming the other origin", err)
	}
	if _, err := b.CallTool(context.Background(), "t", nil); err != nil {
		t.Fatalf("the next call: %v", err)
	}
	if n := h.inits.Load(); n != 1 {
		t.Errorf("%d sessions opened, want 1", n)
	}
	if v, _ := sawSession.Load().(string); v != "s1" {
		t.Errorf("the other origin got session id %q, want s1", v)
	}
	if v, _ := sawKey.Load().(string); v != "" {
		t.Errorf("the other origin got the configured header %q", v)
	}
}

// A legacy SSE backend answering one POST with an error status (a
// gateway's 400, a 500 for one request) ended the session, as the SDK's
// client reads a failed POST: every call in flight failed with it. That
// call fails now, naming the server and the status; the others go on.
func TestRemote_LegacySSERefusedPostFailsThatCallOnly(t *testing.T) {
	for _, status := range []int{http.StatusBadRequest, http.StatusRequestEntityTooLarge, http.StatusInternalServerError} {
		t.Run(http.StatusText(status), func(t *testing.T) {
			s := &legacySSE{out: make(chan []byte)}
			release := make(chan struct{})
			h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if r.Method == http.MethodPost {
					body, _ := io.ReadAll(r.Body)
					r.Body = io.NopCloser(bytes.NewReader(body))
					var m struct{ ID json.RawMessage }
					_ = json.Unmarshal(body, &m)
					switch {
					case bytes.Contains(body, []byte(`"name":"bad"`)):
						http.Error(w, "refused \x1b[2J", status)
						return
					case bytes.Contains(body, []byte(`"name":"hold"`)):
						w.WriteHeader(http.StatusAccepted)
						go func() {
							<-release
							s.out <- []byte(fmt.Sprintf("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"held\"}]}}\n\n", m.ID))
						}()
						return
					}
				}
				s.ServeHTTP(w, r)
			})
			ts := httptest.NewServer(h)
			defer ts.Close()
			b, err := Start(context.Background(), &config.Server{Name: "l", Type: config.SSE, URL: ts.URL}, nil)
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			done := make(chan error, 1)
			go func() {
				_, err := b.CallTool(context.Background(), "hold", nil)
				done <- err
			}()
			time.Sleep(200 * time.Millisecond) // the held call is in flight
			_, err = b.CallTool(context.Background(), "bad", nil)
			if err == nil || !strings.Contains(err.Error(), `backend "l" answered tools/call with `+fmt.Sprint(status)) {
				t.Errorf("bad call: %v, want it to name the server and the status", err)
			}
			close(release)
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("the call in flight: %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the call in flight got no answer")
			}
			if err := b.alive(); err != nil {
				t.Errorf("the backend ended: %v", err)
			}
			if _, err := b.CallTool(context.Background(), "t", nil); err != nil {
				t.Errorf("a call after: %v", err)
			}
		})
	}
}

// answerHeld closes held, waits for release, then answers the call id with
// the text "held".
func answerHeld(w http.ResponseWriter, id json.RawMessage, held, release chan struct{}) {
	close(held)
	<-release
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"held"}]}}`, id)
}

// badBesideHeld calls "hold" in the background, waits until the server
// holds it (held), then calls "bad": that call must fail with an error
// holding every one of want. Then the held call is let go (release) and
// must succeed (and pass check, when given) on a backend still alive: a bad
// answer to one call fails that call, not the calls beside it.
func badBesideHeld(t *testing.T, b *Backend, held, release chan struct{}, check func(*mcp.CallToolResult) error, want ...string) {
	t.Helper()
	done := make(chan error, 1)
	go func() {
		res, err := b.CallTool(context.Background(), "hold", nil)
		if err == nil && check != nil {
			err = check(res)
		}
		done <- err
	}()
	<-held
	_, err := b.CallTool(context.Background(), "bad", nil)
	for _, w := range want {
		if err == nil || !strings.Contains(err.Error(), w) {
			t.Errorf("bad call: %v, want an error with %q", err, w)
		}
	}
	close(release)
	if err := <-done; err != nil {
		t.Errorf("the call in flight failed with it: %v", err)
	}
	if err := b.alive(); err != nil {
		t.Errorf("the backend ended: %v", err)
	}
}

// A legacy SSE endpoint event naming another origin: the TypeScript and
// Python SDKs refuse it, and the Go SDK's client posted every request of
// the session there (tools' arguments to a host the config never named).
// The start now fails naming both origins, and nothing reaches the other.
func TestRemote_LegacySSEEndpointOnAnotherOriginIsRefused(t *testing.T) {
	other := &legacySSE{out: make(chan []byte, 16)}
	ots := httptest.NewServer(other)
	defer ots.Close()
	s := &legacySSE{out: make(chan []byte, 16), endpoint: ots.URL + "/msg"}
	ts := httptest.NewServer(s)
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	b, err := Start(ctx, &config.Server{Name: "l", Type: config.SSE, URL: ts.URL, Headers: map[string]string{"X-Key": "k"}}, &Options{})
	if err == nil {
		b.Close()
		t.Fatal("started, want the endpoint refused")
	}
	t.Logf("refused: %v", err)
	u, _ := url.Parse(ots.URL)
	if msg := err.Error(); !strings.Contains(msg, `backend "l"`) || !strings.Contains(msg, u.Port()) || !strings.Contains(msg, "endpoint event") {
		t.Errorf("error %q: want it to name the server, the other origin and the endpoint event", msg)
	}
	if n := other.posts.Load(); n != 0 {
		t.Errorf("the other origin got %d POSTs, want none", n)
	}
	// The same origin, named absolutely, is the configured one.
	same := &legacySSE{out: make(chan []byte, 16)}
	sts := httptest.NewServer(same)
	defer sts.Close()
	same.endpoint = sts.URL + "/msg"
	b, err = Start(ctx, &config.Server{Name: "l", Type: config.SSE, URL: sts.URL}, &Options{})
	if err != nil {
		t.Fatalf("an absolute endpoint on the same origin: %v", err)
	}
	b.Close()
}

// An event the SDK cannot decode on a legacy SSE backend's stream (which
// carries every answer) ended the backend's session, failing every call
// in flight on it, other sessions' too. It is now dropped and said, and
// the session goes on.
func TestRemote_LegacySSEUndecodableEventIsDropped(t *testing.T) {
	for _, junk := range []string{"not json", `{"answer":42}`, `{"jsonrpc":"2.0","id":{"x":1},"result":{}}`} {
		t.Run(junk, func(t *testing.T) {
			s := &legacySSE{out: make(chan []byte, 16)}
			ts := httptest.NewServer(s)
			defer ts.Close()
			rec := &logtest.Recorder{}
			b, err := Start(context.Background(), &config.Server{Name: "l", Type: config.SSE, URL: ts.URL}, &Options{Logger: rec.Logger()})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			s.out <- []byte("event: message\ndata: " + junk + "\n\n")
			for i := range 2 {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				_, err := b.ListTools(ctx)
				cancel()
				if err != nil {
					t.Fatalf("listing %d after the bad event: %v; want the session to go on", i, err)
				}
			}
			if !slices.ContainsFunc(rec.Lines(), func(l string) bool { return strings.HasPrefix(l, "dropped an event of the backend") }) {
				t.Errorf("the drop was not said; logged: %q", rec.Lines())
			}
		})
	}
}

// An answer on a legacy SSE backend's stream that the SDK cannot decode
// was dropped (so that the session goes on), and the call whose answer it
// was waited until its time limit, though the answer's id could be read.
// Now that call fails at once, naming the server and why its answer was
// malformed; an answer whose id cannot be read (not JSON, an object as
// id, an id after an error that is not an object) still leaves its call
// waiting. Answers the SDK decodes but that are wrong (a result of the
// wrong shape, both a result and an error) failed their call at once
// already.
func TestRemote_LegacySSEMalformedAnswerFailsItsCall(t *testing.T) {
	for _, tt := range []struct {
		answer string // %s is the call's id
		why    string // in the call's error; "" when the call waits
	}{
		{`{"jsonrpc":"1.0","id":%s,"result":{"content":[]}}`, `malformed`},
		{`{"id":%s,"result":{"content":[]}}`, `malformed`},
		{`{"jsonrpc":"2.0","id":%s,"error":"broken"}`, `malformed`},
		{`{"jsonrpc":"2.0","id":%s,"error":{"code":"x","message":"m"}}`, `malformed`},
		{`{"jsonrpc":"2.0","id":%s,"result":"oops"}`, `backend "l"`},
		{`{"jsonrpc":"2.0","id":%s,"result":{"content":[]},"error":{"code":1,"message":"both"}}`, `both`},
		{`not json %s`, ""},
		{`{"jsonrpc":"2.0","error":"broken","id":%s}`, ""},
		{`{"jsonrpc":"2.0","id":{"n":%s},"result":{}}`, ""},
	} {
		t.Run(tt.answer, func(t *testing.T) {
			s := &legacySSE{out: make(chan []byte, 16), call: func(id json.RawMessage) string {
				return "event: message\ndata: " + fmt.Sprintf(tt.answer, id) + "\n\n"
			}}
			ts := httptest.NewServer(s)
			defer ts.Close()
			b, err := Start(context.Background(), &config.Server{Name: "l", Type: config.SSE, URL: ts.URL}, &Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			limit := 10 * time.Second // does not hang
			if tt.why == "" {
				limit = 500 * time.Millisecond // waits for it
			}
			ctx, cancel := context.WithTimeout(context.Background(), limit)
			_, err = b.CallTool(ctx, "t", json.RawMessage(`{}`))
			cancel()
			switch {
			case tt.why == "" && !errors.Is(err, context.DeadlineExceeded):
				t.Fatalf("call: %v; want it to wait for its time limit (no id to answer)", err)
			case tt.why != "" && (err == nil || errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), tt.why) || !strings.Contains(err.Error(), `"l"`)):
				t.Fatalf("call: %v; want it failed at once, naming the server and %q", err, tt.why)
			}
			t.Logf("call: %v", err)
			// The session goes on.
			ctx, cancel = context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			if _, err := b.ListTools(ctx); err != nil {
				t.Fatalf("listing after: %v", err)
			}
		})
	}
}

// A line without a colon on a legacy SSE backend's stream ended the
// SDK's reading of it ("malformed line in SSE stream"), and so the
// backend's session; it is dropped, as on a Streamable HTTP stream (the
// SSE format says to ignore such a line), and the session goes on.
func TestRemote_LegacySSEALineWithoutAColonIsDropped(t *testing.T) {
	s := &legacySSE{out: make(chan []byte, 16)}
	ts := httptest.NewServer(s)
	defer ts.Close()
	b, err := Start(context.Background(), &config.Server{Name: "l", Type: config.SSE, URL: ts.URL}, &Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	s.out <- []byte("a line without a colon\n\n")
	for i := range 2 {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		_, err := b.ListTools(ctx)
		cancel()
		if err != nil {
			t.Fatalf("listing %d after the line: %v; want the session to go on", i, err)
		}
	}
}

// The same on a Streamable HTTP backend's standalone stream: the SDK
// ended the session on an event there it could not decode.
func TestRemote_StandaloneStreamUndecodableEventIsDropped(t *testing.T) {
	h := &hostileRemote{}
	sent := make(chan struct{})
	var once sync.Once
	h.get = func(w http.ResponseWriter, r *http.Request, n int64) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		if n == 1 {
			fmt.Fprint(w, "data: {\"answer\":42}\n\n")
		}
		w.(http.Flusher).Flush()
		once.Do(func() { close(sent) })
		<-r.Context().Done()
	}
	b := startHostile(t, h)
	select {
	case <-sent:
	case <-time.After(5 * time.Second):
		t.Fatal("no standalone stream opened")
	}
	time.Sleep(200 * time.Millisecond) // the event read
	for i := range 2 {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_, err := b.CallTool(ctx, "t", json.RawMessage(`{}`))
		cancel()
		if err != nil {
			t.Fatalf("call %d after the bad event: %v; want the session to go on", i, err)
		}
	}
	if n := h.inits.Load(); n != 1 {
		t.Errorf("%d sessions opened, want the first kept", n)
	}
}

// A Streamable HTTP backend's log messages, sent faster than they are
// handled (here the handler is held), are bounded as a stdio backend's
// are: the SDK does not let us wrap its connection, so the events are
// counted as they pass our HTTP layer, and those past the backlog's bound
// are skipped there. The call's result still arrives.
func TestRemote_StreamableNotificationBacklogIsBounded(t *testing.T) {
	const sent = 3 * maxBacklog
	h := &hostileRemote{}
	h.call = func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		bw := bufio.NewWriter(w)
		for i := range sent {
			fmt.Fprintf(bw, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":%d}}\n\n", i)
		}
		fmt.Fprintf(bw, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"fine\"}]}}\n\n", id)
		bw.Flush()
	}
	ts := httptest.NewServer(h)
	defer ts.Close()
	release := make(chan struct{})
	var handled atomic.Int64
	rec := &logtest.Recorder{}
	o := &Options{ProtocolVersion: "2025-11-25", Logger: rec.Logger(), Log: func(context.Context, *mcp.LoggingMessageParams) {
		if handled.Add(1) == 1 {
			<-release
		}
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, o)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := b.CallTool(ctx, "t", json.RawMessage(`{}`)); err != nil {
		t.Fatalf("call: %v; want its result", err)
	}
	close(release)
	time.Sleep(500 * time.Millisecond) // what waited is handled
	if got := handled.Load(); got > maxBacklog+1 || got < maxBacklog/2 {
		t.Errorf("%d of %d log messages handled, want at most the backlog's bound (%d) and the one held", got, sent, maxBacklog)
	}
	if !slices.ContainsFunc(rec.Lines(), func(l string) bool { return strings.HasPrefix(l, "dropped notifications of the backend") }) {
		t.Errorf("the drop was not said; logged: %q", rec.Lines())
	}
}

// A session id the protocol does not allow (visible ASCII only), or of a
// size no header should have, was taken and sent back on every request:
// 900 KB with each call, U+2028 and spaces quoted as they came in errors.
// The start fails now, naming the server and what was wrong.
func TestRemote_AnUnfitSessionIDIsRefused(t *testing.T) {
	for _, tt := range []struct{ sid, want string }{
		{strings.Repeat("a", 900<<10), "of 921600 bytes, over the 4096 bytes"},
		{"s1 x", "holding characters other than visible ASCII (s1 x)"},
		{"s\u2028", "holding characters other than visible ASCII"},
		{"é", "holding characters other than visible ASCII"},
	} {
		var sent atomic.Int64
		h := &hostileRemote{post: func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
			sent.Store(max(sent.Load(), int64(len(r.Header.Get("Mcp-Session-Id")))))
			return false
		}}
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			h.ServeHTTP(&sidWriter{ResponseWriter: w, sid: tt.sid}, r)
		}))
		_, err := Start(context.Background(), &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{ProtocolVersion: "2025-11-25"})
		ts.Close()
		if err == nil || !strings.Contains(err.Error(), `backend "r" sent a session id (Mcp-Session-Id) `+tt.want) {
			t.Errorf("session id %.20q: error %v, want it to say %q", tt.sid, err, tt.want)
		}
		if n := sent.Load(); n > 0 {
			t.Errorf("session id %.20q: sent back (%d bytes)", tt.sid, n)
		}
	}
}

// sidWriter sets the Mcp-Session-Id header to sid whatever the handler
// set.
type sidWriter struct {
	http.ResponseWriter
	sid string
}

func (w *sidWriter) WriteHeader(code int) {
	w.Header().Set("Mcp-Session-Id", w.sid)
	w.ResponseWriter.WriteHeader(code)
}

func (w *sidWriter) Write(p []byte) (int, error) {
	w.Header().Set("Mcp-Session-Id", w.sid)
	return w.ResponseWriter.Write(p)
}

// A server that drops a call's event stream before answering (a
// restart, a proxy's timeout) failed the call at once, but with the
// SDK's words alone, `calling "tools/call": request terminated without
// response`, naming no server: the agent's script could not tell which
// backend dropped it, nor that the call may have run. With an event id
// the SDK resumes the stream once; a resumed stream that drops too fails
// the same way.
func TestRemote_ADroppedCallStreamFailsNamingTheServer(t *testing.T) {
	for _, withID := range []bool{false, true} {
		drop := func(w http.ResponseWriter, first string) {
			w.Header().Set("Content-Type", "text/event-stream")
			w.WriteHeader(http.StatusOK)
			fmt.Fprint(w, first)
			w.(http.Flusher).Flush()
			if c, _, err := w.(http.Hijacker).Hijack(); err == nil {
				c.Close()
			}
		}
		h := &hostileRemote{
			call: func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
				if withID {
					drop(w, "id: 1\ndata:\n\n")
					return
				}
				drop(w, "")
			},
			get: func(w http.ResponseWriter, r *http.Request, n int64) {
				if r.Header.Get("Last-Event-ID") == "" {
					w.WriteHeader(http.StatusMethodNotAllowed)
					return
				}
				drop(w, "")
			},
		}
		b := startHostile(t, h)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		_, err := b.CallTool(ctx, "t", nil)
		if ctx.Err() != nil {
			t.Errorf("event id %v: the call waited for its time limit", withID)
		}
		cancel()
		if err == nil || !strings.Contains(err.Error(), `backend "r" ended the call's stream before it answered`) {
			t.Errorf("event id %v: error %v, want it to name the server and say the stream ended", withID, err)
		}
		if err := b.alive(); err != nil {
			t.Errorf("event id %v: the session ended: %v", withID, err)
		}
	}
}

// A legacy SSE URL answered with a page (a proxy's sign-in page, a
// 200 text/html) failed the start quoting the page's first line as a
// malformed event ("missing endpoint: malformed event: malformed line in
// SSE stream: \"<html>…\""). It is named by its content type now.
func TestRemote_LegacySSEPageInsteadOfAStreamIsNamed(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, "<html>Sign in to the proxy "+strings.Repeat("x", 100<<10)+"</html>\n")
	}))
	defer ts.Close()
	_, err := Start(context.Background(), &config.Server{Name: "s", Type: config.SSE, URL: ts.URL}, nil)
	if err == nil || !strings.Contains(err.Error(), `backend "s" answered its event stream with 200 OK and Content-Type "text/html; charset=utf-8", not text/event-stream`) || strings.Contains(err.Error(), "<html>") {
		t.Errorf("error %v, want the content type named and the page not quoted", err)
	}
}

// TestRemote_AToolNestedPastWhatTheSDKReadsIsLeftOutAlone: a Streamable
// HTTP backend listing a tool whose schema nests 1,800 levels beside a
// plain one had its whole listing fail (the SDK refuses a message nested
// past 1,000 levels), where a stdio backend's withholds that tool alone
// (round seventy-one). The answer is now read again with the deep tool
// marked, in a JSON body or an event stream: the tool is withheld,
// named, and the others are used.
func TestRemote_AToolNestedPastWhatTheSDKReadsIsLeftOutAlone(t *testing.T) {
	deep := strings.Repeat(`{"type":"object","properties":{"x":`, 900) + `{}` + strings.Repeat(`}}`, 900)
	for _, sse := range []bool{false, true} {
		t.Run(fmt.Sprintf("sse=%v", sse), func(t *testing.T) {
			h := &hostileRemote{}
			h.post = func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
				if method != "tools/list" {
					return false
				}
				var m struct{ ID json.RawMessage }
				_ = json.Unmarshal(body, &m)
				msg := `{"jsonrpc":"2.0","id":` + string(m.ID) + `,"result":{"tools":[{"name":"deep","inputSchema":` + deep + `},{"name":"ok","inputSchema":{"type":"object"}}]}}`
				w.Header().Set("Mcp-Session-Id", "s1")
				if sse {
					w.Header().Set("Content-Type", "text/event-stream")
					fmt.Fprintf(w, "event: message\ndata: %s\n\n", msg)
				} else {
					w.Header().Set("Content-Type", "application/json")
					fmt.Fprint(w, msg)
				}
				return true
			}
			b := startHostile(t, h)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			tools, err := b.ListTools(ctx)
			if err != nil || len(tools) != 1 || tools[0].Name != "ok" {
				t.Fatalf("listed %d tools, %v; want ok alone", len(tools), err)
			}
			if m := b.Malformed(); len(m) != 1 || m[0].Name != "deep" || !strings.Contains(m[0].Reason, "nests more than 990 levels deep") {
				t.Errorf("withheld %+v; want deep, naming its nesting", m)
			}
		})
	}
}

// TestRemote_LegacySSEToolNestedPastWhatTheSDKReads: likewise on a
// legacy SSE backend's stream.
func TestRemote_LegacySSEToolNestedPastWhatTheSDKReads(t *testing.T) {
	deep := strings.Repeat(`{"type":"object","properties":{"x":`, 900) + `{}` + strings.Repeat(`}}`, 900)
	s := &legacySSE{out: make(chan []byte, 16), tools: `{"tools":[{"name":"deep","inputSchema":` + deep + `},{"name":"ok","inputSchema":{"type":"object"}}]}`}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, err := Start(ctx, &config.Server{Name: "l", Type: config.SSE, URL: ts.URL}, &Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	tools, err := b.ListTools(ctx)
	if err != nil || len(tools) != 1 || tools[0].Name != "ok" {
		t.Fatalf("listed %d tools, %v; want ok alone", len(tools), err)
	}
	if m := b.Malformed(); len(m) != 1 || m[0].Name != "deep" || !strings.Contains(m[0].Reason, "nests more than 990 levels deep") {
		t.Errorf("withheld %+v; want deep, naming its nesting", m)
	}
}

// TestRemote_ASessionIDThatChangesIsNamed: a server setting a new
// Mcp-Session-Id in each answer (its first in the answer to the SDK's
// server/discover, before initialize) failed the start with the SDK's
// `calling "initialize": mismatching session IDs "…" and "s1"`, naming
// neither the server nor what is wrong.
func TestRemote_ASessionIDThatChangesIsNamed(t *testing.T) {
	var n atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			w.WriteHeader(http.StatusMethodNotAllowed)
			return
		}
		body, _ := io.ReadAll(r.Body)
		w.Header().Set("Mcp-Session-Id", fmt.Sprintf("s%d", n.Add(1)))
		id := rpcIDOf(body)
		if id == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if bytes.Contains(body, []byte(`"initialize"`)) {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"h","version":"1"}}}`, id)
			return
		}
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"t","inputSchema":{"type":"object"}}]}}`, id)
	}))
	defer ts.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{ProtocolVersion: "2025-11-25"})
	if err == nil {
		defer b.Close()
		_, err = b.ListTools(ctx)
	}
	if err == nil {
		t.Fatal("started and listed, want an error")
	}
	if msg := err.Error(); !strings.Contains(msg, `backend "r" answered`) || !strings.Contains(msg, "a session id (Mcp-Session-Id) other than the one it gave us before") || strings.Contains(msg, "mismatching") || strings.Contains(msg, "rejected by transport") {
		t.Errorf("error %q, want the server named and what it did", msg)
	}
}

func rpcIDOf(body []byte) json.RawMessage {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	_ = json.Unmarshal(body, &m)
	return m.ID
}

// TestRemote_AnAnswerHTTPCannotReadIsNamed: a server whose answer held a
// header line with ESC (a WWW-Authenticate) failed the start with Go's
// `net/http: HTTP/1.x transport connection broken: malformed MIME header
// line: "…"`, behind the SDK's `rejected by transport: Post "…"`, quoting
// the server's line.
func TestRemote_AnAnswerHTTPCannotReadIsNamed(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			go func() {
				defer c.Close()
				io.CopyN(io.Discard, c, 1) // a request began
				c.Write([]byte("HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: Bearer error=\"\x1b[31m\"\r\nContent-Length: 0\r\n\r\n"))
				time.Sleep(100 * time.Millisecond)
			}()
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_, err = Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: "http://" + ln.Addr().String() + "/mcp"}, &Options{ProtocolVersion: "2025-11-25"})
	if err == nil {
		t.Fatal("started, want an error")
	}
	msg := err.Error()
	if !strings.Contains(msg, `backend "r" at http://`) || !strings.Contains(msg, "a header line") || !strings.Contains(msg, "that HTTP does not allow") ||
		strings.Contains(msg, "malformed MIME") || strings.Contains(msg, "\x1b") || strings.Contains(msg, "rejected by transport") {
		t.Errorf("error %q, want the server named and what it sent, without its line", msg)
	}
}
