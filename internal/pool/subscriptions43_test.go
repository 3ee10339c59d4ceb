package pool

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// orderSubConn is a resConn that records what it was asked of each URI,
// in the order the backend answered, and holds each Unsubscribe until
// ungate is closed (when set). A Subscribe that arrives while an
// Unsubscribe of its URI is unanswered is recorded as "overlap" too: the
// backend would end in whichever state it handled last.
type orderSubConn struct {
	resConn
	ungate chan struct{}
	// subGate holds a Subscribe of a URI until its channel is closed
	// (round fifty).
	subGate map[string]chan struct{}

	mu       sync.Mutex
	ops      []string
	undoing  map[string]bool
	overlaps []string
}

func (c *orderSubConn) Subscribe(ctx context.Context, uri string) error {
	c.mu.Lock()
	if gate := c.subGate[uri]; gate != nil {
		c.mu.Unlock()
		<-gate
		c.mu.Lock()
	}
	defer c.mu.Unlock()
	if c.undoing[uri] {
		c.overlaps = append(c.overlaps, uri)
	}
	c.ops = append(c.ops, "sub "+uri)
	return nil
}

func (c *orderSubConn) Unsubscribe(ctx context.Context, uri string) error {
	c.mu.Lock()
	if c.undoing == nil {
		c.undoing = map[string]bool{}
	}
	c.undoing[uri] = true
	gate := c.ungate
	c.mu.Unlock()
	if gate != nil {
		<-gate
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.undoing, uri)
	c.ops = append(c.ops, "unsub "+uri)
	return nil
}

func (c *orderSubConn) seen() (ops, overlaps []string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.ops), slices.Clone(c.overlaps)
}

func newOrderSubPool(t *testing.T, conn *orderSubConn) *named {
	st := newStarter(0)
	p := newNamed(servers("docs"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil {
			return nil, err
		}
		conn.resConn = resConn{fakeConn: c.(*fakeConn)}
		return conn, nil
	}})
	t.Cleanup(func() { p.Close() })
	return p
}

// Round forty-three: a session that ended (the client went away, the
// daemon closed its session) left its subscriptions on the backend when
// no other session held them: the pool forgot them, and the backend kept
// sending their updates until the URI's next subscriber came and went,
// or it restarted. The last holder's end now unsubscribes the URI; a URI
// another session holds stays.
func TestPool_TheLastHoldersSessionEndingUnsubscribesOnTheBackend(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		conn := &orderSubConn{}
		p := newOrderSubPool(t, conn)
		ctx := context.Background()
		a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
		b := &Call{Session: "b", Server: "docs", Launch: p.launches["docs"]}
		for _, s := range []struct {
			c   *Call
			uri string
		}{{a, "file:///shared"}, {a, "file:///own"}, {b, "file:///shared"}} {
			if err := p.Subscribe(ctx, s.c, s.uri); err != nil {
				t.Fatal(err)
			}
		}
		p.ForgetSubscriptions("a")
		synctest.Wait()
		if ops, _ := conn.seen(); !slices.Equal(ops, []string{"sub file:///shared", "sub file:///own", "unsub file:///own"}) {
			t.Errorf("after the first session ended the backend was asked %q; want file:///own unsubscribed and file:///shared kept (b holds it)", ops)
		}
		p.ForgetSubscriptions("b")
		synctest.Wait()
		if ops, _ := conn.seen(); !slices.Equal(ops[2:], []string{"unsub file:///own", "unsub file:///shared"}) {
			t.Errorf("after both sessions ended the backend was asked %q; want both URIs unsubscribed", ops)
		}
		p.subs.mu.Lock()
		defer p.subs.mu.Unlock()
		if len(p.subs.n) != 0 || len(p.subs.held) != 0 || len(p.subs.uris) != 0 {
			t.Errorf("after both sessions ended: subscribers %v, held %v, state %v; want none", p.subs.n, p.subs.held, p.subs.uris)
		}
	})
}

// Round forty-three: an unsubscribe the pool sends (the last holder
// unsubscribed, or its session ended) raced a new subscriber's subscribe
// of the same URI: the new one, finding no holder, asked the backend at
// once, and the backend, answering the unsubscribe last, ended with no
// subscription while the pool counted one. The subscribe now waits for
// the unsubscribe's answer and is sent after it; one whose request ends
// while it waits gives its slot back.
func TestPool_ASubscribeDuringTheLastUnsubscribeEndsSubscribed(t *testing.T) {
	for _, end := range []string{"unsubscribe", "session ends"} {
		t.Run(end, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				conn := &orderSubConn{ungate: make(chan struct{})}
				p := newOrderSubPool(t, conn)
				ctx := context.Background()
				a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
				b := &Call{Session: "b", Server: "docs", Launch: p.launches["docs"]}
				c := &Call{Session: "c", Server: "docs", Launch: p.launches["docs"]}
				if err := p.Subscribe(ctx, a, "file:///x"); err != nil {
					t.Fatal(err)
				}
				var wg sync.WaitGroup
				if end == "unsubscribe" {
					wg.Go(func() { p.Unsubscribe(ctx, a, "file:///x") })
				} else {
					p.ForgetSubscriptions("a")
				}
				synctest.Wait() // the backend is being asked to unsubscribe
				var errB, errC error
				wg.Go(func() { errB = p.Subscribe(ctx, b, "file:///x") })
				cctx, cancel := context.WithCancel(ctx)
				wg.Go(func() { errC = p.Subscribe(cctx, c, "file:///x") })
				synctest.Wait()
				cancel()
				synctest.Wait()
				close(conn.ungate)
				wg.Wait()
				synctest.Wait()
				if errB != nil {
					t.Errorf("b's subscribe: %v", errB)
				}
				if !errors.Is(errC, context.Canceled) {
					t.Errorf("c's subscribe, cancelled while the unsubscribe was asked: %v, want context.Canceled", errC)
				}
				ops, overlaps := conn.seen()
				if !slices.Equal(ops, []string{"sub file:///x", "unsub file:///x", "sub file:///x"}) || len(overlaps) > 0 {
					t.Errorf("the backend answered %q (subscribes sent while an unsubscribe was unanswered: %q); want the new subscribe after the unsubscribe", ops, overlaps)
				}
				p.subs.mu.Lock()
				defer p.subs.mu.Unlock()
				if set := p.subs.n[p.launches["docs"].Key]["file:///x"]; len(set) != 1 || !set["b"] {
					t.Errorf("holders of file:///x: %v, want b", set)
				}
				if p.subs.held["c"] != nil {
					t.Errorf("c, whose subscribe was cancelled, holds %d slots", p.subs.held["c"].n)
				}
			})
		})
	}
}
