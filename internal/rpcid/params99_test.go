package rpcid

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Round ninety-nine: a request whose params do not decode was answered
// in the SDK's words, which name its Go types and quote the params whole
// (`handling 'tools/call': invalid params: unmarshaling "{\"name\":5,…}"
// into a *mcp.CallToolParamsRaw: json: cannot unmarshal "5,…" into Go
// struct field mcp.CallToolParamsRaw.name of type string`). They say the
// method, the member and the JSON types now, on both fronts.
func TestBoundAnswer_SaysTheSDKsParamsErrorsPlainly(t *testing.T) {
	for msg, want := range map[string]string{
		`handling 'tools/call': invalid params: unmarshaling "{\"name\":5,\"arguments\":{}}" into a *mcp.CallToolParamsRaw: json: cannot unmarshal "5,\"arguments\":{}}" into Go struct field mcp.CallToolParamsRaw.name of type string`:                 `invalid params: tools/call's "name" is a number; it must be a string`,
		`handling 'tools/call': invalid params: unmarshaling "\"nope\"" into a *mcp.CallToolParamsRaw: json: cannot unmarshal "\"nope\"" into Go value of type mcp.CallToolParamsRaw`:                                                                    `invalid params: the params of tools/call are a string; they must be an object`,
		`handling 'prompts/get': invalid params: unmarshaling "{\"name\":\"x\",\"arguments\":{\"a\":5}}" into a *mcp.GetPromptParams: json: cannot unmarshal "5}}" into Go struct field mcp.GetPromptParamsmap[string]string.arguments.a of type string`: `invalid params: prompts/get's "arguments.a" is a number; it must be a string`,
		`handling 'initialize': unmarshaling "{\"protocolVersion\":123}" into a *mcp.initializeParamsV2: json: cannot unmarshal "123}" into Go struct field mcp.initializeParamsV2.protocolVersion of type string`:                                       `invalid params: initialize's "protocolVersion" is a number; it must be a string`,
		`handling 'tools/list': invalid params: unmarshaling "{\"cursor\":{}}" into a *mcp.ListToolsParams: json: cannot unmarshal "{}}" into Go struct field mcp.ListToolsParams.cursor of type string`:                                                 `invalid params: tools/list's "cursor" is an object; it must be a string`,
		`method "x" not found`: `method "x" not found`,
	} {
		got := BoundAnswer(&jsonrpc.Response{Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg}})
		we := got.Error.(*jsonrpc.Error)
		if we.Message != want || we.Code != jsonrpc.CodeInvalidParams {
			t.Errorf("%s:\n got %d %s\nwant %s", msg, we.Code, we.Message, want)
		}
	}
	// Params of 5 MB: the plain words, not the params.
	big := `handling 'tools/call': invalid params: unmarshaling "{\"name\":5,\"arguments\":{\"x\":\"` + strings.Repeat("A", 5<<20) + `\"}}" into a *mcp.CallToolParamsRaw: json: cannot unmarshal "5,\"arguments\":{\"x\":\"` + strings.Repeat("A", 5<<20) + `\"}}" into Go struct field mcp.CallToolParamsRaw.name of type string`
	if got := BoundAnswer(&jsonrpc.Response{Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: big}}); got.Error.Error() != `invalid params: tools/call's "name" is a number; it must be a string` {
		t.Errorf("5 MB params: %.200s", got.Error.Error())
	}
}
