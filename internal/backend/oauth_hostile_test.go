package backend

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/oauth"
	"github.com/switchboard-mcp/switchboard/internal/oauth/oauthtest"
)

// loginErr signs in to fake as `switchboard login` does and returns the
// error.
func loginErr(t *testing.T, spec *config.Server, dir string, rt http.RoundTripper) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	b, err := Start(ctx, spec, &Options{HTTPTransport: rt, OAuth: &OAuthOptions{Dir: dir, Fetch: oauthtest.Follow, RedirectURL: "http://127.0.0.1:7777/callback", Fresh: true}})
	if b != nil {
		b.Close()
	}
	return err
}

// A hostile authorization server's words reach the terminal `switchboard
// login` prints to: an error_description or a registration error with
// escape sequences and line breaks, 200 kB long, comes out short and
// without control characters; a token answer without access_token, or
// with one of the wrong type, is named readably.
func TestOAuth_HostileAuthorizationServerAnswersAreReadable(t *testing.T) {
	evil := strings.Repeat(`evil\u001b[2J\u001b]0;owned\u0007\r\n\u202e`, 5000)
	tests := []struct {
		name  string
		setup func(*oauthtest.Server)
		want  string
	}{
		{"token error description", func(f *oauthtest.Server) {
			f.Token = func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(400)
				fmt.Fprintf(w, `{"error":"invalid_grant\u001b[2J","error_description":"%s"}`, evil)
			}
		}, "refused to issue access: invalid_grant?[2J (evil?[2J?]0;owned?  ?evil"},
		{"registration error body", func(f *oauthtest.Server) {
			f.Metadata = func(m map[string]any) { m["registration_endpoint"] = f.URL + "/bad-register" }
			f.Config.Handler.(*http.ServeMux).HandleFunc("POST /bad-register", func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(500)
				fmt.Fprint(w, strings.ReplaceAll(strings.ReplaceAll(evil, `\u001b`, "\x1b"), `\r\n`, "\r\n"))
			})
		}, "registration failed with status 500 Internal Server Error: evil?[2J"},
		{"no access_token", func(f *oauthtest.Server) {
			f.TokenResponse = func(m map[string]any) { delete(m, "access_token") }
		}, "the authorization server answered the code exchange without an access_token"},
		{"access_token not a string", func(f *oauthtest.Server) {
			f.TokenResponse = func(m map[string]any) { m["access_token"] = 5 }
		}, `the authorization server's answer to the code exchange is not valid: its "access_token" is a JSON number, not a string`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fake, spec, dir := oauthSetup(t)
			tt.setup(fake)
			err := loginErr(t, spec, dir, nil)
			if err == nil {
				t.Fatal("the sign-in succeeded")
			}
			msg := err.Error()
			if !strings.Contains(msg, tt.want) {
				t.Errorf("error %q\nwant it to contain %q", msg[:min(len(msg), 600)], tt.want)
			}
			if len(msg) > 2000 || strings.ContainsAny(msg, "\x1b\r\n\a\u202e") {
				t.Errorf("error of %d bytes with control characters: %q", len(msg), msg[:min(len(msg), 300)])
			}
		})
	}
}

// recordingTransport records requests to hosts other than 127.0.0.1
// and answers them 400.
type recordingTransport struct {
	mu   sync.Mutex
	seen []string
}

func (rt *recordingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.Hostname() == "127.0.0.1" {
		return http.DefaultTransport.RoundTrip(r)
	}
	rt.mu.Lock()
	rt.seen = append(rt.seen, r.Method+" "+r.URL.String())
	rt.mu.Unlock()
	return &http.Response{StatusCode: 400, Status: "400 Bad Request", Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(strings.NewReader(`{"error":"invalid_request"}`)), Request: r}, nil
}

// Metadata naming a clear-text or non-web endpoint is refused before
// anything (a code, a verifier, a secret) is sent to it, naming the
// field.
func TestOAuth_MetadataWithInsecureEndpointsSendsNothing(t *testing.T) {
	for _, field := range []string{"token_endpoint", "authorization_endpoint", "registration_endpoint"} {
		for _, u := range []string{"http://as.example/x", "javascript:alert(1)", "file:///etc/passwd", "https://as.example/x\x1b[2J"} {
			t.Run(field+" "+u, func(t *testing.T) {
				fake, spec, dir := oauthSetup(t)
				fake.Metadata = func(m map[string]any) { m[field] = u }
				rt := &recordingTransport{}
				err := loginErr(t, spec, dir, rt)
				if err == nil || !strings.Contains(err.Error(), field) || strings.Contains(err.Error(), "***") {
					t.Errorf("err = %v, want the field named, nothing masked", err)
				}
				if len(rt.seen) > 0 {
					t.Errorf("requests sent to the endpoint: %v", rt.seen)
				}
			})
		}
	}
}

// A token that expires at once (or is of another type than Bearer) does
// not stop the backend: each use refreshes it (one refresh per request,
// no loop).
func TestOAuth_TokenThatExpiresAtOnceIsRefreshedPerUse(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	fake.TokenResponse = func(m map[string]any) { m["expires_in"] = -5 }
	if err := loginErr(t, spec, dir, nil); err != nil {
		t.Fatal(err)
	}
	before := fake.Stats().Refreshes
	b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := b.ListTools(context.Background()); err != nil {
		t.Fatal(err)
	}
	if n := fake.Stats().Refreshes - before; n == 0 || n > 10 {
		t.Errorf("%d refreshes for a start and one list, want a few", n)
	}
}

// An authorization server whose token endpoint redirects to itself for
// ever is given up on after 10 redirects, naming the cause.
func TestOAuth_RedirectLoopEnds(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	var hits atomic.Int32
	fake.Token = func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, fake.URL+"/token", http.StatusTemporaryRedirect)
	}
	err := loginErr(t, spec, dir, nil)
	if err == nil || !strings.Contains(err.Error(), "redirected 10 times") {
		t.Errorf("err = %v, want the redirects named", err)
	}
	// oauth2 tries both ways of sending the client's credentials.
	if n := hits.Load(); n > 22 {
		t.Errorf("%d token requests, want at most 2 × (1 + 10 redirects)", n)
	}
}

// A token endpoint that redirects (307, which keeps the method and body)
// to another origin would hand that origin the form it was sent: the
// code and PKCE verifier, the refresh token, a client secret. Neither a
// sign-in nor a refresh follows it; the other origin gets nothing.
func TestOAuth_TokenEndpointRedirectToAnotherOriginSendsNothing(t *testing.T) {
	var mu sync.Mutex
	var got []string
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		mu.Lock()
		got = append(got, string(body)+" "+r.Header.Get("Authorization"))
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"access_token":"stolen-access","token_type":"Bearer","refresh_token":"stolen-refresh","expires_in":3600}`)
	}))
	defer other.Close()
	// Same host, other port: another origin.
	elsewhere := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)
	redirect := func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, elsewhere+"/token", http.StatusTemporaryRedirect)
	}
	t.Run("code exchange", func(t *testing.T) {
		fake, spec, dir := oauthSetup(t)
		fake.Token = redirect
		err := loginErr(t, spec, dir, nil)
		if err == nil || !strings.Contains(err.Error(), "refusing a redirect of the authorization server's") || strings.Contains(err.Error(), "***") {
			t.Errorf("err = %v, want the redirect named, nothing masked", err)
		}
	})
	t.Run("refresh", func(t *testing.T) {
		fake, spec, dir := oauthSetup(t)
		fake.ExpiresIn = 5 * time.Second // expired at once (oauth2's margin is 10 s)
		login(t, spec, dir, nil)
		fake.Token = redirect
		b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
		if err == nil {
			b.ListTools(context.Background())
			b.Close()
		}
	})
	mu.Lock()
	defer mu.Unlock()
	if len(got) > 0 {
		t.Errorf("the other origin got %d token requests: %q", len(got), got)
	}
}

// A refresh the authorization server refuses (400 invalid_grant: the
// refresh token was revoked or spent; 401 invalid_client) asks for
// `switchboard login`; one
// it fails to answer (500, 429) says the server failed and to try again,
// not to sign in again. Both are words a person can read: it was
// "oauth2: *** fetch token: *** Internal Server Error", masked as a
// credential, naming neither the refresh nor the command.
func TestOAuth_FailedRefreshSaysWhatToDo(t *testing.T) {
	tests := []struct {
		code      int
		body      string
		needLogin bool
		want      string
	}{
		{400, `{"error":"invalid_grant","error_description":"refresh token revoked"}`, true, "run `switchboard login notion`"},
		{401, `{"error":"invalid_client"}`, true, "refused: invalid_client): run `switchboard login notion`"},
		{500, `<html>down</html>`, false, "500 Internal Server Error"},
		{429, `slow down`, false, "429 Too Many Requests"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprint(tt.code), func(t *testing.T) {
			fake, spec, dir := oauthSetup(t)
			fake.ExpiresIn = 5 * time.Second // expired at once (oauth2's margin is 10 s)
			login(t, spec, dir, nil)
			fake.Token = func(w http.ResponseWriter, r *http.Request) {
				if strings.HasPrefix(tt.body, "{") {
					w.Header().Set("Content-Type", "application/json")
				}
				w.WriteHeader(tt.code)
				fmt.Fprint(w, tt.body)
			}
			b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
			if err == nil {
				_, err = b.ListTools(context.Background())
				b.Close()
			}
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if errors.Is(err, ErrNeedsLogin) != tt.needLogin || !strings.Contains(msg, tt.want) || (tt.code != 400 && !strings.Contains(msg, "refresh")) || strings.Contains(msg, "***") {
				t.Errorf("error %q (needs login: %v)\nwant one naming the refresh and %q, needs login %v, nothing masked", msg, errors.Is(err, ErrNeedsLogin), tt.want, tt.needLogin)
			}
		})
	}
}

// A server given its own credential (X-Api-Key) that answers 401 without
// a Bearer challenge refused the credential: the error says so, naming
// the header, not its value. It said "needs you to sign in: run
// `switchboard login`", and login then failed at a client registration
// the server does not offer. With a Bearer challenge it is a sign-in.
func TestOAuth_StaticCredentialRefusedWithoutChallengeIsNotALogin(t *testing.T) {
	for _, challenge := range []string{"", `Bearer resource_metadata="http://127.0.0.1:1/x"`} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if challenge != "" {
				w.Header().Set("WWW-Authenticate", challenge)
			}
			http.Error(w, `{"error": "bad key"}`, http.StatusUnauthorized)
		}))
		spec := &config.Server{Name: "keyed", Type: config.HTTP, URL: srv.URL + "/mcp", Headers: map[string]string{"X-Api-Key": "wrong-key-value-123"}}
		_, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: t.TempDir() + "/oauth"}})
		srv.Close()
		if err == nil || strings.Contains(err.Error(), "wrong-key-value-123") {
			t.Fatalf("challenge %q: err = %v", challenge, err)
		}
		if challenge != "" {
			if !errors.Is(err, ErrNeedsLogin) {
				t.Errorf("with a Bearer challenge: %v, want ErrNeedsLogin", err)
			}
			continue
		}
		if errors.Is(err, ErrNeedsLogin) || !strings.Contains(err.Error(), `backend "keyed" refused its credentials (401 Unauthorized`) || !strings.Contains(err.Error(), "headers X-Api-Key") {
			t.Errorf("without a challenge: %v, want the credential refused, naming the header", err)
		}
	}
}

// A sign-in's requests to the authorization side follow no redirect to
// an address of a private network (the LAN, 169.254.169.254, CGNAT, an
// IPv6 ULA): the SDK refuses those for its discovery, but our
// CheckRedirect replaced its own, and a hostile server's metadata sent
// `switchboard login` to GET whatever the user's network holds.
func TestOAuth_NoRedirectIntoAPrivateNetwork(t *testing.T) {
	for _, to := range []string{"https://10.0.0.1/prm", "https://169.254.169.254/latest/meta-data", "https://[fd00::1]/prm", "https://100.64.0.1/prm"} {
		t.Run(to, func(t *testing.T) {
			var srv *httptest.Server
			srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				switch r.URL.Path {
				case "/mcp":
					w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+srv.URL+`/.well-known/oauth-protected-resource/mcp"`)
					w.WriteHeader(http.StatusUnauthorized)
				default: // every metadata document moved into the LAN
					http.Redirect(w, r, to, http.StatusFound)
				}
			}))
			defer srv.Close()
			rt := &recordingTransport{}
			err := loginErr(t, &config.Server{Name: "notion", Type: config.HTTP, URL: srv.URL + "/mcp"}, t.TempDir(), rt)
			if err == nil || !strings.Contains(err.Error(), "into a private network") {
				t.Fatalf("err = %v, want the redirect refused", err)
			}
			if len(rt.seen) > 0 {
				t.Errorf("requests sent into the private network: %v", rt.seen)
			}
		})
	}
}

// A client secret written in the config (not through ${env:} or
// ${file:}) was not among the backend's secrets: a token endpoint that
// quoted it in its error_description had it printed by `switchboard
// login`, logged and put in the start error.
func TestOAuth_AConfiguredClientSecretEchoedIsHidden(t *testing.T) {
	const secret = "literal-s3cret-value"
	fake, spec, dir := oauthSetup(t)
	fake.AddClient("cid", "http://127.0.0.1:7777/callback")
	spec.OAuth = &config.OAuth{ClientID: "cid", ClientSecret: secret}
	fake.Token = func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		_, p, _ := r.BasicAuth()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"error":"invalid_client","error_description":"client secret %s is wrong"}`, p+r.PostForm.Get("client_secret"))
	}
	err := loginErr(t, spec, dir, nil)
	if err == nil || !strings.Contains(err.Error(), "invalid_client (client secret *** is wrong)") {
		t.Errorf("error %v, want the refusal with the secret masked", err)
	}
	if err != nil && strings.Contains(err.Error(), secret) {
		t.Errorf("the client secret is in the error: %v", err)
	}
}

// A server that refuses every token, the one just issued included, had
// `switchboard login` send the user to the authorization server once per
// request (twice: the discovery, then initialize), each a new sign-in,
// and then fail with "Unauthorized". One sign-in is asked for now, and
// the error says the server refused its token.
func TestOAuth_AServerRefusingTheNewTokenIsNotSignedInToAgain(t *testing.T) {
	fake := oauthtest.New(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer fake.Close()
	spec := &config.Server{Name: "notion", Type: config.HTTP, URL: fake.MCPURL}
	err := loginErr(t, spec, t.TempDir(), nil)
	if s := fake.Stats(); s.Authorizations != 1 {
		t.Errorf("%d sign-ins asked for, want 1", s.Authorizations)
	}
	if err == nil || !strings.Contains(err.Error(), `backend "notion" refused the access token of the sign-in just made (401 Unauthorized again)`) {
		t.Errorf("error %v, want it to say the server refused the new token", err)
	}
}

// Protected resource metadata naming a clear-text authorization server
// (http:// not on loopback) is refused by the SDK before anything is
// asked of it; one on another https origin is asked (an authorization
// server usually has an origin of its own), over https only.
func TestOAuth_ResourceMetadataNamingAClearTextServerSendsItNothing(t *testing.T) {
	for _, as := range []string{"http://as.example", "https://as.example"} {
		var ts *httptest.Server
		ts = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if strings.HasPrefix(r.URL.Path, "/.well-known/oauth-protected-resource") {
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprintf(w, `{"resource":%q,"authorization_servers":[%q]}`, ts.URL+"/mcp", as)
				return
			}
			if r.URL.Path == "/mcp" {
				w.Header().Set("WWW-Authenticate", `Bearer resource_metadata="`+ts.URL+`/.well-known/oauth-protected-resource/mcp"`)
				w.WriteHeader(http.StatusUnauthorized)
				return
			}
			http.NotFound(w, r)
		}))
		rt := &recordingTransport{}
		err := loginErr(t, &config.Server{Name: "notion", Type: config.HTTP, URL: ts.URL + "/mcp"}, t.TempDir(), rt)
		ts.Close()
		if err == nil {
			t.Errorf("%s: the sign-in succeeded", as)
		}
		rt.mu.Lock()
		for _, s := range rt.seen {
			if strings.Contains(s, "http://as.example") {
				t.Errorf("%s: sent %s", as, s)
			}
		}
		if as == "https://as.example" && len(rt.seen) == 0 {
			t.Errorf("%s: the authorization server was never asked", as)
		}
		rt.mu.Unlock()
	}
}

// TestOAuth_AnAnswerOverTheBoundIsNamed: an authorization server's
// metadata, registration or token answer of 5 MB failed the sign-in
// with the SDK's words for a body cut short ("unexpected EOF",
// "unexpected end of JSON input"): the SDK stops at the same 1 MiB as
// our cap, whose error was never reached. Ours stops a byte sooner, and
// the sign-in's error names the URL and the bound.
func TestOAuth_AnAnswerOverTheBoundIsNamed(t *testing.T) {
	huge := strings.Repeat("x", 5<<20)
	for _, tt := range []struct {
		name  string
		setup func(*oauthtest.Server)
	}{
		{"metadata", func(f *oauthtest.Server) { f.Metadata = func(m map[string]any) { m["x"] = huge } }},
		{"token", func(f *oauthtest.Server) { f.TokenResponse = func(m map[string]any) { m["access_token"] = huge } }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fake, spec, dir := oauthSetup(t)
			tt.setup(fake)
			err := loginErr(t, spec, dir, nil)
			if err == nil || !strings.Contains(err.Error(), "1048576 bytes or more, past what a sign-in reads of an authorization server's answer") {
				t.Errorf("err = %.600v; want the bound named", err)
			}
		})
	}
}

// TestOAuth_ATokenNoHeaderCanCarryIsNamed: an access token holding a
// line break and ESC failed every request with Go's "net/http: invalid
// header field value for \"Authorization\"", naming neither the server
// nor the token's source. The error now says the sign-in's token is
// broken and what to run, and shows nothing of the token.
func TestOAuth_ATokenNoHeaderCanCarryIsNamed(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	fake.TokenResponse = func(m map[string]any) { m["access_token"] = "tok-\x1b[2J\nX-Injected: 1" }
	err := loginErr(t, spec, dir, nil)
	want := "backend \"notion\": the access token of its sign-in holds a control character or a line break, which no HTTP request can carry (its authorization server issued a broken token): sign in again with `switchboard login notion`"
	if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "Injected") {
		t.Errorf("err = %.600v; want %q, and nothing of the token", err, want)
	}
}

// TestOAuth_AFailedSignInIsNotAskedForAgain: a token endpoint answering
// an HTML page failed the sign-in made for the SDK's first request (its
// server/discover probe), which the SDK then took for a server of an
// older protocol: its initialize was refused 401 in turn, and `login`
// printed a second sign-in URL and waited for it, the first failure
// unsaid. The failure is the start's error now, after one sign-in.
func TestOAuth_AFailedSignInIsNotAskedForAgain(t *testing.T) {
	fake, spec, dir := oauthSetup(t)
	fake.Token = func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<html>oops</html>")
	}
	err := loginErr(t, spec, dir, nil)
	if s := fake.Stats(); s.Authorizations != 1 {
		t.Errorf("%d sign-ins asked for, want 1", s.Authorizations)
	}
	if err == nil || !strings.Contains(err.Error(), "the authorization server's answer to the code exchange is not JSON") {
		t.Errorf("error %v, want it to say the token answer is not valid", err)
	}
}

// TestOAuth_ATokenTooBigToStoreKeepsTheSignInBefore: a refresh answered
// with tokens that make a record over what the store reads (an answer
// 300 bytes under the 1 MiB a sign-in reads, and the record's other
// fields) replaced the good record with one every later read refused, so
// the next process had to sign in again. The refreshed token is used by
// this process, the log says it could not be stored, and the record
// before it is kept; a sign-in that gets such tokens fails naming the
// server.
func TestOAuth_ATokenTooBigToStoreKeepsTheSignInBefore(t *testing.T) {
	big := func(m map[string]any) { m["refresh_token"] = strings.Repeat("x", 1<<20-300) }
	t.Run("refresh", func(t *testing.T) {
		fake, spec, dir := oauthSetup(t)
		fake.ExpiresIn = 5 * time.Second // below oauth2's 10 s margin: expired at once
		login(t, spec, dir, nil)
		st := &oauth.Store{Dir: dir}
		before, err := st.Load("notion", spec.URL)
		if err != nil || before == nil {
			t.Fatalf("stored sign-in: %v %v", before != nil, err)
		}
		fake.ExpiresIn = time.Hour
		fake.TokenResponse = big
		var logs bytes.Buffer
		b, err := Start(context.Background(), spec, &Options{Logger: slog.New(slog.NewTextHandler(&logs, nil)), OAuth: &OAuthOptions{Dir: dir}})
		if err != nil {
			t.Fatalf("start: %v", err)
		}
		defer b.Close()
		call(t, b, "big", `{"bytes":1}`)
		if !strings.Contains(logs.String(), "cannot be stored") || !strings.Contains(logs.String(), "the store reads") {
			t.Errorf("the log does not say the token could not be stored: %.600s", logs.String())
		}
		after, err := st.Load("notion", spec.URL)
		if err != nil || after == nil || after.AccessToken != before.AccessToken {
			t.Errorf("the sign-in before the refresh was not kept: %v, %.300v", after != nil, err)
		}
	})
	t.Run("sign-in", func(t *testing.T) {
		fake, spec, dir := oauthSetup(t)
		fake.TokenResponse = big
		err := loginErr(t, spec, dir, nil)
		if err == nil || !strings.Contains(err.Error(), `saving the sign-in of "notion"`) || !strings.Contains(err.Error(), "the store reads") {
			t.Errorf("err = %.600v; want the server and the bound named", err)
		}
	})
}
