package rpcid

import (
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Round one hundred and two: a 2026-07-28 retry answering an elicitation
// with {"action": 42} was refused in the SDK's words, quoting the params
// whole, escaped twice (`handling 'tools/call': invalid params:
// unmarshaling "{\"name\": \"execute\", …}" into a
// *mcp.CallToolParamsRaw: inputResponses["1"]: json: cannot unmarshal
// number into Go struct field ElicitResult.action of type string`). It
// says the member, the input request and the JSON types now.
func TestBoundAnswer_SaysAnInputResponseOfTheWrongShapePlainly(t *testing.T) {
	for msg, want := range map[string]string{
		`handling 'tools/call': invalid params: unmarshaling "{\"name\": \"execute\", \"requestState\": \"a.1\", \"inputResponses\": {\"1\": {\"action\": 42}}}" into a *mcp.CallToolParamsRaw: inputResponses["1"]: json: cannot unmarshal number into Go struct field ElicitResult.action of type string`: `invalid params: tools/call's "inputResponses.1.action" is a number; it must be a string (the answer to input request "1", as its method's result has it)`,
		`handling 'tools/call': invalid params: unmarshaling "{}" into a *mcp.CallToolParamsRaw: inputResponses["k"]: json: cannot unmarshal string into Go struct field ElicitResult.content of type map[string]interface {}`:                                                                              `invalid params: tools/call's "inputResponses.k.content" is a string; it must be an object (the answer to input request "k", as its method's result has it)`,
		`handling 'tools/call': invalid params: unmarshaling "{}" into a *mcp.CallToolParamsRaw: inputResponses["k"]: something else`:                                                                                                                                                                       `handling 'tools/call': invalid params: unmarshaling "{}" into a *mcp.CallToolParamsRaw: inputResponses["k"]: something else`,
	} {
		got := BoundAnswer(&jsonrpc.Response{Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg}})
		we := got.Error.(*jsonrpc.Error)
		if we.Message != want || we.Code != jsonrpc.CodeInvalidParams {
			t.Errorf("%s:\n got %d %s\nwant %s", msg, we.Code, we.Message, want)
		}
	}
}
