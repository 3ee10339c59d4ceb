// Package script runs agent-written JavaScript in a fresh QuickJS VM whose
// globals are one namespace of async tool functions per backend.
//
// A script is the body of an async function: it may use top-level await and
// return a value, which comes back as JSON. Tool functions return Promises
// settled from Go goroutines, so calls under Promise.all run concurrently.
// The VM has no require, process, modules, filesystem or network; console
// output is captured; setTimeout exists only for the life of the script.
//
// Limits: a wall-clock timeout (the VM is interrupted and in-flight calls are
// canceled), a per-VM memory limit, a number of tool calls, and the sizes of
// the captured log and of the result. QuickJS polls for interrupts only now and
// then, so one heavy built-in call can run past the timeout; package sandbox
// enforces the deadline by killing a worker process.
package script

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Defaults for the zero fields of Request.
const (
	DefaultTimeout     = 30 * time.Second
	DefaultMemoryLimit = 256 << 20
	DefaultMaxCalls    = 1000
	DefaultMaxLog      = 64 << 10
	DefaultMaxResult   = 1 << 20
	// ArgBytesPerResult is how many times Request.MaxResult the arguments
	// of a script's tool calls in flight may take at once, when
	// Request.MaxArgBytes is 0 (16 MiB with the default MaxResult).
	ArgBytesPerResult = 16
	// MaxTimers bounds the timers (setTimeout) pending at once in a script.
	MaxTimers = 10000
)

// ErrAbandoned is the cause of the cancellation of a tool call's context
// when the script returned (or failed) before the call finished: see
// context.Cause. Result.Cancelled names those calls.
var ErrAbandoned = errors.New("the script ended before this call finished")

// EndedBy is the cause with which the calls still running when a script
// ended are cancelled: ErrAbandoned for a script that returned, else an
// error wrapping it that says how the script ended ("the script timed
// out before this call finished").
func EndedBy(res Result) error {
	if res.Err == nil {
		return ErrAbandoned
	}
	how := "failed"
	switch res.Err.Kind {
	case KindTimeout:
		how = "timed out"
	case KindCanceled:
		how = "was cancelled"
	case KindMemory:
		how = "ran out of memory"
	}
	return &ended{how: how}
}

// ended is a cause of EndedBy for a script that did not return.
type ended struct{ how string }

func (e *ended) Error() string { return "the script " + e.how + " before this call finished" }
func (e *ended) Unwrap() error { return ErrAbandoned }

// Error kinds, the values of Error.Kind.
const (
	KindException = "exception" // uncaught exception, syntax error, tool error not caught
	KindTimeout   = "timeout"   // the script ran past Request.Timeout or its context's deadline
	KindCanceled  = "canceled"  // the context was canceled
	KindMemory    = "memory"    // the VM ran out of its memory limit
	KindLimit     = "limit"     // too many tool calls or timers, arguments over Request.MaxArgBytes, or a result over Request.MaxResult
)

// ToolCaller calls a backend tool for a script. args is a JSON object, never
// null: "{}" when the script passed nothing, undefined or null. It returns the
// unwrapped result value as JSON, or an error whose message becomes the message
// of the JavaScript Error. Run calls it from several goroutines at once, so it
// must be safe for concurrent use; ctx is canceled when the script ends.
type ToolCaller interface {
	CallTool(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error)
}

// AsyncToolCaller is a ToolCaller that starts a call without blocking:
// Run uses StartCall instead of CallTool in a goroutine of its own.
// StartCall must return soon; done must be called once, from any
// goroutine, with what CallTool would return, also when ctx ends first.
// The sandbox worker implements it: a call is a frame written at once, its
// result is delivered by the goroutine that reads the answer.
type AsyncToolCaller interface {
	ToolCaller
	StartCall(ctx context.Context, server, tool string, args json.RawMessage, done func(json.RawMessage, error))
}

// Function is one tool function of a namespace.
type Function struct {
	Ident  string // JavaScript property name on the namespace object
	Server string // server name passed to ToolCaller.CallTool
	Tool   string // tool name passed to ToolCaller.CallTool
}

// Namespace is one global object of tool functions, usually one per backend.
// A property the namespace does not declare is a function too: it calls
// ToolCaller.CallTool with Server and the property name, so the caller can
// reject it with the reason (no such tool, withheld, backend down).
type Namespace struct {
	Ident     string // JavaScript global name; it replaces any global of that name
	Server    string // server name for undeclared properties; "" means Ident
	Functions []Function
}

// Request is one script to run. Zero limits mean the Default* constants.
type Request struct {
	// Source is the body of an async function: top-level await and return
	// are allowed. Line numbers in errors are those of Source.
	Source     string
	Namespaces []Namespace
	// Spec is Namespaces in the form of NamespaceSpec; when set, it is
	// used instead of Namespaces (the sandbox sends it to its workers only
	// when it changes, and reuses it).
	Spec        string        `json:"-"`
	Timeout     time.Duration // wall clock for the whole run; 0 means DefaultTimeout
	MemoryLimit int64         // bytes for the VM; 0 means DefaultMemoryLimit
	MaxCalls    int           // tool calls per script, more throw in the script; 0 means DefaultMaxCalls
	MaxLog      int           // bytes of console output kept, then a note; 0 means DefaultMaxLog
	MaxResult   int           // bytes of the returned JSON, more is a KindLimit error; 0 means DefaultMaxResult
	// MaxArgBytes bounds the bytes of arguments (JSON) of the script's tool
	// calls in flight at once; a call over it throws in the script. 0 means
	// ArgBytesPerResult times MaxResult.
	MaxArgBytes int
	// Session is the ID of the client session that runs the script; the
	// sandbox shares its slots fairly among sessions. Not sent to workers.
	Session string `json:"-"`
	// Go starts a tool call of a static script (RunStatic) on a goroutine
	// of its own; nil means the go statement. A caller that keeps
	// goroutines (internal/warm) spares each call growing a new stack.
	// Not sent to workers.
	Go func(func()) `json:"-"`
}

// WithDefaults returns r with its zero limits replaced by the defaults.
func (r Request) WithDefaults() Request {
	if r.Timeout <= 0 {
		r.Timeout = DefaultTimeout
	}
	if r.MemoryLimit <= 0 {
		r.MemoryLimit = DefaultMemoryLimit
	}
	if r.MaxCalls <= 0 {
		r.MaxCalls = DefaultMaxCalls
	}
	if r.MaxLog <= 0 {
		r.MaxLog = DefaultMaxLog
	}
	if r.MaxResult <= 0 {
		r.MaxResult = DefaultMaxResult
	}
	if r.MaxArgBytes <= 0 {
		r.MaxArgBytes = ArgBytesPerResult * r.MaxResult
	}
	return r
}

// Result is the outcome of a script. Exactly one of Value and Err is set.
type Result struct {
	Value json.RawMessage `json:"value,omitempty"` // JSON of the returned value; undefined becomes null; nil when Err is set
	Log   string          `json:"log,omitempty"`   // console output, one line per call, bounded by Request.MaxLog
	Err   *Error          `json:"error,omitempty"` // why the script failed, or nil
	Calls int             `json:"calls"`           // tool calls the script started
	// Cancelled names ("server.tool") the calls still running when the
	// script ended, which were then cancelled, in the order they started.
	Cancelled []string `json:"cancelled,omitempty"`
}

// Error is why a script failed.
type Error struct {
	Message string `json:"message"`          // e.g. "TypeError: x is not a function" or "filesystem.read_text_file: ENOENT"
	Server  string `json:"server,omitempty"` // server of the failed tool call, when a tool error was not caught
	Tool    string `json:"tool,omitempty"`   // tool of the failed tool call, when a tool error was not caught
	Kind    string `json:"kind"`             // one of the Kind* constants
	Stack   string `json:"stack,omitempty"`  // JavaScript stack, "    at f (script:3:7)" per frame, when known
}

// Error returns the message.
func (e *Error) Error() string { return e.Message }
