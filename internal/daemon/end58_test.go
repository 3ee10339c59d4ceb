//go:build unix

package daemon

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"
	"time"
)

// Round fifty-eight: no command ended one daemon session by its id (the
// way was to end its client). ControlEnd ends the session named, which
// leaves the daemon's list; an id it does not serve is refused naming
// the command that lists them.
func TestServe_ControlEndEndsOneSessionByItsID(t *testing.T) {
	te := newTestEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, &ServeOptions{Paths: te.paths, Version: "v1"}, &fakeHandler{}) }()
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
		t.Fatalf("sessions: %+v %+v", ra, rb)
	}
	end := func(id string) Reply {
		c, r := helloWith(t, te.paths.Socket, Hello{Version: "v1", Kind: KindControl, Control: ControlEnd, Session: id, PID: os.Getpid()})
		c.Close()
		return r
	}
	if r := end("s1"); !r.OK || !strings.Contains(string(r.Status), `"id":"s1"`) {
		t.Fatalf("end s1: %+v, want it ended and described", r)
	}
	a.SetReadDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.Copy(io.Discard, a); err != nil {
		t.Fatalf("s1's connection: %v, want it ended", err)
	}
	sc, rs := helloWith(t, te.paths.Socket, Hello{Version: "v1", Kind: KindControl, Control: ControlStatus, PID: os.Getpid()})
	sc.Close()
	if st := string(rs.Status); strings.Contains(st, `"id":"s1"`) || !strings.Contains(st, `"id":"s2"`) {
		t.Errorf("status after ending s1: %s, want s2 alone", st)
	}
	if r := end("s9"); r.OK || !strings.Contains(r.Error, `no session "s9"`) || !strings.Contains(r.Error, "switchboard daemon status") {
		t.Errorf("end s9: %+v, want refused naming the command that lists sessions", r)
	}
}

// A refusal at the bound names the command that ends a session by its id.
func TestServe_TheRefusalAtTheBoundNamesDaemonEnd(t *testing.T) {
	te := newTestEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- Serve(ctx, &ServeOptions{Paths: te.paths, Version: "v1", MaxSessions: 1, ReclaimIdle: -1}, &fakeHandler{})
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
	b.Close()
	if !ra.OK || rb.OK || !strings.Contains(rb.Error, "switchboard daemon end ID") {
		t.Errorf("at the bound: %+v, want refused naming switchboard daemon end", rb)
	}
}
