package sandbox

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// Frame types. The parent sends run, result and cancel; the worker sends
// call and done. One frame is one line of JSON.
const (
	frameRun    = "run"    // parent: run Req in a fresh VM
	frameCall   = "call"   // worker: call Server.Tool with Args for the script; ID names the call
	frameResult = "result" // parent: the outcome of call ID, Value or Error
	frameCancel = "cancel" // parent: cancel the script running now
	frameDone   = "done"   // worker: the script ended with Result
)

// maxFrame bounds one frame: a script result is at most MaxResult, but a tool
// result may be large.
const maxFrame = 256 << 20

// frame is one protocol message.
type frame struct {
	Type    string          `json:"type"`
	ID      int64           `json:"id,omitempty"`
	Req     *script.Request `json:"req,omitempty"`
	Server  string          `json:"server,omitempty"`
	Tool    string          `json:"tool,omitempty"`
	Args    json.RawMessage `json:"args,omitempty"`
	Value   json.RawMessage `json:"value,omitempty"`
	Error   string          `json:"error,omitempty"`
	IsError bool            `json:"isError,omitempty"`
	Result  *script.Result  `json:"result,omitempty"`
}

// frameWriter writes frames; safe for concurrent use.
type frameWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (fw *frameWriter) write(f *frame) error {
	b, err := json.Marshal(f)
	if err != nil {
		return fmt.Errorf("encoding %s frame: %w", f.Type, err)
	}
	b = append(b, '\n')
	fw.mu.Lock()
	defer fw.mu.Unlock()
	if _, err := fw.w.Write(b); err != nil {
		return fmt.Errorf("writing %s frame: %w", f.Type, err)
	}
	return nil
}

// frameReader reads frames; not safe for concurrent use.
type frameReader struct{ s *bufio.Scanner }

func newFrameReader(r io.Reader) *frameReader {
	s := bufio.NewScanner(r)
	s.Buffer(make([]byte, 0, 64<<10), maxFrame)
	return &frameReader{s}
}

// read returns the next frame, or io.EOF at the end of the stream.
func (fr *frameReader) read() (*frame, error) {
	if !fr.s.Scan() {
		if err := fr.s.Err(); err != nil {
			return nil, fmt.Errorf("reading frame: %w", err)
		}
		return nil, io.EOF
	}
	var f frame
	if err := json.Unmarshal(fr.s.Bytes(), &f); err != nil {
		return nil, fmt.Errorf("decoding frame: %w", err)
	}
	return &f, nil
}
