package front

import (
	"strings"
	"testing"
)

// Round ninety-nine: a request whose id is an object was answered in
// plain text, the SDK's `malformed payload: parse error: invalid ID type
// map[string]interface {}`, and params that do not decode in the SDK's
// words naming its Go types (`into Go struct field
// mcp.CallToolParamsRaw.name of type string`). Each is a JSON-RPC error
// saying what is wrong, as serve on stdio answers.
func TestFront_SaysWhatIsWrongWithAnIDOrParams(t *testing.T) {
	w := newWorld(t, Options{})
	h := w.session()
	for _, tc := range []struct{ body, want string }{
		{`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, "invalid request: the id is a JSON object; a request's id is a string or an integer"},
		{`{"jsonrpc":"2.0","id":true,"method":"ping"}`, "invalid request: the id is true; a request's id is a string or an integer"},
		{`{"jsonrpc":"2.0","id":1e400,"method":"ping"}`, "invalid request: the id 1e400 is an integer past ±2^53"},
		{`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":5}}`, `invalid params: tools/call's "name" is a number; it must be a string`},
		{`{"jsonrpc":"2.0","id":4,"method":"tools/call","params":"nope"}`, "invalid params: the params of tools/call are a string; they must be an object"},
	} {
		_, body := w.post(h, tc.body)
		if !strings.Contains(body, `"jsonrpc":"2.0"`) {
			t.Errorf("%s: answered %q, want a JSON-RPC error", tc.body, body)
			continue
		}
		if _, msg, _ := rpcError(t, body); !strings.Contains(msg, tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.body, msg, tc.want)
		}
	}
}
