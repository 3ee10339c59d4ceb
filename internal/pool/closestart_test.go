package pool

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend"
)

// A start that Close aborts is no failed start: nothing is logged as
// "backend start failed" (switchboard exec warned so on its stderr when a
// script ended while a backend it touched was starting), and the caller
// waiting for it gets ErrClosed.
func TestPool_CloseDuringStartIsNoFailure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var logs bytes.Buffer
		s := newStarter(time.Minute)
		p := newNamed(servers("a"), &Options{Start: s.start, Backend: backend.Options{Logger: slog.New(slog.NewTextHandler(&logs, nil))}})
		errc := make(chan error, 1)
		go func() {
			_, err := p.CallTool(context.Background(), "a", "x", nil)
			errc <- err
		}()
		synctest.Wait()
		p.Close()
		if err := <-errc; !errors.Is(err, ErrClosed) {
			t.Errorf("call during Close: %v, want ErrClosed", err)
		}
		if strings.Contains(logs.String(), "start failed") {
			t.Errorf("log:\n%s", logs.String())
		}
	})
}
