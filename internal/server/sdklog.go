package server

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"sync"
)

// sdkLog returns the logger the SDK's server logs to: l, passing each of
// the SDK's messages the 1st, 10th, 100th… time, with how many times
// (warnAt, as the stdio transport logs the lines it rejects). The SDK
// logs some once per request: an error, "method removed in the new
// protocol", for each 2026-07-28 ping, logging/setLevel or
// resources/subscribe, so a client's flood was a line per request in
// the daemon's log, which nothing rotates while it runs.
func sdkLog(l *slog.Logger) *slog.Logger {
	if l == nil {
		return nil
	}
	return slog.New(&thinned{h: l.Handler(), seen: &seenCounts{m: map[string]int64{}}})
}

// seenCounts counts each message logged; at most maxSeen messages, then
// it starts afresh.
type seenCounts struct {
	mu sync.Mutex
	m  map[string]int64
}

const maxSeen = 1000

type thinned struct {
	h    slog.Handler
	seen *seenCounts
}

func (t *thinned) Enabled(ctx context.Context, level slog.Level) bool {
	return t.h.Enabled(ctx, level)
}

func (t *thinned) Handle(ctx context.Context, r slog.Record) error {
	t.seen.mu.Lock()
	if len(t.seen.m) >= maxSeen {
		clear(t.seen.m)
	}
	t.seen.m[r.Message]++
	n := t.seen.m[r.Message]
	t.seen.mu.Unlock()
	if !warnAt(n) {
		return nil
	}
	if n > 1 {
		r = r.Clone()
		r.AddAttrs(slog.Int64("times", n))
	}
	if r.Level > slog.LevelInfo && (cancelled(r) || goneNotify(r.Message)) {
		// The SDK logs its run ending with the session's context
		// cancelled ("server run cancelled", error=context canceled) as
		// an error: that is a client that went away or a session ended,
		// which `daemon status` listed as a warning for every session.
		// So is a notification (a list_changed the SDK sends every
		// session at once) to a session whose client has just gone.
		r = r.Clone()
		r.Level = slog.LevelInfo
	}
	return t.h.Handle(ctx, r)
}

func (t *thinned) WithAttrs(attrs []slog.Attr) slog.Handler {
	return &thinned{h: t.h.WithAttrs(attrs), seen: t.seen}
}

func (t *thinned) WithGroup(name string) slog.Handler {
	return &thinned{h: t.h.WithGroup(name), seen: t.seen}
}

// cancelled reports whether r carries an error that is a context's
// cancellation.
func cancelled(r slog.Record) bool {
	found := false
	r.Attrs(func(a slog.Attr) bool {
		if err, ok := a.Value.Resolve().Any().(error); ok && errors.Is(err, context.Canceled) {
			found = true
			return false
		}
		return true
	})
	return found
}

// goneNotify reports whether msg is the SDK's word for a notification it
// could not send because the session's connection was closed ("calling
// notifications/tools/list_changed: io: read/write on closed pipe"):
// a client that went away as a tool list changed, which `daemon status`
// listed among its latest warnings.
func goneNotify(msg string) bool {
	if !strings.HasPrefix(msg, "calling notifications/") {
		return false
	}
	for _, closed := range []string{"closed pipe", "connection closed", "file already closed", "use of closed network connection", "broken pipe", "client is closing", "server is closing"} {
		if strings.HasSuffix(msg, closed) {
			return true
		}
	}
	return false
}
