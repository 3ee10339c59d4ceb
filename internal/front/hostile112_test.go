package front

import (
	"bufio"
	"net/http"
	"strings"
	"testing"
)

// TestFront_AMemberNamedInOtherLetterCaseIsRefused: the front's checks
// read a message's members as encoding/json does, taking "METHOD" or "ID"
// for "method" and "id" (the last of two), where the SDK reads the names
// exactly. A subscriptions/listen with a "METHOD":"ping" member was not
// counted (the listen streams past the bound were any number), an id of
// 1.5 hidden behind "ID":7 was answered as 1, and a tools/list before
// initialize hidden behind "Method":"initialize" reached the SDK, which
// logged each. Such a message is now invalid request, naming the member.
func TestFront_AMemberNamedInOtherLetterCaseIsRefused(t *testing.T) {
	w := newWorld(t, Options{MaxSessions: 1})
	listen := `{"jsonrpc":"2.0","id":%ID%,"method":"subscriptions/listen",%X%"params":{"notifications":{"toolsListChanged":true},` + statelessMeta + `}}`
	stateless := http.Header{"Mcp-Protocol-Version": {"2026-07-28"}, "Mcp-Method": {"subscriptions/listen"}}
	open := func(id, extra string) (*http.Response, error) {
		body := strings.NewReplacer("%ID%", id, "%X%", extra).Replace(listen)
		req, _ := http.NewRequest("POST", w.url, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range stateless {
			req.Header[k] = v
		}
		return http.DefaultClient.Do(req)
	}
	first, err := open("1", "")
	if err != nil {
		t.Fatal(err)
	}
	defer first.Body.Close()
	if line, err := bufio.NewReader(first.Body).ReadString('\n'); first.StatusCode != http.StatusOK || err != nil || !strings.HasPrefix(line, "event: message") {
		t.Fatalf("the first listen: status %d, %q (%v)", first.StatusCode, line, err)
	}
	hidden, err := open("2", `"METHOD":"ping",`)
	if err != nil {
		t.Fatal(err)
	}
	hidden.Body.Close()
	if hidden.StatusCode != http.StatusBadRequest {
		t.Errorf("a listen past the bound with a METHOD member: status %d; want 400 (it was served, uncounted)", hidden.StatusCode)
	}

	h := w.session()
	sid := http.Header{"Mcp-Session-Id": {h.Get("Mcp-Session-Id")}}
	for _, tt := range []struct {
		h          http.Header
		body, want string
	}{
		{sid, `{"jsonrpc":"2.0","id":1.5,"ID":7,"method":"ping"}`, `"id":1.5,"error":{"code":-32600,"message":"invalid request: the message has a member \"ID\", which is not \"id\"`},
		{nil, `{"jsonrpc":"2.0","id":9,"method":"tools/list","Method":"initialize","params":{}}`, `"id":9,"error":{"code":-32600,"message":"invalid request: the message has a member \"Method\"`},
		{sid, `{"jsonrpc":"2.0","id":3,"method":"ping","params":{"_META":{"progressToken":1.5}}}`, `params has a member \"_META\", which is not \"_meta\"`},
	} {
		status, body := w.post(tt.h, tt.body)
		if status != http.StatusBadRequest || !strings.Contains(body, tt.want) {
			t.Errorf("%s: status %d %q; want 400 with %q", tt.body, status, body, tt.want)
		}
	}
	if status, body := w.post(sid, `{"jsonrpc":"2.0","id":4,"method":"ping","params":{"_meta":{"Progresstoken":"x","progressToken":4}}}`); status != http.StatusBadRequest {
		t.Errorf("a progress token named twice: status %d %q; want 400", status, body)
	}
}
