package ui

import (
	"bufio"
	"io"
	"net"
	"net/http"
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
