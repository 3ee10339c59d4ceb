package sandbox

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// TestServeWorker_Protocol drives ServeWorker frame by frame as the parent
// does: run, a call answered by a result, done; then EOF ends it.
func TestServeWorker_Protocol(t *testing.T) {
	toWorker, parentOut := io.Pipe()
	parentIn, fromWorker := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- ServeWorker(t.Context(), toWorker, fromWorker) }()
	out, in := &frameWriter{w: parentOut}, newFrameReader(parentIn)
	read := func() *frame {
		t.Helper()
		f, err := in.read()
		if err != nil {
			t.Fatal(err)
		}
		return f
	}

	for i := range 2 { // the worker serves script after script
		req := &script.Request{Source: `const [r, e] = await Promise.allSettled([fs.read({a: 1}), fs.read()]); return {got: r.value, err: e.reason.message}`}
		run := &frame{Type: frameRun, Req: req, Payload: []byte(script.NamespaceSpec(fs))}
		if i > 0 { // the second script has the namespaces of the first
			run = &frame{Type: frameRun, Req: req, SameSpec: true}
		}
		if err := out.write(run); err != nil {
			t.Fatal(err)
		}
		calls := map[string]*frame{}
		for range 2 {
			f := read()
			if f.Type != frameCall || f.Server != "file-system" || f.Tool != "read-file" {
				t.Fatalf("frame %+v, want a call of file-system.read-file", f)
			}
			calls[string(f.Payload)] = f
		}
		if calls[`{"a":1}`] == nil || calls[`{}`] == nil {
			t.Fatalf("call args %v, want {\"a\":1} and {}", calls)
		}
		// The parent's error is the message as it is (it names the tool).
		out.write(&frame{Type: frameResult, ID: calls[`{}`].ID, IsError: true, Error: "file-system.read-file: nope"})
		out.write(&frame{Type: frameResult, ID: calls[`{"a":1}`].ID, Payload: json.RawMessage(`{"a":1}`)})
		f := read()
		if f.Type != frameDone || f.Result == nil || f.Result.Err != nil {
			t.Fatalf("script %d: frame %+v, want done", i, f)
		}
		const wantValue = `{"got":{"a":1},"err":"file-system.read-file: nope"}`
		if string(f.Result.Value) != wantValue || f.Result.Calls != 2 {
			t.Errorf("script %d: Value = %s, Calls = %d; want %s, 2", i, f.Result.Value, f.Result.Calls, wantValue)
		}
	}
	parentOut.Close()
	if err := <-served; err != nil {
		t.Errorf("ServeWorker at EOF: %v", err)
	}
}

func TestServeWorker_RejectsUnknownFrames(t *testing.T) {
	err := ServeWorker(t.Context(), strings.NewReader(`{"type":"bogus"}`+"\n"), io.Discard)
	if err == nil || !strings.Contains(err.Error(), `unknown frame type "bogus"`) {
		t.Errorf("err = %v", err)
	}
	err = ServeWorker(t.Context(), strings.NewReader("not json\n"), io.Discard)
	if err == nil || !strings.Contains(err.Error(), "decoding frame") {
		t.Errorf("err = %v", err)
	}
}
