package cli

import (
	"fmt"
	"io"
	"sync"
	"unicode"
	"unicode/utf8"
)

// termWriter passes text to w with the characters that would act on a
// terminal instead of being shown written as escapes: C0 controls other
// than newline and tab (ESC starts the sequences that clear the screen,
// set the title or forge lines; CR overwrites one), DEL, C1 controls,
// bidirectional overrides and isolates (which reorder what a reviewer
// reads), as \u001b, and bytes that are not UTF-8, as \x9b. What the
// commands print comes in part from others (a backend's tool names and
// stderr, a project's config, skills and plugins); none of it may drive
// the user's terminal. JSON output stays valid JSON with the same value:
// encoding/json never writes a raw control or invalid byte, and \u202e
// inside a string is the escape of the character it replaces.
//
// A rune cut between two writes is held until the next (Flush writes
// what is held at the end). Safe for concurrent use.
type termWriter struct {
	w    io.Writer
	mu   sync.Mutex
	held []byte
	err  error // the first write that failed
}

func newTermWriter(w io.Writer) *termWriter { return &termWriter{w: w} }

// Write writes p with terminal controls escaped; it reports len(p)
// written unless w fails.
func (t *termWriter) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	buf := p
	if len(t.held) > 0 {
		buf = append(t.held, p...)
		t.held = nil
	}
	out := make([]byte, 0, len(buf)+16)
	for i := 0; i < len(buf); {
		c := buf[i]
		if c < utf8.RuneSelf {
			if c == '\n' || c == '\t' || c >= 0x20 && c != 0x7f {
				out = append(out, c)
			} else {
				out = fmt.Appendf(out, `\u%04x`, c)
			}
			i++
			continue
		}
		if !utf8.FullRune(buf[i:]) {
			t.held = append([]byte(nil), buf[i:]...)
			break
		}
		r, n := utf8.DecodeRune(buf[i:])
		switch {
		case r == utf8.RuneError && n == 1:
			out = fmt.Appendf(out, `\x%02x`, c)
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			out = fmt.Appendf(out, `\u%04x`, r)
		default:
			out = append(out, buf[i:i+n]...)
		}
		i += n
	}
	if _, err := t.w.Write(out); err != nil {
		if t.err == nil {
			t.err = err
		}
		return 0, err
	}
	return len(p), nil
}

// Err is the error of the first write that failed, nil if none did.
func (t *termWriter) Err() error {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.err
}

// Flush writes the bytes of a rune the last write cut, escaped.
func (t *termWriter) Flush() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.held) == 0 {
		return
	}
	var out []byte
	for _, c := range t.held {
		out = fmt.Appendf(out, `\x%02x`, c)
	}
	t.held = nil
	if _, err := t.w.Write(out); err != nil && t.err == nil {
		t.err = err
	}
}

// rawOutput reports whether command name (with args) writes a protocol
// or another program's input on stdout, which must pass unchanged: serve
// (MCP; its stdio may be handed to the daemon), the daemon itself, the
// hidden helper commands and shell completion.
func rawOutput(c command, args []string) bool {
	switch {
	case c.hidden, c.name == "serve", c.name == "completion":
		return true
	case c.name == "daemon":
		return len(args) > 0 && args[0] == daemonRunCmd
	}
	return false
}
