package sandbox

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// Frame types. The parent sends run, result and cancel; the worker sends
// call and done.
const (
	frameRun    = "run"    // parent: run Req in a fresh VM; payload: the namespaces (script.NamespaceSpec) unless SameSpec
	frameCall   = "call"   // worker: call Server.Tool for the script; ID names the call; payload: its arguments (JSON)
	frameResult = "result" // parent: the outcome of call ID: payload the value (JSON), or IsError and Error
	frameCancel = "cancel" // parent: cancel the script running now
	frameDone   = "done"   // worker: the script ended with Result; payload: Result.Value
)

// maxFrame bounds one frame's header and its payload: a script result is
// at most MaxResult, but a tool result may be large.
const maxFrame = 256 << 20

// frame is one protocol message: a header line of JSON, then N bytes of
// payload, passed as they are. Payloads are JSON values or the namespace
// spec, which are never encoded again, nor decoded, on the way: a tool's
// result goes from the parent's caller into the worker's VM in one copy.
type frame struct {
	Type     string          `json:"type"`
	ID       int64           `json:"id,omitempty"`
	Req      *script.Request `json:"req,omitempty"`
	SameSpec bool            `json:"sameSpec,omitempty"` // run: the namespaces of the worker's last run
	Server   string          `json:"server,omitempty"`
	Tool     string          `json:"tool,omitempty"`
	Error    string          `json:"error,omitempty"`
	IsError  bool            `json:"isError,omitempty"`
	Result   *script.Result  `json:"result,omitempty"` // done: all but Value, which is the payload
	N        int             `json:"n,omitempty"`      // bytes of payload after the header line

	Payload []byte `json:"-"`
}

// frameWriter writes frames; safe for concurrent use.
type frameWriter struct {
	mu  sync.Mutex
	w   io.Writer
	buf []byte // reused under mu
}

// write sends f with f.Payload.
func (fw *frameWriter) write(f *frame) error {
	f.N = len(f.Payload)
	var value json.RawMessage
	if f.Result != nil && f.Result.Value != nil {
		// The done frame's value is its payload.
		value, f.Result.Value = f.Result.Value, nil
		defer func() { f.Result.Value = value }()
		f.Payload, f.N = value, len(value)
	}
	fw.mu.Lock()
	defer fw.mu.Unlock()
	b, fast := appendFastHeader(fw.buf[:0], f) // fastframe.go
	if !fast {
		head, err := json.Marshal(f)
		if err != nil {
			return fmt.Errorf("encoding %s frame: %w", f.Type, err)
		}
		b = append(b[:0], head...)
	}
	const together = 64 << 10 // smaller payloads go out in the header's write
	b = append(b, '\n')
	if len(f.Payload) <= together {
		b = append(b, f.Payload...)
	}
	if cap(b) <= 4*together {
		fw.buf = b
	}
	if _, err := fw.w.Write(b); err != nil {
		return fmt.Errorf("writing %s frame: %w", f.Type, err)
	}
	if len(f.Payload) > together {
		if _, err := fw.w.Write(f.Payload); err != nil {
			return fmt.Errorf("writing %s frame: %w", f.Type, err)
		}
	}
	return nil
}

// frameReader reads frames; not safe for concurrent use.
type frameReader struct {
	r    *bufio.Reader
	line []byte // a header longer than the buffer, reused
}

func newFrameReader(r io.Reader) *frameReader {
	return &frameReader{r: bufio.NewReaderSize(r, 64<<10)}
}

// errFrameTooLong is the error of a frame over maxFrame.
var errFrameTooLong = errors.New("frame over " + strconv.Itoa(maxFrame>>20) + " MiB")

// read returns the next frame, or io.EOF at the end of the stream.
func (fr *frameReader) read() (*frame, error) {
	head, err := fr.r.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		fr.line = append(fr.line[:0], head...)
		for errors.Is(err, bufio.ErrBufferFull) && len(fr.line) <= maxFrame {
			head, err = fr.r.ReadSlice('\n')
			fr.line = append(fr.line, head...)
		}
		if len(fr.line) > maxFrame {
			return nil, fmt.Errorf("reading frame: %w", errFrameTooLong)
		}
		head = fr.line
	}
	if err != nil {
		if errors.Is(err, io.EOF) && len(head) == 0 {
			return nil, io.EOF
		}
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return nil, fmt.Errorf("reading frame: %w", err)
	}
	var f frame
	if !parseFastHeader(head, &f) { // fastframe.go
		if err := json.Unmarshal(head, &f); err != nil {
			return nil, fmt.Errorf("decoding frame: %w", err)
		}
	}
	if f.N < 0 || f.N > maxFrame {
		return nil, fmt.Errorf("reading %s frame: payload of %d bytes: %w", f.Type, f.N, errFrameTooLong)
	}
	if f.N > 0 {
		f.Payload = make([]byte, f.N)
		if _, err := io.ReadFull(fr.r, f.Payload); err != nil {
			return nil, fmt.Errorf("reading %s frame payload: %w", f.Type, err)
		}
	}
	if f.Type == frameDone && f.Result != nil && f.N > 0 {
		f.Result.Value = f.Payload
	}
	return &f, nil
}

// validJSON reports whether b is one JSON value; payloads that a script
// or a backend will read are checked once, here, and not re-encoded.
func validJSON(b []byte) bool { return len(bytes.TrimSpace(b)) > 0 && json.Valid(b) }
