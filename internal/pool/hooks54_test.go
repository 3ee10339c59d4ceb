package pool

import (
	"context"
	"errors"
	"testing"
	"testing/synctest"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round fifty-four: a backend's elicitation, sampling or roots request
// during a call reached the call's Hooks with the backend request's own
// context, which only the backend ends (by cancelling its request). A
// backend that let its call end (answered, or cancelled at the call's
// time limit) and never cancelled its request, while the client never
// answered it (a client that declared elicitation and does not honour
// it), held the hook, and our request to the client, for ever. The
// hook's context now ends with the call too.
func TestPool_ABackendsRequestEndsWithItsCall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := New(&Options{Start: s.start})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, &LaunchOptions{Caps: CapElicitation | CapSampling | CapRoots})
		ended := make(chan error, 3)
		never := func(ctx context.Context) error { <-ctx.Done(); ended <- context.Cause(ctx); return ctx.Err() }
		hooks := &Hooks{
			Elicit: func(ctx context.Context, _ *mcp.ElicitParams) (*mcp.ElicitResult, error) { return nil, never(ctx) },
			Sample: func(ctx context.Context, _ *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error) {
				return nil, never(ctx)
			},
			Roots: func(ctx context.Context) (*mcp.ListRootsResult, error) { return nil, never(ctx) },
		}
		ctx, cancel := context.WithCancel(context.Background())
		c := &Call{Session: "s1", Server: "a", Launch: l, Tool: "sleep", Hooks: hooks}
		returned := make(chan struct{})
		go func() { p.CallTool(ctx, c); close(returned) }()
		synctest.Wait()
		s.mu.Lock()
		o := s.hooks["a"]
		s.mu.Unlock()
		if o.Elicit == nil || o.Sample == nil || o.Roots == nil {
			t.Fatal("the launch's capabilities set no request handlers")
		}
		bctx := context.Background() // the backend never cancels its requests
		go o.Elicit(bctx, &mcp.ElicitRequest{Params: &mcp.ElicitParams{Message: "?"}})
		go o.Sample(bctx, &mcp.CreateMessageRequest{Params: &mcp.CreateMessageParams{}})
		go o.Roots(bctx, &mcp.ListRootsRequest{})
		synctest.Wait()
		select {
		case err := <-ended:
			t.Fatalf("a hook ended while its call ran: %v", err)
		default:
		}
		cancel() // the call ends (its client cancelled, or its time limit)
		<-returned
		synctest.Wait()
		for range 3 {
			select {
			case err := <-ended:
				if !errors.Is(err, ErrCallEnded) {
					t.Errorf("a hook ended with %v, want ErrCallEnded", err)
				}
			default:
				t.Fatal("a backend's request still waits for the client after its call ended")
			}
		}
	})
}
