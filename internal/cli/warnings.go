package cli

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"time"
)

// maxWarnings is how many of the daemon's latest warnings it keeps.
const maxWarnings = 10

// warnings is a slog.Handler that passes every record on and keeps the
// text of the latest warnings and errors, for `switchboard daemon
// status`: the daemon's log is on the state directory's disk, and when
// that disk is full or read-only (which is what several of those
// warnings say, once) nobody could read them.
type warnings struct {
	next slog.Handler
	ring *warnRing
	pre  []slog.Attr
}

type warnRing struct {
	mu    sync.Mutex
	lines []string
}

func newWarnings(next slog.Handler) *warnings {
	return &warnings{next: next, ring: &warnRing{}}
}

func (w *warnings) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= slog.LevelWarn || w.next.Enabled(ctx, l)
}

func (w *warnings) Handle(ctx context.Context, r slog.Record) error {
	if r.Level >= slog.LevelWarn {
		var b strings.Builder
		b.WriteString(r.Time.UTC().Format(time.RFC3339) + " " + r.Message)
		// A value is quoted when it would not read as one (quoteIfNeeded):
		// a directory named with a newline made a line of its own in
		// `daemon status`.
		add := func(a slog.Attr) bool {
			b.WriteString(" " + a.Key + "=" + quoteIfNeeded(a.Value.String()))
			return true
		}
		for _, a := range w.pre {
			add(a)
		}
		r.Attrs(add)
		line := b.String()
		if len(line) > 500 {
			line = line[:500] + "…"
		}
		w.ring.mu.Lock()
		w.ring.lines = append(w.ring.lines, line)
		if len(w.ring.lines) > maxWarnings {
			w.ring.lines = w.ring.lines[len(w.ring.lines)-maxWarnings:]
		}
		w.ring.mu.Unlock()
	}
	if !w.next.Enabled(ctx, r.Level) {
		return nil
	}
	return w.next.Handle(ctx, r)
}

func (w *warnings) WithAttrs(as []slog.Attr) slog.Handler {
	return &warnings{next: w.next.WithAttrs(as), ring: w.ring, pre: append(append([]slog.Attr(nil), w.pre...), as...)}
}

// WithGroup keeps the ring; the group's attributes are kept unqualified.
func (w *warnings) WithGroup(name string) slog.Handler {
	return &warnings{next: w.next.WithGroup(name), ring: w.ring, pre: w.pre}
}

// latest returns the warnings kept, oldest first.
func (w *warnings) latest() []string {
	w.ring.mu.Lock()
	defer w.ring.mu.Unlock()
	return append([]string(nil), w.ring.lines...)
}
