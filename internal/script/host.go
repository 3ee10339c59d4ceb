package script

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/panics"
)

// tooManyCalls starts the message of the error a tool call over
// Request.MaxCalls throws.
const tooManyCalls = "too many tool calls"

// tooMuchArgs and tooManyTimers start the messages of the errors a tool
// call over Request.MaxArgBytes and a timer over MaxTimers throw.
const (
	tooMuchArgs   = "tool call arguments in flight over the limit"
	tooManyTimers = "too many pending timers"
)

// The host functions below are called by the prelude on the VM's goroutine.
// Their arguments come converted by quickjs: strings, bool, int or float64.

// hostCall(server, tool, argsJSON) starts a tool call in a goroutine and
// returns its id; its completion is settled by the event loop.
func (r *run) hostCall(args []any) (any, error) {
	server, _ := arg[string](args, 0)
	tool, _ := arg[string](args, 1)
	body, _ := arg[string](args, 2)
	if r.calls >= r.req.MaxCalls {
		r.limitHit = true
		return nil, fmt.Errorf("%s: the limit is %d per script", tooManyCalls, r.req.MaxCalls)
	}
	if r.argBytes+len(body) > r.req.MaxArgBytes {
		r.limitHit = true
		return nil, fmt.Errorf("%s: %s: its arguments (%d bytes) and those of the %d calls still running (%d bytes) are over the limit of %d bytes per script (%d times settings.maxResultBytes); await some calls before starting more, or pass less data",
			tooMuchArgs, CallName(server, tool), len(body), len(r.inflight), r.argBytes, r.req.MaxArgBytes, ArgBytesPerResult)
	}
	r.calls++
	r.nextID++
	id := r.nextID
	r.outstanding++
	r.inflight[id] = inflightCall{name: CallName(server, tool), size: len(body)}
	r.argBytes += len(body)
	if ac, ok := r.caller.(AsyncToolCaller); ok {
		r.startCall(ac, id, server, tool, json.RawMessage(body))
		return id, nil
	}
	go r.callTool(id, server, tool, json.RawMessage(body))
	return id, nil
}

// startCall starts one call of an AsyncToolCaller; its completion is sent
// from the goroutine that calls done, or, if the event loop is busy, from
// a goroutine of its own, so that done never waits for the VM.
func (r *run) startCall(ac AsyncToolCaller, id int, server, tool string, args json.RawMessage) {
	var once sync.Once
	done := func(v json.RawMessage, err error) {
		once.Do(func() {
			c := r.completed(id, server, tool, v, err)
			select {
			case r.completions <- c:
			default:
				go func() {
					select {
					case r.completions <- c:
					case <-r.callCtx.Done():
					}
				}()
			}
		})
	}
	defer func() {
		if p := recover(); p != nil {
			done(nil, fmt.Errorf("%s: tool call panicked: %s", CallName(server, tool), panics.Why(p)))
		}
	}()
	ac.StartCall(r.callCtx, server, tool, args, done)
}

// completed is the completion of call id: the caller's error, or its
// value checked to be JSON ("null" when empty).
func (r *run) completed(id int, server, tool string, v json.RawMessage, err error) completion {
	v, err = completedValue(server, tool, v, err)
	return completion{id: id, value: v, err: err}
}

// completedValue is what a call's promise settles with: the caller's
// error, or its value checked to be JSON ("null" when empty).
func completedValue(server, tool string, v json.RawMessage, err error) (json.RawMessage, error) {
	switch {
	case err != nil:
	case len(v) == 0:
		v = json.RawMessage("null")
	case !json.Valid(v):
		v, err = nil, fmt.Errorf("%s: tool returned invalid JSON", CallName(server, tool))
	}
	return v, err
}

// callTool runs one tool call and sends its completion, unless the run ended.
// The caller's error message is used as it is (it names server and tool);
// errors of this package's own start with "server.tool: ".
func (r *run) callTool(id int, server, tool string, args json.RawMessage) {
	c := completion{id: id}
	func() {
		defer func() {
			if p := recover(); p != nil {
				c.err = fmt.Errorf("%s: tool call panicked: %s", CallName(server, tool), panics.Why(p))
			}
		}()
		c.value, c.err = r.caller.CallTool(r.callCtx, server, tool, args)
	}()
	c = r.completed(id, server, tool, c.value, c.err)
	select {
	case r.completions <- c:
	case <-r.callCtx.Done():
	}
}

// hostLog(level, line) appends a console line and reports whether there is
// room for more.
func (r *run) hostLog(args []any) (any, error) {
	level, _ := arg[string](args, 0)
	line, _ := arg[string](args, 1)
	if r.logFull {
		return false, nil
	}
	switch level {
	case "warn", "error":
		line = "[" + level + "] " + line
	}
	line += "\n"
	if room := r.req.MaxLog - r.log.Len(); len(line) > room {
		r.log.WriteString(truncateUTF8(line, room))
		fmt.Fprintf(&r.log, "\n[console output truncated: over %d bytes]\n", r.req.MaxLog)
		r.logFull = true
		return false, nil
	}
	r.log.WriteString(line)
	return true, nil
}

// hostDone(ok, payload, size) records how the script's promise settled: the
// result JSON, or the description of the error as JSON. size is the length
// of the result in UTF-16 units; the prelude sends no payload when that alone
// is over Request.MaxResult.
func (r *run) hostDone(args []any) (any, error) {
	ok, _ := arg[bool](args, 0)
	payload, _ := arg[string](args, 1)
	r.finished = true
	if !ok {
		var d struct{ Name, Message, Stack, Server, Tool string }
		if err := json.Unmarshal([]byte(payload), &d); err != nil {
			r.fail(&Error{Kind: KindException, Message: "script failed with an error that cannot be read"})
			return nil, nil
		}
		e := &Error{Kind: KindException, Message: d.Message, Stack: cleanStack(d.Stack), Server: d.Server, Tool: d.Tool}
		if d.Name != "" && d.Server == "" {
			e.Message = d.Name + ": " + d.Message
		}
		r.fail(r.classify(e))
		return nil, nil
	}
	size := len(payload)
	if payload == "" {
		size = argInt(args, 2)
	}
	if payload == "" || size > r.req.MaxResult {
		r.fail(&Error{Kind: KindLimit, Message: fmt.Sprintf(
			resultOverLimit,
			size, r.req.MaxResult)})
		return nil, nil
	}
	if deep := tooDeep([]byte(payload)); deep != nil {
		r.fail(deep)
		return nil, nil
	}
	r.value = json.RawMessage(payload)
	return nil, nil
}

// hostTimer(id, ms) starts timer id firing after ms milliseconds; a negative
// ms stops it.
func (r *run) hostTimer(args []any) (any, error) {
	id := argInt(args, 0)
	ms := argFloat(args, 1)
	if ms < 0 {
		if t, ok := r.timers[id]; ok && t.Stop() {
			delete(r.timers, id)
			r.outstanding--
		}
		return nil, nil
	}
	if len(r.timers) >= MaxTimers {
		r.limitHit = true
		return nil, fmt.Errorf("%s: the limit is %d pending setTimeout timers per script (fixed); await or clear some before setting more", tooManyTimers, MaxTimers)
	}
	r.outstanding++
	d := time.Duration(min(ms, float64(time.Hour/time.Millisecond)) * float64(time.Millisecond))
	r.timers[id] = time.AfterFunc(d, func() {
		select {
		case r.completions <- completion{id: id, timer: true}:
		case <-r.callCtx.Done():
		}
	})
	return nil, nil
}

// arg returns args[i] as a T.
func arg[T any](args []any, i int) (T, bool) {
	var zero T
	if i >= len(args) {
		return zero, false
	}
	v, ok := args[i].(T)
	return v, ok
}

func argFloat(args []any, i int) float64 {
	if i >= len(args) {
		return 0
	}
	switch v := args[i].(type) {
	case int:
		return float64(v)
	case float64:
		return v
	}
	return 0
}

func argInt(args []any, i int) int { return int(argFloat(args, i)) }
