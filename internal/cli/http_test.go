//go:build unix

package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"net"
	"net/http"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// httpWorld is a home whose config has the demo backend, run by this
// test binary.
type httpWorld struct {
	t    *testing.T
	home string
	env  map[string]string
}

func newHTTPWorld(t *testing.T) *httpWorld {
	home := t.TempDir()
	exe, _ := os.Executable()
	os.MkdirAll(filepath.Join(home, "cfg", "switchboard"), 0o700)
	cfg := `{"mcpServers": {"demo": {"command": "` + exe + `", "args": ["__demo-backend"], "env": {"SWITCHBOARD_TEST_MAIN": "1"}}}}`
	if err := os.WriteFile(filepath.Join(home, "cfg", "switchboard", "config.json"), []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return &httpWorld{t: t, home: home, env: map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "cfg"), "XDG_CACHE_HOME": filepath.Join(home, "cache"),
		"XDG_STATE_HOME": filepath.Join(home, "state"), "SWITCHBOARD_TEST_MAIN": "1",
	}}
}

func (w *httpWorld) environ() []string {
	var out []string
	for k, v := range w.env {
		out = append(out, k+"="+v)
	}
	return out
}

func (w *httpWorld) envFor(args ...string) (*Env, *strings.Builder) {
	exe, _ := os.Executable()
	var out strings.Builder
	return &Env{
		Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &lockedWriter{w: &strings.Builder{}},
		Getenv:    func(k string) string { return w.env[k] },
		LookupEnv: func(k string) (string, bool) { v, ok := w.env[k]; return v, ok },
		Environ:   w.environ, Dir: w.home, Executable: exe,
	}, &out
}

func (w *httpWorld) run(args ...string) (string, error) {
	e, out := w.envFor(args...)
	err := commands()[indexOf(args[0])].run(context.Background(), e, args[1:])
	return out.String(), err
}

func indexOf(name string) int {
	for i, c := range commands() {
		if c.name == name {
			return i
		}
	}
	return -1
}

type lockedWriter struct {
	mu sync.Mutex
	w  *strings.Builder
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// start runs `switchboard serve --http 127.0.0.1:0 args...` as a process
// and returns its URL.
func (w *httpWorld) start(args ...string) string {
	w.t.Helper()
	exe, _ := os.Executable()
	cmd := exec.Command(exe, append([]string{"serve", "--http", "127.0.0.1:0"}, args...)...)
	cmd.Env = w.environ()
	cmd.Dir = w.home
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		w.t.Fatal(err)
	}
	w.t.Cleanup(func() {
		cmd.Process.Signal(os.Interrupt)
		cmd.Wait()
	})
	sc := bufio.NewScanner(stderr)
	var seen []string
	for sc.Scan() {
		line := sc.Text()
		seen = append(seen, line)
		if _, rest, ok := strings.Cut(line, "serving MCP at "); ok {
			go func() {
				for sc.Scan() {
				}
			}()
			return strings.Fields(rest)[0]
		}
	}
	w.t.Fatalf("serve --http printed no URL:\n%s", strings.Join(seen, "\n"))
	return ""
}

type bearerTransport struct {
	token string
	base  http.RoundTripper
}

func (b bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if b.token != "" {
		r.Header.Set("Authorization", "Bearer "+b.token)
	}
	if b.base == nil {
		return http.DefaultTransport.RoundTrip(r)
	}
	return b.base.RoundTrip(r)
}

func connectHTTP(t *testing.T, endpoint, token, version string) *mcp.ClientSession {
	t.Helper()
	return connectHTTPAs(t, "test", endpoint, token, version)
}

func connectHTTPAs(t *testing.T, name, endpoint, token, version string) *mcp.ClientSession {
	t.Helper()
	c := mcp.NewClient(&mcp.Implementation{Name: name, Version: "1"}, nil)
	tr := &mcp.StreamableClientTransport{Endpoint: endpoint, HTTPClient: &http.Client{Transport: bearerTransport{token: token}}, MaxRetries: -1}
	cs, err := c.Connect(context.Background(), tr, &mcp.ClientSessionOptions{ProtocolVersion: version})
	if err != nil {
		t.Fatalf("connecting at %s: %v", version, err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func addOverHTTP(t *testing.T, cs *mcp.ClientSession) {
	t.Helper()
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	if strings.Join(names, ",") != "list_tools,execute" && strings.Join(names, ",") != "execute,list_tools" {
		t.Fatalf("tools %v, want the meta-tools", names)
	}
	call, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": "const r = await demo.add({a: 2, b: 3}); return r.sum"}})
	if err != nil {
		t.Fatal(err)
	}
	if call.IsError || !strings.Contains(call.Content[0].(*mcp.TextContent).Text, "5") {
		t.Fatalf("execute answered %+v", call.Content[0])
	}
}

func TestToken_CreatedOnceMode0600AndRotated(t *testing.T) {
	w := newHTTPWorld(t)
	a, err := w.run("token")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := w.run("token")
	if a != b || len(strings.TrimSpace(a)) != 43 {
		t.Fatalf("token %q then %q: want the same 43-character token", a, b)
	}
	fi, err := os.Stat(filepath.Join(w.home, "state", "switchboard", "http-token"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("token file: %v %v, want mode 0600", fi, err)
	}
	c, _ := w.run("token", "--rotate")
	if c == a || len(strings.TrimSpace(c)) != 43 {
		t.Fatalf("rotated token %q (was %q)", c, a)
	}
	if d, _ := w.run("token"); d != c {
		t.Fatalf("token after rotate %q, want %q", d, c)
	}
	os.Chmod(filepath.Join(w.home, "state", "switchboard", "http-token"), 0o644)
	if _, err := w.run("token"); err == nil || !strings.Contains(err.Error(), "chmod 600") {
		t.Fatalf("a world-readable token file: %v", err)
	}
}

func TestServeHTTP_RefusesUnsafeAddresses(t *testing.T) {
	w := newHTTPWorld(t)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"serve", "--http", "192.0.2.1:0", "--no-auth"}, "--no-auth is accepted only on a loopback address"},
		{[]string{"serve", "--http", "192.0.2.1:0", "--no-auth", "--allow-remote"}, "--no-auth is accepted only on a loopback address"},
		{[]string{"serve", "--http", "0.0.0.0:0"}, "add --allow-remote"},
		{[]string{"serve", "--http", "example.com:0"}, "give an IP address"},
		{[]string{"serve", "--http", "8080"}, "want HOST:PORT"},
		{[]string{"serve", "--no-auth"}, "need --http ADDR"},
	} {
		_, err := w.run(tt.args...)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%v: %v, want an error with %q", tt.args, err, tt.want)
		}
	}
}

func TestServeHTTP_TokenClientListsAndCallsToolsAtBothRevisions(t *testing.T) {
	w := newHTTPWorld(t)
	endpoint := w.start()
	tok, err := w.run("token")
	if err != nil {
		t.Fatal(err)
	}
	tok = strings.TrimSpace(tok)
	for _, v := range []string{"2025-11-25", "2026-07-28"} {
		t.Run(v, func(t *testing.T) { addOverHTTP(t, connectHTTP(t, endpoint, tok, v)) })
	}
	for _, bad := range []string{"", "wrong"} {
		req, _ := http.NewRequest("POST", endpoint, strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"ping"}`))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if bad != "" {
			req.Header.Set("Authorization", "Bearer "+bad)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("token %q: status %d, want 401", bad, resp.StatusCode)
		}
	}
}

// TestServeHTTP_StatelessClientAcrossTwoInstancesBehindRoundRobin: two
// serve --http processes behind a proxy that alternates between them;
// one 2026-07-28 client lists and calls tools, and both answered it.
func TestServeHTTP_StatelessClientAcrossTwoInstancesBehindRoundRobin(t *testing.T) {
	w := newHTTPWorld(t)
	tok, err := w.run("token") // both instances share the state dir, so the token
	if err != nil {
		t.Fatal(err)
	}
	var backends []*url.URL
	for range 2 {
		u, _ := url.Parse(w.start())
		backends = append(backends, u)
	}
	var n atomic.Int64
	hits := make([]atomic.Int64, 2)
	proxy := &httputil.ReverseProxy{Rewrite: func(r *httputil.ProxyRequest) {
		i := int(n.Add(1)) % 2
		hits[i].Add(1)
		r.SetURL(&url.URL{Scheme: "http", Host: backends[i].Host})
		r.Out.URL.Path = backends[i].Path
		r.Out.Host = backends[i].Host
	}}
	srv := &http.Server{Handler: proxy}
	ln, err := listenLoopback()
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	cs := connectHTTP(t, "http://"+ln.Addr().String()+"/mcp", strings.TrimSpace(tok), "2026-07-28")
	if v := cs.InitializeResult().ProtocolVersion; v != "2026-07-28" {
		t.Fatalf("negotiated %s", v)
	}
	for range 2 {
		addOverHTTP(t, cs)
	}
	if hits[0].Load() < 2 || hits[1].Load() < 2 {
		t.Fatalf("requests per instance %d and %d: the proxy did not alternate", hits[0].Load(), hits[1].Load())
	}
}

func listenLoopback() (net.Listener, error) { return net.Listen("tcp", "127.0.0.1:0") }

// TestServeHTTP_TwoHTTPSessionsAreTwoHubSessions: the audit log names the
// hub session of each call; two HTTP clients' calls name two sessions.
func TestServeHTTP_TwoHTTPSessionsAreTwoHubSessions(t *testing.T) {
	w := newHTTPWorld(t)
	endpoint := w.start()
	tok, err := w.run("token")
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"client-a", "client-b"} {
		addOverHTTP(t, connectHTTPAs(t, name, endpoint, strings.TrimSpace(tok), "2025-11-25"))
	}
	// The audit log is written within audit.DefaultFlushDelay of a call.
	var sessions map[string]string // client -> session
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		b, _ := os.ReadFile(filepath.Join(w.home, "state", "switchboard", "audit.jsonl"))
		sessions = map[string]string{}
		for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n") {
			if line == "" {
				continue
			}
			var e struct{ Session, Client string }
			if err := json.Unmarshal([]byte(line), &e); err != nil {
				t.Fatalf("audit line %q: %v", line, err)
			}
			sessions[e.Client] = e.Session
		}
		if len(sessions) >= 2 || time.Now().After(deadline) {
			break
		}
	}
	a, bb := sessions["client-a"], sessions["client-b"]
	if a == "" || bb == "" || a == bb {
		t.Fatalf("sessions by client %v: want two distinct hub sessions", sessions)
	}
}

// A port in use was "--http: listen tcp 127.0.0.1:8080: bind: address
// already in use", naming no way out; it says what to give instead
// (round 121).
func TestServeHTTP_APortInUseSaysWhatToGive(t *testing.T) {
	w := newHTTPWorld(t)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	addr := ln.Addr().String()
	_, port, _ := net.SplitHostPort(addr)
	_, err = w.run("serve", "--http", addr)
	if err == nil || !strings.Contains(err.Error(), "port "+port+" is in use by another program") || !strings.Contains(err.Error(), "or 127.0.0.1:0 for a free one") {
		t.Errorf("serve --http %s with the port in use: %v", addr, err)
	}
}
