//go:build unix

package daemon

import (
	"context"
	"net"
	"os"
	"strings"
	"testing"
	"time"
)

// sessionHello dials sock and sends a session hello of version v; it returns the
// connection and the daemon's reply.
func sessionHello(t *testing.T, sock, v string) (*bufConn, Reply) {
	t.Helper()
	raw, err := net.Dial("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	c := newBufConn(raw)
	if err := writeLine(c, Hello{Version: v, Kind: KindSession, Cwd: os.TempDir(), PID: os.Getpid()}); err != nil {
		t.Fatal(err)
	}
	var r Reply
	if err := readJSONLine(c, &r); err != nil {
		t.Fatal(err)
	}
	return c, r
}

// Round forty-three: the daemon took any number of sessions, so a runaway
// opening them without end (10,000 bridges) would take its descriptors,
// and the other sessions' backends would fail with EMFILE. A session
// past ServeOptions.MaxSessions (1,000 by default) is now refused with the
// bound and what to do, and one is taken again once another ended.
func TestServe_SessionsPastTheBoundAreRefusedWithTheFix(t *testing.T) {
	te := newTestEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, &ServeOptions{Paths: te.paths, Version: "v1", MaxSessions: 2}, &fakeHandler{})
	}()
	defer func() {
		cancel()
		<-done
	}()
	waitSocket(t, te.paths.Socket)
	a, ra := sessionHello(t, te.paths.Socket, "v1")
	b, rb := sessionHello(t, te.paths.Socket, "v1")
	defer b.Close()
	if !ra.OK || !rb.OK {
		t.Fatalf("the first two sessions: %+v %+v, want both served", ra, rb)
	}
	c, rc := sessionHello(t, te.paths.Socket, "v1")
	c.Close()
	if rc.OK || rc.Code != CodeSession || !strings.Contains(rc.Error, "serves 2 sessions, the most it takes at once") || !strings.Contains(rc.Error, "switchboard serve --standalone") {
		t.Fatalf("a third session: %+v, want refused with the bound and the fix", rc)
	}
	a.Close()
	for {
		d, rd := sessionHello(t, te.paths.Socket, "v1")
		d.Close()
		if rd.OK {
			break
		}
		if rd.Code != CodeSession {
			t.Fatalf("after a session ended: %+v", rd)
		}
		time.Sleep(10 * time.Millisecond) // the daemon notices a's end
	}
}
