package rpcid

import (
	"fmt"
	"strings"
	"testing"
)

func TestOddMeta(t *testing.T) {
	keys := func(n int) string {
		var b strings.Builder
		b.WriteString(`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":{`)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `"k%d":0`, i)
		}
		b.WriteString(`}}}}`)
		return b.String()
	}
	elems := func(n int) string {
		return `{"jsonrpc":"2.0","id":1,"method":"x","params":{"_meta":{"a":[` + strings.TrimSuffix(strings.Repeat("1,", n), ",") + `]}}}`
	}
	for _, c := range []struct {
		name, msg, want string
	}{
		{"none", `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`, ""},
		{"usual", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"progressToken":1,"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientInfo":{"name":"c","version":"1"},"io.modelcontextprotocol/clientCapabilities":{"roots":{"listChanged":true},"elicitation":{"form":{}},"sampling":{}}}}}`, ""},
		{"keys at the bound", keys(MaxMetaMembers - 1), ""},
		{"keys past the bound", keys(MaxMetaMembers + 1), "more than 1000 keys"},
		{"200,000 keys", keys(200000), "bytes; at most 65536"},
		{"elements past the bound", elems(MaxMetaMembers + 1), "more than 1000 keys and array elements"},
		{"elements at the bound", elems(MaxMetaMembers - 1), ""},
		{"keys in strings are not counted", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"_meta":{"a":"` + strings.Repeat(`:,\":[`, 3000) + `"}}}`, ""},
		{"bytes past the bound", `{"jsonrpc":"2.0","id":1,"method":"x","params":{"_meta":{"a":"` + strings.Repeat("x", MaxMetaBytes) + `"}}}`, "params._meta is 65544 bytes; at most 65536"},
		{"_meta elsewhere", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"arguments":{"_meta":"` + strings.Repeat("x", MaxMetaBytes) + `"}}}`, ""},
		{"not JSON", `{"_meta":`, ""},
	} {
		got := OddMeta([]byte(c.msg))
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, c.want) {
			t.Errorf("%s: OddMeta = %q, want %q", c.name, got, c.want)
		}
	}
}
