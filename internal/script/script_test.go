package script

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"
)

// callerFunc adapts a function to ToolCaller.
type callerFunc func(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error)

func (f callerFunc) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
	return f(ctx, server, tool, args)
}

// echo returns {"server":..,"tool":..,"args":..} for every call.
var echo = callerFunc(func(_ context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
	return json.Marshal(map[string]any{"server": server, "tool": tool, "args": args})
})

// fsNamespace is one namespace whose idents differ from the names it calls.
var fsNamespace = []Namespace{{
	Ident: "filesystem",
	Functions: []Function{
		{Ident: "read_text_file", Server: "filesystem", Tool: "read_text_file"},
		{Ident: "get_sum", Server: "file-system", Tool: "get-sum"},
	},
}}

// run runs src with a short timeout and fails the test on a script error.
func mustRun(t *testing.T, src string, caller ToolCaller) Result {
	t.Helper()
	res := Run(t.Context(), Request{Source: src, Namespaces: fsNamespace, Timeout: 10 * time.Second}, caller)
	if res.Err != nil {
		t.Fatalf("Run(%q): %v (kind %s)\nstack:\n%s", src, res.Err, res.Err.Kind, res.Err.Stack)
	}
	return res
}

func TestRun_ReturnsJSON(t *testing.T) {
	tests := []struct{ src, want string }{
		{"return 1+1", "2"},
		{"return 'hi'", `"hi"`},
		{"return", "null"},
		{"return undefined", "null"},
		{"", "null"},
		{"return null", "null"},
		{"return {a: [1, 'x', true], b: {c: null}}", `{"a":[1,"x",true],"b":{"c":null}}`},
		{"return await Promise.resolve(42)", "42"},
		{"return {a: undefined, b: [undefined]}", `{"b":[null]}`}, // JSON's own meaning of undefined
		{"return {toJSON() { return undefined }}", "null"},
		{"return 'é\\u{1F600}'", `"é😀"`},
		{"return 1.5e300", "1.5e+300"},
		{"return NaN", "null"},
		{"// comment at the end\nreturn 3 // trailing", "3"},
		{"return new Map([['a', 1], ['b', [2]]])", `{"a":1,"b":[2]}`},
		{"return {s: new Set([1, 2, 2])}", `{"s":[1,2]}`},
		{"return new Map()", `{}`},
		// An Error is its name, message and own fields, not {}.
		{"return new Error('x')", `{"name":"Error","message":"x"}`},
		{"return {e: new TypeError('bad'), n: 1}", `{"e":{"name":"TypeError","message":"bad"},"n":1}`},
		{"return await Promise.reject(new RangeError('r', {cause: {code: 7}})).catch(e => e)", `{"name":"RangeError","message":"r","cause":{"code":7}}`},
		{"const e = new Error('x'); e.code = 'E1'; e.name = 'MyError'; return [e]", `[{"name":"MyError","message":"x","code":"E1"}]`},
		{"return await Promise.any([Promise.reject(new Error('a'))]).catch(e => e.errors)", `[{"name":"Error","message":"a"}]`},
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			res := mustRun(t, tt.src, echo)
			if string(res.Value) != tt.want {
				t.Errorf("Value = %s, want %s", res.Value, tt.want)
			}
		})
	}
}

// A failed call's error, caught and returned (alone or among results),
// carries its message (the host's, which names the call: here the
// caller's own) and the call's server and tool; it was {}.
func TestRun_ReturnedErrorOfACallSaysWhatFailed(t *testing.T) {
	failing := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
		return nil, errors.New("boom")
	})
	res := mustRun(t, `return await Promise.all([filesystem.read_text_file({}).catch(e => e), filesystem.read_text_file({path: "/b"}).then(r => r, e => ({error: e}))])`, failing)
	e := `{"name":"Error","message":"boom","server":"filesystem","tool":"read_text_file"}`
	if want := "[" + e + `,{"error":` + e + "}]"; string(res.Value) != want {
		t.Errorf("Value = %s, want %s", res.Value, want)
	}
}

func TestRun_ModernJavaScript(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"async await", "const f = async x => x * 2; return await f(21)", "42"},
		{"destructuring", "const {a, b: [c, ...d]} = {a: 1, b: [2, 3, 4]}; return [a, c, d]", "[1,2,[3,4]]"},
		{"spread", "const o = {...{x: 1}, y: 2}; return [...[1, 2], ...'ab', o]", `[1,2,"a","b",{"x":1,"y":2}]`},
		{"optional chaining", "const o = {a: null}; return [o?.a?.b, o.x ?? 'd']", `[null,"d"]`},
		{"classes", "class A { #n = 1; get n() { return this.#n } static of() { return new A } } class B extends A {} return B.of().n", "1"},
		{"map and set", "const m = new Map([['k', 1]]); const s = new Set([1, 1, 2]); return [m.get('k'), s.size, [...s]]", "[1,2,[1,2]]"},
		{"json", "return JSON.parse(JSON.stringify({a: [1, {b: 2}]})).a[1].b", "2"},
		{"generators", "function* g() { yield 1; yield 2 } return [...g()]", "[1,2]"},
		{"async generators", "async function* g() { yield 1; yield 2 } const out = []; for await (const x of g()) out.push(x); return out", "[1,2]"},
		{"template and regexp", "const m = /(?<y>\\d{4})/.exec('in 2026'); return `${m.groups.y}!`", `"2026!"`},
		{"array methods", "return [[3, 1, 2].toSorted(), [1, [2, [3]]].flat(2), [1, 2, 3].at(-1), Object.groupBy([1, 2, 3], x => x % 2 ? 'odd' : 'even')]", `[[1,2,3],[1,2,3],3,{"odd":[1,3],"even":[2]}]`},
		{"try finally", "let s = ''; try { throw new Error('x') } catch ({message}) { s += message } finally { s += '!' } return s", `"x!"`},
		{"date", "return typeof new Date().toISOString()", `"string"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustRun(t, tt.src, echo)
			if string(res.Value) != tt.want {
				t.Errorf("Value = %s, want %s", res.Value, tt.want)
			}
		})
	}
}

func TestRun_CapturesConsole(t *testing.T) {
	res := mustRun(t, `
		console.log("a", 1, {b: [2]}, new Map([["m", 1]]), new Set([3]))
		console.info("info"); console.debug("debug")
		console.warn("careful"); console.error(new TypeError("bad"))
		console.log(undefined, null, 10n, () => 1)
		const c = {}; c.c = c; console.log(c)
		return 0`, echo)
	want := `a 1 {"b":[2]} {"m":1} [3]
info
debug
[warn] careful
[error] TypeError: bad
undefined null 10n [Function anonymous]
[object Object]
`
	if res.Log != want {
		t.Errorf("Log =\n%s\nwant\n%s", res.Log, want)
	}
}

func TestRun_BoundsConsole(t *testing.T) {
	res := Run(t.Context(), Request{Source: `for (let i = 0; i < 1e4; i++) console.log("line " + i); return "done"`, MaxLog: 100}, nil)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if !strings.HasPrefix(res.Log, "line 0\nline 1\n") || !strings.HasSuffix(res.Log, "[console output truncated: over 100 bytes]\n") {
		t.Errorf("Log = %q", res.Log)
	}
	if len(res.Log) > 100+60 {
		t.Errorf("Log is %d bytes, want about 100", len(res.Log))
	}
}

func TestRun_ReportsScriptErrors(t *testing.T) {
	tests := []struct {
		name, src   string
		wantMessage string
		wantStack   string
	}{
		{"thrown error", "\nthrow new Error('boom')", "Error: boom", "script:2:"},
		{"type error", "function f() { return null.x }\n\nf()", "TypeError: cannot read property 'x' of null", "at f (script:1:"},
		{"thrown string", "throw 'str'", "uncaught str", ""},
		{"thrown object", "throw {code: 7}", `uncaught {"code":7}`, ""},
		{"syntax error", "const a = 1\nlet b = ;", "SyntaxError: unexpected token in expression: ';' (line 2, column 9)", ""},
		{"syntax error at end", "f(", "SyntaxError: unexpected token in expression: '}' (at the end of the script)", ""},
		{"static import", "import fs from 'fs'", "SyntaxError", ""},
		{"rejected promise", "await Promise.reject(new RangeError('r'))", "RangeError: r", ""},
		{"bigint result", "return 1n", "TypeError: the return value holds a BigInt, which JSON cannot hold: convert it first, with String(x) (exact) or Number(x) (when it is small enough)", ""},
		{"never settles", "await new Promise(() => {})", "script did not finish: it awaits a promise that nothing can settle", ""},
		{"timer callback throws", "setTimeout(() => { throw new Error('late') }, 0); await new Promise(r => setTimeout(r, 100))", "Error: late", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Run(t.Context(), Request{Source: tt.src}, echo)
			if res.Err == nil {
				t.Fatalf("Value = %s, want an error", res.Value)
			}
			if res.Value != nil {
				t.Errorf("Value = %s with an error, want nil", res.Value)
			}
			if !strings.HasPrefix(res.Err.Message, tt.wantMessage) || res.Err.Kind != KindException {
				t.Errorf("Err = %q (kind %s), want %q (kind exception)", res.Err.Message, res.Err.Kind, tt.wantMessage)
			}
			if !strings.Contains(res.Err.Stack, tt.wantStack) || strings.Contains(res.Err.Stack, "__sb_") {
				t.Errorf("Stack = %q, want it to contain %q and no prelude frame", res.Err.Stack, tt.wantStack)
			}
		})
	}
}

func TestRun_CallsTools(t *testing.T) {
	var mu sync.Mutex
	var got []string
	caller := callerFunc(func(_ context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
		mu.Lock()
		got = append(got, server+" "+tool+" "+string(args))
		mu.Unlock()
		return json.RawMessage(`{"sum": 3}`), nil
	})
	res := mustRun(t, `
		const a = await filesystem.get_sum()
		await filesystem.get_sum(undefined)
		await filesystem.get_sum(null)
		await filesystem.get_sum({})
		await filesystem.read_text_file({path: "/x", n: [1]})
		return a.sum`, caller)
	if string(res.Value) != "3" || res.Calls != 5 {
		t.Errorf("Value = %s, Calls = %d, want 3 and 5", res.Value, res.Calls)
	}
	want := []string{
		"file-system get-sum {}", "file-system get-sum {}", "file-system get-sum {}", "file-system get-sum {}",
		`filesystem read_text_file {"path":"/x","n":[1]}`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("calls:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestRun_RejectsNonObjectArguments(t *testing.T) {
	for _, arg := range []string{"[1]", "'s'", "3"} {
		res := Run(t.Context(), Request{Source: "await filesystem.get_sum(" + arg + ")", Namespaces: fsNamespace}, echo)
		if res.Err == nil || !strings.Contains(res.Err.Message, "file-system.get-sum: arguments must be an object") || res.Calls != 0 {
			t.Errorf("get_sum(%s): Err = %v, Calls = %d; want a TypeError and no call", arg, res.Err, res.Calls)
		}
	}
}

// A script that replaces globals the prelude uses, or pollutes
// Object.prototype, still gets readable errors that name the tool: the
// prelude's TypeError came from the global (TypeError = null gave "not a
// function"), and an Object.prototype.toJSON turned the description of
// every error into its own value ("an error that cannot be read").
func TestRun_PreludeIgnoresReplacedGlobals(t *testing.T) {
	tests := []struct{ src, want string }{
		{"TypeError = null; Error = 5; await filesystem.get_sum(3)", "TypeError: file-system.get-sum: arguments must be an object, not number"},
		{"globalThis.TypeError = function () { return {} }; await skills.x(3)", "TypeError: skills.x: arguments must be an object, not number"},
		{"Object.prototype.toJSON = function () { return 'tj' }; throw new Error('boom')", "Error: boom"},
		{"Object.prototype.toJSON = function () { return 'tj' }; throw 'str'", `uncaught str`},
		{"Object.prototype.toJSON = function () { return 'tj' }; await resources.read('s', 'u')", "resources.read:"},
	}
	caller := callerFunc(func(_ context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
		return nil, fmt.Errorf("%s.%s: %s", server, tool, args)
	})
	for _, tt := range tests {
		res := Run(t.Context(), Request{Source: tt.src, Namespaces: fsNamespace, Timeout: 10 * time.Second}, caller)
		if res.Err == nil || !strings.Contains(res.Err.Message, tt.want) {
			t.Errorf("%s:\n Err = %v\nwant %q", tt.src, res.Err, tt.want)
		}
	}
}

// A script that runs out of memory in a promise job (a Promise.all of
// 400,000 or a million promises) fails with a memory error that says so;
// its message was empty ("Error: "). (Near one size, 300,000 with the
// prelude of 2026-12-05, the engine instead runs out while queueing the
// jobs and drops those it has no memory for, silently: the script then
// awaits what nothing can settle and is told so. Where that size falls
// moves with the prelude's own memory, so the test keeps away from it.)
func TestRun_OutOfMemoryInPromiseJobSaysSo(t *testing.T) {
	for _, n := range []string{"4e5", "1e6"} {
		src := "const ps = []; for (let i = 0; i < " + n + "; i++) ps.push(Promise.resolve(i)); return (await Promise.all(ps)).length"
		res := Run(t.Context(), Request{Source: src, Timeout: slowFactor * 60 * time.Second, MemoryLimit: 64 << 20}, echo)
		if res.Err == nil || res.Err.Kind != KindMemory || !strings.Contains(res.Err.Message, "out of memory") {
			t.Errorf("%s promises: Value = %s, Err = %#v, want a memory error that says so", n, res.Value, res.Err)
		}
	}
}

func TestRun_ToolErrors(t *testing.T) {
	// The caller's message is the Error's message as it is: the caller
	// (the server) is the one place that names server and tool.
	caller := callerFunc(func(_ context.Context, server, tool string, _ json.RawMessage) (json.RawMessage, error) {
		return nil, errors.New(server + "." + tool + ": ENOENT: no such file")
	})
	t.Run("caught", func(t *testing.T) {
		res := mustRun(t, `
			try { await filesystem.read_text_file({path: "/nope"}) }
			catch (e) { return [e instanceof Error, e.message, e.server, e.tool] }`, caller)
		want := `[true,"filesystem.read_text_file: ENOENT: no such file","filesystem","read_text_file"]`
		if string(res.Value) != want {
			t.Errorf("Value = %s, want %s", res.Value, want)
		}
	})
	t.Run("uncaught", func(t *testing.T) {
		res := Run(t.Context(), Request{Source: `await filesystem.get_sum({})`, Namespaces: fsNamespace}, caller)
		want := Error{Message: "file-system.get-sum: ENOENT: no such file", Server: "file-system", Tool: "get-sum", Kind: KindException}
		if res.Err == nil || res.Err.Message != want.Message || res.Err.Server != want.Server || res.Err.Tool != want.Tool || res.Err.Kind != want.Kind {
			t.Errorf("Err = %+v, want %+v", res.Err, want)
		}
	})
	t.Run("invalid JSON", func(t *testing.T) {
		bad := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
			return json.RawMessage(`{bad`), nil
		})
		res := Run(t.Context(), Request{Source: `await filesystem.get_sum()`, Namespaces: fsNamespace}, bad)
		if res.Err == nil || res.Err.Message != "file-system.get-sum: tool returned invalid JSON" {
			t.Errorf("Err = %v", res.Err)
		}
	})
	t.Run("panic", func(t *testing.T) {
		panicky := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
			panic("oops")
		})
		res := Run(t.Context(), Request{Source: `await filesystem.get_sum()`, Namespaces: fsNamespace}, panicky)
		if res.Err == nil || !strings.Contains(res.Err.Message, "tool call panicked: oops") {
			t.Errorf("Err = %v", res.Err)
		}
	})
}

// TestRun_ToolCallsOverlap checks that calls under Promise.all are in flight
// together: each call waits until all n have started.
func TestRun_ToolCallsOverlap(t *testing.T) {
	const n = 10
	var started sync.WaitGroup
	started.Add(n)
	all := make(chan struct{})
	go func() { started.Wait(); close(all) }()
	caller := callerFunc(func(ctx context.Context, _, _ string, args json.RawMessage) (json.RawMessage, error) {
		started.Done()
		select {
		case <-all:
			return args, nil
		case <-ctx.Done():
			return nil, fmt.Errorf("calls did not overlap: %w", ctx.Err())
		}
	})
	res := Run(t.Context(), Request{
		Source:     `const r = await Promise.all([...Array(10).keys()].map(i => filesystem.get_sum({i}))); return r.map(x => x.i)`,
		Namespaces: fsNamespace,
		Timeout:    10 * time.Second,
	}, caller)
	if res.Err != nil || string(res.Value) != "[0,1,2,3,4,5,6,7,8,9]" {
		t.Errorf("Value = %s, Err = %v", res.Value, res.Err)
	}
}

func TestRun_MaxCalls(t *testing.T) {
	src := `for (let i = 0; i < 5; i++) await filesystem.get_sum()`
	res := Run(t.Context(), Request{Source: src, Namespaces: fsNamespace, MaxCalls: 3}, echo)
	if res.Err == nil || res.Err.Kind != KindLimit || !strings.Contains(res.Err.Message, "too many tool calls: the limit is 3 per script") || res.Calls != 3 {
		t.Errorf("Err = %v, Calls = %d; want a limit error after 3 calls", res.Err, res.Calls)
	}
	caught := `try { for (;;) await filesystem.get_sum() } catch (e) { return e.message }`
	res = Run(t.Context(), Request{Source: caught, Namespaces: fsNamespace, MaxCalls: 2}, echo)
	if res.Err != nil || !strings.Contains(string(res.Value), "too many tool calls") {
		t.Errorf("caught: Value = %s, Err = %v", res.Value, res.Err)
	}
}

func TestRun_MaxResult(t *testing.T) {
	tests := []struct {
		src  string
		want string
	}{
		{`return "x".repeat(100)`, "result is at least 102 bytes of JSON, over the limit of 50 bytes"},
		{`return "é".repeat(30)`, "result is at least 62 bytes of JSON, over the limit of 50 bytes"},
	}
	for _, tt := range tests {
		res := Run(t.Context(), Request{Source: tt.src, MaxResult: 50}, nil)
		if res.Err == nil || res.Err.Kind != KindLimit || !strings.HasPrefix(res.Err.Message, tt.want) {
			t.Errorf("%s: Err = %v, want %q", tt.src, res.Err, tt.want)
		}
		// Round sixty-six: the setting is named, and where it is set.
		if res.Err != nil && !strings.Contains(res.Err.Message, `(settings.maxResultBytes, set in the "settings" object of Switchboard's config): return less`) {
			t.Errorf("%s: %q does not name the setting", tt.src, res.Err.Message)
		}
	}
	if res := Run(t.Context(), Request{Source: `return "x".repeat(48)`, MaxResult: 50}, nil); res.Err != nil {
		t.Errorf("result of exactly the limit: %v", res.Err)
	}
}

func TestRun_FreshStatePerRun(t *testing.T) {
	mustRun(t, `globalThis.leak = 1; Array.prototype.evil = 1; filesystem.extra = 2; console.log = null`, nil)
	res := mustRun(t, `console.log("ok"); return [typeof leak, [].evil, "extra" in filesystem]`, nil)
	if string(res.Value) != `["undefined",null,false]` || res.Log != "ok\n" {
		t.Errorf("Value = %s, Log = %q", res.Value, res.Log)
	}
}

func TestRun_NoHostEscape(t *testing.T) {
	tests := []struct{ name, src, want string }{
		{"no host globals", `return [typeof require, typeof process, typeof module, typeof std, typeof os, typeof print, typeof fetch, typeof __sb_call, typeof __sb_log, typeof scriptArgs]`,
			`["undefined","undefined","undefined","undefined","undefined","undefined","undefined","undefined","undefined","undefined"]`},
		{"dynamic import", `try { await import("os"); return "imported" } catch (e) { return e.name }`, `"ReferenceError"`},
		{"function constructor", `const g = (function(){}).constructor("return this")(); return [g === globalThis, typeof g.process, typeof g.__sb_call]`, `[true,"undefined","undefined"]`},
		{"async function constructor", `const g = await (async function(){}).constructor("return this")(); return typeof g.require`, `"undefined"`},
		{"indirect eval", `return (0, eval)("typeof std + typeof os")`, `"undefinedundefined"`},
		{"prelude closures stay hidden", `return Object.getOwnPropertyNames(globalThis).filter(n => n.startsWith("__")).length`, "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := mustRun(t, tt.src, nil)
			if string(res.Value) != tt.want {
				t.Errorf("Value = %s, want %s", res.Value, tt.want)
			}
		})
	}
}

func TestRun_Timers(t *testing.T) {
	res := mustRun(t, `
		const order = []
		const id = setTimeout(() => order.push("cleared"), 0)
		clearTimeout(id)
		await new Promise(r => setTimeout(() => { order.push("b"); r() }, 2))
		await new Promise(r => setTimeout(x => { order.push(x); r() }, 0, "a"))
		return order`, nil)
	if string(res.Value) != `["b","a"]` {
		t.Errorf("Value = %s", res.Value)
	}
}

func TestRun_Namespaces(t *testing.T) {
	nss := append([]Namespace{{Ident: "empty"}}, fsNamespace...)
	tests := []struct{ name, src, want string }{
		{"functions", `return [typeof filesystem, Object.keys(filesystem), typeof filesystem.get_sum, filesystem.get_sum() instanceof Promise]`,
			`["object",["read_text_file","get_sum"],"function",true]`},
		{"same object each time", `return filesystem === filesystem`, "true"},
		{"destructured", `const {get_sum} = filesystem; return (await get_sum({a: 1})).tool`, `"get-sum"`},
		{"empty namespace", `return Object.keys(empty)`, "[]"},
		{"reassigned", `filesystem = 1; return filesystem`, "1"},
		{"shadowed", `const filesystem = 2; return filesystem`, "2"},
		{"listed on globalThis", `return "filesystem" in globalThis && !Object.keys(globalThis).includes("filesystem")`, "true"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := Run(t.Context(), Request{Source: tt.src, Namespaces: nss}, echo)
			if res.Err != nil || string(res.Value) != tt.want {
				t.Errorf("Value = %s, Err = %v; want %s", res.Value, res.Err, tt.want)
			}
		})
	}
}

// TestRun_NothingLeaksBetweenRuns checks that a script never sees what an
// earlier one left in its VM, whether or not the next VM was made ready
// in the background with the same namespaces.
func TestRun_NothingLeaksBetweenRuns(t *testing.T) {
	nss := []Namespace{{Ident: "fs", Functions: []Function{{Ident: "read", Server: "fs", Tool: "read"}}}}
	dirty := `globalThis.secret = "s1"; Object.prototype.leak = "p1"; fs.extra = 1; Array.prototype.map = null; return 1`
	check := `return [typeof secret, ({}).leak === undefined, !Object.hasOwn(fs, "extra"), typeof [].map]`
	for _, recycleFirst := range []bool{true, false} {
		res, recycle := RunDeferred(context.Background(), Request{Source: dirty, Namespaces: nns(nss)}, echo)
		if res.Err != nil {
			t.Fatal(res.Err)
		}
		if recycleFirst {
			recycle()
		} else {
			go recycle()
		}
		res = Run(context.Background(), Request{Source: check, Namespaces: nns(nss)}, echo)
		if res.Err != nil || string(res.Value) != `["undefined",true,true,"function"]` {
			t.Errorf("recycled first %v: got %s, %v", recycleFirst, res.Value, res.Err)
		}
	}
}

// nns copies nss, so that no run shares a slice with another.
func nns(nss []Namespace) []Namespace { return append([]Namespace(nil), nss...) }

// TestRun_ReadyVMHasNoOtherNamespaces checks that the VM made ready with
// one session's namespaces is not given to a script with others: the
// script sees its own servers only.
func TestRun_ReadyVMHasNoOtherNamespaces(t *testing.T) {
	a := []Namespace{{Ident: "alpha", Functions: []Function{{Ident: "secret_tool", Server: "alpha", Tool: "secret_tool"}}}}
	b := []Namespace{{Ident: "beta", Functions: []Function{{Ident: "t", Server: "beta", Tool: "t"}}}}
	res, recycle := RunDeferred(context.Background(), Request{Source: `return typeof alpha.secret_tool`, Namespaces: a}, echo)
	if res.Err != nil || string(res.Value) != `"function"` {
		t.Fatal(string(res.Value), res.Err)
	}
	recycle() // the spare now has alpha installed
	res = Run(context.Background(), Request{Source: `return [typeof alpha, (await beta.t({x: 1})).tool]`, Namespaces: b}, echo)
	if res.Err != nil || string(res.Value) != `["undefined","t"]` {
		t.Errorf("got %s, %v; want alpha absent and beta working", res.Value, res.Err)
	}
	// Spec given directly is the same as Namespaces.
	res = Run(context.Background(), Request{Source: `return typeof beta.t`, Spec: NamespaceSpec(b), Namespaces: a}, echo)
	if res.Err != nil || string(res.Value) != `"function"` {
		t.Errorf("with Spec: got %s, %v", res.Value, res.Err)
	}
}

// A stack overflow's frames, all the same, come as one frame and a count.
func TestRun_StackOverflowStackIsShort(t *testing.T) {
	res := Run(t.Context(), Request{Source: "function f(n) { return f(n + 1) + 1 }\nreturn f(0)"}, echo)
	if res.Err == nil {
		t.Fatalf("Value = %s, want an error", res.Value)
	}
	if len(res.Err.Stack) > 1024 || !strings.Contains(res.Err.Stack, "at f (script:1:") || !strings.Contains(res.Err.Stack, "the frame above") {
		t.Errorf("Stack (%d bytes) = %.400q, want one frame of f and a count", len(res.Err.Stack), res.Err.Stack)
	}
}

func TestCleanStack_CountsRepeatedFrames(t *testing.T) {
	in := "    at f (<eval>:3:5)\n    at f (<eval>:3:5)\n    at f (<eval>:3:5)\n    at g (<eval>:7:1)\n    at __sb_run (prelude)\n    at <eval> (<eval>:9:1)\n"
	want := "    at f (script:3:5)\n    ... the frame above 2 more times\n    at g (script:7:1)\n    at <eval> (script:9:1)"
	if got := cleanStack(in); got != want {
		t.Errorf("cleanStack =\n%s\nwant\n%s", got, want)
	}
}
