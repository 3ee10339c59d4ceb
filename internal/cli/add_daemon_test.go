//go:build unix

package cli

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The real daemon (this test binary as `daemon run`) serving a real
// session (`serve`, relaying to it) sees what `add` and `disable` write.
func TestAdd_RunningDaemonPicksUpTheChange(t *testing.T) {
	t.Run("config exists", func(t *testing.T) { testDaemonPickup(t, true) })
	// A fresh machine: the daemon serves the demo backend, and the first
	// add creates the config directory.
	t.Run("no config yet", func(t *testing.T) { testDaemonPickup(t, false) })
}

func testDaemonPickup(t *testing.T, existing bool) {
	base, err := os.MkdirTemp("", "sba") // short: socket paths are limited
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(base)
	w := &cliWorld{t: t, home: filepath.Join(base, "h"), dir: filepath.Join(base, "p")}
	w.env = map[string]string{
		"HOME":            w.home,
		"XDG_CONFIG_HOME": filepath.Join(w.home, ".config"),
		"XDG_CACHE_HOME":  filepath.Join(w.home, "k"),
		"XDG_STATE_HOME":  filepath.Join(w.home, "s"),
	}
	os.MkdirAll(w.dir, 0o700)
	if existing {
		w.write(w.user(), `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	}
	exe, _ := os.Executable()
	var childEnv []string
	for k, v := range w.env {
		childEnv = append(childEnv, k+"="+v)
	}
	childEnv = append(childEnv, "SWITCHBOARD_TEST_MAIN=1", "PATH="+os.Getenv("PATH"))

	d := exec.Command(exe, "daemon", "run")
	d.Env = childEnv
	os.MkdirAll(filepath.Join(w.env["XDG_STATE_HOME"], "switchboard"), 0o700)
	logf, _ := os.Create(filepath.Join(w.env["XDG_STATE_HOME"], "switchboard", "daemon.log"))
	defer logf.Close()
	d.Stderr = logf
	if err := d.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { d.Wait(); close(exited) }()
	defer func() {
		w.run("daemon", "stop")
		select {
		case <-exited:
		case <-time.After(10 * time.Second):
			d.Process.Kill()
		}
	}()

	type status struct {
		Running  bool
		Backends []struct{ Servers, Sessions []string }
	}
	waitStatus := func(what string, ok func(status) bool) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for {
			_, out, _ := w.run("daemon", "status", "--json")
			var st status
			json.Unmarshal([]byte(out), &st)
			if ok(st) {
				return
			}
			if time.Now().After(deadline) {
				b, _ := os.ReadFile(logf.Name())
				t.Fatalf("the daemon never showed %s; status %s\ndaemon log:\n%s", what, out, b)
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	waitStatus("itself", func(st status) bool { return st.Running })

	serve := exec.Command(exe, "serve")
	serve.Env, serve.Dir = childEnv, w.dir
	ctx := context.Background()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "add-test", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: serve, TerminateDuration: 2 * time.Second}, nil)
	if err != nil {
		t.Fatalf("serve: %v", err)
	}
	defer cs.Close()
	// The servers some session uses, from the hub's backends.
	servers := func(st status) []string {
		var out []string
		for _, b := range st.Backends {
			if len(b.Sessions) > 0 {
				out = append(out, b.Servers...)
			}
		}
		return out
	}
	if !existing {
		waitStatus("the session with the demo", func(st status) bool { return slices.Contains(servers(st), "demo") })
		w.mustRun("add", "a", "--", "a-cmd")
	}
	waitStatus("the session with server a", func(st status) bool { return slices.Contains(servers(st), "a") })

	w.mustRun("add", "b", "--", "b-cmd")
	waitStatus("the added server b", func(st status) bool { return slices.Contains(servers(st), "b") })
	w.mustRun("remove", "a")
	waitStatus("server a removed", func(st status) bool { s := servers(st); return s != nil && !slices.Contains(s, "a") })
}
