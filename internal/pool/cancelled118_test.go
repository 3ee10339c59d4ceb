package pool

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round one hundred and eighteen: a backend's elicitation, sampling or
// roots request whose call ended while the client had not answered (the
// client cancelled the call, went away, or the script ended) got Go's
// bare "context canceled" (the backend's log: `calling
// "elicitation/create": context canceled`). It now names the call and why.
func TestPool_ABackendsRequestEndedWithItsCallSaysWhy(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := New(&Options{Start: s.start})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, &LaunchOptions{Caps: CapElicitation | CapSampling | CapRoots})
		never := func(ctx context.Context) error { <-ctx.Done(); return ctx.Err() }
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
		errs := make(chan error, 3)
		bctx := context.Background()
		go func() {
			_, err := o.Elicit(bctx, &mcp.ElicitRequest{Params: &mcp.ElicitParams{Message: "?"}})
			errs <- err
		}()
		go func() {
			_, err := o.Sample(bctx, &mcp.CreateMessageRequest{Params: &mcp.CreateMessageParams{}})
			errs <- err
		}()
		go func() { _, err := o.Roots(bctx, &mcp.ListRootsRequest{}); errs <- err }()
		synctest.Wait()
		cancel() // the client cancelled the call
		<-returned
		synctest.Wait()
		for range 3 {
			err := <-errs
			if err == nil || !strings.Contains(err.Error(), "the call of a.sleep that sent ") || !strings.Contains(err.Error(), "ended before the client answered") {
				t.Errorf("the backend's request got %v", err)
			}
		}
	})
}
