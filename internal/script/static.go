package script

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/panics"
)

// A static script is one whose whole effect can be known without running
// it: it returns a literal, or it makes one tool call with literal
// arguments and returns (or drops) the call's value or a part of it
// reached by property names and indexes:
//
//	return await github.search_issues({q: "is:open", per_page: 5})
//	return github.get_me()
//	await memory.create_entities({entities: [{name: "x", entityType: "y"}]})
//	return {ok: true}
//	const r = await github.get_me(); return r.login
//	return (await github.search_issues({q: "bug"})).items[0]
//
// One call through execute is the most common script there is. Running it
// needs no VM: RunStatic makes the call here and turns its value into the
// result as the VM would (JSON.parse, then JSON.stringify), and so saves
// the worker round trips and the VM. The result is the VM's, exactly: a
// script is static only when every part of it is certain (see
// parseStatic), and a value or error whose conversion is not plain, or a
// part of it that is not an own key or element (see walk), is replayed
// through the VM with the call's outcome recorded, so the VM has the last
// word on anything unusual.

// staticKind is what a static script does.
type staticKind int

const (
	staticLiteral staticKind = iota // return LITERAL
	staticReturn                    // return [await] ns.fn(LITERAL?)
	staticDiscard                   // await ns.fn(LITERAL?)
)

// staticScript is a parsed static script.
type staticScript struct {
	kind   staticKind
	ns, fn string          // the namespace and function idents of a call
	byName bool            // fn came as a string in brackets (ns["get-sum"]), so it may be a tool's own name
	args   json.RawMessage // JSON.stringify of the call's argument ("{}" for none)
	value  json.RawMessage // JSON.stringify of the literal returned
	path   []step          // what a staticReturn returns of the call's value
}

// maxStaticSource bounds the scripts parseStatic looks at: a larger one
// runs in the VM (its arguments could be big; the VM bounds them).
const maxStaticSource = 64 << 10

// VMRunner runs a script in a VM, in this process or in a worker.
type VMRunner func(ctx context.Context, req Request, caller ToolCaller) Result

// RunStatic runs req without a VM when its source is a static script
// whose call it can resolve in req.Namespaces, and reports false, having
// done nothing, when it is not. vm runs the script in a VM when a call's
// outcome needs one to be turned into the result (an error, a value whose
// JSON is not plain); it is given the call's outcome, not the caller, so
// the tool is called once. The result equals what vm(ctx, req, caller)
// would return for the same outcome of the call.
func RunStatic(ctx context.Context, req Request, caller ToolCaller, vm VMRunner) (res Result, ok bool) {
	st, ok := parseStatic(req.Source)
	if !ok {
		return Result{}, false
	}
	req = req.WithDefaults()
	if st.kind == staticLiteral {
		if e := stopError(ctx, time.Now().Add(req.Timeout), req.Timeout); e != nil {
			return Result{Err: e}, true // the VM checks before it starts
		}
		return finishStatic(req, st.value, 0), true
	}
	server, tool, ok := resolveStatic(req.Namespaces, st.ns, st.fn, st.byName)
	if !ok || req.MaxCalls < 1 || len(st.args) > req.MaxArgBytes {
		return Result{}, false // the VM says why, as it throws
	}
	start := time.Now()
	deadline := start.Add(req.Timeout)
	callCtx, cancel := context.WithCancelCause(ctx)
	defer func() { cancel(EndedBy(res)) }()
	type outcome struct {
		value json.RawMessage
		err   error
	}
	done := make(chan outcome, 1)
	goFn := req.Go
	if goFn == nil {
		goFn = func(f func()) { go f() }
	}
	goFn(func() {
		var o outcome
		func() {
			defer func() {
				if p := recover(); p != nil {
					o.err = fmt.Errorf("%s: tool call panicked: %s", CallName(server, tool), panics.Why(p))
				}
			}()
			o.value, o.err = caller.CallTool(callCtx, server, tool, st.args)
		}()
		o.value, o.err = completedValue(server, tool, o.value, o.err)
		done <- o
	})
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	stopped := func() Result {
		e := stopError(ctx, deadline, req.Timeout)
		if e == nil { // the timer fired a hair before the deadline
			e = &Error{Kind: KindTimeout, Message: fmt.Sprintf("script timed out after %v", req.Timeout)}
		}
		return Result{Err: e, Calls: 1, Cancelled: []string{CallName(server, tool)}}
	}
	var o outcome
	select {
	case o = <-done:
	case <-timer.C:
		return stopped(), true
	case <-ctx.Done():
		return stopped(), true
	}
	if stopError(ctx, deadline, req.Timeout) != nil {
		// The VM checks the time before it settles a call, which then
		// counts as cancelled.
		return stopped(), true
	}
	if o.err == nil {
		if st.kind == staticDiscard {
			return Result{Value: json.RawMessage("null"), Calls: 1}, true
		}
		if v, ok := jsCanonical(o.value); ok {
			if v, ok = walk(v, st.path); ok {
				return finishStatic(req, v, 1), true
			}
		}
	}
	// Let the VM turn the outcome into the result: the same script, with
	// the call answered from what it returned. It gets the time left, and
	// at least a second: the conversion is not the script's work.
	req.Timeout = max(time.Until(deadline), time.Second)
	return vm(ctx, req, &replayCaller{server: server, tool: tool, value: o.value, err: o.err}), true
}

// walk follows path through v, canonical JSON (see jsCanonical: no
// duplicate or index-like keys), as JavaScript would through JSON.parse(v),
// for the steps whose outcome is certain: an object's own key, an array's
// element or length. It reports false for any other (a missing key, which
// is undefined or a property of Object.prototype, __proto__, a step into a
// string, number or null): the VM has the last word on those.
func walk(v json.RawMessage, path []step) (json.RawMessage, bool) {
	for _, s := range path {
		if len(v) == 0 {
			return nil, false
		}
		switch v[0] {
		case '{':
			key := s.key
			if s.index >= 0 {
				key = strconv.Itoa(s.index)
			}
			var m map[string]json.RawMessage
			if key == "__proto__" || json.Unmarshal(v, &m) != nil {
				return nil, false
			}
			sub, ok := m[key]
			if !ok {
				return nil, false
			}
			v = sub
		case '[':
			var a []json.RawMessage
			if json.Unmarshal(v, &a) != nil {
				return nil, false
			}
			i := s.index
			if i < 0 {
				if s.key == "length" {
					v = json.RawMessage(strconv.Itoa(len(a)))
					continue
				}
				n, err := strconv.Atoi(s.key)
				if err != nil || n < 0 || strconv.Itoa(n) != s.key {
					return nil, false // not an index: a method, or undefined
				}
				i = n
			}
			if i >= len(a) {
				return nil, false
			}
			v = a[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// finishStatic is the result of a script that returned v (JSON as
// JSON.stringify writes it), with the VM's limit on its size: the length
// in UTF-16 units, then in bytes (see hostDone).
func finishStatic(req Request, v json.RawMessage, calls int) Result {
	size := utf16Len(v)
	if size <= req.MaxResult {
		size = len(v)
	}
	if size > req.MaxResult {
		return Result{Calls: calls, Err: &Error{Kind: KindLimit, Message: fmt.Sprintf(
			resultOverLimit,
			size, req.MaxResult)}}
	}
	if deep := tooDeep(v); deep != nil {
		return Result{Calls: calls, Err: deep}
	}
	return Result{Value: v, Calls: calls}
}

// resultOverLimit is the error of a returned value over Request.MaxResult
// (its size, the limit), naming the setting it comes from and where that
// is set: "return less" alone left a user whose scripts need more no way
// to find the knob (round sixty-six).
const resultOverLimit = "result is at least %d bytes of JSON, over the limit of %d bytes (settings.maxResultBytes, set in the \"settings\" object of Switchboard's config): return less, e.g. filter or summarize in the script"

// MaxValueDepth is the deepest nesting of a script's returned value: the
// value goes to the client as structuredContent, and clients refuse a
// message nested deeper than about 1000 levels (the Go SDK, which then
// drops its connection; Python's json).
const MaxValueDepth = 512

// tooDeep is the error for a value (JSON) nested more than MaxValueDepth
// levels deep, else nil.
func tooDeep(v []byte) *Error {
	depth := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '"':
			for i++; i < len(v) && v[i] != '"'; i++ {
				if v[i] == '\\' {
					i++
				}
			}
		case '{', '[':
			if depth++; depth > MaxValueDepth {
				return &Error{Kind: KindLimit, Message: fmt.Sprintf("the return value is nested more than %d levels deep, more than MCP clients accept: return a flatter value, or only the part you need", MaxValueDepth)}
			}
		case '}', ']':
			depth--
		}
	}
	return nil
}

// resolveStatic finds the server and tool of ns.fn as the VM would: the
// last namespace and function of those idents (install defines them in
// order). It reports false for a function the namespace does not declare
// (the VM's unknown-tool path) and for names NamespaceSpec would alter.
// byName (ns["get-sum"]) also takes a declared tool's own name, which the
// VM's namespace calls as a property it does not declare: the tool of
// that name on the namespace's server.
func resolveStatic(nss []Namespace, ns, fn string, byName bool) (server, tool string, ok bool) {
	found := -1
	for i := range nss {
		if nss[i].Ident == ns {
			found = i
		}
	}
	if found < 0 {
		return "", "", false
	}
	for _, f := range nss[found].Functions {
		if f.Ident == fn {
			server, tool, ok = f.Server, f.Tool, true
		}
	}
	if !ok && byName && !notToolNames[fn] {
		for _, f := range nss[found].Functions {
			if f.Tool == fn {
				server, tool, ok = nss[found].Server, fn, true
				if server == "" {
					server = nss[found].Ident
				}
				break
			}
		}
	}
	if !ok || strings.ContainsAny(server+tool+nss[found].Ident, "\x1e\x1f") {
		return "", "", false
	}
	return server, tool, true
}

// notToolNames are the properties a namespace object answers itself
// instead of calling a tool of that name: the prelude's notTools, and
// what an object inherits from Object.prototype.
var notToolNames = map[string]bool{
	"then": true, "toJSON": true, "constructor": true, "valueOf": true, "toString": true,
	"toLocaleString": true, "inspect": true, "__proto__": true, "prototype": true, "length": true,
	"name": true, "caller": true, "callee": true, "arguments": true,
	"hasOwnProperty": true, "isPrototypeOf": true, "propertyIsEnumerable": true,
	"__defineGetter__": true, "__defineSetter__": true, "__lookupGetter__": true, "__lookupSetter__": true,
}

// replayCaller answers the one call of a replayed static script with the
// outcome the real call had.
type replayCaller struct {
	server, tool string
	value        json.RawMessage
	err          error
	used         bool
}

func (c *replayCaller) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
	if c.used || server != c.server || tool != c.tool {
		// Not reachable: the replayed script makes the one call it made.
		return nil, fmt.Errorf("%s.%s: internal error: a replayed script made a call it did not make before", server, tool)
	}
	c.used = true
	return c.value, c.err
}

// utf16Len is the length of s in UTF-16 code units: JavaScript's length.
func utf16Len(s []byte) int {
	n := 0
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c < 0x80:
			i++
			n++
		case c < 0xe0:
			i += 2
			n++
		case c < 0xf0:
			i += 3
			n++
		default:
			i += 4
			n += 2
		}
	}
	return n
}
