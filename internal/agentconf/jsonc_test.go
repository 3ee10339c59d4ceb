package agentconf

import (
	"bytes"
	"encoding/json"
	"reflect"
	"slices"
	"strings"
	"testing"
)

func TestJSONCRemove(t *testing.T) {
	for _, c := range []struct{ name, in, key, want string }{
		{"middle", "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}", "b", "{\n  \"a\": 1,\n  \"c\": 3\n}"},
		{"last drops the comma before", "{\n  \"a\": 1,\n  \"b\": 2\n}", "b", "{\n  \"a\": 1\n}"},
		{"last with trailing comma", "{\n  \"a\": 1,\n  \"b\": 2,\n}", "b", "{\n  \"a\": 1,\n}"},
		{"only member", "{\n  \"a\": 1\n}", "a", "{}"},
		{"one line", `{"a": 1, "b": 2, "c": 3}`, "b", `{"a": 1, "c": 3}`},
		{"one line last", `{"a": 1, "b": 2}`, "b", `{"a": 1}`},
		{"comment above goes", "{\n  \"a\": 1,\n  // about b\n  \"b\": 2,\n  \"c\": 3\n}", "b", "{\n  \"a\": 1,\n  \"c\": 3\n}"},
		{"comment on its line goes", "{\n  \"a\": 1, // about a\n  \"b\": 2\n}", "a", "{\n  \"b\": 2\n}"},
		{"other comments stay", "{\n  /* keep */\n  \"a\": 1,\n\n  // keep too\n\n  \"b\": 2\n}", "b", "{\n  /* keep */\n  \"a\": 1\n\n  // keep too\n\n}"},
		{"missing key", `{"a": 1}`, "z", `{"a": 1}`},
		{"every duplicate", `{"a": 1, "a": 2, "b": 3}`, "a", `{"b": 3}`},
		{"closing brace on the line", "{\n  \"a\": 1,\n  \"b\": 2 }", "b", "{\n  \"a\": 1 }"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := jsoncRemove([]byte(c.in), nil, c.key)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestJSONCSet(t *testing.T) {
	v := orderedObject{{"command", "sb"}, {"args", []string{"serve"}}}
	for _, c := range []struct {
		name, in string
		path     []string
		want     string
	}{
		{"append", "{\n  \"a\": 1\n}\n", nil, "{\n  \"a\": 1,\n  \"k\": {\n    \"command\": \"sb\",\n    \"args\": [\"serve\"]\n  }\n}\n"},
		{"after a line comment", "{\n  \"a\": 1 // one\n}", nil, "{\n  \"a\": 1, // one\n  \"k\": {\n    \"command\": \"sb\",\n    \"args\": [\"serve\"]\n  }\n}"},
		{"keeps trailing comma style", "{\n\t\"a\": 1,\n}", nil, "{\n\t\"a\": 1,\n\t\"k\": {\n\t\t\"command\": \"sb\",\n\t\t\"args\": [\"serve\"]\n\t},\n}"},
		{"one line", `{"a": 1}`, nil, `{"a": 1, "k": {"command": "sb", "args": ["serve"]}}`},
		{"creates the path", "{\n  \"a\": 1\n}", []string{"x", "y"}, "{\n  \"a\": 1,\n  \"x\": {\n    \"y\": {\n      \"k\": {\n        \"command\": \"sb\",\n        \"args\": [\"serve\"]\n      }\n    }\n  }\n}"},
		{"into an empty object", "{\n  \"s\": {}\n}", []string{"s"}, "{\n  \"s\": {\n    \"k\": {\n      \"command\": \"sb\",\n      \"args\": [\"serve\"]\n    }\n  }\n}"},
		{"replaces in place", "{\n  \"k\": {\"command\": \"old\"},\n  \"z\": 1\n}", nil, "{\n  \"k\": {\n    \"command\": \"sb\",\n    \"args\": [\"serve\"]\n  },\n  \"z\": 1\n}"},
		{"equal value untouched", "{\"k\": {\"args\": [\"serve\"],   \"command\": \"sb\"}}", nil, "{\"k\": {\"args\": [\"serve\"],   \"command\": \"sb\"}}"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := jsoncSet([]byte(c.in), c.path, "k", v)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
	if _, err := jsoncSet([]byte(`{"s": 1}`), []string{"s"}, "k", v); err == nil {
		t.Error("setting inside a number should fail")
	}
}

func TestParseJSONC_Rejects(t *testing.T) {
	for _, in := range []string{"", "{", `{"a" 1}`, `{"a": 1 "b": 2}`, `[1 2]`, `{"a": tru}`, `{"a": 1} x`, "/* open", `{"a": "x`, `{a: 1}`} {
		if _, err := parseJSONC([]byte(in)); err == nil {
			t.Errorf("parseJSONC(%q) accepted", in)
		}
	}
}

var jsoncSeeds = []string{
	"{}", "{ }", `{"a": 1}`, "{\n  \"a\": 1\n}\n", "{\n  \"a\": 1, // c\n  \"b\": [1, 2,],\n}",
	"// head\n{\n\t\"a\": {\"b\": null}, /* x */\n\t\"c\": \"s\\\"q\"\n}", "{\"a\": 1 /* c */}", "{\n  \"a\": 1 /* c */ }",
	"{\r\n  \"a\": true,\r\n  \"b\": false\r\n}\r\n", "{\n  \"a\": 1,\n  // trailing\n}",
}

// FuzzJSONCInsertRemove checks that inserting a member and removing it
// again gives back the same bytes, and that the other members keep
// their values.
func FuzzJSONCInsertRemove(f *testing.F) {
	for _, s := range jsoncSeeds {
		f.Add([]byte(s))
	}
	v := orderedObject{{"command", "sb"}, {"args", []string{"serve", "x"}}}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, err := parseJSONC(data)
		if err != nil || root.kind != '{' || root.member("zz") != nil {
			return
		}
		before := root.decode(data).(map[string]any)
		ins, err := jsoncSet(data, nil, "zz", v)
		if err != nil {
			t.Fatalf("set: %v", err)
		}
		r2, err := parseJSONC(ins)
		if err != nil {
			t.Fatalf("set made invalid JSONC: %v\n%s", err, ins)
		}
		after := r2.decode(ins).(map[string]any)
		if !reflect.DeepEqual(normalize(after["zz"]), normalize(v)) {
			t.Fatalf("inserted %v", after["zz"])
		}
		delete(after, "zz")
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("set changed other members:\n%s\n%s", data, ins)
		}
		keys := func(v *jvalue) []string {
			var k []string
			for _, m := range v.members {
				k = append(k, m.key)
			}
			return k
		}
		if want := append(keys(root), "zz"); !slices.Equal(keys(r2), want) {
			t.Fatalf("keys %v, want %v", keys(r2), want)
		}
		rem, err := jsoncRemove(ins, nil, "zz")
		if err != nil {
			t.Fatalf("remove: %v", err)
		}
		if len(root.members) > 0 && !bytes.Equal(rem, data) {
			t.Fatalf("insert+remove changed the file:\n%q\n%q\n%q", data, ins, rem)
		}
		if r3, err := parseJSONC(rem); err != nil || !reflect.DeepEqual(r3.decode(rem), before) {
			t.Fatalf("remove gave %q (%v)", rem, err)
		}
	})
}

// FuzzJSONCRemove checks that removing any member leaves valid JSONC
// with the other members, in order, with the same values.
func FuzzJSONCRemove(f *testing.F) {
	for _, s := range jsoncSeeds {
		f.Add([]byte(s), "a")
	}
	f.Fuzz(func(t *testing.T, data []byte, key string) {
		root, err := parseJSONC(data)
		if err != nil || root.kind != '{' {
			return
		}
		out, err := jsoncRemove(data, nil, key)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := parseJSONC(out)
		if err != nil {
			t.Fatalf("remove made invalid JSONC: %v\n%q\n%q", err, data, out)
		}
		var want []jmember
		for _, m := range root.members {
			if m.key != key {
				want = append(want, m)
			}
		}
		if len(want) != len(r2.members) {
			t.Fatalf("%d members left, want %d: %q", len(r2.members), len(want), out)
		}
		for i, m := range want {
			a, _ := json.Marshal(m.val.decode(data))
			b, _ := json.Marshal(r2.members[i].val.decode(out))
			if m.key != r2.members[i].key || !bytes.Equal(a, b) {
				t.Fatalf("member %d changed: %q", i, out)
			}
		}
	})
}

// A value that does not parse is not quoted in the error: hujson's
// "invalid literal: …" held a password with a backslash, or a token left
// unquoted, whole.
func TestParseJSONC_ErrorHidesTheValue(t *testing.T) {
	for _, in := range []string{
		`{"env": {"PASSWORD": "p@ss\w0rdSECRET"}}`,
		`{"env": {"T": trueSECRETSECRET}}`,
		`{"env": {"T": 12345SECRETSECRET}}`,
		`{"env": {"T": ghpSECRETSECRET}}`,
		"{\"env\": {\"T\": \"SECRETSECRET, \n \"U\": \"x\"}}",
		`{"env": {"T": "SECRETSECRET\u12"}}`,
	} {
		_, err := parseJSONC([]byte(in))
		if err == nil {
			t.Fatalf("parseJSONC(%q) accepted", in)
		}
		if strings.Contains(err.Error(), "SECRET") || !strings.Contains(err.Error(), "line ") {
			t.Errorf("parseJSONC(%q): %v", in, err)
		}
	}
}
