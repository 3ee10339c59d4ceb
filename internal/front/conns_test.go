package front

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// TestFront_ConnectionsAreBoundedBeforeTheToken: connections that send
// no request (the token is checked on a request) were accepted in any
// number, each closed only after 10 s. Now at MaxConns the next one waits
// unaccepted, the log says the bound was reached, and it is accepted when
// one closes. A request refused for its token closes its connection, so a
// refused client does not hold a place for the 2 minutes of a kept-alive
// connection.
func TestFront_ConnectionsAreBoundedBeforeTheToken(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rec := &logtest.Recorder{}
		f, err := New(&Options{Token: "s3cret", MaxConns: 2, Logger: rec.Logger(), Open: func(context.Context) (Session, error) {
			return &fakeSession{srv: mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1"}, nil)}, nil
		}})
		if err != nil {
			t.Fatal(err)
		}
		ln := servePipes(t, f)
		a, b := ln.dial(), ln.dial()
		defer b.Close()
		accepted := make(chan net.Conn, 1)
		go func() { accepted <- ln.dial() }()
		synctest.Wait()
		select {
		case c := <-accepted:
			c.Close()
			t.Fatal("a third connection was accepted with MaxConns 2")
		default:
		}
		if lines := strings.Join(rec.Lines(), "\n"); !strings.Contains(lines, "connection limit reached") || !strings.Contains(lines, "open=2") {
			t.Fatalf("the log does not say the bound was reached: %q", lines)
		}
		a.Close()
		synctest.Wait()
		var c net.Conn
		select {
		case c = <-accepted:
		default:
			t.Fatal("the third connection was not accepted after one closed")
		}
		defer c.Close()

		go io.WriteString(c, "GET /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
		br := bufio.NewReader(c)
		resp, err := http.ReadResponse(br, nil)
		if err != nil {
			t.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Fatalf("a request without the token: status %d, want 401", resp.StatusCode)
		}
		start := time.Now()
		if n, err := br.Read(make([]byte, 1)); n != 0 || err == nil || time.Since(start) != 0 {
			t.Fatalf("the connection of a refused request stayed open for %v (read %d, %v)", time.Since(start), n, err)
		}
		go func() { accepted <- ln.dial() }()
		synctest.Wait()
		select {
		case d := <-accepted:
			d.Close()
		default:
			t.Fatal("the place of the refused request's connection was not given back")
		}
	})
}

// TestConnLimit_KeepsHalfClose: net/http half-closes a TCP connection it
// ends after an answer (a 401 with Connection: close), so that the
// client reads the answer before a reset; the limit's wrapper must not
// hide CloseWrite.
func TestConnLimit_KeepsHalfClose(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l := newConnLimit(ln, 1, slog.New(slog.DiscardHandler))
	defer l.Close()
	dialed := make(chan error, 1)
	go func() {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err == nil {
			defer c.Close()
		}
		dialed <- err
	}()
	c, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if err := <-dialed; err != nil {
		t.Fatal(err)
	}
	if _, ok := c.(closeWriter); !ok {
		t.Errorf("an accepted TCP connection (%T) cannot be half-closed", c)
	}
}
