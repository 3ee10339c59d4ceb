package trust

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestHash_EquivalentJSONHashesSame(t *testing.T) {
	a := Tool{Name: "n", Description: "d", InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"number","default":1.0}}}`)}
	b := Tool{Name: "n", Description: "d", InputSchema: json.RawMessage(" {\n \"properties\" : {\"a\":{\"default\":1,\"type\":\"number\"}},\"type\":\"object\"}\n")}
	if Hash(a) != Hash(b) {
		t.Error("reordered/reformatted schema hashes differently")
	}
	if len(Hash(a)) != 64 {
		t.Errorf("hash %q is not hex SHA-256", Hash(a))
	}
	if Hash(Tool{Name: "n"}) != Hash(Tool{Name: "n", OutputSchema: json.RawMessage("null")}) {
		t.Error("absent and null differ")
	}
}

func TestHash_EveryFieldCounts(t *testing.T) {
	base := Tool{Name: "n", Title: "t", Description: "d", InputSchema: json.RawMessage(`{}`), OutputSchema: json.RawMessage(`{}`), Annotations: json.RawMessage(`{}`)}
	variants := []Tool{base, base, base, base, base, base, base}
	variants[0].Name = "n2"
	variants[1].Title = "t2"
	variants[2].Description = "d\u200b"
	variants[3].InputSchema = json.RawMessage(`{"type":"object"}`)
	variants[4].OutputSchema = json.RawMessage(`{"a":1}`)
	variants[5].Annotations = json.RawMessage(`{"readOnlyHint":true}`)
	variants[6].InputSchema = json.RawMessage(`{not json`)
	seen := map[string]int{Hash(base): -1}
	for i, v := range variants {
		h := Hash(v)
		if j, dup := seen[h]; dup {
			t.Errorf("variant %d hashes like %d", i, j)
		}
		seen[h] = i
	}
}

func TestCanonicalJSON(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"b":1,"a":[true,null,"x<y>&"]}`, `{"a":[true,null,"x<y>&"],"b":1}`},
		{`[1.0, 1e0, 100, -0, 0.5, 1E+2, 123456789012345678901234567890]`, `[1,1,100,0,0.5,100,123456789012345678901234567890]`},
		{`"\u00e9\n"`, `"é\n"`},
		{`{"a":1,"a":2}`, `{"a":2}`},
	}
	for _, tt := range tests {
		got, err := CanonicalJSON([]byte(tt.in))
		if err != nil || string(got) != tt.want {
			t.Errorf("CanonicalJSON(%s) = %s, %v; want %s", tt.in, got, err, tt.want)
		}
	}
	for _, bad := range []string{``, `{`, `{} {}`, `[1,]`} {
		if _, err := CanonicalJSON([]byte(bad)); err == nil {
			t.Errorf("CanonicalJSON(%q) succeeded", bad)
		}
	}
}

// TestWriteString_AsTheEncoderWrites holds writeString's plain strings,
// written without an encoder, to what the encoder writes: pins and
// audit digests hash these bytes, so any difference would re-ask every
// approval.
func TestWriteString_AsTheEncoderWrites(t *testing.T) {
	encoded := func(s string) string {
		var b bytes.Buffer
		e := json.NewEncoder(&b)
		e.SetEscapeHTML(false)
		if err := e.Encode(s); err != nil {
			t.Fatal(err)
		}
		return string(bytes.TrimSuffix(b.Bytes(), []byte("\n")))
	}
	ins := []string{"", "a", "is:open label:bug", "x<y>&z", "tab\there", "quote\"", "back\\slash", "é", "\u2028", "\x7f", "\xff", "a\x00b", "~ !#$%"}
	for c := 0; c < 256; c++ {
		ins = append(ins, string([]byte{byte(c)}), "ab"+string([]byte{byte(c)})+"cd")
	}
	for _, in := range ins {
		var b bytes.Buffer
		writeString(&b, in)
		if got, want := b.String(), encoded(in); got != want {
			t.Errorf("writeString(%q) = %s, want %s", in, got, want)
		}
	}
}
