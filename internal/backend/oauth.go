package backend

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/oauth"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"golang.org/x/oauth2"
)

// signInTimeout bounds each request to an authorization server
// (metadata, registration, code exchange, refresh); tests shorten it.
var signInTimeout = 30 * time.Second

// ErrNeedsLogin means a remote backend asked for an OAuth sign-in that
// only the user can give: the error's text names the command
// (`switchboard login NAME`).
var ErrNeedsLogin = errors.New("needs sign-in")

// OAuthOptions configure the OAuth sign-in of remote backends. The zero
// value (and a nil *OAuthOptions) uses stored sign-ins only, refreshing
// their tokens as needed, and fails a backend that needs a new one with
// ErrNeedsLogin.
type OAuthOptions struct {
	// Dir holds the stored sign-ins; "" means oauth.Dir of Options.Env
	// ($XDG_STATE_HOME/switchboard/oauth, else ~/.local/state/...).
	Dir string
	// Fetch, when set, runs the interactive step of a sign-in: it takes
	// the user (or a test's http.Client) to the authorization URL and
	// returns the code and state from the redirect to RedirectURL. The
	// new tokens are stored. Nil: a sign-in fails with ErrNeedsLogin.
	Fetch auth.AuthorizationCodeFetcher
	// RedirectURL is where the authorization server sends the user back
	// (a loopback URL Fetch listens on); required with Fetch.
	RedirectURL string
	// Fresh ignores a stored sign-in, so that the backend signs in
	// again (`switchboard login`); the old one is replaced on success.
	Fresh bool
}

// loginError is ErrNeedsLogin for one server, naming the command.
type loginError struct{ msg string }

func (e *loginError) Error() string        { return e.msg }
func (e *loginError) Is(target error) bool { return target == ErrNeedsLogin }

func needsLoginError(server, why string) error {
	return &loginError{fmt.Sprintf("backend %q needs you to sign in%s: run `switchboard login %s`", server, why, server)}
}

// signIn is the auth.OAuthHandler of one remote backend: the SDK's
// authorization code handler when sign-in is interactive, else only the
// stored tokens.
type signIn struct {
	b     *Backend
	url   string
	store *oauth.Store
	hc    *http.Client      // for the authorization server
	sdk   auth.OAuthHandler // nil when not interactive
	mu    sync.Mutex
	ts    *storedSource // nil until a sign-in exists; guarded by mu
	// signedIn is set once the SDK's flow signed in after a 401: a
	// second 401 is the server refusing that new token.
	signedIn atomic.Bool
	// failed is the error of an interactive sign-in that failed: later
	// 401s of the same start return it instead of asking again.
	failed atomic.Pointer[error]
	// static names the headers of a server without an oauth block
	// (X-Api-Key: a credential of its own), sorted; nil for none.
	static []string
}

// newSignIn returns the OAuth handler for spec, or nil when the backend
// sends its own Authorization header (a static token: no OAuth).
func (b *Backend) newSignIn(spec *config.Server) (*signIn, error) {
	if spec.OAuth == nil {
		for k := range spec.Headers {
			if strings.EqualFold(k, "Authorization") {
				return nil, nil
			}
		}
	}
	o := b.o.OAuth
	if o == nil {
		o = &OAuthOptions{}
	}
	dir := b.oauthStoreDir()
	base := b.o.HTTPTransport
	if base == nil {
		base = http.DefaultTransport
	}
	ot := &originTransport{server: b.name, base: base}
	s := &signIn{b: b, url: spec.URL, store: &oauth.Store{Dir: dir},
		hc: &http.Client{Transport: capBodies{base, oauthCap}, CheckRedirect: ot.checkOAuthRedirect, Timeout: signInTimeout}}
	if spec.OAuth == nil {
		for k := range spec.Headers {
			s.static = append(s.static, k)
		}
		slices.Sort(s.static)
	}
	if !o.Fresh {
		rec, err := s.store.Load(b.name, spec.URL)
		if err != nil {
			return nil, err
		}
		if rec != nil {
			s.ts = s.source(rec)
		}
	}
	if o.Fetch == nil {
		return s, nil
	}
	cfg := &auth.AuthorizationCodeHandlerConfig{
		RedirectURL:              o.RedirectURL,
		AuthorizationCodeFetcher: o.Fetch,
		Client:                   s.hc,
		RequestRefreshToken:      true,
		NewTokenSource: func(ctx context.Context, c *oauth2.Config, t *oauth2.Token) (oauth2.TokenSource, error) {
			rec := recordOf(b.name, c, t)
			if err := s.store.Save(spec.URL, rec); err != nil {
				return nil, err
			}
			ts := s.source(rec)
			s.mu.Lock()
			s.ts = ts
			s.mu.Unlock()
			return ts, nil
		},
	}
	if s.ts != nil {
		cfg.InitialTokenSource = s.ts
	}
	oc := spec.OAuth
	if oc == nil {
		oc = &config.OAuth{}
	}
	if oc.ClientMetadataURL != "" {
		cfg.ClientIDMetadataDocumentConfig = &auth.ClientIDMetadataDocumentConfig{URL: oc.ClientMetadataURL}
	}
	if oc.ClientID != "" {
		cfg.PreregisteredClient = &oauthex.ClientCredentials{ClientID: oc.ClientID}
		if oc.ClientSecret != "" {
			cfg.PreregisteredClient.ClientSecretAuth = &oauthex.ClientSecretAuth{ClientSecret: oc.ClientSecret}
		}
	} else {
		cfg.DynamicClientRegistrationConfig = &auth.DynamicClientRegistrationConfig{Metadata: &oauthex.ClientRegistrationMetadata{
			RedirectURIs:            []string{o.RedirectURL},
			ClientName:              "Switchboard",
			GrantTypes:              []string{"authorization_code", "refresh_token"},
			ResponseTypes:           []string{"code"},
			TokenEndpointAuthMethod: "none",
		}}
	}
	if len(oc.Scopes) > 0 {
		scopes := oc.Scopes
		cfg.ScopeFilter = func([]string) []string { return scopes }
	}
	h, err := auth.NewAuthorizationCodeHandler(cfg)
	if err != nil {
		return nil, fmt.Errorf("oauth: %w", err)
	}
	s.sdk = h
	return s, nil
}

// TokenSource implements auth.OAuthHandler.
func (s *signIn) TokenSource(ctx context.Context) (oauth2.TokenSource, error) {
	if s.sdk != nil {
		return s.sdk.TokenSource(ctx)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.ts == nil {
		return nil, nil
	}
	return s.ts, nil
}

// Authorize implements auth.OAuthHandler: the SDK's flow when sign-in is
// interactive, else ErrNeedsLogin (a 401, or a 403 asking for more
// scopes) or a plain refusal (another 403).
func (s *signIn) Authorize(ctx context.Context, req *http.Request, resp *http.Response) error {
	if s.sdk != nil {
		if resp.StatusCode == http.StatusUnauthorized && s.signedIn.Load() {
			// The server refused the token of the sign-in this process
			// just made. The SDK signs in again for each request so
			// refused: `switchboard login` sent the user to the
			// authorization server once per request (twice before the
			// start failed with "Unauthorized"), and a server refusing
			// every token would ask on.
			resp.Body.Close()
			return fmt.Errorf("backend %q refused the access token of the sign-in just made (401 Unauthorized again): the sign-in is kept, but this server does not take its token; check the server's \"oauth\" settings (scopes, clientId) or ask its maintainers, then run `switchboard login %s` again", s.b.name, s.b.name)
		}
		if failed := s.failed.Load(); failed != nil {
			// A sign-in of this start failed already: the SDK takes a
			// failed first request (its server/discover probe) for a
			// server of an older protocol and sends initialize, refused
			// 401 in turn. `login` printed a second sign-in URL and
			// waited for it, the first failure unsaid.
			resp.Body.Close()
			return *failed
		}
		if err := s.sdk.Authorize(ctx, req, resp); err != nil {
			err = signInFailed(ctx, s.b.name, signInError(s.b.name, oauth.Origin(s.url), err))
			if ctx.Err() == nil {
				s.failed.Store(&err)
			}
			return err
		}
		if resp.StatusCode == http.StatusUnauthorized {
			s.signedIn.Store(true)
		}
		return nil
	}
	resp.Body.Close()
	challenges, _ := oauthex.ParseWWWAuthenticate(resp.Header.Values("WWW-Authenticate"))
	if resp.StatusCode == http.StatusForbidden {
		for _, c := range challenges {
			if c.Scheme == "bearer" && c.Params["error"] == "insufficient_scope" {
				// The server's words: cut (100 kB of them went into
				// list_tools whole).
				return needsLoginError(s.b.name, " again with more permissions ("+serverText(c.Params["scope"], 256)+")")
			}
		}
		return fmt.Errorf("backend %q refused access (403 Forbidden)", s.b.name)
	}
	s.mu.Lock()
	had := s.ts != nil
	s.mu.Unlock()
	// A server sending its own credential (X-Api-Key) that refuses it
	// without asking for an OAuth sign-in (no Bearer challenge): the
	// credential is wrong. "Run switchboard login" sent the user to a
	// sign-in the server does not offer (a registration error).
	if !had && len(s.static) > 0 && !slices.ContainsFunc(challenges, func(c oauthex.Challenge) bool { return c.Scheme == "bearer" }) {
		return fmt.Errorf("backend %q refused its credentials (401 Unauthorized, asking for no OAuth sign-in): check the values of its headers %s; a server that signs in with OAuth needs an \"oauth\" block and `switchboard login %s`", s.b.name, strings.Join(s.static, ", "), s.b.name)
	}
	if had {
		return needsLoginError(s.b.name, " again (the stored sign-in was refused)")
	}
	return needsLoginError(s.b.name, "")
}

// signInFailed is err, a failed sign-in of server, said in full (a
// saidErr): the SDK's `calling "initialize": sending "initialize":
// rejected by transport:` came before it, and most failures did not say
// the command that tries again. A cancelled sign-in is left as it is.
func signInFailed(ctx context.Context, server string, err error) error {
	if ctx.Err() != nil && (errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded)) {
		return err // the sign-in's own time (login's --timeout), said by login
	}
	msg := err.Error() // StartError names the server
	if !strings.Contains(msg, "switchboard login "+server) {
		msg += fmt.Sprintf("; sign in again with `switchboard login %s`", server)
	}
	return &saidErr{msg: msg, err: err}
}

// signInError words a failed sign-in. A refusal of the token endpoint
// is told by its OAuth error code: the oauth2 package's own text
// ("token exchange failed: oauth2: …") reads as a credential to
// internal/redact and would be masked whole.
func signInError(server, origin string, err error) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		why := serverText(re.ErrorCode, 64)
		if why == "" && re.Response != nil {
			why = serverText(re.Response.Status, 64)
		}
		if re.ErrorDescription != "" {
			why += " (" + serverText(re.ErrorDescription, maxServerText) + ")"
		}
		return mark(err, "signing in to %s: the authorization server refused to issue access: %s", origin, why)
	}
	var ue *url.Error
	if errors.As(err, &ue) && ue.Timeout() {
		// Our client's own limit: net/http's words came inside the SDK's,
		// `the code exchange failed: Post "…/token": net/http: request
		// canceled (Client.Timeout exceeded while awaiting headers)`.
		return mark(err, "signing in to %s: the authorization server did not answer within %s (%s %s): check that it is up, or tell its operator", origin, signInTimeout, ue.Op, serverText(redact.URL(ue.URL), 512))
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "missing access_token"):
		// oauth2's own words read as credentials to internal/redact.
		return mark(err, "signing in to %s: the authorization server answered the code exchange without an access_token", origin)
	case strings.Contains(msg, "oauth2: cannot parse json"):
		_, detail, _ := strings.Cut(msg, "cannot parse json: ")
		if strings.HasPrefix(detail, "invalid character '<' looking for beginning of value") {
			// oauth2 decodes as JSON any answer not of a form's type:
			// an HTML page (a login page of a proxy, a wrong endpoint) was
			// said by the decoder's words.
			return mark(err, "signing in to %s: the authorization server's answer to the code exchange is not JSON: it begins with '<' (an HTML page?): check the server's token endpoint, or tell its operator", origin)
		}
		if why := tokenAnswerFault(detail); why != "" {
			return mark(err, "signing in to %s (backend %q): the authorization server's answer to the code exchange is not valid: %s; the authorization server is at fault: tell its operator, and run `switchboard login %s` again once it is fixed", origin, server, why, server)
		}
		return mark(err, "signing in to %s: the authorization server's answer to the code exchange is not valid: %s", origin, serverText(detail, maxServerText))
	}
	// Other errors quote the server (a registration error's body). The
	// SDK's and oauth2's own words "token_endpoint: URL …", "token_endpoint:
	// parse …" (an endpoint with a control character) and "token exchange
	// failed" read as credentials to internal/redact, which masked "URL",
	// "parse" and "exchange": they are reworded.
	msg = strings.ReplaceAll(msg, "token exchange failed", "the code exchange failed")
	msg = strings.ReplaceAll(msg, "_endpoint: URL ", "_endpoint URL ")
	msg = strings.ReplaceAll(msg, "_endpoint: parse ", "_endpoint cannot be parsed: ")
	hint := ""
	if _, rest, ok := strings.Cut(msg, "registration failed with status "); ok {
		// A server that offers no sign-in at all (a 401 without a
		// challenge, no metadata) is registered with at the SDK's
		// default endpoint: "registration failed with status 401
		// Unauthorized: ", said with nothing to do.
		msg = strings.TrimSuffix(msg, ": ")
		if rest[0] == '4' {
			hint = "; the server offers no client registration Switchboard can use: if its operator gave you a client ID, set it as \"oauth\": {\"clientId\": \"…\"} in the server's entry; if it takes an API key or a token, set that in the entry's \"headers\""
		}
	}
	return mark(err, "signing in to %s: %s%s", origin, serverText(msg, 2*maxServerText), hint)
}

// source returns the token source of rec, which refreshes the token
// when it expires and stores the new one.
func (s *signIn) source(rec *oauth.Record) *storedSource {
	s.b.secrets.Add(rec.AccessToken, rec.RefreshToken, rec.ClientSecret)
	return &storedSource{s: s, rec: rec, sem: make(chan struct{}, 1)}
}

// storedSource is an oauth2.TokenSource over a stored sign-in. Before it
// refreshes an expired token it rereads the store, under the file's
// lock, so that another Switchboard process that refreshed first (and,
// with rotating refresh tokens, invalidated ours) is followed instead of
// failing.
//
// The SDK asks for the token (Token) holding its connection's lock and
// with no context: a refresh there, against a token endpoint that did
// not answer, held every request of the session for the 30 s of the
// sign-in client, and a start for twice that (the SDK's server/discover
// probe, then initialize), whatever its startTimeout. Token never
// refreshes; the request that carries the token refreshes it, within
// its own time (fresh, from originTransport).
type storedSource struct {
	s   *signIn
	sem chan struct{} // held by the one refresh at a time
	mu  sync.Mutex    // guards rec against Token while a refresh writes it
	rec *oauth.Record
	// The refresh's own state, read and written holding sem:
	unsaved bool // a refreshed token could not be stored (said once)
	// stale is the access token of the stored record that a refreshed
	// one could not replace: that record is older than ours, not another
	// process's newer one (following it used the refresh token the
	// server had rotated away, and the sign-in failed).
	stale string
	// broken is the last refresh's error when the authorization server's
	// answer could not be read: a server that rotates refresh tokens has
	// rotated ours away meanwhile, and the invalid_grant of the next
	// refresh would hide why (see fresh).
	broken error
}

// Token returns the stored token as it is, expired or not.
func (t *storedSource) Token() (*oauth2.Token, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return tokenOf(t.rec), nil
}

func (t *storedSource) setRec(rec *oauth.Record) {
	t.mu.Lock()
	t.rec = rec
	t.mu.Unlock()
}

// fresh returns the token, refreshed first when it expired, within ctx:
// the time of the request that will carry it.
func (t *storedSource) fresh(ctx context.Context) (*oauth2.Token, error) {
	tok, _ := t.Token()
	if tok.Valid() || tok.RefreshToken == "" {
		// Without a refresh token an expired token is still sent: the
		// server's 401 then asks for a new sign-in.
		return tok, nil
	}
	select {
	case t.sem <- struct{}{}:
	case <-ctx.Done():
		return nil, t.late(ctx)
	}
	defer func() { <-t.sem }()
	tok = tokenOf(t.rec) // only this refresh writes rec now
	if tok.Valid() {
		return tok, nil // the refresh before this one
	}
	var out *oauth2.Token
	var seen string
	err := t.s.store.Update(ctx, t.s.b.name, t.s.url, func(cur *oauth.Record) (*oauth.Record, error) {
		if cur == nil { // `switchboard logout` ran meanwhile
			return nil, needsLoginError(t.s.b.name, " again (signed out)")
		}
		seen = cur.AccessToken
		if cur.AccessToken != t.rec.AccessToken && (t.stale == "" || cur.AccessToken != t.stale) {
			if ct := tokenOf(cur); ct.Valid() {
				t.setRec(cur)
				out = ct
				t.s.b.secrets.Add(cur.AccessToken, cur.RefreshToken)
				return nil, nil
			}
			if cur.RefreshToken != "" {
				t.setRec(cur)
				tok = tokenOf(cur)
			}
		}
		hctx := context.WithValue(ctx, oauth2.HTTPClient, t.s.hc)
		nt, err := configOf(t.rec).TokenSource(hctx, tok).Token()
		if err != nil {
			return nil, err
		}
		rec := recordOf(t.s.b.name, configOf(t.rec), nt)
		if rec.RefreshToken == "" { // the server kept the old one
			rec.RefreshToken = t.rec.RefreshToken
		}
		t.s.b.secrets.Add(rec.AccessToken, rec.RefreshToken)
		t.setRec(rec)
		out = nt
		return rec, nil
	})
	if err != nil && out != nil {
		// The token was refreshed and only storing it failed (a full or
		// read-only disk): use it, as this process keeps it, and say so.
		// Failing the call lost nothing to wait for, but failed it; a new
		// process signs in again when the server rotated the refresh token.
		if !t.unsaved {
			t.s.b.log.Warn("oauth: a refreshed sign-in cannot be stored; this process uses it, a new one may need `switchboard login` again", "err", err)
		}
		t.unsaved, t.stale = true, seen
		return out, nil
	}
	if err == nil {
		t.unsaved, t.stale, t.broken = false, "", nil
	}
	if err != nil {
		if errors.Is(err, oauth.ErrBusy) {
			// Another process is refreshing it: waiting for it ended with
			// this request's time, not the lock's (10 s).
			lock := t.s.store.Path(t.s.b.name, t.s.url) + ".lock"
			return nil, &lateRefresh{msg: fmt.Sprintf("refreshing the sign-in of backend %q: another switchboard process is refreshing it and still held its lock (%s) when %s; try again, and if this goes on, look for a switchboard process that hangs", t.s.b.name, lock, lateWhy(ctx)), cause: err}
		}
		if ctx.Err() != nil {
			return nil, t.late(ctx)
		}
		var re *oauth2.RetrieveError
		if errors.As(err, &re) && re.ErrorCode != "invalid_grant" {
			return nil, refreshError(t.s.b.name, re)
		}
		if re != nil && t.broken != nil {
			return nil, t.broken
		}
		if re != nil || errors.Is(err, ErrNeedsLogin) {
			// An invalid_grant passes through unchanged: the request then
			// goes without a token and the server's 401 asks for a new
			// sign-in.
			return nil, err
		}
		if _, detail, ok := strings.Cut(err.Error(), "oauth2: cannot parse json: "); ok {
			if why := tokenAnswerFault(detail); why != "" {
				t.broken = mark(err, "refreshing the sign-in of backend %q: the authorization server's answer is not valid: %s; the authorization server is at fault: tell its operator (`switchboard login %s` signs in again, but its answers may be as broken)", t.s.b.name, why, t.s.b.name)
				return nil, t.broken
			}
		}
		return nil, fmt.Errorf("refreshing the sign-in of backend %q: %w", t.s.b.name, err)
	}
	return out, nil
}

// late is the error of a refresh that the request's time (ctx) ended
// before the authorization server answered.
func (t *storedSource) late(ctx context.Context) error {
	t.mu.Lock()
	at := oauth.Origin(t.rec.TokenURL)
	t.mu.Unlock()
	return &lateRefresh{msg: fmt.Sprintf("refreshing the sign-in of backend %q: its authorization server (%s) did not answer in time (%s); check that it is up, or tell its operator", t.s.b.name, redact.URL(at), lateWhy(ctx)), cause: context.Cause(ctx)}
}

// lateWhy says why ctx, a request's, ended.
func lateWhy(ctx context.Context) string {
	if c := context.Cause(ctx); !errors.Is(c, context.Canceled) {
		return c.Error() // a deadline, or a start's cause that says its limit
	}
	return "the start or call that needed it ended"
}

// lateRefresh is a refresh cut off by the time of the request that
// needed it: a start that fails so says it, not only that its time ran
// out.
type lateRefresh struct {
	msg   string
	cause error
}

func (e *lateRefresh) Error() string { return e.msg }
func (e *lateRefresh) Unwrap() error { return e.cause }

// refreshError words a refresh the token endpoint did not grant (other
// than invalid_grant): a refusal (4xx) asks for a new sign-in, a failure
// (5xx, 429) to try again. oauth2's own text ("oauth2: cannot fetch
// token: 500 …\nResponse: <the whole body>") spans lines, quotes up to
// a megabyte of the server and reads as a credential to internal/redact.
func refreshError(server string, re *oauth2.RetrieveError) error {
	why, code := serverText(re.ErrorCode, 64), 0
	if re.Response != nil {
		code = re.Response.StatusCode
		if why == "" {
			why = serverText(re.Response.Status, 64)
		}
	}
	if re.ErrorDescription != "" {
		why += " (" + serverText(re.ErrorDescription, maxServerText) + ")"
	}
	if code >= 400 && code < 500 && code != http.StatusTooManyRequests {
		return needsLoginError(server, " again (refreshing the stored sign-in was refused: "+why+")")
	}
	return mark(re, "refreshing the sign-in of backend %q: the authorization server answered %s; try again later", server, why)
}

func tokenOf(r *oauth.Record) *oauth2.Token {
	return &oauth2.Token{AccessToken: r.AccessToken, TokenType: r.TokenType, RefreshToken: r.RefreshToken, Expiry: r.Expiry}
}

func configOf(r *oauth.Record) *oauth2.Config {
	return &oauth2.Config{ClientID: r.ClientID, ClientSecret: r.ClientSecret, RedirectURL: r.RedirectURL, Scopes: r.Scopes,
		Endpoint: oauth2.Endpoint{AuthURL: r.AuthURL, TokenURL: r.TokenURL, AuthStyle: oauth2.AuthStyle(r.AuthStyle)}}
}

func recordOf(server string, c *oauth2.Config, t *oauth2.Token) *oauth.Record {
	return &oauth.Record{Server: server, ClientID: c.ClientID, ClientSecret: c.ClientSecret,
		AuthURL: c.Endpoint.AuthURL, TokenURL: c.Endpoint.TokenURL, AuthStyle: int(c.Endpoint.AuthStyle),
		Scopes: c.Scopes, RedirectURL: c.RedirectURL,
		AccessToken: t.AccessToken, TokenType: t.TokenType, RefreshToken: t.RefreshToken, Expiry: t.Expiry}
}

// Logout deletes the stored sign-in of spec (a remote server); it
// reports whether there was one. o may be nil (the default store).
func Logout(spec *config.Server, o *Options) (bool, error) {
	b := &Backend{name: spec.Name}
	if o != nil {
		b.o = *o
	}
	return (&oauth.Store{Dir: b.oauthStoreDir()}).Delete(spec.Name, spec.URL)
}

// authorize sets r's Authorization header to the stored sign-in's token,
// refreshed first within r's time when it expired; it leaves the header
// as the SDK set it when there is no sign-in yet. A refresh refused with
// invalid_grant sends r without a token, as the SDK did: the server's
// 401 then asks for a new sign-in.
func (s *signIn) authorize(r *http.Request) error {
	s.mu.Lock()
	ts := s.ts
	s.mu.Unlock()
	if ts == nil {
		return nil
	}
	tok, err := ts.fresh(r.Context())
	var re *oauth2.RetrieveError
	switch {
	case errors.As(err, &re) && re.ErrorCode == "invalid_grant":
		r.Header.Del("Authorization")
		return nil
	case err != nil:
		return &saidErr{msg: err.Error(), err: err}
	}
	r.Header.Set("Authorization", "Bearer "+tok.AccessToken)
	return nil
}

// getenv reads Options.Env.
func (b *Backend) getenv(k string) string {
	for _, kv := range b.o.Env {
		if v, ok := strings.CutPrefix(kv, k+"="); ok {
			return v
		}
	}
	return ""
}

// oauthStoreDir is the sign-in store of b: OAuthOptions.Dir, else the
// one in the user's state directory (see oauthDir). Signing in, using,
// refreshing and signing out all find it here (`logout` looked in
// oauth.Dir, ~/.local/state, which is not where macOS and Windows keep
// the sign-in: it found none there, revoked and deleted nothing).
func (b *Backend) oauthStoreDir() string {
	if b.o.OAuth != nil && b.o.OAuth.Dir != "" {
		return b.o.OAuth.Dir
	}
	return oauthDir(b.getenv)
}

// userDirs is config.UserDirs; tests set it to another system's.
var userDirs = config.UserDirs

// oauthDir is the sign-in store in the user's state directory
// (config.UserDirs: XDG_STATE_HOME, else the OS convention).
func oauthDir(getenv func(string) string) string {
	if s := userDirs(getenv).State; s != "" {
		return filepath.Join(s, oauth.DirName)
	}
	return oauth.Dir(getenv)
}

// checkOAuthRedirect is checkRedirect for the requests to an
// authorization server, which also refuses to carry a request's body
// (a 307 or 308 keeps it) to another origin: a token request's form
// holds the code and PKCE verifier, the refresh token or the client
// secret, and a registration the client's metadata. Nor does it follow
// one into a private network (privateAddr, the name resolved), as the
// SDK's own check for its discovery, which this one replaces, does not:
// a hostile server's metadata redirected `switchboard login` to GET
// addresses of the user's LAN, 169.254.169.254 included.
func (t *originTransport) checkOAuthRedirect(req *http.Request, via []*http.Request) error {
	if err := t.checkRedirect(req, via); err != nil {
		return err
	}
	prev := via[len(via)-1]
	host := req.URL.Hostname()
	ips := []netip.Addr{}
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = append(ips, ip)
	} else if rs, err := net.DefaultResolver.LookupNetIP(req.Context(), "ip", host); err == nil {
		ips = rs
	}
	for _, ip := range ips {
		if privateAddr(ip) {
			return fmt.Errorf("backend %q: refusing a redirect of the authorization server's %s into a private network (%s)", t.server, redact.URL(prev.URL.String()), redact.URL(originOf(req.URL)))
		}
	}
	if req.GetBody != nil && originOf(req.URL) != originOf(prev.URL) {
		return fmt.Errorf("backend %q: refusing a redirect of the authorization server's %s to another origin (%s): its form would go there", t.server, redact.URL(prev.URL.String()), redact.URL(originOf(req.URL)))
	}
	return nil
}
