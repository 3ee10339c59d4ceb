package rpcid

import (
	"strings"
	"testing"
)

func TestFoldedMember(t *testing.T) {
	for _, tt := range []struct {
		msg, id, want string // want: in why; "" for none
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"ping"}`, "", ""},
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"METHOD","arguments":{"ID":1,"Method":"x","_META":{}}}}`, "", ""},
		{`{"jsonrpc":"2.0","id":1.5,"ID":7,"method":"ping"}`, "1.5", `member "ID", which is not "id"`},
		{`{"jsonrpc":"2.0","id":5,"method":"subscriptions/listen","METHOD":"ping"}`, "5", `the message has a member "METHOD"`},
		{`{"jsonrpc":"2.0","id":9,"method":"tools/list","Method":"initialize"}`, "9", `"Method"`},
		{`{"jsonrpc":"2.0","id":9,"method":"tools/list","\u004dethod":"initialize"}`, "9", `"Method"`},
		{`{"jsonrpc":"2.0","id":9,"method":"x","param` + "\u017f" + `":{}}`, "9", `"param\u017f", which is not "params"`},
		{`{"jsonrpc":"2.0","id":9,"method":"x","params":{"_META":{"progressToken":1}}}`, "9", `params has a member "_META"`},
		{`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestID":3}}`, "", `"requestID", which is not "requestId"`},
		{`{"jsonrpc":"2.0","id":"a","method":"x","params":{"_meta":{"progressToken":1,"progresstoken":1.5}}}`, `"a"`, `params._meta has a member "progresstoken"`},
		{`{"jsonrpc":"2.0","id":2,"method":"x","params":{"_meta":{"progressTo\u212aen":1.5}}}`, "2", `"progressTo\u212aen"`},
		{`not json "ID"`, "", ""},
		{`["ID"]`, "", ""},
	} {
		id, why := FoldedMember([]byte(tt.msg))
		if tt.want == "" {
			if why != "" {
				t.Errorf("FoldedMember(%s) = %q, want none", tt.msg, why)
			}
			continue
		}
		if !strings.Contains(why, tt.want) || string(id) != tt.id {
			t.Errorf("FoldedMember(%s) = %s, %q; want id %s and %q", tt.msg, id, why, tt.id, tt.want)
		}
	}
}

func BenchmarkFoldedMember_PlainCall(b *testing.B) {
	msg := []byte(`{"jsonrpc":"2.0","id":12,"method":"tools/call","params":{"name":"execute","arguments":{"script":"return await demo.add({a: 2, b: 3})"},"_meta":{"progressToken":12}}}`)
	for b.Loop() {
		FoldedMember(msg)
	}
}
