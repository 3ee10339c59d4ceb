package cli

import (
	"bufio"
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestServe_MalformedLineGetsAParseErrorAndTheSessionGoesOn runs serve on
// a stdin whose first line is not JSON: it answers -32700 and still
// answers the ping after it, then ends normally at the end of input.
func TestServe_MalformedLineGetsAParseErrorAndTheSessionGoesOn(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_CACHE_HOME": filepath.Join(home, ".cache"), "XDG_STATE_HOME": filepath.Join(home, ".state")}
	cfg := filepath.Join(home, "config.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {"never-started": {"command": "/nonexistent"}}}`), 0o600)
	stdin, toServe := io.Pipe()
	fromServe, stdout := io.Pipe()
	e := &Env{
		Args:   []string{"serve", "--standalone", "--config", cfg}, // --standalone: this mode, accepted
		Stdin:  stdin,
		Stdout: stdout, Stderr: &bytes.Buffer{},
		Getenv:     func(k string) string { return env[k] },
		LookupEnv:  func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Environ:    func() []string { return nil },
		Dir:        t.TempDir(),
		Executable: "/nonexistent",
	}
	code := make(chan int, 1)
	go func() { code <- Main(context.Background(), e) }()
	go io.WriteString(toServe, "not json at all\n"+
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`+"\n"+
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n"+
		`{"jsonrpc":"2.0","id":2,"method":"ping"}`+"\n")
	var lines []string
	sc := bufio.NewScanner(fromServe)
	for sc.Scan() {
		lines = append(lines, sc.Text())
		if strings.Contains(sc.Text(), `"id":2`) {
			break
		}
	}
	toServe.Close() // the client goes away
	go io.Copy(io.Discard, fromServe)
	if c := <-code; c != 0 {
		t.Fatalf("serve exited %d; stderr:\n%s", c, e.Stderr)
	}
	got := strings.Join(lines, "\n")
	for _, want := range []string{`"code":-32700`, `"id":null`, `"id":1,"result"`, `"id":2,"result":{}`} {
		if !strings.Contains(got, want) {
			t.Errorf("stdout lacks %s:\n%s", want, got)
		}
	}
}

// A sandbox worker runs on one processor unless the user set GOMAXPROCS.
func TestTuneWorkerProcs(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(before)
	runtime.GOMAXPROCS(2)
	tuneWorkerProcs(&Env{Getenv: func(string) string { return "" }})
	if n := runtime.GOMAXPROCS(0); n != workerProcs {
		t.Errorf("GOMAXPROCS = %d, want %d", n, workerProcs)
	}
	runtime.GOMAXPROCS(2)
	tuneWorkerProcs(&Env{Getenv: func(k string) string {
		if k == "GOMAXPROCS" {
			return "2"
		}
		return ""
	}})
	if n := runtime.GOMAXPROCS(0); n != 2 {
		t.Errorf("GOMAXPROCS = %d with GOMAXPROCS=2 set, want 2", n)
	}
}

// The daemon runs on one processor on a machine of at most two, unless
// the user set GOMAXPROCS; on a larger one it keeps Go's default.
func TestTuneRelayProcs(t *testing.T) {
	before := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(before)
	unset := &Env{Getenv: func(string) string { return "" }}
	for _, c := range []struct{ procs, want int }{{1, 1}, {2, relayProcs}, {3, 3}, {8, 8}} {
		runtime.GOMAXPROCS(c.procs)
		tuneRelayProcs(unset)
		if n := runtime.GOMAXPROCS(0); n != c.want {
			t.Errorf("with %d processors: GOMAXPROCS = %d, want %d", c.procs, n, c.want)
		}
	}
	runtime.GOMAXPROCS(2)
	tuneRelayProcs(&Env{Getenv: func(k string) string {
		if k == "GOMAXPROCS" {
			return "2"
		}
		return ""
	}})
	if n := runtime.GOMAXPROCS(0); n != 2 {
		t.Errorf("GOMAXPROCS = %d with GOMAXPROCS=2 set, want 2", n)
	}
}
