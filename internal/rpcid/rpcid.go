// Package rpcid says which JSON-RPC ids the SDK would not answer as they
// were sent. It decodes a request's id through float64 and a string id
// through Go strings: 1.5 is answered as 1, 2^53+1 as 2^53, and a string
// of invalid UTF-8 or with a lone surrogate escape as one holding U+FFFD,
// ids the client never sent and cannot match its answer to. serve's
// stdio transport and the HTTP front both refuse them under the id as
// sent; likewise a request whose progress token the SDK would change
// (OddProgressToken). The package is pure and imports nothing of ours.
package rpcid

import (
	"bytes"
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"
)

// InexactNumber reports whether b, a JSON number's text, is not an
// integer within ±2^53 (1e3 and 1000.0 are 1000 to every client); text
// that is no number is not one.
func InexactNumber(b []byte) bool {
	if len(b) == 0 || (b[0] != '-' && (b[0] < '0' || b[0] > '9')) {
		return false
	}
	const exact = 1 << 53
	if n, err := strconv.ParseInt(string(b), 10, 64); err == nil {
		return n > exact || n < -exact
	}
	f, err := strconv.ParseFloat(string(b), 64)
	return err != nil || f != math.Trunc(f) || math.Abs(f) > exact
}

// InvalidString reports whether raw, a JSON string as sent (quotes
// included), does not survive decoding: invalid UTF-8, or a \uD800-\uDFFF
// escape not in a high-low pair.
func InvalidString(raw []byte) bool {
	return !utf8.Valid(raw) || loneSurrogate(raw)
}

// loneSurrogate reports whether the JSON string raw has a \uD800-\uDFFF
// escape not in a high-low pair.
func loneSurrogate(raw []byte) bool {
	for i := 0; i+6 <= len(raw); i++ {
		if raw[i] != '\\' {
			continue
		}
		if raw[i+1] != 'u' {
			i++ // an escaped character: skip it
			continue
		}
		r, err := strconv.ParseUint(string(raw[i+2:i+6]), 16, 32)
		if err != nil {
			return false
		}
		switch {
		case r >= 0xDC00 && r <= 0xDFFF:
			return true // a low one first
		case r >= 0xD800 && r <= 0xDBFF:
			j := i + 6
			if j+6 > len(raw) || raw[j] != '\\' || raw[j+1] != 'u' {
				return true
			}
			lo, err := strconv.ParseUint(string(raw[j+2:j+6]), 16, 32)
			if err != nil || lo < 0xDC00 || lo > 0xDFFF {
				return true
			}
			i = j + 5
		default:
			i += 5
		}
	}
	return false
}

// OddProgressToken returns why the request msg (a JSON-RPC message) has a
// progress token that MCP does not allow or that the SDK would send its
// progress under changed: its params._meta.progressToken is a number that
// InexactNumber holds (1.5 is no integer; 2^53+1 went out as 2^53,
// matching no request of the client's, or another one's) or a string that
// InvalidString holds; "" otherwise.
func OddProgressToken(msg []byte) string {
	_, why := ProgressToken(msg)
	return why
}

// ProgressToken returns the progress token of the request msg (raw JSON;
// nil when it has none) and, as OddProgressToken, why the SDK would send
// its progress under another token ("" when it would not). A message
// without the text "progressToken" is not decoded.
func ProgressToken(msg []byte) (token json.RawMessage, odd string) {
	if !bytes.Contains(msg, []byte(`"progressToken"`)) {
		return nil, ""
	}
	var m struct {
		Params struct {
			Meta struct {
				ProgressToken json.RawMessage `json:"progressToken"`
			} `json:"_meta"`
		} `json:"params"`
	}
	if json.Unmarshal(msg, &m) != nil {
		return nil, ""
	}
	t := m.Params.Meta.ProgressToken
	switch {
	case len(t) == 0 || string(t) == "null":
		return nil, ""
	case t[0] == '"' && InvalidString(t):
		return t, "the progress token is a string that is not valid Unicode (invalid UTF-8 or a lone surrogate); use an integer or a plain string"
	case InexactNumber(t):
		return t, "the progress token " + string(t) + " is not an integer within ±2^53; a progress token is a string or such an integer"
	}
	return t, ""
}

// IDProblem says what is wrong with id, a request's id as sent, when it
// is no string or integer a client can match an answer to (an object, an
// array, a boolean, a fraction, an integer past ±2^53), else "". serve's
// stdio transport and the HTTP front both refuse such a request with it.
func IDProblem(id json.RawMessage) string {
	const tail = "; a request's id is a string or an integer"
	if len(id) == 0 {
		return ""
	}
	switch id[0] {
	case '{':
		return "the id is a JSON object" + tail
	case '[':
		return "the id is a JSON array" + tail
	case 't', 'f':
		return "the id is " + string(id) + tail
	}
	if !InexactNumber(id) {
		return ""
	}
	if f, err := strconv.ParseFloat(string(id), 64); err == nil && f != math.Trunc(f) {
		return "the id " + string(id) + " is not an integer" + tail
	}
	// 2^64+1, 1e400: an integer every client would round.
	return "the id " + string(id) + " is an integer past ±2^53 (9007199254740992), which a JSON client cannot hold exactly" + tail + " within it"
}
