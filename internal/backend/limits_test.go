package backend

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// endless is a reader of endless 'x' bytes that counts what was read.
type endless struct{ n int64 }

func (e *endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = 'x'
	}
	e.n += int64(len(p))
	return len(p), nil
}

func TestLineTransport_LineWithoutNewlineIsNotBufferedPastMax(t *testing.T) {
	const max = 1 << 20
	for _, tc := range []struct {
		name string
		r    io.Reader
	}{
		{"endless line", &endless{}},
		{"one JSON line over max", strings.NewReader(`{"jsonrpc":"2.0","id":1,"result":{"s":"` + strings.Repeat("a", 2*max) + `"}}` + "\n")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var overs int
			tr := &lineTransport{r: tc.r, w: nopWriteCloser{io.Discard}, max: max, over: func(n int64) error {
				overs++
				return tooLargeError("f", "", n, max)
			}}
			c, _ := tr.Connect(context.Background())
			defer c.Close()
			_, err := c.Read(context.Background())
			if !errors.Is(err, ErrMessageTooLarge) {
				t.Fatalf("Read: %v, want ErrMessageTooLarge", err)
			}
			if overs != 1 {
				t.Errorf("over called %d times, want once", overs)
			}
			if e, ok := tc.r.(*endless); ok && e.n > max+2*readBufSize {
				t.Errorf("read %d bytes of an endless line with a %d-byte limit", e.n, max)
			}
		})
	}
}

func TestLineTransport_MessageAtTheLimitPasses(t *testing.T) {
	msg := `{"jsonrpc":"2.0","id":1,"result":{"s":"` + strings.Repeat("a", 200<<10) + `"}}`
	tr := &lineTransport{r: strings.NewReader(msg + "\n" + msg + "\n"), w: nopWriteCloser{io.Discard}, max: int64(len(msg))}
	c, _ := tr.Connect(context.Background())
	defer c.Close()
	for i := range 2 {
		if _, err := c.Read(context.Background()); err != nil {
			t.Fatalf("message %d of exactly max bytes: %v", i, err)
		}
	}
}

func TestCallTool_FloodWithoutNewlineStopsBackend(t *testing.T) {
	b := startFake(t, "normal", &Options{MaxMessageBytes: 1 << 20})
	began := time.Now()
	_, err := b.CallTool(context.Background(), "flood", []byte(`{"bytes":2147483648}`))
	if !errors.Is(err, ErrMessageTooLarge) || !errors.Is(err, ErrExited) {
		t.Fatalf("flood: %v, want ErrMessageTooLarge and ErrExited", err)
	}
	for _, want := range []string{`backend "fake"`, "more than 1 MiB", "maxMessageBytes", "the next call starts it again"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
	select {
	case <-b.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("backend still running 5s after the flood")
	}
	if took := time.Since(began); took > 5*time.Second {
		t.Errorf("flood took %v to fail", took)
	}
	if _, err := b.CallTool(context.Background(), "echo", nil); !errors.Is(err, ErrMessageTooLarge) {
		t.Errorf("call after the flood: %v, want the flood's error", err)
	}
}

func TestStart_FloodDuringHandshakeFailsTheStart(t *testing.T) {
	spec := fakeSpec(t, "flood")
	spec.Env["FAKE_FLOOD"] = "100000000"
	_, err := Start(context.Background(), spec, &Options{Env: os.Environ(), MaxMessageBytes: 1 << 20, Reaper: reaper(t)})
	var se *StartError
	if !errors.As(err, &se) || !errors.Is(err, ErrMessageTooLarge) {
		t.Fatalf("start: %v, want a StartError wrapping ErrMessageTooLarge", err)
	}
	if !strings.Contains(se.Reason, "more than 1 MiB") {
		t.Errorf("reason %q does not give the limit", se.Reason)
	}
}

func TestStart_ErrorHasFirstUsefulStderrLine(t *testing.T) {
	_, err := Start(context.Background(), fakeSpec(t, "noisy"), &Options{Env: os.Environ(), Reaper: reaper(t)})
	var se *StartError
	if !errors.As(err, &se) {
		t.Fatalf("start: %T %v, want *StartError", err, err)
	}
	if se.Server != "fake" || se.Phase != PhaseHandshake || se.Stderr != "Error: Cannot find module '/x/dist/index.js'" {
		t.Errorf("StartError{Server %q, Phase %q, Stderr %q}", se.Server, se.Phase, se.Stderr)
	}
	if !strings.Contains(se.Reason, "exited during handshake (exit status 1)") {
		t.Errorf("reason = %q", se.Reason)
	}
	if first, _, _ := strings.Cut(err.Error(), "\n"); first != `backend "fake" failed to start: exited during handshake (exit status 1): Error: Cannot find module '/x/dist/index.js'` {
		t.Errorf("first line of the error = %q", first)
	}
}

func TestFirstUsefulLine(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"\n\n  \n", ""},
		{"npm WARN deprecated x@1\nnpm notice update\nboom: no key\n", "boom: no key"},
		{"Traceback (most recent call last):\n  File \"x.py\", line 3, in <module>\n    main()\nValueError: GITHUB_TOKEN missing\n", "ValueError: GITHUB_TOKEN missing"},
		{"(node:123) ExperimentalWarning: x\n(Use `node --trace-warnings ...` to show where)\nError: listen EADDRINUSE\n    at Server.listen (node:net:1)\n", "Error: listen EADDRINUSE"},
		{"goroutine 1 [running]:\n\tmain.main()\npanic: bad\n", "panic: bad"},
	} {
		if got := firstUsefulLine(tc.in); got != tc.want {
			t.Errorf("firstUsefulLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestSecrets_RedactedFromStartErrorTailAndLog(t *testing.T) {
	const token = "tok-S3CRET-123456"
	dir := t.TempDir()
	spec := fakeSpec(t, "leak")
	spec.Env["FAKE_TOKEN"] = "${env:MY_TOKEN}"
	secretFile := filepath.Join(dir, "secret")
	if err := os.WriteFile(secretFile, []byte("f1le-secret-value\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	spec.Args = []string{"--token=${file:" + secretFile + "}"}
	res := config.Resolver{
		Home:     dir,
		Getenv:   func(k string) (string, bool) { return token, k == "MY_TOKEN" },
		ReadFile: func(string) ([]byte, error) { return []byte("f1le-secret-value\n"), nil },
	}
	_, err := Start(context.Background(), spec, &Options{Env: os.Environ(), Resolver: res, LogDir: dir, Reaper: reaper(t)})
	var se *StartError
	if !errors.As(err, &se) {
		t.Fatalf("start: %v, want *StartError", err)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "fake.log"))
	for what, text := range map[string]string{"error": err.Error(), "stderr line": se.Stderr, "tail": se.Tail, "log file": string(log)} {
		if strings.Contains(text, token) || strings.Contains(text, "f1le-secret-value") {
			t.Errorf("%s leaks a secret: %s", what, text)
		}
	}
	if !strings.Contains(se.Stderr, "token ***") {
		t.Errorf("stderr line = %q, want the token masked", se.Stderr)
	}
	if !strings.Contains(string(log), "authenticating with token ***") {
		t.Errorf("log file lacks the masked stderr line:\n%s", log)
	}
}

// A secret given literally on the command line (--api-key KEY, a DSN's
// password) is hidden where the backend echoes it, as a config's env
// values are.
func TestSecrets_ArgumentValuesRedactedWhereEchoed(t *testing.T) {
	const key, pw = "k3y-literal-value-42", "pw-4567890x" // no token shape: only the launch's own values say they are secrets
	dir := t.TempDir()
	spec := fakeSpec(t, "echoargs")
	spec.Args = []string{"--api-key", key, "--dsn", "admin:" + pw + "@tcp(db:3306)/app", "--port", "5432"}
	_, err := Start(context.Background(), spec, &Options{Env: os.Environ(), LogDir: dir, Reaper: reaper(t)})
	var se *StartError
	if !errors.As(err, &se) {
		t.Fatalf("start: %v, want *StartError", err)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "fake.log"))
	for what, text := range map[string]string{"error": err.Error(), "stderr line": se.Stderr, "tail": se.Tail, "log file": string(log)} {
		if strings.Contains(text, key) || strings.Contains(text, pw) {
			t.Errorf("%s leaks an argument's secret: %s", what, text)
		}
	}
	if !strings.Contains(string(log), "--port 5432") {
		t.Errorf("log file lost the plain arguments:\n%s", log)
	}
}

func TestSecrets_RedactedFromCrashError(t *testing.T) {
	const token = "crash-t0ken-value"
	spec := fakeSpec(t, "normal")
	spec.Env["FAKE_TOKEN"] = token
	b, err := Start(context.Background(), spec, &Options{Env: os.Environ(), Reaper: reaper(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	_, err = b.CallTool(context.Background(), "crash", nil)
	if err == nil || strings.Contains(err.Error(), token) || !strings.Contains(err.Error(), "the token was ***") {
		t.Errorf("crash error: %v, want the stderr tail with the token masked", err)
	}
	if _, err := b.CallTool(context.Background(), "echo", nil); err == nil || strings.Contains(err.Error(), token) {
		t.Errorf("call after crash: %v", err)
	}
	if tail := b.StderrTail(0); strings.Contains(tail, token) {
		t.Errorf("StderrTail leaks the token: %s", tail)
	}
}

// TestCallTool_ArgumentsNestedTooDeepStayHere: a Go MCP server (the SDK
// refuses a message nested over 1000 deep, and the demo backend, like
// github-mcp-server, then exits) was taken down by one script's call
// with arguments nested 1001 deep, failing every session's calls on it.
// Such arguments are refused before they are sent, naming the depth and
// what to do, and the backend goes on.
func TestCallTool_ArgumentsNestedTooDeepStayHere(t *testing.T) {
	b := startFake(t, "normal", nil)
	ctx := context.Background()
	deep := `{"a":` + strings.Repeat("[", 1001) + strings.Repeat("]", 1001) + `}`
	_, err := b.CallTool(ctx, "echo", json.RawMessage(deep))
	if err == nil || !strings.Contains(err.Error(), "nested more than 512 levels deep") || !strings.Contains(err.Error(), "flatter") {
		t.Fatalf("CallTool(nested 1002 deep) = %v, want an error naming the depth and what to do", err)
	}
	ok := `{"a":` + strings.Repeat("[", 500) + strings.Repeat("]", 500) + `}`
	res, err := b.CallTool(ctx, "echo", json.RawMessage(ok))
	if err != nil || res.IsError {
		t.Fatalf("CallTool(nested 501 deep) after it = %+v, %v; want the backend alive and the call made", res, err)
	}
}
