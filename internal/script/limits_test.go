package script

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

func TestRun_TimesOut(t *testing.T) {
	tests := []struct{ name, src string }{
		{"busy loop", "while (true) {}"},
		{"busy loop in a job", "await null; for (;;) {}"},
		{"catch cannot swallow it", "for (;;) { try { while (true) {} } catch (e) {} }"},
		{"waiting on a timer", "await new Promise(r => setTimeout(r, 60000))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Run(t.Context(), Request{Source: tt.src, Timeout: 50 * time.Millisecond}, nil)
			if res.Err == nil || res.Err.Kind != KindTimeout || res.Err.Message != "script timed out after 50ms" {
				t.Errorf("Err = %+v, want a timeout", res.Err)
			}
		})
	}
}

// TestRun_CancelsInFlightCalls checks that a timeout ends a script waiting on
// a tool call and cancels that call's context.
func TestRun_CancelsInFlightCalls(t *testing.T) {
	canceled := make(chan error, 1)
	caller := callerFunc(func(ctx context.Context, _, _ string, _ json.RawMessage) (json.RawMessage, error) {
		<-ctx.Done()
		canceled <- ctx.Err()
		return nil, ctx.Err()
	})
	res := Run(t.Context(), Request{Source: "await filesystem.get_sum()", Namespaces: fsNamespace, Timeout: 200 * time.Millisecond}, caller)
	if res.Err == nil || res.Err.Kind != KindTimeout || res.Calls != 1 {
		t.Fatalf("Err = %+v, Calls = %d; want a timeout during the call", res.Err, res.Calls)
	}
	select {
	case err := <-canceled:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("call context ended with %v, want canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the call's context was not canceled when Run returned")
	}
}

func TestRun_ContextCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	caller := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
		cancel() // the client gives up while the script runs
		return json.RawMessage("1"), nil
	})
	res := Run(ctx, Request{Source: "await filesystem.get_sum(); for (;;) {}", Namespaces: fsNamespace}, caller)
	if res.Err == nil || res.Err.Kind != KindCanceled {
		t.Errorf("Err = %+v, want canceled", res.Err)
	}

	ctx, cancel2 := context.WithTimeout(t.Context(), 20*time.Millisecond)
	defer cancel2()
	res = Run(ctx, Request{Source: "for (;;) {}"}, nil)
	if res.Err == nil || res.Err.Kind != KindTimeout {
		t.Errorf("deadline of ctx: Err = %+v, want a timeout", res.Err)
	}
}

func TestRun_MemoryLimit(t *testing.T) {
	tests := []struct{ name, src string }{
		{"huge array", "new Array(2**27).fill(0)"},
		{"object push", "const a = []; for (;;) a.push({x: a.length})"},
		{"string doubling", "let s = 'x'; for (;;) { s += s; s.charCodeAt(s.length - 1) }"},
		{"string doubling as ropes", "let s = 'x'; for (;;) s += s"},
		{"buffers kept", "const a = []; for (;;) a.push(new ArrayBuffer(1 << 20))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Run(t.Context(), Request{Source: tt.src, MemoryLimit: 8 << 20, Timeout: slowFactor * 30 * time.Second}, nil)
			if res.Err == nil || res.Err.Kind != KindMemory {
				t.Fatalf("Err = %+v, want kind memory", res.Err)
			}
			// The process survives and the next script runs.
			if res := mustRun(t, "return 1", nil); string(res.Value) != "1" {
				t.Errorf("next run: Value = %s", res.Value)
			}
		})
	}
}

// A return value nested too deeply for JSON.stringify fails saying so and
// what to do, not with QuickJS's bare "stack overflow".
func TestRun_DeeplyNestedResultSaysWhatToDo(t *testing.T) {
	res := Run(t.Context(), Request{Source: "let o = {}; for (let i = 0; i < 200000; i++) o = {a: o}; return o", Timeout: slowFactor * 30 * time.Second}, nil)
	if res.Err == nil || !strings.Contains(res.Err.Message, "nested too deeply") || !strings.Contains(res.Err.Message, "flatter") {
		t.Fatalf("Err = %+v, want a message saying the value is nested too deeply", res.Err)
	}
	if res := mustRun(t, "return 1", nil); string(res.Value) != "1" {
		t.Errorf("next run: Value = %s", res.Value)
	}
}

// A return value JSON cannot hold (a BigInt, a cycle) fails saying which
// and what to do, not with QuickJS's bare "Do not know how to serialize".
func TestRun_UnserializableResultSaysWhatToDo(t *testing.T) {
	for src, want := range map[string]string{
		"return {n: 2n ** 70n}":           "holds a BigInt, which JSON cannot hold: convert it first, with String(x)",
		"const a = {}; a.a = a; return a": "refers to itself (a circular reference)",
		// A function or a Symbol was null at the top (return demo.add,
		// forgetting the call) and left out or null inside, silently.
		"return () => 1":                                "TypeError: the return value is a function, which JSON cannot hold: return data; for a tool's result, call it: return await ns.tool({...})",
		"return Symbol('s')":                            "TypeError: the return value is a Symbol, which JSON cannot hold: return a string instead (String(s), or s.description)",
		"return {a: 1, f: Math.max}":                    `TypeError: the return value holds a function (under the key "f"), which JSON cannot hold: leave it out, or call it and return what it gives`,
		"return [1, Symbol()]":                          "TypeError: the return value holds a Symbol (at index 1), which JSON cannot hold: leave it out, or convert it with String(s)",
		"return new Map([['k', {s: Symbol.iterator}]])": `TypeError: the return value holds a Symbol (under the key "s")`,
		"return {['x'.repeat(500)]: () => 1}":           `(under the key "` + strings.Repeat("x", 60) + `…")`,
		"return {o: {toJSON() { return () => 1 }}}":     `TypeError: the return value holds a function (under the key "o")`,
	} {
		res := Run(t.Context(), Request{Source: src}, nil)
		if res.Err == nil || !strings.Contains(res.Err.Message, want) {
			t.Errorf("%s: Err = %+v, want %q", src, res.Err, want)
		}
	}
}

// Arguments JSON cannot hold (a BigInt, a cycle, nesting too deep) fail
// the call naming the tool and what to do; QuickJS said only "Do not know
// how to serialize a BigInt" or "circular reference", naming nothing. A
// getter's own error still passes as thrown.
func TestRun_UnserializableArgumentsNameTheTool(t *testing.T) {
	refusedArguments(t, slowFactor*30*time.Second, map[string]string{
		"await s.t({n: 2n})":                  "TypeError: s.t: there is a BigInt in the arguments, which JSON cannot hold: convert it first, with String(x)",
		"const a = {}; a.a = a; await s.t(a)": "TypeError: s.t: there is a circular reference in the arguments",
		"let o = {}; for (let i = 0; i < 20000; i++) o = {a: o}; await s.t(o)": "TypeError: s.t: the nesting of the arguments is too deep to turn into JSON",
		"await resources.read('s', {n: 1n})":                                   "TypeError: resources.read: there is a BigInt in the arguments",
		"await s.t({get x() { throw new Error('mine') }})":                     "Error: mine",
	})
}

// refusedArguments runs each script, whose call of s.t has arguments JSON
// cannot hold, and wants its error to hold the text given for it and the
// call not to reach the host.
func refusedArguments(t *testing.T, timeout time.Duration, cases map[string]string) {
	t.Helper()
	ns := []Namespace{{Ident: "s", Functions: []Function{{Ident: "t", Server: "s", Tool: "t"}}}}
	called := false
	caller := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
		called = true
		return json.RawMessage("null"), nil
	})
	for src, want := range cases {
		res := Run(t.Context(), Request{Source: src, Namespaces: ns, Timeout: timeout}, caller)
		if res.Err == nil || !strings.Contains(res.Err.Message, want) {
			t.Errorf("%s: Err = %+v, want %q", src, res.Err, want)
		}
	}
	if called {
		t.Error("a call whose arguments JSON cannot hold reached the host")
	}
}

// A function or a Symbol in a tool call's arguments fails the call, naming
// the tool, the key or index and what to do, before it reaches the host:
// JSON.stringify left it out (null in an array), and the backend got the
// rest as if that was all. Symbols are looked for once the script has
// read Symbol, Object.getOwnPropertySymbols, Reflect.ownKeys or Proxy,
// the only ways to get one; functions always.
func TestRun_FunctionOrSymbolInArgumentsNamesTheTool(t *testing.T) {
	refusedArguments(t, 0, map[string]string{
		"await s.t({text: 'x', cb: () => 1})":                        `TypeError: s.t: there is a function in the arguments (under the key "cb"), which JSON cannot hold: leave it out, or call it and pass what it gives`,
		"await s.t({a: {b: [1, Math.max]}})":                         "TypeError: s.t: there is a function in the arguments (at index 1)",
		"await s.t({f: s.t})":                                        `TypeError: s.t: there is a function in the arguments (under the key "f")`,
		"await s.t({m: new Map([['k', async () => 1]])})":            `TypeError: s.t: there is a function in the arguments (under the key "k")`,
		"await s.t({s: Symbol()})":                                   `TypeError: s.t: there is a Symbol in the arguments (under the key "s"), which JSON cannot hold: leave it out, or pass a string (String(s), or s.description)`,
		"await s.t({a: [1, Symbol.iterator]})":                       "TypeError: s.t: there is a Symbol in the arguments (at index 1)",
		"await s.t({k: Object.getOwnPropertySymbols([].__proto__)})": "TypeError: s.t: there is a Symbol in the arguments (at index 0)",
		"await s.t({k: Reflect.ownKeys(Array.prototype).slice(-3)})": "TypeError: s.t: there is a Symbol in the arguments (at index",
		"let k; const p = new Proxy({}, {get(t, x) { if (typeof x === 'symbol') k = x }}); try { `${p}` } catch {} await s.t({k})": `TypeError: s.t: there is a Symbol in the arguments (under the key "k")`,
		"await resources.read('s', () => 1)": "TypeError: resources.read: there is a function in the arguments (at index 1)",
		"await skills.x({f() {}})":           `TypeError: skills.x: there is a function in the arguments (under the key "f")`,
	})
	// undefined keeps its JSON meaning, a function's own toJSON is its
	// JSON, and a script's own JSON.stringify is JSON.stringify.
	ns := []Namespace{{Ident: "s", Functions: []Function{{Ident: "t", Server: "s", Tool: "t"}}}}
	var got []string
	caller := callerFunc(func(_ context.Context, _, _ string, args json.RawMessage) (json.RawMessage, error) {
		got = append(got, string(args))
		return json.RawMessage("null"), nil
	})
	src := `await s.t({a: undefined, b: [undefined], c: 1});
const f = () => 1; f.toJSON = () => "f";
await s.t({f});
await s.t({j: JSON.stringify({f() {}, a: [() => 1, 2]})});
const o = {get x() { JSON.stringify({f() {}}); return 2 }};
await s.t(o);
Symbol;
await s.t({a: undefined, b: [undefined], c: 1});`
	res := Run(t.Context(), Request{Source: src, Namespaces: ns}, caller)
	want := []string{`{"b":[null],"c":1}`, `{"f":"f"}`, `{"j":"{\"a\":[null,2]}"}`, `{"x":2}`, `{"b":[null],"c":1}`}
	if res.Err != nil || !slices.Equal(got, want) {
		t.Errorf("args = %q, err %v; want %q", got, res.Err, want)
	}
}

// NaN or an infinity in a tool call's arguments fails the call, naming the
// tool, the key or index and what to do: JSON.stringify sent null, which
// a backend took for "not given" or refused in words of its own. A null
// the script wrote, and a NaN in a string, still go.
func TestRun_NonFiniteNumberInArgumentsNamesTheTool(t *testing.T) {
	refusedArguments(t, 0, map[string]string{
		"await s.t({limit: 0 / 0})":                 `TypeError: s.t: there is NaN in the arguments (under the key "limit"), which JSON cannot hold (it would be sent as null): pass a finite number, or null if that is what you mean`,
		"await s.t({a: {b: [1, 1 / 0]}})":           "TypeError: s.t: there is Infinity in the arguments (at index 1)",
		"await s.t({x: null, y: -Infinity})":        `TypeError: s.t: there is -Infinity in the arguments (under the key "y")`,
		"await s.t({n: parseInt('x')})":             `TypeError: s.t: there is NaN in the arguments (under the key "n")`,
		"await s.t({d: {toJSON() { return NaN }}})": `TypeError: s.t: there is NaN in the arguments (under the key "d")`,
		"await resources.read('s', Number('x'))":    "TypeError: resources.read: there is NaN in the arguments (at index 1)",
	})
	ns := []Namespace{{Ident: "s", Functions: []Function{{Ident: "t", Server: "s", Tool: "t"}}}}
	var got []string
	caller := callerFunc(func(_ context.Context, _, _ string, args json.RawMessage) (json.RawMessage, error) {
		got = append(got, string(args))
		return json.RawMessage("null"), nil
	})
	res := Run(t.Context(), Request{Source: `await s.t({a: null, b: "NaN", c: [null, 2]}); await s.t({n: 1e308})`, Namespaces: ns}, caller)
	want := []string{`{"a":null,"b":"NaN","c":[null,2]}`, `{"n":1e+308}`}
	if res.Err != nil || !slices.Equal(got, want) {
		t.Errorf("args = %q, err %v; want %q", got, res.Err, want)
	}
}

// A Map or Set in a tool call's arguments goes as what it holds.
func TestRun_MapInArgumentsGoesAsAnObject(t *testing.T) {
	var got string
	caller := callerFunc(func(_ context.Context, _, _ string, args json.RawMessage) (json.RawMessage, error) {
		got = string(args)
		return json.RawMessage("null"), nil
	})
	res := Run(t.Context(), Request{Source: "await s.t({m: new Map([['k', 'v']]), ids: new Set([3])})", Namespaces: []Namespace{{Ident: "s", Functions: []Function{{Ident: "t", Server: "s", Tool: "t"}}}}}, caller)
	if res.Err != nil || got != `{"m":{"k":"v"},"ids":[3]}` {
		t.Errorf("args = %s, err %v; want the Map as an object and the Set as an array", got, res.Err)
	}
}

func TestRun_ConcurrentRuns(t *testing.T) {
	const n = 8
	results := make(chan Result, n)
	for i := range n {
		go func() {
			results <- Run(t.Context(), Request{
				Source:     `const r = await filesystem.get_sum({i: ` + string(rune('0'+i)) + `}); return r.args.i`,
				Namespaces: fsNamespace,
			}, echo)
		}()
	}
	var got []string
	for range n {
		res := <-results
		if res.Err != nil {
			t.Fatal(res.Err)
		}
		got = append(got, string(res.Value))
	}
	if len(strings.Join(got, "")) != n {
		t.Errorf("values %v", got)
	}
}

func FuzzRun(f *testing.F) {
	for _, seed := range []string{
		"return 1", "throw 1", "while(1){}", "return await filesystem.get_sum({a:1})",
		"})(); (function(){", "/*", "`${", "return new Array(1e6).join('x')",
		"console.log(globalThis)", "setTimeout(() => {}, 1e9)", "await null; return [1,,2]",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, src string) {
		res := Run(t.Context(), Request{Source: src, Namespaces: fsNamespace, Timeout: 50 * time.Millisecond, MemoryLimit: 32 << 20}, echo)
		switch {
		case res.Err != nil && res.Value != nil:
			t.Errorf("both Value %s and Err %v", res.Value, res.Err)
		case res.Err == nil && !json.Valid(res.Value):
			t.Errorf("Value %q is not JSON", res.Value)
		case res.Err != nil && res.Err.Kind == "":
			t.Errorf("Err %v has no kind", res.Err)
		}
	})
}

// A return value that JSON.stringify can write but that is nested more
// than MaxValueDepth levels deep fails saying so: its answer (the value
// is structuredContent) was refused by clients (the Go SDK over 1000
// levels, which then drops the connection; Python's json near 1000). As
// a static script's literal value too.
func TestRun_ResultNestedPastMaxValueDepthSaysWhatToDo(t *testing.T) {
	deep := strings.Repeat("[", MaxValueDepth+1) + strings.Repeat("]", MaxValueDepth+1)
	for _, src := range []string{
		fmt.Sprintf("let a = 1; for (let i = 0; i < %d; i++) a = [a]; return a", MaxValueDepth+1),
		fmt.Sprintf("let o = {}; for (let i = 0; i < %d; i++) o = {a: o}; return {n: 1, o}", 1500),
		"return " + deep,
	} {
		res := Run(t.Context(), Request{Source: src, Timeout: slowFactor * 30 * time.Second}, nil)
		if res.Err == nil || !strings.Contains(res.Err.Message, fmt.Sprintf("nested more than %d levels deep", MaxValueDepth)) || !strings.Contains(res.Err.Message, "flatter") {
			t.Errorf("%.60s: Value %.40s, Err = %+v, want a message naming the depth and what to do", src, res.Value, res.Err)
		}
	}
	ok := fmt.Sprintf("let a = 1; for (let i = 0; i < %d; i++) a = [a]; return a", MaxValueDepth-1)
	if res := Run(t.Context(), Request{Source: ok}, nil); res.Err != nil {
		t.Errorf("a value nested %d deep: %v", MaxValueDepth, res.Err)
	}
}

// TestRun_MoreJobsThanOneDrainRuns checks that a script whose promise
// jobs outnumber what the engine runs in one drain (1 << 20) finishes, and
// that one whose jobs never end is stopped by its timeout: "quickjs:
// aborted draining after 1048576 pending jobs" failed a loop of 1.05
// million awaits (and a script that had returned while a chain of jobs
// it started went on: its result now stands, not checked here, another
// million jobs).
func TestRun_MoreJobsThanOneDrainRuns(t *testing.T) {
	res := Run(t.Context(), Request{Source: `(function f() { Promise.resolve().then(f) })(); await new Promise(() => {})`, Timeout: 2 * time.Second}, nil)
	if res.Err == nil || res.Err.Kind != KindTimeout {
		t.Errorf("endless jobs: Err = %+v, want the timeout", res.Err)
	}
	if slowFactor > 1 {
		t.Skip("a million promise jobs take about 3 s, several times that under the race detector")
	}
	res = Run(t.Context(), Request{Source: `let s = 0; for (let i = 0; i < 1.05e6; i++) { await null; s += 1 } return s`, Timeout: time.Minute}, nil)
	if res.Err != nil || string(res.Value) != "1050000" {
		t.Errorf("awaits in a loop: Value = %s, Err = %+v; want 1050000", res.Value, res.Err)
	}
}
