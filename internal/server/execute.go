package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/script"
	"github.com/switchboard-mcp/switchboard/internal/telemetry"
	"github.com/switchboard-mcp/switchboard/internal/tsdecl"
)

// ExecArgs are the arguments of execute. TimeoutMS is nil when the
// client gave none; a float so that a huge value is capped, not an error.
type ExecArgs struct {
	Script    string   `json:"script"`
	TimeoutMS *float64 `json:"timeout_ms,omitempty"`
}

func (s *Server) handleExecute(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return s.multiRound(withProgress(ctx, req, s.o.Logger), req, func(ctx context.Context) *mcp.CallToolResult {
		res, _ := s.execute(ctx, req)
		return res
	}), nil
}

func (s *Server) execute(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a ExecArgs
	if err := decodeArgs(req.Params.Arguments, &a); err != nil {
		return errorResult("execute: %v", err), nil
	}
	a.Script = unfence(a.Script)
	if strings.TrimSpace(a.Script) == "" {
		return errorResult("execute: script is empty"), nil
	}
	var timeout time.Duration // 0: settings.executeTimeout
	capped := false
	if a.TimeoutMS != nil {
		ms := *a.TimeoutMS
		if !(ms >= 1) {
			return errorResult("execute: timeout_ms must be at least 1 (milliseconds), not %v; leave it out for the default of %v", ms, s.o.Settings.ExecuteTimeout.D()), nil
		}
		timeout = s.maxTimeout() // also for values too large for a Duration
		if ms <= float64(timeout.Milliseconds()) {
			timeout = time.Duration(ms) * time.Millisecond
		} else {
			capped = true
		}
	}
	ctx = withScriptTaint(ctx) // taint.go
	res := s.Execute(ctx, a.Script, timeout)
	if capped && res.Err != nil && res.Err.Kind == script.KindTimeout {
		res.Err.Message += fmt.Sprintf(" (timeout_ms %v was capped at settings.maxExecuteTimeout, %v)", *a.TimeoutMS, s.maxTimeout())
	} else if res.Err != nil && res.Err.Kind == script.KindTimeout && ranOutOfTime(res.Err.Message) {
		res.Err.Message += s.timeoutHint(timeout, len(res.Cancelled))
	} else if res.Err != nil && res.Err.Kind == script.KindMemory && strings.Contains(res.Err.Message, "out of memory") {
		res.Err.Message += s.MemoryHint()
	}
	out := ResultOf(res)
	if res.Err == nil && string(res.Value) == "null" && !hasReturn().MatchString(a.Script) {
		out.Content = append(out.Content, &mcp.TextContent{Text: noReturnNote})
	}
	return executeResult(trifectaNotes(ctx, out), s.o.Settings.MaxResultBytes), nil
}

// unfence takes a script out of a Markdown code fence (```js ... ```),
// as models sometimes send one. No script that starts with ``` runs: it
// would be an empty template literal used as a tag.
func unfence(src string) string {
	t := strings.TrimSpace(src)
	if !strings.HasPrefix(t, "```") || !strings.HasSuffix(t, "```") || len(t) < 6 {
		return src
	}
	body := t[3 : len(t)-3]
	first, rest, ok := strings.Cut(body, "\n")
	if !ok || strings.ContainsAny(strings.TrimSpace(first), " \t`") {
		return src // not an info string ("js", "javascript", "") on a line of its own
	}
	return rest
}

// noReturnNote follows the null of a script without a return statement:
// a script is the body of a function, and its last expression is not
// its value, as it would be in a REPL.
const noReturnNote = "The script has no return statement, so its value is null; end it with `return <value>` to get a value back."

// hasReturn matches a script that has a return statement (or the word
// in a string or comment, when no note is given either).
var hasReturn = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\breturn\b`) })

// MemoryHint follows a script's out-of-memory error: the limit, where it
// is set, and what to do.
func (s *Server) MemoryHint() string {
	return fmt.Sprintf(" (a script may use %d MiB, settings.scriptMemoryMB): hold less data at once, e.g. fetch and filter page by page, or return only what you need", s.o.Settings.ScriptMemoryMB)
}

// RanOutOfTime reports whether err is a script's own timeout: it ran for
// its whole time. The others (waiting for a worker, for a backend's tool
// list) say what to do already.
func RanOutOfTime(err *script.Error) bool {
	return err != nil && err.Kind == script.KindTimeout && ranOutOfTime(err.Message)
}

// ranOutOfTime reports whether a timeout error is the script's own: it
// ran for its whole time. The others (waiting for a worker, for a
// backend's tool list) say what to do already.
func ranOutOfTime(msg string) bool {
	return strings.HasPrefix(msg, "script timed out after ") && !strings.Contains(msg, "waiting for") && !strings.Contains(msg, "before it ran")
}

// timeoutHint says what an agent can do about a script that ran out of
// its time (timeout: what it asked for, 0 for the default; running: the
// calls still running then).
func (s *Server) timeoutHint(timeout time.Duration, running int) string {
	if timeout <= 0 {
		timeout = s.o.Settings.ExecuteTimeout.D()
	}
	if max := s.maxTimeout(); timeout < max {
		return fmt.Sprintf("; give it more time with timeout_ms (at most %d), %s", max.Milliseconds(), DoLess(running, true))
	}
	return "; that is settings.maxExecuteTimeout: " + DoLess(running, false)
}

// DoLess ends the hint of a script that ran out of its time, after
// "give it more time" (or, alone, when it had all the time there is):
// running is the number of calls still running then. Two or more were
// running together already, so "run independent calls together under
// Promise.all" told a script that did so to do it (100 calls under
// Promise.all to a backend that answers one at a time).
func DoLess(running int, or bool) string {
	if running < 2 {
		return "run independent calls together under Promise.all, or do less in one script"
	}
	s := fmt.Sprintf("make fewer calls in one script (split them over several): %d calls were running at once when it ended, so they ran together already, and a backend may answer its calls one at a time", running)
	if or {
		return "or " + s
	}
	return s
}

// maxTimeout is the longest a script may run: settings.maxExecuteTimeout.
func (s *Server) maxTimeout() time.Duration {
	if d := s.o.Settings.MaxExecuteTimeout.D(); d > 0 {
		return d
	}
	return 5 * time.Minute
}

// ResultOf turns a script result into the execute tool result: the JSON
// of the value (exactly), then the console output in a second block, then
// a note on calls the script started and did not await.
func ResultOf(res script.Result) *mcp.CallToolResult {
	var out *mcp.CallToolResult
	if res.Err != nil {
		out = errorResult("%s", ErrorText(res.Err))
	} else {
		out = textResult(string(res.Value))
	}
	if res.Log != "" {
		out.Content = append(out.Content, &mcp.TextContent{Text: "console output:\n" + res.Log})
	}
	if note := CancelledNote(res.Cancelled, res.Err); note != "" {
		out.Content = append(out.Content, &mcp.TextContent{Text: note})
	}
	return out
}

// CancelledNote says which calls were still running when the script
// ended (and so were cancelled); "" when none. err is how the script
// ended: a script that returned is told to await its calls, one that
// timed out or failed awaited them, maybe, and is told which were
// running then.
func CancelledNote(calls []string, err *script.Error) string {
	if len(calls) == 0 {
		return ""
	}
	shown := calls[:min(len(calls), 10)]
	list := strings.Join(shown, ", ")
	if len(calls) > len(shown) {
		list += fmt.Sprintf(", … (%d more)", len(calls)-len(shown))
	}
	if err != nil {
		ended := "failed"
		switch err.Kind {
		case script.KindTimeout:
			ended = "timed out"
		case script.KindCanceled:
			ended = "was cancelled"
		}
		if len(calls) == 1 {
			return "1 call was still running when the script " + ended + ", and was cancelled: " + list + "."
		}
		return fmt.Sprintf("%d calls were still running when the script %s, and were cancelled: %s.", len(calls), ended, list)
	}
	if len(calls) == 1 {
		return "1 call still running when the script returned was cancelled: " + list + ". Await every call (e.g. with Promise.all) to get its result."
	}
	return fmt.Sprintf("%d calls still running when the script returned were cancelled: %s. Await every call (e.g. with Promise.all) to get its result.", len(calls), list)
}

// ErrorText is the text execute reports for a failed script.
func ErrorText(e *script.Error) string {
	msg := e.Message
	if e.Server != "" && !strings.Contains(msg, e.Server+"."+e.Tool) {
		msg = fmt.Sprintf("%s (in %s.%s)", msg, echo.Clip(e.Server), echo.Clip(e.Tool))
	}
	if !errorName().MatchString(msg) {
		msg = "Error: " + msg // what a thrown value that is no Error, or a limit, gets
	}
	if e.Stack != "" && e.Kind == script.KindException {
		msg += "\n" + e.Stack
	}
	return msg
}

// errorName matches a message that already starts with an error's name,
// such as "TypeError: x" or "SyntaxError: y".
var errorName = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:[A-Z][A-Za-z]*)?Error: `) })

// Execute runs a script with every backend as a namespace. timeout 0
// means the executeTimeout setting; any timeout is capped at the
// maxExecuteTimeout setting.
func (s *Server) Execute(ctx context.Context, src string, timeout time.Duration) script.Result {
	if timeout <= 0 {
		timeout = s.o.Settings.ExecuteTimeout.D()
	}
	timeout = min(timeout, s.maxTimeout())
	ctx, span := s.o.Telemetry.StartExecute(ctx, s.o.Session) // nil-safe: off when nil
	// The timeout bounds the whole execute: learning the tool lists of
	// the servers the script names (a backend that never answers
	// tools/list) comes out of it too.
	deadline := time.Now().Add(timeout)
	nctx, cancel := context.WithDeadline(ctx, deadline)
	namespaces, learnt, failed := s.namespaces(nctx, src)
	cancel()
	left := timeout // the usual script: nothing to learn
	if len(learnt) > 0 {
		left = time.Until(deadline)
	}
	if left <= 0 {
		res := script.Result{Err: &script.Error{Kind: script.KindTimeout, Message: fmt.Sprintf(
			"script timed out after %v before it ran: it names %s, whose tool list did not come in that time; see: switchboard doctor", timeout, strings.Join(learnt, ", "))}}
		if span.Recording() {
			endExecute(span, res)
		}
		return res
	}
	req := script.Request{
		Source:      src,
		Namespaces:  namespaces,
		Timeout:     left,
		MemoryLimit: int64(s.o.Settings.ScriptMemoryMB) << 20,
		MaxCalls:    s.o.Settings.MaxCallsPerScript,
		MaxResult:   s.o.Settings.MaxResultBytes,
		Session:     s.o.Session,
	}
	res := s.o.Runner.Run(withScriptTaint(ctx), req, &scriptCaller{s: s, trace: &callTrace{}, unlisted: failed})
	if r := relayOf(ctx); r != nil && res.Log != "" {
		// console output also as a log message, for a client that set a
		// level (the SDK sends nothing before that).
		s.logTo(r.ctx, r.ss, "script", &mcp.LoggingMessageParams{Level: "info", Data: res.Log})
	}
	if res.Err != nil {
		res.Err.Message = s.hintUnknownGlobal(res.Err.Message)
		if res.Err.Kind == script.KindTimeout && left < timeout {
			// The sandbox got what was left after the tool lists came in,
			// and said that: "after 893.601022ms" of a 1 s limit.
			res.Err.Message = strings.Replace(res.Err.Message, "script timed out after "+left.String(),
				fmt.Sprintf("script timed out after %v (%v of it learning the tool list of %s)", timeout, (timeout-left).Round(time.Millisecond), strings.Join(learnt, ", ")), 1)
		}
	}
	if span.Recording() {
		endExecute(span, res)
	}
	return res
}

// endExecute ends an execute's span with its result.
func endExecute(span telemetry.Span, res script.Result) {
	var err error
	if res.Err != nil {
		err = spanError(res.Err.Message)
	}
	span.End(len(res.Value), res.Err != nil, err)
}

// spanError is msg, an error a span ends with, with credential shapes
// hidden (redact.Text), as the audit log and the status page show errors:
// a script throws what it likes (a result, a token it read), and spans
// go to a collector. Its first 2,000 bytes: the span keeps 500.
func spanError(msg string) error {
	if len(msg) > 2000 {
		msg = msg[:2000]
	}
	return errors.New(redact.Text(msg))
}

// unknownGlobal matches the error of a script that names a global that
// does not exist, such as a misspelt server.
var unknownGlobal = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^ReferenceError: '?([A-Za-z_$][A-Za-z0-9_$]*)'? is not defined`)
})

// hintUnknownGlobal adds the nearest server identifiers to a
// ReferenceError for an unknown global.
func (s *Server) hintUnknownGlobal(msg string) string {
	m := unknownGlobal().FindStringSubmatch(msg)
	if m == nil {
		return msg
	}
	var idents []string
	for _, n := range s.cat().Servers() {
		idents = append(idents, s.cat().Ident(n))
	}
	if slices.Contains(idents, m[1]) {
		// The server is there: the script deleted its global (or it
		// was never made, a name the engine keeps). "no server \"demo\";
		// did you mean demo?" contradicted itself.
		return msg + " (" + echo.Quote(m[1]) + " is the namespace of a server, but this script deleted or replaced the global of that name; leave it, or keep it in a variable of your own first)"
	}
	near := nearest(m[1], idents)
	if len(near) == 0 {
		if why, ok := notInSandbox[m[1]]; ok {
			return msg + " (" + why + ")"
		}
		return msg + " (" + echo.Quote(m[1]) + " is neither a variable of the script nor a server; " + serverList(idents) + ")"
	}
	return msg + " (no server " + echo.Quote(m[1]) + "; did you mean " + strings.Join(near, " or ") + "?)"
}

// maxListedServers is the most server identifiers an unknown global's
// hint names.
const maxListedServers = 8

// serverList names the servers a script can use, for an unknown global's
// hint: all of them up to maxListedServers, else the first ones, sorted,
// and how to see the rest.
func serverList(idents []string) string {
	if len(idents) == 0 {
		return "no servers are configured: switchboard add NAME -- COMMAND adds one"
	}
	idents = slices.Sorted(slices.Values(idents))
	if len(idents) <= maxListedServers {
		return "the servers are " + strings.Join(idents, ", ")
	}
	return fmt.Sprintf("the servers include %s and %d more (list_tools() lists them)", strings.Join(idents[:maxListedServers], ", "), len(idents)-maxListedServers)
}

// Globals of Node.js and browsers that scripts reach for and the sandbox
// does not have, with what to do instead. A server whose identifier is
// one of them is a global and never gets here.
var (
	noNetwork = `scripts have no network of their own: reach the web through a backend's tools; list_tools({query: "fetch a web page"}) finds one`
	notNode   = `scripts run in a sandbox, not Node.js: no modules, files, environment or process; use backends' tools (list_tools shows them) for files and the system`
	notHere   = `not in this JavaScript engine (QuickJS); plain JavaScript and JSON are`
	noPage    = `scripts run in a sandbox, not a browser: no page or DOM; drive a browser through a backend's tools (list_tools({query: "open a web page in a browser"}) finds one)`

	notInSandbox = map[string]string{
		"fetch": noNetwork, "XMLHttpRequest": noNetwork, "WebSocket": noNetwork, "EventSource": noNetwork,
		"require": notNode, "process": notNode, "Buffer": notNode, "module": notNode, "exports": notNode,
		"__dirname": notNode, "__filename": notNode, "fs": notNode, "Deno": notNode, "Bun": notNode,
		"window": noPage, "document": noPage, "localStorage": noPage, "navigator": noPage,
		"atob": notHere, "btoa": notHere, "TextEncoder": notHere, "TextDecoder": notHere,
		"structuredClone": notHere, "crypto": notHere, "URL": notHere, "URLSearchParams": notHere,
		"setInterval":    "setInterval is not here; use setTimeout, or a loop with await new Promise(r => setTimeout(r, ms))",
		"setImmediate":   "use setTimeout(fn, 0) or await null",
		"queueMicrotask": "use Promise.resolve().then(fn) or await null",
	}
)

// namespaces declares every server's known tools. A server whose tool
// list is unknown is started to learn it only when the script names it;
// learnt are those servers.
func (s *Server) namespaces(ctx context.Context, src string) (out []script.Namespace, learnt []string, failed map[string]error) {
	cat := s.cat()
	// Each server's tools are read with its verdict, which takes the pins
	// file's version: one stat for all of them, not one per server (30 a
	// script with 30 servers). The scope ends before any listing is
	// waited for, which would hold the session's reads to that version;
	// the call the script makes reads it again.
	steady := cat.Steady()
	defer steady()
	key := nsKey{cat: cat, gen: s.catGen.Load()}
	var keep bool
	key.vet, keep = cat.VetVersion()
	if c := s.nsCache.Load(); keep && c != nil && c.key == key {
		return c.nss, nil, nil
	}
	complete := true // every server's list known or summarised
	defer func() {
		// Kept when it depends on nothing but the catalog: every server's
		// list was known or summarised, so that src played no part (a
		// server whose list is unknown is listed for the script that names
		// it, which a kept set would skip). A change of the catalog or of
		// the pins file makes a new key.
		if keep && complete {
			s.nsCache.Store(&nsCached{key: key, nss: out})
		}
	}()
	names := cat.Servers()
	fns := make([][]script.Function, len(names))
	functions := func(n string, tools []catalog.Tool) []script.Function {
		out := make([]script.Function, 0, len(tools))
		for _, t := range tools {
			out = append(out, script.Function{Ident: t.Ident, Server: n, Tool: t.Name})
		}
		return out
	}
	var need []string
	for i, n := range names {
		// The index has the idents and names of a list not read yet: a
		// session's first script reads no tool list it does not call.
		if tools, ok := s.summaryTools(n); ok {
			fns[i] = make([]script.Function, 0, len(tools))
			for _, t := range tools {
				fns[i] = append(fns[i], script.Function{Ident: t[0], Server: n, Tool: t[1]})
			}
			continue
		}
		tools, ok := cat.Known(n)
		fns[i] = functions(n, tools)
		if !ok {
			complete = false
			if mentions(src, cat.Ident(n)) {
				need = append(need, n)
			}
		}
	}
	steady()
	if len(need) > 0 {
		// Errors surface when the script calls the tool; ctx bounds the
		// wait. A server whose listing failed is not asked again by the
		// script's calls: each would wait as long again for the same end.
		_, errs := s.toolsOf(ctx, need)
		for i, err := range errs {
			if err != nil && !errors.Is(err, errStillListing) && ctx.Err() == nil {
				if failed == nil {
					failed = map[string]error{}
				}
				failed[need[i]] = err
			}
		}
		for i, n := range names {
			if slices.Contains(need, n) {
				tools, _ := cat.Known(n)
				fns[i] = functions(n, tools)
			}
		}
	}
	out = make([]script.Namespace, 0, len(names))
	for i, n := range names {
		ns := script.Namespace{Ident: cat.Ident(n), Server: n, Functions: fns[i]}
		out = append(out, ns)
	}
	return out, need, failed
}

// nsKey is what a session's namespaces depend on when every server's
// list is known: the catalog, its notifications so far and the vetter's
// version.
type nsKey struct {
	cat *catalog.Catalog
	gen uint64
	vet string
}

// nsCached is the namespaces built for key; shared, read-only.
type nsCached struct {
	key nsKey
	nss []script.Namespace
}

// mentions reports whether src uses ident as a word: not right after a
// letter, digit, _, $ or . and with a word boundary (\b) after it. It was
// the regular expression (^|[^A-Za-z0-9_$.])IDENT\b, which has no literal
// prefix to look for: 0.1 to 0.3 s a megabyte of script for each server
// whose list was not read, before the script started (27 s for 40 such
// servers over an 8 MB script); strings.Index finds the candidates.
func mentions(src, ident string) bool {
	if ident == "" {
		return false
	}
	for i := 0; i < len(src); {
		j := strings.Index(src[i:], ident)
		if j < 0 {
			return false
		}
		j += i
		end := j + len(ident)
		before := j == 0 || !(wordByte(src[j-1]) || src[j-1] == '$' || src[j-1] == '.')
		after := wordByte(ident[len(ident)-1]) != (end < len(src) && wordByte(src[end]))
		if before && after {
			return true
		}
		i = j + 1
	}
	return false
}

// wordByte reports whether c is an ASCII word character (\w).
func wordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_'
}

// scriptCaller lets a script call backend tools through the catalog
// (which enforces what is visible) and the caller (the pool).
type scriptCaller struct {
	s     *Server
	trace *callTrace // the tools called, for skills.save (skills.go)
	// unlisted holds the servers whose tool list failed while the script
	// was prepared, with the error: their calls fail with it at once.
	unlisted map[string]error
}

// CallTool implements script.ToolCaller. Its errors start with
// "server.tool: " (the only place that prefix is added): the script
// engine uses the message as it is.
func (c *scriptCaller) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
	if server == "" && tool == "progress" { // the script's progress()
		var p struct {
			Message         string
			Progress, Total float64
		}
		_ = json.Unmarshal(args, &p)
		msg := "script"
		if p.Message != "" {
			msg += ": " + bound(p.Message, 1000)
		}
		relayOf(ctx).progress(cleanText(msg), p.Progress, p.Total)
		return json.RawMessage("null"), nil
	}
	if server == script.HostNamespace {
		if strings.HasPrefix(tool, "skills.") {
			return c.s.skillsHost(ctx, c.trace, tool, args) // skills.go
		}
		return c.s.scriptHost(ctx, tool, args) // resources.go
	}
	c.trace.add(server, tool)
	if err, ok := c.unlisted[server]; ok && errors.Is(err, pool.ErrDisabled) {
		// Not started by any execute: the error says why and what does.
		return nil, &callError{server, tool, unavailable(server, err)}
	} else if ok {
		// The failure is kept for the script's length (each call would
		// wait as long again for the same end), so the error says which
		// call starts the server again: "the next call restarts it" in a
		// backend's error was not true of the script's next call.
		return nil, &callError{server, tool, fmt.Errorf("%w (its tool list failed as this script began, so this script does not start it again: the next execute or list_tools does)", unavailable(server, err))}
	}
	res, err := c.s.callTool(ctx, server, tool, args)
	if err != nil {
		return nil, boundError(c.s.withArgsHint(ctx, server, tool, err), c.s.o.Settings.MaxResultBytes)
	}
	v, err := Unwrap(server, tool, res, c.s.o.Settings.MaxResultBytes)
	if err != nil {
		return nil, c.s.withArgsHint(ctx, server, tool, err)
	}
	return v, nil
}

// boundError returns err, or when its text is over limit bytes (0: no
// limit) err with its text cut and a note: a backend's error message
// reaches the script, bounded as its isError text is (a JSON-RPC error
// of 5 MB came whole).
func boundError(err error, limit int) error {
	if limit <= 0 || len(err.Error()) <= limit {
		return err
	}
	return &cutError{err, limit}
}

// cutError is an error whose text is cut at limit bytes; errors.Is and
// errors.As see the error it cuts.
type cutError struct {
	err   error
	limit int
}

func (e *cutError) Error() string {
	s := e.err.Error()
	return bound(s, e.limit) + fmt.Sprintf("\n[truncated by switchboard: the error was %d bytes, more than the %d-byte limit (settings.maxResultBytes)]", len(s), e.limit)
}

func (e *cutError) Unwrap() error { return e.err }

// withArgsHint adds to err, when it is the backend refusing a call's
// arguments (JSON-RPC invalid params, or a tool error saying so), what
// the tool takes: its declaration, so that the agent can fix the call
// without a list_tools round trip; a long one is named, not quoted.
func (s *Server) withArgsHint(ctx context.Context, server, tool string, err error) error {
	if !refusedArgs(err) {
		return err
	}
	t, lerr := s.lookup(ctx, server, tool)
	if lerr != nil {
		return err
	}
	ref := t.Server + "." + t.Name
	decl := strings.TrimSpace(tsdecl.Function(declTool(t), &tsdecl.Options{MaxDescription: 1, MaxParamDescription: 60}))
	if i := strings.Index(decl, "function "); i >= 0 {
		decl = decl[i:] // the signature, without the tool's own doc comment
	}
	decl = strings.TrimSuffix(decl, ";")
	if len(decl) > maxArgsHint || strings.Contains(decl, "\n") {
		return fmt.Errorf("%w (list_tools({tools: [%q]}) shows what %s takes)", err, ref, ref)
	}
	return fmt.Errorf("%w (%s takes: %s)", err, ref, decl)
}

// maxArgsHint bounds the declaration withArgsHint quotes.
const maxArgsHint = 600

// refusedArgs reports whether err is a backend refusing a call's
// arguments: JSON-RPC invalid params (-32602), or a tool error whose
// text says the arguments are invalid (the SDKs' validation errors).
func refusedArgs(err error) bool {
	var rpc *jsonrpc.Error
	if errors.As(err, &rpc) && rpc.Code == jsonrpc.CodeInvalidParams {
		return true
	}
	var te *ToolError
	if !errors.As(err, &te) {
		return false
	}
	m := strings.ToLower(te.Message)
	for _, w := range []string{"-32602", "invalid arguments", "invalid params", `validating "arguments"`, "input validation error"} {
		if strings.Contains(m, w) {
			return true
		}
	}
	return false
}

// callError is a failure to call server.tool; err is the cause. Its
// message is the one place "server.tool: " is put before a cause.
type callError struct {
	server, tool string
	err          error
}

func (e *callError) Error() string {
	return cleanText(fmt.Sprintf("%s.%s: %v", echo.Clip(e.server), echo.Clip(e.tool), e.err)) // the cause may quote a backend
}
func (e *callError) Unwrap() error { return e.err }

// ErrCancelled is the error recorded for a call that was still running
// when the script that started it returned without awaiting it.
var ErrCancelled = errors.New("cancelled: the script returned without awaiting this call")

// scriptEnded is the error recorded for a call that was still running
// when its script ended other than by returning (script.EndedBy says
// how); it is an ErrCancelled.
type scriptEnded struct{ cause error }

func (e scriptEnded) Error() string        { return "cancelled: " + e.cause.Error() }
func (e scriptEnded) Is(target error) bool { return target == ErrCancelled }

// ErrClientCancelled is the error recorded for a call ended because the
// client cancelled its request or went away (its connection ended).
var ErrClientCancelled = errors.New("cancelled by the client")

// cancelledWhy is err, a failed call's error, marked as a cancellation
// when the call ended because its context did: the script returned
// without awaiting it, the client cancelled, or the client went away.
// A timeout is not a cancellation.
func cancelledWhy(ctx context.Context, err error) error {
	if err == nil || !errors.Is(ctx.Err(), context.Canceled) {
		return err
	}
	switch cause := context.Cause(ctx); {
	case cause == script.ErrAbandoned:
		return fmt.Errorf("%w (%v)", ErrCancelled, err)
	case errors.Is(cause, script.ErrAbandoned): // it timed out, failed, ...
		return scriptEnded{cause}
	case errors.Is(cause, context.Canceled):
		return fmt.Errorf("%w: it cancelled the request", ErrClientCancelled)
	default:
		return fmt.Errorf("%w: its connection ended (%v)", ErrClientCancelled, cause)
	}
}

// callTool calls a visible tool, recording it in the audit log, and
// returns its result with hidden Unicode stripped. Every error is a
// *callError. The first call after a backend (re)starts lists its tools
// again first, so a tool that changed since it was approved is caught
// before it runs.
func (s *Server) callTool(ctx context.Context, server, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	looked := time.Now()
	t, err := s.lookup(ctx, server, tool)
	if err != nil {
		return nil, &callError{server, tool, err}
	}
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	}
	if s.needsConfirm(t) {
		if err := s.confirm(ctx, t, args); err != nil {
			return nil, &callError{t.Server, t.Name, err}
		}
	}
	note, err := s.trifecta(ctx, t, args) // taint.go: the lethal trifecta
	if err != nil {
		return nil, &callError{t.Server, t.Name, err}
	}
	c := &pool.Call{Session: s.o.Session, Server: t.Server, Launch: s.launch(t.Server), Tool: t.Name, Args: args, Progress: progressOf(ctx),
		Hooks: s.hooks(ctx, t.Server, t.Name),
		// The pool lists a (re)started backend's tools again before its
		// first call and the catalog vets them: a tool changed since it
		// was approved is withheld here, before it runs.
		Admit: func() error { _, err := s.lookup(ctx, t.Server, t.Name); return err }, LookedUp: looked}
	rel := relayOf(ctx)
	if rel != nil {
		// The calls of one execute (or a passed-through tools/call) share
		// its relay: a stdio backend's request during several of them
		// reaches this request's client (pool.Call.Request).
		c.Request = rel
	}
	start := time.Now()
	rel.progress(t.Server+"."+t.Name+": started", 0, 0)
	ctx, span := s.o.Telemetry.StartCall(ctx, t.Server, t.Name) // nil-safe: off when nil
	res, err := s.o.Caller.CallTool(ctx, c)
	if span.Recording() {
		endCall(span, res, err)
	}
	if err != nil {
		rel.progress(t.Server+"."+t.Name+": failed", 0, 0)
	} else {
		rel.progress(t.Server+"."+t.Name+": finished", 0, 0)
	}
	err = cancelledWhy(ctx, err)
	if s.o.Recorder != nil {
		s.o.Recorder.Record(c, res, err, float64(time.Since(start).Microseconds())/1000)
	}
	if err != nil {
		var rpc *jsonrpc.Error
		if errors.As(err, &rpc) {
			// The backend's error answer is its text, which reaches the
			// script (and the model) as the error's message: the robots.txt
			// a fetch server quotes, a page's text. It taints as a result
			// would; before, a script could read it and send freely.
			s.tainted(ctx, t, "", nil)
		}
		return nil, &callError{t.Server, t.Name, err}
	}
	out := cleanResult(res)
	if out != nil {
		for i, c := range out.Content {
			// A link or embedded resource under our scheme is the
			// backend's own, as in its prompts (ownURI): a result
			// claimed switchboard://<another server>/... or
			// switchboard://status for what it sent.
			out.Content[i] = ownURI(t.Server, c)
		}
	}
	return s.tainted(ctx, t, note, out), nil
}

// endCall ends a backend call's span with its result.
func endCall(span telemetry.Span, res *mcp.CallToolResult, err error) {
	n := 0
	if res != nil {
		for _, c := range res.Content {
			n += contentSize(c)
		}
	}
	failed := err != nil || res != nil && res.IsError
	if err != nil {
		err = spanError(err.Error())
	}
	span.End(n, failed, err)
}

func (s *Server) handleCallTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	return s.multiRound(withProgress(ctx, req, s.o.Logger), req, func(ctx context.Context) *mcp.CallToolResult {
		res, _ := s.callToolTool(ctx, req)
		return res
	}), nil
}

func (s *Server) callToolTool(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a struct {
		Server    string          `json:"server"`
		Tool      string          `json:"tool"`
		Arguments json.RawMessage `json:"arguments"`
	}
	if err := decodeArgs(req.Params.Arguments, &a); err != nil {
		return errorResult("call_tool: %v", err), nil
	}
	// Both are required (the schema says so): without, the error read
	// ".: unknown server \"\"".
	switch {
	case a.Server == "" && a.Tool == "":
		return errorResult("call_tool: server and tool are required, such as {server: \"github\", tool: \"get_me\", arguments: {}}"), nil
	case a.Server == "":
		return errorResult("call_tool: server is required: the server of tool %s", echo.Quote(a.Tool)), nil
	case a.Tool == "":
		return errorResult("call_tool: tool is required: a tool of server %s", echo.Quote(a.Server)), nil
	}
	res, err := s.callTool(ctx, a.Server, a.Tool, a.Arguments)
	if err != nil {
		return errorResult("%s", bound(err.Error(), s.o.Settings.MaxResultBytes)), nil
	}
	return boundResult(a.Server+"."+a.Tool, objectStructured(a.Server+"."+a.Tool, res, false), s.o.Settings.MaxResultBytes), nil
}

// Bounds of the directly exposed tools' definitions, as JSON: one tool,
// and all of them (so that a tools/list page stays under the 10 MiB a
// client reads).
const (
	maxExposedTool  = 256 << 10
	maxExposedTotal = 8 << 20
)

// exposedTool is the definition of backend tool t exposed as name.
func exposedTool(name string, t catalog.Tool) *mcp.Tool {
	desc := t.Description
	if t.Warning != "" {
		desc = "⚠ " + t.Warning + "\n" + desc
	}
	return &mcp.Tool{Name: name, Title: t.Title, Description: desc, InputSchema: objectSchema(cleanSchema(t.InputSchema)), OutputSchema: objectOrNil(cleanSchema(t.OutputSchema)), Annotations: t.Annotations}
}

// exposedName is the MCP name of an exposed tool: server__tool, within
// the 64 characters clients accept; for a server exposed bare
// ("exposeAs": "bare"), the backend's own name.
func exposedName(t catalog.Tool, bare bool) string {
	if bare {
		return t.Name
	}
	n := t.ServerIdent + "__" + t.Ident
	if len(n) > 64 {
		n = n[:64]
	}
	return n
}

// syncExposed registers the tools the config exposes directly (and, with
// autoExpose, small servers within the thresholds), and removes those no
// longer exposed. A name two servers would expose (a bare tool that is
// also another bare server's, or another server's server__tool, or one of
// our meta-tools) is exposed by neither: each clash is logged, naming
// both, and listed in switchboard://status, never silently shadowed.
func (s *Server) syncExposed() {
	gen := s.exposeGen.Add(1)
	want := map[string]catalog.Tool{}
	clash := map[string][]string{} // name -> the servers that want it, when more than one
	add := func(t catalog.Tool, bare bool) {
		n := exposedName(t, bare)
		if slices.Contains(config.MetaTools, n) {
			clash[n] = append(clash[n], "switchboard (meta-tool)", t.Server)
			return
		}
		if o, ok := want[n]; ok && o.Server != t.Server {
			clash[n] = append(clash[n], o.Server, t.Server)
			return
		}
		want[n] = t
	}
	total := 0
	st := s.o.Settings
	for _, n := range s.cat().Servers() {
		spec := s.cat().Spec(n)
		if spec == nil || len(spec.Expose) == 0 && !st.AutoExpose {
			continue // only read the tool lists that may be exposed
		}
		count, _, ok := s.cat().Count(n)
		if !ok || len(spec.Expose) == 0 && (count > st.AutoExposeMaxTools || total+count > st.AutoExposeMaxTotal) {
			continue
		}
		tools, ok := s.cat().Known(n)
		if !ok {
			continue
		}
		switch {
		case len(spec.Expose) > 0:
			for _, t := range tools {
				if slices.ContainsFunc(spec.Expose, func(e string) bool { return e == "*" || e == t.Name || e == t.Ident }) {
					add(t, spec.Bare())
				}
			}
		case st.AutoExpose && len(tools) <= st.AutoExposeMaxTools && total+len(tools) <= st.AutoExposeMaxTotal:
			for _, t := range tools {
				add(t, spec.Bare())
			}
			total += len(tools)
		}
	}
	var clashes []string
	for _, n := range slices.Sorted(maps.Keys(clash)) {
		delete(want, n)
		servers := slices.Compact(slices.Sorted(slices.Values(clash[n])))
		msg := fmt.Sprintf("tool %q not exposed: the servers %s would all expose that name; drop \"exposeAs\": \"bare\" from one of them, or take the tool out of its expose list", n, strings.Join(quoteAll(servers), " and "))
		clashes = append(clashes, msg)
	}
	// Bound what tools/list sends: a client drops its connection, every
	// backend with it, on a message over 10 MiB (the TypeScript SDK's),
	// and one backend tool's 12 MB description made the page that size.
	size := 0
	defs := make(map[string]*mcp.Tool, len(want)) // the definitions of the tools kept
	for _, n := range slices.Sorted(maps.Keys(want)) {
		t := want[n]
		def := exposedTool(n, t)
		b, err := json.Marshal(def)
		switch {
		case err != nil || len(b) > maxExposedTool:
			msg := fmt.Sprintf("tool %q of server %q not exposed: its definition is %d bytes, over the %d a client can list (execute still calls it)", bound(t.Name, 200), t.Server, len(b), maxExposedTool)
			clashes = append(clashes, msg)
			delete(want, n)
		case size+len(b) > maxExposedTotal:
			msg := fmt.Sprintf("tool %q of server %q not exposed: the exposed tools' definitions would be over %d bytes, more than a client can list (execute still calls it)", bound(t.Name, 200), t.Server, maxExposedTotal)
			clashes = append(clashes, msg)
			delete(want, n)
		default:
			size += len(b)
			defs[n] = def
		}
	}
	s.res.mu.Lock()
	if !slices.Equal(s.res.toolClashes, clashes) {
		for _, m := range clashes {
			s.o.Logger.Warn(m)
		}
	}
	s.res.toolClashes = clashes
	s.res.mu.Unlock()
	if s.exposeHook != nil {
		s.exposeHook(gen) // tests: between computing a set and applying it
	}
	// Two changes can race: apply a set only if no newer one was applied.
	s.exposeMu.Lock()
	defer s.exposeMu.Unlock()
	if gen < s.exposeApplied {
		return
	}
	s.exposeApplied = gen
	s.mu.Lock()
	var stale []string
	for _, n := range s.exposed {
		if _, ok := want[n]; !ok {
			stale = append(stale, n)
		}
	}
	s.exposed = s.exposed[:0]
	for n := range want {
		s.exposed = append(s.exposed, n)
	}
	s.mu.Unlock()
	if len(stale) > 0 {
		s.mcp.RemoveTools(stale...)
	}
	for name, t := range want {
		tool := defs[name]
		output := tool.OutputSchema
		check := outputChecker(output)
		handler := func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return s.multiRound(withProgress(ctx, req, s.o.Logger), req, func(ctx context.Context) *mcp.CallToolResult {
				res, err := s.callTool(ctx, t.Server, t.Name, req.Params.Arguments)
				if err != nil {
					return errorResult("%s", bound(err.Error(), s.o.Settings.MaxResultBytes))
				}
				declared := output != nil
				out := boundResult(t.Server+"."+t.Name, check(t.Server+"."+t.Name, objectStructured(t.Server+"."+t.Name, res, declared)), s.o.Settings.MaxResultBytes)
				if declared && out != nil && !out.IsError && out.StructuredContent == nil {
					// Cut to fit without its structuredContent: a
					// client refuses a success without it from a tool
					// with an outputSchema (the TypeScript SDK throws,
					// and the text and the note are lost).
					out.IsError = true
				}
				return out
			}), nil
		}
		if err := addTool(s.mcp, tool, handler); err != nil {
			// The SDK panics on x-mcp-header annotations it refuses (on
			// an object, empty, not a header name, twice): the tool goes
			// without them.
			if raw, ok := tool.InputSchema.(json.RawMessage); ok {
				tool.InputSchema = withoutKey(raw, "x-mcp-header")
			}
			if err2 := addTool(s.mcp, tool, handler); err2 != nil {
				s.o.Logger.Warn("tool not exposed: the SDK refuses its definition", append(s.serverAttrs(t.Server), "tool", bound(t.Name, 200), "err", bound(err2.Error(), 500))...)
				continue
			}
			s.o.Logger.Warn("tool exposed without its x-mcp-header annotations: the SDK refuses them", append(s.serverAttrs(t.Server), "tool", bound(t.Name, 200), "err", bound(err.Error(), 500))...)
		}
	}
}

// addTool is srv.AddTool with its panic (on a definition it refuses) as
// an error.
func addTool(srv *mcp.Server, t *mcp.Tool, h mcp.ToolHandler) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	srv.AddTool(t, h)
	return nil
}

// withoutKey returns the JSON value raw with every object member named
// key removed, at any depth; raw itself when it does not decode.
func withoutKey(raw json.RawMessage, key string) json.RawMessage {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return raw
	}
	var walk func(v any)
	walk = func(v any) {
		switch v := v.(type) {
		case map[string]any:
			delete(v, key)
			for _, e := range v {
				walk(e)
			}
		case []any:
			for _, e := range v {
				walk(e)
			}
		}
	}
	walk(v)
	b, err := json.Marshal(v)
	if err != nil {
		return raw
	}
	return b
}

// learnExposed is receiving middleware: before a tools/, resources/ or
// prompts/ request, the servers that expose tools or are exposed bare and
// whose lists the catalog does not know yet are started to learn them
// (each once per Server; concurrent requests wait for it), so that their
// tools are there at the client's first tools/list or tools/call rather
// than only after some later use. Calls of our meta-tools never wait for
// it. A server that fails to start is left for its next use, which
// reports the error.
func (s *Server) learnExposed(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		r, _ := req.(*mcp.CallToolRequest)
		if r != nil && r.Params != nil && slices.Contains(config.MetaTools, r.Params.Name) {
			return next(ctx, method, req) // ours: never waits for a backend to start
		}
		if strings.HasPrefix(method, "tools/") || strings.HasPrefix(method, "resources/") || strings.HasPrefix(method, "prompts/") || method == "completion/complete" {
			s.learnUnknownExposed(ctx)
		}
		if r != nil && method == "tools/call" && r.Params != nil {
			if res := s.unknownBareTool(ctx, r.Params.Name); res != nil {
				return res, nil
			}
		}
		return next(ctx, method, req)
	}
}

// unknownBareTool answers a tools/call of a name we do not serve while
// some server is exposed bare as a backend answers an unknown tool: a tool
// error (isError) naming the server, rather than the SDK's -32602
// protocol error, so that a client sees what it would see talking to the
// backend directly (TypeScript backends answer so). Nothing is sent to
// the backend: the catalog, which also knows withheld tools, decides.
// nil when the name is served or no server is exposed bare.
func (s *Server) unknownBareTool(ctx context.Context, name string) *mcp.CallToolResult {
	s.mu.Lock()
	served := slices.Contains(s.exposed, name)
	s.mu.Unlock()
	if served {
		return nil
	}
	var bare []string
	for _, n := range s.cat().Servers() {
		if spec := s.cat().Spec(n); spec != nil && spec.Bare() && !spec.Disabled {
			bare = append(bare, n)
		}
	}
	switch len(bare) {
	case 0:
		return nil
	case 1:
		if _, err := s.lookup(ctx, bare[0], name); err != nil {
			return errorResult("%s", bound((&callError{bare[0], name, err}).Error(), s.o.Settings.MaxResultBytes))
		}
		return errorResult("unknown tool %s: server %q has it but does not expose it (its \"expose\" list, or a name clash: see switchboard://status); call it from execute as %s", echo.Quote(name), bare[0], echo.Clip(bare[0]+"."+name))
	}
	return errorResult("unknown tool %s: none of the bare-exposed servers %s exposes it; list_tools lists every server's tools", echo.Quote(name), strings.Join(quoteAll(bare), ", "))
}

func (s *Server) learnUnknownExposed(ctx context.Context) {
	rs := &s.res
	rs.learnMu.Lock()
	defer rs.learnMu.Unlock()
	var need []string
	for _, n := range s.cat().Servers() {
		spec := s.cat().Spec(n)
		if spec == nil || spec.Disabled || len(spec.Expose) == 0 && !spec.Bare() || rs.learned[n] {
			continue
		}
		if _, ok := s.cat().Known(n); !ok {
			need = append(need, n)
		}
	}
	if len(need) == 0 {
		return
	}
	if rs.learned == nil {
		rs.learned = map[string]bool{}
	}
	for _, n := range need {
		rs.learned[n] = true
	}
	s.toolsOf(ctx, need)
	s.syncExposed()
	s.syncResources()
}

// objectSchema is the tool's input schema when it is a JSON object of
// type "object" (the SDK requires that of tools we serve), else a
// permissive object schema: backends do send broken schemas.
func objectSchema(r json.RawMessage) json.RawMessage {
	var m map[string]any
	if json.Unmarshal(r, &m) == nil && m["type"] == "object" {
		return r
	}
	return json.RawMessage(`{"type":"object","additionalProperties":true}`)
}

func objectOrNil(r json.RawMessage) any {
	var m map[string]any
	if json.Unmarshal(r, &m) == nil && m["type"] == "object" {
		return r
	}
	return nil
}
