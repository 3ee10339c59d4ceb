package cli

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/oauth/oauthtest"
)

// browser is a stderr that plays the user: when login prints the
// sign-in URL, it gets it with an http.Client that follows the redirect
// to login's loopback listener, as a browser would.
type browser struct {
	mu   sync.Mutex
	buf  bytes.Buffer
	done bool
	errs []error
}

var authURL = regexp.MustCompile(`http://127\.0\.0\.1:\d+/authorize\?\S+`)

func (b *browser) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf.Write(p)
	if u := authURL.FindString(b.buf.String()); u != "" && !b.done {
		b.done = true
		go func() {
			resp, err := http.Get(u)
			if err == nil {
				resp.Body.Close()
			}
			b.mu.Lock()
			defer b.mu.Unlock()
			if err != nil {
				b.errs = append(b.errs, err)
			}
		}()
	}
	return len(p), nil
}

func (b *browser) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

func TestLogin_SignsInStoresAndLogoutForgets(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "notion", Version: "1"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "search"}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "found"}}}, nil, nil
	})
	fake := oauthtest.New(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	defer fake.Close()

	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_CACHE_HOME": filepath.Join(home, ".cache"), "XDG_STATE_HOME": filepath.Join(home, ".state")}
	user := filepath.Join(home, ".config", "switchboard", "config.json")
	os.MkdirAll(filepath.Dir(user), 0o755)
	os.WriteFile(user, []byte(`{"mcpServers": {"notion": {"url": "`+fake.MCPURL+`"}}}`), 0o600)
	run := func(args ...string) (string, string, int) {
		var out bytes.Buffer
		errw := &browser{}
		e := &Env{
			Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: errw,
			Getenv:    func(k string) string { return env[k] },
			LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
			Environ: func() []string {
				var kv []string
				for k, v := range env {
					kv = append(kv, k+"="+v)
				}
				return kv
			},
			Dir:        t.TempDir(),
			Executable: "/nonexistent",
		}
		code := Main(context.Background(), e)
		if len(errw.errs) > 0 {
			t.Errorf("browser: %v", errw.errs)
		}
		return out.String(), errw.String(), code
	}
	var outputs []string
	// Before login: the needs-login error names the command.
	out, errs, _ := run("doctor", "notion")
	outputs = append(outputs, out, errs)
	if !strings.Contains(out+errs, "run `switchboard login notion`") {
		t.Errorf("doctor before login does not name the command:\n%s%s", out, errs)
	}
	out, errs, code := run("login", "notion", "--no-browser")
	outputs = append(outputs, out, errs)
	if code != 0 || !strings.Contains(out, "signed in to notion (1 tool);") {
		t.Fatalf("login: exit %d\n%s%s", code, out, errs)
	}
	if s := fake.Stats(); s.CodeGrants != 1 {
		t.Errorf("login: %+v, want one code grant", s)
	}
	out, errs, code = run("doctor", "notion")
	outputs = append(outputs, out, errs)
	if code != 0 || strings.Contains(out, "PROBLEM") {
		t.Errorf("doctor after login: exit %d\n%s%s", code, out, errs)
	}
	tokens := fake.Tokens()
	out, errs, code = run("logout", "notion")
	outputs = append(outputs, out, errs)
	if code != 0 || !strings.Contains(out, "signed out of notion; its authorization server revoked the tokens") {
		t.Errorf("logout: exit %d\n%s%s", code, out, errs)
	}
	if s := fake.Stats(); s.Revocations != 2 || len(fake.Tokens()) != 0 {
		t.Errorf("logout: %+v, %d tokens still valid; want both revoked", s, len(fake.Tokens()))
	}
	if files, _ := filepath.Glob(filepath.Join(home, ".state", "switchboard", "oauth", "*.json")); len(files) != 0 {
		t.Errorf("logout left %v", files)
	}
	out, errs, _ = run("doctor", "notion")
	outputs = append(outputs, out, errs)
	if !strings.Contains(out+errs, "run `switchboard login notion`") {
		t.Errorf("doctor after logout does not ask for login:\n%s%s", out, errs)
	}
	logs, _ := filepath.Glob(filepath.Join(home, ".state", "switchboard", "*", "*"))
	for _, p := range logs {
		if b, err := os.ReadFile(p); err == nil && !strings.Contains(p, "oauth") {
			outputs = append(outputs, string(b))
		}
	}
	if len(tokens) == 0 {
		t.Fatal("the fake issued no tokens")
	}
	for _, tok := range tokens {
		for _, o := range outputs {
			if strings.Contains(o, tok) {
				t.Errorf("a token appears in output:\n%s", o)
			}
		}
	}
}

func TestLogin_CallbackPassesARefusalOnAndIgnoresStrayRequests(t *testing.T) {
	results := make(chan callbackResult, 1)
	h := callbackHandler(results, func() string { return "s" })
	for _, c := range []struct {
		path string
		code int
	}{
		{"/favicon.ico", http.StatusNotFound},
		{"/callback?state=s", http.StatusBadRequest},
		// Another process's refusal, without the sign-in's state.
		{"/callback?error=access_denied", http.StatusBadRequest},
		{"/callback?error=access_denied&state=other", http.StatusBadRequest},
		{"/callback?code=c&state=other", http.StatusBadRequest},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, callbackRequest(c.path))
		if rec.Code != c.code {
			t.Errorf("GET %s: %d, want %d", c.path, rec.Code, c.code)
		}
	}
	if len(results) != 0 {
		t.Fatal("a stray request counted as the answer")
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, callbackRequest("/callback?error=access_denied&error_description=no+thanks&state=s"))
	r := <-results
	if r.err == nil || !strings.Contains(r.err.Error(), "access_denied") || !strings.Contains(rec.Body.String(), "refused") {
		t.Errorf("refusal: %v / %s", r.err, rec.Body.String())
	}
	// A refusal full of escape sequences, 100 kB long, is printed
	// quoted and short.
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, callbackRequest("/callback?state=s&error=denied%1B%5B2J&error_description="+strings.Repeat("x%1B%5D0%3Bowned%07%0D%0A", 5000)))
	r = <-results
	if msg := r.err.Error(); len(msg) > 600 || strings.ContainsAny(msg, "\x1b\r\n\a") || !strings.Contains(msg, `"denied\x1b[2J"`) {
		t.Errorf("refusal of %d bytes: %q", len(msg), msg[:min(len(msg), 200)])
	}
}

// callbackRequest is a GET of path at the listener, as 127.0.0.1 (the
// redirect URL's host) and not from a page.
func callbackRequest(path string) *http.Request {
	r := httptest.NewRequest("GET", path, nil)
	r.Host = "127.0.0.1:4242"
	return r
}

// The sign-in URL is printed with each character that is not printable
// ASCII percent-encoded, and a warning counts them: the terminal writer
// escapes controls and bidi characters only, so an authorization server
// whose URL had a zero-width space in its host was shown looking like
// another's ("accounts.example.com\u200b.evil.test").
func TestPrintableURL_ShowsInvisibleAndLookAlikeCharacters(t *testing.T) {
	for _, c := range []struct {
		in, want string
		odd      int
	}{
		{"https://auth.example.com/authorize?client_id=a&state=x%20y", "https://auth.example.com/authorize?client_id=a&state=x%20y", 0},
		{"https://accounts.example.com\u200b.evil.test/authorize", "https://accounts.example.com%E2%80%8B.evil.test/authorize", 1},
		{"https://auth.example.com/a\u00a0b", "https://auth.example.com/a%C2%A0b", 1},
		{"https://\u0430pple.test/", "https://%D0%B0pple.test/", 1}, // Cyrillic a
		{"https://x.test/ a", "https://x.test/%20a", 1},
	} {
		got, odd := printableURL(c.in)
		if got != c.want || odd != c.odd {
			t.Errorf("printableURL(%q) = %q, %d; want %q, %d", c.in, got, odd, c.want, c.odd)
		}
		if u, err := url.Parse(got); err != nil || u.Scheme != "https" {
			t.Errorf("printableURL(%q) = %q: not a URL (%v)", c.in, got, err)
		}
	}
}

// A sign-in the user never finishes ended, at --timeout, with "signing
// in to \"notion\": backend \"notion\" failed to start: no handshake
// after 300ms: context deadline exceeded": the start's deadline hid the
// words naming the command to retry.
func TestLogin_AnUnfinishedSignInTimesOutNamingTheCommand(t *testing.T) {
	fake := oauthtest.New(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server {
		return mcp.NewServer(&mcp.Implementation{Name: "notion", Version: "1"}, nil)
	}, nil))
	defer fake.Close()
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_CACHE_HOME": filepath.Join(home, ".cache"), "XDG_STATE_HOME": filepath.Join(home, ".state")}
	user := filepath.Join(home, ".config", "switchboard", "config.json")
	os.MkdirAll(filepath.Dir(user), 0o755)
	os.WriteFile(user, []byte(`{"mcpServers": {"notion": {"url": "`+fake.MCPURL+`"}}}`), 0o600)
	var out, errs bytes.Buffer // nobody opens the URL
	e := &Env{
		Args: []string{"login", "notion", "--no-browser", "--timeout", "300ms"}, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errs,
		Getenv:    func(k string) string { return env[k] },
		LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Environ:   func() []string { return []string{"HOME=" + home, "XDG_STATE_HOME=" + env["XDG_STATE_HOME"]} },
		Dir:       t.TempDir(), Executable: "/nonexistent",
	}
	code := Main(context.Background(), e)
	msg := errs.String()
	if code == 0 || !strings.Contains(msg, "the sign-in of notion did not finish within 300ms: run `switchboard login notion` again") {
		t.Errorf("exit %d\n%s%s\nwant the timeout named with the command to retry", code, out.String(), msg)
	}
	if strings.Contains(msg, "context deadline exceeded") {
		t.Errorf("the error gives Go's words: %s", msg)
	}
}

// A page in the browser that learnt the sign-in's state (the
// authorization URL, state included, reaches the authorization server's
// page and whatever it loads, in a Referer) could end the sign-in from
// a script, with a refusal or with a code of its own account (a login
// CSRF): an image or fetch to the callback carried the state and was
// taken. The redirect the authorization server sends is a top-level
// navigation; a request a page makes as a subresource (Sec-Fetch-Mode
// other than navigate, Sec-Fetch-Dest other than document, an Origin)
// or that names another host (a rebound DNS name) is refused now, and
// the sign-in waits on.
func TestLogin_CallbackRefusesRequestsAPageMakes(t *testing.T) {
	results := make(chan callbackResult, 1)
	h := callbackHandler(results, func() string { return "s" })
	for _, c := range []struct {
		name   string
		header map[string]string
		host   string
	}{
		{"img", map[string]string{"Sec-Fetch-Mode": "no-cors", "Sec-Fetch-Dest": "image", "Sec-Fetch-Site": "cross-site"}, ""},
		{"fetch", map[string]string{"Sec-Fetch-Mode": "cors", "Sec-Fetch-Dest": "empty", "Origin": "https://evil.example"}, ""},
		{"iframe", map[string]string{"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "iframe"}, ""},
		{"origin", map[string]string{"Origin": "https://evil.example"}, ""},
		{"rebound name", nil, "evil.example:4242"},
	} {
		req := httptest.NewRequest("GET", "/callback?code=attacker&state=s", nil)
		req.Host = "127.0.0.1:4242"
		if c.host != "" {
			req.Host = c.host
		}
		for k, v := range c.header {
			req.Header.Set(k, v)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != http.StatusForbidden {
			t.Errorf("%s: %d, want 403", c.name, rec.Code)
		}
	}
	if len(results) != 0 {
		t.Fatal("a request a page made ended the sign-in")
	}
	// The authorization server's redirect, a top-level navigation.
	req := httptest.NewRequest("GET", "/callback?code=c&state=s", nil)
	req.Host = "127.0.0.1:4242"
	req.Header.Set("Sec-Fetch-Mode", "navigate")
	req.Header.Set("Sec-Fetch-Dest", "document")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if r := <-results; rec.Code != http.StatusOK || r.res == nil || r.res.Code != "c" {
		t.Errorf("the redirect: %d %+v", rec.Code, r)
	}
}
