package front

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// pipeListener hands out the server ends of in-memory connections, so
// that a test bubble's fake clock drives the server's deadlines.
type pipeListener struct {
	conns chan net.Conn
	once  sync.Once
	done  chan struct{}
}

func newPipeListener() *pipeListener {
	return &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
}

func (l *pipeListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.conns:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

func (l *pipeListener) Close() error   { l.once.Do(func() { close(l.done) }); return nil }
func (l *pipeListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 1} }

func (l *pipeListener) dial() net.Conn {
	c, s := net.Pipe()
	l.conns <- s
	return c
}

// servePipe serves f on a pipe listener until the test ends and returns
// the client end of one connection.
func servePipe(t *testing.T, f *Front) net.Conn {
	ln := servePipes(t, f)
	c := ln.dial()
	t.Cleanup(func() { c.Close() })
	return c
}

// servePipes serves f on a pipe listener until the test ends and returns
// the listener, to dial connections to it.
func servePipes(t *testing.T, f *Front) *pipeListener {
	ln := newPipeListener()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- f.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil && !errors.Is(err, net.ErrClosed) {
			t.Error(err)
		}
	})
	return ln
}

// TestFront_BodyThatNeverEndsIs408 sends the headers of a POST and part
// of its body, then nothing: the server answers 408 once the body
// timeout has passed instead of holding the connection for ever.
func TestFront_BodyThatNeverEndsIs408(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f, err := New(&Options{BodyTimeout: 30 * time.Second, Open: func(context.Context) (Session, error) {
			return &fakeSession{srv: mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1"}, nil)}, nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		c := servePipe(t, f)
		start := time.Now()
		go io.WriteString(c, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"+
			"Accept: application/json, text/event-stream\r\nContent-Length: 1000\r\n\r\n{\"jsonrpc\":")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusRequestTimeout || !strings.Contains(string(b), "not received within 30s") {
			t.Fatalf("status %d %q, want 408 naming the timeout", resp.StatusCode, b)
		}
		if waited := time.Since(start); waited != 30*time.Second {
			t.Fatalf("answered after %v, want the 30s body timeout", waited)
		}
	})
}

// TestFront_BodyTimeoutDoesNotBoundTheCall: once the body is in, a call
// may run longer than the body timeout.
func TestFront_BodyTimeoutDoesNotBoundTheCall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f, err := New(&Options{BodyTimeout: 30 * time.Second, Open: func(context.Context) (Session, error) {
			srv := mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1"}, nil)
			mcp.AddTool(srv, &mcp.Tool{Name: "slow"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
				select {
				case <-time.After(5 * time.Minute):
				case <-ctx.Done():
					return nil, nil, ctx.Err()
				}
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "slow done"}}}, nil, nil
			})
			return &fakeSession{srv: srv}, nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		c := servePipe(t, f)
		body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"slow","arguments":{},"_meta":{` +
			`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}`
		start := time.Now()
		go io.WriteString(c, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"+
			"Accept: application/json, text/event-stream\r\nMcp-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: slow\r\n"+
			"Content-Length: "+itoa(len(body))+"\r\n\r\n"+body)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), "slow done") {
			t.Fatalf("status %d %q, want the call's result after 5 minutes", resp.StatusCode, b)
		}
		if waited := time.Since(start); waited != 5*time.Minute {
			t.Fatalf("answered after %v, want the call's 5 minutes", waited)
		}
	})
}

func itoa(n int) string {
	var b [20]byte
	i := len(b)
	for {
		i--
		b[i] = byte('0' + n%10)
		n /= 10
		if n == 0 {
			return string(b[i:])
		}
	}
}

// TestFront_ClientThatStopsReadingIsCutOff: a client that sends a call
// and never reads the answer has its connection closed once a write has
// waited the write timeout, instead of holding the session's writer.
func TestFront_ClientThatStopsReadingIsCutOff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f, err := New(&Options{WriteTimeout: time.Minute, Open: func(context.Context) (Session, error) {
			srv := mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1"}, nil)
			mcp.AddTool(srv, &mcp.Tool{Name: "echo"}, func(ctx context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}}}, nil, nil
			})
			return &fakeSession{srv: srv}, nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		c := servePipe(t, f)
		body := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"},"_meta":{` +
			`"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}}}`
		if _, err := io.WriteString(c, "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"+
			"Accept: application/json, text/event-stream\r\nMcp-Protocol-Version: 2026-07-28\r\nMcp-Method: tools/call\r\nMcp-Name: echo\r\n"+
			"Content-Length: "+itoa(len(body))+"\r\n\r\n"+body); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Minute) // the client reads nothing
		synctest.Wait()
		b, err := io.ReadAll(c)
		if len(b) != 0 || err != nil {
			t.Fatalf("read %q, %v after 2 minutes; want the connection closed unanswered", b, err)
		}
	})
}

// TestFront_IdleKeptAliveConnectionIsClosed: a connection that sent a
// request (here one with the token, for a path not served) and then
// nothing is closed after the idle timeout; it stayed open for ever, so
// any local process could pile up connections. (A request refused for
// its Host, Origin or token closes its connection at once.)
func TestFront_IdleKeptAliveConnectionIsClosed(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		f, err := New(&Options{Token: "secret", Open: func(context.Context) (Session, error) {
			return &fakeSession{srv: mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1"}, nil)}, nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		c := servePipe(t, f)
		go io.WriteString(c, "GET /elsewhere HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer secret\r\n\r\n")
		br := bufio.NewReader(c)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		if resp.StatusCode != http.StatusNotFound || resp.Close {
			t.Fatalf("status %d, close %v; want 404 on a kept-alive connection", resp.StatusCode, resp.Close)
		}
		start := time.Now()
		c.SetReadDeadline(start.Add(time.Hour))
		if _, err := br.ReadByte(); err != io.EOF {
			t.Fatalf("reading the idle connection: %v; want it closed (EOF)", err)
		}
		if waited := time.Since(start); waited != DefaultIdleTimeout {
			t.Fatalf("closed after %v, want the %v idle timeout", waited, DefaultIdleTimeout)
		}
	})
}
