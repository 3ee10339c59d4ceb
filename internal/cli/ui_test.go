//go:build unix

package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/ui"
)

// uiWorld is a daemon in private XDG dirs with one replayed backend
// ("notes", test/replay over a corpus file the test rewrites).
type uiWorld struct {
	t      *testing.T
	home   string
	env    map[string]string
	corpus string
}

func newUIWorld(t *testing.T) *uiWorld {
	home, err := os.MkdirTemp("", "sbui") // short: socket paths are limited
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	w := &uiWorld{t: t, home: home, corpus: filepath.Join(home, "notes.json"), env: map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "cfg"), "XDG_CACHE_HOME": filepath.Join(home, "cache"),
		"XDG_STATE_HOME": filepath.Join(home, "st"), "XDG_RUNTIME_DIR": filepath.Join(home, "rt"), "SWITCHBOARD_TEST_MAIN": "1",
		"PATH": os.Getenv("PATH"),
	}}
	for _, d := range []string{"cfg/switchboard", "rt", "w1", "w2"} {
		if err := os.MkdirAll(filepath.Join(home, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	replay := filepath.Join(home, "replay")
	build := exec.Command("go", "build", "-o", replay, "./test/replay")
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building test/replay: %v\n%s", err, out)
	}
	w.writeCorpus("Read one note by its id.")
	cfg := fmt.Sprintf(`{"mcpServers": {"notes": {"command": %q, "args": [%q], "cwd": %q, "env": {"SWITCHBOARD_TEST_MAIN": "1"}, "roles": {"list": ["untrusted"]}}}}`, replay, w.corpus, home)
	if err := os.WriteFile(filepath.Join(home, "cfg", "switchboard", "config.json"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *uiWorld) writeCorpus(readDesc string) {
	c := fmt.Sprintf(`{"server": "notes", "tools": [
		{"name": "read", "description": %q, "inputSchema": {"type": "object", "properties": {"id": {"type": "string"}}}},
		{"name": "list", "description": "List the ids of all notes.", "inputSchema": {"type": "object"}}]}`, readDesc)
	if err := os.WriteFile(w.corpus, []byte(c), 0o600); err != nil {
		w.t.Fatal(err)
	}
}

func (w *uiWorld) environ() []string {
	var out []string
	for k, v := range w.env {
		out = append(out, k+"="+v)
	}
	return out
}

// run runs a switchboard command in process.
func (w *uiWorld) run(args ...string) (string, error) {
	exe, _ := os.Executable()
	var out, errb strings.Builder
	e := &Env{
		Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv:    func(k string) string { return w.env[k] },
		LookupEnv: func(k string) (string, bool) { v, ok := w.env[k]; return v, ok },
		Environ:   w.environ, Dir: w.home, Executable: exe,
	}
	err := commands()[indexOf(args[0])].run(context.Background(), e, args[1:])
	if err != nil {
		err = fmt.Errorf("%w (stderr: %s)", err, errb.String())
	}
	return out.String(), err
}

// session connects an agent through a real bridge (`switchboard serve`
// in workspace dir) to the daemon.
func (w *uiWorld) session(name, dir string) *mcp.ClientSession {
	exe, _ := os.Executable()
	cmd := exec.Command(exe, "serve")
	cmd.Env = w.environ()
	cmd.Dir = dir
	c := mcp.NewClient(&mcp.Implementation{Name: name, Version: "1.0"}, nil)
	cs, err := c.Connect(context.Background(), &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		w.t.Fatalf("connecting %s: %v", name, err)
	}
	w.t.Cleanup(func() { cs.Close() })
	return cs
}

// execute runs a script in cs and returns its text and whether it failed.
func execute(t *testing.T, cs *mcp.ClientSession, script string) (string, bool) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": script}})
	if err != nil {
		t.Fatalf("execute %q: %v", script, err)
	}
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*mcp.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String(), res.IsError
}

// snapshot reads the page's status.json with the token.
func snapshot(t *testing.T, pageURL string) ui.Snapshot {
	t.Helper()
	u, _ := url.Parse(pageURL)
	req, _ := http.NewRequest("GET", "http://"+u.Host+"/status.json", nil)
	req.Header.Set("X-Switchboard-Token", strings.TrimPrefix(u.Fragment, "t="))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var s ui.Snapshot
	if err := json.NewDecoder(resp.Body).Decode(&s); err != nil {
		t.Fatalf("status.json: %v", err)
	}
	return s
}

// chromium finds the browser, or skips (fails under CI=true).
func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium on PATH; CI must have it (apt-get install chromium)")
	}
	t.Skip("skipping the status page's browser test: no chromium on PATH (Debian: apt-get install chromium)")
	return ""
}

// TestUI_InHeadlessChromium: two agent sessions run calls through the
// daemon; the status page, opened in headless Chromium from the URL
// `switchboard ui --no-browser` prints (which starts the daemon), shows
// the server, both sessions and the recent calls; a tool whose
// description changed shows as waiting for approval with its diff, and
// clicking Approve makes it callable in the running session.
func TestUI_InHeadlessChromium(t *testing.T) {
	browser := chromium(t)
	w := newUIWorld(t)

	out, err := w.run("ui", "--no-browser")
	if err != nil {
		t.Fatalf("switchboard ui: %v", err)
	}
	pageURL := strings.TrimSpace(out)
	t.Cleanup(func() {
		if t.Failed() {
			b, _ := os.ReadFile(filepath.Join(w.env["XDG_STATE_HOME"], "switchboard", "daemon.log"))
			t.Logf("daemon log:\n%s", b[max(0, len(b)-4000):])
		}
		w.run("daemon", "stop")
	})
	if u, err := url.Parse(pageURL); err != nil || !strings.HasPrefix(u.Host, "127.0.0.1:") || len(strings.TrimPrefix(u.Fragment, "t=")) < 32 || u.RawQuery != "" {
		t.Fatalf("switchboard ui printed %q", out)
	}
	if again, _ := w.run("ui", "--no-browser"); strings.TrimSpace(again) != pageURL {
		t.Errorf("a second `switchboard ui` printed %q, want the same URL %q", again, pageURL)
	}

	one := w.session("agent-one", filepath.Join(w.home, "w1"))
	// The second client names itself with a right-to-left override and
	// an OSC 52 clipboard write (round eighty-five): the page shows them
	// as escapes, not raw.
	two := w.session("agent-two\u202egpj.exe\x1b]52;c;cm0K\x07", filepath.Join(w.home, "w2"))
	if got, isErr := execute(t, one, `return await notes.read({id: "a"})`); isErr || !strings.Contains(got, `"tool":"read"`) {
		t.Fatalf("agent-one notes.read: %q", got)
	}
	if got, isErr := execute(t, two, `return await notes.list({})`); isErr || !strings.Contains(got, `"tool":"list"`) {
		t.Fatalf("agent-two notes.list: %q", got)
	}

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.UserDataDir(filepath.Join(w.home, "chromium")),
		chromedp.NoSandbox, chromedp.WindowSize(1400, 1100), chromedp.NoInheritEnv,
		chromedp.Env("PATH="+os.Getenv("PATH"), "HOME="+w.home, "XDG_CONFIG_HOME="+w.env["XDG_CONFIG_HOME"], "XDG_CACHE_HOME="+w.env["XDG_CACHE_HOME"], "XDG_RUNTIME_DIR="+w.env["XDG_RUNTIME_DIR"]))
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancelA()
	bctx, cancelB := chromedp.NewContext(actx)
	defer cancelB()
	// Start the browser on bctx itself: a tab belongs to the context that
	// first ran on it, and the steps below run on short-lived children.
	if err := chromedp.Do(bctx); err != nil {
		t.Fatalf("starting %s: %v", browser, err)
	}
	within := func() (context.Context, context.CancelFunc) { return context.WithTimeout(bctx, 30*time.Second) }
	step := func(what string, actions ...chromedp.Action[chromedp.Void]) {
		t.Helper()
		ctx, cancel := within()
		defer cancel()
		if err := chromedp.Do(ctx, actions...); err != nil {
			t.Fatalf("%s: %v", what, err)
		}
	}
	// waitText polls the live part (refreshed by the page's script) until
	// it has every want.
	waitText := func(what string, want ...string) string {
		t.Helper()
		ctx, cancel := within()
		defer cancel()
		for {
			text, err := chromedp.Run(ctx, chromedp.Text("#live"))
			if err != nil {
				t.Fatalf("%s: reading the page: %v", what, err)
			}
			missing := ""
			for _, s := range want {
				if !strings.Contains(text, s) {
					missing = s
					break
				}
			}
			if missing == "" {
				return text
			}
			select {
			case <-ctx.Done():
				t.Fatalf("%s: the page never showed %q; it shows:\n%s", what, missing, text)
			case <-time.After(200 * time.Millisecond):
			}
		}
	}
	screenshot := func(name string) {
		t.Helper()
		ctx, cancel := within()
		defer cancel()
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		if err != nil {
			t.Fatalf("screenshot: %v", err)
		}
		// Kept with `go test -artifacts -outputdir DIR`, or in
		// $SWITCHBOARD_ARTIFACTS when set.
		dir := t.ArtifactDir()
		if d := os.Getenv("SWITCHBOARD_ARTIFACTS"); d != "" {
			dir = d
			os.MkdirAll(dir, 0o755)
		}
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, shot, 0o644); err != nil {
			t.Errorf("saving the screenshot: %v", err)
		}
		t.Logf("screenshot: %s (%d bytes)", path, len(shot))
	}

	step("opening the page", chromedp.Navigate(pageURL), chromedp.WaitVisible("#sessions"))
	ctx, cancel := within()
	loc, err := chromedp.Run(ctx, chromedp.Location())
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(loc, "t=") {
		t.Errorf("the token stayed in the address bar: %s", loc)
	}
	waitText("servers, sessions and calls", "notes", "ready", "agent-one", "agent-two",
		filepath.Join(w.home, "w1"), filepath.Join(w.home, "w2"), "notes.read", "notes.list", "No tools are waiting for approval")
	if text := waitText("a hostile client's name", `agent-two\u202egpj.exe\u001b]52;c;cm0K\u0007`); strings.ContainsAny(text, "\u202e\x1b\x07") {
		t.Errorf("the page shows a raw override, ESC or BEL:\n%q", text)
	}
	st := snapshot(t, pageURL)
	if len(st.Backends) != 1 || len(st.Backends[0].Sessions) != 2 || st.Backends[0].Pid == 0 || st.Backends[0].Tools != 2 {
		t.Fatalf("backends: %+v", st.Backends)
	}
	if len(st.Calls) != 2 || st.Calls[0].ResultBytes == 0 || st.Calls[0].Latency <= 0 {
		t.Errorf("calls: %+v", st.Calls)
	}
	for _, s := range st.Sessions {
		if s.Tokens.Direct == 0 || s.Tokens.Switchboard == 0 {
			t.Errorf("session %s: no token counts: %+v", s.ID, s.Tokens)
		}
	}
	// The tools' trifecta roles (the config gives list one), and the
	// section for decisions (none: no external tool here).
	var listRole *ui.ToolRole
	for _, r := range st.Roles {
		for i, tr := range r.Tools {
			if r.Server == "notes" && tr.Tool == "list" {
				listRole = &r.Tools[i]
			}
		}
	}
	if listRole == nil || strings.Join(listRole.Roles, ",") != "untrusted" || !strings.Contains(listRole.Why, "config") {
		t.Errorf("roles on the page: %+v, want notes.list untrusted from the config", st.Roles)
	}
	waitText("the trifecta section", "Lethal trifecta", "untrusted", "No call has been checked against the trifecta yet")

	// A rug pull: the backend's "read" changes its description and the
	// backend restarts (killed here; the next call starts it again).
	w.writeCorpus("Read one note by its id, with its tags and history.")
	if err := syscall.Kill(st.Backends[0].Pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	var got string
	var isErr bool
	for {
		got, isErr = execute(t, one, `return await notes.read({id: "b"})`)
		if isErr && strings.Contains(got, "withheld") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the change, notes.read gave %q (error %v), want withheld", got, isErr)
		}
		time.Sleep(100 * time.Millisecond)
	}
	waitText("the changed tool waiting for approval", "changed read", "with its tags and history", "Approve")
	screenshot("status-page-pending.png")

	step("clicking Approve", chromedp.Click(`button.approve[data-tool="read"]`), chromedp.WaitVisible("#notice"))
	ctx, cancel = within()
	notice, err := chromedp.Run(ctx, chromedp.Text("#notice"))
	cancel()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(notice, "Approved 1 tool changes: changed read") {
		t.Errorf("notice after Approve: %q", notice)
	}
	if got, isErr := execute(t, one, `return await notes.read({id: "c"})`); isErr || !strings.Contains(got, `"id":"c"`) {
		t.Fatalf("after Approve, agent-one's notes.read gave %q (error %v)", got, isErr)
	}
	if got, isErr := execute(t, two, `return await notes.read({id: "d"})`); isErr || !strings.Contains(got, `"id":"d"`) {
		t.Fatalf("after Approve, agent-two's notes.read gave %q (error %v)", got, isErr)
	}
	waitText("the page after approving", "No tools are waiting for approval")
	screenshot("status-page-approved.png")
}
