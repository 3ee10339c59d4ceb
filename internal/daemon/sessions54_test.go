//go:build unix

package daemon

import (
	"context"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"
)

// helloWith dials sock and sends h; it returns the connection and the
// daemon's reply.
func helloWith(t *testing.T, sock string, h Hello) (*bufConn, Reply) {
	t.Helper()
	raw, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	c := newBufConn(raw)
	if err := writeLine(c, h); err != nil {
		t.Fatal(err)
	}
	var r Reply
	if err := readJSONLine(c, &r); err != nil {
		t.Fatal(err)
	}
	return c, r
}

// Round fifty-four: one user's own processes could fill the daemon's
// session slots (a runaway starting bridges, agents left open for days),
// and every new agent of that user was refused until some ended, with
// nothing said about which. A new client's session at MaxSessions now
// takes the place of the session idle the longest, once that one has had
// nothing from or to its client for ReclaimIdle; a bridge connecting
// again (that session's, say) takes no one's place; and a refusal names
// the limit, the session idle the longest (its client's pid, where, how
// long) and the command that lists them with their idle time.
func TestServe_ANewSessionAtTheBoundTakesTheLongestIdlesPlace(t *testing.T) {
	te := newTestEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	const reclaim = 300 * time.Millisecond
	go func() {
		done <- Serve(ctx, &ServeOptions{Paths: te.paths, Version: "v1", MaxSessions: 2, ReclaimIdle: reclaim}, &fakeHandler{})
	}()
	defer func() {
		cancel()
		<-done
	}()
	waitSocket(t, te.paths.Socket)
	hello := Hello{Version: "v1", Kind: KindSession, Cwd: os.TempDir(), PID: os.Getpid()}
	a, ra := helloWith(t, te.paths.Socket, hello)
	defer a.Close()
	b, rb := helloWith(t, te.paths.Socket, hello)
	defer b.Close()
	if !ra.OK || !rb.OK {
		t.Fatalf("the first two sessions: %+v %+v, want both served", ra, rb)
	}
	time.Sleep(reclaim + 100*time.Millisecond)
	// b's client speaks: only a is idle past the bound.
	if _, err := b.Write([]byte(`{"jsonrpc":"2.0","method":"notifications/x"}` + "\n")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond)

	c, rc := helloWith(t, te.paths.Socket, hello)
	defer c.Close()
	if !rc.OK {
		t.Fatalf("a new session at the bound with one idle %s: %+v, want it served in the idle one's place", reclaim, rc)
	}
	a.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.Copy(io.Discard, a); err != nil {
		t.Fatalf("the idle session's connection: %v, want it ended", err)
	}

	again := hello
	again.Again = true
	d, rd := helloWith(t, te.paths.Socket, again)
	d.Close()
	if rd.OK || rd.Code != CodeSession || !strings.Contains(rd.Error, "a session connecting again takes no idle one's place") {
		t.Fatalf("a bridge connecting again at the bound: %+v, want refused, saying why", rd)
	}
	e, re := helloWith(t, te.paths.Socket, hello)
	e.Close()
	for _, want := range []string{"serves 2 sessions, the most it takes at once", "none has been idle 300ms", "the one idle the longest: s", "client pid", "switchboard daemon status", "switchboard serve --standalone"} {
		if re.OK || !strings.Contains(re.Error, want) {
			t.Errorf("a new session at the bound with none idle: %+v, want refused saying %q", re, want)
		}
	}
	sc, rs := helloWith(t, te.paths.Socket, Hello{Version: "v1", Kind: KindControl, Control: ControlStatus, PID: os.Getpid()})
	sc.Close()
	if !strings.Contains(string(rs.Status), `"idle":`) {
		t.Errorf("status %s names no session's idle time", rs.Status)
	}
}

// The session a new one took the place of belongs to a bridge that is
// still there: at its client's next message it connects again, is
// refused (a bridge connecting again takes no one's place), and answers
// the message with the refusal, which names the bound; the new session
// goes on.
func TestBridge_ASessionEndedToMakeRoomIsToldWhyAtItsNextMessage(t *testing.T) {
	for _, m := range bridgeModes {
		t.Run(m.name, func(t *testing.T) {
			te := newTestEnv(t)
			te.env["SBD_TEST_MAXSESSIONS"] = "1"
			te.env["SBD_TEST_RECLAIM"] = "300ms"
			o := &BridgeOptions{Connect: *te.connectOptions("v1"), QueueWait: time.Second}
			a := startBridgeOn(t, o, m.handoff)
			a.initialize()
			a.wantMode(90, m.handoff)
			time.Sleep(500 * time.Millisecond)
			b := startBridgeOn(t, &BridgeOptions{Connect: *te.connectOptions("v1"), QueueWait: time.Second}, m.handoff)
			b.initialize()
			r := a.call(91, "echo", `{"x":1}`)
			if r.Error == nil || !strings.Contains(r.Error.Message, "the most it takes at once") || !strings.Contains(r.Error.Message, "switchboard daemon status") {
				t.Fatalf("the ended session's next call: %+v, want the refusal naming the bound and the command", r)
			}
			if r := b.call(92, "echo", `{"x":2}`); r.Error != nil {
				t.Fatalf("the new session after the old one's bridge came back: %s", r.Error.Message)
			}
		})
	}
}
