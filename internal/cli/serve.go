package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/demo"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/rawio"
	"github.com/switchboard-mcp/switchboard/internal/sandbox"
	"github.com/switchboard-mcp/switchboard/internal/server"
)

const (
	sandboxWorkerCmd = "__sandbox-worker"
	demoBackendCmd   = "__demo-backend"
)

func runServe(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "serve", "[--standalone | --http ADDR] [--config PATH] [--project PATH]", `
Serve MCP on stdin/stdout: the two meta-tools list_tools and execute in
front of every configured backend. Backends start on first use. This is
the command an agent registers.`)
	cf.register(fs)
	standalone := fs.Bool("standalone", false, "serve in this process with its own backends instead of relaying to your shared daemon")
	hf := registerHTTPFlags(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		// `switchboard serve ~/src/app` served the user config and said
		// nothing of the argument.
		return badArgs(e, fs, "unexpected argument %s: serve takes no arguments (a project file is named with --project PATH)", echo.Quote(fs.Arg(0)))
	}
	if hf.used() {
		return runServeHTTP(ctx, e, &cf, hf)
	}
	if e.interactive() {
		// A new user trying the README's command at a terminal saw the
		// demo note, then nothing: serve waits for an MCP client's JSON.
		fmt.Fprintln(e.Stderr, "switchboard: serve speaks MCP (JSON-RPC, one message a line) on stdin and stdout, for an agent to run (switchboard init registers it in your agents); at a terminal, try switchboard list or switchboard exec -e 'return await demo.add({a: 2, b: 3})' instead. Ctrl-D or Ctrl-C ends this.")
	}
	if !*standalone && runtime.GOOS != "windows" {
		if _, err := os.Stat(e.abs(cf.project)); cf.project != "" && err != nil {
			return fmt.Errorf("project config %s (--project) does not exist", e.abs(cf.project))
		}
		// The default: relay to the user's daemon (starting it), which
		// shares backends among every session.
		if err := runBridge(ctx, e, args); !errors.Is(err, errNoDaemonDir) {
			return err
		}
		fmt.Fprintf(e.Stderr, "switchboard: serving in this process instead\n")
	}
	tuneGC(e)
	st, err := e.openStack(&cf, true, stackOptions{audit: true, telemetry: true})
	if err != nil {
		return err
	}
	defer st.Close()
	if st.demo != "" {
		fmt.Fprintf(e.Stderr, "switchboard: %s\n", st.demo)
	}
	// Publish backend states for 'switchboard servers' in other processes.
	stop := make(chan struct{})
	published := make(chan struct{})
	defer func() { close(stop); <-published }()
	go func() { defer close(published); publishStatus(st.paths.state, st.h.Backends, stop, st.log) }()
	// Look for imitating servers once start-up is over: it reads every
	// cached tool list.
	shadowCheck := time.AfterFunc(2*time.Second, func() {
		// On a timer's goroutine, over cached lists backends sent: a
		// panic is logged (no warning); it ended serve.
		defer panics.Recover(st.log, "looking for servers imitating others", nil)
		for _, w := range st.shadowing() {
			fmt.Fprintf(e.Stderr, "switchboard: warning: %s\n", w)
		}
	})
	defer shadowCheck.Stop()
	// Our own transport: a malformed or oversize client message gets an
	// error response and the session goes on (the SDK's ends on it).
	// A client's pipes or sockets are read and written as the daemon
	// reads a handed-off client's (rawio): through the poller, without
	// the system-call state.
	in, out, done := pollableStdio(e)
	defer done()
	// At the end of stdin the session answers what it is serving (`cat
	// requests | serve`); a client that exited reads none of it, so the
	// session ends as soon as stdout has no reader left.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if f, ok := e.Stdout.(*os.File); ok {
		in = &stdinEnd{r: in, log: st.log, ended: func() {
			if rawio.WaitReaderGone(ctx, f, readerGoneEvery) {
				st.log.Info("the client is gone (stdout has no reader): ending the session")
				cancel()
			}
		}}
	}
	t := &server.StdioTransport{Reader: in, Writer: out, Logger: st.log}
	err = st.sess.Serve(ctx, t)
	if ctx.Err() != nil {
		return nil // SIGINT/SIGTERM: a normal shutdown
	}
	return err
}

// stdinEnd is serve's input: its end calls ended in a goroutine of its
// own. A panic there (the check that the client is gone) is logged on
// log, and the session ends as after any end of its input, once what it
// serves is answered; it ended serve.
type stdinEnd struct {
	r     io.Reader
	ended func()
	log   *slog.Logger
	once  sync.Once
}

func (r *stdinEnd) Read(p []byte) (int, error) {
	n, err := r.r.Read(p)
	if err != nil {
		r.once.Do(func() {
			go func() {
				defer panics.Recover(r.log, "checking whether serve's client is gone", nil)
				r.ended()
			}()
		})
	}
	return n, err
}

// readerGoneEvery is how often a session whose stdin ended checks that
// its client still reads stdout.
const readerGoneEvery = 250 * time.Millisecond

// workerProcs is the GOMAXPROCS of a sandbox worker (unless the user set
// GOMAXPROCS). A worker runs one script at a time on one goroutine, and
// each tool call hands the script's result from the goroutine that reads
// the pipe to it; with one processor that hand-off stays on its thread
// instead of waking another, and the worker leaves the other core to the
// daemon and the backend the call goes to. Measured in alternating pairs
// (docs/benchmarks.md): worker CPU per call in a script -25%, p50 of a
// call in a script -8% and of a script the VM runs -3 to -13%. A busy
// script still stops on time: Go preempts it for the goroutine that
// interrupts it.
const workerProcs = 1

// tuneWorkerProcs sets workerProcs unless the user set GOMAXPROCS.
func tuneWorkerProcs(e *Env) {
	if e.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(workerProcs)
	}
}

// relayProcs is the GOMAXPROCS of the daemon on a machine of at most
// relayProcsUpTo processors, unless the user set GOMAXPROCS. Its work per
// request is short and comes in turns with the client's and the
// backend's; a second processor mostly spins looking for work after each
// hand-off, on a core the backend or the client needed then. Measured on
// a 2-core machine in alternating pairs (docs/benchmarks.md): daemon CPU
// per call -25 to -35%, p50 of one call via execute -13%, of a call in a
// script -5 to -10%, of return 1 -20%. On more cores the spinning costs
// nobody a core, and sessions' work runs in parallel: Go's default.
// serve --standalone keeps two: its start (the catalog, the index, the
// sandbox worker's spawn) then waited on its one processor, and its first
// tools/list took 19.5 ms instead of 1.3 (the same bench run).
const (
	relayProcs     = 1
	relayProcsUpTo = 2
)

// tuneRelayProcs sets relayProcs on a small machine unless the user set
// GOMAXPROCS; the daemon calls it.
func tuneRelayProcs(e *Env) {
	if e.Getenv("GOMAXPROCS") == "" && runtime.GOMAXPROCS(0) <= relayProcsUpTo {
		runtime.GOMAXPROCS(relayProcs)
	}
}

func runSandboxWorker(ctx context.Context, e *Env, args []string) error {
	tuneWorkerProcs(e)
	in, out, done := pollableStdio(e)
	defer done()
	return sandbox.ServeWorker(ctx, in, out)
}

// pollableStdio returns e's stdin and stdout, when they are a process's
// pipes or sockets, switched to non-blocking mode and read and written
// with raw system calls (rawio), and a function that closes them and puts
// the mode back. Anything else (a terminal, a file, a test's buffer) is
// returned as it is.
func pollableStdio(e *Env) (io.Reader, io.Writer, func()) {
	in, out := e.Stdin, e.Stdout
	var done []func()
	if f, ok := in.(*os.File); ok {
		if pf, restore := rawio.Pollable(f); pf != f {
			in = rawio.New(pf)
			done = append(done, func() { pf.Close(); restore() })
		}
	}
	if f, ok := out.(*os.File); ok {
		if pf, restore := rawio.Pollable(f); pf != f {
			out = rawio.New(pf)
			done = append(done, func() { pf.Close(); restore() })
		}
	}
	return in, out, func() {
		for _, d := range done {
			d()
		}
	}
}

func runDemoBackend(ctx context.Context, e *Env, args []string) error {
	return demo.Serve(ctx, Version())
}
