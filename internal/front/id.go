package front

import (
	"bytes"
	"encoding/json"
	"net/http"

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
			return m.ID, "the id " + string(m.ID) + " is not an integer within ±2^53; a request's id is a string or such an integer"
		}
	}
	return nil, ""
}

// refuseID answers a request whose id the SDK would change with a
// JSON-RPC invalid request error under the id as sent (400).
func refuseID(w http.ResponseWriter, id json.RawMessage, why string) {
	type rpcError struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}
	b, err := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}{"2.0", id, rpcError{-32600, "invalid request: " + why}})
	if err != nil {
		http.Error(w, "invalid request: "+why, http.StatusBadRequest)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(http.StatusBadRequest)
	w.Write(b)
}
