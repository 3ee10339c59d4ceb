package backend

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// Errors a Backend's methods wrap; test with errors.Is.
var (
	// ErrExited means the backend's process exited or its session broke.
	ErrExited = errors.New("backend exited")
	// ErrClosed means Close was called.
	ErrClosed = errors.New("backend closed")
	// ErrMessageTooLarge means the backend sent a message (or a line
	// without a newline) larger than Options.MaxMessageBytes; the backend
	// is stopped and its errors wrap ErrExited too.
	ErrMessageTooLarge = errors.New("message too large")
)

// DefaultMaxMessageBytes is the largest message read from a backend when
// Options.MaxMessageBytes is zero.
const DefaultMaxMessageBytes = 32 << 20

// Phases of a start, in StartError.Phase.
const (
	PhaseConfig    = "config"    // expanding ${env:…}/${file:…} references
	PhaseSpawn     = "spawn"     // finding and running the command
	PhaseHandshake = "handshake" // the MCP initialize exchange over stdio
	PhaseConnect   = "connect"   // reaching a remote endpoint and its handshake
)

// StartError is why a backend did not start. Every field is redacted:
// known secrets of the server and credential-shaped text are "***".
type StartError struct {
	Server string // the server's name
	Phase  string // PhaseConfig, PhaseSpawn, PhaseHandshake or PhaseConnect
	Reason string // what happened, e.g. "exited during handshake (exit status 2)"
	// Stderr is the first useful line the backend wrote to stderr (blank
	// lines, npm notices and stack frames skipped); "" if none.
	Stderr string
	// Tail is the last lines of its stderr (up to 20); "" if none.
	Tail string
	err  error // the cause, for errors.Is/As
}

// Error is one line naming the server, the reason and the first useful
// stderr line, followed by the stderr tail when it says more than that
// line.
func (e *StartError) Error() string {
	var le *loginError
	if errors.As(e.err, &le) {
		return le.msg // it names the server and the command
	}
	var b strings.Builder
	fmt.Fprintf(&b, "backend %q failed to start: %s", e.Server, e.Reason)
	if e.Stderr != "" {
		fmt.Fprintf(&b, ": %s", e.Stderr)
	}
	if e.Tail != "" && strings.TrimSpace(e.Tail) != e.Stderr {
		fmt.Fprintf(&b, "\nstderr (last lines):\n%s", indent(e.Tail))
	}
	return b.String()
}

// Unwrap returns the cause, for errors.Is and errors.As. Its own text is
// not redacted: show the StartError (or its fields), not the cause.
func (e *StartError) Unwrap() error { return e.err }

// marked is an error with its own text that still matches what it wraps.
type marked struct {
	msg string
	err error
}

func (e *marked) Error() string { return e.msg }
func (e *marked) Unwrap() error { return e.err }

// mark returns an error reading like format that errors.Is matches
// against target.
func mark(target error, format string, a ...any) error {
	return &marked{msg: fmt.Sprintf(format, a...), err: target}
}

// redacted is err with its text passed through a server's secrets. It
// unwraps to err, so errors.Is and errors.As still see the cause.
type redacted struct {
	msg string
	err error
}

func (e *redacted) Error() string { return e.msg }
func (e *redacted) Unwrap() error { return e.err }

// redactErr hides s's secrets (and credential-shaped text) in err's
// text; nil stays nil, and a StartError (already redacted) is kept as is.
func redactErr(s *redact.Secrets, err error) error {
	if err == nil {
		return nil
	}
	var se *StartError
	if errors.As(err, &se) && se == err {
		return err
	}
	msg := s.String(err.Error())
	var we *jsonrpc.Error
	if errors.As(err, &we) && len(we.Data) > 0 {
		if data, changed := redactData(s, we.Data); changed {
			cp := *we
			cp.Data = data
			return &redactedData{msg: msg, we: &cp, err: err}
		}
	}
	if msg == err.Error() {
		return err
	}
	return &redacted{msg: msg, err: err}
}

// redactedData is err, a backend's JSON-RPC error answer, with its text
// and its data (we, a copy) redacted: errors.As finds we before the
// original, errors.Is still sees the cause. The server passes an error
// answer's data on to the client (a completion's, read's or prompt's,
// with its code): a backend echoing its token or our Authorization
// header there reached the client, the message redacted beside it.
type redactedData struct {
	msg string
	we  *jsonrpc.Error
	err error
}

func (e *redactedData) Error() string   { return e.msg }
func (e *redactedData) Unwrap() []error { return []error{e.we, e.err} }

// redactData returns data, a JSON-RPC error's data, with s's secrets
// (and credential-shaped text) hidden in its strings and keys, and
// whether anything changed. Data that is not JSON is redacted as text,
// and left out when that does not leave JSON.
func redactData(s *redact.Secrets, data json.RawMessage) (json.RawMessage, bool) {
	if string(data) == s.String(string(data)) {
		return data, false
	}
	var v any
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	if d.Decode(&v) != nil {
		if t := s.String(string(data)); json.Valid([]byte(t)) {
			return json.RawMessage(t), true
		}
		return nil, true
	}
	var walk func(v any) any
	walk = func(v any) any {
		switch v := v.(type) {
		case string:
			return s.String(v)
		case map[string]any:
			m := make(map[string]any, len(v))
			for k, x := range v {
				m[s.String(k)] = walk(x)
			}
			return m
		case []any:
			for i, x := range v {
				v[i] = walk(x)
			}
			return v
		}
		return v
	}
	b, err := json.Marshal(walk(v))
	if err != nil {
		return nil, true
	}
	return b, true
}

// tooLargeError is the error for a message of n bytes from server (n -1:
// more than max, the exact size unknown because it was not read); from,
// when set, is where it came from (a remote backend's URL, redacted).
func tooLargeError(server, from string, n, max int64) error {
	size := "more than " + byteSize(max)
	if n >= 0 {
		size = byteSize(n)
	}
	if from != "" {
		size += " from " + from
	}
	return &marked{
		msg: fmt.Sprintf("backend %q sent a message of %s, over the limit of %s (settings.maxMessageBytes): it was stopped, and the next call starts it again", server, size, byteSize(max)),
		err: errors.Join(ErrMessageTooLarge, ErrExited),
	}
}

// byteSize formats n bytes for people: "64 MiB", "1500 bytes".
func byteSize(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// firstUsefulLine returns the first line of a backend's stderr that says
// something: blank lines, package-manager chatter (npm, npx, pip
// notices), stack frames and source excerpts are skipped. "" if none.
func firstUsefulLine(tail string) string {
	for line := range strings.Lines(tail) {
		line = strings.TrimRight(line, "\r\n")
		t := strings.TrimSpace(line)
		switch {
		case t == "",
			line[0] == ' ' || line[0] == '\t', // indented: frames, code excerpts
			strings.Trim(t, "^~ ") == "",      // caret markers under code
			hasPrefixFold(t, "npm warn"), hasPrefixFold(t, "npm notice"), hasPrefixFold(t, "npm verb"),
			hasPrefixFold(t, "npx: "), hasPrefixFold(t, "(node:"), hasPrefixFold(t, "(use `node"),
			strings.HasPrefix(t, "Traceback (most recent call last)"),
			strings.HasPrefix(t, "at ") && strings.Contains(t, ":"),    // JS frames
			strings.HasPrefix(t, "node:") && !strings.Contains(t, " "), // node:internal/...:1228
			strings.HasPrefix(t, "file://") && !strings.Contains(t, " "),
			strings.HasPrefix(t, "goroutine ") && strings.HasSuffix(t, ":"):
			continue
		}
		const max = 300
		if len(t) > max {
			cut := max
			for cut > 0 && !utf8.RuneStart(t[cut]) {
				cut--
			}
			t = t[:cut] + "…"
		}
		return t
	}
	return ""
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// maxErrText bounds the text of an error about a backend's connection
// (not a JSON-RPC error answer, which is the backend's to word and is
// bounded by maxResultBytes where it is shown). A remote server chooses
// much of what Go and the SDK quote in such errors: a status line's
// reason, a malformed header line, its session id; each may be
// megabytes, which went whole into the agent's error, the log and
// switchboard servers.
const maxErrText = 2048

// cutText keeps the head and the tail of s when it is over max bytes,
// saying how much went.
func cutText(s string, max int) string {
	if len(s) <= max {
		return s
	}
	head, tail := max*3/4, max/4
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	from := len(s) - tail
	for from < len(s) && !utf8.RuneStart(s[from]) {
		from++
	}
	return fmt.Sprintf("%s… (%d bytes cut) …%s", s[:head], from-head, s[from:])
}

// boundErr is err with its text cut to maxErrText; it still matches what
// err matches.
func boundErr(err error) error {
	if err == nil || len(err.Error()) <= maxErrText {
		return err
	}
	return &marked{msg: cutText(err.Error(), maxErrText), err: err}
}
