package pool

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Sessions asking for a backend's lists at once share one listing, handed
// to OnListed once; a listing is not shared after the backend's
// tools/list_changed, nor once listingReuse has passed; a caller that
// gives up does not fail the others.
func TestPool_ListAllIsSharedByCallersAtOnce(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		s.listDelay = 10 * time.Millisecond
		var listed atomic.Int64
		p := New(&Options{Start: s.start, OnListed: func(string, *Lists) { listed.Add(1) }})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, nil)
		p.Use("s", l)
		ctx := context.Background()
		var wg sync.WaitGroup
		gaveUp, cancel := context.WithCancel(ctx)
		var gaveUpErr error
		wg.Go(func() { _, gaveUpErr = p.ListAll(gaveUp, l) })
		for range 20 {
			wg.Go(func() {
				got, err := p.ListAll(ctx, l)
				if err != nil || len(got.Tools) != 3 {
					t.Errorf("ListAll = %d tools, %v; want 3", len(got.Tools), err)
				}
			})
		}
		time.Sleep(time.Millisecond)
		cancel()
		wg.Wait()
		if !errors.Is(gaveUpErr, context.Canceled) {
			t.Errorf("the caller that gave up got %v, want context.Canceled", gaveUpErr)
		}
		c := s.last("a")
		if n, m := c.lists.Load(), listed.Load(); n != 1 || m != 1 {
			t.Fatalf("21 callers at once: %d tools/list, %d OnListed; want 1 and 1", n, m)
		}

		// Within listingReuse, the listing answers again.
		time.Sleep(listingReuse / 2)
		p.ListAll(ctx, l)
		if n, m := c.lists.Load(), listed.Load(); n != 1 || m != 1 {
			t.Errorf("a caller within listingReuse: %d tools/list, %d OnListed; want 1 and 1", n, m)
		}

		// After the backend said its tools changed, it is listed anew.
		s.hooks["a"].OnToolsChanged()
		p.ListAll(ctx, l)
		if n, m := c.lists.Load(), listed.Load(); n != 2 || m != 2 {
			t.Errorf("after tools/list_changed: %d tools/list, %d OnListed; want 2 and 2", n, m)
		}

		// And once listingReuse has passed.
		time.Sleep(listingReuse + time.Millisecond)
		p.ListAll(ctx, l)
		if n, m := c.lists.Load(), listed.Load(); n != 3 || m != 3 {
			t.Errorf("after listingReuse: %d tools/list, %d OnListed; want 3 and 3", n, m)
		}

		// A call after a start shares a listing that runs, and needs no
		// other (the start is listed).
		s.last("a").end()
		synctest.Wait()
		wg.Go(func() { p.ListAll(ctx, l) })
		time.Sleep(time.Millisecond)
		if _, err := p.CallTool(ctx, &Call{Server: "a", Launch: l, Tool: "echo"}); err != nil {
			t.Fatal(err)
		}
		wg.Wait()
		if n := s.last("a").lists.Load(); n != 1 {
			t.Errorf("a call and a ListAll after a restart: %d tools/list, want 1", n)
		}
	})
}

// A listing begun before the backend's tools/list_changed that ends after
// the listing begun after it is not handed to OnListed: it went to every
// session's catalog last, and they kept the tools from before the change
// (their refresh after the notice had ended) until the next notice.
func TestPool_ListingBeforeToolsChangedDoesNotOverwriteTheLaterOne(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		s.listing = func(n int64) (time.Duration, []*mcp.Tool) {
			if n == 1 { // slow, and from before the change
				return time.Second, []*mcp.Tool{{Name: "old"}}
			}
			return 0, []*mcp.Tool{{Name: "old"}, {Name: "new"}}
		}
		var mu sync.Mutex
		var last []string
		p := New(&Options{Start: s.start, OnListed: func(_ string, l *Lists) {
			mu.Lock()
			defer mu.Unlock()
			last = last[:0]
			for _, t := range l.Tools {
				last = append(last, t.Name)
			}
		}})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, nil)
		p.Use("s", l)
		ctx := context.Background()
		var wg sync.WaitGroup
		wg.Go(func() { p.ListAll(ctx, l) })
		time.Sleep(time.Millisecond)
		s.mu.Lock()
		hooks := s.hooks["a"]
		s.mu.Unlock()
		hooks.OnToolsChanged()
		if got, err := p.ListAll(ctx, l); err != nil || len(got.Tools) != 2 {
			t.Fatalf("the listing after tools/list_changed = %d tools, %v; want 2", len(got.Tools), err)
		}
		wg.Wait()
		mu.Lock()
		if len(last) != 2 {
			t.Errorf("OnListed last got %q; want the listing after tools/list_changed (old, new)", last)
		}
		last = nil
		mu.Unlock()

		// A listing a tools/list_changed came during, with none begun
		// since, is handed on as before (the notice's refresh lists
		// again).
		time.Sleep(listingReuse + time.Millisecond)
		s.listing = nil
		s.last("a").listing = func(int64) (time.Duration, []*mcp.Tool) { return time.Second, []*mcp.Tool{{Name: "only"}} }
		wg.Go(func() { p.ListAll(ctx, l) })
		time.Sleep(time.Millisecond)
		hooks.OnToolsChanged()
		wg.Wait()
		mu.Lock()
		defer mu.Unlock()
		if len(last) != 1 {
			t.Errorf("the only listing, with a tools/list_changed during it: OnListed got %q; want it handed on", last)
		}
	})
}
