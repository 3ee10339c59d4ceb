package sandbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os/exec"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/rawio"
	"github.com/switchboard-mcp/switchboard/internal/script"
	"github.com/switchboard-mcp/switchboard/internal/warm"
)

// errClosed is returned by Run after Close.
var errClosed = errors.New("sandbox is closed")

// maxStderr bounds the stderr kept from a worker.
const maxStderr = 8 << 10

// worker is the parent's side of one worker process. run is called by one
// goroutine at a time; kill may be called from any goroutine.
type worker struct {
	cmd    *exec.Cmd
	out    *frameWriter
	frames chan *frame   // from the reader goroutine; closed at the end of stdout
	dead   chan struct{} // closed by kill
	exited chan struct{} // closed once the process was waited for
	stderr *headBuffer
	spec   string // the namespaces of the last run frame, which the worker keeps

	// onCall serves a call frame of the script running now, from the
	// goroutine that reads frames (one hand-off fewer per tool call); nil
	// between scripts, when a call frame breaks the protocol.
	onCall atomic.Pointer[func(*frame)]

	killOnce sync.Once
	readErr  error // set before frames closes
	waitErr  error // set before exited closes

	// unstarted is set by run when the worker could not be handed its
	// script: nothing of it ran.
	unstarted bool

	idleSince time.Time // when it last became idle, or the one idle worker left (see take); guarded by Sandbox.mu
}

// gone reports whether the worker's process is known to have ended or
// been killed.
func (w *worker) gone() bool {
	select {
	case <-w.dead:
		return true
	case <-w.exited:
		return true
	default:
		return false
	}
}

// startWorker starts a worker process running argv; a panic reading its
// output is logged on log.
func startWorker(argv []string, log *slog.Logger) (*worker, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.SysProcAttr = sysProcAttr()
	cmd.WaitDelay = time.Second // a grandchild holding stderr must not block Wait
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, rawio.FileLimit(fmt.Errorf("starting script worker: %w", err))
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, rawio.FileLimit(fmt.Errorf("starting script worker: %w", err))
	}
	// Both pipes are read and written with raw system calls (rawio): a
	// worker's frames are the hot path of a script's tool calls.
	var in io.Writer = stdin
	if f, ok := stdin.(rawio.OSFile); ok {
		in = rawio.New(f)
	}
	var out io.Reader = stdout
	if f, ok := stdout.(rawio.OSFile); ok {
		out = rawio.New(f)
	}
	w := &worker{
		cmd:    cmd,
		out:    &frameWriter{w: in},
		frames: make(chan *frame, 16),
		dead:   make(chan struct{}),
		exited: make(chan struct{}),
		stderr: &headBuffer{max: maxStderr},
	}
	cmd.Stderr = w.stderr
	if err := cmd.Start(); err != nil {
		return nil, rawio.FileLimit(fmt.Errorf("starting script worker %s: %w", argv[0], err))
	}
	go w.read(out, log)
	return w, nil
}

// read passes frames from the worker's stdout to w.frames until it ends, then
// waits for the process.
//
// A panic reading them (the frames' decoding, a call frame served on this
// goroutine: its arguments' check, the answer's write) is logged on log
// and the worker killed as one that broke the protocol: its script fails
// saying so, and the next script gets another worker. It ended the
// process, and with the daemon every session.
func (w *worker) read(stdout io.Reader, log *slog.Logger) {
	defer func() {
		close(w.frames)
		w.waitErr = w.cmd.Wait()
		close(w.exited)
	}()
	defer panics.Recover(log, "reading a script worker's output", func(why string) {
		w.readErr = fmt.Errorf("internal error reading its output: %s (a bug in Switchboard)", why)
		w.kill()
	})
	in := newFrameReader(stdout)
	for {
		f, err := in.read()
		if err != nil {
			if !errors.Is(err, io.EOF) {
				w.readErr = err
				w.kill()
			}
			break
		}
		if f.Type == frameCall {
			if h := w.onCall.Load(); h != nil {
				(*h)(f)
				continue
			}
		}
		select {
		case w.frames <- f:
		case <-w.dead:
		}
	}
}

// kill kills the worker's process group. It does not wait: receive from
// w.exited for that.
func (w *worker) kill() {
	w.killOnce.Do(func() {
		close(w.dead)
		killGroup(w.cmd.Process.Pid)
		_ = w.cmd.Process.Kill()
	})
}

// run runs req in the worker, serving its tool calls with caller. It reports
// whether the worker can run another script.
//
// calls runs each tool call of the script on a goroutine of its own (they
// may run at once).
func (w *worker) run(ctx context.Context, req script.Request, caller script.ToolCaller, grace time.Duration, calls *warm.Pool) (res script.Result, reusable bool) {
	timeout := req.Timeout
	if timeout <= 0 {
		timeout = script.DefaultTimeout
	}
	// The namespaces go as a spec, and only when they changed since the
	// worker's last script (a session's scripts, and sessions over the
	// same servers, share them).
	spec := req.Spec
	if spec == "" {
		spec = script.NamespaceSpec(req.Namespaces)
	}
	run := &frame{Type: frameRun, Req: &req}
	req.Namespaces, req.Spec = nil, ""
	if spec == w.spec {
		run.SameSpec = true
	} else {
		run.Payload = []byte(spec)
	}
	// The calls still running when the script ends are cancelled with
	// script.EndedBy as the cause, which the caller can record.
	callCtx, cancel := context.WithCancelCause(ctx)
	defer func() { cancel(script.EndedBy(res)) }()
	// The worker bounds the argument bytes of its calls in flight; check
	// again here, so that a broken worker cannot grow this process.
	limit := req.WithDefaults().MaxArgBytes
	var argMu sync.Mutex
	argBytes := 0
	onCall := func(f *frame) {
		if !validJSON(f.Payload) {
			_ = w.out.write(&frame{Type: frameResult, ID: f.ID, IsError: true, Error: fmt.Sprintf("%s: tool call arguments are not JSON", script.CallName(f.Server, f.Tool))})
			return
		}
		argMu.Lock()
		over := argBytes+len(f.Payload) > limit
		if !over {
			argBytes += len(f.Payload)
		}
		argMu.Unlock()
		if over {
			_ = w.out.write(&frame{Type: frameResult, ID: f.ID, IsError: true, Error: fmt.Sprintf("%s: tool call arguments in flight over the limit of %d bytes per script", script.CallName(f.Server, f.Tool), limit)})
			return
		}
		calls.Go(func() {
			w.call(callCtx, caller, f)
			argMu.Lock()
			argBytes -= len(f.Payload)
			argMu.Unlock()
		})
	}
	// Set before the run frame goes out: its first call may come at once.
	w.onCall.Store(&onCall)
	defer w.onCall.Store(nil)
	if err := w.out.write(run); err != nil {
		w.unstarted = true
		return w.crashed(), false
	}
	w.spec = spec
	deadline := time.NewTimer(timeout + grace)
	defer deadline.Stop()
	ctxDone := ctx.Done()
	cancelled := false // ctx was done, and the worker asked to cancel
	for {
		select {
		case f, ok := <-w.frames:
			if !ok {
				return w.crashed(), false
			}
			switch {
			case f.Type == frameDone && f.Result != nil && (f.Result.Value == nil || validJSON(f.Result.Value)):
				return *f.Result, true
			default:
				w.kill()
				<-w.exited
				return failed(script.KindException, fmt.Sprintf("script worker broke the protocol: unexpected %q frame", f.Type)), false
			}
		case <-deadline.C:
			w.kill()
			<-w.exited
			// A ctx never done (context.Background) has no Done channel
			// either: that is no cancellation ("script <nil> and did not
			// stop").
			if cancelled {
				return failed(ctxKind(ctx), fmt.Sprintf("script %v and did not stop; its worker was killed", ctx.Err())), false
			}
			return failed(script.KindTimeout, fmt.Sprintf("script timed out after %v; its worker was killed", timeout)), false
		case <-ctxDone:
			// Ask the worker to cancel; kill it if it does not within grace.
			ctxDone, cancelled = nil, true
			_ = w.out.write(&frame{Type: frameCancel})
			deadline.Reset(grace)
		}
	}
}

// call runs one tool call for the worker and sends the result back.
func (w *worker) call(ctx context.Context, caller script.ToolCaller, f *frame) {
	res := &frame{Type: frameResult, ID: f.ID}
	func() {
		defer func() {
			if p := recover(); p != nil {
				// Said as panics.Why has it: secrets hidden, one line,
				// bounded (a value of megabytes went whole into the
				// script's error, and on into the agent's context).
				res.IsError, res.Error = true, "tool call panicked: "+panics.Why(p)
			}
		}()
		v, err := caller.CallTool(ctx, f.Server, f.Tool, f.Payload)
		if err != nil {
			res.IsError, res.Error = true, err.Error()
			return
		}
		res.Payload = v
	}()
	_ = w.out.write(res) // a worker that is gone needs no answer
}

// crashed waits for the worker to exit and describes why it did.
func (w *worker) crashed() script.Result {
	ours := false // killed by us (a broken frame) before it ended
	select {
	case <-w.dead:
		ours = true
	default:
	}
	select {
	case <-w.exited:
	case <-time.After(time.Second): // its stdout ended but it lingers
		w.kill()
		<-w.exited
	}
	why := "exited"
	if w.waitErr != nil {
		why = w.waitErr.Error()
	}
	if w.readErr != nil {
		why = w.readErr.Error()
	}
	msg := "script worker exited: " + why
	var ee *exec.ExitError
	if !ours && !w.unstarted && errors.As(w.waitErr, &ee) && !ee.Exited() {
		// A signal none of ours: say so, and what the script may have done.
		msg += " (killed from outside Switchboard: another process or the system's out-of-memory killer; the tool calls the script made before then did run; run the script again)"
	}
	kind := script.KindException
	if tail := strings.TrimSpace(w.stderr.String()); tail != "" {
		msg += "\n" + tail
		if strings.Contains(tail, "out of memory") {
			kind = script.KindMemory
		}
	}
	return failed(kind, msg)
}

// headBuffer keeps the first max bytes written to it; safe for concurrent use.
type headBuffer struct {
	mu  sync.Mutex
	max int
	b   []byte
}

func (h *headBuffer) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if room := h.max - len(h.b); room > 0 {
		h.b = append(h.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func (h *headBuffer) String() string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return string(h.b)
}
