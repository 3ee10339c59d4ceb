package front

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/rpcid"
)

// The SDK would answer some ids under others (internal/rpcid): serve's
// stdio transport (server.StdioTransport) refuses them; so does the
// front, before the SDK sees the body.

// oddID returns the top-level id of body, a JSON-RPC message, as sent,
// and why the SDK would answer it under another id; why is "" when it
// would not (or body is no object with an id: the SDK answers that). A
// request whose progress token the SDK would change is refused too
// (rpcid.OddProgressToken).
func oddID(body []byte) (id json.RawMessage, why string) {
	if !bytes.Contains(body, []byte(`"id"`)) {
		return nil, ""
	}
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &m) != nil || len(m.ID) == 0 {
		return nil, ""
	}
	if why := rpcid.OddProgressToken(body); why != "" {
		return m.ID, why
	}
	switch c := m.ID[0]; {
	case c == '"':
		if rpcid.InvalidString(m.ID) {
			return m.ID, "the id is a string that is not valid Unicode (invalid UTF-8 or a lone surrogate); use a number or a plain string"
		}
	case c == '-' || c >= '0' && c <= '9':
		if rpcid.InexactNumber(m.ID) {
			return m.ID, rpcid.IDProblem(m.ID)
		}
	case c == '{' || c == '[' || c == 't' || c == 'f':
		// The SDK's answer was plain text, `malformed payload: parse
		// error: invalid ID type map[string]interface {}`. Answered under
		// a null id: such an id is no id to answer under.
		return json.RawMessage("null"), rpcid.IDProblem(m.ID)
	}
	return nil, ""
}

// refuseID answers a request whose id the SDK would change with a
// JSON-RPC invalid request error under the id as sent (400).
func refuseID(w http.ResponseWriter, id json.RawMessage, why string) {
	refuse(w, id, -32600, "invalid request: "+why)
}

// refuseParams answers body, a request whose params are refused before
// the SDK sees them, with a JSON-RPC invalid params error under its id
// (null when it has none) (400).
func refuseParams(w http.ResponseWriter, body []byte, why string) {
	var m struct {
		ID json.RawMessage `json:"id"`
	}
	_ = json.Unmarshal(body, &m)
	if len(m.ID) == 0 {
		m.ID = json.RawMessage("null")
	}
	refuse(w, m.ID, -32602, "invalid params: "+why)
}

// refuse answers with a JSON-RPC error of code and message under id (400).
func refuse(w http.ResponseWriter, id json.RawMessage, code int, message string) {
	refuseWith(w, id, code, message, nil)
}

// refuseWith is refuse with the error's data (none when nil).
func refuseWith(w http.ResponseWriter, id json.RawMessage, code int, message string, data any) {
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
		Data    any    `json:"data,omitempty"`
	}
	b, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}{"2.0", id, rpcError{code, message, data}})
	if err != nil {
		http.Error(w, message, http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	w.Write(b)
}

// beforeInitialize returns the id of body and why it is refused when it
// is a request that needs an initialized session and comes without one
// (no Mcp-Session-Id, below 2026-07-28): the SDK would open a session for
// it (and we a hub session, kept until it expires) only to answer it with
// error code 0 ("method … is invalid during session initialization",
// made before any middleware sees the request). initialize opens a
// session; ping, logging/setLevel and resources/(un)subscribe are served
// before one, as the SDK does; a request carrying the 2026-07-28
// protocol in its _meta is the SDK's. why is "" when body is none of
// these (or no single request: the SDK answers that).
func beforeInitialize(body []byte) (id json.RawMessage, why string) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(body, &m) != nil || len(m.ID) == 0 || string(m.ID) == "null" || m.Method == "" {
		return nil, ""
	}
	switch m.Method {
	case "initialize", "ping", "logging/setLevel", "resources/subscribe", "resources/unsubscribe":
		return nil, ""
	}
	if _, ok := m.Params.Meta["io.modelcontextprotocol/protocolVersion"]; ok {
		return nil, ""
	}
	return m.ID, "method " + strconv.Quote(m.Method) + " before initialize: a session starts with an initialize request, whose answer carries the Mcp-Session-Id header to send with every later request"
}

// oneMessage returns the id of body (null when it has none) and why it is
// refused when the SDK would serve part of it or drop it unanswered: a
// body with more than one JSON value, or text after one (the SDK served
// the first and dropped the rest: a second request was never answered);
// a request whose id is null (taken for a notification); a message with
// an id but no method, result or error (taken for an answer to a request
// of the server's). serve on stdio refuses these alike, in the same words
// (server.StdioTransport). why is "" for anything else (a body that is
// not JSON, or no object: the SDK answers it).
func oneMessage(body []byte) (id json.RawMessage, why string) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method json.RawMessage `json:"method"`
		Result json.RawMessage `json:"result"`
		Error  json.RawMessage `json:"error"`
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	if dec.Decode(&m) != nil {
		return nil, ""
	}
	id = m.ID
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	switch {
	case len(bytes.TrimLeft(body[dec.InputOffset():], " \t\r\n")) > 0:
		return id, "the body holds more than one JSON value, or text after one; send one message per request"
	case string(m.ID) == "null" && m.Method != nil:
		return id, "the id is null; a request's id is a string or a number (a notification has no id)"
	case len(m.ID) > 0 && string(m.ID) != "null" && m.Method == nil && m.Result == nil && m.Error == nil:
		return id, "the message has an id but no method (a request) and no result or error (a response)"
	}
	return nil, ""
}

// eraMismatch returns the id of body and why it is refused when it is a
// request naming a session (Mcp-Session-Id, which only 2025-11-25 and
// earlier have) while carrying protocol 2026-07-28 or later, in header (its
// MCP-Protocol-Version) or in params._meta. The SDK's stateful handler
// answered it "protocol version "2026-07-28" is not supported by this
// server", which this server is (without a session), and, for a header of
// 2025-11-25 with the new version in _meta, "protocol version
// "2025-11-25" is not supported", listing 2025-11-25 as supported.
// server/discover is the SDK's (it answers it on a session), and so is a
// notification. why is "" for anything else.
func eraMismatch(body []byte, header string) (id json.RawMessage, version, why string) {
	var m struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
		Params struct {
			Meta map[string]json.RawMessage `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(body, &m) != nil || len(m.ID) == 0 || string(m.ID) == "null" || m.Method == "" || m.Method == "server/discover" {
		return nil, "", ""
	}
	var where string
	if header >= "2026-07-28" {
		version, where = header, "its MCP-Protocol-Version header"
	}
	if raw, ok := m.Params.Meta["io.modelcontextprotocol/protocolVersion"]; ok {
		var v string
		if json.Unmarshal(raw, &v) != nil {
			v = string(raw)
		}
		if where == "" && v < "2026-07-28" {
			v = rpcid.CutMiddle(v, "version")
			return m.ID, v, "this request names a session (Mcp-Session-Id) and carries io.modelcontextprotocol/protocolVersion (" +
				strconv.Quote(v) + ") in params._meta, which only a 2026-07-28 request, without a session, carries: on this session, leave it out of _meta"
		}
		if where == "" {
			version, where = v, "its params._meta"
		} else if v != header {
			where += " (its params._meta says " + strconv.Quote(rpcid.CutMiddle(v, "version")) + ")"
		}
	}
	if where == "" {
		return nil, "", ""
	}
	version = rpcid.CutMiddle(version, "version")
	return m.ID, version, "this request names a session (Mcp-Session-Id) but carries protocol version " +
		strconv.Quote(version) + " in " + where + ": sessions are of 2025-11-25 and earlier, and a 2026-07-28 request has none; " +
		"send it without Mcp-Session-Id (this server serves 2026-07-28 so), or, on this session, " +
		"without the 2026-07-28 version in the MCP-Protocol-Version header and params._meta"
}

// refuseEra answers a request eraMismatch refused: code -32022
// (unsupported protocol version), whose data lists the versions the
// session takes, as the SDK's answer did, under the id as sent (400).
func refuseEra(w http.ResponseWriter, id json.RawMessage, version, why string) {
	var legacy []string
	for _, v := range mcp.SupportedProtocolVersions() {
		if v < "2026-07-28" {
			legacy = append(legacy, v)
		}
	}
	refuseWith(w, id, mcp.CodeUnsupportedProtocolVersion, why, mcp.UnsupportedProtocolVersionData{Supported: legacy, Requested: version})
}
