package script

import (
	"strings"
	"testing"
	"time"
)

// An Error, Map or Set that holds itself (an error its own cause, two
// errors each other's, a map its own value) is a cycle, said as one: each
// toJSON gave a new object, which JSON.stringify's check for cycles never
// saw again, so it recursed until the stack ran out and the script heard
// "nested too deeply" (round 107). The same value twice, no cycle, is
// still turned into JSON twice, and an error changed after a first
// conversion is converted as it is now.
func TestRun_AnErrorMapOrSetHoldingItselfIsACycle(t *testing.T) {
	for src, want := range map[string]string{
		"const e = new Error('x'); e.cause = e; return e":                                    "refers to itself (a circular reference)",
		"const e = new Error('x'); e.self = [e]; return {e}":                                 "refers to itself (a circular reference)",
		"const a = new Error('a'), b = new Error('b'); a.cause = b; b.cause = a; return [a]": "refers to itself (a circular reference)",
		"const m = new Map(); m.set('self', m); return m":                                    "refers to itself (a circular reference)",
		"const s = new Set(); s.add(s); return s":                                            "refers to itself (a circular reference)",
		"const m = new Map(), s = new Set([m]); m.set('s', s); return {m}":                   "refers to itself (a circular reference)",
		"const e = new Error('x'); e.cause = e; await s.t({e})":                              "s.t: there is a circular reference in the arguments",
	} {
		res := Run(t.Context(), Request{Source: src, Namespaces: []Namespace{{Ident: "s", Functions: []Function{{Ident: "t", Server: "s", Tool: "t"}}}}, Timeout: slowFactor * 30 * time.Second}, nil)
		if res.Err == nil || !strings.Contains(res.Err.Message, want) {
			t.Errorf("%s: Err = %+v, want %q", src, res.Err, want)
		}
	}
	for src, want := range map[string]string{
		"const e = new Error('x'); return [e, e, {e}]":                                                  `[{"name":"Error","message":"x"},{"name":"Error","message":"x"},{"e":{"name":"Error","message":"x"}}]`,
		"const e = new Error('x'); JSON.stringify(e); e.message = 'y'; e.n = 1; return e":               `{"name":"Error","message":"y","n":1}`,
		"const m = new Map([['a', 1]]); JSON.stringify(m); m.delete('a'); m.set('b', 2); return [m, m]": `[{"b":2},{"b":2}]`,
		"const s = new Set([1, 2]); JSON.stringify(s); s.delete(1); return {s, t: s}":                   `{"s":[2],"t":[2]}`,
	} {
		res := mustRun(t, src, nil)
		if string(res.Value) != want {
			t.Errorf("%s: Value = %s, want %s", src, res.Value, want)
		}
	}
}

// A getter, toJSON or Proxy trap of the returned value that throws what
// is no Error (throw 42) is said as what went wrong after the script
// returned, as an Error thrown there is: it was "uncaught 42" alone. A
// thrown Proxy whose traps throw, or an Error whose name getter throws,
// still settles the run.
func TestRun_ANonErrorThrownTurningTheResultIntoJSONIsSaid(t *testing.T) {
	for src, want := range map[string]string{
		"return {get x() { throw 42 }}":        "turning the return value into JSON: a getter, toJSON method or Proxy of the value threw 42: return plain data",
		"return {get x() { throw undefined }}": "threw undefined: return plain data",
		"return {toJSON() { throw 'no' }}":     "threw no: return plain data",
		"return {get x() { throw new Proxy({}, {getPrototypeOf() { throw 1 }, get() { throw 2 }}) }}":                   "turning the return value into JSON",
		"return {get x() { const e = new Error('m'); Object.defineProperty(e, 'name', {get() { throw 3 }}); throw e }}": "turning the return value into JSON",
	} {
		res := Run(t.Context(), Request{Source: src, Timeout: slowFactor * 30 * time.Second}, nil)
		if res.Err == nil || !strings.Contains(res.Err.Message, want) {
			t.Errorf("%s: Err = %+v, want %q", src, res.Err, want)
		}
	}
}
