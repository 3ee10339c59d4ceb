package server

import (
	"context"
	"errors"
	"io"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// A failed call is a cancellation when its context was cancelled: by the
// script returning without it, by the client's notifications/cancelled,
// or by the client's connection ending (the SDK's cause: io.EOF). A
// timeout, or a call that failed on its own, stays an error.
func TestCancelledWhy(t *testing.T) {
	failed := errors.New("context canceled")
	cancelled := func(cause error) context.Context {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(cause)
		return ctx
	}
	expired, stop := context.WithTimeout(context.Background(), 0)
	defer stop()
	<-expired.Done()
	for _, c := range []struct {
		name string
		ctx  context.Context
		is   error
		want string
	}{
		{"script returned", cancelled(script.ErrAbandoned), ErrCancelled, "cancelled: the script returned without awaiting this call (context canceled)"},
		{"script timed out", cancelled(script.EndedBy(script.Result{Err: &script.Error{Kind: script.KindTimeout}})), ErrCancelled, "cancelled: the script timed out before this call finished"},
		{"script failed", cancelled(script.EndedBy(script.Result{Err: &script.Error{Kind: script.KindException}})), ErrCancelled, "cancelled: the script failed before this call finished"},
		{"client cancelled", cancelled(nil), ErrClientCancelled, "cancelled by the client: it cancelled the request"},
		{"client went away", cancelled(io.EOF), ErrClientCancelled, "cancelled by the client: its connection ended (EOF)"},
		{"timed out", expired, nil, "context canceled"},
		{"failed on its own", context.Background(), nil, "context canceled"},
	} {
		got := cancelledWhy(c.ctx, failed)
		if got.Error() != c.want || (c.is != nil && !errors.Is(got, c.is)) {
			t.Errorf("%s: %v, want %q", c.name, got, c.want)
		}
		if c.is == nil && (errors.Is(got, ErrCancelled) || errors.Is(got, ErrClientCancelled)) {
			t.Errorf("%s: %v is marked as a cancellation", c.name, got)
		}
	}
	if cancelledWhy(cancelled(nil), nil) != nil {
		t.Error("a call that succeeded got an error")
	}
}
