package rpcid

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

func TestInexactNumber(t *testing.T) {
	for s, want := range map[string]bool{
		"7": false, "-0": false, "1e3": false, "1000.0": false, "9007199254740992": false, "-9007199254740992": false,
		"1.5": true, "9007199254740993": true, "1e30": true, "1e400": true, "": false, `"7"`: false,
	} {
		if got := InexactNumber([]byte(s)); got != want {
			t.Errorf("InexactNumber(%s) = %v, want %v", s, got, want)
		}
	}
}

func TestInvalidString(t *testing.T) {
	for s, want := range map[string]bool{
		`"a"`: false, `"\ud83d\ude00"`: false, `"\ufffd"`: false, `"\\ud800"`: false, `"\n\u0041"`: false,
		`"\ud800"`: true, `"x\udc00y"`: true, `"\ud800\u0041"`: true, "\"a\xff\"": true,
	} {
		if got := InvalidString([]byte(s)); got != want {
			t.Errorf("InvalidString(%s) = %v, want %v", s, got, want)
		}
	}
}

// A progress token the SDK would change (decoded through float64 or Go
// strings) is named; any other, or none, is not.
func TestOddProgressToken(t *testing.T) {
	for msg, want := range map[string]bool{
		`{"params":{"_meta":{"progressToken":9007199254740993}}}`: true,
		`{"params":{"_meta":{"progressToken":1.5}}}`:              true,
		`{"params":{"_meta":{"progressToken":"\ud800"}}}`:         true,
		`{"params":{"_meta":{"progressToken":7}}}`:                false,
		`{"params":{"_meta":{"progressToken":"t-1"}}}`:            false,
		`{"params":{"_meta":{"progressToken":{"a":1}}}}`:          false,
		`{"params":{"text":"\"progressToken\":1.5"}}`:             false,
		`{"params":{}}`: false,
	} {
		if got := OddProgressToken([]byte(msg)) != ""; got != want {
			t.Errorf("OddProgressToken(%s) = %v, want %v", msg, got, want)
		}
	}
}

func TestBoundAnswer(t *testing.T) {
	id, _ := jsonrpc.MakeID(float64(1))
	small := &jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: -32602, Message: "bad", Data: json.RawMessage(`{"a":1}`)}}
	if got := BoundAnswer(small); got != small {
		t.Errorf("an answer within the bounds was changed: %+v", got)
	}
	long := strings.Repeat("é", 10000) // 20,000 bytes
	got := BoundAnswer(&jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: -32602, Message: long, Data: json.RawMessage(`"` + strings.Repeat("x", 5000) + `"`)}})
	we := got.Error.(*jsonrpc.Error)
	if we.Code != -32602 || we.Data != nil || got.ID != id {
		t.Errorf("code %d, data %d bytes, id %v: want the code and id kept, the data left out", we.Code, len(we.Data), got.ID)
	}
	if len(we.Message) > ErrorHead+ErrorTail+200 || !utf8.ValidString(we.Message) ||
		!strings.Contains(we.Message, "bytes of the message left out") || !strings.Contains(we.Message, "the error's data, 5002 bytes, was left out") {
		t.Errorf("message (%d bytes): %.200q…", len(we.Message), we.Message)
	}
	if s := CutMiddle("short", "x"); s != "short" {
		t.Errorf("CutMiddle of a short string: %q", s)
	}
}
