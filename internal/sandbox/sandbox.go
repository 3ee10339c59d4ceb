// Package sandbox runs scripts in worker processes of our own binary, so a
// script that the VM cannot stop in time (one heavy built-in call runs past
// QuickJS's interrupt) or that exhausts memory takes down only its worker.
//
// Workers are long-lived: each script gets a fresh VM in a worker that is
// already running, and one idle worker is kept warm; the others a burst
// of scripts started end once idle for Options.IdleTimeout (one timer for
// the Sandbox, armed while more than one worker is idle). A worker is killed when
// its script runs past Timeout plus Grace, when ctx is done and the script
// does not stop within Grace, when its script ran out of memory, or when it
// breaks the protocol; a replacement starts in the background.
//
// Parent and worker speak newline-delimited JSON frames over the worker's
// stdin and stdout: the parent sends {type:"run", req}, the worker asks
// {type:"call", id, server, tool, args} for each tool call, the parent answers
// {type:"result", id, value | isError+error}, and the worker ends the script
// with {type:"done", result}. {type:"cancel"} asks the worker to cancel the
// script running now.
package sandbox

import (
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/script"
	"github.com/switchboard-mcp/switchboard/internal/warm"
)

// Options configures a Sandbox. Zero fields mean the documented defaults.
type Options struct {
	// Command is the argv that starts a worker, which must call ServeWorker
	// on its stdin and stdout; the CLI passes [os.Executable(), "__sandbox-worker"].
	// Nil runs scripts in this process with script.Run, which cannot stop a
	// long built-in call on time.
	Command []string
	// Workers is the most scripts running at once, across sessions; more
	// Run calls wait, served in arrival order, except that while another
	// session waits a session gets at most max(1, ceil(Workers/2)) slots
	// (script.Request.Session names the session), and that a session with
	// no script running borrows a slot beyond Workers when all are taken,
	// up to max(1, ceil(Workers/2)) borrowed at once. 0 means 4.
	Workers int
	// MemoryLimit caps each script's VM, in bytes, whatever the request
	// asks; the worker also sets an OS address-space limit above it as a
	// backstop. 0 means the request's limit (script.DefaultMemoryLimit when
	// that is 0).
	MemoryLimit int64
	// Grace is how long past the script's Timeout, or past ctx being done,
	// the worker gets before it is killed. 0 means 500ms.
	Grace time.Duration
	// Lazy leaves the first worker to Warm or the first Run, so that a
	// process that may never run a script does not start one at once.
	Lazy bool
	// IdleTimeout ends a worker idle that long, but for the one kept warm
	// (the last used): a burst of scripts starts up to Workers workers,
	// each a process of about 20 MB, which otherwise stayed until Close.
	// 0 means DefaultIdleTimeout; a negative value keeps them.
	IdleTimeout time.Duration
	// Logger receives a panic reading a worker's output (with its
	// stack); nil means slog.Default().
	Logger *slog.Logger
}

// DefaultIdleTimeout is how long a worker beyond the warm one stays idle
// before it ends.
const DefaultIdleTimeout = 2 * time.Minute

// Sandbox runs scripts in a bounded set of worker processes. It is safe for
// concurrent use. Close kills every worker.
type Sandbox struct {
	command []string
	grace   time.Duration
	memory  int64
	slots   *slots // the Workers script slots, shared fairly among sessions
	// calls runs scripts' tool calls, on goroutines kept with the stack
	// they grew (the catalog lookup and the SDK's client go deep):
	// growing a new goroutine's stack on every call was 5.7% of the
	// daemon's CPU in a loop of calls.
	calls       warm.Pool
	maxIdle     int // Workers: the most worker processes, idle or busy, save one being replaced
	idleTimeout time.Duration
	log         *slog.Logger // nil: slog.Default

	mu sync.Mutex
	// idle are the idle workers, the longest idle first (each appended
	// when it becomes idle; take hands out the last).
	idle     []*worker
	all      map[*worker]struct{} // every live worker, idle or busy
	starting int                  // background starts in progress
	closed   bool
	// reaper ends idle[0] when its IdleTimeout is up; nil while at most
	// one worker is idle, or once closed.
	reaper *time.Timer
	wg     sync.WaitGroup // background starts, and reaps ending workers
}

// New returns a Sandbox; with a Command it starts one warm worker in the
// background. o may be nil.
func New(o *Options) *Sandbox {
	var opts Options
	if o != nil {
		opts = *o
	}
	if opts.Workers <= 0 {
		opts.Workers = 4
	}
	if opts.Grace <= 0 {
		opts.Grace = 500 * time.Millisecond
	}
	if opts.IdleTimeout == 0 {
		opts.IdleTimeout = DefaultIdleTimeout
	}
	s := &Sandbox{
		command: append([]string(nil), opts.Command...),
		grace:   opts.Grace,
		memory:  opts.MemoryLimit,
		slots:   newSlots(opts.Workers),
		maxIdle: opts.Workers,
		all:     map[*worker]struct{}{},

		idleTimeout: opts.IdleTimeout,
		log:         opts.Logger,
	}
	if len(s.command) > 0 && !opts.Lazy {
		s.warm()
	}
	return s
}

// Warm starts a worker in the background unless one is idle or starting,
// so the next Run finds it ready. New does this unless Options.Lazy.
func (s *Sandbox) Warm() {
	if len(s.command) > 0 {
		s.warm()
	}
}

// Run runs req in a worker and returns its result. It waits for a free slot
// while Workers scripts run, and returns a KindCanceled or KindTimeout error
// if ctx ends first. It never hangs past req's timeout plus Grace (plus the
// time to start a worker) and never panics.
func (s *Sandbox) Run(ctx context.Context, req script.Request, caller script.ToolCaller) (res script.Result) {
	defer func() {
		if p := recover(); p != nil {
			res = failed(script.KindException, "sandbox failed: "+panics.Why(p))
		}
	}()
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return failed(script.KindException, errClosed.Error())
	}
	if s.memory > 0 && (req.MemoryLimit <= 0 || req.MemoryLimit > s.memory) {
		req.MemoryLimit = s.memory
	}
	// The time spent waiting for a slot and a worker counts against the
	// script's timeout.
	start := time.Now()
	timeout := req.WithDefaults().Timeout
	wait := time.NewTimer(timeout)
	defer wait.Stop()
	if ok, ctxDone := s.slots.acquire(ctx, wait.C, req.Session); !ok {
		if ctxDone {
			return failed(ctxKind(ctx), fmt.Sprintf("waiting for a script worker: %v", ctx.Err()))
		}
		return failed(script.KindTimeout, fmt.Sprintf("script timed out after %v waiting for a free script worker: %d scripts were running (settings.maxScripts)", timeout, s.slots.max))
	}
	defer s.slots.release(req.Session)
	if req.Timeout = timeout - time.Since(start); req.Timeout <= 0 {
		return failed(script.KindTimeout, fmt.Sprintf("script timed out after %v, before it could start: that is shorter than it takes to get a script worker; give it a longer time limit", timeout))
	}
	// A script that is one call with literal arguments (or returns a
	// literal) needs no VM: it runs here, and a worker only turns an
	// unusual outcome of its call into the result (script.RunStatic).
	queued := timeout - req.Timeout
	vm := func(ctx context.Context, req script.Request, caller script.ToolCaller) script.Result {
		res, _ := s.runVM(ctx, req, caller, timeout, queued)
		return res
	}
	if req.Go == nil {
		req.Go = s.calls.Go
	}
	if res, ok := script.RunStatic(ctx, req, caller, vm); ok {
		return noteWait(res, timeout, req.Timeout)
	}
	res, started := s.runVM(ctx, req, caller, timeout, queued)
	return noteWait(res, timeout, req.Timeout-started)
}

// runVM runs req in a VM: in a worker, or in this process without a
// Command. timeout is the caller's own limit, of which queued went
// waiting for a free slot: a script whose worker does not start within
// req.Timeout fails with a message that states timeout (and queued, when
// it is worth a word), not the budget that was left. started is the time
// spent waiting for a worker to start, which counts against req.Timeout.
func (s *Sandbox) runVM(ctx context.Context, req script.Request, caller script.ToolCaller, timeout, queued time.Duration) (res script.Result, started time.Duration) {
	if len(s.command) == 0 {
		return script.Run(ctx, req, caller), 0
	}
	budget, t0 := req.Timeout, time.Now()
	w, err := s.take()
	if err != nil {
		return failed(script.KindException, err.Error()), 0
	}
	started = time.Since(t0)
	if req.Timeout = budget - started; req.Timeout <= 0 {
		s.put(w, true)
		msg := fmt.Sprintf("script timed out after %v waiting for a script worker to start", timeout)
		if queued >= minNotedWait {
			msg = fmt.Sprintf("script timed out after %v waiting for a script worker: %v for a free one (settings.maxScripts), then for one to start", timeout, queued.Round(time.Millisecond))
		}
		return failed(script.KindTimeout, msg), started
	}
	res, reusable := w.run(ctx, req, caller, s.grace, &s.calls)
	if !reusable && w.unstarted {
		// The worker died before it could be handed the script (its
		// stdin was closed): nothing of the script ran, so a fresh
		// worker runs it, once.
		s.put(w, false)
		t1 := time.Now()
		if w, err = s.take(); err != nil {
			return failed(script.KindException, err.Error()), started
		}
		started += time.Since(t1)
		if req.Timeout = budget - started; req.Timeout <= 0 {
			s.put(w, true)
			return failed(script.KindTimeout, fmt.Sprintf("script timed out after %v waiting for a script worker to start", timeout)), started
		}
		res, reusable = w.run(ctx, req, caller, s.grace, &s.calls)
	}
	if res.Err != nil && res.Err.Kind == script.KindMemory {
		// The worker keeps the memory the script grew it to; start afresh.
		reusable = false
	}
	s.put(w, reusable)
	return res, started
}

// Waiting is the number of scripts waiting for a free script worker
// (settings.maxScripts all busy or their session over its share).
func (s *Sandbox) Waiting() int { return s.slots.waiting() }

// Close kills every worker, which ends the scripts running in them, and makes
// later Run calls fail. It is idempotent and safe to call concurrently.
func (s *Sandbox) Close() error {
	s.mu.Lock()
	s.closed = true
	workers := make([]*worker, 0, len(s.all))
	for w := range s.all {
		workers = append(workers, w)
	}
	s.idle = nil
	if s.reaper != nil {
		s.reaper.Stop() // one that fired already finds closed
		s.reaper = nil
	}
	s.mu.Unlock()
	s.wg.Wait() // a start in progress sees closed and kills its worker; a reap ends its own
	for _, w := range workers {
		w.kill()
		<-w.exited
	}
	return nil
}

// take returns an idle worker, or starts one, and keeps one warm.
func (s *Sandbox) take() (*worker, error) {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return nil, errClosed
	}
	var w *worker
	for w == nil && len(s.idle) > 0 {
		n := len(s.idle)
		w = s.idle[n-1]
		s.idle = s.idle[:n-1]
		if w.gone() {
			// Killed while idle, from outside (the OOM killer, a kill -9):
			// the script it would get has not run, so it goes to another.
			delete(s.all, w)
			w = nil
		}
	}
	if w != nil && len(s.idle) == 1 {
		// The one idle worker left is the warm one the next script
		// needs: in use, though never taken under a steady load of one
		// script at a time (the worker put back is taken first). Ended
		// once idle IdleTimeout, it was replaced by the next take's warm
		// start, a new process every IdleTimeout.
		s.idle[0].idleSince = time.Now()
	}
	s.mu.Unlock()
	defer s.warm()
	if w != nil {
		return w, nil
	}
	w, err := startWorker(s.command, s.log)
	if err != nil {
		return nil, err
	}
	if !s.track(w) {
		return nil, errClosed
	}
	return w, nil
}

// put returns w to the idle list, or kills it when it cannot be reused.
func (s *Sandbox) put(w *worker, reusable bool) {
	s.mu.Lock()
	if reusable && !s.closed && len(s.idle) < s.maxIdle {
		s.idleLocked(w)
		s.mu.Unlock()
		return
	}
	delete(s.all, w)
	s.mu.Unlock()
	w.kill()
	<-w.exited
	s.warm()
}

// track records a started worker; if the Sandbox closed meanwhile it kills
// the worker and reports false.
func (s *Sandbox) track(w *worker) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		w.kill()
		<-w.exited
		return false
	}
	s.all[w] = struct{}{}
	return true
}

// warm starts a worker in the background unless one is idle or starting, or
// Workers workers exist.
func (s *Sandbox) warm() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed || len(s.idle) > 0 || s.starting > 0 || len(s.all) >= s.maxIdle {
		return
	}
	s.starting++
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		w, err := startWorker(s.command, s.log)
		s.mu.Lock()
		defer s.mu.Unlock()
		s.starting--
		if err != nil {
			return // the next take starts one in the foreground and reports why
		}
		if s.closed {
			w.kill() // Close waits for s.wg, so this process is gone when it returns
			<-w.exited
			return
		}
		s.all[w] = struct{}{}
		s.idleLocked(w)
	}()
}

// idleLocked appends w, idle from now, to the idle workers, and arms the
// reaper when another is idle. s.mu is held.
func (s *Sandbox) idleLocked(w *worker) {
	w.idleSince = time.Now()
	s.idle = append(s.idle, w)
	s.armLocked()
}

// armLocked arms the reaper for the longest idle worker, unless it is
// armed, at most one worker is idle (the warm one stays), or the Sandbox
// keeps idle workers or is closed. s.mu is held.
func (s *Sandbox) armLocked() {
	if s.idleTimeout < 0 || s.closed || s.reaper != nil || len(s.idle) <= 1 {
		return
	}
	s.reaper = time.AfterFunc(time.Until(s.idle[0].idleSince.Add(s.idleTimeout)), s.reap)
}

// reap ends the workers idle IdleTimeout, the longest idle first, but for
// the last idle one. A worker leaves s.idle under s.mu before it is
// killed, so take never hands it a script.
func (s *Sandbox) reap() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.reaper = nil
	var ended []*worker
	now := time.Now()
	for len(s.idle) > 1 && now.Sub(s.idle[0].idleSince) >= s.idleTimeout {
		w := s.idle[0]
		s.idle = slices.Delete(s.idle, 0, 1)
		delete(s.all, w)
		ended = append(ended, w)
	}
	s.armLocked()
	s.wg.Add(1) // Close waits for these processes too
	s.mu.Unlock()
	defer s.wg.Done()
	for _, w := range ended {
		w.kill()
		<-w.exited
	}
}

// minNotedWait is the least wait for a worker that a timeout error
// mentions: starting a worker takes a few milliseconds, which is no
// reason to raise settings.maxScripts.
const minNotedWait = 100 * time.Millisecond

// noteWait makes the timeout error of a script that waited for a worker
// say so: it was given timeout, and left had left when it started.
// A shorter wait goes unmentioned, and the time the script was given is
// stated as the caller's timeout, not what was left of it to the
// nanosecond ("after 1.998738722s"). A script with nothing left (left
// <= 0) never started: runVM's message already states timeout and the
// wait.
func noteWait(res script.Result, timeout, left time.Duration) script.Result {
	if res.Err == nil || res.Err.Kind != script.KindTimeout || left >= timeout || left <= 0 {
		return res
	}
	if timeout-left >= minNotedWait {
		res.Err.Message = fmt.Sprintf("script timed out after %v, %v of it waiting for a free script worker (settings.maxScripts)", timeout, (timeout - left).Round(time.Millisecond))
	} else {
		res.Err.Message = strings.Replace(res.Err.Message, "after "+left.String(), "after "+timeout.String(), 1)
	}
	return res
}

// failed is a Result for a script that did not run to its end.
func failed(kind, msg string) script.Result {
	return script.Result{Err: &script.Error{Kind: kind, Message: msg}}
}

// ctxKind is the error kind for a done ctx.
func ctxKind(ctx context.Context) string {
	if ctx.Err() == context.DeadlineExceeded {
		return script.KindTimeout
	}
	return script.KindCanceled
}
