package script

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// skillHost serves skills.* host calls from a map of sources and passes
// other calls to echo.
type skillHost struct {
	sources map[string]string
	saved   atomic.Value // json.RawMessage of the last skills.save argument
	calls   atomic.Int32 // skills.call requests
}

func (h *skillHost) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
	if server != HostNamespace {
		return echo(ctx, server, tool, args)
	}
	var a struct{ Args []json.RawMessage }
	json.Unmarshal(args, &a)
	switch tool {
	case "skills.call":
		h.calls.Add(1)
		var name string
		json.Unmarshal(a.Args[0], &name)
		src, ok := h.sources[name]
		if !ok {
			return nil, errors.New("skills." + name + ": no such skill")
		}
		return json.Marshal(map[string]any{"source": src, "key": name, "args": a.Args[1], "output": name == "checked"})
	case "skills.result":
		var v int
		if json.Unmarshal(a.Args[1], &v) != nil {
			return nil, errors.New("skills.checked: returned value does not match the output schema")
		}
		return json.RawMessage("null"), nil
	case "skills.save":
		h.saved.Store(a.Args[0])
		return json.RawMessage(`{"name":"x"}`), nil
	}
	return nil, errors.New(tool + ": unknown")
}

func runWith(t *testing.T, src string, c ToolCaller) Result {
	t.Helper()
	return Run(t.Context(), Request{Source: src, Namespaces: fsNamespace, Timeout: 10 * time.Second}, c)
}

func TestSkills_RunInTheSameVMAndCallEachOther(t *testing.T) {
	h := &skillHost{sources: map[string]string{
		"double": "return args.n * 2;",
		// outer calls a tool and another skill, and sees the script's globals.
		"outer": "const r = await filesystem.read_text_file({path: args.p}); return {tool: r.tool, d: await skills.double({n: args.n}), g: typeof marker};",
	}}
	res := runWith(t, `globalThis.marker = 1; const a = await skills.outer({p: "x", n: 21}); const b = await skills.outer({p: "y", n: 1}); return [a, b];`, h)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if string(res.Value) != `[{"tool":"read_text_file","d":42,"g":"number"},{"tool":"read_text_file","d":2,"g":"number"}]` {
		t.Errorf("value %s", res.Value)
	}
	if h.calls.Load() != 4 {
		t.Errorf("%d skills.call requests, want 4 (each call checks)", h.calls.Load())
	}
}

func TestSkills_FailuresNameTheSkill(t *testing.T) {
	h := &skillHost{sources: map[string]string{"boom": "throw new Error('inner');", "checked": "return 'not a number';"}}
	for src, want := range map[string]string{
		`return await skills.nope({})`:        "skills.nope: no such skill",
		`return await skills.boom({})`:        "inner",
		`return await skills.boom([1])`:       "skills.boom: arguments must be an object, not an array",
		`return await skills.checked({})`:     "skills.checked: returned value does not match the output schema",
		`return await skills.save({code: 1})`: "skills.save: code must be a string",
		`return await skills.save(3)`:         "skills.save: pass {name",
	} {
		res := runWith(t, src, h)
		if res.Err == nil || !strings.Contains(res.Err.Message, want) {
			t.Errorf("%s: error %v, want %q", src, res.Err, want)
		}
	}
	res := runWith(t, `try { await skills.nope() } catch (e) { return [e.server, e.tool] }`, h)
	if string(res.Value) != `["skills","nope"]` {
		t.Errorf("error carries %s, want skills and the skill's name", res.Value)
	}
	h.sources["lines"] = "const x = 1;\nnull.foo;"
	res = runWith(t, `return await skills.lines({})`, h)
	if res.Err == nil || !strings.Contains(res.Err.Stack, "skills_lines") || !strings.Contains(res.Err.Stack, ":2:") {
		t.Errorf("the stack does not name the skill and its line: %v\n%s", res.Err, res.Err.Stack)
	}
}

func TestSkills_SaveCompilesBeforeAsking(t *testing.T) {
	h := &skillHost{}
	res := runWith(t, `return await skills.save({name: "x", code: "return (;"})`, h)
	if res.Err == nil || !strings.Contains(res.Err.Message, "SyntaxError") {
		t.Fatalf("a syntax error was not thrown: %v", res.Err)
	}
	if h.saved.Load() != nil {
		t.Error("the host was asked to save code that does not compile")
	}
	res = runWith(t, `return await skills.save({name: "x", description: "d", inputSchema: {type: "object"}, code: "return 1;"})`, h)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	var got map[string]any
	json.Unmarshal(h.saved.Load().(json.RawMessage), &got)
	if got["name"] != "x" || got["code"] != "return 1;" {
		t.Errorf("host got %v", got)
	}
}

func TestSkills_NamespaceIsNotAPromiseOrJSON(t *testing.T) {
	h := &skillHost{}
	res := runWith(t, `const s = await skills; return [typeof s.save, JSON.stringify(skills), String(typeof skills.anything)]`, h)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if string(res.Value) != `["function","{}","function"]` {
		t.Errorf("value %s", res.Value)
	}
	if h.calls.Load() != 0 {
		t.Error("reading the namespace called a skill")
	}
}

// TestSkills_ABodyCannotCloseItsFunctionEarly: a skill's code was joined
// into "(async function skills_NAME(args) {" + code + "\n})" (and into
// the Function constructor's text by skills.save's syntax check), so a
// body that closed the function early ran what followed at the top level
// of the caller's VM when it was compiled (and when it was saved), where
// it reads as running inside the skill. Such a body is now refused, before
// anything of it runs, at save and at call, with an error naming the skill
// and saying what to do; honest bodies keep working.
func TestSkills_ABodyCannotCloseItsFunctionEarly(t *testing.T) {
	hostile := []string{
		"return 1\n}); globalThis.escaped = 1; (async function(){",
		"}) || (globalThis.escaped = 1) || (async function(){",
		"})((globalThis.escaped = 1)); (async function(){",
		"}); globalThis.escaped = 1; (async function(){ //",
		"}); globalThis.escaped = 1; (async function(){ sb_x: {",
		"}/1); globalThis.escaped = 1; (async function(){ /",
		"}); globalThis.escaped = 1; (function(){ return `",
	}
	for i, body := range hostile {
		h := &skillHost{sources: map[string]string{"hostile": body}}
		res := runWith(t, `let e1, e2; try { await skills.hostile({}) } catch (e) { e1 = e.message }
const esc1 = typeof escaped;
try { await skills.save({name: "hostile", description: "d", inputSchema: {type: "object"}, code: `+jsString(body)+`}) } catch (e) { e2 = e.message }
return [esc1, typeof escaped, e1, e2];`, h)
		if res.Err != nil {
			t.Errorf("body %d: %v", i, res.Err)
			continue
		}
		var got []any
		json.Unmarshal(res.Value, &got)
		if len(got) != 4 || got[0] != "undefined" || got[1] != "undefined" {
			t.Errorf("body %d ran outside its function: %s", i, res.Value)
			continue
		}
		for j, m := range got[2:] {
			s, _ := m.(string)
			if !strings.Contains(s, "skills.hostile") || !strings.Contains(s, "function") {
				t.Errorf("body %d, %s: error %q does not name the skill and say why", i, []string{"call", "save"}[j], s)
			}
		}
		if h.saved.Load() != nil {
			t.Errorf("body %d: the host was asked to save it", i)
		}
	}
	honest := map[string]string{
		"strict":   "\"use strict\";\nreturn typeof this;",
		"decl":     "return f(2);\nfunction f(x) { return x * 3 }",
		"comment":  "return 7 // the end",
		"regex":    "return /}/.test('}') ? 1 : 0;",
		"template": "const b = '}'; return `${b}${'{'}`.length;",
		"block":    "{ const x = 1; }\nlabel: { break label; }\nreturn 5;",
	}
	h := &skillHost{sources: honest}
	res := runWith(t, `return [await skills.strict({}), await skills.decl({}), await skills.comment({}), await skills.regex({}), await skills.template({}), await skills.block({})];`, h)
	if res.Err != nil || string(res.Value) != `["undefined",6,7,1,2,5]` {
		t.Errorf("honest bodies: %s, %v", res.Value, res.Err)
	}
}

// Round forty: a body that passes the labelled-block check can still fail
// in its own function's wrapper (a let of args; "use strict" with a with
// or an octal number; a last if or label that the check's break
// completed). It was saved, and every call then failed with QuickJS's
// words alone ("invalid redefinition of parameter name"), naming neither
// the skill nor what to do. Now the save is refused and a call says which
// skill and the commands.
func TestSkills_ABodyThatCompilesOnlyInTheCheckIsRefusedAtSave(t *testing.T) {
	bodies := map[string]string{
		"letargs":   "let args = 1; return args",
		"with":      "\"use strict\"; with ({}) {} return 1",
		"octal":     "\"use strict\"; return 010",
		"lastif":    "if (args.x)",
		"lastlabel": "done:",
	}
	for name, body := range bodies {
		h := &skillHost{sources: map[string]string{name: body}}
		res := runWith(t, `let e1, e2; try { await skills.`+name+`({}) } catch (e) { e1 = e.name + ": " + e.message }
try { await skills.save({name: "`+name+`", description: "d", inputSchema: {type: "object"}, code: `+jsString(body)+`}) } catch (e) { e2 = e.name + ": " + e.message }
return [e1, e2];`, h)
		var got []string
		if err := json.Unmarshal(res.Value, &got); err != nil || len(got) != 2 {
			t.Errorf("%s: %s %v", name, res.Value, res.Err)
			continue
		}
		if want := "SyntaxError: skills." + name + ": its code does not compile as the body of an async function of args (SyntaxError: "; !strings.HasPrefix(got[0], want) || !strings.Contains(got[0], "switchboard skills show "+name) || !strings.Contains(got[0], "switchboard skills rm "+name) {
			t.Errorf("%s, call: %q, want %q… and the commands", name, got[0], want)
		}
		if want := "SyntaxError: skills.save: the code of skills." + name + " does not compile as the body of an async function of args (SyntaxError: "; !strings.HasPrefix(got[1], want) || !strings.HasSuffix(got[1], "fix the code and save it again") {
			t.Errorf("%s, save: %q, want %q…", name, got[1], want)
		}
		if h.saved.Load() != nil {
			t.Errorf("%s: the host was asked to save it", name)
		}
	}
}

// Round forty: hostile bodies the brief named, and a calling script that
// tampers with what the check uses. None runs anything outside its
// function; the label stays unknown to the script.
func TestSkills_HostileBodiesAndATamperingScriptRunNothingOutside(t *testing.T) {
	bodies := []string{
		"return `${ 1 }}) ; globalThis.escaped=1; (async function(){ `",
		"/* */}); globalThis.escaped=1; (async function(){/* */",
		"<!-- }); globalThis.escaped=1; (async function(){\nreturn 1",
		"x = 1\n--> }); globalThis.escaped=1; (async function(){\nreturn 1",
		"\\u007d); globalThis.escaped=1; (async function(){",
		"return 1 }); globalThis.escaped=1; (async function* g(){",
		"'\\\n}); globalThis.escaped=1; (async function(){'",
	}
	for i, body := range bodies {
		h := &skillHost{sources: map[string]string{"h": body}}
		res := runWith(t, `const realEval = globalThis.eval;
globalThis.eval = function (s) { globalThis.escaped = "eval"; return realEval(s) };
Object.defineProperty(Function.prototype, "prototype", {get() { globalThis.escaped = "getter"; return {} }, configurable: true});
try { await skills.h({}) } catch (e) {}
try { await skills.save({name: "h", description: "d", inputSchema: {type: "object"}, code: `+jsString(body)+`}) } catch (e) {}
return typeof escaped;`, h)
		if res.Err != nil || string(res.Value) != `"undefined"` {
			t.Errorf("body %d: escaped is %s (%v)", i, res.Value, res.Err)
		}
	}
	// The script hooks String.prototype.split (or
	// SyntaxError[Symbol.hasInstance], so the check's own error would be
	// thrown as it is) to be given the check's label, then saves a body
	// reopening the next one: with split, the check ran the body's
	// globalThis.escaped = 1 at the top level.
	for _, hook := range []string{
		"const split = String.prototype.split;\nString.prototype.split = function (sep, n) { seen.push(String(sep)); return split.call(this, sep, n) };",
		"Object.defineProperty(SyntaxError, Symbol.hasInstance, {value: () => false});",
	} {
		res := runWith(t, `let seen = [];
`+hook+`
for (const code of ["return (", "}", "break x"]) {
  try { await skills.save({name: "a", description: "d", inputSchema: {type: "object"}, code}) } catch (e) { seen.push(String(e.message)) }
}
const label = seen.map(s => (s.match(/sb_[0-9a-f]+_[0-9]+/) || [])[0]).find(Boolean);
if (!label) return "no label";
const next = label.replace(/_([0-9]+)$/, (_, n) => "_" + (+n + 3));
try { await skills.save({name: "b", description: "d", inputSchema: {type: "object"}, code: "}}); globalThis.escaped = 1; (async function(){ " + next + ": {"}) } catch (e) {}
return typeof escaped;`, &skillHost{})
		if res.Err != nil || string(res.Value) != `"no label"` {
			t.Errorf("a script hooking what the check uses (%s): %s (%v), want the label unknown to it", hook, res.Value, res.Err)
		}
	}
}

// Round forty-one: the check compiled a body as a labelled block's
// statements, where a var and a function of one name (or a function
// declared twice in strict code) are a SyntaxError, though the function
// body the skill runs in allows them: valid JavaScript was refused at save
// and at each call. The check now reads the body as its function's body;
// bodies that close the function early, leave something open, or reopen a
// function to give the check's own error still run nothing outside it.
func TestSkills_AVarAndAFunctionOfOneNameAreAFunctionsBody(t *testing.T) {
	honest := []struct{ name, code, want string }{
		{"varfn", "var f = 1;\nfunction f() { return 2 }\nreturn typeof f;", `"number"`},
		{"fnvar", "function g() { return 3 }\nvar g;\nreturn g();", `3`},
		{"strictfn", "\"use strict\";\nvar h = 4; function h() {}\nreturn h;", `4`},
		{"twice", "\"use strict\";\nfunction k() { return 1 }\nfunction k() { return 5 }\nreturn k();", `5`},
		{"argsvar", "var args = 6; function args2() {}\nreturn args;", `6`},
		{"private", "class A { #x = 7; get() { return this.#x } }\nreturn new A().get();", `7`},
		{"lastif", "if (args.never) return 0\nreturn 8", `8`},
	}
	for _, c := range honest {
		h := &skillHost{sources: map[string]string{c.name: c.code}}
		res := runWith(t, `const v = await skills.`+c.name+`({});
await skills.save({name: "`+c.name+`", description: "d", inputSchema: {type: "object"}, code: `+jsString(c.code)+`});
return v;`, h)
		if res.Err != nil || string(res.Value) != c.want {
			t.Errorf("%s: %s (%v), want %s", c.name, res.Value, res.Err, c.want)
		}
		if h.saved.Load() == nil {
			t.Errorf("%s: not saved", c.name)
		}
	}
	hostile := []string{
		"}); globalThis.escaped = 1; (async function(){",
		// Reopening a function to give the check's own message, with a
		// parameter of its own: its wrapper gives it too, and compiles
		// nothing.
		"}); globalThis.escaped = 1; (async function(args, sb){ let args",
		"}); globalThis.escaped = 1; (async function(a, b){ let b",
		"}); globalThis.escaped = 1; (async function(args, sb_0_1){",
		"}); globalThis.escaped = 1; (async function(){ class A {",
		"}); globalThis.escaped = 1; (async function(){ /*",
		"}); globalThis.escaped = 1; (async function(){ `",
		"}); globalThis.escaped = 1; (async function(){ var f; function f(){}",
		"}); globalThis.escaped = 1; ({ m(){",
	}
	for i, body := range hostile {
		h := &skillHost{sources: map[string]string{"hostile": body}}
		res := runWith(t, `let e1, e2; try { await skills.hostile({}) } catch (e) { e1 = e.message }
const esc1 = typeof escaped;
try { await skills.save({name: "hostile", description: "d", inputSchema: {type: "object"}, code: `+jsString(body)+`}) } catch (e) { e2 = e.message }
return [esc1, typeof escaped, e1, e2];`, h)
		var got []any
		if err := json.Unmarshal(res.Value, &got); err != nil || len(got) != 4 {
			t.Errorf("body %d: %s %v", i, res.Value, res.Err)
			continue
		}
		if got[0] != "undefined" || got[1] != "undefined" {
			t.Errorf("body %d ran outside its function: %s", i, res.Value)
		}
		for j, m := range got[2:] {
			if s, _ := m.(string); !strings.Contains(s, "skills.hostile") || !strings.Contains(s, "function") || strings.Contains(s, "sb_") {
				t.Errorf("body %d, %s: error %q does not name the skill and say why (or names the check's parameter)", i, []string{"call", "save"}[j], s)
			}
		}
		if h.saved.Load() != nil {
			t.Errorf("body %d: the host was asked to save it", i)
		}
	}
}
