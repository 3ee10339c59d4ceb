package front

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The SDK's handler (v1.8.0) refuses some requests before any server
// sees them, otherwise than serve on stdio answers them (where the SDK's
// session does): a request for an unknown method of a 2025-11-25 session,
// a request without the params its method needs, a notification's method
// with an id, each as a plain-text 400 (and the Go SDK's client closes
// its session on a plain-text 400); and a 2026-07-28 tools/call,
// prompts/get or resources/read whose params do not decode, as -32020
// "failed to extract name from parameters", from its check of the
// Mcp-Name header. The answerWriter turns these into the JSON-RPC answers
// stdio gives (see sdkRefusal and badParams).

// sdkRefusal returns the JSON-RPC answer stdio gives to req, which the
// SDK's handler refused with text (a plain-text error, its trailing
// newline cut), and ok; ok is false when text is not such a refusal. A
// nil answer with ok means none is owed: req is a notification, which
// stdio drops.
func sdkRefusal(req *jsonrpc.Request, text string) (answer *jsonrpc.Response, ok bool) {
	var e *jsonrpc.Error
	switch {
	case strings.HasPrefix(text, "JSON RPC not handled"):
		// The SDK's session answers so on stdio (jsonrpc2's
		// processResult: ErrMethodNotFound, the method quoted).
		e = &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: fmt.Sprintf("method not found: %q", req.Method)}
	case strings.HasPrefix(text, "invalid request: "):
		// "missing required \"params\"", "unexpected id for …",
		// "missing id for …": stdio's text and code.
		e = &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: text}
	default:
		return nil, false
	}
	if !req.IsCall() {
		return nil, true
	}
	return &jsonrpc.Response{ID: req.ID, Error: e}, true
}

// sdkNameCheck starts the message of the SDK's error (code
// mcp.CodeHeaderMismatch) for a 2026-07-28 request whose params do not
// decode, so that it cannot read the name the Mcp-Name header must
// match.
const sdkNameCheck = "failed to extract name from parameters"

// badParams returns the invalid-params answer stdio gives to req, whose
// params the SDK could not read a name from: as the SDK's session says
// when they do not decode, naming the field. ok is false when req is not
// a request of the three methods that carry a name.
func badParams(req *jsonrpc.Request) (answer *jsonrpc.Response, ok bool) {
	var p any
	switch req.Method {
	case "tools/call":
		p = new(mcp.CallToolParamsRaw)
	case "prompts/get":
		p = new(mcp.GetPromptParams)
	case "resources/read":
		p = new(mcp.ReadResourceParams)
	default:
		return nil, false
	}
	if !req.IsCall() {
		return nil, false
	}
	// The SDK's decoder matches keys exactly and encoding/json does not,
	// so they may disagree on odd params; the answer still says what the
	// params must be.
	msg := fmt.Sprintf("handling '%s': invalid params: its params do not decode into a %T", req.Method, p)
	if err := json.Unmarshal(req.Params, p); err != nil {
		msg = fmt.Sprintf("handling '%s': invalid params: unmarshaling its params into a %T: %v", req.Method, p, err)
	}
	return &jsonrpc.Response{ID: req.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg}}, true
}
