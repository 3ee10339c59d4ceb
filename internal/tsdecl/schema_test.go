package tsdecl

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

func TestArgs_SchemaFeatures(t *testing.T) {
	tests := []struct {
		name, schema, want string
	}{
		{"nil schema", ``, `args?: Record<string, any>`},
		{"invalid JSON", `{"type":`, `args?: Record<string, any>`},
		{"only $schema", `{"$schema":"http://json-schema.org/draft-07/schema#"}`, `args?: Record<string, any>`},
		{"not an object", `[1,2]`, `args?: Record<string, any>`},
		// Round fifty-six: a root whose type rules out an object was
		// declared as it reads (`args?: string`), though arguments must
		// be an object.
		{"root of type string", `{"type":"string"}`, `args?: Record<string, any>`},
		{"root of type array", `{"type":"array","items":{"type":"string"}}`, `args?: Record<string, any>`},
		{"root of types string or null", `{"type":["string","null"]}`, `args?: Record<string, any>`},
		{"root of types object or null", `{"type":["object","null"],"properties":{"a":{"type":"string"}}}`, `args?: { a?: string } | null`},
		{"no params", `{"type":"object","properties":{}}`, `args?: {}`},
		{"object without properties", `{"type":"object"}`, `args?: Record<string, any>`},
		{"primitives", `{"type":"object","properties":{"s":{"type":"string"},"n":{"type":"number"},"i":{"type":"integer"},"b":{"type":"boolean"},"z":{"type":"null"}},"required":["s","n","i","b","z"]}`,
			`args: { s: string; n: number; i: integer; b: boolean; z: null }`},
		{"optional", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"number"}},"required":["b"]}`,
			`args: { a?: string; b: number }`},
		{"key order kept", `{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"string"},"m":{"type":"string"}}}`,
			`args?: { z?: string; a?: string; m?: string }`},
		{"enum", `{"type":"object","properties":{"e":{"type":"string","enum":["a","b\"c",1,true,null]}},"required":["e"]}`,
			`args: { e: "a" | "b\"c" | 1 | true | null }`},
		{"const", `{"type":"object","properties":{"k":{"const":"x"}},"required":["k"]}`, `args: { k: "x" }`},
		{"empty enum", `{"type":"object","properties":{"k":{"enum":[]}},"required":["k"]}`, `args: { k: never }`},
		{"anyOf", `{"type":"object","properties":{"u":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}},"required":["u"]}`,
			`args: { u: string | string[] }`},
		{"anyOf branch descriptions kept", `{"type":"object","properties":{"u":{"description":"where","oneOf":[{"type":"string","description":"one URL"},{"type":"array","items":{"type":"string"},"description":"where"}]}}}`,
			`args?: { /** where */ u?: /** one URL */ string | string[] }`},
		{"nested object taking no keys", `{"type":"object","properties":{"o":{"type":"object","properties":{},"additionalProperties":false}}}`,
			`args?: { o?: Record<string, never> }`},
		{"no keys at all", `{"type":"object","properties":{},"additionalProperties":false}`, ``},
		{"oneOf objects", `{"type":"object","properties":{"u":{"oneOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"type":"object","properties":{"b":{"type":"number"}}}]}},"required":["u"]}`,
			`args: { u: { a: string } | { b?: number } }`},
		{"anyOf constraints only", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"}},"anyOf":[{"required":["a"]},{"required":["b"]}]}`,
			`args: { a?: string; b?: string }`},
		{"allOf", `{"type":"object","properties":{"x":{"allOf":[{"type":"object","properties":{"a":{"type":"string"}}},{"type":"object","properties":{"b":{"type":"string"}}}]}}}`,
			`args?: { x?: { a?: string } & { b?: string } }`},
		{"allOf with union member", `{"type":"object","properties":{"x":{"allOf":[{"anyOf":[{"type":"string"},{"type":"number"}]},{"type":"string"}]}}}`,
			`args?: { x?: (string | number) & string }`},
		{"nested object", `{"type":"object","properties":{"o":{"type":"object","properties":{"p":{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}}}}}`,
			`args?: { o?: { p?: { q: string } } }`},
		{"array", `{"type":"object","properties":{"a":{"type":"array","items":{"type":"number"}}}}`, `args?: { a?: number[] }`},
		{"array of union", `{"type":"object","properties":{"a":{"type":"array","items":{"type":["string","number"]}}}}`, `args?: { a?: (string | number)[] }`},
		{"array without items", `{"type":"object","properties":{"a":{"type":"array"}}}`, `args?: { a?: any[] }`},
		{"tuple items", `{"type":"object","properties":{"t":{"type":"array","items":[{"type":"string"},{"type":"number"}]}}}`, `args?: { t?: [string, number] }`},
		{"tuple additionalItems", `{"type":"object","properties":{"t":{"type":"array","items":[{"type":"string"}],"additionalItems":{"type":"number"}}}}`, `args?: { t?: [string, ...number[]] }`},
		{"prefixItems", `{"type":"object","properties":{"t":{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}],"items":false}}}`, `args?: { t?: [number, number] }`},
		{"$defs ref", `{"type":"object","properties":{"p":{"$ref":"#/$defs/P"}},"$defs":{"P":{"type":"object","properties":{"x":{"type":"number"}}}}}`,
			`args?: { p?: { x?: number } }`},
		{"definitions ref", `{"type":"object","properties":{"p":{"$ref":"#/definitions/P"}},"definitions":{"P":{"type":"string","enum":["a"]}}}`,
			`args?: { p?: "a" }`},
		{"ref description", `{"type":"object","properties":{"p":{"$ref":"#/$defs/P"}},"$defs":{"P":{"type":"string","description":"a P"}}}`,
			`args?: { /** a P */ p?: string }`},
		{"escaped pointer", `{"type":"object","properties":{"p":{"$ref":"#/$defs/a~1b%20c"}},"$defs":{"a/b c":{"type":"boolean"}}}`,
			`args?: { p?: boolean }`},
		{"recursive ref", `{"type":"object","properties":{"n":{"$ref":"#/$defs/N"}},"$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}}}}}`,
			`args?: { n?: { next?: any } }`},
		{"root ref", `{"type":"object","properties":{"self":{"$ref":"#"}}}`, `args?: { self?: { self?: any } }`},
		{"remote ref", `{"type":"object","properties":{"r":{"$ref":"https://example.com/s.json"}}}`, `args?: { r?: any }`},
		{"additionalProperties only", `{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"string"}}}}`,
			`args?: { m?: Record<string, string> }`},
		{"additionalProperties true", `{"type":"object","properties":{"m":{"type":"object","additionalProperties":true}}}`,
			`args?: { m?: Record<string, any> }`},
		{"additionalProperties false", `{"type":"object","properties":{"m":{"type":"object","additionalProperties":false}}}`,
			`args?: { m?: Record<string, never> }`},
		{"index signature", `{"type":"object","properties":{"m":{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":{"type":"string"}}}}`,
			`args?: { m?: { a?: string } & Record<string, string> }`},
		{"nullable", `{"type":"object","properties":{"n":{"type":"string","nullable":true}}}`, `args?: { n?: string | null }`},
		{"type array null", `{"type":"object","properties":{"n":{"type":["string","null"]}}}`, `args?: { n?: string | null }`},
		{"quoted names", `{"type":"object","properties":{"my-prop":{"type":"string"},"1x":{"type":"string"},"$ok":{"type":"string"}}}`,
			`args?: { "my-prop"?: string; "1x"?: string; $ok?: string }`},
		{"doc tags", `{"type":"object","properties":{"n":{"type":"number","description":"How many","default":3,"minimum":1,"maximum":10}}}`,
			`args?: { /** How many @default 3 @minimum 1 @maximum 10 */ n?: number }`},
		{"format", `{"type":"object","properties":{"d":{"type":"string","format":"date-time"}}}`, `args?: { /** @format date-time */ d?: string }`},
		{"obvious defaults dropped", `{"type":"object","properties":{"f":{"type":"boolean","default":false},"w":{"type":"number","description":"Width, default is 600.","default":600}}}`,
			`args?: { f?: boolean; /** Width, default is 600. */ w?: number }`},
		{"deprecated", `{"type":"object","properties":{"o":{"type":"string","deprecated":true}}}`, `args?: { /** @deprecated */ o?: string }`},
		{"boolean schemas", `{"type":"object","properties":{"t":true,"f":false}}`, `args?: { t?: any; f?: never }`},
		{"unknown type", `{"type":"object","properties":{"x":{"type":"weird"}}}`, `args?: { x?: any }`},
		{"inferred object", `{"properties":{"a":{"type":"string"}},"required":["a"]}`, `args: { a: string }`},
		{"duplicate keys last wins", `{"type":"object","properties":{"a":{"type":"string"},"b":{"type":"string"},"a":{"type":"number"}}}`,
			`args?: { a?: number; b?: string }`},
		{"multi-line layout", `{"type":"object","properties":{"alpha":{"type":"string","description":"The first parameter of this tool, a string"},"beta":{"type":"number","description":"The second parameter of this tool"}}}`,
			"args?: {\n    /** The first parameter of this tool, a string */ alpha?: string\n    /** The second parameter of this tool */ beta?: number\n  }"},
		{"multi-line description", `{"type":"object","properties":{"a":{"type":"string","description":"line one\nline two","default":"x"}}}`,
			"args?: {\n    /** line one\n    line two\n    @default \"x\" */\n    a?: string\n  }"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := args(decoded(json.RawMessage(tt.schema)), nil, nil)
			if got != tt.want {
				t.Errorf("args(%s)\n got: %s\nwant: %s", tt.schema, got, tt.want)
			}
			checkTS(t, got)
		})
	}
}

func TestFunction_Declaration(t *testing.T) {
	tests := []struct {
		name string
		tool Tool
		o    *Options
		want string
	}{
		{"plain", Tool{Name: "echo", Description: "Echoes back the input string",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"message":{"type":"string","description":"Message to echo"}},"required":["message"]}`)}, nil,
			"  /** Echoes back the input string */\n  function echo(args: { /** Message to echo */ message: string }): Promise<any>;"},
		{"ident differs", Tool{Name: "get-sum", Description: "Returns the sum of two numbers",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"number"},"b":{"type":"number"}},"required":["a","b"]}`)}, nil,
			"  /** get-sum: Returns the sum of two numbers */\n  function get_sum(args: { a: number; b: number }): Promise<any>;"},
		{"no doc", Tool{Name: "x"}, nil, "  function x(args?: Record<string, any>): Promise<any>;"},
		{"title fallback", Tool{Name: "x", Title: "The X"}, nil, "  /** The X */\n  function x(args?: Record<string, any>): Promise<any>;"},
		{"explicit ident", Tool{Name: "a.b", Ident: "ab"}, nil, "  /** a.b */\n  function ab(args?: Record<string, any>): Promise<any>;"},
		{"invalid explicit ident", Tool{Name: "x", Ident: "class"}, nil, "  /** x */\n  function class_(args?: Record<string, any>): Promise<any>;"},
		{"warning", Tool{Name: "x", Description: "Does x.", Warning: "description changed\nsince pinned */"}, nil,
			"  /** ⚠ WARNING: description changed since pinned *\\/\n  Does x. */\n  function x(args?: Record<string, any>): Promise<any>;"},
		{"output schema", Tool{Name: "x", OutputSchema: json.RawMessage(`{"type":"object","properties":{"n":{"type":"number"}},"required":["n"]}`)}, nil,
			"  function x(args?: Record<string, any>): Promise<{ n: number }>;"},
		{"broken output schema", Tool{Name: "x", OutputSchema: json.RawMessage(`{`)}, nil,
			"  function x(args?: Record<string, any>): Promise<any>;"},
		{"max description", Tool{Name: "x", Description: "one two three four five six seven",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"a":{"type":"string","description":"alpha beta gamma delta epsilon"}}}`)}, &Options{MaxDescription: 12},
			"  /** one two… */\n  function x(args?: { /** alpha beta… */ a?: string }): Promise<any>;"},
		{"multi-line description", Tool{Name: "x", Description: "First.\n\n\n\nSecond."}, nil,
			"  /** First.\n\n  Second. */\n  function x(args?: Record<string, any>): Promise<any>;"},
		{"required via root ref", Tool{Name: "x", InputSchema: json.RawMessage(`{"$ref":"#/definitions/A","definitions":{"A":{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]}}}`)}, nil,
			"  function x(args: { a: string }): Promise<any>;"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Function(tt.tool, tt.o)
			if got != tt.want {
				t.Errorf("Function()\n got: %q\nwant: %q", got, tt.want)
			}
			checkTS(t, got)
		})
	}
}

func TestNamespace_IdentsAndOriginalNames(t *testing.T) {
	got := Namespace("my-server", []Tool{
		{Name: "get-sum", Description: "Sum."},
		{Name: "get_sum", Description: "Other sum."},
		{Name: "echo"},
	}, nil)
	want := `/** my-server */
declare namespace my_server {
  /** get-sum: Sum. */
  function get_sum_2(args?: Record<string, any>): Promise<any>;
  /** Other sum. */
  function get_sum(args?: Record<string, any>): Promise<any>;
  function echo(args?: Record<string, any>): Promise<any>;
}
`
	if got != want {
		t.Errorf("Namespace()\n got:\n%s\nwant:\n%s", got, want)
	}
	if got := Namespace("JSON", nil, nil); got != "/** JSON */\ndeclare namespace JSON_ {\n}\n" {
		t.Errorf("Namespace(JSON, nil) = %q", got)
	}
	if got := NamespaceAs("a-b", "a_b_2", nil, nil); got != "/** a-b */\ndeclare namespace a_b_2 {\n}\n" {
		t.Errorf("NamespaceAs(a-b, a_b_2) = %q", got)
	}
	if got := Namespace("plain", nil, nil); got != "declare namespace plain {\n}\n" {
		t.Errorf("Namespace(plain, nil) = %q", got)
	}
}

func TestFunction_HostileSchemasStayBounded(t *testing.T) {
	// Ten definitions, each referencing the next ten times: naive inlining
	// would render 10^10 nodes.
	var defs []string
	for i := 0; i < 10; i++ {
		var props []string
		for j := 0; j < 10; j++ {
			props = append(props, `"p`+string(rune('0'+j))+`":{"$ref":"#/$defs/d`+string(rune('0'+i+1))+`"}`)
		}
		defs = append(defs, `"d`+string(rune('0'+i))+`":{"type":"object","properties":{`+strings.Join(props, ",")+`}}`)
	}
	schema := `{"type":"object","properties":{"root":{"$ref":"#/$defs/d0"}},"$defs":{` + strings.Join(defs, ",") + `}}`
	got := Function(Tool{Name: "bomb", InputSchema: json.RawMessage(schema)}, nil)
	if len(got) > 4<<20 {
		t.Errorf("declaration is %d bytes; want it bounded", len(got))
	}
	checkTS(t, got)

	deep := strings.Repeat(`{"type":"array","items":`, 200) + `{"type":"string"}` + strings.Repeat(`}`, 200)
	got = Function(Tool{Name: "deep", InputSchema: json.RawMessage(`{"type":"object","properties":{"d":` + deep + `}}`)}, nil)
	if !strings.Contains(got, "any") {
		t.Errorf("deep nesting not cut off: %.200s", got)
	}
	checkTS(t, got)
}

func TestNamespace_HoistsRepeatedObjectTypes(t *testing.T) {
	entity := `{"type":"object","properties":{"name":{"type":"string","description":"The entity's name"},"kind":{"type":"string","description":"What sort of thing it is"},"count":{"type":"integer"}},"required":["name"]}`
	in := json.RawMessage(`{"type":"object","properties":{"entities":{"type":"array","items":` + entity + `}},"required":["entities"]}`)
	// The same shape with its own description and without the
	// additionalProperties keyword is the same type.
	entity2 := strings.Replace(entity, `{"type":"object",`, `{"type":"object","description":"one entity",`, 1)
	out := json.RawMessage(`{"type":"object","properties":{"entities":{"type":"array","items":` + entity2 + `}}}`)
	got := Namespace("kg", []Tool{
		{Name: "create", InputSchema: in, OutputSchema: out},
		{Name: "update", InputSchema: in},
		{Name: "empty", InputSchema: json.RawMessage(`{"type":"object","properties":{},"additionalProperties":false}`)},
	}, nil)
	want := `declare namespace kg {
  type integer = number;
  type Entity = {
    /** The entity's name */ name: string
    /** What sort of thing it is */ kind?: string
    count?: integer
  };
  function create(args: { entities: Entity[] }): Promise<{ entities?: Entity[] }>;
  function update(args: { entities: Entity[] }): Promise<any>;
  function empty(): Promise<any>;
}
`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	checkTS(t, got)
	// A shape that occurs once stays inline, and so does a repeated one
	// too small to be worth a name.
	small := json.RawMessage(`{"type":"object","properties":{"p":{"type":"object","properties":{"x":{"type":"number"}}}}}`)
	got = Namespace("s", []Tool{{Name: "a", InputSchema: small}, {Name: "b", InputSchema: small}, {Name: "c", InputSchema: in}}, nil)
	if strings.Contains(got, "type P") || strings.Contains(got, "type Entity") {
		t.Errorf("hoisted a type that does not pay:\n%s", got)
	}
}

// Every corpus tool's parameters are declared in the order of its schema.
func TestNamespace_CorpusKeepsPropertyOrder(t *testing.T) {
	checked := 0
	for _, s := range loadCorpus(t) {
		for _, c := range s.Tools {
			root := decoded(c.InputSchema)
			props := root.get("properties")
			var want []string
			for _, k := range props.keysOrNil() {
				if isIdent(k) {
					want = append(want, k)
				}
			}
			if len(want) < 2 {
				continue
			}
			code, fault := lexTS(Function(c.tool(), listToolsOptions))
			if fault != "" {
				t.Fatalf("%s.%s: %s", s.Name, c.Name, fault)
			}
			got := topMembers(code)
			if strings.Join(got, ",") != strings.Join(want, ",") {
				t.Errorf("%s.%s: parameters declared as %v, schema order %v", s.Name, c.Name, got, want)
			}
			checked++
		}
	}
	if checked < 400 {
		t.Errorf("checked %d multi-parameter tools; the corpus has over 400", checked)
	}
}

// topMembers returns the identifier member names of the first object type
// after "(args" in code (comments and strings removed), in order.
func topMembers(code string) []string {
	i := strings.Index(code, "(args")
	if i < 0 {
		return nil
	}
	j := strings.IndexByte(code[i:], '{')
	if j < 0 {
		return nil
	}
	var names []string
	depth, start := 0, true
	for k := i + j; k < len(code); k++ {
		c := code[k]
		switch {
		case c == '{' || c == '(' || c == '[' || c == '<':
			depth++
			start = depth == 1
		case c == '}' || c == ')' || c == ']' || c == '>':
			depth--
			if depth == 0 {
				return names
			}
		case depth == 1 && (c == ';' || c == '\n'):
			start = true
		case depth == 1 && start && (c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'):
			e := k
			for e < len(code) && (code[e] == '_' || code[e] == '$' || code[e] >= 'a' && code[e] <= 'z' || code[e] >= 'A' && code[e] <= 'Z' || code[e] >= '0' && code[e] <= '9') {
				e++
			}
			names = append(names, code[k:e])
			k, start = e-1, false
		case depth == 1 && c != ' ':
			start = false
		}
	}
	return names
}

// A schema's literals and property names count against the text a
// declaration may hold before they are written, not after: an enum of
// 100,000 values was one union of 1.2 MB, which took the whole listing
// (cut at maxResultBytes) and hid the server's other tools.
func TestFunction_HugeLiteralsStayBounded(t *testing.T) {
	enum := make([]string, 100_000)
	for i := range enum {
		enum[i] = fmt.Sprintf(`"value%d"`, i)
	}
	var props []string
	for i := 0; i < 2000; i++ {
		props = append(props, fmt.Sprintf(`"%s%d":{"type":"string"}`, strings.Repeat("n", 1000), i))
	}
	for name, schema := range map[string]string{
		"enum":     `{"type":"object","properties":{"e":{"enum":[` + strings.Join(enum, ",") + `]},"after":{"type":"string"}}}`,
		"numbers":  `{"type":"object","properties":{"e":{"type":"integer","enum":[` + strings.Repeat("123456789,", 100_000) + `0]}}}`,
		"const":    `{"type":"object","properties":{"c":{"const":"` + strings.Repeat("x", 1<<20) + `"}}}`,
		"names":    `{"type":"object","properties":{` + strings.Join(props, ",") + `}}`,
		"anyOf":    `{"type":"object","properties":{"a":{"anyOf":[` + strings.Repeat(`{"const":"`+strings.Repeat("y", 1000)+`"},`, 2000) + `{"type":"null"}]}}}`,
		"required": `{"type":"object","required":["e"],"properties":{"e":{"enum":[` + strings.Join(enum, ",") + `]}}}`,
	} {
		got := Function(Tool{Name: name, InputSchema: json.RawMessage(schema)}, nil)
		if len(got) > 2*maxText {
			t.Errorf("%s: declaration is %d bytes; want at most about %d", name, len(got), maxText)
		}
		checkTS(t, got)
	}
	got := Function(Tool{Name: "e", InputSchema: json.RawMessage(`{"type":"object","properties":{"e":{"enum":[` + strings.Join(enum, ",") + `]}}}`)}, nil)
	if !strings.Contains(got, "e?: string") {
		t.Errorf("an enum too long to list: want its values' type, got %.300s", got)
	}
}
