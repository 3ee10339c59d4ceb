package pool

import (
	"context"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// restartSubConn is one start's connection of a backend whose
// subscriptions rec records across starts.
type restartSubConn struct {
	resConn
	rec *orderSubConn
}

func (c *restartSubConn) Subscribe(ctx context.Context, uri string) error {
	return c.rec.Subscribe(ctx, uri)
}

func (c *restartSubConn) Unsubscribe(ctx context.Context, uri string) error {
	return c.rec.Unsubscribe(ctx, uri)
}

// newRestartSubPool is a pool of one backend, "docs", that may be
// started any number of times, each start's subscriptions recorded in
// rec.
func newRestartSubPool(t *testing.T, rec *orderSubConn) (*named, *starter) {
	st := newStarter(0)
	p := newNamed(servers("docs"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil {
			return nil, err
		}
		return &restartSubConn{resConn: resConn{fakeConn: c.(*fakeConn)}, rec: rec}, nil
	}})
	t.Cleanup(func() { p.Close() })
	return p, st
}

// Round fifty: a backend that restarted (it crashed, or was stopped idle
// and started again, or a remote opened a new session) held none of its
// subscriptions while the pool still counted their holders, so sessions
// stopped getting notifications/resources/updated with nothing said. The
// pool now subscribes the new connection again to every URI a session
// holds, and to none whose last holder left.
func TestPool_ARestartedBackendIsSubscribedAgainToWhatSessionsHold(t *testing.T) {
	for _, restart := range []string{"crash", "idle stop", "remote's new session"} {
		t.Run(restart, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				conn := &orderSubConn{}
				p, st := newRestartSubPool(t, conn)
				ctx := context.Background()
				a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
				b := &Call{Session: "b", Server: "docs", Launch: p.launches["docs"]}
				for _, s := range []struct {
					c   *Call
					uri string
				}{{a, "file:///a"}, {b, "file:///b"}, {a, "file:///gone"}} {
					if err := p.Subscribe(ctx, s.c, s.uri); err != nil {
						t.Fatal(err)
					}
				}
				if err := p.Unsubscribe(ctx, a, "file:///gone"); err != nil {
					t.Fatal(err)
				}
				synctest.Wait()
				before, _ := conn.seen()
				switch restart {
				case "crash":
					st.last("docs").end()
					synctest.Wait()
					if _, err := p.Start(ctx, "docs"); err != nil {
						t.Fatal(err)
					}
				case "idle stop":
					p.mu.Lock()
					p.stop(p.entries[p.launches["docs"].Key], Cold)
					p.mu.Unlock()
					if _, err := p.Start(ctx, "docs"); err != nil {
						t.Fatal(err)
					}
				case "remote's new session":
					st.mu.Lock()
					reconnect := st.hooks["docs"].OnReconnect
					st.mu.Unlock()
					reconnect()
				}
				synctest.Wait()
				ops, _ := conn.seen()
				if got := ops[len(before):]; !slices.Equal(got, []string{"sub file:///a", "sub file:///b"}) {
					t.Errorf("after the %s the backend was asked %q; want file:///a and file:///b subscribed again (file:///gone has no holder)", restart, got)
				}
			})
		})
	}
}

// Round fifty: a URI whose last holder left while the backend was being
// subscribed again to the URIs before it is not subscribed again.
func TestPool_AURIWhoseLastHolderLeftIsNotSubscribedAgain(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		conn := &orderSubConn{}
		p, st := newRestartSubPool(t, conn)
		ctx := context.Background()
		a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
		b := &Call{Session: "b", Server: "docs", Launch: p.launches["docs"]}
		if err := p.Subscribe(ctx, a, "file:///1"); err != nil {
			t.Fatal(err)
		}
		if err := p.Subscribe(ctx, b, "file:///2"); err != nil {
			t.Fatal(err)
		}
		gate := make(chan struct{})
		conn.mu.Lock()
		conn.subGate = map[string]chan struct{}{"file:///1": gate}
		conn.mu.Unlock()
		st.last("docs").end()
		synctest.Wait()
		if _, err := p.Start(ctx, "docs"); err != nil {
			t.Fatal(err)
		}
		synctest.Wait() // file:///1 is being subscribed again
		p.ForgetSubscriptions("b")
		synctest.Wait()
		close(gate)
		synctest.Wait()
		ops, _ := conn.seen()
		if !slices.Equal(ops, []string{"sub file:///1", "sub file:///2", "sub file:///1"}) {
			t.Errorf("the backend was asked %q; want only file:///1 subscribed again (b, file:///2's holder, ended meanwhile)", ops)
		}
	})
}

// Round fifty-four: a backend that crashed at each start was subscribed
// again to every held URI at each start (round fifty's resubscribe), so a
// crash-looping backend with thousands of held URIs spent each start on
// them. resubFree starts in a row, each within resubQuick of the last,
// ask at once; the next waits resubDelay (doubling), saying so in its
// status, and asks nothing if it ends first; one that lives through the
// wait is asked.
func TestPool_ACrashLoopingBackendIsNotSubscribedAgainAtEachStart(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		conn := &orderSubConn{}
		p, st := newRestartSubPool(t, conn)
		ctx := context.Background()
		a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
		if err := p.Subscribe(ctx, a, "file:///a"); err != nil {
			t.Fatal(err)
		}
		synctest.Wait()
		crash := func() {
			st.last("docs").end()
			synctest.Wait()
			if _, err := p.Start(ctx, "docs"); err != nil {
				t.Fatal(err)
			}
			synctest.Wait()
		}
		for range 6 {
			crash()
		}
		ops, _ := conn.seen()
		if want := 1 + resubFree; len(ops) != want {
			t.Fatalf("after 6 quick restarts the backend was asked %d times (%q), want %d: the first subscribe and %d starts in a row", len(ops), ops, want, resubFree)
		}
		note := p.Status()[0].Note
		if !strings.Contains(note, "restarted 6 times in a row") || !strings.Contains(note, "1 resource subscriptions") {
			t.Errorf("status note %q, want it to say why the subscriptions wait", note)
		}
		time.Sleep(resubDelay << 3) // this start lives through its wait
		synctest.Wait()
		if ops, _ := conn.seen(); len(ops) != 2+resubFree {
			t.Errorf("after the wait the backend was asked %q, want file:///a once more", ops)
		}
		if note := p.Status()[0].Note; note != "" {
			t.Errorf("status note %q after the subscriptions were asked", note)
		}
		// A crash during the wait leaves the note; a start a while
		// later (no longer a streak) asks at once and clears it.
		crash()
		crash()
		crash()
		if p.Status()[0].Note == "" {
			t.Fatal("no status note during a wait")
		}
		time.Sleep(2 * resubQuick)
		crash()
		if note := p.Status()[0].Note; note != "" {
			t.Errorf("status note %q after a start that is no longer a streak", note)
		}
	})
}
