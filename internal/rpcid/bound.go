package rpcid

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"sync"
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
// and the data left out, each saying so; likewise when its message is
// the SDK's for params that do not decode, said in the client's words
// (PlainParams). The code is kept. serve's stdio transport and the HTTP
// front both send their error answers through it.
func BoundAnswer(r *jsonrpc.Response) *jsonrpc.Response {
	code, msg, data := int64(0), r.Error.Error(), json.RawMessage(nil)
	we, exact := r.Error.(*jsonrpc.Error) // the SDK sends only such an error's data
	if exact {
		code, msg, data = we.Code, we.Message, we.Data
	} else if errors.As(r.Error, &we) {
		code = we.Code
	}
	plain := PlainParams(msg)
	if plain == msg && len(msg) <= ErrorHead+ErrorTail && len(data) <= MaxErrorData {
		return r
	}
	msg = plain
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

// sdkParams matches the SDK's (go-sdk v1.8.0) error for a request whose
// params do not decode: the method, the JSON value's first character (as
// Go quotes it: a backslash for a string's quote), the Go field's path
// (type names and all; none when the params as a whole are wrong) and
// the Go type.
var sdkParams = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^handling '([^']{1,200})': (?:invalid params: )?unmarshaling "(?s:.*)" into a \*?[\w.]+: json: cannot unmarshal "(.)(?s:.*)" into Go (?:struct field (\S+)|value) of type (\S+)$`)
})

// PlainParams returns msg, the SDK's error for params that do not decode
// (`handling 'tools/call': invalid params: unmarshaling "{\"name\":5}"
// into a *mcp.CallToolParamsRaw: json: cannot unmarshal "5}" into Go
// struct field mcp.CallToolParamsRaw.name of type string`), said with
// the method, the member and the JSON types (`invalid params:
// tools/call's "name" is a number; it must be a string`), and any other
// msg as it is. The SDK's words name its Go types, and quote the params
// whole (escaped twice).
func PlainParams(msg string) string {
	if !strings.HasPrefix(msg, "handling '") {
		return msg
	}
	m := sdkParams().FindStringSubmatch(msg)
	if m == nil {
		return plainInputResponse(msg)
	}
	method, first, field, goType := m[1], m[2], m[3], m[4]
	var got string
	switch first[0] {
	case '\\', '"':
		got = "a string"
	case '{':
		got = "an object"
	case '[':
		got = "an array"
	case 't', 'f':
		got = "true or false"
	case 'n':
		got = "null"
	default:
		got = "a number"
	}
	want := jsonKind(strings.TrimPrefix(goType, "*"))
	if want == "" {
		return msg
	}
	if field == "" {
		return fmt.Sprintf("invalid params: the params of %s are %s; they must be %s", method, got, want)
	}
	// mcp.GetPromptParamsmap[string]string.arguments.a: the path after
	// the package and the type.
	if parts := strings.SplitN(field, ".", 3); len(parts) == 3 {
		field = parts[2]
	} else {
		return msg
	}
	return fmt.Sprintf("invalid params: %s's %q is %s; it must be %s", method, field, got, want)
}

// jsonKind says in JSON's words ("a string", "an object") what a value
// of the Go type goType (as the SDK's decoding errors name it, without a
// leading "*") is written as, or "" when it cannot say.
func jsonKind(goType string) string {
	switch {
	case goType == "string" || goType == "mcp.LoggingLevel":
		return "a string"
	case goType == "bool":
		return "true or false"
	case strings.HasPrefix(goType, "int") || strings.HasPrefix(goType, "uint") || strings.HasPrefix(goType, "float"):
		return "a number"
	case strings.HasPrefix(goType, "[]"):
		return "an array"
	case strings.HasPrefix(goType, "map[") || strings.HasPrefix(goType, "mcp.") || strings.HasPrefix(goType, "struct"):
		return "an object"
	}
	return ""
}

// sdkInputResponse matches the SDK's (go-sdk v1.8.0) error for a
// 2026-07-28 retry whose input response does not decode as the result of
// the method it answers: the method, the member of the params and the
// key (inputResponses["1"]), the JSON type, and the Go field's path
// (type name first) and type.
var sdkInputResponse = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^handling '([^']{1,200})': (?:invalid params: )?unmarshaling "(?s:.*)" into a \*?[\w.]+: (\w{1,100})\["((?:[^"\\]|\\.){0,200})"\]: json: cannot unmarshal (\w+) into Go (?:struct field (\S+)|value) of type (.{1,200})$`)
})

// sdkNoKind matches the SDK's (go-sdk v1.8.0) error for a 2026-07-28
// retry whose input response has none of the members it tells the kinds
// of answer apart by (null, {}): the method, the member and the key.
var sdkNoKind = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^handling '([^']{1,200})': (?:invalid params: )?unmarshaling "(?s:.*)" into a \*?[\w.]+: (\w{1,100})\["((?:[^"\\]|\\.){0,200})"\]: cannot determine InputResponse type: expected "action", "role", or "roots" key$`)
})

// sdkMemberKind matches the SDK's (go-sdk v1.8.0) error for a member its
// own decoding reads first (a 2026-07-28 retry's inputResponses that is
// not an object), which names the JSON type in a word and not the value:
// the method, the JSON type, the member (of the params themselves: a
// deeper one's path is not in the message) and the Go type.
var sdkMemberKind = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^handling '([^']{1,200})': (?:invalid params: )?unmarshaling "(?s:.*)" into a \*?[\w.]+: json: cannot unmarshal (\w+) into Go struct field mcp\.\w+\.(\w{1,100}) of type (.{1,200})$`)
})

// plainInputResponse is PlainParams for an input response of the wrong
// shape (`tools/call's "inputResponses.1.action" is a number; it must be
// a string`), of no kind (null, {}), or answers that are not an object,
// and msg as it is for anything else.
func plainInputResponse(msg string) string {
	if m := sdkNoKind().FindStringSubmatch(msg); m != nil {
		return fmt.Sprintf(`invalid params: %s's %q is no answer to an input request: an elicitation's answer has "action", a sampling request's "role" and a roots request's "roots" (the answer to input request %q is the result of its method)`, m[1], m[2]+"."+m[3], m[3])
	}
	if m := sdkMemberKind().FindStringSubmatch(msg); m != nil {
		if want := jsonKind(strings.TrimPrefix(m[4], "*")); want != "" {
			return fmt.Sprintf("invalid params: %s's %q is %s; it must be %s", m[1], m[3], kindArticle(m[2]), want)
		}
		return msg
	}
	m := sdkInputResponse().FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	method, member, key, got, field, goType := m[1], m[2], m[3], m[4], m[5], strings.TrimPrefix(m[6], "*")
	want := jsonKind(goType)
	if want == "" {
		return msg
	}
	path := member + "." + key
	if field != "" {
		// ElicitResult.action: the path after the type's name.
		if _, after, ok := strings.Cut(field, "."); ok {
			path += "." + after
		}
	}
	return fmt.Sprintf("invalid params: %s's %q is %s; it must be %s (the answer to input request %q, as its method's result has it)", method, path, kindArticle(got), want, key)
}

// kindArticle is a JSON type as encoding/json names it in its errors
// ("array", "bool"), with its article ("an array", "true or false").
func kindArticle(t string) string {
	switch t {
	case "array", "object":
		return "an " + t
	case "string", "number":
		return "a " + t
	case "bool":
		return "true or false"
	}
	return t
}
