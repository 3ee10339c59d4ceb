package front

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// holdServer is a session whose tool "hold" waits for its context's end or
// release and says which (a cancelled call returns its context's error);
// started gets a value as each call begins.
type holdServer struct {
	started   chan struct{}
	release   chan struct{}
	cancelled chan struct{} // gets a value as a call's context ends
}

func newHoldServer() *holdServer {
	return &holdServer{started: make(chan struct{}, 8), release: make(chan struct{}), cancelled: make(chan struct{}, 8)}
}

func (h *holdServer) open(context.Context) (Session, error) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "hold"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		h.started <- struct{}{}
		select {
		case <-ctx.Done():
			h.cancelled <- struct{}{}
			return nil, nil, ctx.Err()
		case <-h.release:
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "released"}}}, nil, nil
	})
	mcp.AddTool(srv, &mcp.Tool{Name: "echo"}, func(ctx context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
	})
	return &fakeSession{srv: srv}, nil
}

// rawConn is one HTTP/1.1 connection a test writes requests to by hand
// (several at once: pipelined) and reads the responses of in order.
type rawConn struct {
	t   *testing.T
	c   net.Conn
	br  *bufio.Reader
	sid string
}

// request is the bytes of a POST to Path carrying body, with the session
// id when there is one and the headers in extra ("Name: value\r\n"...).
func (r *rawConn) request(body, extra string) string {
	h := "POST " + Path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n" +
		"Accept: application/json, text/event-stream\r\n" + extra
	if r.sid != "" {
		h += "Mcp-Session-Id: " + r.sid + "\r\nMcp-Protocol-Version: 2025-11-25\r\n"
	}
	return h + fmt.Sprintf("Content-Length: %d\r\n\r\n", len(body)) + body
}

// send writes requests, made with request, in one go.
func (r *rawConn) send(reqs ...string) {
	go io.WriteString(r.c, strings.Join(reqs, ""))
}

// read reads the next response whole.
func (r *rawConn) read() (*http.Response, string) {
	r.t.Helper()
	resp, err := http.ReadResponse(r.br, nil)
	if err != nil {
		r.t.Fatal(err)
	}
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		r.t.Fatal(err)
	}
	return resp, string(b)
}

// initialize opens a 2025-11-25 session on r.
func (r *rawConn) initialize() {
	r.t.Helper()
	r.send(r.request(initBody, ""))
	resp, body := r.read()
	r.sid = resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || r.sid == "" {
		r.t.Fatalf("initialize: status %d %s", resp.StatusCode, body)
	}
	r.send(r.request(`{"jsonrpc":"2.0","method":"notifications/initialized"}`, ""))
	if resp, body := r.read(); resp.StatusCode != http.StatusAccepted {
		r.t.Fatalf("notifications/initialized: status %d %s", resp.StatusCode, body)
	}
}

func holdCall(id int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"hold","arguments":{}}}`, id)
}

func cancelOf(id int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d,"reason":"late"}}`, id)
}

// TestFront_ALateCancellationCancelsNoLaterRequest: a client may cancel a
// request whose answer is already on its way, then use the id again. The
// SDK acts on a notifications/cancelled in a goroutine of its own, by id,
// and its handler queues a POST's messages before they are read: a late
// cancellation sent with the next request of that id cancelled that
// request ("context canceled"), as on stdio before round twenty-one.
func TestFront_ALateCancellationCancelsNoLaterRequest(t *testing.T) {
	for range 20 { // the SDK's goroutine runs sooner or later: each round may show it
		synctest.Test(t, func(t *testing.T) {
			h := newHoldServer()
			close(h.release) // the first call answers at once
			f, err := New(&Options{Open: h.open})
			if err != nil {
				t.Fatal(err)
			}
			r := &rawConn{t: t, c: servePipe(t, f)}
			r.br = bufio.NewReader(r.c)
			r.initialize()
			r.send(r.request(holdCall(7), ""))
			if _, body := r.read(); !strings.Contains(body, "released") {
				t.Fatalf("first call: %s", body)
			}
			<-h.started
			h.release = make(chan struct{})
			r.send(r.request(cancelOf(7), ""), r.request(holdCall(7), ""))
			if resp, body := r.read(); resp.StatusCode != http.StatusAccepted {
				t.Fatalf("the late cancellation: status %d %s, want 202", resp.StatusCode, body)
			}
			synctest.Wait() // the SDK has acted on the cancellation, if it got it
			close(h.release)
			if _, body := r.read(); !strings.Contains(body, "released") {
				t.Fatalf("the request after a late cancellation of its id got %s, want its result", body)
			}
		})
	}
}

// dialRaw returns a rawConn on a new connection to ln, of session sid.
// What the server sends is read at once, as a socket's buffer takes it
// (a pipe takes nothing unread: the priming event that starts each
// event stream blocked the server's write until its deadline).
func dialRaw(t *testing.T, ln *pipeListener, sid string) *rawConn {
	c := ln.dial()
	t.Cleanup(func() { c.Close() })
	chunks := make(chan []byte, 1024)
	go func() {
		defer close(chunks)
		for {
			b := make([]byte, 4096)
			n, err := c.Read(b)
			if n > 0 {
				chunks <- b[:n]
			}
			if err != nil {
				return
			}
		}
	}()
	return &rawConn{t: t, c: c, br: bufio.NewReader(&chunkReader{chunks: chunks}), sid: sid}
}

// chunkReader reads what a connection's reader goroutine received.
type chunkReader struct {
	chunks <-chan []byte
	rest   []byte
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.rest) == 0 {
		b, ok := <-r.chunks
		if !ok {
			return 0, io.EOF
		}
		r.rest = b
	}
	n := copy(p, r.rest)
	r.rest = r.rest[n:]
	return n, nil
}

// TestFront_ACancelledRequestIsNotAnswered: a client that cancels a
// request it sent on a 2025-11-25 session gets no answer to it (MCP:
// receivers of a cancellation SHOULD NOT send a response for the
// cancelled request), and the POST it waits on ends; before, the SDK
// sent the cancelled call's "context canceled" on it. A request not
// cancelled is answered, and the session goes on.
func TestFront_ACancelledRequestIsNotAnswered(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHoldServer()
		f, err := New(&Options{Open: h.open})
		if err != nil {
			t.Fatal(err)
		}
		ln := servePipes(t, f)
		r := dialRaw(t, ln, "")
		r.initialize()
		r.send(r.request(holdCall(8), ""))
		<-h.started
		other := dialRaw(t, ln, r.sid)
		other.send(other.request(cancelOf(8), ""))
		if resp, body := other.read(); resp.StatusCode != http.StatusAccepted {
			t.Fatalf("the cancellation: status %d %s, want 202", resp.StatusCode, body)
		}
		<-h.cancelled
		resp, body := r.read()
		if resp.StatusCode != http.StatusOK || strings.Contains(body, `"id":8`) {
			t.Fatalf("the cancelled request's POST: status %d %q; want 200 and no answer", resp.StatusCode, body)
		}
		close(h.release)
		r.send(r.request(holdCall(9), ""))
		<-h.started
		if _, body := r.read(); !strings.Contains(body, `"id":9`) || !strings.Contains(body, "released") {
			t.Fatalf("the next request: %q, want its result", body)
		}
	})
}

// TestFront_AStatelessRequestIsCancelledByClosingIt: a 2026-07-28 client
// cancels a request by closing its POST (the 2026-07-28 cancellation
// over Streamable HTTP); the call's context ends. A notifications/cancelled
// POST refers to no other request (each stateless POST is its own) and is
// accepted, cancelling nothing.
func TestFront_AStatelessRequestIsCancelledByClosingIt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHoldServer()
		f, err := New(&Options{Open: h.open})
		if err != nil {
			t.Fatal(err)
		}
		ln := servePipes(t, f)
		const meta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}`
		const headers = "Mcp-Protocol-Version: 2026-07-28\r\n"
		r := dialRaw(t, ln, "")
		r.send(r.request(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"hold","arguments":{},`+meta+`}}`, headers+"Mcp-Method: tools/call\r\nMcp-Name: hold\r\n"))
		<-h.started
		other := dialRaw(t, ln, "")
		other.send(other.request(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":8,`+meta+`}}`, headers+"Mcp-Method: notifications/cancelled\r\n"))
		if resp, body := other.read(); resp.StatusCode != http.StatusAccepted {
			t.Fatalf("the cancellation: status %d %s, want 202", resp.StatusCode, body)
		}
		synctest.Wait()
		select {
		case <-h.cancelled:
			t.Fatal("a notifications/cancelled POST cancelled another POST's call")
		default:
		}
		r.c.Close()
		<-h.cancelled
	})
}

// TestFront_TheSDKClientsCancellationStillCancels: the Go SDK's client
// cancels a call by closing its POST and then sending
// notifications/cancelled; the POST has ended without the answer when the
// cancellation comes, and it must still reach the call.
func TestFront_TheSDKClientsCancellationStillCancels(t *testing.T) {
	h := newHoldServer()
	url, stop := serveHold(t, h)
	defer stop()
	c := mcp.NewClient(&mcp.Implementation{Name: "t", Version: "1"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: url, DisableStandaloneSSE: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	callCtx, cancel := context.WithCancel(context.Background())
	called := make(chan error, 1)
	go func() {
		_, err := cs.CallTool(callCtx, &mcp.CallToolParams{Name: "hold", Arguments: map[string]any{}})
		called <- err
	}()
	<-h.started
	cancel()
	if err := <-called; err == nil {
		t.Fatal("the cancelled call returned no error")
	}
	select {
	case <-h.cancelled:
	case <-time.After(time.Minute):
		t.Fatal("the call was not cancelled within a minute")
	}
}

// TestFront_ACancelledRequestsProgressIsNotSent: a request's progress,
// sent after its client cancelled it (a backend's, relayed as it comes,
// or a script's last), went out on the request's event stream, for a
// token the client had dropped (the TypeScript SDK's client reports one
// it does not know as an error); serve on stdio holds it back. Now so
// does the front; the progress before the cancellation is sent.
func TestFront_ACancelledRequestsProgressIsNotSent(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		started, cancelled := make(chan struct{}, 1), make(chan struct{}, 1)
		open := func(context.Context) (Session, error) {
			srv := mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1"}, nil)
			mcp.AddTool(srv, &mcp.Tool{Name: "hold"}, func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
				tok := req.Params.GetProgressToken()
				req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: 1, Message: "before"})
				started <- struct{}{}
				<-ctx.Done()
				req.Session.NotifyProgress(context.WithoutCancel(ctx), &mcp.ProgressNotificationParams{ProgressToken: tok, Progress: 2, Message: "after"})
				cancelled <- struct{}{}
				return nil, nil, ctx.Err()
			})
			return &fakeSession{srv: srv}, nil
		}
		f, err := New(&Options{Open: open})
		if err != nil {
			t.Fatal(err)
		}
		ln := servePipes(t, f)
		r := dialRaw(t, ln, "")
		r.initialize()
		r.send(r.request(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"hold","arguments":{},"_meta":{"progressToken":"tok"}}}`, ""))
		stream := make(chan string, 1)
		go func() { // as it comes: a pipe holds no byte the client has not read
			resp, err := http.ReadResponse(r.br, nil)
			if err != nil {
				stream <- err.Error()
				return
			}
			b, err := io.ReadAll(resp.Body)
			stream <- fmt.Sprintf("%s (%v)", b, err)
		}()
		<-started
		other := dialRaw(t, ln, r.sid)
		other.send(other.request(cancelOf(8), ""))
		if resp, body := other.read(); resp.StatusCode != http.StatusAccepted {
			t.Fatalf("the cancellation: status %d %s, want 202", resp.StatusCode, body)
		}
		<-cancelled
		body := <-stream
		if !strings.Contains(body, `"message":"before"`) || strings.Contains(body, `"message":"after"`) || strings.Contains(body, `"id":8`) || !strings.HasSuffix(body, "(<nil>)") {
			t.Fatalf("the cancelled request's stream: %q; want the progress before the cancellation, none after, no answer", body)
		}
	})
}

// TestFront_DeletingASessionCancelsItsCalls: a client ends its session
// with DELETE; the SDK closes the session only once its requests being
// served have finished, and does not cancel them: the DELETE waited as
// long as the longest call (a script up to its 300 s limit) and the
// calls ran on for nobody. Now the session's calls are cancelled first,
// and the DELETE is answered at once.
//
// The cancel is known from the moment the session's id is written, not
// from when the initialize's handler has returned: in between, the client
// has the id and may call and DELETE (CI, loaded: the DELETE found no
// cancel and waited for the call).
func TestFront_DeletingASessionCancelsItsCalls(t *testing.T) {
	t.Run("adopted", func(t *testing.T) { deleteCancels(t, false) })
	t.Run("before the initialize's handler returned", func(t *testing.T) { deleteCancels(t, true) })
}

func deleteCancels(t *testing.T, early bool) {
	adopt := make(chan struct{})
	if early {
		hook := func(opened string) {
			if opened != "" { // the initialize's; the rest pass
				<-adopt
			}
		}
		afterServe.Store(&hook)
		defer afterServe.Store(nil)
	}
	h := newHoldServer()
	url, stop := serveHold(t, h)
	defer stop()
	defer close(adopt)     // before stop, which waits for the initialize
	defer close(h.release) // before the shutdown, which waits for the call
	post := func(sid, body string) (*http.Response, error) {
		req, _ := http.NewRequest("POST", url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
			req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
		}
		return http.DefaultClient.Do(req)
	}
	resp, err := post("", initBody)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp, err := post(sid, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); err != nil {
		t.Fatal(err)
	} else {
		resp.Body.Close()
	}
	called := make(chan error, 1)
	go func() {
		resp, err := post(sid, holdCall(2))
		if err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
		}
		called <- err
	}()
	<-h.started
	deleted := make(chan int, 1)
	go func() {
		req, _ := http.NewRequest("DELETE", url, nil)
		req.Header.Set("Mcp-Session-Id", sid)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			deleted <- -1
			return
		}
		resp.Body.Close()
		deleted <- resp.StatusCode
	}()
	select {
	case code := <-deleted:
		if code != http.StatusNoContent {
			t.Fatalf("DELETE: status %d", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("DELETE not answered within 10 s: it waits for the session's call")
	}
	select {
	case <-h.cancelled:
	case <-time.After(10 * time.Second):
		t.Fatal("the session's call was not cancelled")
	}
	<-called
}

// serveHold serves a front opening h's sessions on 127.0.0.1 and returns
// its MCP endpoint; stop ends the serving and waits for it.
func serveHold(t *testing.T, h *holdServer) (url string, stop func()) {
	t.Helper()
	f, err := New(&Options{Open: h.open})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- f.Serve(ctx, ln) }()
	return "http://" + ln.Addr().String() + Path, func() { cancel(); <-served }
}
