package backend

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// recorder keeps the headers of every request a handler saw.
type recorder struct {
	mu      sync.Mutex
	headers []http.Header
}

func (rc *recorder) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rc.mu.Lock()
		rc.headers = append(rc.headers, r.Header.Clone())
		rc.mu.Unlock()
		h.ServeHTTP(w, r)
	})
}

func (rc *recorder) seen() []http.Header {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return rc.headers
}

// mcpHandler serves a one-tool MCP server: "big" {"bytes":N} returns N
// bytes of text.
func mcpHandler(jsonResponse bool) http.Handler {
	srv := mcp.NewServer(&mcp.Implementation{Name: "remote", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "big", InputSchema: map[string]any{"type": "object"}}, func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		var a struct{ Bytes int }
		if len(req.Params.Arguments) > 0 {
			_ = json.Unmarshal(req.Params.Arguments, &a)
		}
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: strings.Repeat("x", a.Bytes)}}}, nil
	})
	return mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{JSONResponse: jsonResponse})
}

func TestRemote_HeadersGoOnlyToTheConfiguredOrigin(t *testing.T) {
	var atA, atB recorder
	other := httptest.NewServer(atB.wrap(mcpHandler(false)))
	defer other.Close()
	// The configured origin redirects everything to another origin (same
	// host, other port: Go itself would forward Authorization there).
	conf := httptest.NewServer(atA.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	})))
	defer conf.Close()
	spec := &config.Server{Name: "r", Type: config.HTTP, URL: conf.URL + "/mcp",
		Headers: map[string]string{"Authorization": "Bearer s3cret-t0ken", "X-Api-Key": "k3y-s3cret"}}
	b, err := Start(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := b.CallTool(context.Background(), "big", []byte(`{"bytes":3}`)); err != nil {
		t.Fatal(err)
	}
	if len(atA.seen()) == 0 || atA.seen()[0].Get("Authorization") != "Bearer s3cret-t0ken" || atA.seen()[0].Get("X-Api-Key") != "k3y-s3cret" {
		t.Errorf("the configured origin did not get the headers: %v", atA.seen())
	}
	if len(atB.seen()) == 0 {
		t.Fatal("the redirect target got no request")
	}
	for _, h := range atB.seen() {
		for _, k := range []string{"Authorization", "X-Api-Key", "Cookie"} {
			if v := h.Get(k); v != "" {
				t.Errorf("the other origin got %s: %q", k, v)
			}
		}
	}
}

func TestOriginTransport_StripsCredentialsForOtherOrigins(t *testing.T) {
	var got []*http.Request
	base := roundTripFunc(func(r *http.Request) (*http.Response, error) {
		got = append(got, r)
		return &http.Response{StatusCode: 204, Body: http.NoBody, Header: http.Header{}}, nil
	})
	ot, err := newOriginTransport("r", "https://API.example.com/mcp", map[string]string{"X-Api-Key": "k"}, base, 1<<20, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range []string{"https://api.example.com:443/x", "https://api.example.com:8443/x", "http://api.example.com/x", "https://evil.example.com/x"} {
		req, _ := http.NewRequest("POST", u, nil)
		req.Header.Set("Authorization", "Bearer carried")
		req.Header.Set("Cookie", "session=carried")
		if _, err := ot.RoundTrip(req); err != nil {
			t.Fatal(err)
		}
		if req.Header.Get("X-Api-Key") != "" {
			t.Fatal("RoundTrip changed the caller's request")
		}
	}
	if got[0].Header.Get("X-Api-Key") != "k" || got[0].Header.Get("Authorization") == "" {
		t.Errorf("same origin (default port spelled out): headers %v, want ours and the caller's", got[0].Header)
	}
	for _, r := range got[1:] {
		for _, k := range []string{"X-Api-Key", "Authorization", "Cookie"} {
			if v := r.Header.Get(k); v != "" {
				t.Errorf("%s: %s = %q, want it dropped for another origin", r.URL, k, v)
			}
		}
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestRemote_RefusesRedirectFromHTTPSToHTTP(t *testing.T) {
	var atPlain recorder
	plain := httptest.NewServer(atPlain.wrap(mcpHandler(false)))
	defer plain.Close()
	tls := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, plain.URL+"/mcp?token=plain-s3cret", http.StatusTemporaryRedirect)
	}))
	defer tls.Close()
	spec := &config.Server{Name: "r", Type: config.HTTP, URL: tls.URL + "/mcp?token=tls-s3cret",
		Headers: map[string]string{"Authorization": "Bearer s3cret-t0ken"}}
	_, err := Start(context.Background(), spec, &Options{HTTPTransport: tls.Client().Transport})
	if err == nil {
		t.Fatal("started through an https->http redirect")
	}
	msg := err.Error()
	for _, want := range []string{`backend "r"`, "refusing a redirect", tls.URL + "/mcp?token=***", plain.URL + "/mcp?token=***"} {
		if !strings.Contains(msg, want) {
			t.Errorf("error lacks %q: %s", want, msg)
		}
	}
	for _, secret := range []string{"tls-s3cret", "plain-s3cret", "s3cret-t0ken"} {
		if strings.Contains(msg, secret) {
			t.Errorf("error leaks %q: %s", secret, msg)
		}
	}
	if n := len(atPlain.seen()); n != 0 {
		t.Errorf("the http server got %d requests", n)
	}
	var se *StartError
	if !errors.As(err, &se) || se.Phase != PhaseConnect || se.Server != "r" {
		t.Errorf("error %T %+v, want a StartError of phase connect", err, se)
	}
}

func TestRemote_ConnectErrorRedactsURLAndHeaders(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "denied for key "+r.Header.Get("X-Api-Key"), http.StatusForbidden)
	}))
	defer ts.Close()
	spec := &config.Server{Name: "r", Type: config.HTTP, URL: "http://user:pa55word@" + strings.TrimPrefix(ts.URL, "http://") + "/mcp?api_key=q-s3cret",
		Headers: map[string]string{"X-Api-Key": "${env:KEY}"}}
	_, err := Start(context.Background(), spec, &Options{Resolver: config.Resolver{Getenv: func(string) (string, bool) { return "h34der-value", true }}})
	if err == nil {
		t.Fatal("no error")
	}
	for _, secret := range []string{"pa55word", "q-s3cret", "h34der-value"} {
		if strings.Contains(err.Error(), secret) {
			t.Errorf("error leaks %q: %v", secret, err)
		}
	}
}

func TestRemote_OversizeResponseStopsBackend(t *testing.T) {
	for _, tc := range []struct {
		name string
		json bool
	}{{"json body", true}, {"event stream", false}} {
		t.Run(tc.name, func(t *testing.T) {
			ts := httptest.NewServer(mcpHandler(tc.json))
			defer ts.Close()
			b, err := Start(context.Background(), &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{MaxMessageBytes: 64 << 10})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			if _, err := b.CallTool(context.Background(), "big", []byte(`{"bytes":1000}`)); err != nil {
				t.Fatalf("small call: %v", err)
			}
			_, err = b.CallTool(context.Background(), "big", []byte(`{"bytes":1048576}`))
			if !errors.Is(err, ErrMessageTooLarge) || !errors.Is(err, ErrExited) {
				t.Fatalf("oversize call: %v, want ErrMessageTooLarge and ErrExited", err)
			}
			for _, want := range []string{`backend "r"`, "64 KiB", "maxMessageBytes"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error lacks %q: %v", want, err)
				}
			}
			<-b.Done()
		})
	}
}

// The SDK tells a Streamable HTTP connection the negotiated session
// through an unexported method; a connection wrapper hides it, and then
// no request after initialize carries the protocol version header (and
// the server's requests, such as elicitation, never reach us).
func TestRemote_RequestsAfterInitializeCarryTheProtocolVersion(t *testing.T) {
	var rec recorder
	ts := httptest.NewServer(rec.wrap(mcpHandler(false)))
	defer ts.Close()
	b, err := Start(context.Background(), &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if _, err := b.CallTool(context.Background(), "big", []byte(`{"bytes":1}`)); err != nil {
		t.Fatal(err)
	}
	hs := rec.seen()
	if len(hs) < 2 {
		t.Fatalf("%d requests seen, want initialize and more", len(hs))
	}
	last := hs[len(hs)-1]
	if last.Get("Mcp-Protocol-Version") == "" {
		t.Errorf("the last request (of %d) has no Mcp-Protocol-Version header: %v", len(hs), last)
	}
}

// A remote server that never answers initialize (here: it holds the
// request; an answer under another id fails the start at once now, see
// TestRemote_AJSONAnswerThatIsNotTheCallsFailsItAtOnce) fails the start with the start's own deadline named, as a
// stdio backend does; the SDK's error was the cancelled session context
// ("context canceled"), which says neither that time ran out nor which
// bound.
func TestRemote_StartTimeoutNamesTheDeadline(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID     any    `json:"id"`
			Method string `json:"method"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		if req.ID == nil {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		if req.Method != "initialize" {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%v,"error":{"code":-32601,"message":"no"}}`, req.ID)
			return
		}
		<-r.Context().Done()
	}))
	defer ts.Close()
	ctx, cancel := context.WithTimeoutCause(context.Background(), 300*time.Millisecond, errors.New("start timeout 300ms"))
	defer cancel()
	b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, nil)
	if err == nil {
		b.Close()
		t.Fatal("started")
	}
	if msg := err.Error(); !strings.Contains(msg, "start timeout 300ms") || strings.Contains(msg, "context canceled") {
		t.Errorf("error %q, want it to name the start timeout", msg)
	}
	var se *StartError
	if !errors.As(err, &se) || se.Phase != PhaseConnect {
		t.Errorf("error %T, want a StartError of phase connect", err)
	}
}

// A remote server that answers 429 or 503 with Retry-After is named
// with the status and the wait it asks for; the SDK said only "Too Many
// Requests", so nothing told when to try again.
func TestRemote_RetryAfterIsNamed(t *testing.T) {
	for _, tt := range []struct {
		code int
		ra   string
		want string
	}{
		{429, "120", "429 Too Many Requests; it asks to wait 2m0s"},
		{503, "7", "503 Service Unavailable; it asks to wait 7s"},
		// Years were said in hours: "596523h14m7s".
		{503, "2147483647", "it asks to wait more than a year (the server is down, or its Retry-After is wrong) before"},
		{503, "Fri, 31 Dec 9999 23:59:59 GMT", "it asks to wait more than a year"},
		{429, "259200", "it asks to wait 3 days before"},
	} {
		ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Retry-After", tt.ra)
			http.Error(w, "<html>slow down</html>", tt.code)
		}))
		_, err := Start(context.Background(), &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, nil)
		ts.Close()
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%d: error %v, want it to contain %q", tt.code, err, tt.want)
		}
	}
}
