package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/rawio"
	"github.com/switchboard-mcp/switchboard/internal/script"
)

// workerEnv switches the test binary into a worker, as the CLI's
// __sandbox-worker subcommand does.
const workerEnv = "SWITCHBOARD_SANDBOX_TEST_WORKER"

func TestMain(m *testing.M) {
	if os.Getenv(workerEnv) == "1" {
		if path := os.Getenv(workerProfileEnv); path != "" {
			profileWorker(path)
		}
		in, _ := rawio.Pollable(os.Stdin)
		out, _ := rawio.Pollable(os.Stdout)
		if err := ServeWorker(context.Background(), rawio.New(in), rawio.New(out)); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		return
	}
	fuzzing := slices.ContainsFunc(os.Args, func(a string) bool { return strings.HasPrefix(a, "-test.fuzz") })
	if !fuzzing { // the fuzzer's own workers are this binary too
		os.Setenv(workerEnv, "1") // inherited by the workers the tests start
	}
	os.Exit(m.Run())
}

// newSandbox returns a Sandbox of test-binary workers, closed at the end of
// the test.
func newSandbox(t testing.TB, o Options) *Sandbox {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	o.Command = []string{exe}
	s := New(&o)
	t.Cleanup(func() { s.Close() })
	return s
}

type callerFunc func(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error)

func (f callerFunc) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
	return f(ctx, server, tool, args)
}

var echo = callerFunc(func(_ context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
	if strings.Contains(string(args), "fail") {
		return nil, errors.New("ENOENT: no such file")
	}
	return json.Marshal(map[string]any{"server": server, "tool": tool, "args": args})
})

var fs = []script.Namespace{{Ident: "fs", Functions: []script.Function{{Ident: "read", Server: "file-system", Tool: "read-file"}}}}

// TestSandbox_RoundTrip checks that a worker gives the result script.Run
// gives in this process.
func TestSandbox_RoundTrip(t *testing.T) {
	s := newSandbox(t, Options{})
	inProcess := New(nil)
	tests := []string{
		`return 1 + 1`,
		`return {a: [1, "é😀", null], b: await fs.read({path: "/x"})}`,
		`console.log("hi", {a: 1}); console.error("bad"); return`,
		`function f() { null.x }\nf()`,
		`await fs.read({path: "fail"})`,
		`try { await fs.read({path: "fail"}) } catch (e) { return [e.message, e.server, e.tool] }`,
		`let b = ;`,
		`for (;;) await fs.read()`,
		`return "x".repeat(100)`,
	}
	for _, src := range tests {
		t.Run(src, func(t *testing.T) {
			req := script.Request{Source: src, Namespaces: fs, MaxCalls: 3, MaxResult: 50}
			want := inProcess.Run(t.Context(), req, echo)
			got := s.Run(t.Context(), req, echo)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("worker:\n%+v %+v\nin process:\n%+v %+v", got, got.Err, want, want.Err)
			}
		})
	}
}

// TestSandbox_ToolCallsOverlap checks that calls under Promise.all are in
// flight together through the pipe: each waits until all have started.
func TestSandbox_ToolCallsOverlap(t *testing.T) {
	s := newSandbox(t, Options{})
	const n = 10
	var started sync.WaitGroup
	started.Add(n)
	all := make(chan struct{})
	go func() { started.Wait(); close(all) }()
	caller := callerFunc(func(ctx context.Context, _, _ string, args json.RawMessage) (json.RawMessage, error) {
		started.Done()
		select {
		case <-all:
			return args, nil
		case <-ctx.Done():
			return nil, fmt.Errorf("calls did not overlap: %w", ctx.Err())
		}
	})
	res := s.Run(t.Context(), script.Request{
		Source:     `return (await Promise.all([...Array(10).keys()].map(i => fs.read({i})))).map(r => r.i)`,
		Namespaces: fs,
		Timeout:    10 * time.Second,
	}, caller)
	if res.Err != nil || string(res.Value) != "[0,1,2,3,4,5,6,7,8,9]" || res.Calls != n {
		t.Errorf("Value = %s, Err = %v, Calls = %d", res.Value, res.Err, res.Calls)
	}
}

// TestSandbox_KillsHeavyBuiltinLoop checks the deadline holds for a loop
// that QuickJS's interrupt does not stop on time.
func TestSandbox_KillsHeavyBuiltinLoop(t *testing.T) {
	const timeout, grace, slack = 300 * time.Millisecond, 200 * time.Millisecond, 1500 * time.Millisecond
	s := newSandbox(t, Options{Grace: grace})
	start := time.Now()
	res := s.Run(t.Context(), script.Request{Source: `for (;;) { new Array(1e6).fill(1).sort() }`, Timeout: timeout}, nil)
	took := time.Since(start)
	if res.Err == nil || res.Err.Kind != script.KindTimeout {
		t.Fatalf("Err = %+v, want a timeout", res.Err)
	}
	if took > timeout+grace+slack {
		t.Errorf("Run took %v, want at most %v", took, timeout+grace+slack)
	}
	if res := s.Run(t.Context(), script.Request{Source: "return [7][0]"}, nil); string(res.Value) != "7" {
		t.Errorf("next run: %s %v", res.Value, res.Err)
	}
}

func TestSandbox_MemoryBomb(t *testing.T) {
	s := newSandbox(t, Options{MemoryLimit: 32 << 20, Workers: 1})
	s.Run(t.Context(), script.Request{Source: "return [1][0]"}, nil) // a worker to watch
	for _, src := range []string{
		`const a = []; for (;;) a.push(new ArrayBuffer(1 << 20))`,
		`let s = "x"; for (;;) { s += s; s.charCodeAt(s.length - 1) }`,
	} {
		before := s.pids()
		res := s.Run(t.Context(), script.Request{Source: src}, nil)
		if res.Err == nil || res.Err.Kind != script.KindMemory {
			t.Errorf("%s: Err = %+v, want kind memory", src, res.Err)
		}
		if after := s.pids(); slices.Equal(after, before) {
			t.Errorf("worker %v kept after running out of memory", after)
		}
		if res := s.Run(t.Context(), script.Request{Source: "return [7][0]"}, nil); string(res.Value) != "7" {
			t.Errorf("next run: %s %v", res.Value, res.Err)
		}
	}
}

// pids returns the pids of all live workers.
func (s *Sandbox) pids() []int {
	s.mu.Lock()
	defer s.mu.Unlock()
	var pids []int
	for w := range s.all {
		pids = append(pids, w.cmd.Process.Pid)
	}
	return pids
}

// busyWorker returns the one worker that is running a script.
func (s *Sandbox) busyWorker() *worker {
	s.mu.Lock()
	defer s.mu.Unlock()
	for w := range s.all {
		if !slicesContains(s.idle, w) {
			return w
		}
	}
	return nil
}

func slicesContains(ws []*worker, w *worker) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

func TestSandbox_RecoversFromWorkerCrash(t *testing.T) {
	s := newSandbox(t, Options{Workers: 1})
	crash := callerFunc(func(ctx context.Context, _, _ string, _ json.RawMessage) (json.RawMessage, error) {
		w := s.busyWorker()
		if w == nil {
			return nil, errors.New("no busy worker")
		}
		w.cmd.Process.Kill() // the worker crashes mid-script
		<-ctx.Done()
		return nil, ctx.Err()
	})
	// Two statements: not a static script, so it runs in a worker.
	res := s.Run(t.Context(), script.Request{Source: `await fs.read(); return 1`, Namespaces: fs}, crash)
	if res.Err == nil || !strings.HasPrefix(res.Err.Message, "script worker exited: signal: killed (killed from outside Switchboard") || !strings.Contains(res.Err.Message, "run the script again") {
		t.Fatalf("Err = %+v, want the worker's exit, said to come from outside, and what to do", res.Err)
	}
	if res := s.Run(t.Context(), script.Request{Source: "return [7][0]"}, nil); string(res.Value) != "7" {
		t.Errorf("next run: %s %v", res.Value, res.Err)
	}
}

func TestSandbox_CloseLeavesNoProcess(t *testing.T) {
	s := newSandbox(t, Options{Workers: 3})
	var wg sync.WaitGroup
	for range 3 {
		wg.Go(func() { s.Run(t.Context(), script.Request{Source: "return [1][0]"}, nil) })
	}
	wg.Wait()
	pids := s.pids()
	if len(pids) == 0 {
		t.Fatal("no workers")
	}
	// A script still running when Close comes is stopped too.
	running := make(chan script.Result)
	started := make(chan struct{})
	signal := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
		close(started)
		return json.RawMessage("1"), nil
	})
	go func() {
		running <- s.Run(t.Context(), script.Request{Source: "await fs.read(); for (;;) {}", Namespaces: fs}, signal)
	}()
	<-started
	pids = s.pids()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if res := <-running; res.Err == nil {
		t.Errorf("script running at Close: Value = %s, want an error", res.Value)
	}
	s.Close() // idempotent
	for _, pid := range pids {
		checkGone(t, pid)
	}
	if res := s.Run(t.Context(), script.Request{Source: "return 1"}, nil); res.Err == nil || !strings.Contains(res.Err.Message, "closed") {
		t.Errorf("Run after Close: %+v", res.Err)
	}
}

func TestSandbox_BoundsConcurrency(t *testing.T) {
	const workers, scripts = 2, 5
	s := newSandbox(t, Options{Workers: workers})
	var mu sync.Mutex
	inFlight, most := 0, 0
	full := make(chan struct{})
	release := make(chan struct{})
	caller := callerFunc(func(ctx context.Context, _, _ string, _ json.RawMessage) (json.RawMessage, error) {
		mu.Lock()
		inFlight++
		most = max(most, inFlight)
		if inFlight == workers {
			select {
			case <-full:
			default:
				close(full)
			}
		}
		mu.Unlock()
		defer func() { mu.Lock(); inFlight--; mu.Unlock() }()
		select {
		case <-release:
			return json.RawMessage("1"), nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	})
	results := make(chan script.Result, scripts)
	for range scripts {
		go func() {
			results <- s.Run(t.Context(), script.Request{Source: "return await fs.read()", Namespaces: fs}, caller)
		}()
	}
	<-full
	close(release)
	for range scripts {
		if res := <-results; res.Err != nil {
			t.Error(res.Err)
		}
	}
	if most != workers {
		t.Errorf("at most %d scripts ran at once, want %d", most, workers)
	}
}

func TestSandbox_Cancel(t *testing.T) {
	s := newSandbox(t, Options{Workers: 1})
	t.Run("running script", func(t *testing.T) {
		ctx, cancel := context.WithCancel(t.Context())
		caller := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
			cancel()
			return json.RawMessage("1"), nil
		})
		res := s.Run(ctx, script.Request{Source: "await fs.read(); for (;;) {}", Namespaces: fs}, caller)
		if res.Err == nil || res.Err.Kind != script.KindCanceled {
			t.Errorf("Err = %+v, want canceled", res.Err)
		}
	})
	t.Run("waiting for a worker", func(t *testing.T) {
		hold := make(chan struct{})
		held := make(chan struct{})
		caller := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
			close(held)
			<-hold
			return json.RawMessage("1"), nil
		})
		done := make(chan script.Result)
		go func() {
			done <- s.Run(t.Context(), script.Request{Source: "return await fs.read()", Namespaces: fs}, caller)
		}()
		<-held
		ctx, cancel := context.WithCancel(t.Context())
		cancel()
		if res := s.Run(ctx, script.Request{Source: "return 1"}, nil); res.Err == nil || res.Err.Kind != script.KindCanceled {
			t.Errorf("Err = %+v, want canceled while waiting", res.Err)
		}
		close(hold)
		if res := <-done; res.Err != nil {
			t.Error(res.Err)
		}
	})
}

func TestSandbox_InProcess(t *testing.T) {
	s := New(&Options{})
	if res := s.Run(t.Context(), script.Request{Source: "return await fs.read({a: 1})", Namespaces: fs}, echo); res.Err != nil || !strings.Contains(string(res.Value), `"args":{"a":1}`) {
		t.Errorf("Value = %s, Err = %v", res.Value, res.Err)
	}
	s.Close()
	if res := s.Run(t.Context(), script.Request{Source: "return 1"}, nil); res.Err == nil || res.Err.Message != "sandbox is closed" {
		t.Errorf("Run after Close: %+v", res.Err)
	}
}

// TestSandbox_OneCallRunsWithoutAWorker: a static script (one call with
// literal arguments) makes its call with no worker busy; an outcome the
// VM must turn into the result (a tool error) goes to a worker, with the
// result script.Run gives, and the tool is still called once.
func TestSandbox_OneCallRunsWithoutAWorker(t *testing.T) {
	s := newSandbox(t, Options{Workers: 1})
	req := script.Request{Source: `return await fs.read({path: "/a"})`, Namespaces: fs}
	var calls int
	var sawBusy bool
	value := callerFunc(func(_ context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
		calls++
		sawBusy = sawBusy || s.busyWorker() != nil
		return json.RawMessage(` {"path": "/a", "size": 1.0} `), nil
	})
	res := s.Run(t.Context(), req, value)
	if res.Err != nil || string(res.Value) != `{"path":"/a","size":1}` || res.Calls != 1 || calls != 1 || sawBusy {
		t.Fatalf("Run = %s %+v (calls %d, a worker busy: %v), want the value with no worker", res.Value, res.Err, calls, sawBusy)
	}

	calls = 0
	failing := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
		calls++
		return nil, errors.New("file-system.read-file: ENOENT: /a")
	})
	res = s.Run(t.Context(), req, failing)
	if calls != 1 {
		t.Fatalf("the sandbox made %d calls, want 1", calls)
	}
	calls = 0
	want := script.Run(t.Context(), req, failing)
	if calls != 1 {
		t.Fatalf("script.Run made %d calls", calls)
	}
	if !reflect.DeepEqual(res, want) {
		t.Errorf("sandbox %+v (%+v), script.Run %+v (%+v)", res, res.Err, want, want.Err)
	}
}

// TestSandbox_WorkerStartTimeoutStatesTheCallersTimeout: a script whose
// budget runs out while its worker starts fails with the timeout its
// caller gave (not what was left of it after waiting for a slot, to the
// nanosecond: "after 998.437µs"), and names the slot wait when it was
// long.
func TestSandbox_WorkerStartTimeoutStatesTheCallersTimeout(t *testing.T) {
	for _, tc := range []struct {
		timeout, queued time.Duration
		want            string
	}{
		{time.Millisecond, time.Millisecond - time.Nanosecond, "script timed out after 1ms waiting for a script worker to start"},
		{3 * time.Second, 3*time.Second - time.Nanosecond, "script timed out after 3s waiting for a script worker: 3s for a free one (settings.maxScripts), then for one to start"},
	} {
		s := newSandbox(t, Options{Lazy: true}) // no idle worker: take starts one, which takes more than the 1ns left
		res, started := s.runVM(t.Context(), script.Request{Source: "return 1", Timeout: tc.timeout - tc.queued}, nil, tc.timeout, tc.queued)
		if res.Err == nil || res.Err.Kind != script.KindTimeout || res.Err.Message != tc.want {
			t.Errorf("timeout %v, queued %v: Err = %+v, want %q", tc.timeout, tc.queued, res.Err, tc.want)
		}
		if started <= 0 {
			t.Errorf("started = %v, want the worker's start", started)
		}
		// Run passes it on as it is: the script never started.
		if m := noteWait(res, tc.timeout, tc.timeout-tc.queued-started).Err.Message; m != tc.want {
			t.Errorf("noteWait changed it to %q", m)
		}
	}
}

// TestSandbox_IdleWorkerKilledOutsideIsNotHandedOut checks that a worker
// killed while it waited for a script (the OOM killer, a user's kill -9)
// costs no script: the next scripts run in a fresh worker. The first two
// scripts after two idle workers were killed failed with "script worker
// exited: signal: killed", though neither had run.
func TestSandbox_IdleWorkerKilledOutsideIsNotHandedOut(t *testing.T) {
	s := newSandbox(t, Options{Workers: 2})
	var wg sync.WaitGroup
	for range 2 { // two workers, both idle after
		wg.Go(func() {
			s.Run(t.Context(), script.Request{Source: "await new Promise(r => setTimeout(r, 50)); return [1][0]"}, nil)
		})
	}
	wg.Wait()
	s.mu.Lock()
	idle := slices.Clone(s.idle)
	s.mu.Unlock()
	if len(idle) == 0 {
		t.Fatal("no idle worker")
	}
	for _, w := range idle {
		w.cmd.Process.Kill()
		<-w.exited
	}
	for i := range 3 {
		if res := s.Run(t.Context(), script.Request{Source: fmt.Sprintf("return [%d][0]", i)}, nil); res.Err != nil || string(res.Value) != fmt.Sprint(i) {
			t.Errorf("script %d after the idle workers were killed: %s %+v", i, res.Value, res.Err)
		}
	}
}

// TestSandbox_WorkerGoneBeforeItsScriptRunsItElsewhere checks the moment
// between a worker's death and our noticing it: its script cannot be
// written (its stdin is closed), so it runs in another worker.
func TestSandbox_WorkerGoneBeforeItsScriptRunsItElsewhere(t *testing.T) {
	s := newSandbox(t, Options{Workers: 1})
	if res := s.Run(t.Context(), script.Request{Source: "const a = 1; return a"}, nil); res.Err != nil {
		t.Fatal(res.Err)
	}
	s.mu.Lock()
	if len(s.idle) != 1 {
		s.mu.Unlock()
		t.Fatalf("%d idle workers, want 1", len(s.idle))
	}
	w := s.idle[0]
	w.out = &frameWriter{w: brokenPipe{}} // as a dead worker's stdin answers
	s.mu.Unlock()
	res := s.Run(t.Context(), script.Request{Source: "const a = 2; return a"}, nil)
	if res.Err != nil || string(res.Value) != "2" {
		t.Errorf("script handed to a dead worker: %s %+v", res.Value, res.Err)
	}
}

type brokenPipe struct{}

func (brokenPipe) Write([]byte) (int, error) { return 0, syscall.EPIPE }

// TestSandbox_WorkerKilledOutsideMidScriptSaysSo: a worker killed from
// outside while its script waits on a timer (no tool call running) is
// reported as killed from outside, with what to do, however soon its
// exit was noticed: the message depended on whether the process had been
// waited for before the error was written.
func TestSandbox_WorkerKilledOutsideMidScriptSaysSo(t *testing.T) {
	s := newSandbox(t, Options{Workers: 1})
	for range 5 {
		started := make(chan struct{})
		signal := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
			close(started)
			return json.RawMessage("1"), nil
		})
		done := make(chan script.Result)
		go func() {
			done <- s.Run(t.Context(), script.Request{Source: "await fs.read(); await new Promise(r => setTimeout(r, 60000)); return 1", Namespaces: fs}, signal)
		}()
		<-started
		w := s.busyWorker()
		if w == nil {
			t.Fatal("no busy worker")
		}
		w.cmd.Process.Kill()
		<-w.exited
		res := <-done
		if res.Err == nil || !strings.Contains(res.Err.Message, "killed from outside Switchboard") {
			t.Fatalf("Err = %+v, want it said to be killed from outside", res.Err)
		}
	}
}

// TestSandbox_CallsOfAScriptThatTimedOutSaySo: the calls still running
// when a script timed out are cancelled with a cause saying so (the audit
// log records it), not as if the script had returned without awaiting
// them; in a worker and for a static script alike.
func TestSandbox_CallsOfAScriptThatTimedOutSaySo(t *testing.T) {
	s := newSandbox(t, Options{Workers: 1})
	s.Run(t.Context(), script.Request{Source: "const a = 1; return a"}, nil) // a worker ready
	for _, src := range []string{"await fs.read({}); return [1][0]", "return await fs.read({})"} {
		checked := false
		for attempt := 0; attempt < 5 && !checked; attempt++ {
			causes := make(chan error, 1)
			block := callerFunc(func(ctx context.Context, _, _ string, _ json.RawMessage) (json.RawMessage, error) {
				<-ctx.Done()
				causes <- context.Cause(ctx)
				return nil, ctx.Err()
			})
			res := s.Run(t.Context(), script.Request{Source: src, Namespaces: fs, Timeout: 300 * time.Millisecond}, block)
			if res.Err == nil || res.Err.Kind != script.KindTimeout {
				t.Fatalf("%s: Err = %+v, want a timeout", src, res.Err)
			}
			if res.Calls == 0 {
				continue // timed out before its call (a loaded machine): again
			}
			cause := <-causes
			if !errors.Is(cause, script.ErrAbandoned) || cause.Error() != "the script timed out before this call finished" {
				t.Errorf("%s: the call was cancelled with %v, want that the script timed out", src, cause)
			}
			checked = true
		}
		if !checked {
			t.Errorf("%s: the script timed out before making its call five times", src)
		}
	}
}

// TestSandbox_NothingLeaksBetweenScriptsOfAWorker runs, in one worker,
// scripts that change globals, builtins' prototypes and a namespace, each
// followed by one that looks for the change: back to back (the next VM
// may still be in the making) and after a pause (it is ready), with the
// same namespaces and with another session's.
func TestSandbox_NothingLeaksBetweenScriptsOfAWorker(t *testing.T) {
	s := newSandbox(t, Options{Workers: 1})
	other := []script.Namespace{{Ident: "gh", Functions: []script.Function{{Ident: "get_me", Server: "github", Tool: "get_me"}}}}
	dirty := `globalThis.secret = "s1"; Object.prototype.leak = "p1"; Array.prototype.evil = 1; Array.prototype.map = null; JSON.parse = () => 42; ` +
		`if (typeof fs !== "undefined") fs.extra = 1; await (typeof fs !== "undefined" ? fs.read({path: "/x"}) : null); return 1`
	check := `return [typeof secret, ({}).leak === undefined, [].evil === undefined, typeof [].map, JSON.parse("1"), typeof fs === "undefined" || !Object.hasOwn(fs, "extra")]`
	const want = `["undefined",true,true,"function",1,true]`
	for round := range 3 {
		for _, nss := range [][]script.Namespace{fs, other} {
			for _, pause := range []time.Duration{0, 20 * time.Millisecond} {
				if res := s.Run(t.Context(), script.Request{Source: dirty, Namespaces: fs}, echo); res.Err != nil || string(res.Value) != "1" {
					t.Fatalf("dirty: %s %v", res.Value, res.Err)
				}
				time.Sleep(pause)
				res := s.Run(t.Context(), script.Request{Source: check, Namespaces: nss}, echo)
				if res.Err != nil || string(res.Value) != want {
					t.Errorf("round %d, namespaces %s, pause %v: got %s, %v; want %s", round, nss[0].Ident, pause, res.Value, res.Err, want)
				}
			}
		}
	}
}

// TestSandbox_APanickingToolCallIsSaidRedactedAndBounded checks that a
// tool call that panics with a secret in a value of megabytes fails the
// script with the panic said as panics.Why says it: the secret hidden,
// the text cut (the whole value went into the script's error before).
func TestSandbox_APanickingToolCallIsSaidRedactedAndBounded(t *testing.T) {
	s := newSandbox(t, Options{})
	const secret = "ghp_0123456789abcdefghijABCDEFGHIJ012345"
	panicky := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
		panic("token " + secret + " " + strings.Repeat("x", 1<<20))
	})
	res := s.Run(t.Context(), script.Request{Source: `await fs.read({path: "/x"})`, Namespaces: fs}, panicky)
	if res.Err == nil || !strings.Contains(res.Err.Message, "tool call panicked: token") {
		t.Fatalf("Err = %v, want the tool call's panic", res.Err)
	}
	if strings.Contains(res.Err.Message, secret) {
		t.Errorf("the panic's secret reached the script's error: %.200s", res.Err.Message)
	}
	if len(res.Err.Message) > 1000 {
		t.Errorf("the panic's value went whole into the error: %d bytes", len(res.Err.Message))
	}
}
