package interop

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"
)

// post121 POSTs one 2026-07-28 tools/call of execute to serve --http as
// the client name, with state and answers when they are given, and
// returns its result.
func post121(t *testing.T, ctx context.Context, url, tok, name string, id int, args map[string]any, state string, answers map[string]any) map[string]any {
	t.Helper()
	params := map[string]any{"name": "execute", "arguments": args, "_meta": map[string]any{
		"io.modelcontextprotocol/protocolVersion":    era2026,
		"io.modelcontextprotocol/clientInfo":         map[string]any{"name": name, "version": "1.0"},
		"io.modelcontextprotocol/clientCapabilities": map[string]any{"elicitation": map[string]any{"form": map[string]any{}}},
	}}
	if state != "" {
		params["requestState"], params["inputResponses"] = state, answers
	}
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": id, "method": "tools/call", "params": params})
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	for k, v := range map[string]string{"Authorization": "Bearer " + tok, "Content-Type": "application/json", "Accept": "application/json, text/event-stream",
		"Mcp-Protocol-Version": era2026, "Mcp-Method": "tools/call", "Mcp-Name": "execute"} {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("POST as %s: %v", name, err)
	}
	defer resp.Body.Close()
	var msg map[string]any
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := strings.TrimPrefix(sc.Text(), "data: ")
		var m map[string]any
		if json.Unmarshal([]byte(line), &m) == nil && m["id"] != nil {
			msg = m
		}
	}
	res, _ := msg["result"].(map[string]any)
	if res == nil {
		t.Fatalf("POST as %s: status %d, answer %v", name, resp.StatusCode, msg)
	}
	return res
}

// textOf is a result's text blocks, joined.
func textOf(res map[string]any) string {
	var parts []string
	blocks, _ := res["content"].([]any)
	for _, b := range blocks {
		if m, _ := b.(map[string]any); m != nil {
			if s, ok := m["text"].(string); ok {
				parts = append(parts, s)
			}
		}
	}
	return strings.Join(parts, "\n")
}

// TestCampaign121_AStatelessRetryFromAnotherClientIsRefused: on serve
// --http every 2026-07-28 client shares one session, so a client holding
// another's requestState answered its input request for it (round 114's
// left-open item 16). The retry must come from the client its request
// names as the call's; another's is refused, nothing passed on, and the
// call's own client then resumes it.
func TestCampaign121_AStatelessRetryFromAnotherClientIsRefused(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	w := setup118(t, "")
	url, tok := serveHTTP118(t, w)
	args := map[string]any{"script": `return await cf.elicit({tag: "t121"})`}
	first := post121(t, ctx, url, tok, "alice-agent", 1, args, "", nil)
	state, _ := first["requestState"].(string)
	asks, _ := first["inputRequests"].(map[string]any)
	if state == "" || len(asks) != 1 {
		t.Fatalf("the call's first answer: %v; want one input request", first)
	}
	answer := func(who string) map[string]any {
		out := map[string]any{}
		for id := range asks {
			out[id] = map[string]any{"action": "accept", "content": map[string]any{"name": who}}
		}
		return out
	}
	other := post121(t, ctx, url, tok, "mallory-agent", 2, args, state, answer("MALLORY"))
	if text := textOf(other); other["isError"] != true || !strings.Contains(text, "the requestState is of a call another client made") {
		t.Fatalf("another client's retry: %v", other)
	}
	own := post121(t, ctx, url, tok, "alice-agent", 3, args, state, answer("ALICE"))
	// The backend got the call's own client's answer, not the other's.
	if text := textOf(own); own["isError"] == true || !strings.Contains(text, "t121: accept ALICE") {
		t.Fatalf("the call's own client's retry: %v", own)
	}
}
