// Package interop tests the built switchboard binary against real MCP
// servers and clients from npm (installed by `make test`).
package interop

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

var (
	binPath  string
	nodeMods string
)

func TestMain(m *testing.M) {
	_, file, _, _ := runtime.Caller(0)
	here := filepath.Dir(file)
	nodeMods = filepath.Join(here, "node", "node_modules")
	dir, err := os.MkdirTemp("", "switchboard-interop")
	if err != nil {
		panic(err)
	}
	binPath = filepath.Join(dir, "switchboard")
	build := exec.Command("go", "build", "-o", binPath, "./cmd/switchboard")
	build.Dir = filepath.Join(here, "..", "..")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building switchboard: %v\n%s", err, out)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// needNode skips (with the reason) when the npm fixtures are missing.
func needNode(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("node"); err != nil {
		t.Skip("node is not installed: interop tests need Node.js")
	}
	if _, err := os.Stat(filepath.Join(nodeMods, "@modelcontextprotocol", "server-everything")); err != nil {
		t.Skip("npm fixtures missing: run `make test` (npm ci in test/interop/node) first")
	}
}

// setup writes a config with the three reference servers and returns its
// path and an environment with private XDG dirs.
func setup(t *testing.T, settings string) (cfg string, env []string, fsroot string) {
	t.Helper()
	dir := t.TempDir()
	fsroot = filepath.Join(dir, "fsroot")
	os.MkdirAll(fsroot, 0o755)
	os.WriteFile(filepath.Join(fsroot, "hello.txt"), []byte("hello from fsroot"), 0o644)
	mods := filepath.Join(nodeMods, "@modelcontextprotocol")
	c := map[string]any{"mcpServers": map[string]any{
		"everything": map[string]any{"command": "node", "args": []string{filepath.Join(mods, "server-everything", "dist", "index.js")}},
		"memory":     map[string]any{"command": "node", "args": []string{filepath.Join(mods, "server-memory", "dist", "index.js")}, "env": map[string]string{"MEMORY_FILE_PATH": filepath.Join(dir, "memory.jsonl")}},
		"filesystem": map[string]any{"command": "node", "args": []string{filepath.Join(mods, "server-filesystem", "dist", "index.js"), fsroot}},
	}}
	if settings != "" {
		var s any
		json.Unmarshal([]byte(settings), &s)
		c["settings"] = s
	}
	b, _ := json.MarshalIndent(c, "", "  ")
	cfg = filepath.Join(dir, "config.json")
	os.WriteFile(cfg, b, 0o600)
	env = privateEnv(t, dir)
	return cfg, env, fsroot
}

// privateEnv is the test's environment with every XDG directory of
// Switchboard's private to dir, the per-user daemon's socket included
// (serve relays to a daemon by default): nothing is shared with another
// test or with the machine's user. The daemon is stopped at cleanup.
func privateEnv(t *testing.T, dir string) []string {
	t.Helper()
	// A short directory: a socket path allows 107 bytes.
	run, err := os.MkdirTemp("", "sbrun")
	if err != nil {
		t.Fatal(err)
	}
	env := append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"), "XDG_STATE_HOME="+filepath.Join(dir, "state"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_RUNTIME_DIR="+run)
	t.Cleanup(func() {
		stop := exec.Command(binPath, "daemon", "stop")
		stop.Env = env
		if out, err := stop.CombinedOutput(); err != nil {
			t.Errorf("switchboard daemon stop: %v\n%s", err, out)
		}
		os.RemoveAll(run)
	})
	return env
}

func connect(t *testing.T, ctx context.Context, cfg string, env []string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(binPath, "serve", "--config", cfg)
	cmd.Env = env
	cmd.Stderr = os.Stderr
	client := mcp.NewClient(&mcp.Implementation{Name: "interop-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}, nil)
	if err != nil {
		t.Fatalf("connecting to switchboard serve: %v", err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func callText(t *testing.T, ctx context.Context, cs *mcp.ClientSession, name string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var parts []string
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, tc.Text)
		}
	}
	return strings.Join(parts, "\n"), res.IsError
}

func TestServe_ReferenceServers(t *testing.T) {
	needNode(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cfg, env, fsroot := setup(t, "")
	cs := connect(t, ctx, cfg, env)

	tools, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range tools.Tools {
		names = append(names, tl.Name)
	}
	if strings.Join(names, ",") != "execute,list_tools" {
		t.Fatalf("tools = %v, want execute and list_tools", names)
	}
	for _, tl := range tools.Tools {
		if tl.Name == "list_tools" {
			for _, s := range []string{"everything", "filesystem", "memory"} {
				if !strings.Contains(tl.Description, s) {
					t.Errorf("list_tools description lacks %s: %s", s, tl.Description)
				}
			}
		}
	}

	decl, isErr := callText(t, ctx, cs, "list_tools", map[string]any{"servers": []string{"everything"}})
	if isErr || !strings.Contains(decl, "declare namespace everything") || !strings.Contains(decl, "function get_sum(") || strings.Contains(decl, "namespace memory") {
		t.Fatalf("list_tools(everything) =\n%s", decl)
	}

	out, isErr := callText(t, ctx, cs, "execute", map[string]any{"script": `return await everything.echo({message: "ping-42"})`})
	if isErr || !strings.Contains(out, "ping-42") {
		t.Fatalf("echo = %s (isError %v)", out, isErr)
	}

	out, isErr = callText(t, ctx, cs, "execute", map[string]any{"script": fmt.Sprintf(`
		await memory.create_entities({entities: [{name: "interop", entityType: "probe", observations: ["seen"]}]});
		const [g, f, s] = await Promise.all([
			memory.open_nodes({names: ["interop"]}),
			filesystem.read_text_file({path: %q}),
			everything.get_sum({a: 2, b: 3}),
		]);
		return {g, f, s};`, filepath.Join(fsroot, "hello.txt"))})
	if isErr || !strings.Contains(out, "interop") || !strings.Contains(out, "hello from fsroot") || !strings.Contains(out, "5") {
		t.Fatalf("multi-server script = %s", out)
	}

	out, _ = callText(t, ctx, cs, "execute", map[string]any{"script": `try { await filesystem.read_text_file({path: "/nonexistent/x"}); return "no"; } catch (e) { return "caught: " + e.message }`})
	if !strings.Contains(out, "caught: ") || !strings.Contains(out, "filesystem.read_text_file") {
		t.Errorf("tool error not a catchable exception naming server and tool: %s", out)
	}

	out, isErr = callText(t, ctx, cs, "execute", map[string]any{"script": `return 1 + 1`})
	if isErr || out != "2" {
		t.Errorf("return 1+1 = %q, want exactly 2", out)
	}
	out, isErr = callText(t, ctx, cs, "execute", map[string]any{"script": `console.log("hi"); return "s"`})
	if isErr || out != "\"s\"\nconsole output:\nhi\n" && out != "\"s\"\nconsole output:\nhi" {
		t.Errorf("logged script = %q", out)
	}

	start := time.Now()
	out, isErr = callText(t, ctx, cs, "execute", map[string]any{"script": `while (true) {}`, "timeout_ms": 1000})
	if !isErr || time.Since(start) > 10*time.Second {
		t.Errorf("runaway loop: isError %v after %v: %s", isErr, time.Since(start), out)
	}
	out, _ = callText(t, ctx, cs, "execute", map[string]any{"script": `return 40 + 2`})
	if out != "42" {
		t.Errorf("server unhealthy after a runaway script: %q", out)
	}

	// The catalog persisted everything's tools, resources and prompts.
	var cacheDir string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "XDG_CACHE_HOME="); ok {
			cacheDir = v
		}
	}
	// One catalog directory per set of relayed client capabilities
	// (catalog, catalog-caps<N>): this client declares roots.
	files, _ := filepath.Glob(filepath.Join(cacheDir, "switchboard", "catalog*", "everything-*.json"))
	if len(files) != 1 {
		t.Fatalf("catalog cache files for everything: %v", files)
	}
	b, _ := os.ReadFile(files[0])
	var cached struct {
		Listing struct {
			Tools, Resources, Prompts []json.RawMessage
		}
	}
	if err := json.Unmarshal(b, &cached); err != nil || len(cached.Listing.Tools) == 0 || len(cached.Listing.Resources) == 0 || len(cached.Listing.Prompts) == 0 {
		t.Errorf("cached listing of everything: %d tools, %d resources, %d prompts (%v)", len(cached.Listing.Tools), len(cached.Listing.Resources), len(cached.Listing.Prompts), err)
	}
}

func TestServe_TypeScriptClient(t *testing.T) {
	needNode(t)
	cfg, env, _ := setup(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(filepath.Dir(nodeMods), "client.mjs"), binPath, cfg)
	cmd.Env = env
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("TS client: %v\n%s", err, out)
	}
	var got struct {
		Tools        []string `json:"tools"`
		HasNamespace bool     `json:"hasNamespace"`
		Result       string   `json:"result"`
		IsError      bool     `json:"isError"`
		Cancelled    bool     `json:"cancelled"`
		After        string   `json:"after"`
		ClientErrors []string `json:"clientErrors"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("TS client output %q: %v", out, err)
	}
	if strings.Join(got.Tools, ",") != "execute,list_tools" || !got.HasNamespace || got.IsError || !strings.Contains(got.Result, "42") {
		t.Errorf("TS client saw %+v", got)
	}
	// A cancelled call gets no answer (the SDK reported the one it got as
	// an error: a response for an unknown message ID), and the session
	// goes on.
	if !got.Cancelled || got.After != "2" || len(got.ClientErrors) > 0 {
		t.Errorf("cancelling a script: cancelled %v, next script %q, client errors %q", got.Cancelled, got.After, got.ClientErrors)
	}
}

// TestServe_InspectorCLI drives switchboard with the MCP Inspector's CLI
// mode (@modelcontextprotocol/inspector 0.15.0), another real client.
func TestServe_InspectorCLI(t *testing.T) {
	needNode(t)
	cli := filepath.Join(nodeMods, ".bin", "mcp-inspector-cli")
	if _, err := os.Stat(cli); err != nil {
		t.Skip("npm fixtures lack @modelcontextprotocol/inspector: run `make test` (npm ci in test/interop/node)")
	}
	cfg, env, _ := setup(t, "")
	// The inspector takes --config for itself: put ours where serve looks
	// by default ($XDG_CONFIG_HOME/switchboard/config.json).
	b, _ := os.ReadFile(cfg)
	user := filepath.Join(filepath.Dir(cfg), "config", "switchboard", "config.json")
	os.MkdirAll(filepath.Dir(user), 0o755)
	if err := os.WriteFile(user, b, 0o600); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) string {
		ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
		defer cancel()
		// The inspector passes only a default environment to its server:
		// hand it the test's private XDG directories explicitly.
		argv := []string{"--cli"}
		for _, kv := range env {
			if strings.HasPrefix(kv, "XDG_") {
				argv = append(argv, "-e", kv)
			}
		}
		argv = append(argv, binPath, "serve")
		cmd := exec.CommandContext(ctx, cli, append(argv, args...)...)
		cmd.Env = env
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("inspector %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	var list struct{ Tools []struct{ Name string } }
	if out := run("--method", "tools/list"); json.Unmarshal([]byte(out), &list) != nil || len(list.Tools) != 2 {
		t.Fatalf("inspector tools/list: %s", out)
	}
	var res struct {
		Content []struct{ Text string }
		IsError bool
	}
	out := run("--method", "tools/call", "--tool-name", "execute", "--tool-arg", "script=return (await everything.get_sum({a: 40, b: 2}))")
	if json.Unmarshal([]byte(out), &res) != nil || res.IsError || len(res.Content) == 0 || !strings.Contains(res.Content[0].Text, "42") {
		t.Errorf("inspector execute: %s", out)
	}
}

// TestServe_ReturnChannel: a TypeScript SDK client that declares
// sampling, elicitation and roots sees as many server-everything tools
// through Switchboard as directly; its sampling and elicitation answers
// reach the backend (and only from the session whose call caused the
// request), progress and backend log messages arrive, and the confirm
// setting asks before get-sum runs (a client without elicitation is
// refused).
func TestServe_ReturnChannel(t *testing.T) {
	needNode(t)
	cfg, env, _ := setup(t, `{"confirm": ["get-sum"]}`)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	everything := filepath.Join(nodeMods, "@modelcontextprotocol", "server-everything", "dist", "index.js")
	cmd := exec.CommandContext(ctx, "node", filepath.Join(filepath.Dir(nodeMods), "channel.mjs"), binPath, cfg, everything)
	cmd.Env = env
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("TS client: %v\n%s", err, out)
	}
	type counts struct{ Sampling, Elicit, Roots, Logs int }
	var got struct {
		DirectTools int
		Declared    string
		Sampling    string
		ElicitB     string
		Long        string
		Progress    int
		BackendLogs int
		Confirmed   string
		Refused     string
		Counts      struct{ A, B, C counts }
		// Completions of a prompt's arguments, directly and through
		// Switchboard (the second with the first argument as context).
		CompleteDirect, CompleteDept, CompleteName []string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("TS client output %q: %v", out, err)
	}
	t.Logf("%s", out)
	if got.Declared != fmt.Sprint(got.DirectTools) {
		t.Errorf("%s tools through switchboard, %d direct", got.Declared, got.DirectTools)
	}
	if !strings.Contains(got.Sampling, "sampled-by-a") || got.Counts.A.Sampling != 1 || got.Counts.B.Sampling != 0 {
		t.Errorf("sampling: %q; handler calls a %d, b %d", got.Sampling, got.Counts.A.Sampling, got.Counts.B.Sampling)
	}
	if !strings.Contains(got.ElicitB, "elicited-by-b") || got.Counts.B.Elicit != 1 {
		t.Errorf("elicitation from b: %q; b asked %d times", got.ElicitB, got.Counts.B.Elicit)
	}
	if got.Progress < 2 {
		t.Errorf("%d progress notifications", got.Progress)
	}
	if got.BackendLogs == 0 {
		t.Error("no backend log message reached the client")
	}
	if !strings.Contains(got.Confirmed, "3") || got.Counts.A.Elicit != 1 {
		t.Errorf("confirmed get-sum: %q; a asked %d times (want 1: the confirmation)", got.Confirmed, got.Counts.A.Elicit)
	}
	if !strings.Contains(got.Refused, "caught: everything.get-sum") || !strings.Contains(got.Refused, "elicitation") {
		t.Errorf("client without elicitation: %q", got.Refused)
	}
	if !slices.Equal(got.CompleteDept, []string{"Engineering"}) || len(got.CompleteDirect) == 0 || !slices.Equal(got.CompleteName, got.CompleteDirect) {
		t.Errorf("completions: department %q, name %q through switchboard, %q directly", got.CompleteDept, got.CompleteName, got.CompleteDirect)
	}
}
