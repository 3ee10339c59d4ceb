package pool

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/panics"
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
	// uris is what the backend is being asked, or holds, of each launch
	// key and URI that has a subscribe or an unsubscribe in flight or a
	// subscription on the backend: the order of the two on one URI.
	uris map[subKey]*uriState
	// settling counts the unsubscribes ForgetSubscriptions sends in the
	// background (tests wait for them).
	settling sync.WaitGroup
}

// subKey names one backend URI: a launch key and the URI.
type subKey struct{ key, uri string }

// subCount is one session's count of held and reserved subscriptions.
type subCount struct{ n int }

// uriState is what the backend was asked of one URI, changed under
// subscriptions.mu. Subscribes of one URI may be in flight together; an
// unsubscribe is sent only when none is, and a subscribe arriving while
// one is in flight waits for it, so the backend ends subscribed whenever
// a session ends holding the URI, whatever the order of their arrival.
type uriState struct {
	asking int           // subscribes in flight
	undo   chan struct{} // non-nil while an unsubscribe is in flight; closed when it is answered
	on     bool          // the backend said yes to a subscribe and was not told to unsubscribe since
	// launch and server are those of the latest subscriber, to unsubscribe
	// with when the last holder's session ended.
	launch *Launch
	server string
}

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
	return count, len(set) == 0, false, nil
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

// uriStateLocked returns k's state, made when absent.
func (p *Pool) uriStateLocked(k subKey) *uriState {
	st := p.subs.uris[k]
	if st == nil {
		if p.subs.uris == nil {
			p.subs.uris = map[subKey]*uriState{}
		}
		st = &uriState{}
		p.subs.uris[k] = st
	}
	return st
}

// dropIdleLocked forgets k's state when nothing is in flight and the
// backend holds nothing of it.
func (p *Pool) dropIdleLocked(k subKey, st *uriState) {
	if st.asking == 0 && st.undo == nil && !st.on && p.subs.uris[k] == st {
		delete(p.subs.uris, k)
	}
}

// subscriber is a Conn that relays resource subscriptions.
type subscriber interface {
	Subscribe(ctx context.Context, uri string) error
	Unsubscribe(ctx context.Context, uri string) error
}

// Subscribe subscribes c's session to updates of uri (the backend's own
// URI) on c.Launch's backend, starting it if needed; the backend is asked
// only for the first subscriber of a URI, and after an unsubscribe of the
// URI in flight is answered (so it ends subscribed). Updates arrive
// through Options.OnResourceUpdated. After a restart of the backend the
// pool subscribes it again to the URIs sessions hold (resubscribe).
func (p *Pool) Subscribe(ctx context.Context, c *Call, uri string) error {
	if c != nil && len(uri) > MaxSubscriptionURI {
		return fmt.Errorf("the URI is %d bytes, over the %d-byte bound of a subscription", len(uri), MaxSubscriptionURI)
	}
	if c == nil || c.Launch == nil {
		return p.withConn(ctx, c, func(context.Context, ResourceConn) error { return nil })
	}
	count, first, held, err := p.reserve(c.Launch.Key, uri, c.Session)
	switch {
	case err != nil:
		return err
	case held:
		return nil
	case !first:
		p.addSub(c.Launch.Key, uri, c.Session, count)
		return nil
	}
	k := subKey{c.Launch.Key, uri}
	if err := p.awaitUndo(ctx, k, c); err != nil {
		p.releaseSub(c.Session, count)
		return err
	}
	err = p.withConn(ctx, c, func(ctx context.Context, rc ResourceConn) error {
		s, ok := rc.(subscriber)
		if !ok {
			return fmt.Errorf("backend %q does not relay resource subscriptions", c.Server)
		}
		return s.Subscribe(ctx, uri)
	})
	if p.answered(k, c.Session, count, err == nil) {
		// The session ended while the backend was asked, and no other
		// holds the URI or is asking for it: the backend would keep the
		// subscription (and send its updates) until the URI's next
		// subscriber came and went, or it restarted. The caller's context
		// may have ended with the session.
		uctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), orphanUnsubscribeTimeout)
		defer cancel()
		p.settle(uctx, k)
	}
	return err
}

// resubscribe subscribes conn, e's backend of start gen, again to every
// URI sessions hold on e's launch key: a backend that restarted (after a
// crash, an idle or LRU stop, or a remote's new session) holds none of
// its subscriptions, while the pool still counts their holders. It runs
// in the background, one URI at a time, each within
// orphanUnsubscribeTimeout, and stops once gen is no longer e's running
// start or the pool closes. A URI is asked only while a session holds it
// and no unsubscribe of it is in flight (a subscribe waiting on that
// unsubscribe asks the backend itself); one whose last holder left while
// it was asked is settled as Subscribe's are; one the old connection
// held and no session does is not unsubscribed on the new one. A
// backend that restarts again and again (each start within resubQuick of
// the last one that asked) is asked at once resubFree times in a row;
// after that its new start waits resubDelay before asking, doubling at
// each such start, and a start that ends meanwhile asks nothing: a
// crash-looping backend with thousands of held URIs spent each start on
// them. Status.Note says so while it waits. Caller holds p.mu.
func (p *Pool) resubscribe(e *entry, gen int, conn Conn) {
	p.subs.mu.Lock()
	for k, st := range p.subs.uris {
		if k.key == e.key { // the new connection holds none of them
			st.on = false
			p.dropIdleLocked(k, st)
		}
	}
	uris := slices.Sorted(maps.Keys(p.subs.n[e.key]))
	p.subs.mu.Unlock()
	e.resubNote = "" // the last start's; this one's is set below
	s, ok := conn.(subscriber)
	if !ok || p.closed || len(uris) == 0 {
		return
	}
	now := time.Now()
	if !e.resubAt.IsZero() && now.Sub(e.resubAt) < resubQuick {
		e.resubStreak++
	} else {
		e.resubStreak = 0
	}
	e.resubAt = now
	var wait time.Duration
	if e.resubStreak >= resubFree {
		wait = min(resubDelay<<min(e.resubStreak-resubFree, 16), resubDelayMax)
		e.resubNote = fmt.Sprintf("restarted %d times in a row, each within %s of the last: its %d resource subscriptions are asked again once this start has run %s", e.resubStreak+1, resubQuick, len(uris), wait)
		e.log.Warn("a backend restarting again and again: its subscriptions wait", "restarts", e.resubStreak+1, "uris", len(uris), "wait", wait.String())
	}
	launch, server := e.launch, e.name
	p.wg.Add(1)
	p.subs.settling.Add(1)
	go func() {
		defer p.wg.Done()
		defer p.subs.settling.Done()
		// A panic asking again (the backend's answer, the log) is
		// logged; the URI being asked counts as refused, so that its
		// state does not stay "asking" (it would never be unsubscribed),
		// and the rest are not asked until the next start. It ended the
		// process, and with the daemon every session.
		var asking *subKey
		defer panics.Recover(e.log, "subscribing a backend again after its start", func(string) {
			if asking != nil {
				p.answered(*asking, "", nil, false)
			}
		})
		if wait > 0 {
			t := time.NewTimer(wait)
			select {
			case <-t.C:
			case <-p.ctx.Done():
				t.Stop()
				return
			}
			p.mu.Lock()
			current := !p.closed && e.gen == gen && e.state == Ready
			if current {
				e.resubNote = ""
			}
			p.mu.Unlock()
			if !current {
				return
			}
		}
		failed := 0
		for _, uri := range uris {
			p.mu.Lock()
			current := !p.closed && e.gen == gen && e.state == Ready
			p.mu.Unlock()
			if !current {
				return
			}
			k := subKey{e.key, uri}
			p.subs.mu.Lock()
			st := p.subs.uris[k]
			if len(p.subs.n[k.key][k.uri]) == 0 || (st != nil && st.undo != nil) {
				p.subs.mu.Unlock()
				continue
			}
			st = p.uriStateLocked(k)
			st.asking++
			if st.launch == nil {
				st.launch, st.server = launch, server
			}
			p.subs.mu.Unlock()
			ctx, cancel := context.WithTimeout(p.ctx, orphanUnsubscribeTimeout)
			asking = &k
			err := s.Subscribe(ctx, uri)
			if err != nil {
				failed++
				e.log.Warn("subscribing again after the backend's start", "uri", uri, "err", err)
			}
			asking = nil
			if p.answered(k, "", nil, err == nil) {
				p.settle(ctx, k) // its last holder left while it was asked
			}
			cancel()
		}
		if failed == 0 {
			e.log.Debug("subscribed again after the backend's start", "uris", len(uris))
		}
	}()
}

// resubscribe's bounds for a backend that restarts again and again.
const (
	resubQuick    = time.Minute      // a start this soon after the last one that asked continues a streak
	resubFree     = 3                // starts in a row that ask at once
	resubDelay    = 5 * time.Second  // the first wait after them, doubling
	resubDelayMax = 10 * time.Minute // the longest
)

// awaitUndo waits until no unsubscribe of k is in flight and counts c's
// subscribe as asked; it fails only when ctx ends first.
func (p *Pool) awaitUndo(ctx context.Context, k subKey, c *Call) error {
	p.subs.mu.Lock()
	defer p.subs.mu.Unlock()
	for {
		st := p.uriStateLocked(k)
		if st.undo == nil {
			st.asking++
			st.launch, st.server = c.Launch, c.Server
			return nil
		}
		undo := st.undo
		p.subs.mu.Unlock()
		select {
		case <-undo:
			p.subs.mu.Lock()
		case <-ctx.Done():
			p.subs.mu.Lock()
			return context.Cause(ctx)
		}
	}
}

// orphanUnsubscribeTimeout bounds an unsubscribe the pool sends on its own:
// for a subscription answered after its session ended, or one whose last
// holder's session ended.
const orphanUnsubscribeTimeout = 10 * time.Second

// answered settles a subscribe the backend answered: ok, the
// subscription is added under count, else count's reservation is given
// back. It reports whether the backend may hold a subscription no
// session does: this was the last subscribe of the URI in flight, and no
// session holds the URI (its own ended meanwhile).
func (p *Pool) answered(k subKey, session string, count *subCount, ok bool) (orphan bool) {
	p.subs.mu.Lock()
	defer p.subs.mu.Unlock()
	st := p.uriStateLocked(k)
	if !ok {
		p.releaseSubLocked(session, count)
	} else {
		st.on = true
		p.addSubLocked(k.key, k.uri, session, count)
	}
	st.asking--
	orphan = st.asking == 0 && st.on && len(p.subs.n[k.key][k.uri]) == 0
	p.dropIdleLocked(k, st)
	return orphan
}

// settle tells the backend to unsubscribe from k when it holds the
// subscription, no session does and no subscribe of it is in flight (the
// last one in flight settles when answered); while it is asked,
// subscribes of k wait. The backend is asked only when running (a
// stopped backend forgot the subscription already).
func (p *Pool) settle(ctx context.Context, k subKey) error {
	p.subs.mu.Lock()
	st := p.subs.uris[k]
	if st == nil || !st.on || st.asking > 0 || st.undo != nil || len(p.subs.n[k.key][k.uri]) > 0 {
		p.subs.mu.Unlock()
		return nil
	}
	undo := make(chan struct{})
	st.undo, st.on = undo, false
	c := &Call{Server: st.server, Launch: st.launch}
	p.subs.mu.Unlock()
	// The subscribes of k waiting for this unsubscribe are woken however
	// it ends: a panic in it left undo open, and each of them waited to
	// its deadline, on any session.
	defer func() {
		p.subs.mu.Lock()
		st.undo = nil
		close(undo)
		p.dropIdleLocked(k, st)
		p.subs.mu.Unlock()
	}()
	return p.unsubscribeBackend(ctx, c, k.uri)
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
	return p.settle(ctx, subKey{c.Launch.Key, uri})
}

// unsubscribeBackend tells c.Launch's backend to drop its subscription to
// uri when it is running (a stopped backend forgot it already).
func (p *Pool) unsubscribeBackend(ctx context.Context, c *Call, uri string) error {
	if c.Launch == nil {
		return nil
	}
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
// ever, so the backend was never told when the others left. A URI whose
// last holder it was is unsubscribed on the backend in the background
// (each within orphanUnsubscribeTimeout, one at a time), unless a
// subscribe of it arrives first; a subscribe of the session's it answers
// afterwards is undone on it when no other session holds that URI or is
// asking for it.
func (p *Pool) ForgetSubscriptions(session string) {
	p.subs.mu.Lock()
	delete(p.subs.held, session)
	var emptied []subKey
	for key, m := range p.subs.n {
		for uri, set := range m {
			if !set[session] {
				continue
			}
			delete(set, session)
			if len(set) == 0 {
				delete(m, uri)
				emptied = append(emptied, subKey{key, uri})
			}
		}
		if len(m) == 0 {
			delete(p.subs.n, key)
		}
	}
	p.subs.mu.Unlock()
	if len(emptied) == 0 {
		return
	}
	p.mu.Lock()
	if p.closed { // the backends are stopped: they forgot it
		p.mu.Unlock()
		return
	}
	p.wg.Add(1)
	p.subs.settling.Add(1)
	p.mu.Unlock()
	go func() {
		defer p.wg.Done()
		defer p.subs.settling.Done()
		// A panic unsubscribing (the backend's answer) is logged; the
		// URIs left are unsubscribed at their next subscriber's end, or
		// forgotten at the backend's next start. It ended the process.
		defer panics.Recover(p.log, "unsubscribing after the last subscriber's session ended", nil)
		for _, k := range emptied {
			ctx, cancel := context.WithTimeout(p.ctx, orphanUnsubscribeTimeout)
			if err := p.settle(ctx, k); err != nil {
				p.log.Debug("unsubscribing after the last subscriber's session ended", "uri", k.uri, "err", err)
			}
			cancel()
		}
	}()
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
