package sandbox

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

var fastFrames = []frame{
	{Type: frameCall, ID: 1, Server: "demo", Tool: "echo", N: 15},
	{Type: frameCall, ID: 123456789, Server: "file-system", Tool: "read_text_file", N: 1 << 20},
	{Type: frameCall, ID: 7, Server: "s", Tool: "t"},
	{Type: frameCall, Server: "s", Tool: "t", N: 2},
	{Type: frameResult, ID: 3, N: 42},
	{Type: frameResult, ID: 3},
	{Type: frameResult},
}

// slowFrames are written and read by encoding/json.
var slowFrames = []frame{
	{Type: frameCall, ID: 1, Server: "a<b", Tool: "echo", N: 1},
	{Type: frameCall, ID: 1, Server: "naïve", Tool: "echo", N: 1},
	{Type: frameCall, ID: 1, Server: `q"uote`, Tool: "echo"},
	{Type: frameCall, ID: 1, Server: "", Tool: "progress"},
	{Type: frameResult, ID: 2, IsError: true, Error: "demo.echo: boom"},
	{Type: frameDone, Result: &script.Result{Calls: 1}},
	{Type: frameRun, Req: &script.Request{Source: "return 1"}, SameSpec: true},
	{Type: frameCancel},
}

// TestFastHeader_MatchesJSON: the fast path writes what json.Marshal
// writes and reads it back as json.Unmarshal does; other frames are left
// to encoding/json.
func TestFastHeader_MatchesJSON(t *testing.T) {
	for _, f := range fastFrames {
		want, _ := json.Marshal(&f)
		got, ok := appendFastHeader(nil, &f)
		if !ok || string(got) != string(want) {
			t.Errorf("%+v: fast %s (%v), json %s", f, got, ok, want)
		}
		var a, b frame
		if !parseFastHeader(append(want, '\n'), &a) {
			t.Errorf("%s: not read by the fast path", want)
		}
		json.Unmarshal(want, &b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%s: fast %+v, json %+v", want, a, b)
		}
	}
	for _, f := range slowFrames {
		if got, ok := appendFastHeader(nil, &f); ok {
			t.Errorf("%+v: written by the fast path: %s", f, got)
		}
		head, _ := json.Marshal(&f)
		var g frame
		if parseFastHeader(head, &g) {
			t.Errorf("%s: read by the fast path", head)
		}
	}
}

func FuzzFastHeader(f *testing.F) {
	for _, fr := range append(append([]frame{}, fastFrames...), slowFrames...) {
		b, _ := json.Marshal(&fr)
		f.Add(b)
	}
	f.Add([]byte(`{"type":"call","id":01,"server":"a","tool":"b"}`))
	f.Add([]byte(`{"type":"result","id":1,"n":-1}`))
	f.Fuzz(func(t *testing.T, line []byte) {
		var fast frame
		if !parseFastHeader(line, &fast) {
			return
		}
		var slow frame
		if err := json.Unmarshal(line, &slow); err != nil {
			t.Fatalf("%q: fast path read %+v, encoding/json fails: %v", line, fast, err)
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("%q: fast %+v, json %+v", line, fast, slow)
		}
		if again, ok := appendFastHeader(nil, &fast); !ok || string(again) != string(bytes.TrimSuffix(line, []byte("\n"))) {
			t.Fatalf("%q: written back as %q", line, again)
		}
	})
}
