package script

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"
	"unicode/utf8"

	"modernc.org/quickjs"
)

func TestParseStatic(t *testing.T) {
	tests := []struct {
		src          string
		kind         staticKind
		ns, fn, args string
		value        string
		path         string // the steps, as .key and [index]
		notStatic    bool
	}{
		{src: `return await demo.echo({text: "hi"})`, kind: staticReturn, ns: "demo", fn: "echo", args: `{"text":"hi"}`},
		{src: "\n  return demo.echo({ text: 'hi', n: 1.50, list: [1, -2e3, true, null, {a: 'b'}], }) ;\n", kind: staticReturn, ns: "demo", fn: "echo", args: `{"text":"hi","n":1.5,"list":[1,-2000,true,null,{"a":"b"}]}`},
		{src: `await memory.read_graph()`, kind: staticDiscard, ns: "memory", fn: "read_graph", args: `{}`},
		{src: "return await\n  gh . search_issues (\n{\"q\": \"is:open\\n\\u00e9\\ud83d\\ude00\", per_page: 5})", kind: staticReturn, ns: "gh", fn: "search_issues", args: `{"q":"is:open\n` + "é😀" + `","per_page":5}`},
		{src: `return demo.delete({default: 1})`, kind: staticReturn, ns: "demo", fn: "delete", args: `{"default":1}`},
		{src: "const r = await demo.echo({text: 'x'});\nreturn r;", kind: staticReturn, ns: "demo", fn: "echo", args: `{"text":"x"}`},
		{src: "let result = await gh.get_me()\n  return result", kind: staticReturn, ns: "gh", fn: "get_me", args: `{}`},
		{src: "return (await demo.echo({a: [1]}));", kind: staticReturn, ns: "demo", fn: "echo", args: `{"a":[1]}`},
		{src: `const r = await demo.echo({}); return r.text`, kind: staticReturn, ns: "demo", fn: "echo", args: `{}`, path: `.text`},
		{src: "return (await demo.echo({})) .items[0]\n  ?.name ['first'] ?.[2].default;", kind: staticReturn, ns: "demo", fn: "echo", args: `{}`, path: `.items[0].name.first[2].default`},
		{src: "const r = await gh.list({})\nreturn r\n.length", kind: staticReturn, ns: "gh", fn: "list", args: `{}`, path: `.length`},
		{src: `return 1`, kind: staticLiteral, value: `1`},
		{src: `return {ok: true, "a b": [0.1, 1e21, 1e-7, "x\ty"]};`, kind: staticLiteral, value: `{"ok":true,"a b":[0.1,1e+21,1e-7,"x\ty"]}`},
		{src: `return null`, kind: staticLiteral, value: `null`},

		{src: "return\ndemo.echo()", notStatic: true},                      // returns undefined (ASI)
		{src: `return demo.echo({text: "hi"}); return 2`, notStatic: true}, // two statements
		{src: `return demo.echo({text: x})`, notStatic: true},              // a variable
		{src: `return demo.echo({text})`, notStatic: true},                 // shorthand
		{src: `return demo.echo({[k]: 1})`, notStatic: true},               // computed key
		{src: `return demo.echo({...a})`, notStatic: true},                 // spread
		{src: `return demo.echo({1: "a"})`, notStatic: true},               // numeric key
		{src: `return demo.echo({"2": "a", b: 1})`, notStatic: true},       // index-like key, ordered first
		{src: `return demo.echo({a: 1, a: 2})`, notStatic: true},           // duplicate
		{src: `return demo.echo({__proto__: {a: 1}})`, notStatic: true},
		{src: `return demo.echo({a: [1,,2]})`, notStatic: true},
		{src: `return demo.echo({a: 1n})`, notStatic: true},
		{src: `return demo.echo({a: 010})`, notStatic: true},
		{src: `return demo.echo({a: 1_000})`, notStatic: true},
		{src: `return demo.echo({a: .5})`, notStatic: true},
		{src: `return demo.echo({a: 1e999})`, notStatic: true},
		{src: `return demo.echo({a: undefined})`, notStatic: true},
		{src: `return demo.echo({a: NaN})`, notStatic: true},
		{src: "return demo.echo({a: `t`})", kind: staticReturn, ns: "demo", fn: "echo", args: `{"a":"t"}`},
		{src: "return demo.echo({a: `t${x}`})", notStatic: true},
		{src: `return demo.echo({a: "\0"})`, notStatic: true},
		{src: `return demo.echo({a: "\ud800"})`, notStatic: true},
		{src: `return demo.echo({a: "x\
y"})`, notStatic: true},
		{src: `return demo.echo("text")`, notStatic: true}, // not an object: the VM throws
		{src: `return demo.echo({}, {})`, notStatic: true},
		{src: `return demo.echo({}) // done`, kind: staticReturn, ns: "demo", fn: "echo", args: `{}`},
		{src: `return demo.echo({}) /* done`, notStatic: true},
		{src: `return demo["echo"]({})`, kind: staticReturn, ns: "demo", fn: "echo", args: `{}`},
		{src: `return demo['get-sum']({a: 1})`, kind: staticReturn, ns: "demo", fn: "get-sum", args: `{"a":1}`},
		{src: `return demo[k]({})`, notStatic: true},
		{src: "return demo[`echo`]({})", notStatic: true},
		{src: `return demo["echo"]["x"]({})`, notStatic: true},
		{src: `return demo["echo"({})`, notStatic: true},
		{src: `return demo.echo({}).text`, notStatic: true},
		{src: `return await demo.echo({}) + 1`, notStatic: true},
		{src: `return undefined.echo({})`, notStatic: true},
		{src: `return this.echo({})`, notStatic: true},
		{src: `return déjà.echo({})`, notStatic: true},
		{src: `returnx`, notStatic: true},
		{src: `return`, notStatic: true},
		{src: `return x`, notStatic: true},
		{src: `console.log(1)`, notStatic: true},
		{src: `return [1, 2].map(x => x)`, notStatic: true},
		{src: `return demo.echo`, notStatic: true}, // a function: the VM says it is no data
		{src: `return () => 1`, notStatic: true},
		{src: `return Symbol()`, notStatic: true},
		{src: `return {f: demo.echo}`, notStatic: true},
		{src: `return demo.echo({text: "x", cb: () => 1})`, notStatic: true}, // the VM says a function is no data
		{src: `return {a: 1}.a`, notStatic: true},
		{src: `const r = await demo.echo({}) return r`, notStatic: true},        // no statement end
		{src: `const demo = await demo.echo({}); return demo`, notStatic: true}, // reads the binding first
		{src: `const r = await demo.echo({}); return s`, notStatic: true},
		{src: `const r = demo.echo({}); return r`, notStatic: true}, // a promise, kept as one
		{src: `const r == await demo.echo({}); return r`, notStatic: true},
		{src: "const r = await demo.echo({}); return\nr", notStatic: true},
		{src: `return (await demo.echo({})).text()`, notStatic: true},
		{src: `return (await demo.echo({}))[k]`, notStatic: true},
		{src: `return (await demo.echo({}))[01]`, notStatic: true},
		{src: `return (await demo.echo({}))[-1]`, notStatic: true},
		{src: `return (await demo.echo({}))[1.5]`, notStatic: true},
		{src: `return (await demo.echo({}))[2147483648]`, notStatic: true},
		{src: `return (await demo.echo({})).a.b + 1`, notStatic: true},
		{src: `return (await demo.echo({}))?.()`, notStatic: true},
		{src: `return (await demo.echo({}))?.5:1`, notStatic: true},
		{src: `return (await demo.echo({})).a..b`, notStatic: true},
		{src: `return (await demo.echo({})).é`, notStatic: true},
		{src: `return (await demo.echo({})).a.b.c.d.e.f.g.h.i.j.k.l.m.n.o.p.q`, notStatic: true}, // 17 steps
		{src: `const r = await demo.echo({}); return r.text()`, notStatic: true},
		{src: `const r = await demo.echo({}); return s.text`, notStatic: true},
		{src: `return (demo.echo({}))`, notStatic: true},
	}
	for _, tt := range tests {
		st, ok := parseStatic(tt.src)
		if tt.notStatic {
			if ok {
				t.Errorf("parseStatic(%q) = %+v, want not static", tt.src, st)
			}
			continue
		}
		if !ok {
			t.Errorf("parseStatic(%q): not static, want static", tt.src)
			continue
		}
		if st.kind != tt.kind || st.ns != tt.ns || st.fn != tt.fn || string(st.args) != tt.args || string(st.value) != tt.value || pathString(st.path) != tt.path {
			t.Errorf("parseStatic(%q) = {kind %d, %s.%s(%s)%s, value %s}, want {kind %d, %s.%s(%s)%s, value %s}",
				tt.src, st.kind, st.ns, st.fn, st.args, pathString(st.path), st.value, tt.kind, tt.ns, tt.fn, tt.args, tt.path, tt.value)
		}
	}
}

func pathString(path []step) string {
	var b strings.Builder
	for _, s := range path {
		if s.index >= 0 {
			fmt.Fprintf(&b, "[%d]", s.index)
		} else {
			b.WriteString("." + s.key)
		}
	}
	return b.String()
}

// jsVM evaluates expressions in a bare QuickJS VM: the reference the
// parsers of jsvalue.go are held to.
type jsVM struct{ vm *quickjs.VM }

func newJSVM(t testing.TB) *jsVM {
	vm, err := quickjs.NewVM()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { vm.Close() })
	return &jsVM{vm}
}

// eval returns the string expr evaluates to, or ok false when it throws.
func (j *jsVM) eval(expr string) (string, bool) {
	v, err := j.vm.Eval(expr, quickjs.EvalGlobal)
	if err != nil {
		return "", false
	}
	s, ok := v.(string)
	return s, ok
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

var literalSeeds = []string{
	`1`, `-1`, `0`, `-0`, `1.5`, `0.1`, `123456789012345678901234567890`, `1e21`, `1e20`, `1.5e-7`, `0.000001`,
	`0.0000001`, `5e-324`, `1.7976931348623157e308`, `2e308`, `9007199254740993`, `-1.25e-10`, `100e-2`,
	`"a"`, `'b'`, `"\"'\\\/\b\f\n\r\t\v"`, `"\x41\u00e9\u2028"`, `"\ud83d\ude00"`, `"é😀 \u001f"`, `"<&>"`,
	`true`, `false`, `null`, `[]`, `{}`, `[1, [2, [3]]]`, `{a: {b: {c: [1, "x"]}}}`, `{"a": 1, b: 2, c: [],}`,
	`[1, 2, 3,]`, `{if: 1, class: 2, $x: 3, _y: 4}`, `{a: 1, b: {a: 2}}`, `{"": 1}`, `{"01": 1, "4294967295": 2}`,
}

func TestJSLiteral_MatchesQuickJS(t *testing.T) {
	j := newJSVM(t)
	accepted := 0
	for _, lit := range literalSeeds {
		accepted += checkLiteral(t, j, lit)
	}
	if accepted < len(literalSeeds)-3 {
		t.Errorf("only %d of %d plain literals were static", accepted, len(literalSeeds))
	}
}

func FuzzJSLiteral(f *testing.F) {
	for _, s := range literalSeeds {
		f.Add(s)
	}
	j := newJSVM(f)
	f.Fuzz(func(t *testing.T, lit string) { checkLiteral(t, j, lit) })
}

// checkLiteral checks that a literal parseStatic accepts has the JSON
// QuickJS gives it; it returns 1 when it was accepted.
func checkLiteral(t *testing.T, j *jsVM, lit string) int {
	st, ok := parseStatic("return " + lit)
	if !ok || st.kind != staticLiteral {
		return 0
	}
	want, ok := j.eval("JSON.stringify((function () {return " + lit + "\n})())")
	if !ok {
		t.Errorf("return %s: static, but QuickJS throws or gives no string for it", lit)
		return 1
	}
	if string(st.value) != want {
		t.Errorf("return %s: static value %s, QuickJS %s", lit, st.value, want)
	}
	return 1
}

var canonicalSeeds = []string{
	`1`, `-0`, `1.0`, `1E2`, `1e-7`, `123456789012345678901234567890`, `0.1`, `1e400`, `-1e-400`,
	` { "a" : [ 1 , 2.50 , "x" ] , "b" : null } `, `"\u0041\u00e9\/\ud83d\ude00\u2028\u001f\u007f"`, `"\ud800"`,
	`{"b":1,"a":2}`, `{"a":1,"a":2}`, `{"1":1,"a":2}`, `{"__proto__":1}`, `[true,false,null]`, `[]`, `{}`,
	`"<script>&"`, `{"k\u0000":"\b\f\n\r\t"}`, `[[[[[[[[[[1]]]]]]]]]]`, `1.7976931348623157e308`, `5e-324`,
	`{"a":{"b":{"c":{"d":[{"e":"f"}]}}}}`, `"é"`, `0.000001`, `12345e-10`,
}

func TestJSCanonical_MatchesQuickJS(t *testing.T) {
	j := newJSVM(t)
	accepted := 0
	for _, s := range canonicalSeeds {
		accepted += checkCanonical(t, j, []byte(s))
	}
	var wide strings.Builder
	wide.WriteString("{")
	for i := range 200 {
		fmt.Fprintf(&wide, `%s"k%d":%d`, map[bool]string{true: ",", false: ""}[i > 0], i, i)
	}
	wide.WriteString("}")
	accepted += checkCanonical(t, j, []byte(wide.String()))
	if _, ok := jsCanonical([]byte(`{"k1":1,` + strings.TrimPrefix(wide.String(), "{"))); ok {
		t.Error("a wide object with a duplicate key was canonical")
	}
	if accepted < len(canonicalSeeds)-8 {
		t.Errorf("only %d of %d plain values were canonical", accepted, len(canonicalSeeds))
	}
}

func FuzzJSCanonical(f *testing.F) {
	for _, s := range canonicalSeeds {
		f.Add([]byte(s))
	}
	j := newJSVM(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		if !json.Valid(b) {
			return
		}
		checkCanonical(t, j, b)
	})
}

func checkCanonical(t *testing.T, j *jsVM, b []byte) int {
	got, ok := jsCanonical(b)
	if !ok {
		return 0
	}
	if !utf8.Valid(b) {
		t.Errorf("%q: invalid UTF-8 accepted", b)
		return 1
	}
	want, ok := j.eval("JSON.stringify(JSON.parse(" + jsString(string(b)) + "))")
	if !ok {
		t.Errorf("%s: canonical, but QuickJS cannot parse it", b)
		return 1
	}
	if string(got) != want {
		t.Errorf("%s: canonical %s, QuickJS %s", b, got, want)
	}
	return 1
}

// fakeOutcome is a caller whose every call returns value and err (after
// delay), counting the calls.
type fakeOutcome struct {
	value json.RawMessage
	err   error
	delay time.Duration
	panic bool
	calls atomic.Int32
	args  atomic.Value
	tool  atomic.Value // "server.tool" of the last call
}

func (f *fakeOutcome) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
	f.calls.Add(1)
	f.args.Store(string(args))
	f.tool.Store(server + "." + tool)
	if f.panic {
		panic("boom")
	}
	if f.delay > 0 {
		select {
		case <-time.After(f.delay):
		case <-ctx.Done():
			return nil, context.Cause(ctx)
		}
	}
	return f.value, f.err
}

// outcome is what a fakeOutcome returns.
type outcome struct {
	value json.RawMessage
	err   error
	panic bool
}

var staticNamespaces = []Namespace{
	{Ident: "demo", Server: "demo", Functions: []Function{{Ident: "echo", Server: "demo", Tool: "echo"}}},
	{Ident: "file_system", Server: "file-system", Functions: []Function{{Ident: "read_file", Server: "file-system", Tool: "read-file"}}},
}

// TestRunStatic_SameResultAsTheVM runs each script with each outcome of
// its call both ways: in the VM, and through RunStatic with the VM as
// the fallback. The results must be equal, the tool called once, and the
// VM used only where the outcome needs it.
func TestRunStatic_SameResultAsTheVM(t *testing.T) {
	big := `"` + strings.Repeat("é", 600) + `"` // 1200 bytes, 600 UTF-16 units
	outcomes := []struct {
		name  string
		f     outcome
		maxR  int
		useVM bool // the outcome needs the VM
	}{
		{name: "object", f: outcome{value: json.RawMessage(` {"b": [1, 2.50, "x"], "a": {"c": null}} `)}},
		{name: "nested", f: outcome{value: json.RawMessage(`{"b":[{"k":"v"},[],{"x":1E2}],"deep":{"x":{"y":{"z":["é",0.1]}}}}`)}},
		{name: "proto key", f: outcome{value: json.RawMessage(`{"__proto__":{"a":{"c":1}},"b":[1,2,3]}`)}, useVM: true},
		{name: "array", f: outcome{value: json.RawMessage(`["abc", {"b": 1}]`)}},
		{name: "number", f: outcome{value: json.RawMessage(`1E2`)}},
		{name: "string", f: outcome{value: json.RawMessage(`"\u00e9 <&> \ud83d\ude00"`)}},
		{name: "empty", f: outcome{}},
		{name: "integer keys", f: outcome{value: json.RawMessage(`{"b":1,"10":2,"9":3}`)}, useVM: true},
		{name: "duplicate keys", f: outcome{value: json.RawMessage(`{"a":1,"b":2,"a":3}`)}, useVM: true},
		{name: "lone surrogate", f: outcome{value: json.RawMessage(`"\ud800x"`)}, useVM: true},
		{name: "infinity", f: outcome{value: json.RawMessage(`[1e999]`)}, useVM: true},
		{name: "invalid JSON", f: outcome{value: json.RawMessage(`{"a":`)}, useVM: true},
		{name: "tool error", f: outcome{err: errors.New("demo.echo: boom: out of memory")}, useVM: true},
		{name: "panic", f: outcome{panic: true}, useVM: true},
		{name: "over the limit in UTF-16 units", f: outcome{value: json.RawMessage(big)}, maxR: 500},
		{name: "over the limit in bytes", f: outcome{value: json.RawMessage(big)}, maxR: 1000},
		{name: "within the limit", f: outcome{value: json.RawMessage(big)}, maxR: 2000},
	}
	scripts := []struct {
		src     string
		discard bool
		path    bool     // it returns part of the value
		walksOn []string // the outcomes whose part it finds without the VM
	}{
		{src: `return await demo.echo({text: "hi", n: [1.0, -0, 1e21]})`},
		{src: `return file_system.read_file({path: "/tmp/x"})`},
		{src: "const r = await demo.echo({text: 'x'})\nreturn r"},
		{src: `await demo.echo()`, discard: true},
		{src: `const r = await demo.echo({}); return r.b[1]`, path: true, walksOn: []string{"object", "nested"}},
		{src: `return (await demo.echo({})).a?.c`, path: true, walksOn: []string{"object"}},
		{src: `return (await demo.echo({}))["b"].length`, path: true, walksOn: []string{"object", "nested"}},
		{src: `return (await demo.echo({})).b["2"]`, path: true, walksOn: []string{"object", "nested"}},
		{src: `return (await demo.echo({})).b[3]`, path: true},      // past the end: undefined
		{src: `return (await demo.echo({})).missing`, path: true},   // undefined
		{src: `return (await demo.echo({})).toString`, path: true},  // Object.prototype's
		{src: `return (await demo.echo({})).__proto__`, path: true}, // the prototype, not a key
		{src: `return (await demo.echo({})).a.c.d`, path: true},     // TypeError: null
		{src: `return (await demo.echo({})).a.c?.d`, path: true},    // undefined
		{src: `return (await demo.echo({})).b.map`, path: true},     // Array.prototype's
		{src: `return (await demo.echo({}))[0].length`, path: true}, // a string's length
		{src: `return (await demo.echo({})).deep.x.y.z`, path: true, walksOn: []string{"nested"}},
		{src: "// echo it\nreturn await demo.echo({text: `hi`}) // done"},
		{src: "/* the echo */ const r = await demo.echo({\n  text: 'x', // the text\n  n: 1 /* one */,\n})\n// then\nreturn r"},
		{src: "const r = await demo.echo({}) /* a\nline */ return r.b[1]", path: true, walksOn: []string{"object", "nested"}},
		{src: "return await demo.echo({text: `two\nlines 'and' \"quotes\" é`})"},
		{src: `return await demo["echo"]({text: "hi"})`},
		{src: `return await file_system [ 'read-file' ] ({path: "/tmp/x"})`},
		{src: `const r = await file_system["read_file"]({}); return r.b[1]`, path: true, walksOn: []string{"object", "nested"}},
	}
	for _, sc := range scripts {
		for _, oc := range outcomes {
			t.Run(sc.src+"/"+oc.name, func(t *testing.T) {
				req := Request{Source: sc.src, Namespaces: staticNamespaces, MaxResult: oc.maxR, Timeout: 10 * time.Second}
				vmFake := &fakeOutcome{value: oc.f.value, err: oc.f.err, panic: oc.f.panic}
				want := Run(context.Background(), req, vmFake)

				stFake := &fakeOutcome{value: oc.f.value, err: oc.f.err, panic: oc.f.panic}
				vmRuns := 0
				vm := func(ctx context.Context, r Request, c ToolCaller) Result {
					vmRuns++
					return Run(ctx, r, c)
				}
				got, ok := RunStatic(context.Background(), req, stFake, vm)
				if !ok {
					t.Fatal("not static")
				}
				if !reflect.DeepEqual(got, want) {
					t.Errorf("static result\n%+v (err %+v)\nVM result\n%+v (err %+v)", got, got.Err, want, want.Err)
				}
				if n := stFake.calls.Load(); n != 1 {
					t.Errorf("the tool was called %d times, want 1", n)
				}
				if a, b := stFake.args.Load(), vmFake.args.Load(); a != b {
					t.Errorf("static arguments %v, VM arguments %v", a, b)
				}
				if a, b := stFake.tool.Load(), vmFake.tool.Load(); a != b {
					t.Errorf("static call of %v, VM call of %v", a, b)
				}
				failing := oc.f.err != nil || oc.f.panic || len(oc.f.value) > 0 && !json.Valid(oc.f.value)
				wantVM := oc.useVM
				if sc.discard {
					wantVM = failing // a value dropped needs no conversion
				}
				if sc.path && !slices.Contains(sc.walksOn, oc.name) {
					wantVM = true // a part the walk cannot be sure of
				}
				if (vmRuns == 1) != wantVM {
					t.Errorf("the VM ran %d times, want it to run: %v", vmRuns, wantVM)
				}
			})
		}
	}
}

func TestRunStatic_LiteralNeedsNoCaller(t *testing.T) {
	req := Request{Source: `return {a: [1, "x"]}`}
	f := &fakeOutcome{}
	got, ok := RunStatic(context.Background(), req, f, func(context.Context, Request, ToolCaller) Result {
		t.Fatal("the VM ran for a literal")
		return Result{}
	})
	if !ok || string(got.Value) != `{"a":[1,"x"]}` || got.Err != nil || got.Calls != 0 || f.calls.Load() != 0 {
		t.Fatalf("RunStatic = %+v, %v; calls %d", got, ok, f.calls.Load())
	}
	if want := Run(context.Background(), req, f); !reflect.DeepEqual(got, want) {
		t.Fatalf("static %+v, VM %+v", got, want)
	}
}

// TestRunStatic_TimeoutAndCancel: a call that outlives the script's
// timeout, or its context, ends the script as the VM ends it (see
// run.loop): the VM's error, the call counted and named as cancelled, and
// its context cancelled with ErrAbandoned.
func TestRunStatic_TimeoutAndCancel(t *testing.T) {
	for _, cancel := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			req := Request{Source: `return await demo.echo({})`, Namespaces: staticNamespaces, Timeout: 50 * time.Millisecond}
			ctx := context.Background()
			want := "script timed out after 50ms"
			if cancel {
				req.Timeout = 10 * time.Second
				c, stop := context.WithCancel(ctx)
				time.AfterFunc(30*time.Millisecond, stop)
				ctx, want = c, "script canceled: context canceled"
			}
			cause := make(chan error, 1)
			f := callerFunc(func(ctx context.Context, _, _ string, _ json.RawMessage) (json.RawMessage, error) {
				<-ctx.Done()
				cause <- context.Cause(ctx)
				return nil, ctx.Err()
			})
			got, ok := RunStatic(ctx, req, f, func(context.Context, Request, ToolCaller) Result {
				t.Fatal("the VM ran")
				return Result{}
			})
			if !ok || got.Err == nil || got.Err.Message != want || got.Calls != 1 || !reflect.DeepEqual(got.Cancelled, []string{"demo.echo"}) || got.Value != nil {
				t.Errorf("cancel %v: %+v (%+v), want %q with demo.echo cancelled", cancel, got, got.Err, want)
			}
			if c := <-cause; !errors.Is(c, ErrAbandoned) && !cancel {
				t.Errorf("the call's context ended with %v, want ErrAbandoned", c)
			}
		})
	}
}

// TestRunStatic_NotStatic: what RunStatic leaves to the VM it does not
// touch: no call, ok false.
func TestRunStatic_NotStatic(t *testing.T) {
	for _, src := range []string{
		`const r = await demo.echo({}); console.log(r); return r`,
		`return await demo.nope({})`,  // not declared: the VM's unknown-tool path
		`return await other.echo({})`, // no such namespace
		`return await demo.echo({a: 1, a: 2})`,
		`return await demo["nope"]({})`,        // not declared, by either name
		`return await demo["toString"]({})`,    // Object.prototype's, not a tool
		`return await file_system["then"]({})`, // the namespace's own, not a tool
		`return await file_system["read-file "]({})`,
	} {
		f := &fakeOutcome{}
		if _, ok := RunStatic(context.Background(), Request{Source: src, Namespaces: staticNamespaces}, f, nil); ok || f.calls.Load() != 0 {
			t.Errorf("%s: static %v, %d calls", src, ok, f.calls.Load())
		}
	}
	f := &fakeOutcome{}
	if _, ok := RunStatic(context.Background(), Request{Source: `return demo.echo({text: "0123456789"})`, Namespaces: staticNamespaces, MaxArgBytes: 5}, f, nil); ok || f.calls.Load() != 0 {
		t.Error("arguments over MaxArgBytes were static")
	}
}

// staticScriptSeeds are scripts parseStatic reads or declines, around
// comments, template literals and line breaks.
var staticScriptSeeds = []string{
	`return await demo.echo({text: "hi"})`,
	"// c\nreturn await demo.echo({text: `hi`})",
	"return await demo.echo({}) // c",
	"const r = await demo.echo({}) // c\nreturn r",
	"const r = await demo.echo({}) /* c\n */ return r",
	"const r = await demo.echo({}) /* c */ return r",
	"return // c\nawait demo.echo({})",
	"return /* c */ await demo.echo({})",
	"await/* c */demo.echo({a: [1, /* two */ 2]})",
	"return await demo.echo({a: `x${1}`})",
	"return await demo.echo({a: `a\\nb`})",
	"return await demo.echo({a: `a\r\nb`})",
	"// c\u2028return 1",
	"/* c */ return 1 /* d",
	"return `lit`",
	"const r = await demo.echo({}) //\u2028 return r",
	`return await demo["echo"]({})`,
	`return await file_system['read-file']({path: "x"})`,
	`return await file_system["__proto__"]({})`,
}

// FuzzStaticScript holds any script parseStatic reads to the VM: the same
// result for the same outcome of its call.
func FuzzStaticScript(f *testing.F) {
	for _, s := range staticScriptSeeds {
		f.Add(s)
	}
	value := json.RawMessage(`{"b": [1, 2.5, "x"], "a": {"c": null}}`)
	f.Fuzz(func(t *testing.T, src string) {
		if _, ok := parseStatic(src); !ok || !utf8.ValidString(src) {
			return
		}
		req := Request{Source: src, Namespaces: staticNamespaces, Timeout: 10 * time.Second}
		want := Run(context.Background(), req, &fakeOutcome{value: value})
		got, ok := RunStatic(context.Background(), req, &fakeOutcome{value: value}, func(ctx context.Context, r Request, c ToolCaller) Result {
			return Run(ctx, r, c)
		})
		if !ok {
			return // declined at run time (an unknown tool, ...): the VM's
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%q:\nstatic %+v (err %+v)\nVM     %+v (err %+v)", src, got, got.Err, want, want.Err)
		}
	})
}

// Comments and plain template literals keep a script static; what they
// could hide (a line break after return, a substitution, an escape, a
// line terminator JavaScript knows and Go does not) leaves it to the VM.
func TestParseStatic_CommentsAndTemplates(t *testing.T) {
	for src, want := range map[string]bool{
		"// c\nreturn await demo.echo({text: `hi`})":       true,
		"return await demo.echo({}) // c":                  true,
		"const r = await demo.echo({}) // c\nreturn r":     true,
		"const r = await demo.echo({}) /* c\n */ return r": true,
		"await/* c */demo.echo({a: [1, /* two */ 2]})":     true,
		"return `lit`": true,
		"const r = await demo.echo({}) /* c */ return r":  false, // no line break: a SyntaxError
		"return // c\nawait demo.echo({})":                false, // returns undefined
		"return /* c */ await demo.echo({})":              false,
		"return await demo.echo({a: `x${1}`})":            false,
		"return await demo.echo({a: `a\\nb`})":            false,
		"return await demo.echo({a: `a\r\nb`})":           false,
		"// c\u2028return 1":                              false, // the comment ends at U+2028
		"/* c */ return 1 /* d":                           false,
		"const r = await demo.echo({}) //\u2028 return r": false,
	} {
		if _, ok := parseStatic(src); ok != want {
			t.Errorf("parseStatic(%q) = %v, want %v", src, ok, want)
		}
	}
}

// FuzzStaticPath holds the part of a value a static script returns
// ((await demo.echo({})).a[0]...) to what the VM returns for it, for any
// value a tool gives and any path parseStatic reads.
func FuzzStaticPath(f *testing.F) {
	for _, seed := range []struct{ value, path string }{
		{`{"b": [1, 2.50, "x"], "a": {"c": null}}`, `.b[1]`},
		{`{"b": [1, 2.50, "x"], "a": {"c": null}}`, `.a?.c`},
		{`{"a": {"length": 3}}`, `.a.length`},
		{`[[0, 1], {"2": 3}]`, `[0]["1"]`},
		{`[[0, 1], {"2": 3}]`, `[1][2]`},
		{`{"a": "text"}`, `.a.length`},
		{`{"a": "text"}`, `.a[0]`},
		{`{"x": {"y": [true, false]}}`, `.x.y.length`},
		{`{"constructor": 1}`, `.constructor`},
		{`{"a": 1, "a": 2}`, `.a`},
		{`null`, `?.a`},
	} {
		f.Add(seed.value, seed.path)
	}
	vm := newJSVM(f)
	f.Fuzz(func(t *testing.T, value, path string) {
		src := "return (await demo.echo({}))" + path
		st, ok := parseStatic(src)
		if !ok || len(st.path) == 0 || len(value) > 4096 || !utf8.ValidString(value) {
			return
		}
		if _, ok := vm.eval("JSON.stringify(JSON.parse(" + jsString(value) + "))"); !ok {
			return // not JSON the VM reads: RunStatic replays it (TestRunStatic_SameResultAsTheVM)
		}
		req := Request{Source: src, Namespaces: staticNamespaces, Timeout: 10 * time.Second}
		want := Run(context.Background(), req, &fakeOutcome{value: json.RawMessage(value)})
		got, ok := RunStatic(context.Background(), req, &fakeOutcome{value: json.RawMessage(value)}, func(ctx context.Context, r Request, c ToolCaller) Result {
			return Run(ctx, r, c)
		})
		if !ok {
			t.Fatalf("%s: not static", src)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s on %s:\nstatic %+v (err %+v)\nVM     %+v (err %+v)", src, value, got, got.Err, want, want.Err)
		}
	})
}

// TestNotToolNames_MatchTheNamespaces: a bracketed name static scripts
// take for a tool must be one the VM's namespace calls as a tool, so
// notToolNames holds the prelude's notTools and every property a plain
// object inherits.
func TestNotToolNames_MatchTheNamespaces(t *testing.T) {
	j := newJSVM(t)
	inherited, ok := j.eval(`Object.getOwnPropertyNames(Object.prototype).join(",")`)
	if !ok {
		t.Fatal("Object.prototype's names")
	}
	m := regexp.MustCompile(`const notTools = new SetCtor\(\[([^\]]*)\]\)`).FindStringSubmatch(preludeSource)
	if m == nil {
		t.Fatal("the prelude's notTools not found")
	}
	names := strings.Split(inherited, ",")
	for _, q := range strings.Split(m[1], ",") {
		names = append(names, strings.Trim(strings.TrimSpace(q), `"`))
	}
	for _, n := range names {
		if !notToolNames[n] {
			t.Errorf("%q is answered by a namespace object itself, but notToolNames lacks it", n)
		}
	}
}
