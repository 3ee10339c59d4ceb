package ui

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

// pipeListener hands out the server ends of in-memory connections, so
// that a test bubble's fake clock drives the server's deadlines.
type pipeListener struct {
	conns chan net.Conn
	once  sync.Once
	done  chan struct{}
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
func (l *pipeListener) Addr() net.Addr { return &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 5555} }

// TestUI_FormThatNeverEndsIsCutOff: an Approve form whose body stops
// coming holds its connection 30 seconds, not for ever (the form is read
// before its token can be checked, so anyone local can send one).
func TestUI_FormThatNeverEndsIsCutOff(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		u, _ := newUI(t)
		ln := &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
		srv := u.server()
		go srv.Serve(ln)
		defer srv.Close()
		c, s := net.Pipe()
		ln.conns <- s
		defer c.Close()
		start := time.Now()
		go io.WriteString(c, "POST /approve HTTP/1.1\r\nHost: "+host+"\r\nOrigin: http://"+host+"\r\n"+
			"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 1000\r\n\r\nt=secret-to")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode != http.StatusBadRequest {
				t.Errorf("status %d, want 400 or a closed connection", resp.StatusCode)
			}
		}
		if waited := time.Since(start); waited != 30*time.Second {
			t.Errorf("cut off after %v, want 30s", waited)
		}
	})
}

// TestUI_ConnectionsAreBounded: the page serves at most maxConns
// connections at once; the next waits until one closes. Anyone local can
// open connections to the port, and each held a file descriptor and
// buffers of the daemon (which serves the agents too) without end.
func TestUI_ConnectionsAreBounded(t *testing.T) {
	_, a := listening(t)
	addr := strings.TrimPrefix(strings.TrimSuffix(a, "/#t=secret-token"), "http://")
	var idle []net.Conn
	defer func() {
		for _, c := range idle {
			c.Close()
		}
	}()
	for range maxConns {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		idle = append(idle, c)
	}
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	io.WriteString(c, "GET /live HTTP/1.1\r\nHost: "+addr+"\r\nX-Switchboard-Token: secret-token\r\n\r\n")
	c.SetReadDeadline(time.Now().Add(300 * time.Millisecond))
	br := bufio.NewReader(c)
	if _, err := br.Peek(1); err == nil {
		t.Fatalf("connection %d served while %d were open", maxConns+1, maxConns)
	}
	idle[0].Close()
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("the next connection once one closed: %v, %v", resp, err)
	}
	resp.Body.Close()
}

// TestUI_LimitConnsMakesRoomWhenOneCloses is TestUI_ConnectionsAreBounded
// on the fake clock, to the connection.
func TestUI_LimitConnsMakesRoomWhenOneCloses(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		u, _ := newUI(t)
		ln := &pipeListener{conns: make(chan net.Conn), done: make(chan struct{})}
		srv := u.server()
		go srv.Serve(limitConns(ln, maxConns))
		defer srv.Close()
		var idle []net.Conn
		for range maxConns {
			c, s := net.Pipe()
			ln.conns <- s
			idle = append(idle, c)
		}
		defer func() {
			for _, c := range idle {
				c.Close()
			}
		}()
		c, s := net.Pipe()
		defer c.Close()
		accepted := make(chan struct{})
		go func() { ln.conns <- s; close(accepted) }()
		synctest.Wait()
		select {
		case <-accepted:
			t.Fatalf("connection %d accepted while %d were open", maxConns+1, maxConns)
		default:
		}
		idle[0].Close()
		synctest.Wait()
		select {
		case <-accepted:
		default:
			t.Fatal("a closed connection did not make room for the next")
		}
		go io.WriteString(c, "GET /live HTTP/1.1\r\nHost: "+host+"\r\nX-Switchboard-Token: secret-token\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("the next connection: %v, %v", resp, err)
		}
		resp.Body.Close()
	})
}

// TestUI_HugeHeadersAreRefused: a request's headers are bounded (431):
// the default megabyte, on each connection anyone local may open, was
// memory of the daemon's to take.
func TestUI_HugeHeadersAreRefused(t *testing.T) {
	_, a := listening(t)
	pu, _ := url.Parse(a)
	req, _ := http.NewRequest("GET", "http://"+pu.Host+"/live", nil)
	req.Header.Set("X-Pad", strings.Repeat("a", 200<<10))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("200 kB of headers: %d, want 431", resp.StatusCode)
	}
}

// TestUI_RefusesAnotherUsersProcess: a connection that Options.SameUser
// says comes from another user's process (any local user can reach the
// port, and the token is on the browser's command line, which ps shows
// them) is refused with the right token too.
func TestUI_RefusesAnotherUsersProcess(t *testing.T) {
	for _, same := range []bool{true, false} {
		u, err := New(&fakeSource{}, &Options{Token: "secret-token", SameUser: func(local, remote net.Addr) bool {
			return same && local.(*net.TCPAddr).IP.IsLoopback() && remote.(*net.TCPAddr).IP.IsLoopback()
		}})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		a, err := u.Listen(ctx)
		if err != nil {
			t.Fatal(err)
		}
		pu, _ := url.Parse(a)
		req, _ := http.NewRequest("GET", "http://"+pu.Host+"/status.json", nil)
		req.Header.Set(tokenHeader, "secret-token")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if want := map[bool]int{true: 200, false: http.StatusForbidden}[same]; resp.StatusCode != want {
			t.Errorf("same user %v: %d, want %d", same, resp.StatusCode, want)
		}
		u.Close()
		cancel()
	}
}
