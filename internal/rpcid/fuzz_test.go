package rpcid

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// FuzzMessage holds what serve's stdio transport and the HTTP front ask
// of each message a client sends (its id, progress token and _meta) and
// of the errors they answer with, to never panic, and BoundAnswer to
// bound what it answers.
func FuzzMessage(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x","_meta":{"progressToken":1.5}}}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`, `{"id":1e400}`, `{"id":"\ud800"}`, `{"id":true}`, `{"id":[1]}`,
		`{"params":{"_meta":{"progressToken":"\udc00\ud800x"}}}`, `{"params":{"_meta":{"a":[[[[{}]]]],"progressToken":9007199254740993}}}`,
		`{"params":{"_meta":` + strings.Repeat("[", 200) + `}}`, `"\u`, `"\\u12"`,
		`handling 'tools/call': invalid params: unmarshaling "{\"name\":5}" into a *mcp.CallToolParamsRaw: json: cannot unmarshal "5}" into Go struct field mcp.CallToolParamsRaw.name of type string`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		_ = OddMeta(msg)
		_, _ = ProgressToken(msg)
		_ = InexactNumber(msg)
		_ = InvalidString(msg)
		var m struct {
			ID json.RawMessage `json:"id"`
		}
		if json.Unmarshal(msg, &m) == nil {
			_ = IDProblem(m.ID)
		}
		_ = IDProblem(msg)
		s := string(msg)
		_ = PlainParams(s)
		_ = CodeZero(true, s)
		_ = CodeZero(false, s)
		r := BoundAnswer(&jsonrpc.Response{Error: &jsonrpc.Error{Code: 1, Message: s, Data: json.RawMessage(msg)}})
		if e, ok := r.Error.(*jsonrpc.Error); ok && len(e.Message) > max(len(s), 64<<10) {
			t.Fatalf("BoundAnswer made a message of %d bytes of one of %d", len(e.Message), len(s))
		}
	})
}
