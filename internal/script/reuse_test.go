package script

import (
	"context"
	"testing"
	"time"
)

// keptEngine returns the engine kept for the next script, or nil.
func keptEngine() *engine {
	spares.mu.Lock()
	defer spares.mu.Unlock()
	return spares.kept
}

// warmSession runs scripts of session until its next script finds a VM
// kept for it: the first may get one made for no session, which the
// maker does not seal.
func warmSession(session string) {
	for range 3 {
		Run(context.Background(), Request{Source: `return 1`, Namespaces: reuseNS, Session: session}, echo)
	}
}

var reuseNS = []Namespace{{Ident: "fs", Functions: []Function{{Ident: "read", Server: "file-system", Tool: "read-file"}}}}

// TestRun_ASessionsVMRunsItsNextScript: a script that leaves its VM as it
// found it (globals it added are deleted) hands it to the next script of
// its session, which finds nothing of it.
func TestRun_ASessionsVMRunsItsNextScript(t *testing.T) {
	warmSession("s1")
	for _, src := range []string{
		`return 1`,
		`const r = [await fs.read({a: 1})]; return r[0]`,
		`return [1, 2, 3].map(x => x * 2).join(",") + JSON.stringify(new Map([[1, 2]]))`,
		`return "abc".replace(/b/g, "x") + new Date(0).toISOString() + Math.max(1, 2)`,
		`async function* g() { yield 1 } for await (const v of g()) {} return [...new Set([1])].length`,
		`class E extends Error { constructor(m) { super(m); this.name = "E" } } try { throw new E("m") } catch (e) { return e.name }`,
		`x = 1; globalThis.y = 2; (0, eval)("var z = 3"); return x + y + z`,
		`globalThis.s = Symbol.for("k"); new Promise(() => {}); return Symbol.keyFor(s)`,
		`await new Promise(r => setTimeout(r, 1)); console.log("hi"); return 1`,
		`globalThis.t = 1; throw new Error("thrown")`,
		`return Object.keys(fs).concat(Reflect.ownKeys(globalThis).length > 0)`,
	} {
		res := Run(context.Background(), Request{Source: src, Namespaces: reuseNS, Session: "s1"}, echo)
		if keptEngine() == nil {
			t.Errorf("%s: the VM was not kept (%s, %v)", src, res.Value, res.Err)
		}
		check := `return [typeof x, typeof y, typeof z, typeof s, typeof t, setTimeout(() => {}, 0)]`
		res = Run(context.Background(), Request{Source: check + `; `, Namespaces: reuseNS, Session: "s1"}, echo)
		if want := `["undefined","undefined","undefined","undefined","undefined",1]`; res.Err != nil || string(res.Value) != want {
			t.Errorf("after %s: got %s, %v; want %s", src, res.Value, res.Err, want)
		}
	}
}

// TestRun_NothingAScriptChangesReachesItsSessionsNextScript: a script
// that changes what a fresh VM has (a built-in, its prototype, a global
// it replaces or deletes, a namespace, the prelude's functions) or that
// leaves a timer has its VM closed; the next script of the session gets
// a VM no script ran in.
func TestRun_NothingAScriptChangesReachesItsSessionsNextScript(t *testing.T) {
	for _, tc := range []struct{ dirty, check, want string }{
		{`Object.prototype.leak = 1`, `return ({}).leak === undefined`, `true`},
		{`Array.prototype.map = null`, `return [1].map(x => x + 1)`, `[2]`},
		{`Array.prototype[0] = "p"`, `return [][0] === undefined`, `true`},
		{`Function.prototype.call = null`, `return typeof Function.prototype.call`, `"function"`},
		{`Promise.prototype.then = function () { return 7 }`, `return await Promise.resolve(1)`, `1`},
		{`Promise.resolve = null`, `return typeof Promise.resolve`, `"function"`},
		{`JSON.parse = () => 42`, `return JSON.parse("1")`, `1`},
		{`JSON = null`, `return JSON.stringify({a: 1})`, `"{\"a\":1}"`},
		{`delete globalThis.console`, `return typeof console`, `"object"`},
		{`globalThis.fs = 5`, `return typeof fs.read`, `"function"`},
		{`fs.extra = 1; Object.defineProperty(fs, "read", {value: 1})`, `return [typeof fs.read, Object.hasOwn(fs, "extra")]`, `["function",false]`},
		{`console.log = null`, `return typeof console.log`, `"function"`},
		{`setTimeout.x = 1; progress.y = 2`, `return [setTimeout.x, progress.y]`, `[null,null]`},
		{`skills.save.x = 1`, `return skills.save.x === undefined`, `true`},
		{`Math.tau = 6.28; Object.freeze(Math)`, `return [typeof Math.tau, Object.isFrozen(Math)]`, `["undefined",false]`},
		{`Object.getPrototypeOf(async function* () {}).prototype.x = 1`, `return Object.getPrototypeOf(async function* () {}).prototype.x === undefined`, `true`},
		{`Object.getPrototypeOf([][Symbol.iterator]()).next = () => ({done: true})`, `return [...[1, 2]]`, `[1,2]`},
		{`Error.prototype.toJSON = null`, `return new Error("e")`, `{"name":"Error","message":"e"}`},
		{`(0, eval)("let lex = 1; const c = 2; class K {}")`, `return [typeof lex, typeof c, typeof K]`, `["undefined","undefined","undefined"]`},
		{`Object.defineProperty(globalThis, "nc", {value: 1})`, `return typeof nc`, `"undefined"`},
		{`Object.preventExtensions(globalThis)`, `x = 1; return x`, `1`},
		{`Object.setPrototypeOf(globalThis, null)`, `return typeof globalThis.hasOwnProperty`, `"function"`},
		{`setTimeout(() => { globalThis.late = 1 }, 5)`, `await new Promise(r => setTimeout(r, 20)); return typeof late`, `"undefined"`},
		{`new WeakRef(Object.prototype); new FinalizationRegistry(() => { globalThis.fin = 1 }).register({}, 0)`, `return typeof fin`, `"undefined"`},
		{`globalThis.reg = new FinalizationRegistry(() => { globalThis.fin = 1 }); const o = {}; o.o = o; reg.register(o, 0)`, `await null; return typeof fin`, `"undefined"`},
	} {
		// The dirty script runs in a VM kept for its session; its own
		// outcome is a fresh VM's (one that breaks
		// Promise.prototype.then never settles).
		warmSession("s1")
		if keptEngine() == nil {
			t.Fatal("no VM kept")
		}
		Run(context.Background(), Request{Source: tc.dirty + "; return 1", Namespaces: reuseNS, Session: "s1"}, echo)
		res := Run(context.Background(), Request{Source: tc.check, Namespaces: reuseNS, Session: "s1"}, echo)
		if res.Err != nil || string(res.Value) != tc.want {
			t.Errorf("after %s: got %s, %v; want %s", tc.dirty, res.Value, res.Err, tc.want)
		}
	}
}

// TestRun_AnotherSessionNeverGetsAUsedVM: the VM kept for a session's next
// script goes to no other session, nor to a script of no session.
func TestRun_AnotherSessionNeverGetsAUsedVM(t *testing.T) {
	spec := NamespaceSpec(reuseNS)
	warmSession("a")
	k := keptEngine()
	if k == nil {
		t.Fatal("no VM kept")
	}
	for _, session := range []string{"b", ""} {
		g, err := takeEngine(spec, session)
		if err != nil {
			t.Fatal(err)
		}
		if g == k {
			t.Errorf("session %q got session a's VM", session)
		}
		g.close()
	}
	if g, err := takeEngine(NamespaceSpec(nil), "a"); err != nil || g == k {
		t.Errorf("other namespaces got the kept VM (%v)", err)
	} else {
		g.close()
	}
	if keptEngine() != k {
		t.Fatal("the kept VM went")
	}
}

// TestRun_AVMThatHitALimitIsNotKept: a script that timed out, ran out of
// memory or hit a limit never hands its VM on.
func TestRun_AVMThatHitALimitIsNotKept(t *testing.T) {
	for _, tc := range []struct {
		src string
		req Request
	}{
		{`while (true) {}`, Request{Timeout: 50 * time.Millisecond}},
		{`const a = []; while (true) a.push("x".repeat(1000))`, Request{MemoryLimit: 8 << 20}},
		{`return "x".repeat(100)`, Request{MaxResult: 10}},
		{`for (let i = 0; i < 3; i++) await fs.read({}); return 1`, Request{MaxCalls: 2}},
		{`fs.read({}); return 1`, Request{}},
	} {
		warmSession("s1")
		if k := keptEngine(); k == nil || k.session != "s1" {
			t.Fatal("no VM kept for s1")
		}
		req := tc.req
		req.Source, req.Namespaces, req.Session = tc.src, reuseNS, "s1"
		Run(context.Background(), req, echo)
		if keptEngine() != nil {
			t.Errorf("%s: its VM was kept", tc.src)
		}
	}
}

// BenchmarkEngine_Make is making an engine with 10 namespaces of 20
// tools, its objects recorded (seal), and closing it: what the maker pays
// for a VM that is not reused.
func BenchmarkEngine_Make(b *testing.B) {
	spec := NamespaceSpec(benchNamespaces())
	for b.Loop() {
		g, err := newEngine()
		if err != nil {
			b.Fatal(err)
		}
		if err := g.installSpec(spec); err != nil {
			b.Fatal(err)
		}
		if err := g.seal(); err != nil {
			b.Fatal(err)
		}
		g.close()
	}
}

// BenchmarkRun_TrivialSession is BenchmarkRun_Trivial for one session's
// scripts, whose VM is reused (BenchmarkRun_Trivial's scripts have no
// session: each gets a VM made for it, not sealed).
func BenchmarkRun_TrivialSession(b *testing.B) {
	req := Request{Source: "return 1 + 1", Namespaces: benchNamespaces(), Session: "bench"}
	for b.Loop() {
		if res := Run(context.Background(), req, echo); res.Err != nil {
			b.Fatal(res.Err)
		}
	}
}
