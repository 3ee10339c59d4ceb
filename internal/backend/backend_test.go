package backend

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/backend/fakebackend"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

func resultText(t testing.TB, res *mcp.CallToolResult) string {
	t.Helper()
	if len(res.Content) != 1 {
		t.Fatalf("result has %d content items, want 1", len(res.Content))
	}
	tc, ok := res.Content[0].(*mcp.TextContent)
	if !ok {
		t.Fatalf("result content is %T, want text", res.Content[0])
	}
	return tc.Text
}

func call(t testing.TB, b *Backend, tool, args string) string {
	t.Helper()
	res, err := b.CallTool(context.Background(), tool, json.RawMessage(args))
	if err != nil {
		t.Fatal(err)
	}
	return resultText(t, res)
}

func TestStart_KeepsHandshakeInfo(t *testing.T) {
	b := startFake(t, "normal", nil)
	info := b.Info()
	if info.ServerName != "fake" || info.ServerVersion != "1.2.3" {
		t.Errorf("server info = %q %q, want fake 1.2.3", info.ServerName, info.ServerVersion)
	}
	if info.Instructions != "a fake backend for tests" {
		t.Errorf("instructions = %q", info.Instructions)
	}
	if info.ProtocolVersion == "" || info.Capabilities == nil || info.Capabilities.Tools == nil {
		t.Errorf("protocol %q, capabilities %+v: want a version and tools", info.ProtocolVersion, info.Capabilities)
	}
	if pid := call(t, b, "pid", ""); pid != strconv.Itoa(info.Pid) {
		t.Errorf("Info().Pid = %d, backend says %s", info.Pid, pid)
	}
	if info.HandshakeTime <= 0 || info.Started.IsZero() {
		t.Errorf("handshake time %v, started %v", info.HandshakeTime, info.Started)
	}
}

func TestCallTool_EmptyArgumentsGoOutAsObject(t *testing.T) {
	b := startFake(t, "normal", nil)
	for _, tc := range []struct{ args, want string }{
		{"", "{}"},
		{"null", "{}"},
		{" null\n", "{}"},
		{`{"a":1}`, `{"a":1}`},
	} {
		if got := call(t, b, "echo", tc.args); got != tc.want {
			t.Errorf("args %q arrived as %q, want %q", tc.args, got, tc.want)
		}
	}
	if _, err := b.CallTool(context.Background(), "echo", json.RawMessage(`[1]`)); err == nil {
		t.Error("array arguments: no error")
	}
}

func TestListTools_AllTools(t *testing.T) {
	b := startFake(t, "normal", nil)
	tools, err := b.ListTools(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range tools {
		names = append(names, tool.Name)
	}
	if len(tools) != 14 || !strings.Contains(strings.Join(names, ","), "echo") {
		t.Errorf("tools = %v, want the 14 fake tools", names)
	}
	for name, list := range map[string]func(context.Context) (int, error){
		"resources": func(ctx context.Context) (int, error) { r, err := b.ListResources(ctx); return len(r), err },
		"prompts":   func(ctx context.Context) (int, error) { p, err := b.ListPrompts(ctx); return len(p), err },
	} {
		if n, err := list(context.Background()); n != 0 || err != nil {
			t.Errorf("%s without the capability: %d, %v; want none, no error", name, n, err)
		}
	}
}

func TestCallTool_JunkOnStdoutIsDroppedAndLogged(t *testing.T) {
	dir := t.TempDir()
	b := startFake(t, "junk", &Options{LogDir: dir})
	if got := call(t, b, "junk", ""); got != "ok after junk" {
		t.Errorf("junk call = %q", got)
	}
	if got := call(t, b, "echo", `{"next":true}`); got != `{"next":true}` {
		t.Errorf("call after junk = %q", got)
	}
	b.Close()
	log, err := os.ReadFile(filepath.Join(dir, "fake.log"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"this is not json", `{"jsonrpc":`, "serving in mode junk"} {
		if !strings.Contains(string(log), want) {
			t.Errorf("log file lacks %q:\n%s", want, log)
		}
	}
}

// A backend that keeps writing junk to stdout fills its own log file
// (rotated), not ours: the warning is logged for the 1st, 10th, 100th...
// line, with the count.
func TestCallTool_JunkFloodIsNotLoggedPerLine(t *testing.T) {
	var buf logtest.Buffer
	b := startFake(t, "junk", &Options{LogDir: t.TempDir(), Logger: slog.New(slog.NewTextHandler(&buf, nil))})
	for range 60 { // 2 lines at start, 2 a call: 122
		if got := call(t, b, "junk", ""); got != "ok after junk" {
			t.Fatalf("junk call = %q", got)
		}
	}
	b.Close()
	warns := strings.Count(buf.String(), "backend wrote junk to stdout")
	if warns != 3 || !strings.Contains(buf.String(), "lines=100") {
		t.Errorf("%d warnings for 122 junk lines, want 3 (1st, 10th, 100th):\n%s", warns, buf.String())
	}
}

func TestWarnAt(t *testing.T) {
	var got []int
	for n := 1; n <= 2000; n++ {
		if warnAt(n) {
			got = append(got, n)
		}
	}
	if want := []int{1, 10, 100, 1000}; !slices.Equal(got, want) {
		t.Errorf("warned at %v, want %v", got, want)
	}
}

func TestCallTool_LargeResult(t *testing.T) {
	b := startFake(t, "normal", nil)
	if got := call(t, b, "big", ""); len(got) != 5<<20 {
		t.Errorf("big result has %d bytes, want %d", len(got), 5<<20)
	}
	if got := call(t, b, "echo", `{"big":"`+strings.Repeat("y", 3<<20)+`"}`); len(got) != 3<<20+10 {
		t.Errorf("big argument echoed with %d bytes", len(got))
	}
}

func TestCallTool_CrashFailsAtOnceWithStderrTail(t *testing.T) {
	exits := make(chan error, 2)
	b := startFake(t, "normal", &Options{OnExit: func(err error) { exits <- err }})
	began := time.Now()
	_, err := b.CallTool(context.Background(), "crash", nil)
	took := time.Since(began)
	if err == nil {
		t.Fatal("crash: no error")
	}
	if !errors.Is(err, ErrExited) {
		t.Errorf("error does not wrap ErrExited: %v", err)
	}
	for _, want := range []string{`backend "fake" exited`, "exit status 3", "something broke", "goodbye"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error lacks %q: %v", want, err)
		}
	}
	if took > time.Second {
		t.Errorf("crash reported after %v, want at once", took)
	}
	<-b.Done()
	if err := <-exits; !errors.Is(err, ErrExited) {
		t.Errorf("OnExit(%v), want ErrExited", err)
	}
	if _, err := b.CallTool(context.Background(), "echo", nil); !errors.Is(err, ErrExited) {
		t.Errorf("call after crash: %v, want ErrExited", err)
	}
	if len(exits) != 0 {
		t.Error("OnExit called twice")
	}
}

func TestCallTool_TimeoutCancelsAndKeepsBackend(t *testing.T) {
	b := startFake(t, "normal", nil)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := b.CallTool(ctx, "sleep", json.RawMessage(`{"ms":60000}`))
	if !errors.Is(err, context.DeadlineExceeded) || strings.Contains(err.Error(), "fake.sleep") {
		t.Errorf("timed-out call: %v, want DeadlineExceeded without a server.tool prefix (the server adds it)", err)
	}
	if got := call(t, b, "echo", `{}`); got != "{}" {
		t.Errorf("call after timeout = %q", got)
	}
}

func TestStart_Errors(t *testing.T) {
	for _, tc := range []struct {
		name  string
		spec  func(*config.Server)
		ctx   time.Duration
		wants []string
	}{
		{"command not found", func(s *config.Server) { s.Command = "no-such-command-xyz" }, 0,
			[]string{`"fake"`, "no-such-command-xyz", "not found in PATH"}},
		{"exits before handshake", func(s *config.Server) { s.Env[fakebackend.Env] = "fail" }, 0,
			[]string{`"fake"`, "exited during handshake", "exit status 2", "missing API key"}},
		{"no handshake in time", func(s *config.Server) { s.Env[fakebackend.Env] = "mute" }, slow(300 * time.Millisecond),
			[]string{`"fake"`, "no handshake after", "deadline exceeded", "thinking"}},
		{"missing variable", func(s *config.Server) { s.Env["TOKEN"] = "${env:NO_SUCH_VAR}" }, 0,
			[]string{`"fake"`, "NO_SUCH_VAR is not set"}},
		{"unknown type", func(s *config.Server) { s.Type = "carrier-pigeon" }, 0,
			[]string{`"fake"`, "carrier-pigeon"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := fakeSpec(t, "normal")
			tc.spec(spec)
			ctx := context.Background()
			if tc.ctx > 0 {
				var cancel context.CancelFunc
				ctx, cancel = context.WithTimeout(ctx, tc.ctx)
				defer cancel()
			}
			b, err := Start(ctx, spec, &Options{Env: os.Environ()})
			if err == nil {
				b.Close()
				t.Fatal("no error")
			}
			for _, want := range tc.wants {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error lacks %q: %v", want, err)
				}
			}
		})
	}
}

func TestStart_MinimalEnvironment(t *testing.T) {
	ours := []string{"PATH=" + os.Getenv("PATH"), "HOME=/home/x", "LC_ALL=C", "AWS_SECRET_ACCESS_KEY=leak", "TOKEN=t0k"}
	getenv := func(k string) (string, bool) {
		for _, kv := range ours {
			if name, v, _ := strings.Cut(kv, "="); name == k {
				return v, true
			}
		}
		return "", false
	}
	spec := fakeSpec(t, "normal")
	spec.Env["API_TOKEN"] = "${env:TOKEN}"
	spec.Env["HOME"] = "/declared"
	b, err := Start(context.Background(), spec, &Options{Env: ours, Resolver: config.Resolver{Getenv: getenv}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	env := strings.Split(call(t, b, "env", ""), "\n")
	want := []string{"PATH=" + os.Getenv("PATH"), "LC_ALL=C", "API_TOKEN=t0k", "HOME=/declared", fakebackend.Env + "=normal"}
	for _, w := range want {
		if !contains(env, w) {
			t.Errorf("backend environment lacks %q: %q", w, env)
		}
	}
	for _, kv := range env {
		if strings.HasPrefix(kv, "AWS_") || strings.HasPrefix(kv, "TOKEN=") || kv == "HOME=/home/x" {
			t.Errorf("backend environment has %q", kv)
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestOnToolsChanged(t *testing.T) {
	changed := make(chan struct{}, 1)
	b := startFake(t, "normal", &Options{OnToolsChanged: func() {
		select {
		case changed <- struct{}{}:
		default:
		}
	}})
	call(t, b, "touch", "")
	select {
	case <-changed:
	case <-time.After(5 * time.Second):
		t.Fatal("no tools/list_changed within 5s")
	}
}

func TestClose_QuickForWellBehavedBackend(t *testing.T) {
	exits := make(chan error, 1)
	b := startFake(t, "normal", &Options{OnExit: func(err error) { exits <- err }})
	b.Close()
	if raceEnabled {
		t.Log("not checking the exit status: a race-instrumented backend exits too slowly to beat SIGTERM")
	} else if st := b.proc.exitStatus(); st != "exit status 0" {
		t.Errorf("backend ended with %q; one that exits on stdin EOF needs no signal", st)
	}
	if err := <-exits; err != nil {
		t.Errorf("OnExit(%v) after Close, want nil", err)
	}
	if _, err := b.CallTool(context.Background(), "echo", nil); !errors.Is(err, ErrClosed) {
		t.Errorf("call after Close: %v, want ErrClosed", err)
	}
	b.Close() // idempotent
}

// TestStart_StdioProtocol: a stdio backend is asked for 2025-11-25 (a
// stdio connection is a session anyway, and the stateless revision's
// per-request _meta costs on every call); one that refuses it is started
// again and speaks the newest; a pinned version is asked for as it is.
func TestStart_StdioProtocol(t *testing.T) {
	if v := startFake(t, "normal", nil).Info().ProtocolVersion; v != "2025-11-25" {
		t.Errorf("normal backend: protocol %q, want 2025-11-25", v)
	}
	b := startFake(t, "stateless", nil)
	if v := b.Info().ProtocolVersion; v != "2026-07-28" {
		t.Errorf("stateless-only backend: protocol %q, want 2026-07-28", v)
	}
	if got := call(t, b, "echo", `{"a":1}`); got != `{"a":1}` {
		t.Errorf("stateless-only backend: echo = %s", got)
	}
	if v := startFake(t, "stateless", &Options{ProtocolVersion: "2025-06-18"}).Info().ProtocolVersion; v != "2026-07-28" {
		t.Errorf("stateless-only backend pinned to an older revision it spoke before: protocol %q, want 2026-07-28", v)
	}
	if v := startFake(t, "normal", &Options{ProtocolVersion: "2026-07-28"}).Info().ProtocolVersion; v != "2026-07-28" {
		t.Errorf("pinned 2026-07-28: protocol %q", v)
	}
}

// Round forty-three, held: a stdio backend asked for 2026-07-28 because
// it spoke it last time (its server/discover said so, and the catalog
// keeps the version) and that refuses it now (downgraded, or its discover
// lied) still starts: the SDK falls back to initialize, and the backend
// speaks 2025-11-25.
func TestStart_StdioBackendRefusingARememberedStatelessRevisionStartsAgain(t *testing.T) {
	if v := startFake(t, "legacy", nil).Info().ProtocolVersion; v != "2025-11-25" {
		t.Errorf("legacy backend: protocol %q, want 2025-11-25", v)
	}
	b := startFake(t, "legacy", &Options{ProtocolVersion: "2026-07-28"})
	if v := b.Info().ProtocolVersion; v != "2025-11-25" {
		t.Errorf("legacy backend asked for 2026-07-28 it spoke before: protocol %q, want 2025-11-25", v)
	}
	if got := call(t, b, "echo", `{"a":1}`); got != `{"a":1}` {
		t.Errorf("legacy backend: echo = %s", got)
	}
}

func TestComplete_AskedOnlyWhenAnnounced(t *testing.T) {
	ctx := context.Background()
	p := &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "greet"}, Argument: mcp.CompleteParamsArgument{Name: "who", Value: "al"}}
	res, err := startFake(t, "complete", nil).Complete(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	if got := res.Completion.Values; len(got) != 1 || got[0] != "who=al ref/prompt greet" {
		t.Errorf("values %q: want the backend's answer", got)
	}
	res, err = startFake(t, "serve", nil).Complete(ctx, p)
	if err != nil || res.Completion.Values == nil || len(res.Completion.Values) != 0 {
		t.Errorf("a backend without completions: %+v, %v; want no values and no request", res, err)
	}
}

// The enum schemas of the specification's elicitation reach the handler
// whole: the SDK's client checks them before it, and refuses some forms
// a TypeScript client takes (test/conformance/server-passthrough-sdk-baseline.yml).
func TestElicit_SpecEnumSchemas(t *testing.T) {
	var got map[string]any
	b := startFake(t, "serve", &Options{Elicit: func(_ context.Context, r *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		got, _ = r.Params.RequestedSchema.(map[string]any)
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"untitled": "a", "titledMulti": []any{"a", "b"}}}, nil
	}})
	res, err := b.CallTool(context.Background(), "elicit-enums", json.RawMessage(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if res.IsError || !strings.HasPrefix(text, "accept ") || !strings.Contains(text, `"titledMulti":["a","b"]`) {
		t.Fatalf("result %q (isError %v): want the answer back at the backend", text, res.IsError)
	}
	props, _ := got["properties"].(map[string]any)
	if len(props) != 5 {
		t.Errorf("schema properties %v: want all five enum forms", props)
	}
}

// A backend's error answer had its message redacted of the config's
// secrets, but its data passed on as it came: the server relays a
// completion's, read's or prompt's error data to the client (its
// JSON-RPC code and data are kept), so a backend echoing its token or
// our Authorization header there reached the client.
func TestComplete_ErrorDataRedacted(t *testing.T) {
	const token = "c0mplete-t0ken-value"
	spec := fakeSpec(t, "complete")
	spec.Env["FAKE_TOKEN"] = token
	b, err := Start(context.Background(), spec, &Options{Env: os.Environ(), Reaper: reaper(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	_, err = b.Complete(context.Background(), &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "greet"}, Argument: mcp.CompleteParamsArgument{Name: "leak"}})
	var we *jsonrpc.Error
	if !errors.As(err, &we) || we.Code != jsonrpc.CodeInvalidParams {
		t.Fatalf("error %v: want the backend's JSON-RPC error, its code kept", err)
	}
	if strings.Contains(err.Error(), token) {
		t.Errorf("the message leaks the token: %v", err)
	}
	if strings.Contains(string(we.Data), token) || !strings.Contains(string(we.Data), `"token":"***"`) {
		t.Errorf("the error's data %s: want the token masked, the rest kept", we.Data)
	}
}
