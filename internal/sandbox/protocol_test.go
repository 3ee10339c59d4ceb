package sandbox

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// TestSandbox_NamespacesFollowTheRequest checks that a worker, which
// keeps the namespaces of its last script and is sent them again only
// when they change, gives each script exactly the namespaces of its
// request: after a catalog change (a tool added, a server gone) the next
// script sees the new set, and an unchanged set is kept.
func TestSandbox_NamespacesFollowTheRequest(t *testing.T) {
	s := newSandbox(t, Options{Workers: 1})
	two := []script.Namespace{fs[0], {Ident: "git", Functions: []script.Function{{Ident: "log", Server: "git", Tool: "log"}}}}
	steps := []struct {
		nss  []script.Namespace
		want string
	}{
		{fs, `["object","undefined"]`},
		{fs, `["object","undefined"]`}, // the same set: not sent again
		{two, `["object","function"]`},
		{two, `["object","function"]`},
		{nil, `["undefined","undefined"]`},
		{fs, `["object","undefined"]`},
	}
	for i, st := range steps {
		req := script.Request{Source: `return [typeof fs, typeof globalThis.git?.log]`, Namespaces: st.nss}
		res := s.Run(context.Background(), req, echo)
		if res.Err != nil || string(res.Value) != st.want {
			t.Errorf("step %d: got %s, %v; want %s", i, res.Value, res.Err, st.want)
		}
	}
}

// TestSandbox_LargeValuesPassUnchanged checks that a tool result and a
// script result above the size sent with the frame header arrive whole.
func TestSandbox_LargeValuesPassUnchanged(t *testing.T) {
	s := newSandbox(t, Options{Workers: 1})
	big := strings.Repeat("é", 200<<10)
	huge := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
		return json.Marshal(map[string]string{"text": big})
	})
	res := s.Run(context.Background(), script.Request{Source: `const r = await fs.read(); return r.text`, Namespaces: fs, MaxResult: 1 << 20}, huge)
	want, _ := json.Marshal(big)
	if res.Err != nil || !bytes.Equal(res.Value, want) {
		t.Errorf("got %d bytes, %v; want %d bytes", len(res.Value), res.Err, len(want))
	}
}

// TestFrames_RoundTrip checks header and payload framing, also of a
// header longer than the reader's buffer.
func TestFrames_RoundTrip(t *testing.T) {
	var b bytes.Buffer
	w := &frameWriter{w: &b}
	long := strings.Repeat("x", 100<<10)
	sent := []*frame{
		{Type: frameCall, ID: 1, Server: "a", Tool: "b", Payload: []byte(`{"x":1}`)},
		{Type: frameResult, ID: 2, IsError: true, Error: long},
		{Type: frameDone, Result: &script.Result{Value: json.RawMessage(`[1,2]`), Log: "hi\n", Calls: 3}},
		{Type: frameRun, Req: &script.Request{Source: long}, Payload: []byte("ns\x1fns")},
	}
	for _, f := range sent {
		if err := w.write(f); err != nil {
			t.Fatal(err)
		}
	}
	r := newFrameReader(&b)
	for i, want := range sent {
		got, err := r.read()
		if err != nil {
			t.Fatalf("frame %d: %v", i, err)
		}
		if got.Type != want.Type || got.ID != want.ID || got.Error != want.Error || !bytes.Equal(got.Payload, want.Payload) && want.Type != frameDone {
			t.Errorf("frame %d: got %+v, want %+v", i, got, want)
		}
		if want.Result != nil && (string(got.Result.Value) != string(want.Result.Value) || got.Result.Log != want.Result.Log || got.Result.Calls != 3) {
			t.Errorf("done frame: got %+v", got.Result)
		}
		if want.Req != nil && got.Req.Source != long {
			t.Errorf("run frame: source of %d bytes", len(got.Req.Source))
		}
	}
	if _, err := r.read(); !errors.Is(err, io.EOF) {
		t.Errorf("at the end: %v, want EOF", err)
	}
	// A header that promises more payload than there is is an error.
	_, err := newFrameReader(strings.NewReader(`{"type":"call","n":10}` + "\n{}")).read()
	if err == nil {
		t.Error("short payload: no error")
	}
}
