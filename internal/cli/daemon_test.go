//go:build unix

package cli

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend/fakebackend"
)

// With SWITCHBOARD_TEST_MAIN=1 the test binary is switchboard itself
// (the daemon tests start `daemon run` as a real process).
func TestMain(m *testing.M) {
	fakebackend.Main()                                   // serves when SWITCHBOARD_FAKE_BACKEND names a mode
	if u := os.Getenv("SWITCHBOARD_TEST_GET"); u != "" { // a client, run as another user
		resp, err := http.Get(u)
		if err != nil {
			fmt.Println(err)
			os.Exit(2)
		}
		resp.Body.Close()
		fmt.Println(resp.StatusCode)
		os.Exit(0)
	}
	if os.Getenv("SWITCHBOARD_TEST_MAIN") == "1" {
		exe, _ := os.Executable()
		dir, _ := os.Getwd()
		os.Exit(Main(context.Background(), &Env{
			Args: os.Args[1:], Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
			Getenv: os.Getenv, LookupEnv: os.LookupEnv, Environ: os.Environ, Dir: dir, Executable: exe,
		}))
	}
	os.Exit(m.Run())
}

func TestDaemon_StatusLogsStop(t *testing.T) {
	home, err := os.MkdirTemp("", "sbc") // short: socket paths are limited
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(home)
	env := map[string]string{"HOME": home, "XDG_STATE_HOME": filepath.Join(home, "st"), "XDG_CONFIG_HOME": filepath.Join(home, "cfg")}
	os.MkdirAll(filepath.Join(home, "cfg", "switchboard"), 0o700)
	os.WriteFile(filepath.Join(home, "cfg", "switchboard", "config.json"), []byte(`{"mcpServers": {}, "settings": {"daemonIdleTimeout": "7m"}}`), 0o600)
	exe, _ := os.Executable()
	run := func(args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		code := Main(context.Background(), &Env{
			Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
			Getenv: func(k string) string { return env[k] }, Environ: func() []string { return nil },
			Dir: home, Executable: exe,
		})
		return out.String(), errb.String(), code
	}
	if out, _, code := run("daemon", "status"); code != 0 || out != "no daemon running\n" {
		t.Errorf("status without a daemon: %q, exit %d", out, code)
	}
	if out, _, _ := run("daemon", "status", "--json"); !strings.Contains(out, `"running": false`) {
		t.Errorf("status --json without a daemon: %q", out)
	}
	if _, errOut, code := run("daemon", "end", "s1"); code != 1 || !strings.Contains(errOut, `no daemon running, so no session "s1" to end`) {
		t.Errorf("end without a daemon: %q, exit %d", errOut, code)
	}
	if _, errOut, code := run("daemon", "end"); code != 2 || !strings.Contains(errOut, "give one session id") {
		t.Errorf("end without an id: %q, exit %d", errOut, code)
	}

	cmd := exec.Command(exe, "daemon", "run")
	cmd.Env = []string{"SWITCHBOARD_TEST_MAIN=1", "HOME=" + home, "XDG_STATE_HOME=" + env["XDG_STATE_HOME"], "XDG_CONFIG_HOME=" + env["XDG_CONFIG_HOME"]}
	os.MkdirAll(filepath.Join(home, "st", "switchboard"), 0o700)
	logf, _ := os.Create(filepath.Join(home, "st", "switchboard", "daemon.log"))
	cmd.Stderr = logf
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	defer cmd.Process.Kill()

	var st struct {
		Running     bool
		PID         int
		IdleTimeout string
		Sessions    []any
		Backends    []any // the hub's part of the status
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		out, _, _ := run("daemon", "status", "--json")
		json.Unmarshal([]byte(out), &st)
		if st.Running {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no daemon in status after 5 s: %q", out)
		}
		time.Sleep(20 * time.Millisecond)
	}
	if st.PID != cmd.Process.Pid || st.IdleTimeout != "7m0s" || st.Sessions == nil || st.Backends == nil {
		t.Errorf("status = %+v, want pid %d, idle 7m0s from settings.daemonIdleTimeout, sessions [], the hub's backends []", st, cmd.Process.Pid)
	}
	if out, _, _ := run("daemon", "status"); !strings.Contains(out, "daemon pid ") || !strings.Contains(out, "no sessions") {
		t.Errorf("status = %q", out)
	}
	if out, _, _ := run("daemon", "logs"); !strings.Contains(out, "daemon started") {
		t.Errorf("logs = %q, want the daemon's start record", out)
	}
	if _, errOut, code := run("daemon", "end", "s99"); code != 1 || !strings.Contains(errOut, `no session "s99" in the daemon`) {
		t.Errorf("end of a session the daemon does not serve: %q, exit %d", errOut, code)
	}
	if out, errOut, code := run("daemon", "stop"); code != 0 || !strings.Contains(out, "stopped the daemon") {
		t.Errorf("stop: %q %q exit %d", out, errOut, code)
	}
	select {
	case <-exited:
	case <-time.After(5 * time.Second):
		t.Fatal("the daemon still runs after stop")
	}
	if out, _, code := run("daemon", "stop"); code != 0 || out != "no daemon running\n" {
		t.Errorf("second stop: %q exit %d", out, code)
	}
}

// serveHome makes a private home for a test that runs the test binary as
// switchboard, and the environment that points its XDG directories there;
// it is removed when the test ends.
func serveHome(t *testing.T) (home string, env []string) {
	t.Helper()
	home, err := os.MkdirTemp("", "sbc") // short: socket paths are limited
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	return home, []string{"SWITCHBOARD_TEST_MAIN=1", "HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "st"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "cfg"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache"), "XDG_RUNTIME_DIR=" + filepath.Join(home, "run")}
}

// A serve relaying to the daemon reports its session's config as a
// standalone serve does: a config that does not load ends serve with the
// file and the reason on stderr (not a relay to a session that closes at
// once, answered "the daemon exited"), and the start's notices (a server
// disabled by a config error) reach the client's stderr, not only the
// daemon's log; so does the notice that the demo backend is served.
func TestServe_DaemonSessionReportsItsConfigOnStderr(t *testing.T) {
	home, env := serveHome(t)
	exe, _ := os.Executable()
	os.MkdirAll(filepath.Join(home, "run"), 0o700)
	cfgPath := filepath.Join(home, "cfg", "switchboard", "config.json")
	os.MkdirAll(filepath.Dir(cfgPath), 0o700)
	defer func() {
		stop := exec.Command(exe, "daemon", "stop")
		stop.Env = env
		stop.Run()
	}()
	serve := func() (string, string, int) {
		cmd := exec.Command(exe, "serve")
		cmd.Env = env
		in, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		var errb bytes.Buffer
		cmd.Stderr = &errb
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		io.WriteString(in, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n")
		// The answer (or the end of stdout), then the end of stdin.
		out, _ := bufio.NewReader(stdout).ReadString('\n')
		in.Close()
		err := cmd.Wait()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return out, errb.String(), code
	}

	os.WriteFile(cfgPath, []byte(`{"mcpServers": {"x": {"command": 5}}`), 0o600)
	out, errOut, code := serve()
	if code == 0 || !strings.Contains(errOut, cfgPath+": invalid JSON") || strings.Contains(out+errOut, "daemon exited") {
		t.Errorf("broken config: exit %d, stdout %q, stderr %q; want a failure naming %s and its invalid JSON", code, out, errOut, cfgPath)
	}

	os.WriteFile(cfgPath, []byte(`{"mcpServers": {"x": {"command": 5}}}`), 0o600)
	out, errOut, code = serve()
	if code != 0 || !strings.Contains(out, `"id":1,"result"`) || !strings.Contains(errOut, `switchboard: server "x" is disabled: `+cfgPath+": mcpServers.x.command") {
		t.Errorf("a disabled server: exit %d, stdout %q, stderr %q; want initialize answered and the notice on stderr", code, out, errOut)
	}

	os.Remove(cfgPath)
	out, errOut, code = serve()
	if code != 0 || !strings.Contains(out, `"id":1,"result"`) || !strings.Contains(errOut, "switchboard: no config file: serving the built-in demo backend; put your servers in "+cfgPath) {
		t.Errorf("no config: exit %d, stdout %q, stderr %q; want initialize answered and the demo notice on stderr", code, out, errOut)
	}
}

// A daemon socket path that holds something else (a file left by a crash
// or a mistake, a directory) keeps any daemon from listening: serve says
// what to remove and serves this session in its own process, as it does
// for a runtime directory it cannot use, instead of failing the agent's
// server.
func TestServe_StaleNonSocketFallsBackToServingInProcess(t *testing.T) {
	home, env := serveHome(t)
	exe, _ := os.Executable()
	sock := filepath.Join(home, "run", "switchboard", "daemon.sock")
	for _, kind := range []string{"a regular file", "a directory"} {
		os.RemoveAll(sock)
		os.MkdirAll(filepath.Dir(sock), 0o700)
		if kind == "a directory" {
			os.Mkdir(sock, 0o700)
		} else {
			os.WriteFile(sock, []byte("junk"), 0o600)
		}
		cmd := exec.Command(exe, "serve")
		cmd.Env = env
		cmd.Stdin = strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n")
		var errb bytes.Buffer
		cmd.Stderr = &errb
		out, err := cmd.Output()
		if err != nil || !strings.Contains(string(out), `"id":1,"result"`) ||
			!strings.Contains(errb.String(), "daemon socket "+sock+" is not a socket ("+kind+"); remove it") ||
			!strings.Contains(errb.String(), "serving in this process instead") {
			t.Errorf("%s at the socket path: %v, stdout %q, stderr %q; want initialize answered in process and the file named", kind, err, out, errb.String())
		}
	}
}

// A serve killed during a backend call, relaying (SWITCHBOARD_HANDOFF=0)
// or not, ends its daemon session at once: the backend is sent
// notifications/cancelled (its call ends long before callTimeout) while
// it keeps serving the other session that uses it. A relaying one's
// daemon read the end of the connection as the end of the client's input
// and waited up to 30 s for the call's answer.
func TestServe_KilledServeCancelsItsBackendCall(t *testing.T) {
	for _, m := range []struct{ name, env string }{{"relay", "SWITCHBOARD_HANDOFF=0"}, {"handoff", "SWITCHBOARD_HANDOFF=1"}} {
		t.Run(m.name, func(t *testing.T) { testKilledServeCancelsItsBackendCall(t, m.env) })
	}
}

func testKilledServeCancelsItsBackendCall(t *testing.T, mode string) {
	home, env := serveHome(t)
	exe, _ := os.Executable()
	os.MkdirAll(filepath.Join(home, "run"), 0o700)
	cfgPath := filepath.Join(home, "cfg", "switchboard", "config.json")
	os.MkdirAll(filepath.Dir(cfgPath), 0o700)
	mark := filepath.Join(home, "sleep")
	cfg, _ := json.Marshal(map[string]any{
		"mcpServers": map[string]any{"fake": map[string]any{"command": exe, "env": map[string]string{"SWITCHBOARD_FAKE_BACKEND": "normal", "FAKE_SLEEP_MARK": mark}}},
		"settings":   map[string]any{"callTimeout": "5m", "executeTimeout": "5m"},
	})
	os.WriteFile(cfgPath, cfg, 0o600)
	defer func() {
		stop := exec.Command(exe, "daemon", "stop")
		stop.Env = env
		stop.Run()
	}()
	type serveProc struct {
		cmd   *exec.Cmd
		in    io.WriteCloser
		lines *bufio.Scanner
	}
	start := func(extra ...string) *serveProc {
		cmd := exec.Command(exe, "serve")
		cmd.Env = append(append([]string(nil), env...), extra...)
		in, _ := cmd.StdinPipe()
		out, _ := cmd.StdoutPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
		p := &serveProc{cmd: cmd, in: in, lines: bufio.NewScanner(out)}
		p.lines.Buffer(nil, 1<<20)
		io.WriteString(in, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n")
		if !p.lines.Scan() || !strings.Contains(p.lines.Text(), `"id":1,"result"`) {
			t.Fatalf("initialize: %q", p.lines.Text())
		}
		io.WriteString(in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
		return p
	}
	backendPID := func(p *serveProc, id int) string {
		t.Helper()
		fmt.Fprintf(p.in, `{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"execute","arguments":{"script":"return await fake.pid({})"}}}`+"\n", id)
		for p.lines.Scan() {
			var r struct {
				ID     int
				Result struct{ StructuredContent struct{ Result string } }
			}
			if json.Unmarshal(p.lines.Bytes(), &r) == nil && r.ID == id {
				return r.Result.StructuredContent.Result
			}
		}
		t.Fatalf("no answer to fake.pid")
		return ""
	}
	keeper := start()
	pid := backendPID(keeper, 2)

	relayed := start(mode)
	io.WriteString(relayed.in, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"execute","arguments":{"script":"return await fake.sleep({ms: 240000})"}}}`+"\n")
	waitForFile(t, mark+".started", "the backend call to start")
	relayed.cmd.Process.Kill()
	relayed.cmd.Wait()
	waitForFile(t, mark+".cancelled", "the backend call to be cancelled after its serve was killed (callTimeout is 5 m)")
	if again := backendPID(keeper, 3); again != pid {
		t.Errorf("the backend's pid is %s after the cancel, was %s: want it kept for the other session", again, pid)
	}
}

// A standalone serve whose client exited (its stdin ended and nobody
// reads its stdout) ends its session at once: the backend call in flight
// is cancelled, not answered to nobody at its callTimeout (5 m) or the
// end of the drain (30 s).
func TestServe_StandaloneClientGoneCancelsItsBackendCall(t *testing.T) {
	home, env := serveHome(t)
	exe, _ := os.Executable()
	cfgPath := filepath.Join(home, "config.json")
	mark := filepath.Join(home, "sleep")
	cfg, _ := json.Marshal(map[string]any{
		"mcpServers": map[string]any{"fake": map[string]any{"command": exe, "env": map[string]string{"SWITCHBOARD_FAKE_BACKEND": "normal", "FAKE_SLEEP_MARK": mark}}},
		"settings":   map[string]any{"callTimeout": "5m", "executeTimeout": "5m"},
	})
	os.WriteFile(cfgPath, cfg, 0o600)
	cmd := exec.Command(exe, "serve", "--standalone", "--config", cfgPath)
	cmd.Env = env
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill() })
	lines := bufio.NewScanner(out)
	io.WriteString(in, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n")
	if !lines.Scan() || !strings.Contains(lines.Text(), `"id":1,"result"`) {
		t.Fatalf("initialize: %q", lines.Text())
	}
	io.WriteString(in, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
	io.WriteString(in, `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"execute","arguments":{"script":"return await fake.sleep({ms: 240000})"}}}`+"\n")
	waitForFile(t, mark+".started", "the backend call to start")
	in.Close()
	out.Close() // the client is gone
	waitForFile(t, mark+".cancelled", "the backend call to be cancelled after its client exited (callTimeout is 5 m)")
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	select {
	case <-exited:
	case <-time.After(20 * time.Second):
		t.Fatal("serve --standalone still runs 20 s after its client exited")
	}
}

// waitForFile waits up to 20 s for file to exist.
func waitForFile(t *testing.T, file, what string) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(file); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited 20 s for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
