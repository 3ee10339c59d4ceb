// Package front serves Switchboard's MCP server over Streamable HTTP at
// /mcp: 2025-11-25 sessions (Mcp-Session-Id), each its own Session
// opened through Options.Open, and 2026-07-28 stateless requests, all
// served by one shared Session so that nothing per client lives in the
// process (instances behind a round-robin proxy answer alike).
//
// In front of the SDK's handler it checks, in this order: the Host header
// (DNS rebinding, 403), the Origin header when present (403), the bearer
// token (401), a per-client rate limit (429), the request body's size (413)
// and how long it takes to arrive (408).
//
// A 2025-11-25 session's event streams are resumable: a client whose
// stream was cut sends a GET with Last-Event-ID and gets what it missed,
// from a store bounded for all sessions together (eventStore).
package front

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/time/rate"

	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/rpcid"
)

// Path is where the MCP endpoint is served.
const Path = "/mcp"

// Session is one MCP server with what it holds (a hub session).
type Session interface {
	MCP() *mcp.Server
	Close() error
}

// Defaults of the zero fields of Options.
const (
	DefaultMaxBodyBytes = 16 << 20
	// The rate limit stops a runaway client, not a busy one: an agent's
	// script or a test suite sends hundreds of requests a second, and on
	// loopback every local client shares one address.
	DefaultRate           = 1000 // requests per second per client address
	DefaultBurst          = 2000
	DefaultSessionTimeout = 30 * time.Minute
	DefaultDrain          = 10 * time.Second
	DefaultMaxSessions    = 256
	// DefaultEvictIdle is how long a session must have been idle before
	// it may be closed to make room for a new one.
	DefaultEvictIdle = time.Minute
	// DefaultEventBytes bounds the events kept for resuming streams.
	DefaultEventBytes = 32 << 20
	// DefaultBodyTimeout bounds how long a POST's body may take to
	// arrive (16 MiB in a minute is 2.2 Mbit/s).
	DefaultBodyTimeout = time.Minute
	// DefaultWriteTimeout bounds each write of a response.
	DefaultWriteTimeout = time.Minute
	// DefaultIdleTimeout closes a kept-alive connection that sends no
	// next request for that long.
	DefaultIdleTimeout = 2 * time.Minute
	// DefaultMaxConns bounds the open connections: room for
	// DefaultMaxSessions sessions each with an event stream and requests
	// in flight, and DefaultMaxSessions listen streams.
	DefaultMaxConns = 1024
)

// Options configure a Front. Open is required.
type Options struct {
	// Open opens a Session: one per 2025-11-25 HTTP session, and one
	// shared by every stateless request.
	Open func(ctx context.Context) (Session, error)
	// Token is the bearer token every request must carry; "" serves
	// without authentication (the caller allows that on loopback only).
	Token string
	// Hosts are the Host header names accepted besides localhost,
	// 127.0.0.1 and ::1 (with any port).
	Hosts []string
	// Origins are the Origin header values accepted (exactly, e.g.
	// "https://app.example.com") besides the same-host loopback origin.
	Origins []string
	// MaxBodyBytes limits a request body; 0 means DefaultMaxBodyBytes.
	MaxBodyBytes int64
	// Rate and Burst limit each client (by remote address); 0 means
	// DefaultRate and DefaultBurst, rate.Inf no limit.
	Rate  rate.Limit
	Burst int
	// SessionTimeout closes a session idle for that long; 0 means
	// DefaultSessionTimeout.
	SessionTimeout time.Duration
	// Drain bounds how long shutdown waits for in-flight requests; 0
	// means DefaultDrain.
	Drain time.Duration
	// MaxSessions bounds the open HTTP sessions (each holds a session
	// until it ends or idles out), and apart from them the open
	// subscriptions/listen streams. A new HTTP session beyond it evicts
	// the session idle the longest (see EvictIdle); when none may be
	// evicted, and for one more listen stream, it is 503. 0 means
	// DefaultMaxSessions.
	MaxSessions int
	// EvictIdle is how long an HTTP session must have been idle (no
	// request on it being served, no event stream of it open, no request
	// of its client being handled) before it may be closed to make room
	// for a new one when MaxSessions are open; its client's next request
	// is then 404, and a client starts a new session on that. 0 means
	// DefaultEvictIdle; a negative value evicts none.
	EvictIdle time.Duration
	// BodyTimeout bounds how long a POST's body may take to arrive, from
	// the end of its headers; a slower one is 408 and the connection is
	// closed (a body that never ends would hold it for ever). 0 means
	// DefaultBodyTimeout.
	BodyTimeout time.Duration
	// WriteTimeout bounds each write of a response (not the whole
	// response: an event stream lasts); a client that stops reading has
	// its connection closed after that long instead of holding the
	// session's writer for ever. 0 means DefaultWriteTimeout.
	WriteTimeout time.Duration
	// IdleTimeout closes a kept-alive connection that has sent no next
	// request for that long (without it, each connection that once sent
	// a request, answered or refused, stayed open for ever: any local
	// process could pile up connections, token or not). An event stream
	// is a request, not idle. 0 means DefaultIdleTimeout.
	IdleTimeout time.Duration
	// EventBytes bounds the memory of the events kept so that a
	// 2025-11-25 client whose event stream was cut (a proxy, a network
	// change) can resume it with a GET carrying Last-Event-ID, all
	// sessions together; over it, the streams written to least recently
	// are forgotten. 0 means DefaultEventBytes; a negative value keeps
	// none (streams are not resumable, and start with no priming event).
	EventBytes int
	// MaxConns bounds the connections open at once, whether or not they
	// have sent a request (the bearer token is checked on a request, so
	// this is what bounds a client without it). At the bound a new
	// connection waits, unaccepted, until one closes, and the log says
	// the bound was reached (at most once a minute). 0 means
	// DefaultMaxConns.
	MaxConns int
	// Logger receives diagnostics; nil discards them.
	Logger *slog.Logger
}

// Front is the HTTP front. Its methods are safe for concurrent use.
type Front struct {
	o         Options
	log       *slog.Logger
	tokenHash [32]byte
	stateful  *mcp.StreamableHTTPHandler
	stateless *mcp.StreamableHTTPHandler
	events    *eventStore // nil when streams are not resumable

	mu       sync.Mutex
	shared   Session // for stateless requests; opened on first use
	open     map[Session]bool
	limiters map[string]*rate.Limiter
	draining bool
	reserved int                // places among MaxSessions held by requests opening a session
	listens  int                // open subscriptions/listen streams (at most MaxSessions)
	live     map[string]*tenant // by live session id
	flights  flights
	inflight sync.WaitGroup
}

// New returns a Front; nothing is opened yet.
func New(o *Options) (*Front, error) {
	if o == nil || o.Open == nil {
		return nil, errors.New("front: Options.Open is required")
	}
	f := &Front{o: *o, open: map[Session]bool{}, limiters: map[string]*rate.Limiter{}, live: map[string]*tenant{}}
	if f.o.MaxBodyBytes == 0 {
		f.o.MaxBodyBytes = DefaultMaxBodyBytes
	}
	if f.o.Rate == 0 {
		f.o.Rate = DefaultRate
	}
	if f.o.Burst == 0 {
		f.o.Burst = DefaultBurst
	}
	if f.o.SessionTimeout == 0 {
		f.o.SessionTimeout = DefaultSessionTimeout
	}
	if f.o.Drain == 0 {
		f.o.Drain = DefaultDrain
	}
	if f.o.MaxSessions == 0 {
		f.o.MaxSessions = DefaultMaxSessions
	}
	if f.o.EvictIdle == 0 {
		f.o.EvictIdle = DefaultEvictIdle
	}
	if f.o.BodyTimeout == 0 {
		f.o.BodyTimeout = DefaultBodyTimeout
	}
	if f.o.WriteTimeout == 0 {
		f.o.WriteTimeout = DefaultWriteTimeout
	}
	if f.o.IdleTimeout == 0 {
		f.o.IdleTimeout = DefaultIdleTimeout
	}
	if f.o.EventBytes == 0 {
		f.o.EventBytes = DefaultEventBytes
	}
	if f.o.MaxConns == 0 {
		f.o.MaxConns = DefaultMaxConns
	}
	f.log = f.o.Logger
	if f.log == nil {
		f.log = slog.New(slog.DiscardHandler)
	}
	f.tokenHash = sha256.Sum256([]byte(f.o.Token))
	so := &mcp.StreamableHTTPOptions{SessionTimeout: f.o.SessionTimeout, MaxRequestBodyBytes: f.o.MaxBodyBytes, Logger: f.log}
	if f.o.EventBytes > 0 {
		// The SDK primes and stores only 2025-11-25 streams (2026-07-28
		// has no resumption).
		f.events = newEventStore(f.o.EventBytes)
		so.EventStore = f.events
	}
	f.stateful = mcp.NewStreamableHTTPHandler(f.sessionServer, so)
	f.stateless = mcp.NewStreamableHTTPHandler(f.sharedServer, &mcp.StreamableHTTPOptions{
		Stateless: true, MaxRequestBodyBytes: f.o.MaxBodyBytes, Logger: f.log, PropagateRequestCancellation: true,
	})
	return f, nil
}

// Prepare opens the shared session now, so that a config error shows at
// start rather than at the first stateless request.
func (f *Front) Prepare(ctx context.Context) error {
	_, err := f.sharedSession(ctx)
	return err
}

func (f *Front) sharedSession(ctx context.Context) (Session, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.shared != nil {
		return f.shared, nil
	}
	s, err := f.o.Open(ctx)
	if err != nil {
		return nil, err
	}
	f.shared = s
	f.open[s] = true
	return s, nil
}

func (f *Front) sharedServer(r *http.Request) *mcp.Server {
	s, err := f.sharedSession(r.Context())
	if err != nil {
		f.log.Warn("opening the shared session", "err", err)
		return nil
	}
	return s.MCP()
}

// perRequest carries the session a request opened (the SDK asks
// getServer more than once per request).
type perRequest struct {
	s   Session
	err error
	// reserved: the request holds a place among MaxSessions
	// (Front.reserved) until its session is open. Guarded by Front.mu.
	reserved bool
	// t is the HTTP session s serves, once opened; the request is one of
	// its requests (tenant.requests) until it is adopted.
	t *tenant
}

// tenant is one 2025-11-25 HTTP session the front opened, with what tells
// whether it is in use (see Options.EvictIdle). Its fields but s and end
// are guarded by Front.mu.
type tenant struct {
	s Session
	// end cancels the requests being served on s (a DELETE, an
	// eviction; see cancelOn).
	end context.CancelFunc
	sid string // once its initialize's answer carries it
	// requests counts its HTTP requests being served (a POST, a GET's
	// event stream, the initialize that opened it); calls counts its
	// client's requests and notifications its server is handling: a
	// call runs on after its client closed the POST (cancelled, or cut
	// off to resume later), until the tool returns.
	requests, calls int
	// idleSince is when the last of them ended.
	idleSince time.Time
}

type perRequestKey struct{}

// sessionServer opens a session for a POST without a session id (the
// SDK creates an HTTP session for it); other requests need no server.
func (f *Front) sessionServer(r *http.Request) *mcp.Server {
	pr, _ := r.Context().Value(perRequestKey{}).(*perRequest)
	if pr == nil || r.Method != http.MethodPost || r.Header.Get("Mcp-Session-Id") != "" {
		return nil
	}
	if pr.s == nil && pr.err == nil {
		pr.s, pr.err = f.o.Open(r.Context())
		if pr.err != nil {
			f.log.Warn("opening a session", "err", pr.err)
		} else {
			ended, end := context.WithCancel(context.Background())
			t := &tenant{s: pr.s, end: end, requests: 1}
			pr.s.MCP().AddReceivingMiddleware(cancelOn(ended), f.handling(t))
			f.mu.Lock()
			pr.t = t
			f.open[pr.s] = true
			if pr.reserved { // the place is the session's now
				f.reserved--
				pr.reserved = false
			}
			f.mu.Unlock()
		}
	}
	if pr.s == nil {
		return nil
	}
	return pr.s.MCP()
}

// afterServe, when set (by tests), runs after the stateful handler
// returned, before the session it opened, if any (opened, its id), is
// adopted: the client may have its answer and send its next requests in
// between. Atomic: a test sets it back while its world's last requests
// may still be served.
var afterServe atomic.Pointer[func(opened string)]

// adopt ties the session a request opened to the life of its MCP
// session: closed when the client ends it, it expires or it is evicted,
// at once when none was made. opened is the HTTP session id the
// request's answer carried, if any.
func (f *Front) adopt(t *tenant, opened string) {
	s := t.s
	var live []*mcp.ServerSession
	for ss := range s.MCP().Sessions() {
		live = append(live, ss)
	}
	if len(live) == 0 {
		if opened != "" {
			f.flights.close(opened)
			f.mu.Lock()
			delete(f.live, opened)
			f.mu.Unlock()
		}
		f.end(t)
		return
	}
	f.mu.Lock()
	for _, ss := range live {
		f.flights.open(ss.ID())
		f.live[ss.ID()] = t
		t.sid = ss.ID()
	}
	f.mu.Unlock()
	go func() {
		defer f.end(t)
		for _, ss := range live {
			ss.Wait()
			f.flights.close(ss.ID())
			f.mu.Lock()
			if f.live[ss.ID()] == t {
				delete(f.live, ss.ID())
			}
			f.mu.Unlock()
		}
	}()
}

// end ends t: its requests being served are cancelled and its session
// closed. A panic closing it (its Close: the hub's session, its views
// and backends) is logged and goes no further, on whichever goroutine
// ends it (the one waiting for its MCP session to end, or the request's
// that opened it when that session ended first); its bookkeeping is
// done first, so it does not count against MaxSessions for ever. On its
// own goroutine it ended the process with every HTTP session.
func (f *Front) end(t *tenant) {
	defer panics.Recover(f.log, "ending an HTTP session", nil)
	t.end()
	f.closeSession(t.s)
}

// hold notes one more request of session sid being served and returns
// its tenant; nil when the session is not live (ended, or evicted).
func (f *Front) hold(sid string) *tenant {
	f.mu.Lock()
	defer f.mu.Unlock()
	t := f.live[sid]
	if t != nil {
		t.requests++
	}
	return t
}

// letGo notes the end of one of t's requests being served.
func (f *Front) letGo(t *tenant) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t.requests--
	if t.requests == 0 && t.calls == 0 {
		t.idleSince = time.Now()
	}
}

// handling is a receiving middleware of t's server that counts what it
// is handling (tenant.calls): a session whose call runs on after its
// POST ended is not idle.
func (f *Front) handling(t *tenant) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			f.mu.Lock()
			t.calls++
			f.mu.Unlock()
			defer func() {
				f.mu.Lock()
				t.calls--
				if t.requests == 0 && t.calls == 0 {
					t.idleSince = time.Now()
				}
				f.mu.Unlock()
			}()
			return next(ctx, method, req)
		}
	}
}

// evictableLocked returns the live session idle the longest, at least
// Options.EvictIdle; nil when none is. f.mu is held.
func (f *Front) evictableLocked(now time.Time) *tenant {
	if f.o.EvictIdle < 0 {
		return nil
	}
	var oldest *tenant
	for _, t := range f.live {
		if t.requests > 0 || t.calls > 0 || now.Sub(t.idleSince) < f.o.EvictIdle {
			continue
		}
		if oldest == nil || t.idleSince.Before(oldest.idleSince) {
			oldest = t
		}
	}
	return oldest
}

// takeLocked makes t no longer live and no longer counted among the open
// sessions (its place is free): a request naming it is 404 from now on.
// f.mu is held; evict closes it.
func (f *Front) takeLocked(t *tenant) {
	delete(f.live, t.sid)
	delete(f.open, t.s)
	f.flights.close(t.sid)
}

// evict closes t, taken (takeLocked) to make room for a new session: its
// MCP session first, which the SDK's handler then forgets (a hub
// session's Close leaves it, which a DELETE or the SDK's timeout ends
// otherwise), then t's session.
func (f *Front) evict(t *tenant, idle time.Duration) {
	f.log.Warn("evicted the HTTP session idle the longest to make room for a new one",
		"session", shortID(t.sid), "idle", idle.Round(time.Second), "max_sessions", f.o.MaxSessions)
	t.end()
	for ss := range t.s.MCP().Sessions() {
		ss.Close()
	}
	t.s.Close()
}

// shortID is the head of a session id, enough to tell sessions apart in
// a log; the whole id is what a client presents, and stays out of logs.
func shortID(sid string) string {
	if len(sid) <= 6 {
		return sid
	}
	return sid[:6] + "…"
}

// cancelOn is a receiving middleware of a session's server that cancels
// the requests being served when ended is done: the client ended the
// session (DELETE). The SDK closes a session only once its requests being
// served have finished, without cancelling them: a DELETE waited as long
// as the session's longest call (a script up to its 300 s limit), and the
// calls ran on for nobody.
func cancelOn(ended context.Context) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			ctx, cancel := context.WithCancel(ctx)
			defer cancel()
			defer context.AfterFunc(ended, cancel)()
			return next(ctx, method, req)
		}
	}
}

// track notes the request body of a POST on 2025-11-25 session sid
// carries in aw (see flights), and reports whether body is a
// notifications/cancelled to drop: the session is known and has no
// request with that id being served.
func (f *Front) track(aw *answerWriter, sid string, body []byte) (drop bool) {
	var p peeked
	if json.Unmarshal(body, &p) != nil {
		return false // the SDK answers it
	}
	if len(p.ID) > 0 && string(p.ID) != "null" {
		if id, ok := makeID(p.ID); ok {
			aw.sid, aw.id, aw.fl = sid, id, f.flights.begin(sid, id)
		}
		return false
	}
	if p.Method != "notifications/cancelled" {
		return false
	}
	id, ok := cancelledID(p.Params)
	if !ok {
		return false // the SDK ignores it
	}
	known, inFlight := f.flights.cancel(sid, id)
	return known && !inFlight
}

func (f *Front) closeSession(s Session) {
	f.mu.Lock()
	was := f.open[s]
	delete(f.open, s)
	f.mu.Unlock()
	if was {
		s.Close()
	}
}

// Sessions returns how many sessions are open (the shared one included).
func (f *Front) Sessions() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.open)
}

// httpSessions is how many 2025-11-25 HTTP sessions are open.
func (f *Front) httpSessions() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.httpSessionsLocked()
}

func (f *Front) httpSessionsLocked() int {
	n := len(f.open)
	if f.shared != nil {
		n--
	}
	return n
}

// ServeHTTP serves Path; any other path is 404.
func (f *Front) ServeHTTP(rw http.ResponseWriter, r *http.Request) {
	dw := &deadlineWriter{ResponseWriter: rw, rc: http.NewResponseController(rw), d: f.o.WriteTimeout}
	defer dw.extend() // for the server's last flush after we return
	var w http.ResponseWriter = dw
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "no-store")
	if !f.hostAllowed(r.Host) {
		w.Header().Set("Connection", "close")
		http.Error(w, fmt.Sprintf("forbidden: Host %s is not this server's address (DNS rebinding protection; add it with --allow-host)", quoteCut(r.Host)), http.StatusForbidden)
		return
	}
	if o := r.Header.Get("Origin"); o != "" && !f.originAllowed(o, r.Host) {
		w.Header().Set("Connection", "close")
		http.Error(w, fmt.Sprintf("forbidden: Origin %s is not allowed (add it with --allow-origin)", quoteCut(o)), http.StatusForbidden)
		return
	}
	if !f.authorized(r) {
		// Its connection is closed: kept alive, it would hold one of
		// MaxConns for IdleTimeout, for a client without the token.
		w.Header().Set("Connection", "close")
		w.Header().Set("WWW-Authenticate", `Bearer realm="switchboard"`)
		http.Error(w, "unauthorized: missing or wrong bearer token (Authorization: Bearer; `switchboard token` prints it)", http.StatusUnauthorized)
		return
	}
	if f.o.Rate != rate.Inf && !f.limiter(r.RemoteAddr).Allow() {
		w.Header().Set("Retry-After", "1")
		http.Error(w, fmt.Sprintf("too many requests from %s: over %v a second (serve --http --rate raises the limit)", clientHost(r.RemoteAddr), float64(f.o.Rate)), http.StatusTooManyRequests)
		return
	}
	if r.URL.Path != Path {
		http.NotFound(w, r)
		return
	}
	if r.ContentLength > f.o.MaxBodyBytes {
		http.Error(w, fmt.Sprintf("request body exceeds %d bytes", f.o.MaxBodyBytes), http.StatusRequestEntityTooLarge)
		return
	}
	var listening *tenant // a GET's session
	if sid := r.Header.Get("Mcp-Session-Id"); sid != "" {
		// Each session is opened by an initialize through the front, which
		// knows it from its answer until its MCP session ends or it is
		// evicted. One that ended on its own (the SDK ends a session whose
		// answer cannot be encoded) stayed in the SDK's handler, which
		// answered each later request 200 with an empty event stream, for
		// ever.
		t := f.hold(sid)
		if t == nil {
			http.Error(w, "session not found", http.StatusNotFound)
			return
		}
		if r.Method == http.MethodGet {
			// An event stream lasts as long as its client listens, or
			// holds it: an SDK client whose session was dropped without
			// Close keeps its GET open for its own life. The session is in
			// use while an event is written to it (answerWriter.Write), as
			// the SDK's own SessionTimeout counts POSTs only.
			f.letGo(t)
			listening = t
		} else {
			defer f.letGo(t) // in use until served
		}
		if r.Method == http.MethodDelete {
			t.end() // its calls first: the SDK waits for them (cancelOn)
		}
	}
	stateless := r.Header.Get("Mcp-Session-Id") == "" && r.Header.Get("Mcp-Protocol-Version") >= "2026-07-28"
	if r.Method == http.MethodGet && listening != nil {
		aw, ok := f.resuming(w, r)
		if !ok {
			return
		}
		aw.t = listening
		defer aw.release()
		w = aw
	}
	// Calls are POSTs; a GET is an event stream that lasts, not drained.
	if r.Method == http.MethodPost {
		body, ok := f.readBody(w, r)
		if !ok {
			return
		}
		if b := bytes.TrimLeft(body, " \t\r\n"); len(b) > 0 && b[0] == '[' {
			// The SDK serves a batch from a client that sends no
			// Mcp-Protocol-Version (as 2025-03-26), past the checks below,
			// which read one message: one before initialize opened a
			// session to answer it with code 0, and two requests of one id
			// got one answer. serve on stdio refuses batches too.
			refuseID(w, json.RawMessage("null"), "JSON-RPC batches are not supported; send one message per request")
			return
		}
		if id, why := rpcid.FoldedMember(body); why != "" {
			// Before the checks below, which read member names in any
			// letter case where the SDK reads them exactly.
			refuseID(w, id, why)
			return
		}
		if id, why := oneMessage(body); why != "" {
			refuseID(w, id, why)
			return
		}
		if id, why := oddID(body); why != "" {
			refuseID(w, id, why)
			return
		}
		if why := rpcid.OddMeta(body); why != "" {
			// Before the SDK, which decodes _meta again at each
			// accessor (200,000 keys: seconds of a core per request).
			refuseParams(w, body, why)
			return
		}
		if r.Header.Get("Mcp-Session-Id") != "" {
			if id, version, why := eraMismatch(body, r.Header.Get("Mcp-Protocol-Version")); why != "" {
				refuseEra(w, id, version, why)
				return
			}
		}
		if r.Header.Get("Mcp-Session-Id") == "" && !stateless {
			if id, why := beforeInitialize(body); why != "" {
				refuseID(w, id, why)
				return
			}
		}
		listen := isListen(body)
		f.mu.Lock()
		if f.draining {
			f.mu.Unlock()
			w.Header().Set("Connection", "close")
			http.Error(w, "shutting down", http.StatusServiceUnavailable)
			return
		}
		if listen {
			// An event stream that lasts until its client closes it, as a
			// session's GET stream: bounded as sessions are (each holds a
			// connection and the SDK's session serving it), and not drained.
			if f.listens >= f.o.MaxSessions {
				f.mu.Unlock()
				w.Header().Set("Retry-After", "60")
				http.Error(w, fmt.Sprintf("too many open subscriptions/listen streams (%d): close one first", f.o.MaxSessions), http.StatusServiceUnavailable)
				return
			}
			f.listens++
			defer func() {
				f.mu.Lock()
				f.listens--
				f.mu.Unlock()
			}()
		} else {
			f.inflight.Add(1)
			defer f.inflight.Done()
		}
		f.mu.Unlock()
		aw := &answerWriter{ResponseWriter: w, f: f, body: body, onSession: r.Header.Get("Mcp-Session-Id") != ""}
		defer aw.release()
		if sid := r.Header.Get("Mcp-Session-Id"); sid != "" && f.track(aw, sid, body) {
			// A late cancellation, or one naming no request: nothing to
			// cancel, and the SDK would cancel a later request reusing
			// the id.
			w.WriteHeader(http.StatusAccepted)
			return
		}
		if aw.fl != nil {
			defer f.flights.end(aw.fl)
		}
		aw.fresh = r.Header.Get("Mcp-Session-Id") == "" && !stateless
		w = aw
	}

	if stateless {
		f.stateless.ServeHTTP(w, r)
		return
	}
	pr := &perRequest{}
	if r.Method == http.MethodPost && r.Header.Get("Mcp-Session-Id") == "" {
		// Its place is reserved before it is served: checked alone, 100
		// initializes at once all found the cap not reached. At the cap,
		// the session idle the longest gives up its place, taken under
		// the same lock, and is closed before this one is opened.
		f.mu.Lock()
		var victim *tenant
		var idle time.Duration
		if f.httpSessionsLocked()+f.reserved >= f.o.MaxSessions {
			now := time.Now()
			if victim = f.evictableLocked(now); victim == nil {
				f.mu.Unlock()
				w.Header().Set("Retry-After", "60")
				http.Error(w, fmt.Sprintf("too many open sessions (%d): end one (DELETE) or wait until idle ones expire", f.o.MaxSessions), http.StatusServiceUnavailable)
				return
			}
			idle = now.Sub(victim.idleSince)
			f.takeLocked(victim)
		}
		f.reserved++
		pr.reserved = true
		f.mu.Unlock()
		if victim != nil {
			f.evict(victim, idle)
		}
		defer func() {
			f.mu.Lock()
			if pr.reserved {
				f.reserved--
			}
			f.mu.Unlock()
		}()
	}
	aw, _ := w.(*answerWriter)
	if aw != nil && aw.fresh {
		aw.pr = pr
	}
	r = r.WithContext(context.WithValue(r.Context(), perRequestKey{}, pr))
	f.stateful.ServeHTTP(w, r)
	opened := ""
	if aw != nil {
		opened = aw.opened
	}
	if hook := afterServe.Load(); hook != nil {
		(*hook)(opened)
	}
	if pr.t != nil {
		f.adopt(pr.t, opened)
		f.letGo(pr.t)
	}
}

// resuming returns the writer of a session's GET: its events, replayed or
// new, are answered as a POST's (answerWriter: bounded, none to a
// cancelled request); or answers 400 and returns false when its
// Last-Event-ID names no stream whose events are kept. A GET resuming the
// session's standalone stream (its events are not kept, see eventStore)
// is served as a new one.
func (f *Front) resuming(w http.ResponseWriter, r *http.Request) (*answerWriter, bool) {
	sid := r.Header.Get("Mcp-Session-Id")
	aw := &answerWriter{ResponseWriter: w, f: f, sid: sid, onSession: true}
	vs := r.Header.Values("Last-Event-ID")
	if len(vs) == 0 || f.events == nil {
		return aw, true // the SDK refuses a Last-Event-ID without a store
	}
	stream, index, ok := parseEventID(vs[0])
	switch {
	case len(vs) > 1:
		http.Error(w, "more than one Last-Event-ID header", http.StatusBadRequest)
		return nil, false
	case !ok:
		http.Error(w, fmt.Sprintf("malformed Last-Event-ID %s: this server's event ids are a stream id, \"_\" and a number", quoteCut(vs[0])), http.StatusBadRequest)
		return nil, false
	case stream == "":
		r.Header.Del("Last-Event-ID")
		return aw, true
	case !f.events.resumable(sid, stream, index):
		// Not 404, which would tell the client its session is gone.
		http.Error(w, fmt.Sprintf("Last-Event-ID %s names no event stream of this session whose events after it are kept (another session's, or forgotten: %d bytes of events are kept for all sessions together)", quoteCut(vs[0]), f.o.EventBytes), http.StatusBadRequest)
		return nil, false
	}
	aw.id, aw.fl = f.flights.ofStream(sid, stream)
	return aw, true
}

// quoteCut quotes s, a header the client sent, with its middle left out
// when it is long (rpcid.CutMiddle): a refusal quoted it whole, up to the
// 1 MB of headers the server reads, to anyone.
func quoteCut(s string) string { return strconv.Quote(rpcid.CutMiddle(s, "header")) }

// deadlineWriter gives each write of a response its own write deadline.
type deadlineWriter struct {
	http.ResponseWriter
	rc *http.ResponseController
	d  time.Duration
}

// extend sets the write deadline d from now; an error means the writer
// has no deadlines (a test's recorder).
func (w *deadlineWriter) extend() { w.rc.SetWriteDeadline(time.Now().Add(w.d)) }

func (w *deadlineWriter) Write(b []byte) (int, error) {
	w.extend()
	return w.ResponseWriter.Write(b)
}

func (w *deadlineWriter) FlushError() error {
	w.extend()
	return w.rc.Flush()
}

func (w *deadlineWriter) Flush() { w.FlushError() }

func (w *deadlineWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// readBody reads r's body whole within Options.BodyTimeout and at most
// Options.MaxBodyBytes, returns it and puts it back for the SDK's
// handler; on a failure it answers (408, 413 or 400) and returns false.
// Once the body is in, the read deadline is lifted: a tool call may then
// run for as long as it needs.
func (f *Front) readBody(w http.ResponseWriter, r *http.Request) ([]byte, bool) {
	rc := http.NewResponseController(w)
	// An error means the writer has no deadlines (a test's recorder).
	rc.SetReadDeadline(time.Now().Add(f.o.BodyTimeout))
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, f.o.MaxBodyBytes))
	if err == nil {
		rc.SetReadDeadline(time.Time{})
		r.Body = io.NopCloser(bytes.NewReader(body))
		return body, true
	}
	// The deadline stays: the server's own discard of what is left of
	// the body must not wait for a client that stopped sending.
	var tooBig *http.MaxBytesError
	var ne net.Error
	switch {
	case errors.As(err, &tooBig):
		http.Error(w, fmt.Sprintf("request body exceeds %d bytes", f.o.MaxBodyBytes), http.StatusRequestEntityTooLarge)
	case errors.As(err, &ne) && ne.Timeout():
		w.Header().Set("Connection", "close")
		http.Error(w, fmt.Sprintf("request body not received within %v (it came too slowly or never ended)", f.o.BodyTimeout), http.StatusRequestTimeout)
	default:
		w.Header().Set("Connection", "close")
		http.Error(w, fmt.Sprintf("reading the request body: %v", err), http.StatusBadRequest)
	}
	return nil, false
}

func (f *Front) authorized(r *http.Request) bool {
	if f.o.Token == "" {
		return true
	}
	scheme, tok, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	h := sha256.Sum256([]byte(strings.TrimSpace(tok)))
	return subtle.ConstantTimeCompare(h[:], f.tokenHash[:]) == 1
}

// limiter returns the rate limiter of the client at remote (host:port).
func (f *Front) limiter(remote string) *rate.Limiter {
	host := clientHost(remote)
	f.mu.Lock()
	defer f.mu.Unlock()
	l := f.limiters[host]
	if l == nil {
		if len(f.limiters) >= 4096 { // bound the memory; start afresh
			clear(f.limiters)
		}
		l = rate.NewLimiter(f.o.Rate, f.o.Burst)
		f.limiters[host] = l
	}
	return l
}

// clientHost is the host of a request's remote address (host:port).
func clientHost(remote string) string {
	if host, _, err := net.SplitHostPort(remote); err == nil {
		return host
	}
	return remote
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

// IsLoopbackName reports whether host (no port) is localhost or a
// loopback IP.
func IsLoopbackName(host string) bool {
	host = strings.ToLower(strings.Trim(host, "[]"))
	if host == "localhost" || strings.HasSuffix(host, ".localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

func (f *Front) hostAllowed(host string) bool {
	h := hostName(host)
	if h == "" {
		return false
	}
	if IsLoopbackName(h) {
		return true
	}
	return slices.ContainsFunc(f.o.Hosts, func(a string) bool { return strings.EqualFold(hostName(a), h) })
}

// originAllowed: listed, or the page is served from this very host on
// loopback (same scheme-less host:port as the Host header).
func (f *Front) originAllowed(origin, host string) bool {
	if slices.Contains(f.o.Origins, origin) {
		return true
	}
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
		return false
	}
	return IsLoopbackName(hostName(u.Host)) && strings.EqualFold(u.Host, host)
}

// Serve serves on ln until ctx is done, then shuts down gracefully: it
// stops accepting, lets in-flight requests finish (at most Options.Drain),
// then closes the connections and every session. At most Options.MaxConns
// connections are open at once.
func (f *Front) Serve(ctx context.Context, ln net.Listener) error {
	ln = newConnLimit(ln, f.o.MaxConns, f.log)
	srv := &http.Server{Handler: f, ReadHeaderTimeout: 10 * time.Second, IdleTimeout: f.o.IdleTimeout, ErrorLog: slog.NewLogLogger(f.log.Handler(), slog.LevelWarn)}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	var err error
	select {
	case err = <-errc:
	case <-ctx.Done():
	}
	f.mu.Lock()
	f.draining = true
	f.mu.Unlock()
	dctx, cancel := context.WithTimeout(context.Background(), f.o.Drain)
	defer cancel()
	go srv.Shutdown(dctx) // stop accepting; idle connections close
	done := make(chan struct{})
	go func() { f.inflight.Wait(); close(done) }()
	select {
	case <-done:
	case <-dctx.Done():
		f.log.Warn("shutdown: requests still running after the drain time; closing them")
	}
	srv.Close() // event streams and whatever did not finish
	f.mu.Lock()
	open := make([]Session, 0, len(f.open))
	for s := range f.open {
		open = append(open, s)
	}
	clear(f.open)
	f.shared = nil
	f.mu.Unlock()
	for _, s := range open {
		s.Close()
	}
	if errors.Is(err, http.ErrServerClosed) {
		err = nil
	}
	return err
}
