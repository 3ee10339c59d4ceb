package tsdecl

import (
	"bytes"
	"strings"
	"testing"
)

// sentinel marks fuzzed description text, which must stay inside comments.
const sentinel = "ZQXJSENTINEL"

func FuzzFunction(f *testing.F) {
	for _, s := range loadCorpus(f) {
		for _, t := range s.Tools {
			f.Add([]byte(t.InputSchema), t.Name, t.Description)
			if len(t.OutputSchema) > 0 {
				f.Add([]byte(t.OutputSchema), t.Name, "")
			}
		}
	}
	for _, seed := range []string{
		``, `null`, `true`, `[]`, `{`, `{"$ref":"#"}`, `{"$ref":"#/$defs/a","$defs":{"a":{"$ref":"#/$defs/a"}}}`,
		`{"type":"object","properties":{"a":{"description":"*/ ` + sentinel + ` /*"}}}`,
		`{"type":"object","properties":{"*/":{"type":"string","enum":["*/","\"","\\"]}}}`,
		`{"type":["object","null"],"properties":{"a":{"items":[{"const":{}}],"additionalItems":true}},"additionalProperties":{"anyOf":[{"type":"string"},{"allOf":[{"type":"number"}]}]}}`,
	} {
		f.Add([]byte(seed), "name", "desc */ "+sentinel)
	}
	f.Fuzz(func(t *testing.T, schema []byte, name, desc string) {
		desc = sentinel + " " + desc
		tool := Tool{Name: name, Title: desc, Description: desc, Warning: desc,
			InputSchema: schema, OutputSchema: schema}
		for _, o := range []*Options{nil, {MaxDescription: 7}} {
			got := Namespace(name, []Tool{tool, {Name: name + "*/", Description: desc, InputSchema: schema}}, o)
			code, fault := lexTS(got)
			if fault != "" {
				t.Fatalf("%s in:\n%s", fault, got)
			}
			if strings.Contains(code, sentinel) && !strings.Contains(name, sentinel) && !bytes.Contains(schema, []byte(sentinel)) {
				t.Fatalf("description text escaped its comment:\n%s", got)
			}
			if len(got) > 64<<20 {
				t.Fatalf("declaration is %d bytes", len(got))
			}
		}
	})
}
