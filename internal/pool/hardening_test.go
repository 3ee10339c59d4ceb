package pool

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

func TestPool_CancelledWaiterDoesNotFailOtherWaiters(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(time.Second)
		p := newFakePool(s, config.Settings{}, "a")
		defer p.Close()
		first, cancel := context.WithCancel(context.Background())
		var wg sync.WaitGroup
		errs := make([]error, 3)
		for i := range errs {
			ctx := context.Background()
			if i == 0 {
				ctx = first
			}
			wg.Go(func() {
				_, errs[i] = p.CallTool(ctx, "a", "echo", nil)
			})
		}
		synctest.Wait() // all three wait for the one start
		cancel()        // the caller that triggered it gives up
		wg.Wait()
		if !errors.Is(errs[0], context.Canceled) {
			t.Errorf("cancelled waiter: %v", errs[0])
		}
		for i, err := range errs[1:] {
			if err != nil {
				t.Errorf("waiter %d failed with another caller's cancellation: %v", i+1, err)
			}
		}
		if n := s.count("a"); n != 1 {
			t.Errorf("%d starts, want 1 shared", n)
		}
	})
}

func TestPool_RedactsErrorsAndLastError(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
			return nil, fmt.Errorf("cannot reach https://api.example.com/mcp?token=ab12cd34ef56 with Bearer sk-live-123456")
		}
		p := newNamed(servers("a"), &Options{Start: start})
		defer p.Close()
		_, err := p.CallTool(context.Background(), "a", "echo", nil)
		for what, text := range map[string]string{"error": err.Error(), "status": status(p, "a").LastError} {
			if strings.Contains(text, "ab12cd34ef56") || strings.Contains(text, "sk-live-123456") {
				t.Errorf("%s leaks a credential: %s", what, text)
			}
			if !strings.Contains(text, "token=***") {
				t.Errorf("%s lacks the redacted URL: %s", what, text)
			}
		}
	})
}
