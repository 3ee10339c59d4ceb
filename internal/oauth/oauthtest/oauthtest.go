// Package oauthtest is a fake OAuth 2.1 authorization server in front of
// an MCP server, for tests: protected-resource and authorization-server
// metadata, dynamic client registration, the authorization endpoint
// (which redirects at once, as a user who clicks "allow" would), PKCE
// checked at the token endpoint, refresh, and the MCP endpoint behind
// the SDK's bearer-token middleware. It listens on 127.0.0.1.
package oauthtest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// Server is the fake. Its counters are safe to read with Stats.
type Server struct {
	*httptest.Server
	// MCPURL is the protected MCP endpoint (URL + "/mcp").
	MCPURL string
	// ExpiresIn is the lifetime announced for access tokens (zero: 1h).
	// Below 10 s, golang.org/x/oauth2 treats a token as expired at once,
	// so every use refreshes it: a refresh test without waiting.
	ExpiresIn time.Duration
	// NoRevocation leaves revocation_endpoint out of the metadata.
	NoRevocation bool
	// RevocationStatus, when not zero, is the status the revocation
	// endpoint answers with instead of revoking (a failing server).
	RevocationStatus int
	// Metadata, when set, may change the authorization server metadata
	// before it is sent (a hostile server's endpoints).
	Metadata func(m map[string]any)
	// Token, when set, answers a token request instead of the fake (a
	// hostile or broken token endpoint); the grant was not checked.
	Token http.HandlerFunc
	// TokenResponse, when set, may change a granted token response
	// before it is sent (a token endpoint that answers oddly); the
	// tokens in it are valid.
	TokenResponse func(resp map[string]any)

	mu      sync.Mutex
	codes   map[string]grant
	access  map[string]bool   // valid access tokens
	refresh map[string]string // refresh token -> client ID
	clients map[string]string // client ID -> redirect URI
	stats   Stats
}

// Stats counts what the server did.
type Stats struct {
	Registrations, Authorizations, CodeGrants, Refreshes, Unauthorized int
	// Revocations counts tokens revoked (RFC 7009) by their client.
	Revocations int
	// Scope is the scope parameter of the last authorization request.
	Scope string
}

type grant struct{ client, redirect, challenge string }

// New starts the fake in front of mcp (the handler of the MCP endpoint).
func New(mcp http.Handler) *Server {
	s := &Server{codes: map[string]grant{}, access: map[string]bool{}, refresh: map[string]string{}, clients: map[string]string{}}
	mux := http.NewServeMux()
	s.Server = httptest.NewServer(mux)
	s.MCPURL = s.URL + "/mcp"
	mux.Handle("/.well-known/oauth-protected-resource/mcp", auth.ProtectedResourceMetadataHandler(&oauthex.ProtectedResourceMetadata{
		Resource: s.MCPURL, AuthorizationServers: []string{s.URL}, ScopesSupported: []string{"tools"},
	}))
	mux.HandleFunc("/.well-known/oauth-authorization-server", func(w http.ResponseWriter, r *http.Request) {
		m := map[string]any{
			"issuer": s.URL, "authorization_endpoint": s.URL + "/authorize", "token_endpoint": s.URL + "/token",
			"registration_endpoint": s.URL + "/register", "response_types_supported": []string{"code"},
			"grant_types_supported": []string{"authorization_code", "refresh_token"}, "code_challenge_methods_supported": []string{"S256"},
			"token_endpoint_auth_methods_supported": []string{"none"}, "scopes_supported": []string{"tools", "offline_access"},
		}
		if !s.NoRevocation {
			m["revocation_endpoint"] = s.URL + "/revoke"
		}
		if s.Metadata != nil {
			s.Metadata(m)
		}
		writeJSON(w, 200, m)
	})
	mux.HandleFunc("POST /register", s.register)
	mux.HandleFunc("GET /authorize", s.authorize)
	mux.HandleFunc("POST /token", s.token)
	mux.HandleFunc("POST /revoke", s.revoke)
	verify := func(_ context.Context, tok string, _ *http.Request) (*auth.TokenInfo, error) {
		s.mu.Lock()
		defer s.mu.Unlock()
		if !s.access[tok] {
			s.stats.Unauthorized++
			return nil, auth.ErrInvalidToken
		}
		return &auth.TokenInfo{Scopes: []string{"tools"}, Expiration: time.Now().Add(time.Hour)}, nil
	}
	mux.Handle("/mcp", auth.RequireBearerToken(verify, &auth.RequireBearerTokenOptions{
		ResourceMetadataURL: s.URL + "/.well-known/oauth-protected-resource/mcp",
	})(mcp))
	return s
}

// Stats returns the counters.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stats
}

// RevokeAll invalidates every access and refresh token.
func (s *Server) RevokeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.access)
	clear(s.refresh)
}

// ExpireAccess invalidates every access token (refresh tokens stay).
func (s *Server) ExpireAccess() {
	s.mu.Lock()
	defer s.mu.Unlock()
	clear(s.access)
}

// Tokens returns every access and refresh token ever issued that is still
// known, for tests that check none leaks.
func (s *Server) Tokens() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for t := range s.access {
		out = append(out, t)
	}
	for t := range s.refresh {
		out = append(out, t)
	}
	return out
}

// AddClient registers a client beforehand (as an administrator would),
// with its one redirect URI.
func (s *Server) AddClient(id, redirect string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clients[id] = redirect
}

// Follow is a non-interactive auth.AuthorizationCodeFetcher: it gets
// the authorization URL without following the redirect and returns the
// code, state and iss of the redirect's Location.
func Follow(ctx context.Context, args *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
	hc := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, args.URL, nil)
	if err != nil {
		return nil, err
	}
	resp, err := hc.Do(req)
	if err != nil {
		return nil, err
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || resp.StatusCode/100 != 3 {
		return nil, fmt.Errorf("authorization endpoint answered %s without a usable redirect", resp.Status)
	}
	q := loc.Query()
	return &auth.AuthorizationResult{Code: q.Get("code"), State: q.Get("state"), Iss: q.Get("iss")}, nil
}

func (s *Server) register(w http.ResponseWriter, r *http.Request) {
	var m oauthex.ClientRegistrationMetadata
	if err := json.NewDecoder(r.Body).Decode(&m); err != nil || len(m.RedirectURIs) == 0 {
		writeJSON(w, 400, map[string]string{"error": "invalid_client_metadata"})
		return
	}
	id := "client-" + rand.Text()[:8]
	s.mu.Lock()
	s.clients[id] = m.RedirectURIs[0]
	s.stats.Registrations++
	s.mu.Unlock()
	writeJSON(w, 201, map[string]any{"client_id": id, "redirect_uris": m.RedirectURIs, "token_endpoint_auth_method": "none"})
}

func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	s.mu.Lock()
	redirect, ok := s.clients[q.Get("client_id")]
	s.mu.Unlock()
	if !ok || redirect != q.Get("redirect_uri") || q.Get("code_challenge_method") != "S256" || q.Get("code_challenge") == "" || q.Get("response_type") != "code" {
		http.Error(w, "bad authorization request", http.StatusBadRequest)
		return
	}
	code := rand.Text()
	s.mu.Lock()
	s.codes[code] = grant{client: q.Get("client_id"), redirect: redirect, challenge: q.Get("code_challenge")}
	s.stats.Authorizations++
	s.stats.Scope = q.Get("scope")
	s.mu.Unlock()
	u, _ := url.Parse(redirect)
	v := u.Query()
	v.Set("code", code)
	v.Set("state", q.Get("state"))
	u.RawQuery = v.Encode()
	http.Redirect(w, r, u.String(), http.StatusFound)
}

func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	if s.Token != nil {
		s.Token(w, r)
		return
	}
	if err := r.ParseForm(); err != nil {
		writeJSON(w, 400, map[string]string{"error": "invalid_request"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	client := r.PostForm.Get("client_id")
	if id, _, ok := r.BasicAuth(); ok { // client_secret_basic
		client = id
	}
	switch r.PostForm.Get("grant_type") {
	case "authorization_code":
		g, ok := s.codes[r.PostForm.Get("code")]
		delete(s.codes, r.PostForm.Get("code"))
		sum := sha256.Sum256([]byte(r.PostForm.Get("code_verifier")))
		if !ok || g.client != client || g.redirect != r.PostForm.Get("redirect_uri") || base64.RawURLEncoding.EncodeToString(sum[:]) != g.challenge {
			writeJSON(w, 400, map[string]string{"error": "invalid_grant"})
			return
		}
		s.stats.CodeGrants++
	case "refresh_token":
		rt := r.PostForm.Get("refresh_token")
		if c, ok := s.refresh[rt]; !ok || c != client {
			writeJSON(w, 400, map[string]string{"error": "invalid_grant"})
			return
		}
		delete(s.refresh, rt) // rotated
		s.stats.Refreshes++
	default:
		writeJSON(w, 400, map[string]string{"error": "unsupported_grant_type"})
		return
	}
	at, rt := "at-"+rand.Text(), "rt-"+rand.Text()
	s.access[at] = true
	s.refresh[rt] = client
	exp := s.ExpiresIn
	if exp == 0 {
		exp = time.Hour
	}
	resp := map[string]any{"access_token": at, "token_type": "Bearer", "refresh_token": rt, "expires_in": int(exp.Seconds()), "scope": "tools"}
	if s.TokenResponse != nil {
		s.TokenResponse(resp)
	}
	writeJSON(w, 200, resp)
}

// revoke is the RFC 7009 revocation endpoint: a token of the client
// that asks is forgotten; any other token is ignored (200 all the same).
func (s *Server) revoke(w http.ResponseWriter, r *http.Request) {
	if s.RevocationStatus != 0 {
		writeJSON(w, s.RevocationStatus, map[string]string{"error": "temporarily_unavailable"})
		return
	}
	if err := r.ParseForm(); err != nil || r.PostForm.Get("token") == "" {
		writeJSON(w, 400, map[string]string{"error": "invalid_request"})
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	client := r.PostForm.Get("client_id")
	if id, _, ok := r.BasicAuth(); ok {
		client = id
	}
	if _, ok := s.clients[client]; !ok {
		writeJSON(w, 401, map[string]string{"error": "invalid_client"})
		return
	}
	tok := r.PostForm.Get("token")
	if c, ok := s.refresh[tok]; ok && c == client {
		delete(s.refresh, tok)
		s.stats.Revocations++
	}
	if s.access[tok] {
		delete(s.access, tok)
		s.stats.Revocations++
	}
	w.WriteHeader(http.StatusOK)
}

func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}
