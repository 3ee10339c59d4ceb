// Package panics says a recovered panic the one way Switchboard does:
// its value redacted, on one line and bounded, for an answer or a log
// line, and its stack redacted, once, in the log.
//
// Handlers' panics are recovered by the server's and the backend's
// outermost middleware (server.recoverPanics, backend.recoverPanics);
// the goroutines that read or act on what a client or a backend sent
// (transports, queues, timers, re-reads) recover their own with Recover.
package panics

import (
	"fmt"
	"log/slog"
	"runtime/debug"
	"strings"
	"unicode/utf8"

	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// MaxWhy bounds, in bytes, the panic's value in what is said of it.
const MaxWhy = 200

// Why is p as text for an answer or a log line: secrets hidden
// (redact.Text), on one line, and cut to MaxWhy bytes at a rune
// boundary (a cut inside a rune would put invalid UTF-8 in the JSON a
// client reads).
func Why(p any) string {
	return Cut(strings.Join(strings.Fields(redact.Text(fmt.Sprint(p))), " "), MaxWhy)
}

// Cut returns s cut to at most n bytes, at a rune boundary: whole when
// n <= 0 or s fits.
func Cut(s string, n int) string {
	if n <= 0 || len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// Stack is stack with secrets hidden, for the log.
func Stack(stack []byte) string { return redact.Text(string(stack)) }

// Log logs, at error level on log (nil: slog.Default()), that what
// panicked, with the panic's value (Why) and its stack (Stack) and
// args, and returns Why(p).
func Log(log *slog.Logger, what string, p any, stack []byte, args ...any) string {
	if log == nil {
		log = slog.Default()
	}
	why := Why(p)
	log.Error("internal error: "+what+" panicked", append(args, "panic", why, "stack", Stack(stack))...)
	return why
}

// Recover, deferred at the top of a goroutine (it must be the deferred
// call itself: recover works only there), recovers the goroutine's
// panic, logs it once (Log, with what), and then calls then, when set,
// with the panic's value said (Why), so that the goroutine's waiters
// get an error instead of waiting for ever. Without a panic it does
// nothing.
func Recover(log *slog.Logger, what string, then func(why string)) {
	p := recover()
	if p == nil {
		return
	}
	why := Log(log, what, p, debug.Stack())
	if then != nil {
		then(why)
	}
}
