package pool

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

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
