package backend

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	segjson "github.com/segmentio/encoding/json"
)

// A result that is not an object at all ("result": [1], "result": "x")
// failed the call with the SDK's words, which name its own Go struct,
// fields and tags ("json: cannot unmarshal \"[1]\" into Go value of type
// struct { mcp.res; Content []*mcp.wireContent …"); now it says what the
// result is and what it must be (round 121).
func TestBackend_AResultThatIsNoObjectIsSaidSo(t *testing.T) {
	var into struct {
		Content []json.RawMessage `json:"content"`
	}
	b := &Backend{name: "lb"}
	for raw, want := range map[string]string{
		`[1]`:  "an array",
		`"x"`:  "a string",
		`5`:    "a number",
		`true`: "true or false",
	} {
		// The SDK decodes with segmentio/encoding, whose error quotes
		// the value's text; encoding/json's names its kind.
		for dec, unmarshal := range map[string]func([]byte, any) error{"the SDK's decoder": segjson.Unmarshal, "encoding/json": json.Unmarshal} {
			uerr := unmarshal([]byte(raw), &into)
			if uerr == nil {
				t.Fatalf("%s: %s decoded", dec, raw)
			}
			err := b.callErr(context.Background(), fmt.Errorf("calling %q: %w", "tools/call", uerr))
			w := `backend "lb" sent a malformed answer: its result is ` + want + `, where it must be an object`
			if err == nil || err.Error() != w || strings.Contains(err.Error(), "Go value") {
				t.Errorf("%s: result %s: %v, want %q", dec, raw, err, w)
			}
		}
	}
}
