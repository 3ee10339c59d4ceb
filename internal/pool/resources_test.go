package pool

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// resConn is a fakeConn that serves resources and prompts; during a read
// it records which call the pool routes a backend request to.
type resConn struct {
	*fakeConn
	p      *Pool
	key    string
	routed *Call
}

func (c *resConn) ReadResource(ctx context.Context, uri string) (*mcp.ReadResourceResult, error) {
	c.routed = c.p.Route(c.key, nil)
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, Text: "from " + c.name}}}, nil
}

func (c *resConn) GetPrompt(ctx context.Context, name string, args map[string]string) (*mcp.GetPromptResult, error) {
	return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: name + " " + args["a"]}}}}, nil
}

func TestPool_ReadResourceStartsBackendAndTracksCall(t *testing.T) {
	st := newStarter(0)
	var conn *resConn
	var p *named
	p = newNamed(servers("docs", "plain"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil || spec.Name == "plain" {
			return c, err
		}
		conn = &resConn{fakeConn: c.(*fakeConn), p: p.Pool, key: p.launches["docs"].Key}
		return conn, nil
	}})
	defer p.Close()
	call := &Call{Server: "docs", Launch: p.launches["docs"]}
	res, err := p.ReadResource(context.Background(), call, "file:///x")
	if err != nil {
		t.Fatal(err)
	}
	if res.Contents[0].Text != "from docs" || st.count("docs") != 1 || state(p, "docs") != Ready {
		t.Errorf("read %q, %d starts, state %v: want the backend started once and ready", res.Contents[0].Text, st.count("docs"), state(p, "docs"))
	}
	if conn.routed != call {
		t.Errorf("during the read the pool routed to %v, want the read's call", conn.routed)
	}
	if len(p.InFlight(call.Launch.Key)) != 0 {
		t.Error("the read is still in flight after it returned")
	}
	g, err := p.GetPrompt(context.Background(), call, "greet", map[string]string{"a": "b"})
	if err != nil || g.Messages[0].Content.(*mcp.TextContent).Text != "greet b" {
		t.Errorf("prompt %+v, %v", g, err)
	}
	_, err = p.ReadResource(context.Background(), &Call{Server: "plain", Launch: p.launches["plain"]}, "file:///x")
	if err == nil || !strings.Contains(err.Error(), `backend "plain" does not serve resources`) {
		t.Errorf("a conn without resources: %v", err)
	}
	if _, err := p.Complete(context.Background(), call, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "greet"}}); err == nil || !strings.Contains(err.Error(), `backend "docs" does not relay completions`) {
		t.Errorf("a conn without completions: %v", err)
	}
	if _, err := p.ReadResource(context.Background(), &Call{Server: "gone"}, "file:///x"); err == nil || !strings.Contains(err.Error(), `unknown server "gone"`) {
		t.Errorf("no launch: %v", err)
	}
}

// completeConn is a resConn that completes an argument with its value
// and the call the pool routed to meanwhile.
type completeConn struct {
	resConn
}

func (c *completeConn) Complete(ctx context.Context, p *mcp.CompleteParams) (*mcp.CompleteResult, error) {
	c.routed = c.p.Route(c.key, nil)
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{p.Ref.Name + ":" + p.Argument.Value + "x"}}}, nil
}

func TestPool_CompleteStartsBackendAndTracksCall(t *testing.T) {
	st := newStarter(0)
	var conn *completeConn
	var p *named
	p = newNamed(servers("docs"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil {
			return c, err
		}
		conn = &completeConn{resConn{fakeConn: c.(*fakeConn), p: p.Pool, key: p.launches["docs"].Key}}
		return conn, nil
	}})
	defer p.Close()
	call := &Call{Server: "docs", Launch: p.launches["docs"]}
	res, err := p.Complete(context.Background(), call, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "greet"}, Argument: mcp.CompleteParamsArgument{Name: "a", Value: "b"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Completion.Values) != 1 || res.Completion.Values[0] != "greet:bx" || st.count("docs") != 1 || state(p, "docs") != Ready {
		t.Errorf("values %q, %d starts, state %v: want the backend started once and ready", res.Completion.Values, st.count("docs"), state(p, "docs"))
	}
	if conn.routed != call || len(p.InFlight(call.Launch.Key)) != 0 {
		t.Errorf("routed to %v during the request (want its call), %d in flight after", conn.routed, len(p.InFlight(call.Launch.Key)))
	}
}

// subConn is a resConn that counts subscriptions it was asked for.
type subConn struct {
	resConn
	subs, unsubs int
}

func (c *subConn) Subscribe(ctx context.Context, uri string) error   { c.subs++; return nil }
func (c *subConn) Unsubscribe(ctx context.Context, uri string) error { c.unsubs++; return nil }

func TestPool_SubscribeOncePerSharedBackend(t *testing.T) {
	st := newStarter(0)
	var conn *subConn
	p := newNamed(servers("docs"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil {
			return nil, err
		}
		conn = &subConn{resConn: resConn{fakeConn: c.(*fakeConn)}}
		return conn, nil
	}})
	defer p.Close()
	a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
	b := &Call{Session: "b", Server: "docs", Launch: p.launches["docs"]}
	ctx := context.Background()
	for _, c := range []*Call{a, b} {
		if err := p.Subscribe(ctx, c, "file:///x"); err != nil {
			t.Fatal(err)
		}
	}
	if conn.subs != 1 {
		t.Errorf("two sessions subscribing: the backend was asked %d times, want once", conn.subs)
	}
	p.Unsubscribe(ctx, a, "file:///x")
	if conn.unsubs != 0 {
		t.Error("the backend was unsubscribed while a session still subscribes")
	}
	p.Unsubscribe(ctx, b, "file:///x")
	if conn.unsubs != 1 {
		t.Errorf("after the last session left: %d unsubscribes, want 1", conn.unsubs)
	}
}

// A session's unsubscribe ends its own subscription only: one that never
// subscribed, or subscribed twice and left once, does not end another
// session's updates (the count was per URI, so b's unsubscribe of a URI
// it never subscribed to unsubscribed the backend under a).
func TestPool_AnUnsubscribeIsThatSessionsOnly(t *testing.T) {
	st := newStarter(0)
	var conn *subConn
	p := newNamed(servers("docs"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil {
			return nil, err
		}
		conn = &subConn{resConn: resConn{fakeConn: c.(*fakeConn)}}
		return conn, nil
	}})
	defer p.Close()
	a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
	b := &Call{Session: "b", Server: "docs", Launch: p.launches["docs"]}
	ctx := context.Background()
	if err := p.Subscribe(ctx, a, "file:///x"); err != nil {
		t.Fatal(err)
	}
	p.Unsubscribe(ctx, b, "file:///x")
	if conn.unsubs != 0 {
		t.Fatal("an unsubscribe of a session that never subscribed unsubscribed the backend under another")
	}
	p.Subscribe(ctx, b, "file:///x")
	p.Subscribe(ctx, b, "file:///x")
	p.Unsubscribe(ctx, b, "file:///x")
	if conn.unsubs != 0 {
		t.Fatal("a session subscribing twice and leaving once unsubscribed the backend under another")
	}
	p.Unsubscribe(ctx, a, "file:///x")
	if conn.unsubs != 1 || conn.subs != 1 {
		t.Errorf("subscribes %d, unsubscribes %d; want 1 and 1", conn.subs, conn.unsubs)
	}
}

// A session that ended subscribed is forgotten: the last session still
// subscribed leaving unsubscribes the backend.
func TestPool_AnEndedSessionsSubscriptionsAreForgotten(t *testing.T) {
	st := newStarter(0)
	var conn *subConn
	p := newNamed(servers("docs"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil {
			return nil, err
		}
		conn = &subConn{resConn: resConn{fakeConn: c.(*fakeConn)}}
		return conn, nil
	}})
	defer p.Close()
	a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
	b := &Call{Session: "b", Server: "docs", Launch: p.launches["docs"]}
	ctx := context.Background()
	p.Subscribe(ctx, a, "file:///x")
	p.Subscribe(ctx, b, "file:///x")
	p.ForgetSubscriptions("b")
	p.Unsubscribe(ctx, a, "file:///x")
	if conn.unsubs != 1 {
		t.Errorf("after the session left and the last one unsubscribed: %d unsubscribes, want 1", conn.unsubs)
	}
}

// TestPool_ASessionsSubscriptionsAreBounded: a client could subscribe to
// any number of URIs of a backend that allows it, each kept until the
// session ended (a set per URI in the shared daemon, and a request to
// the backend each). A session holds at most MaxSubscriptions now: the
// next is refused naming the limit and what to do, another session is
// not held by it, an unsubscribe or the session's end makes room, and a
// URI already held or longer than MaxSubscriptionURI is said so.
func TestPool_ASessionsSubscriptionsAreBounded(t *testing.T) {
	st := newStarter(0)
	var conn *subConn
	p := newNamed(servers("docs"), &Options{Start: func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
		c, err := st.start(ctx, spec, o)
		if err != nil {
			return nil, err
		}
		conn = &subConn{resConn: resConn{fakeConn: c.(*fakeConn)}}
		return conn, nil
	}})
	defer p.Close()
	a := &Call{Session: "a", Server: "docs", Launch: p.launches["docs"]}
	b := &Call{Session: "b", Server: "docs", Launch: p.launches["docs"]}
	ctx := context.Background()
	for i := range MaxSubscriptions {
		if err := p.Subscribe(ctx, a, fmt.Sprintf("file:///%d", i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := p.Subscribe(ctx, a, "file:///0"); err != nil {
		t.Errorf("subscribing again to a URI held: %v", err)
	}
	err := p.Subscribe(ctx, a, "file:///more")
	if err == nil || !errors.Is(err, ErrTooManySubscriptions) || !strings.Contains(err.Error(), fmt.Sprint(MaxSubscriptions)) || !strings.Contains(err.Error(), "resources/unsubscribe") {
		t.Errorf("past the bound: %v", err)
	}
	if err := p.Subscribe(ctx, b, "file:///more"); err != nil {
		t.Errorf("another session: %v", err)
	}
	p.Unsubscribe(ctx, a, "file:///1")
	if err := p.Subscribe(ctx, a, "file:///more"); err != nil {
		t.Errorf("after an unsubscribe: %v", err)
	}
	p.ForgetSubscriptions("a")
	if err := p.Subscribe(ctx, a, "file:///again"); err != nil {
		t.Errorf("after the session ended: %v", err)
	}
	if err := p.Subscribe(ctx, b, "file:///"+strings.Repeat("x", MaxSubscriptionURI)); err == nil || !strings.Contains(err.Error(), "bytes") {
		t.Errorf("a URI over the bound: %v", err)
	}
}
