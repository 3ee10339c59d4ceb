package pool

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round one hundred and nineteen: a stdio (2025-11-25) backend's
// elicitation while two calls were in flight on it was refused ("2 calls
// are in flight and the request names none of them") even when both
// calls were one client request's (one script's Promise.all). Calls of
// one request (Call.Request) now take it together: it reaches that
// request's client, and ends when the last of them has ended.
func TestPool_ABackendsRequestDuringCallsOfOneClientRequestReachesItsClient(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := New(&Options{Start: s.start})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, &LaunchOptions{Caps: CapElicitation | CapSampling | CapRoots})
		asked := make(chan struct{}, 1)
		hooks := &Hooks{Elicit: func(ctx context.Context, _ *mcp.ElicitParams) (*mcp.ElicitResult, error) {
			asked <- struct{}{}
			<-ctx.Done()
			return nil, ctx.Err()
		}}
		req := new(int) // the client request both calls are made for
		ctx1, cancel1 := context.WithCancel(context.Background())
		ctx2, cancel2 := context.WithCancel(context.Background())
		defer cancel2()
		c1 := &Call{Session: "s1", Server: "a", Launch: l, Tool: "sleep", Hooks: hooks, Request: req}
		c2 := &Call{Session: "s1", Server: "a", Launch: l, Tool: "sleep", Hooks: hooks, Request: req}
		go p.CallTool(ctx1, c1)
		go p.CallTool(ctx2, c2)
		synctest.Wait()
		if n := len(p.InFlight(l.Key)); n != 2 {
			t.Fatalf("%d calls in flight, want 2", n)
		}
		s.mu.Lock()
		o := s.hooks["a"]
		s.mu.Unlock()
		errc := make(chan error, 1)
		go func() {
			_, err := o.Elicit(context.Background(), &mcp.ElicitRequest{Params: &mcp.ElicitParams{Message: "?"}})
			errc <- err
		}()
		synctest.Wait()
		select {
		case <-asked:
		default:
			t.Fatalf("the elicitation did not reach the client; it got %v", <-errc)
		}
		cancel1() // one call ends: the request may be about the other
		synctest.Wait()
		select {
		case err := <-errc:
			t.Fatalf("the elicitation ended with the first of its request's two calls: %v", err)
		default:
		}
		cancel2()
		synctest.Wait()
		if err := <-errc; err == nil || !strings.Contains(err.Error(), "the call of a.sleep that sent elicitation/create ended before the client answered") {
			t.Errorf("after both calls ended the elicitation got %v", err)
		}
	})
}

// Calls of two client requests (two scripts, a script and a
// passed-through call, or two sessions) still leave a stdio backend's
// request ambiguous: refused, with the error that says why.
func TestPool_ABackendsRequestDuringCallsOfTwoClientRequestsIsRefused(t *testing.T) {
	r1, r2 := new(int), new(int)
	for _, tc := range []struct {
		name   string
		c1, c2 *Call
	}{
		{"two requests", &Call{Session: "s1", Request: r1}, &Call{Session: "s1", Request: r2}},
		{"one call of no request", &Call{Session: "s1", Request: r1}, &Call{Session: "s1"}},
		{"no request", &Call{Session: "s1"}, &Call{Session: "s1"}},
		{"two sessions", &Call{Session: "s1", Request: r1}, &Call{Session: "s2", Request: r1}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				s := newStarter(0)
				p := New(&Options{Start: s.start})
				defer p.Close()
				l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, &LaunchOptions{Caps: CapElicitation | CapSampling | CapRoots})
				var reached int
				hooks := &Hooks{
					Elicit: func(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error) {
						reached++
						return &mcp.ElicitResult{Action: "decline"}, nil
					},
					Sample: func(context.Context, *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error) {
						reached++
						return &mcp.CreateMessageResult{}, nil
					},
					Roots: func(context.Context) (*mcp.ListRootsResult, error) { reached++; return &mcp.ListRootsResult{}, nil },
				}
				ctx, cancel := context.WithCancel(context.Background())
				defer cancel()
				for _, c := range []*Call{tc.c1, tc.c2} {
					c.Server, c.Launch, c.Tool, c.Hooks = "a", l, "sleep", hooks
					go p.CallTool(ctx, c)
				}
				synctest.Wait()
				s.mu.Lock()
				o := s.hooks["a"]
				s.mu.Unlock()
				bctx := context.Background()
				_, e1 := o.Elicit(bctx, &mcp.ElicitRequest{Params: &mcp.ElicitParams{Message: "?"}})
				_, e2 := o.Sample(bctx, &mcp.CreateMessageRequest{Params: &mcp.CreateMessageParams{}})
				_, e3 := o.Roots(bctx, &mcp.ListRootsRequest{})
				for _, err := range []error{e1, e2, e3} {
					if err == nil || !strings.Contains(err.Error(), "cannot be relayed: 2 calls are in flight and the request names none of them") {
						t.Errorf("got %v, want the refusal", err)
					}
				}
				if reached != 0 {
					t.Errorf("%d requests reached a client", reached)
				}
			})
		})
	}
}
