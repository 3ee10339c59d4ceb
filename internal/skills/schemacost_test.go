package skills

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Round sixty-six: a skill's schemas are written by whoever saves it (a
// script's skills.save) and its arguments by whoever calls it, and the
// validator can be neither stopped nor bounded: a recursive schema
// (a $ref back to itself through an anyOf) made checking an object 22
// deep hold a core of the daemon for more than 30 s, past its script's
// time limit, and a schema 1,400 deep took 9 s to load at every listing.
// Such schemas are refused when a skill is saved or read, naming the
// field and why; ordinary ones, $defs used more than once included, are
// not.
func TestValidate_ASchemaTooCostlyToCheckIsRefused(t *testing.T) {
	var dag strings.Builder // n0 uses n1 twice, n1 uses n2 twice, …: 2^20 schemas
	dag.WriteString(`{"type":"object","$ref":"#/$defs/n0","$defs":{`)
	for i := range 20 {
		fmt.Fprintf(&dag, `"n%d":{"anyOf":[{"properties":{"a":{"$ref":"#/$defs/n%d"}}},{"properties":{"b":{"$ref":"#/$defs/n%d"}}}]},`, i, i+1, i+1)
	}
	dag.WriteString(`"n20":{"type":"string"}}}`)
	deep := `{"type":"object","properties":{"a":` + strings.Repeat(`{"properties":{"a":`, 100) + `{}` + strings.Repeat(`}}`, 100) + `}}`
	for _, tc := range []struct{ schema, want string }{
		{`{"type":"object","$defs":{"n":{"anyOf":[{"type":"object","properties":{"a":{"$ref":"#/$defs/n"}}},{"type":"string"}]}},"$ref":"#/$defs/n"}`,
			`inputSchema: $ref "#/$defs/n" at #/$defs/n/anyOf/0/properties/a leads back to itself: a recursive schema makes checking a value against it take time that doubles with the value's depth; write the levels out instead`},
		{`{"type":"object","properties":{"next":{"$ref":"#"}}}`, `inputSchema: $ref "#" at #/properties/next leads back to itself`},
		{dag.String(), "inputSchema: with each $ref replaced by what it refers to, it holds more than 10000 schemas"},
		{deep, "inputSchema: nested 203 levels deep, more than the 64 a skill's schema may be (a schema this deep takes seconds to load): flatten it"},
		{`{"type":"object","$dynamicRef":"#meta"}`, "inputSchema: $dynamicRef at # refers to the schema itself"},
		{`{"type":"object","properties":{"a":{"$ref":"https://example.com/s.json"}}}`, `inputSchema: $ref "https://example.com/s.json" at #/properties/a is not a reference into the schema itself (#/$defs/NAME)`},
	} {
		d := Def{Name: "s", Description: "d", InputSchema: json.RawMessage(tc.schema), Code: "return 1"}
		err := d.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.80s: %v\nwant %q", tc.schema, err, tc.want)
		}
		// A skill file saved before this round with such a schema does not load.
		if _, err := Parse("s", []byte("/**\n * @skill s\n * @description d\n * @input "+tc.schema+"\n */\nreturn 1\n")); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%.80s: Parse: %v", tc.schema, err)
		}
	}
	// The output schema too.
	d := Def{Name: "s", Description: "d", InputSchema: json.RawMessage(`{"type":"object"}`), OutputSchema: json.RawMessage(`{"items":{"$ref":"#"}}`), Code: "return 1"}
	if err := d.Validate(); err == nil || !strings.Contains(err.Error(), `outputSchema: $ref "#" at #/items leads back to itself`) {
		t.Errorf("recursive output schema: %v", err)
	}
	for _, ok := range []string{
		`{"type":"object","$defs":{"repo":{"type":"string","pattern":"^[a-z]+/[a-z]+$"}},"properties":{"from":{"$ref":"#/$defs/repo"},"to":{"$ref":"#/$defs/repo"}}}`,
		`{"type":"object","properties":{"$ref":{"type":"string"},"c":{"const":{"$ref":"#"}},"e":{"enum":[{"$ref":"#"}]}}}`,
		`{"type":"object","properties":{"a~b":{"type":"object","properties":{"x/y":{"type":"string"}}},"c":{"$ref":"#/properties/a~0b/properties/x~1y"}}}`,
		`{"type":"object","properties":{"a":` + strings.Repeat(`{"type":"object","properties":{"a":`, 30) + `{}` + strings.Repeat(`}}`, 30) + `}}`,
	} {
		d := Def{Name: "s", Description: "d", InputSchema: json.RawMessage(ok), Code: "return 1"}
		if err := d.Validate(); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}
