package backend

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/filelock"
	"github.com/switchboard-mcp/switchboard/internal/oauth"
	"github.com/switchboard-mcp/switchboard/internal/oauth/oauthtest"
)

// oauthSetup is a protected MCP server and a store directory.
func oauthSetup(t *testing.T) (*oauthtest.Server, *config.Server, string) {
	t.Helper()
	fake := oauthtest.New(mcpHandler(false))
	t.Cleanup(fake.Close)
	return fake, &config.Server{Name: "notion", Type: config.HTTP, URL: fake.MCPURL}, filepath.Join(t.TempDir(), "oauth")
}

// login signs in as `switchboard login` does, with the redirect
// followed by an http.Client.
func login(t *testing.T, spec *config.Server, dir string, logs *bytes.Buffer) {
	t.Helper()
	o := &Options{OAuth: &OAuthOptions{Dir: dir, Fetch: oauthtest.Follow, RedirectURL: "http://127.0.0.1:7777/callback", Fresh: true}}
	if logs != nil {
		o.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	b, err := Start(context.Background(), spec, o)
	if err != nil {
		t.Fatalf("login: %v", err)
	}
	b.Close()
}

func TestOAuth_NeedsLoginNamesTheCommand(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	_, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if !errors.Is(err, ErrNeedsLogin) {
		t.Fatalf("err = %v, want ErrNeedsLogin", err)
	}
	const want = "backend \"notion\" needs you to sign in: run `switchboard login notion`"
	if err.Error() != want {
		t.Errorf("err = %q\nwant  %q", err, want)
	}
	if s := fake.Stats(); s.Registrations != 0 || s.Authorizations != 0 {
		t.Errorf("a start without login registered or authorized: %+v", s)
	}
}

func TestOAuth_LoginStoresTokensThatLaterStartsUse(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	login(t, spec, dir, nil)
	if s := fake.Stats(); s.Registrations != 1 || s.CodeGrants != 1 {
		t.Fatalf("login: %+v, want one registration and one code grant", s)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 1 {
		t.Fatalf("store holds %v, want one file", files)
	}
	for p, want := range map[string]os.FileMode{dir: 0o700, files[0]: 0o600} {
		if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != want {
			t.Errorf("%s: mode %v (%v), want %v", p, fi.Mode().Perm(), err, want)
		}
	}
	// Default options find the store under $XDG_STATE_HOME.
	state := filepath.Dir(filepath.Dir(dir))
	if err := os.MkdirAll(filepath.Join(state, "switchboard"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(dir, filepath.Join(state, "switchboard", "oauth")); err != nil {
		t.Fatal(err)
	}
	b, err := Start(context.Background(), spec, &Options{Env: []string{"XDG_STATE_HOME=" + state}})
	if err != nil {
		t.Fatalf("start with the stored sign-in: %v", err)
	}
	defer b.Close()
	if got := call(t, b, "big", `{"bytes":3}`); got != "xxx" {
		t.Errorf("call = %q", got)
	}
	if s := fake.Stats(); s.CodeGrants != 1 || s.Registrations != 1 {
		t.Errorf("the stored sign-in was not reused: %+v", s)
	}
}

func TestOAuth_RefreshesAnExpiredTokenAndStoresTheNewOne(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	fake.ExpiresIn = 5 * time.Second // below oauth2's 10 s margin: expired at once
	login(t, spec, dir, nil)
	st := &oauth.Store{Dir: dir}
	before, err := st.Load("notion", spec.URL)
	if err != nil || before == nil {
		t.Fatalf("stored sign-in: %v %v", before, err)
	}
	fake.ExpireAccess() // the server agrees the old token is spent
	b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if err != nil {
		t.Fatalf("start: %v", err)
	}
	defer b.Close()
	call(t, b, "big", `{"bytes":1}`)
	if fake.Stats().Refreshes == 0 {
		t.Fatal("no refresh happened")
	}
	after, _ := st.Load("notion", spec.URL)
	if after == nil || after.AccessToken == before.AccessToken || after.RefreshToken == before.RefreshToken {
		t.Errorf("the refreshed token was not stored (before %v, after %v)", before != nil, after != nil)
	}
}

func TestOAuth_RevokedSignInNeedsLoginAgain(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	login(t, spec, dir, nil)
	fake.RevokeAll()
	_, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if !errors.Is(err, ErrNeedsLogin) || !strings.Contains(err.Error(), "run `switchboard login notion`") {
		t.Fatalf("err = %v, want a needs-login error naming the command", err)
	}
}

func TestOAuth_TokensNeverInLogsOrErrors(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	fake.ExpiresIn = 5 * time.Second
	var logs bytes.Buffer
	login(t, spec, dir, &logs)
	b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir},
		Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	if err != nil {
		t.Fatal(err)
	}
	_, callErr := b.CallTool(context.Background(), "no-such-tool", nil)
	b.Close()
	fake.RevokeAll()
	_, startErr := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	rec, _ := (&oauth.Store{Dir: dir}).Load("notion", spec.URL)
	if rec == nil {
		t.Fatal("no stored sign-in")
	}
	for _, tok := range []string{rec.AccessToken, rec.RefreshToken} {
		for what, text := range map[string]string{"logs": logs.String(), "call error": errText(callErr), "start error": errText(startErr)} {
			if strings.Contains(text, tok) {
				t.Errorf("%s contain a token: %s", what, text)
			}
		}
	}
	if strings.Contains(b.Secrets().String(rec.AccessToken), rec.AccessToken) {
		t.Error("the access token is not among the backend's secrets")
	}
}

func TestOAuth_StaticAuthorizationHeaderMeansNoSignIn(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	spec.Headers = map[string]string{"Authorization": "Bearer wrong-static-token-value"}
	_, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir, Fetch: oauthtest.Follow, RedirectURL: "http://127.0.0.1:7777/callback"}})
	if err == nil || errors.Is(err, ErrNeedsLogin) {
		t.Fatalf("err = %v, want a plain unauthorized error", err)
	}
	if s := fake.Stats(); s.Registrations != 0 || s.Authorizations != 0 {
		t.Errorf("signed in despite a static Authorization header: %+v", s)
	}
	if strings.Contains(err.Error(), "wrong-static-token-value") {
		t.Errorf("error shows the header: %v", err)
	}
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func TestOAuth_SSEBackendSignsInAndUsesTheStoredToken(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "legacy", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "big", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "sse"}}}, nil
	})
	fake := oauthtest.New(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	defer fake.Close()
	spec := &config.Server{Name: "legacy", Type: config.SSE, URL: fake.MCPURL}
	dir := filepath.Join(t.TempDir(), "oauth")
	_, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if !errors.Is(err, ErrNeedsLogin) || !strings.Contains(err.Error(), "run `switchboard login legacy`") {
		t.Fatalf("before login: %v, want a needs-login error naming the command", err)
	}
	login(t, spec, dir, nil)
	b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if err != nil {
		t.Fatalf("start with the stored sign-in: %v", err)
	}
	defer b.Close()
	if got := call(t, b, "big", "{}"); got != "sse" {
		t.Errorf("call = %q", got)
	}
	if s := fake.Stats(); s.CodeGrants != 1 {
		t.Errorf("%+v, want exactly one code grant (the login)", s)
	}
}

func TestOAuth_LogoutWhileRunningStopsRefreshing(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	fake.ExpiresIn = 5 * time.Second // every use refreshes
	login(t, spec, dir, nil)
	b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if had, err := Logout(spec, &Options{OAuth: &OAuthOptions{Dir: dir}}); !had || err != nil {
		t.Fatalf("Logout = %v, %v", had, err)
	}
	_, err = b.CallTool(context.Background(), "big", nil)
	if !errors.Is(err, ErrNeedsLogin) || !strings.Contains(err.Error(), "switchboard login notion") {
		t.Errorf("call after logout: %v, want a needs-login error", err)
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.json")); len(files) != 0 {
		t.Errorf("a refresh after logout wrote the sign-in back: %v", files)
	}
}

func TestElicit_AnswersTheBackendsRequest(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "asks", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "ask", InputSchema: map[string]any{"type": "object"}}, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "ok?", RequestedSchema: map[string]any{"type": "object", "properties": map[string]any{"yes": map[string]any{"type": "boolean"}}}})
		if err != nil {
			return nil, err
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Action}}}, nil
	})
	ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	defer ts.Close()
	spec := &config.Server{Name: "asks", Type: config.HTTP, URL: ts.URL}
	b, err := Start(context.Background(), spec, &Options{ProtocolVersion: "2025-11-25",
		Elicit: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"yes": true}}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if got := call(t, b, "ask", "{}"); got != "accept" {
		t.Errorf("call = %q, want the handler's answer", got)
	}
}

func TestOAuth_TwoProcessesShareRotatingRefreshTokens(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	fake.ExpiresIn = 5 * time.Second // every use refreshes; the fake rotates refresh tokens
	login(t, spec, dir, nil)
	var bs []*Backend
	for range 2 { // two serve processes, one store
		b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		bs = append(bs, b)
	}
	for i := range 3 {
		for j, b := range bs {
			if _, err := b.CallTool(context.Background(), "big", nil); err != nil {
				t.Fatalf("round %d, backend %d: %v (a refresh token rotated by the other was reused)", i, j, err)
			}
		}
	}
}

func TestOAuth_ConfiguredClientAndScopes(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	const redirect = "http://127.0.0.1:7777/callback"
	fake.AddClient("pre-registered", redirect)
	spec.OAuth = &config.OAuth{ClientID: "pre-registered", Scopes: []string{"tools", "extra"}}
	b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir, Fetch: oauthtest.Follow, RedirectURL: redirect}})
	if err != nil {
		t.Fatal(err)
	}
	b.Close()
	s := fake.Stats()
	if s.Registrations != 0 || s.CodeGrants != 1 {
		t.Errorf("%+v: want the configured client used, not a registration", s)
	}
	// A scope is a set (RFC 6749 3.3): the SDK may reorder it, and add
	// offline_access for a refresh token.
	got := strings.Fields(s.Scope)
	if !slices.Contains(got, "tools") || !slices.Contains(got, "extra") || len(got) > 3 {
		t.Errorf("scope = %q, want the configured scopes", s.Scope)
	}
	rec, _ := (&oauth.Store{Dir: dir}).Load("notion", spec.URL)
	if rec == nil || rec.ClientID != "pre-registered" {
		t.Errorf("stored record: %+v", rec)
	}
}

func TestOAuth_RefusedCodeExchangeIsReadable(t *testing.T) {
	_, spec, dir := oauthSetup(t)
	// A follower that hands back a code the server never issued.
	bad := func(ctx context.Context, a *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
		r, err := oauthtest.Follow(ctx, a)
		if r != nil {
			r.Code = "forged"
		}
		return r, err
	}
	_, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir, Fetch: bad, RedirectURL: "http://127.0.0.1:7777/callback"}})
	if err == nil || !strings.Contains(err.Error(), "refused to issue access: invalid_grant") {
		t.Errorf("err = %v, want the OAuth error code named", err)
	}
}

// TestOAuth_ARefreshWaitingForAnotherProcessEndsInTheRequestsTime: while
// another process refreshed the same sign-in (holding its lock), a start
// with little time left waited the lock's own 10 s and then said the
// authorization server had not answered. The wait ends with the start's
// time now, naming the server and the lock file.
func TestOAuth_ARefreshWaitingForAnotherProcessEndsInTheRequestsTime(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	fake.ExpiresIn = 5 * time.Second // below oauth2's 10 s margin: expired at once
	login(t, spec, dir, nil)
	fake.ExpireAccess()
	refreshes := fake.Stats().Refreshes
	p := (&oauth.Store{Dir: dir}).Path("notion", spec.URL)
	l, err := filelock.Lock(p, 0) // the other process, refreshing
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), 500*time.Millisecond)
	defer cancel()
	b, err := Start(ctx, spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if err == nil {
		b.Close()
		t.Fatal("started without the refreshed token")
	}
	if errors.Is(err, filelock.ErrTimeout) || !errors.Is(err, oauth.ErrBusy) {
		t.Fatalf("err = %v; want the wait ended by the start's time, not the lock's timeout", err)
	}
	for _, want := range []string{`backend "notion"`, "another switchboard process is refreshing it", p + ".lock"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("err = %v; want it to say %q", err, want)
		}
	}
	if fake.Stats().Refreshes != refreshes {
		t.Errorf("refreshed while another process held the lock")
	}
}
