package daemon

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func TestScan(t *testing.T) {
	for _, c := range []struct {
		line, id, method string
		prefix           bool
	}{
		{`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}`, `1`, "tools/call", false},
		{`{"method":"tools/call","params":{"a":"}\"]","b":[{"c":1}]},"jsonrpc":"2.0","id":"abc"}`, `"abc"`, "tools/call", false},
		{` { "id" : -7 , "method" : "a\/b" } `, `-7`, "a/b", false},
		{`{"jsonrpc":"2.0","method":"notifications/initialized"}`, ``, "notifications/initialized", false},
		{`{"jsonrpc":"2.0","id":null,"error":{"code":1}}`, ``, "", false},
		{`{"jsonrpc":"2.0","id":12,"result":{"content":[]}}`, `12`, "", true},
		// Prefix: what follows the body is not read.
		{`{"jsonrpc":"2.0","result":{},"id":12}`, ``, "", true},
		{`{"jsonrpc":"2.0","id":3,"method":"sampling/createMessage","params":{}}`, `3`, "sampling/createMessage", true},
		// Broken input yields what came before the problem.
		{`{"id":5,"method":`, `5`, "", false},
		{`not json`, ``, "", false},
		{`{"id":5 "method":"x"}`, `5`, "", false},
		{``, ``, "", false},
	} {
		m := scan([]byte(c.line), c.prefix)
		if string(m.id) != c.id || m.method != c.method {
			t.Errorf("scan(%s, %v) = id %q method %q, want %q %q", c.line, c.prefix, m.id, m.method, c.id, c.method)
		}
	}
}

func TestIDKey_SameIDSameKey(t *testing.T) {
	for _, c := range [][2]string{{`1`, `1.0`}, {`"a"`, `"\u0061"`}, {`-3`, `-3e0`}} {
		if idKey([]byte(c[0])) != idKey([]byte(c[1])) {
			t.Errorf("idKey(%s) = %s, idKey(%s) = %s, want equal", c[0], idKey([]byte(c[0])), c[1], idKey([]byte(c[1])))
		}
	}
	if idKey([]byte(`1`)) == idKey([]byte(`"1"`)) {
		t.Error(`1 and "1" share a key`)
	}
}

// FuzzScan checks scan against encoding/json: never a panic, and on a
// valid object the same id and method.
func FuzzScan(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}`,
		`{"method":"m","params":[1,"]",{"a":null}],"id":"q\"q"}`,
		`{"id":1e3,"method":"x"}`, `[1]`, `{"a":{"id":2},"id":3}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m := scan(b, false)
		scan(b, true)
		var obj map[string]json.RawMessage
		if json.Unmarshal(b, &obj) != nil || bytes.Contains(b, []byte(`\u`)) || !json.Valid(b) {
			return
		}
		var wantID string
		if raw, ok := obj["id"]; ok && string(raw) != "null" {
			wantID = idKey(raw)
		}
		gotID := ""
		if m.id != nil {
			gotID = idKey(m.id)
		}
		if gotID != wantID {
			t.Errorf("%s: id %q, encoding/json %q", b, gotID, wantID)
		}
		var method string
		if raw, ok := obj["method"]; ok && strings.HasPrefix(string(raw), `"`) {
			json.Unmarshal(raw, &method)
		}
		if m.method != method {
			t.Errorf("%s: method %q, encoding/json %q", b, m.method, method)
		}
	})
}

// A method holding a byte that is not UTF-8 is read as encoding/json, and
// the daemon's SDK, read it (U+FFFD), not as its raw bytes, which the
// bridge's log then held (found by FuzzScan, round 109; its input is kept
// in testdata/fuzz/FuzzScan).
func TestScan_AMethodThatIsNotUTF8IsReadAsJSONReadsIt(t *testing.T) {
	if m := scan([]byte("{\"method\":\"\xc7\"}"), false); m.method != "\ufffd" {
		t.Errorf("method = %q, want %q", m.method, "\ufffd")
	}
}
