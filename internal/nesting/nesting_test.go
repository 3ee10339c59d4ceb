package nesting

import (
	"strings"
	"testing"
)

func TestJSONC(t *testing.T) {
	for _, c := range []struct {
		name string
		in   string
		line int
		deep bool
	}{
		{"shallow", `{"a": [1, {"b": [2]}]}`, 0, false},
		{"deep", "{\n\"a\": " + strings.Repeat("[", 11) + strings.Repeat("]", 11) + "}", 2, true},
		{"brackets in a string", `{"a": "` + strings.Repeat("[", 50) + `"}`, 0, false},
		{"escaped quote does not end the string", `{"a": "\"` + strings.Repeat("[", 50) + `"}`, 0, false},
		{"brackets in comments", "{} // " + strings.Repeat("{", 50) + "\n/* " + strings.Repeat("[", 50) + " */", 0, false},
		{"closers in a string do not hide openers", `{"s": "` + strings.Repeat("]", 50) + `", "a": ` + strings.Repeat("[", 20) + strings.Repeat("]", 20) + `}`, 1, true},
		{"a quote in a comment does not open a string", "// \"\n" + strings.Repeat("[", 20), 2, true},
	} {
		line, deep := JSONC([]byte(c.in), 10)
		if line != c.line || deep != c.deep {
			t.Errorf("%s: JSONC = line %d, %v; want line %d, %v", c.name, line, deep, c.line, c.deep)
		}
	}
}

func TestTOML(t *testing.T) {
	for _, c := range []struct {
		name string
		in   string
		line int
		deep bool
	}{
		{"tables and arrays", "[a]\nx = [1, [2], {y = [3]}]\n[[b]]\nz = 1\n", 0, false},
		{"deep", "[a]\nargs = " + strings.Repeat("[", 11) + strings.Repeat("]", 11), 2, true},
		{"brackets in strings", `a = "` + strings.Repeat("[", 50) + `"` + "\nb = '" + strings.Repeat("{", 50) + "'", 0, false},
		{"multi-line strings", "a = \"\"\"\n" + strings.Repeat("[", 50) + "\n\"\"\"\nb = '''" + strings.Repeat("[", 50) + "'''", 0, false},
		{"comment", "# " + strings.Repeat("[", 50) + "\na = 1", 0, false},
		{"literal string has no escapes", `a = '\' b = ` + strings.Repeat("[", 20), 1, true},
	} {
		line, deep := TOML([]byte(c.in), 10)
		if line != c.line || deep != c.deep {
			t.Errorf("%s: TOML = line %d, %v; want line %d, %v", c.name, line, deep, c.line, c.deep)
		}
	}
}

func FuzzJSONC(f *testing.F) {
	f.Add([]byte(`{"a": [1, "]", /* [ */ {"b": null}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		line, deep := JSONC(b, 5)
		if deep != (line > 0) || line > strings.Count(string(b), "\n")+1 {
			t.Fatalf("JSONC(%q) = %d, %v", b, line, deep)
		}
	})
}
