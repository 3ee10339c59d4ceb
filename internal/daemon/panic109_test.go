//go:build unix

package daemon

import (
	"bytes"
	"context"
	"net"
	"os"
	"strings"
	"testing"
	"time"
)

// A panic on one of the bridge's goroutines (here through the tests'
// hooks: reading the client's lines, relaying the daemon's) ends that
// bridge with an error, its client's request in flight answered with an
// internal error, and leaves the process and the daemon's other sessions
// working. Before round 109 it ended the process, the client's request
// unanswered.
func TestBridge_APanicEndsTheBridgeAndAnswersItsCalls(t *testing.T) {
	for _, tc := range []struct {
		name, where string
		hook        func(o *BridgeOptions)
	}{
		{"client", "reading the client", func(o *BridgeOptions) {
			o.testClientLine = func(line []byte) {
				if bytes.Contains(line, []byte("panic-here")) {
					panic("a bug reading the client's line")
				}
			}
		}},
		{"daemon", "relaying the daemon's lines", func(o *BridgeOptions) {
			o.testDaemonLine = func(line []byte) {
				if bytes.Contains(line, []byte(`"pong"`)) {
					panic("a bug relaying the daemon's line")
				}
			}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			te := newTestEnv(t)
			o := &BridgeOptions{Connect: *te.connectOptions("v1")}
			tc.hook(o)
			c := startBridgeOn(t, o, false)
			c.initialize()
			c.wantMode(90, false)
			c.send(`{"jsonrpc":"2.0","id":"call-7","method":"sleep","params":{}}`)
			if n := c.decode(c.next(5 * time.Second)); n.Method != "sleeping" {
				t.Fatalf("got %+v, want the sleeping notification", n)
			}
			if tc.name == "client" {
				c.send(`{"jsonrpc":"2.0","method":"panic-here"}`)
			} else {
				c.send(`{"jsonrpc":"2.0","id":8,"method":"echo","params":{"pong":1}}`)
			}
			want := 2 // call-7 and 8
			if tc.name == "client" {
				want = 1 // call-7
			}
			var got []resp
			for range want {
				r := c.decode(c.next(5 * time.Second))
				if r.Error == nil {
					t.Fatalf("got %+v, want the internal errors of the calls in flight", r)
				}
				got = append(got, r)
			}
			for _, r := range got {
				if r.Error.Code != -32603 || !strings.Contains(r.Error.Message, "internal error in switchboard's bridge to its daemon ("+tc.where+")") || !strings.Contains(r.Error.Message, "this session ends") {
					t.Errorf("call %v got %+v", r.ID, r.Error)
				}
			}
			select {
			case err := <-c.done:
				if err == nil || !strings.Contains(err.Error(), "internal error in the bridge "+tc.where) {
					t.Errorf("Bridge returned %v, want the internal error", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Bridge did not return after its panic")
			}
			// The daemon and its other sessions go on.
			c2 := startBridgeOn(t, &BridgeOptions{Connect: *te.connectOptions("v1")}, false)
			c2.initialize()
			if pid := c2.daemonPID(2); pid == 0 {
				t.Error("a second session got no answer")
			}
			c2.in.Close()
			c2.wantEnd()
		})
	}
}

// panicOpen is fakeHandler whose Open panics for a hello from the pid
// it names: a bug opening a session (its config, its project files).
type panicOpen struct {
	fakeHandler
	pid int
}

func (p *panicOpen) Open(ctx context.Context, h *Hello) (Session, error) {
	if h.PID == p.pid {
		panic("a bug opening the session")
	}
	return p.fakeHandler.Open(ctx, h)
}

// A panic serving a connection to the daemon, outside the SDK's handlers
// (here opening its session), ends that connection; the daemon and its
// other sessions go on. Before round 109 it ended the daemon.
func TestServe_APanicOpeningASessionEndsOnlyThatConnection(t *testing.T) {
	te := newTestEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, &ServeOptions{Paths: te.paths, Version: "v1"}, &panicOpen{pid: 4242})
	}()
	defer func() {
		cancel()
		<-done
	}()
	waitSocket(t, te.paths.Socket)
	a, ra := sessionHello(t, te.paths.Socket, "v1")
	defer a.Close()
	if !ra.OK {
		t.Fatalf("a session: %+v", ra)
	}
	raw, err := net.Dial("unix", te.paths.Socket)
	if err != nil {
		t.Fatal(err)
	}
	c := newBufConn(raw)
	defer c.Close()
	if err := writeLine(c, Hello{Version: "v1", Kind: KindSession, Cwd: os.TempDir(), PID: 4242}); err != nil {
		t.Fatal(err)
	}
	var r Reply
	if err := readJSONLine(c, &r); err == nil {
		t.Fatalf("the panicking session got a reply %+v, want its connection closed", r)
	}
	b, rb := sessionHello(t, te.paths.Socket, "v1")
	defer b.Close()
	if !rb.OK {
		t.Fatalf("a session after the panic: %+v", rb)
	}
	select {
	case err := <-done:
		t.Fatalf("the daemon ended: %v", err)
	default:
	}
}
