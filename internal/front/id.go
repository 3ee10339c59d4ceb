package front

import (
	"bytes"
	"encoding/json"
	"math"
	"net/http"
	"strconv"
	"unicode/utf8"
)

// The SDK decodes a request's id through float64 and a string id through
// Go strings: 1.5 is answered as 1, 2^53+1 as 2^53, and a string of
// invalid UTF-8 or with a lone surrogate as one holding U+FFFD, ids the
// client never sent and cannot match its answer to. serve's stdio
// transport (server.StdioTransport) refuses them; so does the front,
// before the SDK sees the body.

// oddID returns the top-level id of body, a JSON-RPC message, as sent,
// and why the SDK would answer it under another id; why is "" when it
// would not (or body is no object with an id: the SDK answers that).
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
	switch c := m.ID[0]; {
	case c == '"':
		if !utf8.Valid(m.ID) || loneSurrogate(m.ID) {
			return m.ID, "the id is a string that is not valid Unicode (invalid UTF-8 or a lone surrogate); use a number or a plain string"
		}
	case c == '-' || c >= '0' && c <= '9':
		if oddNumber(m.ID) {
			return m.ID, "the id " + string(m.ID) + " is not an integer within ±2^53; a request's id is a string or such an integer"
		}
	}
	return nil, ""
}

// oddNumber reports whether b, a JSON number, is not an integer within
// ±2^53 (1e3 and 1000.0 are 1000 to every client).
func oddNumber(b []byte) bool {
	const exact = 1 << 53
	if n, err := strconv.ParseInt(string(b), 10, 64); err == nil {
		return n > exact || n < -exact
	}
	f, err := strconv.ParseFloat(string(b), 64)
	return err != nil || f != math.Trunc(f) || math.Abs(f) > exact
}

// loneSurrogate reports whether the JSON string raw has a \uD800-\uDFFF
// escape that is not in a high-low pair.
func loneSurrogate(raw []byte) bool {
	hex := func(i int) (uint64, bool) {
		if i+6 > len(raw) || raw[i] != '\\' || raw[i+1] != 'u' {
			return 0, false
		}
		r, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 32)
		return r, err == nil
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		r, ok := hex(i)
		if !ok {
			i++ // an escaped character other than \u: skip it
			continue
		}
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return true
		case r >= 0xD800 && r <= 0xDBFF:
			lo, ok := hex(i + 6)
			if !ok || lo < 0xDC00 || lo > 0xDFFF {
				return true
			}
			i += 11
		default:
			i += 5
		}
	}
	return false
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
