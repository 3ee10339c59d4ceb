package rpcid

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Round one hundred and fourteen: a 2026-07-28 retry whose answer to an
// input request is null or {} (none of "action", "role", "roots"), or
// whose inputResponses is not an object, was refused in the SDK's words,
// quoting the params whole, escaped twice (`… into a
// *mcp.CallToolParamsRaw: inputResponses["1"]: cannot determine
// InputResponse type: expected "action", "role", or "roots" key`, `…
// json: cannot unmarshal array into Go struct field
// mcp.CallToolParamsRaw.inputResponses of type map[string]json.RawMessage`).
// It says the member and what it must be now, and nothing of the params.
func TestBoundAnswer_SaysAnInputResponseOfNoKindAndAnswersNotAnObjectPlainly(t *testing.T) {
	const params = `unmarshaling "{\"name\": \"execute\", \"arguments\": {\"script\": \"SECRET-SCRIPT\"}, \"requestState\": \"a.1\", \"inputResponses\": {\"1\": null}}" into a *mcp.CallToolParamsRaw: `
	for msg, want := range map[string]string{
		`handling 'tools/call': invalid params: ` + params + `inputResponses["1"]: cannot determine InputResponse type: expected "action", "role", or "roots" key`:                        `invalid params: tools/call's "inputResponses.1" is no answer to an input request: an elicitation's answer has "action", a sampling request's "role" and a roots request's "roots" (the answer to input request "1" is the result of its method)`,
		`handling 'tools/call': invalid params: ` + params + `json: cannot unmarshal array into Go struct field mcp.CallToolParamsRaw.inputResponses of type map[string]json.RawMessage`:  `invalid params: tools/call's "inputResponses" is an array; it must be an object`,
		`handling 'tools/call': invalid params: ` + params + `json: cannot unmarshal string into Go struct field mcp.CallToolParamsRaw.inputResponses of type map[string]json.RawMessage`: `invalid params: tools/call's "inputResponses" is a string; it must be an object`,
	} {
		got := BoundAnswer(&jsonrpc.Response{Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg}})
		we := got.Error.(*jsonrpc.Error)
		if we.Message != want || we.Code != jsonrpc.CodeInvalidParams {
			t.Errorf("%s:\n got %d %s\nwant %s", msg, we.Code, we.Message, want)
		}
		if strings.Contains(we.Message, "SECRET-SCRIPT") {
			t.Errorf("the params are quoted: %s", we.Message)
		}
	}
}
