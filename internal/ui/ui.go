// Package ui is the daemon's status page: a small server-rendered web
// page on loopback showing backends, sessions, recent calls, token
// savings and the tools waiting for approval, with an Approve button.
//
// Every request must name this page's host (a loopback name; else 421,
// against DNS rebinding) and must not come from another origin (403).
// The token is in the URL's fragment (`/#t=TOKEN`), which the browser
// never sends: the page at `/` is an empty shell whose script keeps the
// token in sessionStorage (per origin: scheme, host and port) and fetches
// everything else with the X-Switchboard-Token header. No cookie carries
// it: cookies are not isolated by port, and one holding the token went to
// every other server on 127.0.0.1 the browser fetched from. A POST
// (Approve) needs, besides, an Origin (or Sec-Fetch-Site) saying it comes
// from the page itself and the token in the form (CSRF).
//
// The package imports none of ours: what it shows and does comes
// through a Source.
package ui

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Options configure a UI. Zero fields mean the documented defaults.
type Options struct {
	// Token is the secret in the page's URL; "" generates 32 random bytes.
	Token string
	// Refresh is how often the page re-fetches its live part; 0 means 3s.
	Refresh time.Duration
	// Logger receives refused requests; nil discards them.
	Logger *slog.Logger
	// SameUser, when set, tells whether a connection (its local and
	// remote address) comes from a process of this user (the daemon
	// passes peer.SameUser); a request on one that does not is refused,
	// whatever it carries. Nil checks nothing.
	SameUser func(local, remote net.Addr) bool
}

// UI serves the status page. Create it with New; it is safe for
// concurrent use.
type UI struct {
	src       Source
	o         Options
	log       *slog.Logger
	tokenHash [32]byte

	mu  sync.Mutex
	url string // once listening
	srv *http.Server

	refused atomic.Int64 // requests refused so far (refuse)
}

// New returns a page over src. It does not listen yet (see Listen).
func New(src Source, o *Options) (*UI, error) {
	if src == nil {
		return nil, errors.New("ui: a Source is required")
	}
	u := &UI{src: src}
	if o != nil {
		u.o = *o
	}
	if u.o.Token == "" {
		var b [32]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, fmt.Errorf("ui: making a token: %w", err)
		}
		u.o.Token = hex.EncodeToString(b[:])
	}
	if u.o.Refresh <= 0 {
		u.o.Refresh = 3 * time.Second
	}
	u.log = u.o.Logger
	if u.log == nil {
		u.log = slog.New(slog.DiscardHandler)
	}
	u.tokenHash = sha256.Sum256([]byte(u.o.Token))
	return u, nil
}

// Listen starts serving on a random port of 127.0.0.1 (once; later calls
// return the same URL) until ctx is done or Close. The URL carries the
// token: whoever has it can approve tools.
func (u *UI) Listen(ctx context.Context) (string, error) {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.url != "" {
		return u.url, nil
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", fmt.Errorf("status page: listening on 127.0.0.1: %w", err)
	}
	u.srv = u.server()
	go u.srv.Serve(limitConns(ln, maxConns))
	srv := u.srv
	context.AfterFunc(ctx, func() { srv.Close() })
	u.url = "http://" + ln.Addr().String() + "/#t=" + u.o.Token
	return u.url, nil
}

// server is the page's HTTP server. Nothing it serves streams, so a
// whole request must arrive within 30 s and its answer be taken within
// 30 s: a client that sends a form byte by byte, or never reads, is cut
// off instead of holding a connection for ever. Its headers are at most
// maxHeader bytes (the default, a megabyte, on each of thousands of
// connections that anyone local may open, was gigabytes of the daemon's
// memory).
func (u *UI) server() *http.Server {
	return &http.Server{Handler: u, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second,
		IdleTimeout: time.Minute, MaxHeaderBytes: maxHeader, ErrorLog: slog.NewLogLogger(u.log.Handler(), slog.LevelWarn),
		ConnContext: u.connContext}
}

type otherUserKey struct{}

// connContext notes a connection from another user's process (see
// Options.SameUser), once a connection.
func (u *UI) connContext(ctx context.Context, c net.Conn) context.Context {
	if u.o.SameUser != nil && !u.o.SameUser(c.LocalAddr(), c.RemoteAddr()) {
		return context.WithValue(ctx, otherUserKey{}, true)
	}
	return ctx
}

const (
	// maxHeader bounds a request's headers: the page's own are well
	// under a kilobyte, cookies of other servers on localhost included
	// a few more.
	maxHeader = 64 << 10
	// maxConns bounds the connections served at once: a browser opens
	// six to a host. More wait to be accepted: a local process opening
	// thousands (each holding its file descriptor and buffers in the
	// daemon, which serves the agents too) slows the page, not the daemon.
	maxConns = 64
)

// limitConns accepts at most n connections of ln at a time; the next
// is accepted when one of them closes.
func limitConns(ln net.Listener, n int) net.Listener {
	return &limitListener{Listener: ln, sem: make(chan struct{}, n), done: make(chan struct{})}
}

type limitListener struct {
	net.Listener
	sem  chan struct{}
	once sync.Once
	done chan struct{}
}

func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.sem <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitedConn{Conn: c, release: sync.OnceFunc(func() { <-l.sem })}, nil
}

func (l *limitListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// limitedConn gives its place back when closed (once).
type limitedConn struct {
	net.Conn
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}

// Close stops serving. Idempotent.
func (u *UI) Close() error {
	u.mu.Lock()
	defer u.mu.Unlock()
	if u.srv != nil {
		return u.srv.Close()
	}
	return nil
}

// Token is the page's token.
func (u *UI) Token() string { return u.o.Token }

// ServeHTTP checks Host, Origin and the token, then serves the page.
func (u *UI) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("X-Frame-Options", "DENY")
	// Not no-referrer: with it, Chromium sends "Origin: null" on the
	// Approve form's POST. The page's own URL carries no token (the
	// token URL redirects to /), and other origins get no referrer.
	h.Set("Referrer-Policy", "same-origin")
	h.Set("Cache-Control", "no-store")
	h.Set("Cross-Origin-Opener-Policy", "same-origin")
	h.Set("Cross-Origin-Resource-Policy", "same-origin")
	if r.Context().Value(otherUserKey{}) != nil {
		// Any local user can connect to 127.0.0.1; one who read the URL
		// off the browser's command line (ps) must still not get in.
		u.refuse(w, r, http.StatusForbidden, "this page serves its own user's processes only")
		return
	}
	if !loopbackHost(r.Host) {
		u.refuse(w, r, http.StatusMisdirectedRequest, fmt.Sprintf("Host %q is not this page's address (DNS rebinding protection); open the URL `switchboard ui` prints", r.Host))
		return
	}
	if o := r.Header.Get("Origin"); o != "" && !sameOrigin(o, r.Host) {
		u.refuse(w, r, http.StatusForbidden, fmt.Sprintf("Origin %q is not this page", o))
		return
	}
	if s := r.Header.Get("Sec-Fetch-Site"); s != "" && s != "same-origin" && s != "none" {
		u.refuse(w, r, http.StatusForbidden, fmt.Sprintf("a request from another site (Sec-Fetch-Site: %s)", s))
		return
	}
	switch {
	case r.Method == http.MethodPost && r.URL.Path == "/approve":
		u.approve(w, r)
		return
	case r.Method != http.MethodGet && r.Method != http.MethodHead:
		h.Set("Allow", "GET, HEAD, POST")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	case r.URL.Path == "/" && r.Header.Get("X-Switchboard-Token") == "":
		// A navigation, which carries no token: the shell, showing
		// nothing, whose script fetches the rest with the token.
		u.render(w, r, pageTmpl, "", false)
		return
	}
	if !u.authorized(r) {
		u.refuse(w, r, http.StatusForbidden, "no token; open the URL `switchboard ui` prints")
		return
	}
	switch r.URL.Path {
	case "/":
		u.render(w, r, pageTmpl, "", true)
	case "/live":
		u.render(w, r, liveTmpl, "", true)
	case "/status.json":
		b, err := json.MarshalIndent(u.src.Snapshot(r.Context()), "", "  ")
		if err != nil {
			http.Error(w, "encoding the status: "+err.Error(), http.StatusInternalServerError)
			return
		}
		h.Set("Content-Type", "application/json")
		w.Write(neutral(append(b, '\n')))
	default:
		http.NotFound(w, r)
	}
}

// refuse answers code with why. Each refusal is answered, but the log
// (the daemon's, which nothing rotates while it runs) gets only the 1st,
// 10th, 100th... with the count: anyone who can reach the port, another
// local user included, wrote a line per request, and a loop of requests
// with a wrong Host filled the disk.
func (u *UI) refuse(w http.ResponseWriter, r *http.Request, code int, why string) {
	if n := u.refused.Add(1); logAt(n) {
		u.log.Warn("status page: refused a request", "method", r.Method, "path", r.URL.Path, "remote", r.RemoteAddr, "code", code, "why", why, "refused", n)
	}
	http.Error(w, "forbidden: "+why, code)
}

// logAt reports whether n is 1, 10, 100, ...
func logAt(n int64) bool {
	for n > 1 && n%10 == 0 {
		n /= 10
	}
	return n == 1
}

// tokenOK compares tok with the page's token in constant time.
func (u *UI) tokenOK(tok string) bool {
	h := sha256.Sum256([]byte(tok))
	return tok != "" && subtle.ConstantTimeCompare(h[:], u.tokenHash[:]) == 1
}

// authorized: the token in the X-Switchboard-Token header.
func (u *UI) authorized(r *http.Request) bool {
	return u.tokenOK(r.Header.Get("X-Switchboard-Token"))
}

// approve is the Approve button: same origin (required here, not only
// checked when present), the token in the form, then Source.Approve.
func (u *UI) approve(w http.ResponseWriter, r *http.Request) {
	o := r.Header.Get("Origin")
	if o == "" && r.Header.Get("Sec-Fetch-Site") != "same-origin" {
		u.refuse(w, r, http.StatusForbidden, "an approval must come from the page itself (no Origin)")
		return
	}
	r.Body = http.MaxBytesReader(w, r.Body, 64<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form: "+err.Error(), http.StatusBadRequest)
		return
	}
	if !u.tokenOK(r.PostForm.Get("t")) {
		u.refuse(w, r, http.StatusForbidden, "the approval carries no valid token")
		return
	}
	id := r.PostForm.Get("id")
	if id == "" {
		http.Error(w, "bad form: no id", http.StatusBadRequest)
		return
	}
	// Each tool with the key of the change the page showed: approving by
	// name alone pinned whatever the backend had changed the tool to
	// since, unseen.
	// Approve all carries the digest of the set shown instead.
	tools, keys, digest := r.PostForm["tool"], r.PostForm["key"], r.PostForm.Get("digest")
	var changes []Change
	var err error
	switch {
	case len(tools) == 0 && digest != "":
		changes, err = u.src.ApproveAll(r.Context(), id, digest)
	case len(tools) == 0 || len(keys) != len(tools) || digest != "":
		http.Error(w, "bad form: each tool needs the key of the change shown (or Approve all the digest of the changes shown); reload the page and approve again", http.StatusBadRequest)
		return
	default:
		shown := make(map[string]string, len(tools))
		for i, t := range tools {
			shown[t] = keys[i]
		}
		changes, err = u.src.Approve(r.Context(), id, shown)
	}
	var notice string
	switch {
	case err != nil:
		notice = "Approval failed: " + err.Error()
		w.WriteHeader(http.StatusConflict)
	case len(changes) == 0:
		notice = "Nothing was waiting for approval there (approved already?)."
	default:
		var names []string
		for _, c := range changes {
			names = append(names, c.Status+" "+c.Tool)
		}
		notice = fmt.Sprintf("Approved %d tool changes: %s. Running sessions can call them now.", len(changes), strings.Join(names, ", "))
	}
	u.render(w, r, pageTmpl, notice, true)
}

// render executes t with the snapshot now; without full (a request
// that carried no token), the page's shell: no snapshot, no token.
func (u *UI) render(w http.ResponseWriter, r *http.Request, t string, notice string, full bool) {
	var nonce [16]byte
	rand.Read(nonce[:])
	n := hex.EncodeToString(nonce[:])
	d := pageData{Nonce: n, Notice: notice, RefreshMS: u.o.Refresh.Milliseconds(), Now: time.Now(), Shell: !full}
	if full {
		d.Snapshot, d.Token = u.src.Snapshot(r.Context()), u.o.Token
	}
	var b bytes.Buffer
	if err := templates().ExecuteTemplate(&b, t, d); err != nil {
		http.Error(w, "rendering the page: "+err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Security-Policy", "default-src 'none'; script-src 'nonce-"+n+"'; style-src 'nonce-"+n+"'; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
	w.Write(neutral(b.Bytes()))
}

// hostName is the lower-cased host of a Host header or URL host, without
// port and brackets.
func hostName(hostport string) string {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	return strings.ToLower(strings.Trim(h, "[]"))
}

// loopbackHost: localhost, a *.localhost name or a loopback IP.
func loopbackHost(hostport string) bool {
	h := hostName(hostport)
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// sameOrigin: origin is http://HOST exactly (the page itself).
func sameOrigin(origin, host string) bool {
	u, err := url.Parse(origin)
	return err == nil && u.Scheme == "http" && u.Path == "" && strings.EqualFold(u.Host, host)
}
