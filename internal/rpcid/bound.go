package rpcid

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// Bounds of an error answer: its message keeps its first ErrorHead and
// last ErrorTail bytes, and data over MaxErrorData is left out. The SDK's
// own messages quote what the client sent (an invalid-params error its
// whole params, escaped twice; a header mismatch the name in the body;
// an unknown method its name; a resource not found its URI as data): a
// 14 MB prompts/get was answered with 58 MB.
const (
	ErrorHead    = 2 << 10
	ErrorTail    = 1 << 10
	MaxErrorData = 4 << 10
)

// BoundAnswer returns r, an error response, or when its error's message
// or data is over the bounds, a copy with the message cut in the middle
// and the data left out, each saying so. The code is kept. serve's stdio
// transport and the HTTP front both send their error answers through it.
func BoundAnswer(r *jsonrpc.Response) *jsonrpc.Response {
	code, msg, data := int64(0), r.Error.Error(), json.RawMessage(nil)
	we, exact := r.Error.(*jsonrpc.Error) // the SDK sends only such an error's data
	if exact {
		code, msg, data = we.Code, we.Message, we.Data
	} else if errors.As(r.Error, &we) {
		code = we.Code
	}
	if len(msg) <= ErrorHead+ErrorTail && len(data) <= MaxErrorData {
		return r
	}
	if len(msg) > ErrorHead+ErrorTail {
		msg = CutMiddle(msg, "message")
	}
	if len(data) > MaxErrorData {
		msg += fmt.Sprintf(" (the error's data, %d bytes, was left out)", len(data))
		data = nil
	}
	return &jsonrpc.Response{ID: r.ID, Error: &jsonrpc.Error{Code: code, Message: msg, Data: data}, Extra: r.Extra}
}

// CutMiddle returns s with all but its first ErrorHead and last ErrorTail
// bytes left out (at rune boundaries), saying how many, of what; s when it
// is within them.
func CutMiddle(s, what string) string {
	if len(s) <= ErrorHead+ErrorTail {
		return s
	}
	head, tail := ErrorHead, len(s)-ErrorTail
	for head > 0 && !utf8.RuneStart(s[head]) {
		head--
	}
	for tail < len(s) && !utf8.RuneStart(s[tail]) {
		tail++
	}
	return fmt.Sprintf("%s … [%d bytes of the %s left out] … %s", s[:head], tail-head, what, s[tail:])
}

// Messages of errors the SDK (go-sdk v1.8.0) sends with code 0, before
// any middleware sees the request: its initialization gate's ending, and
// the start of its initialize handler's when the params do not decode
// (they name the field).
const (
	SDKInitGate   = " is invalid during session initialization"
	SDKInitParams = "handling 'initialize': unmarshaling "
)

// CodeZero returns the code to give an error answer the SDK would send
// with code 0, which no client can act on, whose message is msg; init:
// it answers an initialize. Invalid params for an initialize whose params
// do not decode, invalid request for any other initialize's or a request
// refused before initialize, internal error for anything else. serve's
// stdio transport and the HTTP front both give it.
func CodeZero(init bool, msg string) int64 {
	switch {
	case init && strings.HasPrefix(msg, SDKInitParams):
		return jsonrpc.CodeInvalidParams
	case init || strings.HasSuffix(msg, SDKInitGate):
		return jsonrpc.CodeInvalidRequest
	}
	return jsonrpc.CodeInternalError
}
