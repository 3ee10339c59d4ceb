package cli

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// doctorEnv runs `switchboard doctor` with config as the user config.
func doctorEnv(t *testing.T, config string, prep ...func(home string)) (stdout, stderr string, code int) {
	t.Helper()
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "cfg"), "XDG_CACHE_HOME": filepath.Join(home, "cache"),
		"XDG_STATE_HOME": filepath.Join(home, "state"), "XDG_RUNTIME_DIR": filepath.Join(home, "run"), "PATH": os.Getenv("PATH")}
	os.MkdirAll(filepath.Join(home, "cfg", "switchboard"), 0o700)
	os.WriteFile(filepath.Join(home, "cfg", "switchboard", "config.json"), []byte(config), 0o600)
	for _, f := range prep {
		f(home)
	}
	var out, errs bytes.Buffer
	e := &Env{
		Args: []string{"doctor"}, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs,
		Getenv:    func(k string) string { return env[k] },
		LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Environ: func() []string {
			var kv []string
			for k, v := range env {
				kv = append(kv, k+"="+v)
			}
			return kv
		},
		Dir: t.TempDir(), Executable: "/nonexistent",
	}
	code = Main(context.Background(), e)
	return out.String(), errs.String(), code
}

// Three backends that each answer initialize only once all three have
// asked: checked one after another, the first would time out.
func TestDoctor_ChecksServersConcurrently(t *testing.T) {
	const n = 3
	var arrived sync.WaitGroup
	arrived.Add(n)
	all := make(chan struct{})
	go func() { arrived.Wait(); close(all) }()
	var once [n]sync.Once
	mux := http.NewServeMux()
	for i, name := range []string{"a", "b", "c"} {
		srv := mcp.NewServer(&mcp.Implementation{Name: name, Version: "1"}, nil)
		mcp.AddTool(srv, &mcp.Tool{Name: "t"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{}, nil, nil
		})
		h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
		mux.Handle("/"+name, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			once[i].Do(func() { arrived.Done() })
			select {
			case <-all:
			case <-r.Context().Done():
				return
			}
			h.ServeHTTP(w, r)
		}))
	}
	ts := httptest.NewServer(mux)
	defer ts.Close()
	cfg := `{"settings": {"startTimeout": "10s"}, "mcpServers": {` +
		`"a": {"url": "` + ts.URL + `/a"}, "b": {"url": "` + ts.URL + `/b"}, "c": {"url": "` + ts.URL + `/c"}}}`
	out, errs, code := doctorEnv(t, cfg)
	if code != 0 || strings.Count(out, ": ok in ") != n {
		t.Fatalf("exit %d, want all %d ok:\n%s%s", code, n, out, errs)
	}
	// In configured order.
	if ia, ib, ic := strings.Index(out, "\na: "), strings.Index(out, "\nb: "), strings.Index(out, "\nc: "); !(ia < ib && ib < ic) {
		t.Errorf("not in configured order:\n%s", out)
	}
}

func TestDoctor_PrintsEachProblemOnce(t *testing.T) {
	cfg := `{"mcpServers": {"bad": {"command": "sh", "args": ["-c", "echo 'fatal: missing API key' >&2; exit 1"]}}}`
	out, errs, code := doctorEnv(t, cfg)
	if code == 0 || !strings.Contains(out, "bad: PROBLEM") {
		t.Fatalf("exit %d:\n%s%s", code, out, errs)
	}
	if n := strings.Count(out+errs, "missing API key"); n != 1 {
		t.Errorf("the problem is said %d times, want once:\n%s%s", n, out, errs)
	}
}

// A server that starts but never lists its tools is a problem that says
// which bound it ran into, not a bare "context deadline exceeded".
func TestDoctor_ListThatNeverComesNamesTheBound(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "slow", Version: "1"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "t"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{}, nil, nil
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	stop := make(chan struct{})
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if bytes.Contains(body, []byte(`"tools/list"`)) {
			select { // never answers
			case <-r.Context().Done():
			case <-stop:
			}
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h.ServeHTTP(w, r)
	}))
	defer func() { close(stop); ts.CloseClientConnections(); ts.Close() }()
	// "own" sets its own startTimeout: that is the bound, and the one
	// named (it was settings.startTimeout's 1m); a remote server has no
	// log file, so 'switchboard logs' is not suggested.
	out, errs, code := doctorEnv(t, `{"settings": {"startTimeout": "1s"}, "mcpServers": {"slow": {"url": "`+ts.URL+`"}, "own": {"url": "`+ts.URL+`", "startTimeout": "1500ms"}}}`)
	if code == 0 || !strings.Contains(out, "slow: PROBLEM") || !strings.Contains(out, "within settings.startTimeout (1s)") {
		t.Errorf("exit %d, want a problem naming settings.startTimeout:\n%s%s", code, out, errs)
	}
	if !strings.Contains(out, "own: PROBLEM") || !strings.Contains(out, "1.5s (its startTimeout)") || strings.Contains(out, "settings.startTimeout (1m") {
		t.Errorf("want own's problem to name its own startTimeout:\n%s%s", out, errs)
	}
	if !strings.Contains(out, `only slow to answer gets longer with "startTimeout": "3s" in its entry of `) {
		t.Errorf("want own's problem to say how to give it longer:\n%s", out)
	}
	if strings.Contains(out, "switchboard logs") {
		t.Errorf("a remote server's problem suggests 'switchboard logs', which has nothing for it:\n%s", out)
	}
}

// Round forty-three: a directory where an agent's config file goes (here
// Cursor's ~/.cursor/mcp.json) is what init passes over; doctor says so,
// once, with the fix, and still checks the servers.
func TestDoctor_NamesAMisplacedAgentFile(t *testing.T) {
	var dir string
	out, errs, code := doctorEnv(t, `{"mcpServers": {}}`, func(home string) {
		dir = filepath.Join(home, ".cursor", "mcp.json")
		if err := os.MkdirAll(dir, 0o700); err != nil {
			t.Fatal(err)
		}
	})
	want := "warning: " + dir + " is a directory where Cursor's config file goes"
	if code != 0 || strings.Count(out, want) != 1 || !strings.Contains(out, "(mv "+dir+" "+dir+".away)") {
		t.Errorf("exit %d, want 0 and one line %q with the fix:\n%s%s", code, want, out, errs)
	}
}
