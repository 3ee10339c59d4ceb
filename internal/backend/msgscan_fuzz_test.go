package backend

import (
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// splitFeed writes data to a fresh msgScan in pieces whose lengths come
// from cuts, and returns its verdict.
func splitFeed(data []byte, cuts []byte) string {
	var s msgScan
	for len(data) > 0 {
		n := len(data)
		if len(cuts) > 0 {
			n = min(n, 1+int(cuts[0]%16))
			cuts = cuts[1:]
		}
		s.Write(data[:n])
		data = data[n:]
	}
	return s.Verdict()
}

// FuzzMsgScan: msgScan accepts what the SDK's decoder accepts, fed whole
// or cut anywhere.
func FuzzMsgScan(f *testing.F) {
	for _, c := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`,
		`{"jsonrpc":"2.0","id":"x","error":{"code":-32603,"message":"m","data":[null,true]}}`,
		`{"jsonrpc":"2.0","id":1.5e2,"method":"m"}`,
		`{"jsonrpc":"2.0","id":null,"error":null}`,
		`{"jsonrpc":"2\u002e0","id":1,"result":{}} trailing`,
	} {
		f.Add([]byte(c), []byte{0, 3, 7, 1})
	}
	// found in review: a long id out of range, nesting after the message
	f.Add([]byte(`{"jsonrpc":"2.0","id":1e`+strings.Repeat("0", 130)+`400,"method":"m"}`), []byte{5})
	f.Add([]byte(`{"jsonrpc":"2.0","id":0.`+strings.Repeat("0", 400)+`1e700,"method":"m"}`), []byte{9, 2})
	f.Add([]byte(`{"jsonrpc":"2.0","method":"m"} "]"`+strings.Repeat("[", 1001)), []byte{15, 0})
	f.Fuzz(func(t *testing.T, data, cuts []byte) {
		_, err := jsonrpc.DecodeMessage(data)
		want := err == nil
		whole := checkMessage(data)
		if whole == idTooLong && want {
			return // refused on the safe side (strconv misreads it)
		}
		if got := whole == ""; got != want {
			t.Fatalf("%q: msgScan says %q, the SDK %v", data, whole, err)
		}
		if got := splitFeed(data, cuts) == ""; got != want {
			t.Fatalf("%q cut by %v: msgScan says %v, the SDK %v", data, cuts, got, err)
		}
	})
}
