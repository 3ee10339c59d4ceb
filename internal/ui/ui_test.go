package ui

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"maps"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeSource is a Source with fixed content that records approvals.
type fakeSource struct {
	mu       sync.Mutex
	approved []string // "id tool,tool"
	pending  bool
	trifecta bool
}

func (f *fakeSource) Snapshot(ctx context.Context) Snapshot {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := Snapshot{
		Daemon:   Daemon{Pid: 42, Version: "test", Uptime: "1m"},
		Backends: []Backend{{Servers: []string{"github"}, Key: "abc", Identity: "npx -y github-mcp (env: GITHUB_TOKEN)", State: "ready", Pid: 7, Uptime: "10s", Tools: 3, Calls: 2, Sessions: []string{"s1", "s2"}, Shared: true, Note: "restarted 4 times in a row"}},
		Sessions: []Session{{ID: "s1", Client: "agent-one", Workspace: "/w/one", Servers: []string{"github"}, Tokens: Tokens{Direct: 900, Switchboard: 300, Saved: 600}}, {ID: "s2", Client: "agent-two", Workspace: "/w/two"}},
		Calls:    []Call{{Time: time.Now(), Session: "s1", Client: "agent-one", Server: "github", Tool: "search_issues", Latency: 1500 * time.Microsecond, ResultBytes: 2048, Outcome: "ok"}},
	}
	if f.pending {
		s.Pending = []Pending{{ID: "id:1", Servers: []string{"github"}, Changes: []Change{{Tool: "read", Status: "changed", Diff: "- old\n+ new <script>alert(1)</script>", Key: "k1"}, {Tool: "write", Status: "new", Diff: "+ write", Key: "k2"}}, Digest: "d12"}}
	}
	if f.trifecta {
		s.Roles = []ServerRoles{{Server: "web", Tools: []ToolRole{{Tool: "fetch", Roles: []string{"untrusted"}, Why: "config"}}, Plain: 2}}
		s.Decisions = []Decision{{Time: time.Now(), Session: "s1", Outcome: "refused", Setting: "block", Call: "mail.send", Source: "web.fetch", Private: "notes.read", Scope: "session", Reason: "sends <b>out</b> after reading both"}}
	}
	return s
}

func (f *fakeSource) ApproveAll(ctx context.Context, id, digest string) ([]Change, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.approved = append(f.approved, id+" all@"+digest)
	f.pending = false
	return []Change{{Tool: "read", Status: "changed"}}, nil
}

func (f *fakeSource) Approve(ctx context.Context, id string, shown map[string]string) ([]Change, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var tools []string
	for _, t := range slices.Sorted(maps.Keys(shown)) {
		tools = append(tools, t+"@"+shown[t])
	}
	f.approved = append(f.approved, id+" "+strings.Join(tools, ","))
	f.pending = false
	return []Change{{Tool: "read", Status: "changed"}}, nil
}

const host = "127.0.0.1:5555"

// listening is a UI of newUI's, listening until the test ends; a is
// the page's URL, as Listen gives it.
func listening(t *testing.T) (u *UI, a string) {
	t.Helper()
	u, _ = newUI(t)
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	a, err := u.Listen(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { u.Close() })
	return u, a
}

func newUI(t *testing.T) (*UI, *fakeSource) {
	t.Helper()
	f := &fakeSource{pending: true}
	u, err := New(f, &Options{Token: "secret-token"})
	if err != nil {
		t.Fatal(err)
	}
	return u, f
}

func do(u *UI, r *http.Request) *httptest.ResponseRecorder {
	w := httptest.NewRecorder()
	u.ServeHTTP(w, r)
	return w
}

func get(path string, hdr ...string) *http.Request {
	r := httptest.NewRequest("GET", path, nil)
	r.Host = host
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	return r
}

// cookie is the cookie that carried the token before round thirty: it
// is no token now.
const cookie = "switchboard_ui_5555=secret-token"

// tokenHeader is how the page's script sends the token.
const tokenHeader = "X-Switchboard-Token"

// TestUI_NoCookieCarriesTheToken: cookies are not isolated by port, so
// the SameSite cookie that held the token went with every request the
// browser made to another server on 127.0.0.1 from a page of that server
// (same site): a local listener of anyone's, opened in the browser,
// fetched itself and read the token. The token now comes in the URL's
// fragment, which the browser never sends; `/` without it is an empty
// shell.
func TestUI_NoCookieCarriesTheToken(t *testing.T) {
	u, a := listening(t)
	pu, err := url.Parse(a)
	if err != nil || pu.Fragment != "t=secret-token" || pu.RawQuery != "" || pu.Path != "/" {
		t.Fatalf("the page's URL %q: want the token in its fragment only", a)
	}
	jar := &cookieJar{}
	resp, err := (&http.Client{Jar: jar}).Get(a)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || len(jar.c) != 0 {
		t.Errorf("opening the page's URL: %d, cookies %v; want 200 and none", resp.StatusCode, jar.c)
	}
	for _, r := range []*http.Request{get("/"), get("/?t=secret-token")} {
		w := do(u, r)
		if w.Code != 200 || len(w.Result().Cookies()) != 0 {
			t.Errorf("GET %s: %d, cookies %v; want the shell and no cookie", r.URL, w.Code, w.Result().Cookies())
		}
		body = append(body, w.Body.Bytes()...)
	}
	for _, leak := range []string{"secret-token", "agent-one", "github", "/w/one", "pid 42"} {
		if strings.Contains(string(body), leak) {
			t.Errorf("the page without the token shows %q", leak)
		}
	}
	if w := do(u, get("/live", "Cookie", cookie)); w.Code != http.StatusForbidden {
		t.Errorf("the old cookie: %d, want 403", w.Code)
	}
}

func TestUI_PageWithTheTokenShowsEverythingEscaped(t *testing.T) {
	u, _ := newUI(t)
	w := do(u, get("/", tokenHeader, "secret-token"))
	if w.Code != 200 {
		t.Fatalf("GET / with the token: %d %s", w.Code, w.Body)
	}
	body := w.Body.String()
	for _, want := range []string{"github", "ready", "npx -y github-mcp (env: GITHUB_TOKEN)", "agent-one", "agent-two", "/w/one", "search_issues", "1.5 ms", "2.0 kB", "600", "Approve", "changed"} {
		if !strings.Contains(body, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if strings.Contains(body, "<script>alert(1)") || !strings.Contains(body, "&lt;script&gt;alert(1)") {
		t.Errorf("a diff's HTML is not escaped:\n%s", body)
	}
	for _, r := range []*http.Request{get("/"), get("/", tokenHeader, "secret-token")} {
		w := do(u, r)
		csp := w.Header().Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "frame-ancestors 'none'") || !strings.Contains(csp, "script-src 'nonce-") {
			t.Errorf("CSP: %q", csp)
		}
		if w.Header().Get("X-Frame-Options") != "DENY" || w.Header().Get("Referrer-Policy") != "same-origin" {
			t.Errorf("headers: %v", w.Header())
		}
	}
}

func TestUI_RefusesWithoutTokenOtherHostsAndOrigins(t *testing.T) {
	u, _ := newUI(t)
	for _, tc := range []struct {
		name string
		r    *http.Request
		code int
	}{
		{"no token", get("/live"), http.StatusForbidden},
		{"no token, status", get("/status.json"), http.StatusForbidden},
		{"a cookie is no token", get("/live", "Cookie", cookie), http.StatusForbidden},
		{"wrong header token", get("/live", "X-Switchboard-Token", "nope"), http.StatusForbidden},
		{"wrong header token at /", get("/", "X-Switchboard-Token", "nope"), http.StatusForbidden},
		{"another Host (DNS rebinding)", func() *http.Request { r := get("/?t=secret-token"); r.Host = "evil.example:5555"; return r }(), http.StatusMisdirectedRequest},
		{"another Origin", get("/live", tokenHeader, "secret-token", "Origin", "http://evil.example"), http.StatusForbidden},
		{"same host, https origin", get("/live", tokenHeader, "secret-token", "Origin", "https://"+host), http.StatusForbidden},
		{"cross-site fetch", get("/status.json", tokenHeader, "secret-token", "Sec-Fetch-Site", "cross-site"), http.StatusForbidden},
		{"unknown path", get("/nope", tokenHeader, "secret-token"), http.StatusNotFound},
		{"token header", get("/status.json", "X-Switchboard-Token", "secret-token"), 200},
		{"localhost", func() *http.Request {
			r := get("/live", tokenHeader, "secret-token")
			r.Host = "localhost:5555"
			return r
		}(), 200},
	} {
		if w := do(u, tc.r); w.Code != tc.code {
			t.Errorf("%s: %d, want %d (%s)", tc.name, w.Code, tc.code, strings.TrimSpace(w.Body.String()))
		}
	}
}

func post(form url.Values, hdr ...string) *http.Request {
	r := httptest.NewRequest("POST", "/approve", strings.NewReader(form.Encode()))
	r.Host = host
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	return r
}

// TestUI_ApproveNeedsSameOriginAndTheTokenInTheForm: a cross-site form
// post carries the cookie (were it not SameSite) but neither the token
// nor our Origin; none of those approve anything.
func TestUI_ApproveNeedsSameOriginAndTheTokenInTheForm(t *testing.T) {
	u, f := newUI(t)
	good := url.Values{"t": {"secret-token"}, "id": {"id:1"}, "tool": {"read"}, "key": {"k1"}}
	noToken := url.Values{"id": {"id:1"}, "tool": {"read"}, "key": {"k1"}}
	for _, tc := range []struct {
		name string
		r    *http.Request
	}{
		{"no Origin", post(good, "Cookie", cookie)},
		{"another Origin", post(good, "Cookie", cookie, "Origin", "http://evil.example")},
		{"null Origin", post(good, "Cookie", cookie, "Origin", "null")},
		{"cookie only", post(noToken, "Cookie", cookie, "Origin", "http://"+host)},
		{"wrong token", post(url.Values{"t": {"x"}, "id": {"id:1"}}, "Origin", "http://"+host)},
		{"cross-site", post(good, "Origin", "http://"+host, "Sec-Fetch-Site", "cross-site")},
	} {
		if w := do(u, tc.r); w.Code != http.StatusForbidden {
			t.Errorf("%s: %d, want 403", tc.name, w.Code)
		}
	}
	if len(f.approved) != 0 {
		t.Fatalf("refused posts approved: %q", f.approved)
	}
	if w := do(u, get("/approve", tokenHeader, "secret-token")); w.Code != http.StatusNotFound && w.Code != http.StatusMethodNotAllowed {
		t.Errorf("GET /approve: %d", w.Code)
	}
	w := do(u, post(good, "Origin", "http://"+host))
	if w.Code != 200 || !strings.Contains(w.Body.String(), "Approved 1 tool changes: changed read") {
		t.Fatalf("approve: %d\n%s", w.Code, w.Body)
	}
	if !slices.Equal(f.approved, []string{"id:1 read@k1"}) {
		t.Errorf("approved %q", f.approved)
	}
	if !strings.Contains(w.Body.String(), "No tools are waiting for approval") {
		t.Errorf("the page after approving still shows the tool as pending")
	}
	// Sec-Fetch-Site: same-origin stands in for a missing Origin.
	w = do(u, post(url.Values{"t": {"secret-token"}, "id": {"id:2"}, "tool": {"a", "b"}, "key": {"ka", "kb"}}, "Sec-Fetch-Site", "same-origin"))
	if w.Code != 200 || !slices.Equal(f.approved, []string{"id:1 read@k1", "id:2 a@ka,b@kb"}) {
		t.Errorf("approve a and b of id:2: %d, %q", w.Code, f.approved)
	}
	w = do(u, post(url.Values{"t": {"secret-token"}, "id": {"id:3"}, "digest": {"d3"}}, "Origin", "http://"+host))
	if w.Code != 200 || !slices.Equal(f.approved, []string{"id:1 read@k1", "id:2 a@ka,b@kb", "id:3 all@d3"}) {
		t.Errorf("approve all of id:3: %d, %q", w.Code, f.approved)
	}
}

// TestUI_ApproveCarriesTheKeyOfEachChangeShown: the page's forms send,
// with each tool, the key of the change it showed (Approve all: the
// digest of the changes shown), so a tool the backend changed again after the page showed it is
// not approved unseen; a form without keys (a page from before, a
// hand-made post) approves nothing.
func TestUI_ApproveCarriesTheKeyOfEachChangeShown(t *testing.T) {
	u, f := newUI(t)
	page := do(u, get("/live", tokenHeader, "secret-token")).Body.String()
	for _, want := range []string{
		`<input type="hidden" name="tool" value="read"><input type="hidden" name="key" value="k1"><button type="submit" class="approve"`,
		`<input type="hidden" name="id" value="id:1"><input type="hidden" name="digest" value="d12"><button type="submit" class="approve-all"`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s:\n%s", want, page)
		}
	}
	for _, form := range []url.Values{
		{"t": {"secret-token"}, "id": {"id:1"}},
		{"t": {"secret-token"}, "id": {"id:1"}, "tool": {"read"}},
		{"t": {"secret-token"}, "id": {"id:1"}, "tool": {"read", "write"}, "key": {"k1"}},
		{"t": {"secret-token"}, "id": {"id:1"}, "tool": {"read"}, "key": {"k1"}, "digest": {"d12"}},
	} {
		if w := do(u, post(form, "Origin", "http://"+host)); w.Code != http.StatusBadRequest || !strings.Contains(w.Body.String(), "reload the page") {
			t.Errorf("%v: %d %s", form, w.Code, w.Body)
		}
	}
	if len(f.approved) != 0 {
		t.Errorf("forms without keys approved %q", f.approved)
	}
}

func TestUI_StatusJSONAndLiveFragment(t *testing.T) {
	u, _ := newUI(t)
	w := do(u, get("/status.json", "X-Switchboard-Token", "secret-token"))
	var s Snapshot
	if err := json.Unmarshal(w.Body.Bytes(), &s); err != nil || len(s.Sessions) != 2 || s.Backends[0].Pid != 7 || s.Backends[0].Note == "" {
		t.Fatalf("status.json: %v %+v", err, s)
	}
	w = do(u, get("/live", "X-Switchboard-Token", "secret-token"))
	if b := w.Body.String(); w.Code != 200 || strings.Contains(b, "<html") || !strings.Contains(b, `id="sessions"`) || !strings.Contains(b, "restarted 4 times in a row") {
		t.Errorf("/live: %d\n%s", w.Code, b)
	}
}

// The page shows the tools' trifecta roles and the sessions' decisions,
// escaped like everything a backend or a script can influence.
func TestUI_ShowsTrifectaRolesAndDecisions(t *testing.T) {
	u, f := newUI(t)
	w := do(u, get("/live", "X-Switchboard-Token", "secret-token"))
	if b := w.Body.String(); !strings.Contains(b, `id="no-decisions"`) || strings.Contains(b, `class="role"`) {
		t.Errorf("no decisions and no roles yet:\n%s", b)
	}
	f.mu.Lock()
	f.trifecta = true
	f.mu.Unlock()
	b := do(u, get("/live", "X-Switchboard-Token", "secret-token")).Body.String()
	for _, want := range []string{`class="decision"`, "refused", "mail.send", "web.fetch", "notes.read", "sends &lt;b&gt;out&lt;/b&gt;", `class="role"`, "fetch", "untrusted", "2 more tools with no role"} {
		if !strings.Contains(b, want) {
			t.Errorf("live fragment lacks %q:\n%s", want, b)
		}
	}
	if strings.Contains(b, "<b>out</b>") {
		t.Error("a decision's reason is not escaped")
	}
}

func TestUI_ListenServesOnLoopbackOnce(t *testing.T) {
	u, _ := newUI(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a, err := u.Listen(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer u.Close()
	b, _ := u.Listen(ctx)
	pu, err := url.Parse(a)
	if err != nil || a != b || !strings.HasPrefix(pu.Host, "127.0.0.1:") {
		t.Fatalf("URLs %q, %q", a, b)
	}
	req, _ := http.NewRequest("GET", "http://"+pu.Host+"/status.json", nil)
	req.Header.Set(tokenHeader, strings.TrimPrefix(pu.Fragment, "t="))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 {
		t.Errorf("status.json with the URL's token: %d", resp.StatusCode)
	}
}

// cookieJar keeps cookies by host (enough for one server).
type cookieJar struct {
	mu sync.Mutex
	c  []*http.Cookie
}

func (j *cookieJar) SetCookies(u *url.URL, cs []*http.Cookie) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.c = append(j.c, cs...)
}

func (j *cookieJar) Cookies(u *url.URL) []*http.Cookie {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.c
}

// countHandler counts the log records it gets and keeps the last.
type countHandler struct {
	mu   sync.Mutex
	n    int
	last slog.Record
}

func (h *countHandler) Enabled(context.Context, slog.Level) bool { return true }
func (h *countHandler) Handle(_ context.Context, r slog.Record) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.n++
	h.last = r.Clone()
	return nil
}
func (h *countHandler) WithAttrs([]slog.Attr) slog.Handler { return h }
func (h *countHandler) WithGroup(string) slog.Handler      { return h }

// Refused requests are each answered, but logged only at the 1st, 10th,
// 100th... with the count: each wrote a line to the daemon's log, which
// nothing rotates while it runs, so anyone reaching the port (another
// local user too) could fill the disk with requests naming another Host.
func TestUI_RefusalsDoNotFloodTheLog(t *testing.T) {
	h := &countHandler{}
	u, err := New(&fakeSource{}, &Options{Token: "secret-token", Logger: slog.New(h)})
	if err != nil {
		t.Fatal(err)
	}
	for range 1000 {
		r := get("/")
		r.Host = "evil.example:5555"
		if w := do(u, r); w.Code != http.StatusMisdirectedRequest {
			t.Fatalf("another Host: %d", w.Code)
		}
	}
	var refused int64
	h.last.Attrs(func(a slog.Attr) bool {
		if a.Key == "refused" {
			refused = a.Value.Int64()
		}
		return true
	})
	if h.n != 4 || refused != 1000 {
		t.Errorf("1000 refusals made %d log lines, the last counting %d; want 4 (1st, 10th, 100th, 1000th), the last counting 1000", h.n, refused)
	}
}

// TestUI_ARowsTimeIsADateAndTime: a call's and a decision's tooltip was
// time.Time's String, "2026-12-06 18:38:07.698315668 +0000 UTC
// m=+0.166519356", the monotonic clock's reading included.
func TestUI_ARowsTimeIsADateAndTime(t *testing.T) {
	u, src := newUI(t)
	src.trifecta = true
	body := do(u, get("/", tokenHeader, "secret-token")).Body.String()
	if strings.Contains(body, "m=&#43;") || strings.Contains(body, "m=+") {
		t.Errorf("a tooltip holds the monotonic clock's reading:\n%s", body)
	}
	want := `title="` + time.Now().Local().Format("2006-01-02 ")
	if n := strings.Count(body, want); n != 2 {
		t.Errorf("%d tooltips of the form %s…, want 2 (a call and a decision)", n, want)
	}
}
