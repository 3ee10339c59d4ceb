//go:build unix

package daemon

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// The test binary is also the daemon: with SBD_TEST_DAEMON set it runs
// Serve with fakeHandler (as go-sdk's mcp/cmd_test.go re-runs itself as
// a server).
func TestMain(m *testing.M) {
	switch os.Getenv("SBD_TEST_DAEMON") {
	case "":
		os.Exit(m.Run())
	case "serve":
		os.Exit(runTestDaemon())
	case "dial":
		os.Exit(runTestDial())
	case "connect":
		os.Exit(runTestConnect())
	case "bridge":
		os.Exit(runTestBridge())
	case "drained":
		// An earlier build's daemon, draining: "daemon run" on its
		// command line, its output in the log, no socket.
		fmt.Fprintln(os.Stderr, "test daemon: draining")
		select {}
	}
}

func runTestDaemon() int {
	if f := os.Getenv("SBD_TEST_FAIL"); f != "" {
		if _, err := os.Stat(f); err == nil {
			fmt.Fprintln(os.Stderr, "test daemon: told to fail at start")
			return 1
		}
	}
	p, err := Dir(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if f := os.Getenv("SBD_TEST_STARTS"); f != "" {
		af, _ := os.OpenFile(f, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
		fmt.Fprintln(af, os.Getpid())
		af.Close()
	}
	idle, _ := time.ParseDuration(os.Getenv("SBD_TEST_IDLE"))
	if d, err := time.ParseDuration(os.Getenv("SBD_TEST_SOCKCHECK")); err == nil {
		socketCheckEvery = d
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM)
	defer stop()
	o := &ServeOptions{Paths: p, Version: os.Getenv("SBD_TEST_VERSION"), IdleTimeout: idle, Logger: slog.New(slog.NewTextHandler(os.Stderr, nil))}
	o.MaxSessions, _ = strconv.Atoi(os.Getenv("SBD_TEST_MAXSESSIONS"))
	o.ReclaimIdle, _ = time.ParseDuration(os.Getenv("SBD_TEST_RECLAIM"))
	if err := Serve(ctx, o, &fakeHandler{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// runTestConnect connects as a bridge would (starting the test daemon)
// and prints the daemon's pid.
func runTestConnect() int {
	p, err := Dir(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	exe, _ := os.Executable()
	env := append(os.Environ(), "SBD_TEST_DAEMON=serve")
	c, r, err := Connect(context.Background(), &ConnectOptions{Paths: p, Command: []string{exe}, Env: env, Hello: &Hello{Version: os.Getenv("SBD_TEST_VERSION"), PID: os.Getpid(), Kind: KindSession}})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	c.Close()
	fmt.Println(r.PID)
	return 0
}

// runTestBridge relays its stdio to the test daemon (starting it), as a
// `serve` with SWITCHBOARD_HANDOFF=0 does; with SBD_TEST_HANDOFF=1 it
// hands it over, as a `serve` does.
func runTestBridge() int {
	p, err := Dir(os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	exe, _ := os.Executable()
	env := append(os.Environ(), "SBD_TEST_DAEMON=serve")
	o := &BridgeOptions{NoHandoff: os.Getenv("SBD_TEST_HANDOFF") != "1", Connect: ConnectOptions{Paths: p, Command: []string{exe}, Env: env,
		Hello: &Hello{Version: os.Getenv("SBD_TEST_VERSION"), Cwd: "/", PID: os.Getpid()}}}
	if err := Bridge(context.Background(), o, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// runTestDial connects to the socket named by SBD_TEST_SOCK and reports
// (exit 0) whether the server closed the connection without a word.
func runTestDial() int {
	c, err := net.Dial("unix", os.Getenv("SBD_TEST_SOCK"))
	if err != nil {
		fmt.Fprintln(os.Stderr, "dial:", err)
		return 2
	}
	defer c.Close()
	c.Write([]byte(`{"version":"t","kind":"session"}` + "\n"))
	c.SetReadDeadline(time.Now().Add(5 * time.Second))
	n, err := c.Read(make([]byte, 100))
	if n == 0 && (err == io.EOF || errors.Is(err, syscall.ECONNRESET)) {
		return 0
	}
	fmt.Fprintf(os.Stderr, "read %d bytes, %v\n", n, err)
	return 3
}

// fakeHandler answers JSON-RPC requests: "initialize" ({}), "echo"
// (its params), "pid" (the daemon's pid), "raw" (the request line as
// received), "sleep" (a "sleeping" notification, then no answer), "stall"
// (a "stalled" notification, then it reads no more lines), "ask"
// (a sampling request to the client, whose result answers it), "hold"
// (a "holding" notification, then no answer until the session's context
// ends, which it notes in the file SBD_TEST_CANCELLED). At the end of the
// input the session waits for its "slow" and "hold" answers, as the real
// transport does (up to its drain bound); it notes that end in the file
// SBD_TEST_EOF. A
// request before initialize fails: that is how the tests see the
// bridge's replay. A hello with the argument --refuse=MSG is refused
// with MSG (Open fails).
type fakeHandler struct{}

func (*fakeHandler) Status() any { return map[string]any{"fake": true, "pid": -1} }

func (f *fakeHandler) Open(ctx context.Context, h *Hello) (Session, error) {
	for _, a := range h.Args {
		if msg, ok := strings.CutPrefix(a, "--refuse="); ok {
			return nil, errors.New(msg)
		}
	}
	return ServeFunc(func(ctx context.Context, c *Client) error { return f.serve(ctx, h, newFakeIO(c)) }), nil
}

// fakeIO is a fake session's side of a Client: lines in (through the
// journal in a handoff, noted as a transport notes them), lines out.
type fakeIO struct {
	c       *Client
	r       *bufio.Reader
	lines   uint64
	mu      sync.Mutex
	owed    map[string]int // a handoff's slots of answers owed, by id
	initKey string
}

func newFakeIO(c *Client) *fakeIO {
	f := &fakeIO{c: c, owed: map[string]int{}}
	if c.In != nil {
		f.r = bufio.NewReaderSize(c.In, 1<<20)
	}
	return f
}

// read returns the next line, newline included, noted as handled.
func (f *fakeIO) read() ([]byte, error) {
	var line []byte
	var err error
	if j := f.c.Journal; j != nil {
		line, _, err = j.ReadLine(1<<20, 4096)
		if len(line) == 0 && err != nil {
			return nil, err
		}
		line = append(line, '\n')
		m := scan(line, false)
		var id json.RawMessage
		if m.isRequest() {
			id = m.id
		}
		switch m.method {
		case "initialize":
			j.Initialize(line[:len(line)-1])
			f.initKey = idKey(m.id)
		case "notifications/initialized":
			j.Initialized(line[:len(line)-1])
		}
		if slot := j.Handle(id); slot >= 0 {
			f.mu.Lock()
			f.owed[idKey(m.id)] = slot
			f.mu.Unlock()
		}
		return line, nil
	}
	line, err = f.r.ReadBytes('\n')
	if err != nil {
		return nil, err
	}
	f.lines++
	f.c.LinesRead(f.lines)
	return line, nil
}

// write sends one line; a response pays its answer.
func (f *fakeIO) write(b []byte) {
	f.mu.Lock()
	defer f.mu.Unlock()
	j := f.c.Journal
	if j == nil {
		f.c.Out.Write(append(b, '\n'))
		return
	}
	slot := -1
	if m := scan(b, true); m.isResponse() {
		if idKey(m.id) == f.initKey && bytes.Contains(b, []byte(`"result"`)) {
			j.InitAnswered()
		}
		if s, ok := f.owed[idKey(m.id)]; ok {
			delete(f.owed, idKey(m.id))
			slot = s
		}
	}
	j.Write(f.c.Out, append(b, '\n'), slot)
}

// blockAfter writes n bytes, then blocks until ctx is done: a daemon
// stopped mid-line.
type blockAfter struct {
	ctx context.Context
	w   io.Writer
	n   int
}

func (b *blockAfter) Write(p []byte) (int, error) {
	if b.n <= 0 {
		b.stopped()
		return 0, b.ctx.Err()
	}
	n, err := b.w.Write(p[:min(len(p), b.n)])
	b.n -= n
	if err == nil && n < len(p) {
		b.stopped()
		return n, b.ctx.Err()
	}
	return n, err
}

// stopped tells the test (SBD_TEST_HALF) that the first bytes are out,
// and waits for the end.
func (b *blockAfter) stopped() {
	if f := os.Getenv("SBD_TEST_HALF"); f != "" {
		os.WriteFile(f, nil, 0o600)
	}
	<-b.ctx.Done()
}

// halfWrite writes the first chunk of a long answer to id, then blocks
// until ctx is done (handoff only).
func (f *fakeIO) halfWrite(ctx context.Context, id jsonrpc.ID) {
	b, _ := jsonrpc.EncodeMessage(&jsonrpc.Response{ID: id, Result: json.RawMessage(`"` + strings.Repeat("h", 3*outChunk) + `"`)})
	f.mu.Lock()
	defer f.mu.Unlock()
	m := scan(b, true)
	slot, ok := f.owed[idKey(m.id)]
	if !ok {
		slot = -1
	}
	f.c.Journal.Write(&blockAfter{ctx: ctx, w: f.c.Out, n: outChunk}, append(b, '\n'), slot)
}

func (*fakeHandler) serve(ctx context.Context, h *Hello, conn *fakeIO) error {
	send := func(m jsonrpc.Message) {
		b, _ := jsonrpc.EncodeMessage(m)
		conn.write(b)
	}
	inited := false
	var asked *jsonrpc.ID // an "ask" waiting for the client's answer
	srvID, _ := jsonrpc.MakeID("srv-1")
	var slow sync.WaitGroup // "slow" answers to come: the input's end waits for them, as the real transport does
	for {
		line, err := conn.read()
		if err != nil {
			if f := os.Getenv("SBD_TEST_EOF"); f != "" {
				os.WriteFile(f, nil, 0o600)
			}
			slow.Wait()
			return nil
		}
		msg, err := jsonrpc.DecodeMessage(line)
		if err != nil {
			continue
		}
		if r, ok := msg.(*jsonrpc.Response); ok && asked != nil && r.ID == srvID {
			send(&jsonrpc.Response{ID: *asked, Result: r.Result})
			asked = nil
			continue
		}
		req, ok := msg.(*jsonrpc.Request)
		if !ok || !req.IsCall() {
			continue
		}
		result := func(v any) {
			b, _ := json.Marshal(v)
			send(&jsonrpc.Response{ID: req.ID, Result: b})
		}
		if req.Method != "initialize" && !inited {
			send(&jsonrpc.Response{ID: req.ID, Error: &jsonrpc.Error{Code: -32600, Message: "no initialize before " + req.Method}})
			continue
		}
		switch req.Method {
		case "initialize":
			inited = true
			result(map[string]any{"session": h.ID})
		case "echo":
			send(&jsonrpc.Response{ID: req.ID, Result: req.Params})
		case "pid":
			result(map[string]any{"pid": os.Getpid()})
		case "half": // the first chunk of a long answer, then the daemon hangs
			if conn.c.Journal == nil {
				send(&jsonrpc.Response{ID: req.ID, Error: &jsonrpc.Error{Code: -32600, Message: "half: handoff only"}})
				continue
			}
			go conn.halfWrite(ctx, req.ID)
		case "slow": // answered after 200 ms
			id := req.ID
			slow.Go(func() {
				time.Sleep(200 * time.Millisecond)
				send(&jsonrpc.Response{ID: id, Result: json.RawMessage(`"slow"`)})
			})
		case "big": // a 2 MiB answer
			result(map[string]any{"s": strings.Repeat("b", 2<<20)})
		case "mode":
			result(map[string]any{"handoff": conn.c.Journal != nil})
		case "raw":
			result(map[string]any{"line": strings.TrimSuffix(string(line), "\n")})
		case "ask": // a request to the client; its answer answers the ask
			id := req.ID
			asked = &id
			send(&jsonrpc.Request{ID: srvID, Method: "sampling/createMessage", Params: json.RawMessage(`{"messages":[]}`)})
		case "stall": // a "stalled" notification, then nothing more is read
			send(&jsonrpc.Request{Method: "stalled"})
			<-ctx.Done()
			return nil
		case "sleep":
			send(&jsonrpc.Request{Method: "sleeping"})
		case "hold": // answered when the session's context ends: a backend call cancelled
			send(&jsonrpc.Request{Method: "holding"})
			id := req.ID
			slow.Go(func() {
				<-ctx.Done()
				if f := os.Getenv("SBD_TEST_CANCELLED"); f != "" {
					os.WriteFile(f, nil, 0o600)
				}
				send(&jsonrpc.Response{ID: id, Error: &jsonrpc.Error{Code: -32603, Message: "cancelled"}})
			})
		default:
			send(&jsonrpc.Response{ID: req.ID, Error: &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: req.Method}})
		}
	}
}

// testEnv is one user's environment: a short runtime dir (socket paths
// are limited) and a state dir.
type testEnv struct {
	t     *testing.T
	env   map[string]string
	paths *Paths
	exe   string
}

func newTestEnv(t *testing.T) *testEnv {
	t.Helper()
	dir, err := os.MkdirTemp("", "sbd")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	rt := filepath.Join(dir, "rt")
	if err := os.Mkdir(rt, 0o700); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	te := &testEnv{t: t, exe: exe, env: map[string]string{
		"HOME":             dir,
		"XDG_RUNTIME_DIR":  rt,
		"XDG_STATE_HOME":   filepath.Join(dir, "state"),
		"SBD_TEST_DAEMON":  "serve",
		"SBD_TEST_VERSION": "v1",
		"SBD_TEST_STARTS":  filepath.Join(dir, "starts"),
		"SBD_TEST_HALF":    filepath.Join(dir, "half"), // made once "half" wrote its first chunk
	}}
	te.paths, err = Dir(te.getenv)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(te.stopDaemons)
	return te
}

func (te *testEnv) getenv(k string) string { return te.env[k] }

func (te *testEnv) environ() []string {
	var out []string
	for k, v := range te.env {
		out = append(out, k+"="+v)
	}
	return out
}

// connectOptions connects as a bridge of version v, starting the test
// daemon of version v when none runs.
func (te *testEnv) connectOptions(v string) *ConnectOptions {
	env := maps(te.env)
	env["SBD_TEST_VERSION"] = v
	o := &ConnectOptions{Paths: te.paths, Command: []string{te.exe}, Hello: &Hello{Version: v, Cwd: "/", PID: os.Getpid(), Kind: KindSession}}
	for k, val := range env {
		o.Env = append(o.Env, k+"="+val)
	}
	return o
}

func maps(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// starts returns the pids of the daemons started so far.
func (te *testEnv) starts() []int {
	b, _ := os.ReadFile(te.env["SBD_TEST_STARTS"])
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		n, _ := strconv.Atoi(f)
		pids = append(pids, n)
	}
	return pids
}

// stopDaemons kills every daemon the test started.
func (te *testEnv) stopDaemons() {
	for _, pid := range te.starts() {
		syscall.Kill(pid, syscall.SIGKILL)
	}
}

// waitGone polls until pid has exited and was reaped (Connect's start
// reaps the daemons it starts), failing after 5 s. A zombie is not enough:
// the group leader of a multi-threaded process turns zombie before its
// other threads have exited and closed its sockets.
func waitGone(t *testing.T, pid int, why string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("daemon pid %d still runs 5 s after %s", pid, why)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
