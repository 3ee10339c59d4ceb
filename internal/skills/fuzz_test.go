package skills

import (
	"strings"
	"testing"
)

// FuzzParse holds Parse, which reads a project's skill files (a
// repository's choice), and what reads a skill's code as text (Refs,
// Called), to never panic; a skill Parse takes is one Render writes back
// so that Parse takes it again.
func FuzzParse(f *testing.F) {
	for _, s := range []string{
		"/**\n * @skill alpha\n * @description Adds.\n * @input {\"type\":\"object\"}\n */\nreturn 1;\n",
		"\ufeff/**\r\n * @skill alpha\r\n * @description Two\r\n *   lines \\@not a tag\r\n * @input {\"type\":\"object\",\"properties\":{\"a\":{\"type\":\"string\"}}}\r\n * @output {\"type\":\"string\"}\r\n * @uses github create_issue sha256:00\r\n * @uses \"a b\" \"c\\\"d\" x\r\n * @saved 2026-01-02T03:04:05Z\r\n */\r\nconst r = await github.create_issue({title: args.a});\nreturn await skills.beta(r) + x['y'] + z[\"w\\\"\"];\n",
		"/** @skill alpha */", "/**", "", "/**\n * @skill alpha\n * @input {\n */\n", "/**\n * @unknown\n * text\n */",
		"/**\n * @skill alpha\n * @saved yesterday\n * @uses\n */\nskills?.a; skills['b']; a . b; a[ 'c\\'d' ]",
	} {
		f.Add("alpha", []byte(s))
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		_ = Refs(string(data))
		_ = Called(string(data))
		sk, err := Parse(name, data)
		if err != nil {
			return
		}
		again, err := Parse(name, Render(sk))
		if err != nil {
			t.Fatalf("Parse takes %q, but not what Render writes of it:\n%s\n%v", data, Render(sk), err)
		}
		if again.Name != sk.Name || strings.TrimSpace(again.Code) != strings.TrimSpace(sk.Code) {
			t.Fatalf("Parse(Render(%q)) is %+v, not %+v", data, again, sk)
		}
	})
}
