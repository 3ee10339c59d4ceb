package script

import (
	"context"
	"crypto/rand"
	_ "embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"modernc.org/quickjs"

	"github.com/switchboard-mcp/switchboard/internal/panics"
)

//go:embed prelude.js
var preludeSource string

// scriptPrefix and scriptSuffix wrap Source into an async function. The
// prefix has no newline, so line numbers are those of Source.
const (
	scriptPrefix = "(async function script() {"
	scriptSuffix = "\n})"
)

// prelude is preludeSource compiled once per process.
var prelude struct {
	once sync.Once
	code []byte
	err  error
}

func preludeBytecode() ([]byte, error) {
	prelude.once.Do(func() {
		prelude.code, prelude.err = compileStripped(preludeSource, "prelude")
		if prelude.err != nil {
			prelude.err = fmt.Errorf("compiling prelude: %w", prelude.err)
		}
	})
	return prelude.code, prelude.err
}

// completion is a finished tool call or a fired timer, sent to the event loop.
type completion struct {
	id    int
	timer bool
	value json.RawMessage
	err   error
}

// run is the state of one script. Everything but completions is touched only
// by the goroutine that called Run.
type run struct {
	req      Request
	caller   ToolCaller
	ctx      context.Context // the caller's context
	callCtx  context.Context // canceled when Run returns; in-flight calls use it
	deadline time.Time
	vm       *quickjs.VM
	used     *engine // the engine of vm, freed by recycle

	completions chan completion
	nextID      int
	outstanding int // tool calls and timers not yet completed
	timers      map[int]*time.Timer
	calls       int
	limitHit    bool
	inflight    map[int]inflightCall // tool calls started, not yet settled
	argBytes    int                  // sum of inflight's sizes

	log     strings.Builder
	logFull bool

	finished bool // the script's promise settled and hostDone ran
	value    json.RawMessage
	err      *Error
}

// Run runs req.Source in a fresh VM and returns its result. It never panics
// and returns once the script settles, fails, times out or ctx is done; it
// cancels the context of tool calls still in flight when it returns. Run is
// safe for concurrent use; each call has its own VM. After it returns, the
// VM is freed and the next one made ready in the background.
func Run(ctx context.Context, req Request, caller ToolCaller) Result {
	res, recycle := RunDeferred(ctx, req, caller)
	recycle()
	return res
}

// RunDeferred is Run, except that freeing the script's VM and making the
// next one ready (with the same namespaces installed) is left to recycle,
// which the caller must call once, from any goroutine: a worker sends the
// result first, so that this work does not delay it. recycle returns at
// once and does the work in the background; a Run that starts after it
// waits for that VM instead of making another at the same time.
func RunDeferred(ctx context.Context, req Request, caller ToolCaller) (res Result, recycle func()) {
	spec := req.Spec
	if spec == "" {
		spec = NamespaceSpec(req.Namespaces)
	}
	req = req.WithDefaults()
	callCtx, cancel := context.WithCancelCause(ctx)
	defer func() { cancel(EndedBy(res)) }()
	r := &run{
		req:         req,
		caller:      caller,
		ctx:         ctx,
		callCtx:     callCtx,
		deadline:    time.Now().Add(req.Timeout),
		completions: make(chan completion),
		timers:      map[int]*time.Timer{},
		inflight:    map[int]inflightCall{},
	}
	recycle = func() { prepare(spec, true, r.used) }
	defer func() {
		if p := recover(); p != nil {
			res = Result{Log: r.log.String(), Calls: r.calls, Err: &Error{
				Kind:    KindException,
				Message: "script engine failed: " + panics.Why(p),
			}}
		}
	}()
	r.exec(spec)
	for _, t := range r.timers {
		t.Stop()
	}
	if r.err == nil && len(r.timers) > 0 {
		// A timer still pending when the script returned never runs
		// (setTimeout(() => gh.post(…), 10); return "ok": the post was
		// dropped without a word). Said after the console output.
		n := "1 setTimeout callback was"
		if len(r.timers) > 1 {
			n = fmt.Sprintf("%d setTimeout callbacks were", len(r.timers))
		}
		fmt.Fprintf(&r.log, "[%s still pending when the script returned, and did not run: a script ends when it returns; await what must happen first, e.g. await new Promise(r => setTimeout(r, ms))]\n", n)
	}
	res = Result{Log: r.log.String(), Calls: r.calls, Err: r.err, Cancelled: r.cancelled()}
	if r.err == nil {
		res.Value = r.value
	}
	return res, recycle
}

// inflightCall is a tool call the script started that has not settled.
type inflightCall struct {
	name string // "server.tool"
	size int    // bytes of its arguments
}

// cancelled names the calls still in flight, in the order they started.
func (r *run) cancelled() []string {
	if len(r.inflight) == 0 {
		return nil
	}
	ids := make([]int, 0, len(r.inflight))
	for id := range r.inflight {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var out []string
	for _, id := range ids {
		if n := r.inflight[id].name; n != progressCall {
			out = append(out, n)
		}
	}
	return out
}

// progressCall is the name of the host call progress() makes (to the
// reserved server ""): not a tool call the script could lose.
const progressCall = ".progress"

// exec takes a ready VM with spec installed, starts the script and runs
// the event loop until the script settles or fails; the outcome is in
// r.value or r.err. The engine it used is r.used, for recycle to free.
func (r *run) exec(spec string) {
	g, err := takeEngine(spec)
	if err != nil {
		r.fail(&Error{Kind: KindException, Message: err.Error()})
		return
	}
	g.host = r
	r.vm = g.vm
	r.used = g
	r.loopOn(g)
}

// loopOn runs the script on g.
func (r *run) loopOn(g *engine) {
	vm := g.vm
	vm.SetMemoryLimit(uintptr(r.req.MemoryLimit))

	// Interrupt the VM as long as ctx is done: the VM clears a pending
	// interrupt whenever Go calls into it, so one Interrupt could be lost.
	stop := make(chan struct{})
	defer close(stop)
	go interruptWhenDone(r.ctx, vm, stop)

	start, settle, fire := g.start, g.settle, g.fire
	if !r.enter() {
		return
	}
	fn, err := vm.EvalValue(scriptPrefix+r.req.Source+scriptSuffix, quickjs.EvalGlobal)
	if err != nil {
		r.failJS(err)
		return
	}
	_, err = start.Call(quickjs.UndefinedValue, fn, r.req.MaxResult, bodyNonce())
	fn.Free()
	if err != nil {
		r.failJS(err)
		return
	}
	r.loop(settle, fire)
}

// loop runs pending jobs, then waits for a completion, the deadline or ctx,
// until the script settles or fails.
func (r *run) loop(settle, fire quickjs.Value) {
	timer := time.NewTimer(time.Until(r.deadline))
	defer timer.Stop()
	for {
		if !r.enter() {
			return
		}
		_, err := r.vm.ExecutePendingJobs()
		for err != nil && r.err == nil && !r.finished && drainCut(err) {
			// More jobs than the engine runs in one drain: the script's
			// own (2 million awaits in a loop), bounded by its deadline
			// as a loop is, which the drain checks at each job.
			if !r.enter() {
				return
			}
			_, err = r.vm.ExecutePendingJobs()
		}
		if r.err != nil {
			return
		}
		if err != nil && !(r.finished && drainCut(err)) {
			r.failJS(err)
			return
		}
		if r.finished {
			return
		}
		if r.outstanding == 0 {
			r.fail(&Error{Kind: KindException, Message: "script did not finish: it awaits a promise that nothing can settle"})
			return
		}
		select {
		case c := <-r.completions:
			r.outstanding--
			if !r.enter() {
				return
			}
			if !c.timer {
				r.argBytes -= r.inflight[c.id].size
				delete(r.inflight, c.id)
			}
			if c.timer {
				delete(r.timers, c.id)
				_, err = fire.Call(quickjs.UndefinedValue, c.id)
			} else if c.err != nil {
				_, err = settle.Call(quickjs.UndefinedValue, c.id, false, c.err.Error())
			} else {
				_, err = settle.Call(quickjs.UndefinedValue, c.id, true, string(c.value))
			}
			if r.err != nil {
				return
			}
			if err != nil {
				r.failJS(err)
				return
			}
		case <-timer.C:
			r.fail(r.stopped())
			return
		case <-r.ctx.Done():
			r.fail(r.stopped())
			return
		}
	}
}

// drainCut reports whether err is the engine's end of a drain that ran
// its most jobs at once (1 << 20) with more pending: no failure of the
// script's. It failed scripts that awaited in a loop 2 million times, or
// queued as many promise jobs before returning, with "quickjs: aborted
// draining after 1048576 pending jobs", naming neither the script's
// code nor what to do; the jobs left run in the next drain.
func drainCut(err error) bool {
	var qe *quickjs.Error
	return !errors.As(err, &qe) && strings.HasPrefix(err.Error(), "quickjs: aborted draining after ")
}

// enter prepares a call into the VM: it arms the VM's timeout with the time
// left. It reports false, after recording the failure, when no time is left.
func (r *run) enter() bool {
	if e := r.stopped(); e != nil {
		r.fail(e)
		return false
	}
	r.vm.SetEvalTimeout(time.Until(r.deadline))
	return true
}

// stopped returns the timeout or cancellation error once the deadline passed
// or ctx is done, else nil.
func (r *run) stopped() *Error { return stopError(r.ctx, r.deadline, r.req.Timeout) }

// stopError is the error of a script whose ctx is done or whose deadline
// (timeout after its start) passed, else nil.
func stopError(ctx context.Context, deadline time.Time, timeout time.Duration) *Error {
	if err := ctx.Err(); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return &Error{Kind: KindTimeout, Message: fmt.Sprintf("script timed out: %v", err)}
		}
		return &Error{Kind: KindCanceled, Message: fmt.Sprintf("script canceled: %v", err)}
	}
	if !time.Now().Before(deadline) {
		return &Error{Kind: KindTimeout, Message: fmt.Sprintf("script timed out after %v", timeout)}
	}
	return nil
}

// fail records the first failure of the script.
func (r *run) fail(e *Error) {
	if r.err == nil {
		// A thrown message can be as large as the VM's memory: keep it
		// within the result limit, so it does not grow whoever reads it.
		if n := max(r.req.MaxResult, 4096); len(e.Message) > n {
			e.Message = truncateUTF8(e.Message, n) + fmt.Sprintf(" [error message cut at %d bytes]", n)
		}
		if len(e.Stack) > maxStack {
			e.Stack = truncateUTF8(e.Stack, maxStack)
		}
		r.err = e
	}
}

// maxStack bounds the stack kept with an error.
const maxStack = 16 << 10

// failJS records a failure returned by the VM: an interrupt becomes the
// timeout or cancellation, anything else an exception.
func (r *run) failJS(err error) {
	if e := r.stopped(); e != nil {
		r.fail(e)
		return
	}
	var qe *quickjs.Error
	if !errors.As(err, &qe) {
		r.fail(r.classify(&Error{Kind: KindException, Message: err.Error()}))
		return
	}
	e := &Error{Kind: KindException, Message: qe.Message, Stack: cleanStack(qe.Stack)}
	if qe.Name != "" {
		e.Message = qe.Name + ": " + qe.Message
	}
	if e.Message == "" {
		// A thrown value that is no Error (QuickJS throws null when
		// it runs out of memory in a promise job): its text, never "".
		e.Message = "uncaught " + qe.Error()
	}
	if qe.Name == "SyntaxError" && qe.LineNumber > 0 {
		line, col := qe.LineNumber, qe.ColumnNumber
		if line == 1 {
			col -= len(scriptPrefix)
		}
		e.Message = fmt.Sprintf("SyntaxError: %s (line %d, column %d)", qe.Message, line, max(col, 1))
		if lines := strings.Count(r.req.Source, "\n") + 1; line > lines {
			e.Message = fmt.Sprintf("SyntaxError: %s (at the end of the script)", qe.Message)
		}
	}
	r.fail(r.classify(e))
}

// classify sets the kind of an exception that reports memory or a limit.
func (r *run) classify(e *Error) *Error {
	switch {
	case strings.Contains(e.Message, "out of memory"), strings.Contains(e.Message, "string too long"):
		e.Kind = KindMemory
	case e.Message == nullThrown:
		// QuickJS throws null when it runs out of memory while throwing
		// the out-of-memory error itself.
		e.Kind = KindMemory
		e.Message = "uncaught null: the script threw null or, most likely, ran out of memory"
	case r.limitHit && (strings.Contains(e.Message, tooManyCalls) || strings.Contains(e.Message, tooMuchArgs) || strings.Contains(e.Message, tooManyTimers)):
		e.Kind = KindLimit
	}
	return e
}

// nullThrown is the message of an uncaught null, see the prelude.
const nullThrown = "uncaught null"

// interruptWhenDone interrupts vm every few milliseconds from when ctx is done
// until stop is closed.
func interruptWhenDone(ctx context.Context, vm *quickjs.VM, stop <-chan struct{}) {
	select {
	case <-stop:
		return
	case <-ctx.Done():
	}
	t := time.NewTicker(2 * time.Millisecond)
	defer t.Stop()
	for {
		vm.Interrupt()
		select {
		case <-stop:
			return
		case <-t.C:
		}
	}
}

// cleanStack drops the prelude's frames, names the script's file, and
// writes a frame repeated on consecutive lines once with its count: a
// stack overflow's 700 lines of "at f (script:1:14)" said nothing the
// first and the count do not.
func cleanStack(stack string) string {
	var b strings.Builder
	var last string
	repeats := 0
	flush := func() {
		if repeats > 0 {
			fmt.Fprintf(&b, "    ... the frame above %d more times\n", repeats)
			repeats = 0
		}
	}
	for line := range strings.Lines(stack) {
		if strings.Contains(line, "__sb_") || strings.TrimSpace(line) == "" {
			continue
		}
		line = fixColumn(strings.ReplaceAll(line, "<eval>:", "script:"))
		if !strings.HasSuffix(line, "\n") {
			line += "\n"
		}
		if line == last {
			repeats++
			continue
		}
		flush()
		b.WriteString(line)
		last = line
	}
	flush()
	return strings.TrimRight(b.String(), "\n")
}

// fixColumn corrects the column of a frame on line 1, which scriptPrefix shifts.
func fixColumn(line string) string {
	const at = "script:1:"
	i := strings.Index(line, at)
	if i < 0 {
		return line
	}
	j := i + len(at)
	k := j
	for k < len(line) && line[k] >= '0' && line[k] <= '9' {
		k++
	}
	var col int
	if _, err := fmt.Sscan(line[j:k], &col); err != nil {
		return line
	}
	return line[:j] + fmt.Sprint(max(col-len(scriptPrefix), 1)) + line[k:]
}

// truncateUTF8 returns the longest prefix of s of at most n bytes that does
// not split a rune.
func truncateUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// bodyNonce is a random name part for the parameter the prelude checks a
// skill's body with (__sb_compileBody): a body's text cannot know it, so
// it cannot give the function it reopens after closing ours early a
// parameter of that name.
func bodyNonce() string {
	var b [16]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
