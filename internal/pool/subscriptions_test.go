package pool

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// gatedSubConn is a resConn whose Subscribe waits for gate to close,
// telling entered each time it is asked.
type gatedSubConn struct {
	resConn
	entered chan struct{}
	gate    chan struct{}

	mu     sync.Mutex
	unsubs []string // the URIs Unsubscribe was asked for, in order
}

func (c *gatedSubConn) Subscribe(ctx context.Context, uri string) error {
	c.entered <- struct{}{}
	<-c.gate
	return nil
}
func (c *gatedSubConn) Unsubscribe(ctx context.Context, uri string) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.unsubs = append(c.unsubs, uri)
	return nil
}

func (c *gatedSubConn) unsubscribed() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.unsubs)
}

func newGatedSubPool(t *testing.T) (*named, *gatedSubConn) {
	st := newStarter(0)
	conn := &gatedSubConn{entered: make(chan struct{}, 100), gate: make(chan struct{})}
	p := newNamed(servers("docs"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil {
			return nil, err
		}
		conn.resConn = resConn{fakeConn: c.(*fakeConn)}
		return conn, nil
	}})
	t.Cleanup(func() { p.Close() })
	return p, conn
}

// Round forty: a session subscribing to one URI many times at once was
// counted once a request but held it once, so an unsubscribe gave back
// one slot and the others stayed taken until the session ended.
func TestPool_ConcurrentSubscribesToOneURIHoldOneSlot(t *testing.T) {
	p, conn := newGatedSubPool(t)
	a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
	ctx := context.Background()
	const n = 8
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := p.Subscribe(ctx, a, "file:///x"); err != nil {
				t.Error(err)
			}
		}()
	}
	for range n {
		<-conn.entered
	}
	close(conn.gate)
	wg.Wait()
	if err := p.Unsubscribe(ctx, a, "file:///x"); err != nil {
		t.Fatal(err)
	}
	p.subs.mu.Lock()
	held, uris := p.subs.held["a"], len(p.subs.n)
	p.subs.mu.Unlock()
	if held != nil || uris != 0 {
		t.Errorf("after %d concurrent subscribes to one URI and one unsubscribe the session holds %v (%d backends with subscribers), want none", n, held, uris)
	}
}

// Round forty: a subscribe that the backend answered after the session
// ended (ForgetSubscriptions) added the ended session to the URI's
// subscribers for ever: a client sending many subscribes and leaving
// grew the shared daemon's sets without bound, past any session's limit.
func TestPool_ASubscribeAnsweredAfterTheSessionEndedIsForgotten(t *testing.T) {
	p, conn := newGatedSubPool(t)
	ctx := context.Background()
	var wg sync.WaitGroup
	const n = 5
	for i := range n {
		c := &Call{Session: "gone", Server: "docs", Launch: p.launches["docs"]}
		wg.Add(1)
		go func() {
			defer wg.Done()
			p.Subscribe(ctx, c, fmt.Sprintf("file:///%d", i))
		}()
	}
	for range n {
		<-conn.entered
	}
	p.ForgetSubscriptions("gone")
	close(conn.gate)
	wg.Wait()
	p.subs.mu.Lock()
	defer p.subs.mu.Unlock()
	if len(p.subs.n) != 0 || len(p.subs.held) != 0 {
		t.Errorf("after the session ended: subscribers %v, held %v; want none", p.subs.n, p.subs.held)
	}
}

// failingSubConn is a resConn whose Subscribe fails.
type failingSubConn struct{ resConn }

func (c *failingSubConn) Subscribe(ctx context.Context, uri string) error {
	return errors.New("subscriptions are off")
}
func (c *failingSubConn) Unsubscribe(ctx context.Context, uri string) error { return nil }

// Round forty, held: an unsubscribe of a URI the session never subscribed
// to gives back no slot, and a backend refusing every subscribe takes
// none (each failure gives its reservation back).
func TestPool_SubscriptionSlotsAreGivenBackOnlyForWhatWasTaken(t *testing.T) {
	p, conn := newGatedSubPool(t)
	close(conn.gate)
	go func() {
		for range conn.entered {
		}
	}()
	defer close(conn.entered)
	a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
	ctx := context.Background()
	for i := range MaxSubscriptions {
		if err := p.Subscribe(ctx, a, fmt.Sprintf("file:///%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 10 {
		p.Unsubscribe(ctx, a, fmt.Sprintf("file:///never/%d", i))
		p.Unsubscribe(ctx, &Call{Session: "b", Server: "docs", Launch: p.launches["docs"]}, "file:///0")
	}
	if err := p.Subscribe(ctx, a, "file:///more"); !errors.Is(err, ErrTooManySubscriptions) {
		t.Errorf("after unsubscribes of URIs not held: %v, want the bound", err)
	}

	st := newStarter(0)
	q := newNamed(servers("docs"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil {
			return nil, err
		}
		return &failingSubConn{resConn{fakeConn: c.(*fakeConn)}}, nil
	}})
	defer q.Close()
	b := &Call{Session: "b", Server: "docs", Launch: q.launches["docs"]}
	for i := range MaxSubscriptions + 10 {
		if err := q.Subscribe(ctx, b, fmt.Sprintf("file:///%d", i)); err == nil || errors.Is(err, ErrTooManySubscriptions) {
			t.Fatalf("subscribe %d to a backend refusing them: %v, want its refusal", i, err)
		}
	}
	q.subs.mu.Lock()
	defer q.subs.mu.Unlock()
	if len(q.subs.held) != 0 || len(q.subs.n) != 0 {
		t.Errorf("after refused subscribes: held %v, subscribers %v", q.subs.held, q.subs.n)
	}
}

// Round forty-one: a subscribe the backend answered after its session
// ended was forgotten by the pool but stayed on the backend, which kept
// it (and sent its updates) until the URI's next subscriber came and
// went. It is now undone on the backend when no other session holds the
// URI or is asking for it, and kept when one does.
func TestPool_ASubscribeAnsweredAfterTheSessionEndedIsUndoneOnTheBackend(t *testing.T) {
	for _, c := range []struct {
		name   string
		others []string // sessions subscribing to the URI too, while gone's is asked
		stay   []string // of them, those that end before the answers too
		want   []string
	}{
		{name: "alone", want: []string{"file:///a"}},
		{name: "another session asking too", others: []string{"live"}},
		{name: "another session asking, and ending too", others: []string{"other"}, stay: []string{"other"}, want: []string{"file:///a"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, conn := newGatedSubPool(t)
			ctx, cancel := context.WithCancel(context.Background())
			var wg sync.WaitGroup
			for _, s := range append([]string{"gone"}, c.others...) {
				call := &Call{Session: s, Server: "docs", Launch: p.launches["docs"]}
				wg.Add(1)
				go func() {
					defer wg.Done()
					p.Subscribe(ctx, call, "file:///a")
				}()
			}
			for range 1 + len(c.others) {
				<-conn.entered
			}
			p.ForgetSubscriptions("gone")
			for _, s := range c.stay {
				p.ForgetSubscriptions(s)
			}
			cancel() // the request ends with its session
			close(conn.gate)
			wg.Wait()
			// Of two sessions that both ended, the one answered last tells
			// the backend, once.
			if got := conn.unsubscribed(); !slices.Equal(got, c.want) {
				t.Errorf("the backend was told to unsubscribe from %q, want %q", got, c.want)
			}
			p.subs.mu.Lock()
			defer p.subs.mu.Unlock()
			for k, st := range p.subs.uris {
				if st.asking != 0 || st.undo != nil {
					t.Errorf("%s: %d subscribes still counted as asked (an unsubscribe in flight: %v)", k.uri, st.asking, st.undo != nil)
				}
			}
			if held := len(p.subs.n[p.launches["docs"].Key]["file:///a"]); held != len(c.others)-len(c.stay) {
				t.Errorf("%d sessions hold the URI, want %d", held, len(c.others)-len(c.stay))
			}
		})
	}
}
