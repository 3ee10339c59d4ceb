//go:build unix

package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// client is an MCP client's side of a Bridge running in this process.
type client struct {
	t        *testing.T
	in       io.WriteCloser
	lines    chan string
	handoff  bool      // OS pipes, handed to the daemon
	out      io.Reader // what lines reads from
	done     chan error
	finished chan struct{} // closed when Bridge returned
}

// startBridge starts a Bridge over in-process pipes: it relays.
func startBridge(t *testing.T, o *BridgeOptions) *client {
	return startBridgeOn(t, o, false)
}

// bridgeModes are the two ways a bridge serves: relaying over in-process
// pipes, and handing OS pipes (as a spawned serve has) to the daemon.
var bridgeModes = []struct {
	name    string
	handoff bool
}{{"relay", false}, {"handoff", true}}

// startBridgeOn starts a Bridge over OS pipes when handoff (which it
// hands to the daemon), else over in-process pipes.
func startBridgeOn(t *testing.T, o *BridgeOptions, handoff bool) *client {
	t.Helper()
	var inR, outW *os.File
	var in io.Reader
	var out io.WriteCloser
	var outR io.Reader
	c := &client{t: t, lines: make(chan string, 100), done: make(chan error, 1), handoff: handoff}
	if handoff {
		var err error
		var inW, or *os.File
		if inR, inW, err = os.Pipe(); err != nil {
			t.Fatal(err)
		}
		if or, outW, err = os.Pipe(); err != nil {
			t.Fatal(err)
		}
		c.in, in, out, outR = inW, inR, outW, or
		t.Cleanup(func() {
			// After the bridge: it uses them to its end.
			select {
			case <-c.finished:
			case <-time.After(10 * time.Second):
				t.Error("the bridge did not end after its stdin closed")
			}
			inR.Close()
			or.Close()
		})
	} else {
		ir, iw := io.Pipe()
		or, ow := io.Pipe()
		c.in, in, out, outR = iw, ir, ow, or
	}
	c.out = outR
	c.finished = make(chan struct{})
	go func() {
		err := Bridge(context.Background(), o, in, out)
		out.Close()
		c.done <- err
		close(c.finished)
	}()
	go func() {
		s := bufio.NewScanner(outR)
		s.Buffer(nil, 1<<20)
		for s.Scan() {
			c.lines <- s.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() { c.in.Close() })
	return c
}

// inBothModes runs f, in each bridge mode, with a fresh environment and
// the initialized client of a bridge in that mode.
func inBothModes(t *testing.T, f func(t *testing.T, te *testEnv, c *client)) {
	for _, m := range bridgeModes {
		t.Run(m.name, func(t *testing.T) {
			te := newTestEnv(t)
			c := startBridgeOn(t, &BridgeOptions{Connect: *te.connectOptions("v1")}, m.handoff)
			c.initialize()
			c.wantMode(90, m.handoff)
			f(t, te, c)
		})
	}
}

// wantEnd fails unless Bridge returns nil within 5 s (its stdin closed).
func (c *client) wantEnd() {
	c.t.Helper()
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Fatalf("Bridge after stdin closed: %v, want nil", err)
		}
	case <-time.After(5 * time.Second):
		c.t.Fatal("Bridge did not return after stdin closed")
	}
}

// startHandedOff starts a bridge over OS pipes in a fresh environment and
// initializes its client, whose session the daemon was handed.
func startHandedOff(t *testing.T) (*testEnv, *client) {
	te := newTestEnv(t)
	c := startBridgeOn(t, &BridgeOptions{Connect: *te.connectOptions("v1")}, true)
	c.initialize()
	c.wantMode(90, true)
	return te, c
}

// wantMode fails unless the daemon session serving c was handed the
// client's stdio exactly when handoff.
func (c *client) wantMode(id int, handoff bool) {
	c.t.Helper()
	c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"mode","params":{}}`, id))
	r := c.decode(c.next(5 * time.Second))
	var v struct{ Handoff bool }
	if err := json.Unmarshal(r.Result, &v); err != nil || v.Handoff != handoff {
		c.t.Fatalf("mode = %+v %s, want handoff %v", r, r.Result, handoff)
	}
}

func (c *client) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatalf("writing to the bridge: %v", err)
	}
}

// next returns the next line from the bridge, failing after wait.
func (c *client) next(wait time.Duration) string {
	c.t.Helper()
	select {
	case l, ok := <-c.lines:
		if !ok {
			c.t.Fatalf("the bridge closed stdout: %v", <-c.done)
		}
		return l
	case <-time.After(wait):
		c.t.Fatalf("no line from the bridge in %s", wait)
	}
	return ""
}

type resp struct {
	ID     any             `json:"id"`
	Method string          `json:"method"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (c *client) call(id int, method, params string) resp {
	c.t.Helper()
	if params == "" {
		params = "{}"
	}
	c.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":%q,"params":%s}`, id, method, params))
	return c.decode(c.next(5 * time.Second))
}

func (c *client) decode(line string) resp {
	c.t.Helper()
	var r resp
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		c.t.Fatalf("line %q: %v", line, err)
	}
	return r
}

func (c *client) initialize() {
	c.t.Helper()
	if r := c.call(1, "initialize", `{"protocolVersion":"2025-06-18"}`); r.Error != nil {
		c.t.Fatalf("initialize: %s", r.Error.Message)
	}
	c.send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
}

func (c *client) daemonPID(id int) int {
	c.t.Helper()
	r := c.call(id, "pid", "")
	if r.Error != nil {
		c.t.Fatalf("pid: %s", r.Error.Message)
	}
	var v struct{ PID int }
	json.Unmarshal(r.Result, &v)
	return v.PID
}

func status(t *testing.T, p *Paths) map[string]any {
	t.Helper()
	c, r, err := Connect(context.Background(), &ConnectOptions{Paths: p, NoStart: true, Hello: &Hello{Version: "any", Kind: KindControl, Control: ControlStatus}})
	if err != nil {
		t.Fatalf("status: %v", err)
	}
	c.Close()
	var m map[string]any
	if err := json.Unmarshal(r.Status, &m); err != nil {
		t.Fatalf("status %s: %v", r.Status, err)
	}
	return m
}

func TestDir_PrivateDirectoryAndPaths(t *testing.T) {
	home := t.TempDir()
	rt := filepath.Join(home, "rt")
	os.Mkdir(rt, 0o700)
	env := map[string]string{"HOME": home, "XDG_RUNTIME_DIR": rt}
	p, err := Dir(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if p.Dir != filepath.Join(rt, "switchboard") || p.Socket != filepath.Join(rt, "switchboard", "daemon.sock") {
		t.Errorf("paths = %+v", p)
	}
	if want := filepath.Join(home, ".local", "state", "switchboard", "daemon.log"); p.Log != want {
		t.Errorf("log = %s, want %s", p.Log, want)
	}
	fi, _ := os.Stat(p.Dir)
	if fi.Mode().Perm() != 0o700 {
		t.Errorf("mode = %04o, want 0700", fi.Mode().Perm())
	}
	// A looser mode on a directory we own is fixed.
	os.Chmod(p.Dir, 0o755)
	if _, err := Dir(func(k string) string { return env[k] }); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p.Dir); fi.Mode().Perm() != 0o700 {
		t.Errorf("mode after Dir = %04o, want 0700", fi.Mode().Perm())
	}
	// A relative XDG_RUNTIME_DIR is ignored: the state directory is used.
	env["XDG_RUNTIME_DIR"] = "relative"
	env["XDG_STATE_HOME"] = filepath.Join(home, "st")
	p, err = Dir(func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	if p.Dir != filepath.Join(home, "st", "switchboard", "run") {
		t.Errorf("fallback dir = %s", p.Dir)
	}
}

func TestDir_LongSocketPathNamesTheVariable(t *testing.T) {
	long := "/" + strings.Repeat("d", 120)
	_, err := Dir(func(k string) string { return map[string]string{"HOME": "/h", "XDG_STATE_HOME": long}[k] })
	if err == nil || !strings.Contains(err.Error(), "set XDG_STATE_HOME") || !strings.Contains(err.Error(), "daemon.sock") {
		t.Fatalf("err = %v, want one naming the socket path and XDG_STATE_HOME", err)
	}
}

// An XDG_RUNTIME_DIR too deep for a socket path is passed over for the
// state directory, as one we do not own is; when both are too deep, the
// error names both variables.
func TestDir_LongRuntimeDirFallsBackToTheStateDirectory(t *testing.T) {
	home := t.TempDir()
	rt := filepath.Join(home, strings.Repeat("r", 110))
	if err := os.MkdirAll(rt, 0o700); err != nil {
		t.Skipf("cannot make a directory of a long name here: %v", err)
	}
	env := map[string]string{"HOME": home, "XDG_RUNTIME_DIR": rt, "XDG_STATE_HOME": filepath.Join(home, "st")}
	p, err := Dir(func(k string) string { return env[k] })
	if err != nil {
		t.Fatalf("Dir with a long XDG_RUNTIME_DIR: %v, want the state directory", err)
	}
	if want := filepath.Join(home, "st", "switchboard", "run"); p.Dir != want {
		t.Errorf("Dir = %s, want %s", p.Dir, want)
	}
	env["XDG_STATE_HOME"] = filepath.Join(home, strings.Repeat("s", 110))
	_, err = Dir(func(k string) string { return env[k] })
	if err == nil || !strings.Contains(err.Error(), "set XDG_RUNTIME_DIR or XDG_STATE_HOME") {
		t.Fatalf("err = %v, want one naming both variables", err)
	}
}

func TestDir_RefusesDirectoryOfAnotherUser(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to make a directory owned by another uid")
	}
	home := t.TempDir()
	dir := filepath.Join(home, "st", "switchboard", "run")
	os.MkdirAll(dir, 0o700)
	os.Chown(dir, 65534, 65534)
	_, err := Dir(func(k string) string {
		return map[string]string{"HOME": home, "XDG_STATE_HOME": filepath.Join(home, "st")}[k]
	})
	if err == nil || !strings.Contains(err.Error(), "owned by uid 65534") {
		t.Fatalf("err = %v, want a refusal naming uid 65534", err)
	}
}

func TestCheckPeer(t *testing.T) {
	if err := checkPeer(peer{UID: 1000, PID: 7}, 1000); err != nil {
		t.Errorf("same uid refused: %v", err)
	}
	err := checkPeer(peer{UID: 1001, PID: 7}, 1000)
	if err == nil || !strings.Contains(err.Error(), "uid 1001") || !strings.Contains(err.Error(), "pid 7") {
		t.Errorf("other uid: err = %v", err)
	}
	// A real connection from this process passes, and SO_PEERCRED names us.
	sock := filepath.Join(t.TempDir(), "s")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		c, err := net.Dial("unix", sock)
		if err == nil {
			defer c.Close()
			time.Sleep(time.Second)
		}
	}()
	c, err := l.Accept()
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	p, err := peerOf(c)
	if err != nil {
		t.Fatal(err)
	}
	if p.UID != os.Getuid() || p.PID != os.Getpid() {
		t.Errorf("peer = %+v, want uid %d pid %d", p, os.Getuid(), os.Getpid())
	}
	if err := checkConn(c); err != nil {
		t.Errorf("checkConn: %v", err)
	}
}

// A process of another uid that reaches the socket is closed on without a
// reply (run as root: the child drops to uid 65534).
func TestServe_ClosesConnectionOfAnotherUID(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to run a client as another uid")
	}
	dir, _ := os.MkdirTemp("", "sbdu")
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755)
	self, _ := os.Executable()
	exe := filepath.Join(dir, "daemon.test")
	if b, err := os.ReadFile(self); err != nil || os.WriteFile(exe, b, 0o755) != nil {
		t.Fatalf("copying the test binary: %v", err)
	}
	sock := filepath.Join(dir, "s")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	os.Chmod(sock, 0o777)
	d := &daemon{log: discard()}
	go func() {
		c, err := l.Accept()
		if err == nil {
			d.conn(context.Background(), c)
		}
	}()
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = []string{"SBD_TEST_DAEMON=dial", "SBD_TEST_SOCK=" + sock}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the other uid's client was not closed on silently: %v\n%s", err, out)
	}
}

func TestServe_SocketModeLockAndSecondDaemon(t *testing.T) {
	te := newTestEnv(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, &ServeOptions{Paths: te.paths, Version: "v1"}, &fakeHandler{}) }()
	waitSocket(t, te.paths.Socket)
	fi, err := os.Stat(te.paths.Socket)
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("socket mode = %04o, want 0600", fi.Mode().Perm())
	}
	err = Serve(context.Background(), &ServeOptions{Paths: te.paths, Version: "v1"}, &fakeHandler{})
	if !errors.Is(err, ErrRunning) || !strings.Contains(err.Error(), fmt.Sprintf("pid %d", os.Getpid())) {
		t.Errorf("second Serve: err = %v, want ErrRunning naming pid %d", err, os.Getpid())
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(te.paths.Socket); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket after exit: %v, want it removed", err)
	}
	if _, err := os.Stat(te.paths.PID); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("pid file after exit: %v, want it removed", err)
	}
}

func waitSocket(t *testing.T, sock string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		// The file appears at bind, before listen: a dial in between
		// is refused (TestServe_ControlEndEndsOneSessionByItsID failed
		// so once at load). Listening, it is accepted; the connection,
		// closed before a hello, is dropped by the daemon.
		if _, err := os.Stat(sock); err == nil {
			if c, err := net.Dial("unix", sock); err == nil {
				c.Close()
				return
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no socket %s after 5 s", sock)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestConnect_ConcurrentStartsMakeOneDaemon(t *testing.T) {
	te := newTestEnv(t)
	const n = 6
	var wg sync.WaitGroup
	pids := make([]int, n)
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c, r, err := Connect(context.Background(), te.connectOptions("v1"))
			if err != nil {
				errs[i] = err
				return
			}
			pids[i] = r.PID
			c.Close()
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("connect %d: %v", i, err)
		}
	}
	for i := range pids {
		if pids[i] != pids[0] {
			t.Errorf("connect %d reached daemon %d, connect 0 reached %d", i, pids[i], pids[0])
		}
	}
	if s := te.starts(); len(s) != 1 {
		t.Errorf("daemons started: %v, want exactly one", s)
	}
}

func TestConnect_FailedStartQuotesTheLog(t *testing.T) {
	te := newTestEnv(t)
	o := te.connectOptions("v1")
	o.Command = []string{"/bin/sh", "-c", "echo config is broken: bad field >&2; exit 3"}
	_, _, err := Connect(context.Background(), o)
	if err == nil || !strings.Contains(err.Error(), "config is broken: bad field") || !strings.Contains(err.Error(), "exited at start") {
		t.Fatalf("err = %v, want the exit and the log's last line", err)
	}
}

func TestBridge_RelaysBytesExactly(t *testing.T) {
	inBothModes(t, func(t *testing.T, _ *testEnv, c *client) {
		// Odd but valid shapes: spaces, the id last (as the TypeScript SDK
		// writes it), a string id with an escape, non-ASCII text.
		for i, line := range []string{
			`{"jsonrpc":"2.0","method":"raw","params":{"a":[1,{"b":"}"}]},"id":2}`,
			`{ "jsonrpc" : "2.0" , "id" : "x\"y" , "method" : "raw" , "params" : { "text" : "héllo ☃ \\n" } }`,
			`{"id":4,"jsonrpc":"2.0","method":"raw","params":{"s":"` + strings.Repeat("z", 200_000) + `"}}`,
		} {
			c.send(line)
			r := c.decode(c.next(5 * time.Second))
			var got struct{ Line string }
			if err := json.Unmarshal(r.Result, &got); err != nil || got.Line != line {
				t.Errorf("line %d arrived as %.200q (%v), want it unchanged", i, got.Line, err)
			}
		}
		// The daemon's bytes reach the client unchanged too.
		c.send(`{"jsonrpc":"2.0","id":5,"method":"echo","params":{"k":"v","n":[1,2]}}`)
		if got, want := c.next(5*time.Second), `{"jsonrpc":"2.0","id":5,"result":{"k":"v","n":[1,2]}}`; got != want {
			t.Errorf("echo = %s, want %s", got, want)
		}
	})
}

func TestBridge_DaemonKilledDuringCall(t *testing.T) {
	inBothModes(t, func(t *testing.T, te *testEnv, c *client) {
		old := c.daemonPID(2)
		c.send(`{"jsonrpc":"2.0","id":"call-3","method":"sleep","params":{}}`)
		if n := c.decode(c.next(5 * time.Second)); n.Method != "sleeping" {
			t.Fatalf("got %+v, want the sleeping notification", n)
		}
		// More client lines pass through the bridge's read buffer meanwhile:
		// the in-flight id must not be a view of it.
		for i := range 200 {
			c.send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"zzzzzz","progress":%d,"message":"%s"}}`, i, strings.Repeat("y", 1000)))
		}
		killed := time.Now()
		syscall.Kill(old, syscall.SIGKILL)
		// Bounds loose enough for a loaded CI machine; what they catch is
		// a call left to its time limit (a minute) or for ever.
		r := c.decode(c.next(5 * time.Second))
		if took := time.Since(killed); took > 3*time.Second {
			t.Errorf("the in-flight call failed after %s, want under 3 s", took)
		}
		if r.ID != "call-3" || r.Error == nil || !strings.Contains(r.Error.Message, fmt.Sprintf("the switchboard daemon exited during this call (pid %d)", old)) || !strings.Contains(r.Error.Message, "not retried") {
			t.Fatalf("in-flight call got %+v, want the daemon-exit error for id call-3", r)
		}
		// The next call works through a new daemon that got the replayed
		// initialize (the fake refuses calls before it); initialize's second
		// response is not relayed.
		if pid := c.daemonPID(4); pid == old || pid == 0 {
			t.Errorf("after the kill the call reached pid %d (old %d)", pid, old)
		}
		c.wantMode(5, c.handoff) // handed off again
		if s := te.starts(); len(s) != 2 {
			t.Errorf("daemons started: %v, want 2", s)
		}
	})
}

// A request the client cancelled is owed no answer: the daemon writes
// none (server.StdioTransport), and when it dies the relaying bridge does
// not answer it with the daemon-exit error either (a TypeScript SDK client
// reports an answer to an id it gave up as an error).
func TestBridge_CancelledCallIsNotAnsweredWhenTheDaemonDies(t *testing.T) {
	c, old := sleepingCall(t)
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":"call-7","reason":"user pressed escape"}}`)
	c.daemonPID(3) // the cancellation has passed the bridge
	syscall.Kill(old, syscall.SIGKILL)
	// The next line is the answer to the next call, from a new daemon.
	if r := c.call(4, "pid", ""); r.ID != float64(4) || r.Error != nil {
		t.Fatalf("after the kill the client got %+v, want the answer to call 4 (nothing for the cancelled call-7)", r)
	}
}

// sleepingCall starts a bridge and its daemon, and a call ("call-7")
// that sleeps in it; it returns the client and the daemon's pid.
func sleepingCall(t *testing.T) (*client, int) {
	t.Helper()
	te := newTestEnv(t)
	c := startBridgeOn(t, &BridgeOptions{Connect: *te.connectOptions("v1")}, false)
	c.initialize()
	c.wantMode(90, false)
	old := c.daemonPID(2)
	c.send(`{"jsonrpc":"2.0","id":"call-7","method":"sleep","params":{}}`)
	if n := c.decode(c.next(5 * time.Second)); n.Method != "sleeping" {
		t.Fatalf("got %+v, want the sleeping notification", n)
	}
	return c, old
}

// TestBridge_ACancellationTheDaemonRefusesLeavesTheCallOwed: a
// cancellation naming its requestId in other letter case ("RequestID") is
// refused by the daemon (server.StdioTransport, rpcid.FoldedMember: the
// SDK reads names exactly), so the call runs on; the bridge read it as a
// cancellation all the same (encoding/json folds case) and, when the
// daemon died, answered the call with nothing: its client waited for
// ever. The bridge passes over the cancellations the daemon refuses.
func TestBridge_ACancellationTheDaemonRefusesLeavesTheCallOwed(t *testing.T) {
	c, old := sleepingCall(t)
	c.send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"RequestID":"call-7"}}`)
	c.daemonPID(3) // the cancellation has passed the bridge
	syscall.Kill(old, syscall.SIGKILL)
	if r := c.decode(c.next(5 * time.Second)); r.ID != "call-7" || r.Error == nil || !strings.Contains(r.Error.Message, "the switchboard daemon exited during this call") {
		t.Fatalf("after the kill the client got %+v, want the daemon-exit error for call-7, which was not cancelled", r)
	}
}

// Of the requests in flight when the daemon dies, the ones it had read
// fail, and the ones it never read (written to its socket, or only to
// its read buffer) go to the next daemon, in order, and are answered
// there.
func TestBridge_RequestsTheDeadDaemonNeverReadGoToTheNextOne(t *testing.T) {
	inBothModes(t, func(t *testing.T, te *testEnv, c *client) {
		old := c.daemonPID(2)
		c.send(`{"jsonrpc":"2.0","id":"stall-3","method":"stall","params":{}}`)
		if n := c.decode(c.next(5 * time.Second)); n.Method != "stalled" {
			t.Fatalf("got %+v, want the stalled notification", n)
		}
		c.send(`{"jsonrpc":"2.0","id":"unread-4","method":"pid","params":{}}`)
		c.send(`{"jsonrpc":"2.0","method":"notifications/message","params":{}}`)
		c.send(`{"jsonrpc":"2.0","id":"unread-5","method":"echo","params":{"n":5}}`)
		time.Sleep(50 * time.Millisecond) // let them reach the old daemon's socket: the case under test
		syscall.Kill(old, syscall.SIGKILL)
		got := map[any]resp{}
		var order []any
		for range 3 {
			r := c.decode(c.next(5 * time.Second))
			got[r.ID] = r
			order = append(order, r.ID)
		}
		if r := got["stall-3"]; r.Error == nil || !strings.Contains(r.Error.Message, fmt.Sprintf("the switchboard daemon exited during this call (pid %d)", old)) {
			t.Errorf("the call the daemon had read got %+v, want the daemon-exit error", r)
		}
		var v struct{ PID int }
		if r := got["unread-4"]; r.Error != nil || json.Unmarshal(r.Result, &v) != nil || v.PID == old || v.PID == 0 {
			t.Errorf("the unread pid call got %+v %s, want the new daemon's pid (old %d)", r, r.Result, old)
		}
		if r := got["unread-5"]; r.Error != nil || string(r.Result) != `{"n":5}` {
			t.Errorf("the unread echo got %+v %s, want its params back", r, r.Result)
		}
		if len(order) == 3 && (order[1] != "unread-4" || order[2] != "unread-5") {
			t.Errorf("answers came in order %v, want the resent calls in the order they were sent", order)
		}
		// The mark files are gone from the runtime directory.
		if m, _ := filepath.Glob(filepath.Join(te.paths.Dir, markPrefix+"*")); len(m) > 0 {
			t.Errorf("mark files left behind: %v", m)
		}
	})
}

func TestBridge_ClientCloseEndsOnlyItsSession(t *testing.T) {
	for _, m := range bridgeModes {
		t.Run(m.name, func(t *testing.T) {
			te := newTestEnv(t)
			a := startBridgeOn(t, &BridgeOptions{Connect: *te.connectOptions("v1")}, m.handoff)
			b := startBridgeOn(t, &BridgeOptions{Connect: *te.connectOptions("v1")}, m.handoff)
			a.initialize()
			a.wantMode(90, m.handoff)
			b.initialize()
			b.wantMode(90, m.handoff)
			pid := a.daemonPID(2)
			a.in.Close()
			a.wantEnd()
			deadline := time.Now().Add(5 * time.Second)
			for len(status(t, te.paths)["sessions"].([]any)) != 1 {
				if time.Now().After(deadline) {
					t.Fatalf("sessions = %v, want 1 left", status(t, te.paths)["sessions"])
				}
				time.Sleep(10 * time.Millisecond)
			}
			if p := b.daemonPID(2); p != pid {
				t.Errorf("the other session now reaches pid %d, want %d", p, pid)
			}
		})
	}
}

// A client that closes stdin right after a request still gets its answer:
// the bridge (relaying: it half-closes the connection; handing off: the
// daemon reads the end itself) waits for the session to end.
func TestBridge_StdinEndWaitsForTheAnswers(t *testing.T) {
	inBothModes(t, func(t *testing.T, _ *testEnv, c *client) {
		c.send(`{"jsonrpc":"2.0","id":5,"method":"slow","params":{}}`)
		c.in.Close()
		if r := c.decode(c.next(5 * time.Second)); r.ID != float64(5) || string(r.Result) != `"slow"` {
			t.Fatalf("got %+v %s, want the slow answer", r, r.Result)
		}
		c.wantEnd()
	})
}

func TestServe_StatusMergesHandler(t *testing.T) {
	te := newTestEnv(t)
	c := startBridge(t, &BridgeOptions{Connect: *te.connectOptions("v1")})
	c.initialize()
	pid := c.daemonPID(2)
	st := status(t, te.paths)
	if st["pid"] != float64(pid) || st["fake"] != true || st["version"] != "v1" {
		t.Errorf("status = %v, want pid %d (the daemon's, not the handler's), fake, version", st, pid)
	}
	ss, _ := st["sessions"].([]any)
	if len(ss) != 1 || ss[0].(map[string]any)["pid"] != float64(os.Getpid()) || ss[0].(map[string]any)["cwd"] != "/" {
		t.Errorf("sessions = %v, want one of client pid %d in /", st["sessions"], os.Getpid())
	}
}

func TestServe_VersionMismatchDrainsAndHandsOver(t *testing.T) {
	te := newTestEnv(t)
	old := startBridge(t, &BridgeOptions{Connect: *te.connectOptions("v1")})
	old.initialize()
	oldPID := old.daemonPID(2)

	c, r, err := Connect(context.Background(), te.connectOptions("v2"))
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if r.Version != "v2" || r.PID == oldPID {
		t.Fatalf("the v2 bridge reached %+v, want a new v2 daemon", r)
	}
	// The old daemon keeps serving its session, then exits with it.
	if p := old.daemonPID(3); p != oldPID {
		t.Errorf("the old session reached pid %d, want %d", p, oldPID)
	}
	if !alive(oldPID) {
		t.Fatal("the old daemon exited while its session was open")
	}
	old.in.Close()
	waitGone(t, oldPID, "its last session ended")
	if st := status(t, te.paths); st["version"] != "v2" {
		t.Errorf("status after hand-over: %v, want the v2 daemon", st)
	}
}

func TestServe_IdleExit(t *testing.T) {
	te := newTestEnv(t)
	te.env["SBD_TEST_IDLE"] = "300ms"
	c := startBridge(t, &BridgeOptions{Connect: *te.connectOptions("v1")})
	c.initialize()
	pid := c.daemonPID(2)
	c.in.Close()
	<-c.done
	waitGone(t, pid, "its last session ended and the idle timeout (300ms) passed")
	if _, err := os.Stat(te.paths.Socket); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket after idle exit: %v, want it removed", err)
	}
}

// A daemon whose socket is removed (the runtime directory cleaned at
// logout) can get no new session: it serves the one it has and exits
// with it, instead of running unreachable until its idle timeout.
func TestServe_SocketRemovedDrains(t *testing.T) {
	te := newTestEnv(t)
	te.env["SBD_TEST_SOCKCHECK"] = "50ms"
	c := startBridge(t, &BridgeOptions{Connect: *te.connectOptions("v1")})
	c.initialize()
	pid := c.daemonPID(2)
	if err := os.Remove(te.paths.Socket); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // several checks
	if p := c.daemonPID(3); p != pid {
		t.Errorf("the open session reached pid %d, want %d", p, pid)
	}
	c.in.Close()
	<-c.done
	waitGone(t, pid, "its socket was removed and its last session ended")
}

// A FIFO in place of the pid file does not hold a starting daemon up
// (writing it waited for a reader for ever): the file is replaced.
func TestServe_FIFOInPlaceOfThePIDFileIsReplaced(t *testing.T) {
	te := newTestEnv(t)
	if err := syscall.Mkfifo(te.paths.PID, 0o600); err != nil {
		t.Fatal(err)
	}
	c := startBridge(t, &BridgeOptions{Connect: *te.connectOptions("v1")})
	c.initialize()
	pid := c.daemonPID(2)
	b, err := os.ReadFile(te.paths.PID)
	if err != nil || strings.TrimSpace(string(b)) != strconv.Itoa(pid) {
		t.Errorf("pid file = %q, %v; want %d", b, err, pid)
	}
}

// A socket replaced by another daemon's (started over a deleted lock)
// is left alone when the first daemon exits.
func TestServe_SocketReplacedIsNotRemoved(t *testing.T) {
	te := newTestEnv(t)
	te.env["SBD_TEST_SOCKCHECK"] = "50ms"
	c := startBridge(t, &BridgeOptions{Connect: *te.connectOptions("v1")})
	c.initialize()
	pid := c.daemonPID(2)
	c.in.Close()
	<-c.done
	if err := os.Remove(te.paths.Socket); err != nil {
		t.Fatal(err)
	}
	other, err := net.Listen("unix", te.paths.Socket)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	waitGone(t, pid, "its socket was replaced and it had no session")
	if _, err := os.Lstat(te.paths.Socket); err != nil {
		t.Errorf("the other socket after the daemon exited: %v, want it kept", err)
	}
}

func TestServe_StopControl(t *testing.T) {
	te := newTestEnv(t)
	c := startBridge(t, &BridgeOptions{Connect: *te.connectOptions("v1")})
	c.initialize()
	pid := c.daemonPID(2)
	sc, r, err := Connect(context.Background(), &ConnectOptions{Paths: te.paths, NoStart: true, Hello: &Hello{Version: "other", Kind: KindControl, Control: ControlStop}})
	if err != nil {
		t.Fatal(err)
	}
	sc.Close()
	if !r.OK || r.PID != pid {
		t.Fatalf("stop reply = %+v", r)
	}
	waitGone(t, pid, "stop")
	// A connected bridge does not start a new daemon by itself...
	if _, _, err := Connect(context.Background(), &ConnectOptions{Paths: te.paths, NoStart: true, Hello: &Hello{Kind: KindControl, Control: ControlStatus}}); !errors.Is(err, ErrNoDaemon) {
		t.Errorf("status after stop: %v, want ErrNoDaemon", err)
	}
	// ...but its client's next call does.
	if p := c.daemonPID(3); p == pid || p == 0 {
		t.Errorf("the call after stop reached pid %d (stopped: %d)", p, pid)
	}
}

// A daemon stopping ends a handed-off session whose answer is blocked on
// a client that reads nothing (the client's stdout is full).
func TestServe_StopEndsAHandedOffSessionBlockedOnItsClient(t *testing.T) {
	te, c := startHandedOff(t)
	pid := c.daemonPID(2)
	// Over the test client's 1 MiB line limit: it stops reading, and the
	// daemon's write blocks on the full pipe.
	c.send(`{"jsonrpc":"2.0","id":3,"method":"big","params":{}}`)
	gaveUp := time.After(10 * time.Second)
	for open := true; open; {
		select {
		case _, open = <-c.lines: // closed once the reader gave up on the long line
		case <-gaveUp:
			t.Fatal("the test client never got the long answer")
		}
	}
	sc, r, err := Connect(context.Background(), &ConnectOptions{Paths: te.paths, NoStart: true, Hello: &Hello{Version: "other", Kind: KindControl, Control: ControlStop}})
	if err != nil {
		t.Fatal(err)
	}
	sc.Close()
	if !r.OK || r.PID != pid {
		t.Fatalf("stop reply = %+v", r)
	}
	// Within 4 s: the daemon's wait for its sessions (5 s) must not be
	// what ends it (2 s failed once on a loaded machine).
	for deadline := time.Now().Add(4 * time.Second); alive(pid); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("daemon pid %d still runs 4 s after stop: its session is stuck on the client", pid)
		}
	}
	go io.Copy(io.Discard, c.out) // the bridge answers id 3 as it takes its stdio back
}

func TestBridge_WaitsBoundedForADaemonThatCannotStart(t *testing.T) {
	te := newTestEnv(t)
	fail := filepath.Join(te.env["HOME"], "fail")
	te.env["SBD_TEST_FAIL"] = fail
	// QueueWait must outlast one failed start even under -race on a
	// loaded machine: with none finished, the error is "still
	// connecting", not the log's.
	c := startBridge(t, &BridgeOptions{Connect: *te.connectOptions("v1"), QueueWait: 3 * time.Second})
	c.initialize()
	old := c.daemonPID(2)
	os.WriteFile(fail, nil, 0o600)
	syscall.Kill(old, syscall.SIGKILL)
	waitGone(t, old, "SIGKILL")
	r := c.call(3, "pid", "")
	// The call is queued for a new daemon ("not reachable") or, when the
	// bridge had not yet seen the old one die, written to it and then
	// failed with the calls it never read ("no new one is reachable").
	if r.Error == nil || !strings.Contains(r.Error.Message, " reachable (") || !strings.Contains(r.Error.Message, "told to fail at start") {
		msg := ""
		if r.Error != nil {
			msg = r.Error.Message
		}
		t.Fatalf("call while no daemon can start: %+v %q, want an error quoting the daemon's log", r, msg)
	}
	os.Remove(fail)
	if pid := c.daemonPID(4); pid == old || pid == 0 {
		t.Errorf("after the daemon could start again the call reached pid %d", pid)
	}
}

// A call made after the daemon died, with nothing in flight, reaches the
// next daemon: nothing of it was sent to the dead one, so it is no replay.
func TestBridge_CallAfterDaemonDiedGoesToTheNextOne(t *testing.T) {
	inBothModes(t, func(t *testing.T, _ *testEnv, c *client) {
		for i := range 3 {
			old := c.daemonPID(10 + 2*i)
			syscall.Kill(old, syscall.SIGKILL)
			waitGone(t, old, "SIGKILL")
			if pid := c.daemonPID(11 + 2*i); pid == old || pid == 0 {
				t.Fatalf("round %d: the call after the death reached pid %d (dead: %d)", i, pid, old)
			}
			c.wantMode(30+i, c.handoff)
		}
	})
}

// A daemon that dies while it writes an answer leaves half a line on the
// client's stdout: the bridge ends that line, answers the call with the
// daemon-exit error, and the session goes on.
func TestBridge_HandoffDaemonDiedMidLine(t *testing.T) {
	te, c := startHandedOff(t)
	old := c.daemonPID(2)
	c.send(`{"jsonrpc":"2.0","id":7,"method":"half","params":{}}`)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if _, err := os.Stat(te.env["SBD_TEST_HALF"]); err == nil {
			break // the first chunk is out: the case under test
		}
		if time.Now().After(deadline) {
			t.Fatal("the daemon never wrote the first chunk")
		}
	}
	syscall.Kill(old, syscall.SIGKILL)
	if half := c.next(5 * time.Second); !strings.HasPrefix(half, `{"jsonrpc":"2.0","id":7,"result":"hhh`) || len(half) != outChunk {
		t.Fatalf("first line = %.60q… (%d bytes), want the %d bytes of the answer that were out", half, len(half), outChunk)
	}
	r := c.decode(c.next(5 * time.Second))
	if r.ID != float64(7) || r.Error == nil || !strings.Contains(r.Error.Message, fmt.Sprintf("exited during this call (pid %d)", old)) {
		t.Fatalf("after the half line: %+v, want the daemon-exit error for id 7", r)
	}
	if pid := c.daemonPID(8); pid == old || pid == 0 {
		t.Errorf("the next call reached pid %d (dead: %d)", pid, old)
	}
	c.wantMode(9, true) // handed off again
}

// A request from the daemon to the client (sampling, elicitation, roots)
// is relayed like any other line, and so is the client's answer.
func TestBridge_RelaysRequestsFromTheDaemon(t *testing.T) {
	inBothModes(t, func(t *testing.T, _ *testEnv, c *client) {
		c.send(`{"jsonrpc":"2.0","id":2,"method":"ask","params":{}}`)
		req := c.decode(c.next(5 * time.Second))
		if req.Method != "sampling/createMessage" || req.ID != "srv-1" {
			t.Fatalf("got %+v, want the daemon's sampling request", req)
		}
		c.send(`{"jsonrpc":"2.0","id":"srv-1","result":{"role":"assistant","content":{"type":"text","text":"hi"}}}`)
		r := c.decode(c.next(5 * time.Second))
		if r.ID != float64(2) || !strings.Contains(string(r.Result), `"text":"hi"`) {
			t.Errorf("ask = %+v %s, want the client's answer", r, r.Result)
		}
	})
}

func TestConnect_StartTimeoutQuotesTheLog(t *testing.T) {
	te := newTestEnv(t)
	o := te.connectOptions("v1")
	o.Command = []string{"/bin/sh", "-c", "echo loading a huge config >&2; exec sleep 30"}
	o.StartWait = 300 * time.Millisecond
	_, _, err := Connect(context.Background(), o)
	var pid int
	if err != nil {
		fmt.Sscanf(err.Error(), "the daemon (pid %d)", &pid)
	}
	if pid > 0 {
		syscall.Kill(pid, syscall.SIGKILL)
	}
	if err == nil || !strings.Contains(err.Error(), "did not listen") || !strings.Contains(err.Error(), "loading a huge config") || pid == 0 {
		t.Fatalf("err = %v, want a timeout naming the pid and quoting the log", err)
	}
}

func TestServe_RefusesARelativeCwd(t *testing.T) {
	te := newTestEnv(t)
	o := te.connectOptions("v1")
	o.Hello.Cwd = "relative/dir"
	_, r, err := Connect(context.Background(), o)
	if err == nil || r == nil || r.Code != CodeBad || !strings.Contains(err.Error(), "not an absolute path") {
		t.Fatalf("err = %v, reply %+v; want a refusal of the relative cwd", err, r)
	}
}

func TestConnect_RotatesALargeLog(t *testing.T) {
	te := newTestEnv(t)
	big := make([]byte, MaxLog+1)
	os.WriteFile(te.paths.Log, big, 0o600)
	c, _, err := Connect(context.Background(), te.connectOptions("v1"))
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if fi, err := os.Stat(te.paths.Log + ".1"); err != nil || fi.Size() != int64(len(big)) {
		t.Errorf("daemon.log.1: %v, want the old log", err)
	}
	if fi, err := os.Stat(te.paths.Log); err != nil || fi.Size() > MaxLog {
		t.Errorf("daemon.log after rotation: %v", err)
	}
}

// A daemon started while the previous one is exiting (socket gone, lock
// not yet dropped) waits for the lock instead of failing.
func TestServe_WaitsForAnExitingDaemonsLock(t *testing.T) {
	te := newTestEnv(t)
	f, err := os.OpenFile(te.paths.Lock, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := tryLock(f); !ok || err != nil {
		t.Fatalf("taking the lock: %v %v", ok, err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- Serve(ctx, &ServeOptions{Paths: te.paths, Version: "v1"}, &fakeHandler{}) }()
	time.Sleep(50 * time.Millisecond) // the "exiting daemon" holds it a moment longer
	f.Close()
	waitSocket(t, te.paths.Socket)
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Serve: %v, want it to start once the lock was dropped", err)
	}
}

func TestConnect_ConcurrentProcessesMakeOneDaemon(t *testing.T) {
	te := newTestEnv(t)
	const n = 4
	cmds := make([]*exec.Cmd, n)
	outs := make([]*strings.Builder, n)
	for i := range n {
		env := maps(te.env)
		env["SBD_TEST_DAEMON"] = "connect"
		cmds[i] = exec.Command(te.exe)
		for k, v := range env {
			cmds[i].Env = append(cmds[i].Env, k+"="+v)
		}
		outs[i] = &strings.Builder{}
		cmds[i].Stdout, cmds[i].Stderr = outs[i], outs[i]
		if err := cmds[i].Start(); err != nil {
			t.Fatal(err)
		}
	}
	pids := map[string]bool{}
	for i, c := range cmds {
		if err := c.Wait(); err != nil {
			t.Fatalf("bridge process %d: %v\n%s", i, err, outs[i])
		}
		pids[strings.TrimSpace(outs[i].String())] = true
	}
	if len(pids) != 1 {
		t.Errorf("the bridge processes reached daemons %v, want one", pids)
	}
	if s := te.starts(); len(s) != 1 {
		t.Errorf("daemons started: %v, want exactly one", s)
	}
}

func TestBridge_OversizeClientMessageIsAnsweredAndTheSessionGoesOn(t *testing.T) {
	te := newTestEnv(t)
	c := startBridge(t, &BridgeOptions{Connect: *te.connectOptions("v1"), MaxLine: 1 << 20})
	c.initialize()
	c.send(`{"jsonrpc":"2.0","id":7,"method":"raw","params":{"s":"` + strings.Repeat("z", 2<<20) + `"}}`)
	r := c.decode(c.next(5 * time.Second))
	if r.Error == nil || !strings.Contains(r.Error.Message, "message over 1048576 bytes") {
		t.Fatalf("oversize message answered with %+v, want an error naming the limit", r)
	}
	c.send(`{"jsonrpc":"2.0","id":8,"method":"echo","params":{"k":"v"}}`)
	if got, want := c.next(5*time.Second), `{"jsonrpc":"2.0","id":8,"result":{"k":"v"}}`; got != want {
		t.Errorf("next call = %s, want %s: the session must go on", got, want)
	}
}

// A session the handler cannot open (its config does not load, say) is
// refused in the reply with the handler's reason: Bridge returns it at
// once, as the error a standalone serve would print, instead of relaying
// to a connection that closes and reporting a daemon that "exited". The
// daemon goes on serving other sessions.
func TestBridge_SessionRefusedWithTheHandlersReason(t *testing.T) {
	te := newTestEnv(t)
	o := te.connectOptions("v1")
	o.Hello.Args = []string{"--refuse=/home/u/.config/switchboard/config.json: invalid JSON near line 3"}
	c := startBridge(t, &BridgeOptions{Connect: *o})
	select {
	case err := <-c.done:
		var se *SessionError
		if !errors.As(err, &se) || err.Error() != "/home/u/.config/switchboard/config.json: invalid JSON near line 3" {
			t.Fatalf("Bridge = %v, want the handler's reason as a *SessionError", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Bridge still runs for a refused session")
	}
	ok := startBridge(t, &BridgeOptions{Connect: *te.connectOptions("v1")})
	ok.initialize()
}

// A client that reuses the id of a call in flight through the relaying
// bridge: the daemon answers the second request, and the bridge still
// owes the first, which fails with the daemon-exit error when the daemon
// dies (the second's answer had ended its record: it was never answered).
func TestBridge_RelayedReusedIDKeepsTheFirstCallOwed(t *testing.T) {
	te := newTestEnv(t)
	c := startBridgeOn(t, &BridgeOptions{Connect: *te.connectOptions("v1")}, false)
	c.initialize()
	old := c.daemonPID(2)
	c.send(`{"jsonrpc":"2.0","id":"dup","method":"sleep","params":{}}`)
	if n := c.decode(c.next(5 * time.Second)); n.Method != "sleeping" {
		t.Fatalf("got %+v, want the sleeping notification", n)
	}
	c.send(`{"jsonrpc":"2.0","id":"dup","method":"echo","params":{"again":true}}`)
	if r := c.decode(c.next(5 * time.Second)); r.ID != "dup" || r.Error != nil {
		t.Fatalf("got %+v, want the echo's answer under dup", r)
	}
	syscall.Kill(old, syscall.SIGKILL)
	r := c.decode(c.next(2 * time.Second))
	if r.ID != "dup" || r.Error == nil || !strings.Contains(r.Error.Message, "the switchboard daemon exited during this call") {
		t.Fatalf("after the kill got %+v, want the daemon-exit error for the sleeping call dup", r)
	}
}
