package front

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// session opens a 2025-11-25 session on w with raw POSTs and returns the
// headers its requests carry.
func (w *world) session() http.Header {
	w.t.Helper()
	req, _ := http.NewRequest("POST", w.url, strings.NewReader(initBody))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	resp.Body.Close()
	sid := resp.Header.Get("Mcp-Session-Id")
	if resp.StatusCode != http.StatusOK || sid == "" {
		w.t.Fatalf("initialize: status %d, session %q", resp.StatusCode, sid)
	}
	h := http.Header{"Mcp-Session-Id": {sid}, "Mcp-Protocol-Version": {"2025-11-25"}}
	if code, body := w.post(h, `{"jsonrpc":"2.0","method":"notifications/initialized"}`); code != http.StatusAccepted {
		w.t.Fatalf("notifications/initialized: status %d %s", code, body)
	}
	return h
}

// rpcError is the error of the JSON-RPC answer in body (an event
// stream's one message, after its priming event if any, or a JSON body).
func rpcError(t *testing.T, body string) (code int64, msg string, data json.RawMessage) {
	t.Helper()
	body = lastData(body)
	var m struct {
		Error *struct {
			Code    int64           `json:"code"`
			Message string          `json:"message"`
			Data    json.RawMessage `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(body), &m); err != nil || m.Error == nil {
		t.Fatalf("want a JSON-RPC error, got %.300q (%v)", body, err)
	}
	return m.Error.Code, m.Error.Message, m.Error.Data
}

// lastData is the data of the last event with data of body, an event
// stream (a priming event's is empty); body itself when it holds none.
func lastData(body string) string {
	last := ""
	for line := range strings.Lines(body) {
		if d, ok := strings.CutPrefix(line, "data: "); ok && strings.TrimSpace(d) != "" {
			last = strings.TrimSpace(d)
		}
	}
	if last == "" {
		return body
	}
	return last
}

const statelessMeta = `"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"t","version":"1"},"io.modelcontextprotocol/clientCapabilities":{}}`

// TestFront_BoundsWhatAnErrorQuotes: the SDK's errors quote what the
// client sent, whole: a 4 MB prompts/get whose arguments do not decode was
// answered with its params escaped again (4 MB), a resources/read of a 4
// MB URI with the URI as data, a 2026-07-28 request whose Mcp-Name header
// does not match a 4 MB name in its body with that name, an unknown
// 4 MB method (plain text, 400; now method not found) with it. Now, as on stdio, an answer's
// message keeps its first 2 KiB and last 1 KiB (where the reason is), and
// data over 4 KiB is left out, each saying so; the code stays.
func TestFront_BoundsWhatAnErrorQuotes(t *testing.T) {
	w := newWorld(t, Options{})
	h := w.session()
	big := strings.Repeat("x", 256<<10) // 4 MB as sent in the probe; as much over the bounds, faster under -race
	stateless := func(method, name string) http.Header {
		return http.Header{"Mcp-Protocol-Version": {"2026-07-28"}, "Mcp-Method": {method}, "Mcp-Name": {name}}
	}
	tests := []struct {
		name     string
		h        http.Header
		body     string
		status   int
		code     int64
		contains []string
	}{
		{"prompts/get with arguments that do not decode", h,
			`{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"p","arguments":{"a":["` + big + `"]}}}`,
			// Round ninety-nine: said plainly (rpcid.PlainParams), not
			// in the SDK's words that quoted the params whole.
			http.StatusOK, -32602, []string{`invalid params: prompts/get's "arguments.a" is an array; it must be a string`}},
		{"resources/read of a long URI", h,
			`{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"` + big + `"}}`,
			http.StatusOK, -32602, []string{"Resource not found", "the error's data, 262", "was left out"}},
		{"a 2026-07-28 name mismatch", stateless("prompts/get", "p"),
			`{"jsonrpc":"2.0","id":4,"method":"prompts/get","params":{"name":"` + big + `",` + statelessMeta + `}}`,
			http.StatusBadRequest, -32020, []string{"header mismatch: Mcp-Name header value 'p'", "bytes of the message left out"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			status, body := w.post(tt.h, tt.body)
			if status != tt.status || len(body) > 8<<10 {
				t.Fatalf("status %d, %d bytes: %.300q; want %d and at most 8 KiB", status, len(body), body, tt.status)
			}
			code, msg, data := rpcError(t, body)
			if code != tt.code {
				t.Errorf("code %d, want %d: %.300q", code, tt.code, msg)
			}
			for _, want := range tt.contains {
				if !strings.Contains(msg, want) {
					t.Errorf("message %q does not say %q", msg, want)
				}
			}
			if len(data) > 4<<10 {
				t.Errorf("data of %d bytes", len(data))
			}
		})
	}
	t.Run("an unknown long method", func(t *testing.T) {
		status, body := w.post(h, `{"jsonrpc":"2.0","id":5,"method":"`+big+`","params":{}}`)
		if status != http.StatusOK || len(body) > 8<<10 || !strings.Contains(body, `"code":-32601`) || !strings.Contains(body, "bytes of the message left out") {
			t.Fatalf("status %d, %d bytes: %.300q; want 200, method not found, bounded", status, len(body), body)
		}
	})
	// A small error is sent as it is.
	status, body := w.post(h, `{"jsonrpc":"2.0","id":6,"method":"prompts/get","params":{"name":"nope"}}`)
	if code, msg, _ := rpcError(t, body); status != http.StatusOK || code != -32602 || strings.Contains(msg, "left out") {
		t.Errorf("unknown prompt: status %d %q", status, body)
	}
}
