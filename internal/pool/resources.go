package pool

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// ResourceConn is what a Conn offers for resources and prompts;
// *backend.Backend implements it.
type ResourceConn interface {
	ReadResource(ctx context.Context, uri string) (*mcp.ReadResourceResult, error)
	GetPrompt(ctx context.Context, name string, args map[string]string) (*mcp.GetPromptResult, error)
}

// ReadResource reads uri (the backend's own URI) from c.Launch's backend,
// starting it if needed, within the call timeout. c.Tool and c.Args are
// not used; c is in flight meanwhile, so requests the backend makes
// during the read are routed to c.Hooks. Errors are CallTool's.
func (p *Pool) ReadResource(ctx context.Context, c *Call, uri string) (*mcp.ReadResourceResult, error) {
	var res *mcp.ReadResourceResult
	err := p.withConn(ctx, c, func(ctx context.Context, rc ResourceConn) (err error) {
		res, err = rc.ReadResource(ctx, uri)
		return err
	})
	return res, err
}

// GetPrompt gets the prompt name (the backend's own name) with args from
// c.Launch's backend, like ReadResource.
func (p *Pool) GetPrompt(ctx context.Context, c *Call, name string, args map[string]string) (*mcp.GetPromptResult, error) {
	var res *mcp.GetPromptResult
	err := p.withConn(ctx, c, func(ctx context.Context, rc ResourceConn) (err error) {
		res, err = rc.GetPrompt(ctx, name, args)
		return err
	})
	return res, err
}

// completer is a Conn that answers completion/complete;
// *backend.Backend is one.
type completer interface {
	Complete(ctx context.Context, p *mcp.CompleteParams) (*mcp.CompleteResult, error)
}

// Complete asks c.Launch's backend for completions of an argument of one
// of its prompts or resource templates (params.Ref in the backend's own
// names), like ReadResource.
func (p *Pool) Complete(ctx context.Context, c *Call, params *mcp.CompleteParams) (*mcp.CompleteResult, error) {
	var res *mcp.CompleteResult
	err := p.withConn(ctx, c, func(ctx context.Context, rc ResourceConn) (err error) {
		cc, ok := rc.(completer)
		if !ok {
			return fmt.Errorf("backend %q does not relay completions", c.Server)
		}
		res, err = cc.Complete(ctx, params)
		return err
	})
	return res, err
}

// withConn runs fn on c.Launch's backend as one call: started if needed,
// bounded by the call timeout, tracked in flight, counted.
func (p *Pool) withConn(ctx context.Context, c *Call, fn func(context.Context, ResourceConn) error) error {
	if c == nil || c.Launch == nil {
		name := ""
		if c != nil {
			name = c.Server
		}
		return mark(ErrUnknownServer, "unknown server %q", name)
	}
	l, err := p.acquire(ctx, c.Launch)
	if err != nil {
		return err
	}
	// A backend this starts is listed as CallTool's would be, so its
	// lists reach the catalog.
	if err := p.relisted(ctx, l); err != nil {
		p.release(l, err)
		return err
	}
	rc, ok := l.conn.(ResourceConn)
	if !ok {
		err := fmt.Errorf("backend %q does not serve resources or prompts", c.Server)
		p.release(l, nil)
		return err
	}
	cctx, cancel := p.callContext(ctx, l.e)
	defer cancel()
	p.track(l.e, c, true)
	err = fn(cctx, rc)
	p.track(l.e, c, false)
	if err != nil {
		err = p.callError(cctx, l.conn, err)
	}
	p.release(l, err)
	return err
}

// listTemplates returns conn's resource templates when it lists them
// (*backend.Backend does, when it advertises resources); nil otherwise or
// on failure, which does not fail the listing.
func listTemplates(ctx context.Context, conn Conn) ([]*mcp.ResourceTemplate, error) {
	t, ok := conn.(interface {
		ListResourceTemplates(context.Context) ([]*mcp.ResourceTemplate, error)
	})
	if !ok {
		return nil, nil
	}
	return t.ListResourceTemplates(ctx)
}

// subscriptions holds the sessions subscribed to each backend URI, so a
// shared backend is asked once and released by the last; a session's
// unsubscribe undoes only its own subscription.
type subscriptions struct {
	mu sync.Mutex
	n  map[string]map[string]map[string]bool // launch key -> backend URI -> session IDs
	// held counts, per session, the URIs it holds across backends and
	// those it is subscribing to (reserved before the backend is asked),
	// at most MaxSubscriptions. A session's count is a pointer made when it
	// first reserves and dropped when it ends (ForgetSubscriptions), so a
	// subscribe the backend answers after that finds its count gone and
	// adds nothing.
	held map[string]*subCount
	// asking counts the subscribes of each launch key and URI the backend
	// is being asked (those of a URI's first subscribers), so a subscribe
	// answered after its session ended unsubscribes on the backend only
	// when no session holds the URI or is asking for it.
	asking map[subKey]int
}

// subKey names one backend URI: a launch key and the URI.
type subKey struct{ key, uri string }

// subCount is one session's count of held and reserved subscriptions.
type subCount struct{ n int }

// Bounds of one session's resource subscriptions: a client could
// subscribe to any number of URIs of a backend that allows it, each kept
// (a set per URI in the shared daemon) until the session ended, and each
// a request to the backend.
const (
	// MaxSubscriptions is the most URIs one session may be subscribed to
	// at once, across its backends.
	MaxSubscriptions = 1000
	// MaxSubscriptionURI bounds the bytes of a URI subscribed to (a
	// resource definition offered is at most 8 KiB).
	MaxSubscriptionURI = 8 << 10
)

// ErrTooManySubscriptions is what Subscribe's error wraps when the
// session holds MaxSubscriptions already.
var ErrTooManySubscriptions = errors.New("too many resource subscriptions")

// reserve counts session's subscription to key's uri against
// MaxSubscriptions before the backend is asked: held is true when session
// holds it already (nothing is counted); first when no session does. The
// count it returns is the one to give back to (releaseSub) or to add the
// subscription under (setSub).
func (p *Pool) reserve(key, uri, session string) (count *subCount, first, held bool, err error) {
	p.subs.mu.Lock()
	defer p.subs.mu.Unlock()
	set := p.subs.n[key][uri]
	if set[session] {
		return nil, false, true, nil
	}
	count = p.subs.held[session]
	if count != nil && count.n >= MaxSubscriptions {
		return nil, false, false, fmt.Errorf("%w: this session holds %d resource subscriptions, the most one session may hold (across its servers); unsubscribe from some (resources/unsubscribe) before subscribing to more, or start a new session", ErrTooManySubscriptions, MaxSubscriptions)
	}
	if count == nil {
		if p.subs.held == nil {
			p.subs.held = map[string]*subCount{}
		}
		count = &subCount{}
		p.subs.held[session] = count
	}
	count.n++
	if first = len(set) == 0; first {
		if p.subs.asking == nil {
			p.subs.asking = map[subKey]int{}
		}
		p.subs.asking[subKey{key, uri}]++
	}
	return count, first, false, nil
}

// releaseSub gives back one of session's counted subscriptions, reserved
// under count (nothing when the session ended since).
func (p *Pool) releaseSub(session string, count *subCount) {
	p.subs.mu.Lock()
	defer p.subs.mu.Unlock()
	p.releaseSubLocked(session, count)
}

func (p *Pool) releaseSubLocked(session string, count *subCount) {
	if count == nil || p.subs.held[session] != count {
		return
	}
	if count.n--; count.n <= 0 {
		delete(p.subs.held, session)
	}
}

// subscriber is a Conn that relays resource subscriptions.
type subscriber interface {
	Subscribe(ctx context.Context, uri string) error
	Unsubscribe(ctx context.Context, uri string) error
}

// Subscribe subscribes c's session to updates of uri (the backend's own
// URI) on c.Launch's backend, starting it if needed; the backend is asked
// only for the first subscriber of a URI. Updates arrive through
// Options.OnResourceUpdated. A subscription does not survive a restart
// of the backend (subscribe again after it).
func (p *Pool) Subscribe(ctx context.Context, c *Call, uri string) error {
	if c != nil && len(uri) > MaxSubscriptionURI {
		return fmt.Errorf("the URI is %d bytes, over the %d-byte bound of a subscription", len(uri), MaxSubscriptionURI)
	}
	var count *subCount
	if c != nil && c.Launch != nil {
		var first, held bool
		var err error
		count, first, held, err = p.reserve(c.Launch.Key, uri, c.Session)
		switch {
		case err != nil:
			return err
		case held:
			return nil
		case !first:
			p.addSub(c.Launch.Key, uri, c.Session, count)
			return nil
		}
	}
	err := p.withConn(ctx, c, func(ctx context.Context, rc ResourceConn) error {
		s, ok := rc.(subscriber)
		if !ok {
			return fmt.Errorf("backend %q does not relay resource subscriptions", c.Server)
		}
		return s.Subscribe(ctx, uri)
	})
	if c != nil && c.Launch != nil && p.answered(c.Launch.Key, uri, c.Session, count, err == nil) {
		// The session ended while the backend was asked, and no other
		// holds the URI or is asking for it: the backend would keep the
		// subscription (and send its updates) until the URI's next
		// subscriber came and went, or it restarted. The caller's context
		// may have ended with the session.
		uctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), orphanUnsubscribeTimeout)
		defer cancel()
		p.unsubscribeBackend(uctx, c, uri)
	}
	return err
}

// orphanUnsubscribeTimeout bounds the unsubscribe sent for a subscription
// answered after its session ended.
const orphanUnsubscribeTimeout = 10 * time.Second

// answered settles a subscribe the backend (when asked) answered: ok, the
// subscription is added under count, else count's reservation is given
// back. It reports whether the backend holds a subscription no session
// does: the subscribe was asked of it and succeeded, the session ended
// meanwhile, and no other session holds the URI or is asking for it.
func (p *Pool) answered(key, uri, session string, count *subCount, ok bool) (orphan bool) {
	p.subs.mu.Lock()
	defer p.subs.mu.Unlock()
	k := subKey{key, uri}
	if !ok {
		p.releaseSubLocked(session, count)
	} else if !p.addSubLocked(key, uri, session, count) {
		orphan = len(p.subs.n[key][uri]) == 0 && p.subs.asking[k] == 1
	}
	if p.subs.asking[k]--; p.subs.asking[k] <= 0 {
		delete(p.subs.asking, k)
	}
	return orphan
}

// Unsubscribe undoes c's session's Subscribe (nothing when it has none:
// another session's subscription to the same URI stays); the backend is
// told when the last subscriber of uri left and it is running (a stopped
// backend forgot the subscription already).
func (p *Pool) Unsubscribe(ctx context.Context, c *Call, uri string) error {
	if c == nil || c.Launch == nil {
		return nil
	}
	if left, had := p.removeSub(c.Launch.Key, uri, c.Session); !had || left > 0 {
		return nil
	}
	return p.unsubscribeBackend(ctx, c, uri)
}

// unsubscribeBackend tells c.Launch's backend to drop its subscription to
// uri when it is running (a stopped backend forgot it already).
func (p *Pool) unsubscribeBackend(ctx context.Context, c *Call, uri string) error {
	p.mu.Lock()
	e := p.entries[c.Launch.Key]
	ready := e != nil && e.state == Ready
	p.mu.Unlock()
	if !ready {
		return nil
	}
	return p.withConn(ctx, c, func(ctx context.Context, rc ResourceConn) error {
		if s, ok := rc.(subscriber); ok {
			return s.Unsubscribe(ctx, uri)
		}
		return nil
	})
}

// ForgetSubscriptions removes session, which ended, from the subscribers
// of every URI: a session that left without unsubscribing counted for
// ever, so the backend was never told when the others left. The backend
// is not asked anything (its updates reach only clients still subscribed;
// the next subscriber of an emptied URI asks it again), except that a
// subscribe of the session's it answers afterwards is undone on it when
// no other session holds that URI or is asking for it.
func (p *Pool) ForgetSubscriptions(session string) {
	p.subs.mu.Lock()
	defer p.subs.mu.Unlock()
	delete(p.subs.held, session)
	for key, m := range p.subs.n {
		for uri, set := range m {
			delete(set, session)
			if len(set) == 0 {
				delete(m, uri)
			}
		}
		if len(m) == 0 {
			delete(p.subs.n, key)
		}
	}
}

// addSub adds session to the subscribers of key's uri, under count (its
// reservation). The reservation is given back when session was one
// already (two subscribes of one URI at once hold one slot), and nothing
// is added when the session ended while the backend was asked (count is
// no longer its count).
func (p *Pool) addSub(key, uri, session string, count *subCount) {
	p.subs.mu.Lock()
	defer p.subs.mu.Unlock()
	p.addSubLocked(key, uri, session, count)
}

// addSubLocked is addSub; it reports whether the session is among the
// URI's subscribers after it (false: the session ended).
func (p *Pool) addSubLocked(key, uri, session string, count *subCount) bool {
	if count == nil || p.subs.held[session] != count {
		return false
	}
	if p.subs.n == nil {
		p.subs.n = map[string]map[string]map[string]bool{}
	}
	m := p.subs.n[key]
	if m == nil {
		m = map[string]map[string]bool{}
		p.subs.n[key] = m
	}
	set := m[uri]
	if set == nil {
		set = map[string]bool{}
		m[uri] = set
	}
	if set[session] {
		p.releaseSubLocked(session, count)
		return true
	}
	set[session] = true
	return true
}

// removeSub removes session from the subscribers of key's uri, giving
// back its slot; it returns how many are left and whether session was
// one before (an unsubscribe of a URI not held gives back nothing).
func (p *Pool) removeSub(key, uri, session string) (left int, had bool) {
	p.subs.mu.Lock()
	defer p.subs.mu.Unlock()
	m := p.subs.n[key]
	set := m[uri]
	if had = set[session]; !had {
		return len(set), false
	}
	delete(set, session)
	p.releaseSubLocked(session, p.subs.held[session])
	left = len(set)
	if left == 0 {
		delete(m, uri)
		if len(m) == 0 {
			delete(p.subs.n, key)
		}
	}
	return left, had
}

// resourceUpdated is the backend's OnResourceUpdated for key.
func (p *Pool) resourceUpdated(key string) func(uri string) {
	return func(uri string) {
		if p.o.OnResourceUpdated != nil {
			p.o.OnResourceUpdated(key, uri)
		}
	}
}
