package backend

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/time/rate"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// startRemote connects to a Streamable HTTP or SSE endpoint with the
// configured headers, which go only to the endpoint's origin.
func (b *Backend) startRemote(ctx context.Context, spec *config.Server) error {
	si, err := b.newSignIn(spec)
	if err != nil {
		return err
	}
	b.remote = &remoteState{spec: spec, signIn: si}
	cs, cancel, err := b.connectRemote(ctx)
	if err != nil {
		return err
	}
	b.session, b.cancel = cs, cancel
	return nil
}

// remoteState is what a remote backend needs to connect again.
type remoteState struct {
	spec   *config.Server // expanded
	signIn *signIn        // nil: no OAuth
	// lost is set when the server answered 404 to our session id: the
	// session is gone (a restart, an expiry) and a new one is opened;
	// reopened is closed once it is (or once that failed).
	mu       sync.Mutex
	lost     bool
	reopened chan struct{}
}

// markLost records that the server forgot the session.
func (r *remoteState) markLost() {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.lost {
		r.lost, r.reopened = true, make(chan struct{})
	}
}

// takeLost reports whether the session was lost, and the channel to
// give to reopenedNow once a new one is open. The channel stays for
// waitReopened until then: a call that failed on the lost session and
// looked for it after takeLost found none, returned at once, and the
// next call went to the old session.
func (r *remoteState) takeLost() (bool, chan struct{}) {
	r.mu.Lock()
	defer r.mu.Unlock()
	lost, ch := r.lost, r.reopened
	r.lost = false
	return lost, ch
}

// reopenedNow closes ch, taken from takeLost: the lost session was
// replaced (or that failed).
func (r *remoteState) reopenedNow(ch chan struct{}) {
	r.mu.Lock()
	if r.reopened == ch {
		r.reopened = nil
	}
	r.mu.Unlock()
	close(ch)
}

// waitReopened waits until a lost session was replaced (or ctx or done
// ends); it returns at once when none is being replaced.
func (r *remoteState) waitReopened(ctx context.Context, done <-chan struct{}) {
	r.mu.Lock()
	ch := r.reopened
	r.mu.Unlock()
	if ch == nil {
		return
	}
	select {
	case <-ch:
	case <-ctx.Done():
	case <-done:
	}
}

// connectRemote opens a session with the remote endpoint. ctx bounds
// the connect only; the session lives until the returned cancel.
func (b *Backend) connectRemote(ctx context.Context) (*mcp.ClientSession, context.CancelFunc, error) {
	spec := b.remote.spec
	ot, err := newOriginTransport(b.name, spec.URL, spec.Headers, b.o.HTTPTransport, b.maxMessage, b.overflow)
	if err != nil {
		return nil, nil, err
	}
	ot.lost = b.remote.markLost
	ot.junk = b.junkEvent
	hc := &http.Client{Transport: ot, CheckRedirect: ot.checkRedirect}
	// The SSE stream must outlive ctx, which bounds only the start: it
	// gets a context of its own, cancelled by Close or a failed start.
	life, cancel := context.WithCancel(context.WithoutCancel(ctx))
	// A start that runs out of time cuts off the requests made for it
	// (see originTransport.abandon).
	abandon, abandoned := context.WithCancelCause(context.Background())
	ot.abandon = abandon
	stop := context.AfterFunc(ctx, func() {
		abandoned(fmt.Errorf("backend %q: its start ended (%v) before this request was answered", b.name, context.Cause(ctx)))
		cancel()
	})
	// The SDK's own event cap sits a little above ours, so that ours
	// (which names the server and the setting) fires first.
	maxEvent := int(min(b.maxMessage+64<<10, int64(^uint(0)>>1)))
	var t mcp.Transport
	ot.oauth = b.remote.signIn != nil
	ot.tokens = b.remote.signIn
	if kind(spec) == config.SSE {
		ot.signIn = b.remote.signIn
		ot.legacy = true
		t = &mcp.SSEClientTransport{Endpoint: spec.URL, HTTPClient: hc, MaxEventSize: maxEvent}
	} else {
		ot.streamable = true
		ot.raw = &b.raw // read at the HTTP layer: see the comment below
		ot.admit = b.raw.order.admit
		ot.asks = &streamAsks{asks: asks{log: b.log}, base: ot.base, url: spec.URL, closed: life.Done(), note: b.raw.refusedNote}
		ot.unreadable = b.unreadable(ot.asks.unreadable)
		st := &mcp.StreamableClientTransport{Endpoint: spec.URL, HTTPClient: hc, MaxEventSize: maxEvent}
		if b.remote.signIn != nil {
			st.OAuthHandler = b.remote.signIn
		}
		t = st
	}
	if kind(spec) == config.SSE {
		ot.unreadable = b.unreadable(b.raw.unreadable)
		gate := newSSEGate(b.maxMessage)
		ot.gate = gate
		t = b.raw.gated(t, gate)
	}
	// A Streamable HTTP connection is not wrapped: the SDK tells it the
	// negotiated session (protocol version header, the standalone stream
	// for server requests) through an unexported method that a wrapper
	// hides. Its tools/list answers are read by the HTTP transport instead
	// (originTransport.raw), so their schemas keep their property order.
	began := time.Now()
	cs, err := b.client().Connect(life, t, b.sessionOptions())
	if !stop() || err != nil {
		cancel()
		if err == nil {
			cs.Close()
		}
		if r := ot.refusal.Load(); r != nil {
			return nil, nil, *r
		}
		if ctx.Err() == nil && unusableInit(err) {
			// As for a stdio backend: the SDK's words quoted the version
			// asked for whole (a megabyte of it) and named its Go types.
			err = &marked{msg: "its answer to initialize cannot be used: " + unusableInitReason(err), err: err}
		}
		if ctx.Err() != nil && !errors.Is(err, ErrNeedsLogin) {
			// The SDK's error is then life's: "context canceled", which
			// says neither that time ran out nor which bound.
			err = fmt.Errorf("no handshake after %s: %w", time.Since(began).Round(time.Millisecond), context.Cause(ctx))
		}
		return nil, nil, err
	}
	return cs, cancel, nil
}

// headerValueOK reports whether v can be sent as a header's value:
// no control character but the tab (RFC 9110: a line break would end
// the header, and Go's client refuses the request).
func headerValueOK(v string) bool {
	for i := 0; i < len(v); i++ {
		if c := v[i]; c < 0x20 && c != '\t' || c == 0x7f {
			return false
		}
	}
	return true
}

// configuredAuth reports whether the config gives the Authorization
// header, which wins over a sign-in's token.
func (t *originTransport) configuredAuth() bool {
	for k := range t.headers {
		if strings.EqualFold(k, "Authorization") {
			return true
		}
	}
	return false
}

// credentialHeaders are dropped from every request that leaves the
// configured origin, whoever set them (the SDK, Go's redirect logic).
// Referer is among them: Go sets it on a redirect to the URL redirected
// from, which is the configured URL with its query (?token=…).
var credentialHeaders = []string{"Authorization", "Proxy-Authorization", "Cookie", "Referer"}

// originTransport sends the configured headers only to the origin
// (scheme, host, port) of the configured URL, strips credentials from
// requests to any other origin (redirects), refuses a legacy SSE
// backend's POSTs to an endpoint on another origin, and bounds what it
// reads back: a JSON body over max
// bytes, or a server-sent event over max bytes, fails with
// ErrMessageTooLarge and reports it to over.
type originTransport struct {
	server  string
	base    http.RoundTripper
	origin  string // scheme://host:port
	headers map[string]string
	max     int64
	over    func(error)
	// signIn, for an SSE backend, turns a 401 into ErrNeedsLogin (or
	// signs in, interactively); nil: none.
	signIn *signIn
	// tokens, for a remote backend with a sign-in (SSE or Streamable
	// HTTP), supplies the stored OAuth token for requests to the origin,
	// refreshed first when it expired, within the request's time (see
	// storedSource.fresh); nil: none.
	tokens *signIn
	// lost, when set, is set on a 404 to a request carrying a session
	// id (Streamable HTTP: the server no longer knows the session).
	lost func()
	// raw, when set, gets the schemas of tools/list answers as the
	// backend sent them (rawWatch).
	raw *rawTools
	// gets paces GET requests (event streams, opened and resumed).
	gets *rate.Limiter
	// gate, for a legacy SSE backend, holds its event stream's reading
	// back while the SDK has not taken what it read (sseGate).
	gate *sseGate
	// legacy is set for a legacy SSE backend, whose refused messages
	// fail their request only (refusedPost).
	legacy bool
	// refusal is the first endpoint refused for naming another origin,
	// or a sign-in's refresh cut off by the start's time: the start
	// reports it, whatever error the SDK's client then gives (it often
	// closes the session first and says only "EOF", or its time ran out).
	refusal atomic.Pointer[error]
	// junk, when set, is told of an event dropped from a GET's stream
	// (one the SDK would end the session on).
	junk func(error)
	// admit, when set, says whether a notification on an event stream
	// is passed on (a Streamable HTTP backend's, whose connection the
	// SDK does not let us wrap: see noteOrder).
	admit func(method string, size int) bool
	// asks, for a Streamable HTTP backend, bounds its requests waiting
	// for our answer (see streamAsks); nil: not counted.
	asks *streamAsks
	// unreadable, when set, answers a request of the backend's that the
	// SDK cannot decode with an error (see callEvents.unreadable).
	unreadable func(method string, id json.RawMessage, size int, why string) bool
	// abandon, when set, ends once the start this transport serves ran
	// out of time before the session was open (see forStart).
	abandon context.Context
	// streamable is set for a Streamable HTTP backend, whose bad answers
	// to one request fail that request only (badAnswer); oauth when the
	// SDK signs in to it (it must see 401 and 403).
	streamable, oauth bool
}

// A server may end an event stream at once, each time with a new event id
// and "retry: 1": the SDK resumes it after the delay the server asks for
// and, since the id advanced, without counting a failure, so it reconnected
// a thousand times a second for as long as the backend ran. At most
// getBurst GETs go out at once, then one each getEvery (about the SDK's
// own delay when a server asks for none).
const (
	getBurst = 5
	getEvery = time.Second
)

// waitGet waits until a GET may go out, or ctx ends.
func (t *originTransport) waitGet(ctx context.Context) error {
	res := t.gets.Reserve()
	d := res.Delay()
	if d == 0 {
		return nil
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	select {
	case <-timer.C:
		return nil
	case <-ctx.Done():
		res.Cancel()
		return context.Cause(ctx)
	}
}

func newOriginTransport(server, rawURL string, headers map[string]string, base http.RoundTripper, max int64, over func(error)) (*originTransport, error) {
	u, err := url.Parse(rawURL)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return nil, fmt.Errorf("url %s is not an http or https URL", redact.URL(rawURL))
	}
	if base == nil {
		base = http.DefaultTransport
	}
	return &originTransport{server: server, base: base, origin: originOf(u), headers: headers, max: max, over: over,
		gets: rate.NewLimiter(rate.Every(getEvery), getBurst)}, nil
}

// originOf is u's scheme, host and port (the default port made explicit).
func originOf(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + net.JoinHostPort(host, port)
}

func (t *originTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	ctx, release := t.forStart(r.Context())
	handedOn := false // release is the body's to call
	defer func() {
		if !handedOn {
			release()
		}
	}()
	if err := ctx.Err(); err != nil {
		return nil, context.Cause(ctx)
	}
	r = r.Clone(ctx) // a RoundTripper must not change its request
	if originOf(r.URL) == t.origin {
		for k, v := range t.headers {
			r.Header.Set(k, v)
		}
		if t.tokens != nil && !t.configuredAuth() {
			if err := t.tokens.authorize(r); err != nil {
				if late := (*lateRefresh)(nil); errors.As(err, &late) {
					// The start's own error is then only that its
					// time ran out (the SDK returns at once).
					t.refusal.CompareAndSwap(nil, &err)
				}
				return nil, err
			}
		}
	} else {
		for _, k := range credentialHeaders {
			r.Header.Del(k)
		}
		for k := range t.headers {
			r.Header.Del(k)
		}
	}
	if a := r.Header.Get("Authorization"); a != "" && !headerValueOK(a) {
		// Go's client refused it with "net/http: invalid header field
		// value for \"Authorization\"", naming neither the server nor
		// where the value came from (an access token holding a line
		// break, issued by a hostile authorization server).
		if _, configured := t.headers["Authorization"]; configured {
			return nil, fmt.Errorf("backend %q: its configured Authorization header holds a control character or a line break, which no HTTP request can carry: fix it in the server's headers", t.server)
		}
		return nil, fmt.Errorf("backend %q: the access token of its sign-in holds a control character or a line break, which no HTTP request can carry (its authorization server issued a broken token): sign in again with `switchboard login %s`, and if it recurs, tell the server's operator", t.server, t.server)
	}
	orig := r // the request the SDK made, before any redirect
	for orig.Response != nil && orig.Response.Request != nil {
		orig = orig.Response.Request
	}
	if t.legacy && orig.Method == http.MethodPost && originOf(orig.URL) != t.origin {
		// The endpoint event named another origin. The TypeScript and
		// Python SDKs refuse such an endpoint; the Go SDK's client posts
		// there, so every request of the session went to a host the
		// config never named (without our credentials, but with the
		// tools' arguments).
		err := fmt.Errorf("backend %q: its endpoint event names %s, not the configured server's origin %s: requests go to the configured origin only (as the TypeScript and Python SDKs require); fix the server, or configure the URL of the server it names", t.server, serverText(originOf(orig.URL), 128), t.origin)
		t.refusal.CompareAndSwap(nil, &err)
		return nil, err
	}
	call := t.streamable && orig.Method == http.MethodPost && originOf(orig.URL) == t.origin && isCall(orig)
	var listID jsonrpc.ID
	watch := false
	if t.raw != nil && originOf(r.URL) == t.origin {
		listID, watch = listRequestID(r)
	}
	if r.Method == http.MethodGet {
		if err := t.waitGet(r.Context()); err != nil {
			return nil, err
		}
	}
	if t.asks != nil && r.Method == http.MethodPost && originOf(r.URL) == t.origin {
		if id, ok := t.asks.posting(r); ok {
			defer t.asks.answered(id) // sent (or failed): it waits no more
		}
	}
	resp, err := t.base.RoundTrip(r)
	if err != nil && r.Context().Err() == nil {
		err = t.unreachable(r, err)
	}
	if err == nil && resp.StatusCode == http.StatusNotFound && r.Header.Get("Mcp-Session-Id") != "" {
		if originOf(r.URL) != t.origin {
			// Only the configured origin, which opened the session, can
			// say it forgot it: a 404 from wherever a redirect sent the
			// request ended the session (the SDK reads any 404 to a
			// session id so) and opened a new one. It fails this
			// request only.
			resp.Body.Close()
			return nil, fmt.Errorf("backend %q: %s, where a redirect sent this request, answered %s to our session: only the configured server can end the session, so this request failed and the session goes on", t.server, serverText(originOf(r.URL), 128), serverText(resp.Status, 64))
		}
		if t.lost != nil {
			t.lost()
		}
	}
	if err == nil && t.signIn != nil && resp.StatusCode == http.StatusUnauthorized && originOf(r.URL) == t.origin {
		if err := t.signIn.Authorize(r.Context(), r, resp); err != nil {
			return nil, err
		}
		// Signed in (interactively): send the request once more, with
		// the new token.
		retry := r.Clone(r.Context())
		if r.GetBody != nil {
			if retry.Body, err = r.GetBody(); err != nil {
				return nil, err
			}
		}
		if err := t.signIn.authorize(retry); err != nil {
			return nil, err
		}
		resp, err = t.base.RoundTrip(retry)
	}
	if err != nil || resp.Body == nil {
		return resp, err
	}
	resp.Body = &releasing{ReadCloser: resp.Body, release: release}
	handedOn = true
	if err := t.checkSessionID(resp); err != nil {
		resp.Body.Close()
		return nil, err
	}
	if sent, got := r.Header.Get("Mcp-Session-Id"), resp.Header.Get("Mcp-Session-Id"); t.streamable && sent != "" && got != "" && got != sent && originOf(r.URL) == t.origin {
		// The SDK said `calling "initialize": mismatching session IDs
		// "…" and "…"`, naming neither the server nor what is wrong (a
		// server that sets a new id in each answer, or one in its answer
		// to the SDK's server/discover before initialize).
		resp.Body.Close()
		return nil, &saidErr{msg: fmt.Sprintf("backend %q answered %s with a session id (Mcp-Session-Id) other than the one it gave us before: a server keeps one session id for a session's life, set in its answer to initialize; fix the server, or ask its maintainers to", t.server, postedWhat(orig))}
	}
	if wait := retryAfter(resp); wait > 0 && originOf(r.URL) == t.origin {
		// The SDK words a 429 or 503 as "Too Many Requests" alone; the
		// wait the server asks for is told instead. Like the SDK's, the
		// error does not end the session.
		resp.Body.Close()
		return nil, &saidErr{msg: fmt.Sprintf("backend %q answered %s with %s; it asks to wait %s before trying again", t.server, postedWhat(orig), serverText(resp.Status, 64), waitText(wait))}
	}
	if resp.StatusCode == http.StatusTooManyRequests && originOf(r.URL) == t.origin {
		// Without a wait it can read, the SDK's words alone: "sending
		// \"tools/call\": Too Many Requests". (A 503 is said as any 5xx,
		// below.)
		resp.Body.Close()
		return nil, &saidErr{msg: fmt.Sprintf("backend %q answered %s with %s; try again later", t.server, postedWhat(orig), serverText(resp.Status, 64))}
	}
	if resp.StatusCode >= 500 && r.Method == http.MethodPost && isInitialize(orig) {
		// The SDK said `sending "initialize": Bad Gateway`, naming
		// neither the status code nor where the request went.
		resp.Body.Close()
		return nil, t.serverFailed("initialize", r, resp)
	}
	if resp.StatusCode >= 500 && r.Method == http.MethodPost {
		if err := t.failedRequest(r, orig, resp); err != nil {
			resp.Body.Close()
			return nil, err
		}
	}
	if t.legacy && r.Method == http.MethodPost && refusedPost(resp.StatusCode) {
		resp.Body.Close()
		return nil, &saidErr{msg: fmt.Sprintf("backend %q answered %s with %s: %s", t.server, postedWhat(orig), serverText(resp.Status, 64), errRejected.Message), err: errRejected}
	}
	if t.legacy && r.Method == http.MethodGet && resp.StatusCode >= 500 {
		// The SDK said `failed to connect: Bad Gateway`.
		resp.Body.Close()
		return nil, t.serverFailed("its event stream's GET", r, resp)
	}
	if t.legacy && r.Method == http.MethodGet && resp.StatusCode >= 200 && resp.StatusCode < 300 {
		// The SDK read any body as an event stream: a proxy's login page
		// failed the start with "missing endpoint: malformed event:
		// malformed line in SSE stream: \"<html>…\"", quoting the page.
		// One without a Content-Type is left to the SDK.
		if ct := resp.Header.Get("Content-Type"); ct != "" && !isEventStream(ct) {
			resp.Body.Close()
			return nil, fmt.Errorf("backend %q answered its event stream with %s and Content-Type %q, not text/event-stream: check the URL (a login page or a proxy's answer?)", t.server, serverText(resp.Status, 64), serverText(resp.Header.Get("Content-Type"), 64))
		}
	}
	if call {
		if err := t.badAnswer(r, orig, resp); err != nil {
			resp.Body.Close()
			return nil, err
		}
	}
	mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
	if watch && resp.StatusCode == http.StatusOK {
		max := t.max
		if max <= 0 {
			max = DefaultMaxMessageBytes
		}
		resp.Body = &rawWatch{rc: resp.Body, r: t.raw, id: listID, sse: mt == "text/event-stream", max: max}
	}
	if t.legacy && r.Method == http.MethodGet && resp.StatusCode >= 200 && resp.StatusCode < 300 && mt == "text/event-stream" {
		// A legacy SSE backend's one stream carries its tools/list
		// answers: one tool nested past what the SDK reads made the
		// whole answer unreadable (see rawWatch.legacy).
		max := t.max
		if max <= 0 {
			max = DefaultMaxMessageBytes
		}
		resp.Body = &rawWatch{rc: resp.Body, sse: true, legacy: true, max: max}
	}
	if t.max <= 0 {
		return resp, nil
	}
	if mt == "text/event-stream" && resp.StatusCode >= 200 && resp.StatusCode < 300 {
		el := &eventLimit{rc: resp.Body, t: t, url: r.URL, lineStart: true}
		resp.Body = el
		if t.gate != nil && r.Method == http.MethodGet {
			// A legacy SSE backend's one stream, carrying every answer:
			// an answer the SDK cannot decode is followed by an error
			// answer under its id, when it can be read (callEvents.legacy);
			// the gate counts the events as the SDK reads them, those
			// added included.
			ce := newCallEvents(el, t.server, nil)
			ce.legacy, ce.unreadable = true, t.unreadable
			resp.Body = &gatedStream{rc: ce, gate: t.gate}
		} else if call {
			if id, ok := callID(orig); ok {
				ce := newCallEvents(el, t.server, id)
				ce.admit, ce.unreadable = t.admit, t.unreadable
				if t.asks != nil {
					ce.ask = t.asks.ask
				}
				resp.Body = ce
			}
		} else if t.streamable && r.Method == http.MethodGet {
			// The standalone stream, or a call's resumed: the SDK ends
			// the session on an event it cannot decode there too. Such
			// an event is skipped (renamed) and said; a call whose
			// answer it was waits until its time limit.
			ce := newCallEvents(el, t.server, nil)
			ce.junk, ce.admit, ce.unreadable = t.junk, t.admit, t.unreadable
			if t.asks != nil {
				ce.ask = t.asks.ask
			}
			resp.Body = ce
		}
		return resp, nil
	}
	// Any other answer, an error status with an event stream among them,
	// is read whole by the SDK (for the JSON-RPC error in it): bounded as
	// one message.
	if resp.ContentLength > t.max {
		resp.Body.Close()
		resp.Body = errBody{t.tooLarge(resp.ContentLength, r.URL)}
		return resp, nil
	}
	resp.Body = &bodyLimit{rc: resp.Body, max: t.max, tooLarge: func() error { return t.tooLarge(-1, r.URL) }}
	if call && mt == "application/json" && resp.StatusCode >= 200 && resp.StatusCode < 300 {
		if id, ok := callID(orig); ok {
			resp.Body = &callAnswer{rc: resp.Body, server: t.server, id: id}
		}
	}
	return resp, nil
}

// failedRequest is the error for resp, a 5xx to r, a POST other than
// initialize (orig: as the SDK made it), or nil when the SDK is to read it:
// the SDK said `sending "tools/list": Bad Gateway`, naming neither the
// status code nor where the request went, and ended the whole session on
// a 501 or a 505 (it keeps it for 500 and 502-504). A JSON-RPC error in
// the body is the backend's answer: the SDK shows it for a status it does
// not keep the session on, and drops it for one it does (its message is
// then said here).
func (t *originTransport) failedRequest(r, orig *http.Request, resp *http.Response) error {
	said := ""
	if t.streamable {
		head, _ := io.ReadAll(io.LimitReader(resp.Body, maxPeekedError+1))
		if msg, err := jsonrpc.DecodeMessage(head); err == nil && len(head) <= maxPeekedError {
			if res, ok := msg.(*jsonrpc.Response); ok && res.Error != nil {
				if !sdkKeepsSession(resp.StatusCode) {
					resp.Body = struct {
						io.Reader
						io.Closer
					}{io.MultiReader(bytes.NewReader(head), resp.Body), resp.Body}
					return nil
				}
				text := res.Error.Error()
				var we *jsonrpc.Error
				if errors.As(res.Error, &we) {
					text = we.Message
				}
				said = fmt.Sprintf(", saying %q,", serverText(text, 256))
			}
		}
	}
	var wrap error
	if t.legacy {
		wrap = errRejected // its request fails, not the session
	}
	return &saidErr{msg: fmt.Sprintf("backend %q answered %s with %s%s from %s; the server, or a proxy in front of it, failed on this request, and the session goes on: try again, and if it keeps failing check that the server is up (switchboard doctor %s)", t.server, postedWhat(orig), serverText(resp.Status, 64), said, serverText(redact.URL(r.URL.String()), 512), t.server), err: wrap}
}

// serverFailed is the error for resp, a 5xx to what r did (what: the
// request it was), where no session goes on to try again in.
func (t *originTransport) serverFailed(what string, r *http.Request, resp *http.Response) error {
	return &saidErr{msg: fmt.Sprintf("backend %q answered %s with %s from %s; the server, or a proxy in front of it, failed: check that the server is up and its URL is right, then try again (switchboard doctor %s)", t.server, what, serverText(resp.Status, 64), serverText(redact.URL(r.URL.String()), 512), t.server)}
}

// sdkKeepsSession reports whether the SDK's Streamable HTTP client fails
// a request answered with code alone, the session going on, without
// reading the body.
func sdkKeepsSession(code int) bool {
	switch code {
	case http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout, http.StatusTooManyRequests:
		return true
	}
	return false
}

// postedWhat names the message r posts: its method for a request, "the
// notification M", "our answer to its request", or "a message".
func postedWhat(r *http.Request) string {
	head := requestHead(r)
	if _, ok := answerID(r); ok {
		return "our answer to one of its requests"
	}
	_, rest, ok := bytes.Cut(head, []byte(`,"method":"`))
	if !ok {
		return "a message"
	}
	m, _, ok := bytes.Cut(rest, []byte(`"`))
	if !ok || len(m) == 0 {
		return "a message"
	}
	method := serverText(string(m), 64)
	if isCall(r) {
		return method
	}
	return "the notification " + method
}

// saidErr is an error our HTTP layer words in full, naming the server:
// startError and callErr show its text alone, without the SDK's words
// around it (`sending "tools/list": rejected by transport: Post "…": `,
// the URL there with its query). err, when set, is what errors.Is
// matches besides.
type saidErr struct {
	msg string
	err error
}

func (e *saidErr) Error() string { return e.msg }
func (e *saidErr) Unwrap() error { return e.err }

// callAnswer is the JSON answer to one call, read whole before the SDK
// gets it. The SDK ends the session when such a body breaks off (a
// connection reset mid-answer) or is not a JSON-RPC message: every call
// in flight on the backend failed with it. The SDK gets a JSON-RPC error
// answer to the call instead, naming the server and what was wrong, and
// the session goes on. An answer over maxMessageBytes still fails as
// bodyLimit says (the backend is stopped).
type callAnswer struct {
	rc     io.ReadCloser
	server string
	id     json.RawMessage
	r      *bytes.Reader // set once rc was read
	err    error         // rc's error that passes on (too large)
}

func (c *callAnswer) Read(p []byte) (int, error) {
	if c.r == nil {
		data, err := io.ReadAll(c.rc)
		switch {
		case errors.Is(err, ErrMessageTooLarge):
			c.err = err
		case err != nil:
			data = c.failed(fmt.Sprintf("its answer broke off after %d bytes: %s", len(data), cutText(err.Error(), 512)))
		case checkMessage(data) != "":
			data = c.failed(fmt.Sprintf("its answer of %d bytes is not a JSON-RPC message", len(data)))
		default:
			if why := c.notItsAnswer(data); why != "" {
				data = c.failed(why)
			}
		}
		c.r = bytes.NewReader(data)
	}
	if c.err != nil {
		return 0, c.err
	}
	return c.r.Read(p)
}

func (c *callAnswer) Close() error { return c.rc.Close() }

// notItsAnswer is why data, a JSON-RPC message that is the JSON body of
// the POST of c's call, is not the answer to that call, or "". The SDK
// took an answer under another id for the answer to that id's request
// (another call in flight on the backend got it, the server's answer to
// its own call being lost) and a request or notification for one sent
// on its own, and the call waited for its answer until its time limit,
// though the body was all the server would send it.
func (c *callAnswer) notItsAnswer(data []byte) string {
	var s msgScan
	s.Write(data)
	if m, _, ok := s.Request(); ok {
		return fmt.Sprintf("its answer to the call is a request of its own (%s), not the answer", serverText(m, 64))
	}
	if m, ok := s.Notification(); ok {
		return fmt.Sprintf("its answer to the call is a notification (%s), not the answer", serverText(m, 64))
	}
	got, ok := s.AnswerID()
	if !ok || !sameID(got, c.id) {
		what := "an id it could not have (too long)"
		if ok {
			what = "id " + serverText(string(got), 64)
		}
		return fmt.Sprintf("its answer to the call (id %s) came under %s: a JSON answer to a request is the answer to that request", serverText(string(c.id), 64), what)
	}
	return ""
}

// sameID reports whether two JSON-RPC ids, as sent, are one id to the
// SDK (which reads 7 and 7.0 alike, and "7" as another).
func sameID(a, b json.RawMessage) bool {
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	ix, err1 := jsonrpc.MakeID(x)
	iy, err2 := jsonrpc.MakeID(y)
	return err1 == nil && err2 == nil && ix == iy
}

// failed is a JSON-RPC error answer to the call saying why.
func (c *callAnswer) failed(why string) []byte {
	msg, _ := json.Marshal(fmt.Sprintf("backend %q: %s", c.server, why))
	return []byte(`{"jsonrpc":"2.0","id":` + string(c.id) + `,"error":{"code":-32603,"message":` + string(msg) + `}}`)
}

// callID is the id of the JSON-RPC request r posts (as isCall reads it).
func callID(r *http.Request) (json.RawMessage, bool) {
	if r.GetBody == nil {
		return nil, false
	}
	body, err := r.GetBody()
	if err != nil {
		return nil, false
	}
	defer body.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(body, head)
	rest, ok := bytes.CutPrefix(head[:n], []byte(`{"jsonrpc":"2.0","id":`))
	if !ok {
		return nil, false
	}
	var id json.RawMessage
	if json.NewDecoder(bytes.NewReader(rest)).Decode(&id) != nil || (id[0] != '"' && (id[0] < '0' || id[0] > '9') && id[0] != '-') {
		return nil, false
	}
	return id, true
}

// The SDK ends a Streamable HTTP session when a request's answer has an
// error status without a JSON-RPC error in its body (a gateway's 400 or
// 413, a 403 page), or a success status with a body that is neither JSON
// nor an event stream (an HTML login page, a 202 to a call): every call
// in flight on the backend failed with it, other sessions' on a shared
// backend included, and the next call opened a new session. Such an
// answer concerns its request only: badAnswer turns it into an error of
// the request (which the SDK returns to that call, the session going on).
// A redirect's answer counts as the request's (a 302 made Go send a
// GET, answered 405). Left to the SDK: 404 to a session id (the session
// is gone), 401 and 403 when it signs in, 429 and 5xx (it keeps the
// session), and an error status whose body is a JSON-RPC error of at
// most maxPeekedError bytes (it shows it, and keeps the session).
func (t *originTransport) badAnswer(r, orig *http.Request, resp *http.Response) error {
	code := resp.StatusCode
	switch {
	case code == http.StatusNotFound && r.Header.Get("Mcp-Session-Id") != "",
		(code == http.StatusUnauthorized || code == http.StatusForbidden) && t.oauth,
		code == http.StatusTooManyRequests:
		return nil
	case code >= 200 && code < 300:
		mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type"))
		if mt == "application/json" || mt == "text/event-stream" {
			return nil
		}
		return &saidErr{msg: fmt.Sprintf("backend %q answered %s with %s and Content-Type %q, not JSON or an event stream", t.server, postedWhat(orig), serverText(resp.Status, 64), serverText(resp.Header.Get("Content-Type"), 64))}
	case code < 400 || code >= 500:
		return nil // a redirect is followed by the client
	}
	// An error status: a JSON-RPC error in the body is the backend's
	// answer, which the SDK shows.
	// One over maxPeekedError is not read whole: its head may decode
	// where the whole, which the SDK decodes, does not (nested over
	// 1,000 deep after the message).
	head, _ := io.ReadAll(io.LimitReader(resp.Body, maxPeekedError+1))
	if msg, err := jsonrpc.DecodeMessage(head); err == nil && len(head) <= maxPeekedError {
		if res, ok := msg.(*jsonrpc.Response); ok && res.Error != nil {
			resp.Body = struct {
				io.Reader
				io.Closer
			}{io.MultiReader(bytes.NewReader(head), resp.Body), resp.Body}
			return nil
		}
	}
	return &saidErr{msg: fmt.Sprintf("backend %q answered %s with %s", t.server, postedWhat(orig), serverText(resp.Status, 64))}
}

// The SDK's legacy SSE client reads a POST answered with an error status
// as its connection broken and ends the session: every call in flight on
// the backend failed with one refused message (a gateway's 400 or 413, a
// 500 for one request). The error is returned to its request only,
// marked as the SDK marks a request its transport rejected (jsonrpc's
// code -32005, which its connection matches by code). A 404 still ends
// the session: the server no longer knows the session's endpoint.
var errRejected = &jsonrpc.Error{Code: -32005, Message: "this request failed; the session goes on"}

// refusedPost reports whether a legacy SSE POST's status fails its request
// only: an error status but 404 (3xx are followed).
func refusedPost(code int) bool {
	return code >= 400 && code != http.StatusNotFound || code < 200
}

// maxPeekedError bounds what is read of an error answer to find a
// JSON-RPC error in it (a larger one is refused with its status only).
const maxPeekedError = 64 << 10

// isCall reports whether r posts a JSON-RPC request with an id (not a
// notification or a response): the SDK writes "jsonrpc", then "id", then
// "method".
func isCall(r *http.Request) bool {
	head := requestHead(r)
	return bytes.HasPrefix(head, []byte(`{"jsonrpc":"2.0","id":`)) && bytes.Contains(head, []byte(`,"method":`))
}

// requestHead returns the first 256 bytes of r's body, read again through
// GetBody (nil when it cannot be).
func requestHead(r *http.Request) []byte {
	if r.GetBody == nil {
		return nil
	}
	body, err := r.GetBody()
	if err != nil {
		return nil
	}
	defer body.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(body, head)
	return head[:n]
}

// isInitialize reports whether r posts an initialize request (the SDK
// writes "jsonrpc", "id", then "method").
func isInitialize(r *http.Request) bool {
	head := requestHead(r)
	return bytes.HasPrefix(head, []byte(`{"jsonrpc":"2.0","id":`)) && bytes.Contains(head, []byte(`,"method":"initialize"`))
}

// isEventStream reports whether a Content-Type is text/event-stream.
func isEventStream(ct string) bool {
	mt, _, _ := mime.ParseMediaType(ct)
	return mt == "text/event-stream"
}

// maxSessionID bounds the session id a Streamable HTTP server may give:
// the SDK sends it back on every request, and quotes it in errors.
const maxSessionID = 4 << 10

// checkSessionID refuses a session id (Mcp-Session-Id) that the protocol
// does not allow (visible ASCII only, 0x21 to 0x7E) or longer than
// maxSessionID. The SDK took any: a 900 KB one went back to the server
// with every request, a 2 MB one failed the start with the server's
// "Request Header Fields Too Large", and one with spaces, letters beyond
// ASCII or U+2028 was sent and quoted as it came in errors.
func (t *originTransport) checkSessionID(resp *http.Response) error {
	vs := resp.Header.Values("Mcp-Session-Id")
	if len(vs) == 0 || !t.streamable {
		return nil
	}
	v := vs[0]
	bad := len(vs) > 1 || len(v) > maxSessionID ||
		strings.IndexFunc(v, func(r rune) bool { return r < 0x21 || r > 0x7e }) >= 0
	if !bad {
		return nil
	}
	why := fmt.Sprintf("of %d bytes, over the %d bytes Switchboard accepts", len(v), maxSessionID)
	switch {
	case len(vs) > 1:
		why = fmt.Sprintf("in %d headers, where the protocol allows one", len(vs))
	case len(v) <= maxSessionID:
		why = fmt.Sprintf("holding characters other than visible ASCII (%s), which the protocol does not allow", serverText(v, 64))
	}
	return fmt.Errorf("backend %q sent a session id (Mcp-Session-Id) %s: fix the server, or ask its maintainers to", t.server, why)
}

// retryAfter is the wait a 429 or 503 answer asks for in its
// Retry-After header (seconds or an HTTP date), or 0.
func retryAfter(resp *http.Response) time.Duration {
	if resp.StatusCode != http.StatusTooManyRequests && resp.StatusCode != http.StatusServiceUnavailable {
		return 0
	}
	v := strings.TrimSpace(resp.Header.Get("Retry-After"))
	if n, err := strconv.ParseInt(v, 10, 32); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	} else if errors.Is(err, strconv.ErrRange) && v[0] != '-' {
		return math.MaxInt64 // more seconds than an int32 holds: years
	}
	if at, err := http.ParseTime(v); err == nil {
		return time.Until(at).Round(time.Second)
	}
	return 0
}

// waitText words a Retry-After wait: a Duration beyond a day ("asks to
// wait 596523h14m7s", a server's Retry-After of 2^31-1 seconds, or
// 2562047h47m16.854775807s for the year 9999) is said in days, and
// beyond a year as that.
func waitText(d time.Duration) string {
	const day = 24 * time.Hour
	switch {
	case d <= day:
		return d.String()
	case d <= 366*day:
		return fmt.Sprintf("%d days", int64((d+day/2)/day))
	}
	return "more than a year (the server is down, or its Retry-After is wrong)"
}

// checkRedirect refuses a redirect from https to http (the request, with
// its body, would travel in clear text) and keeps Go's limit of 10.
func (t *originTransport) checkRedirect(req *http.Request, via []*http.Request) error {
	if len(via) >= 10 {
		return &saidErr{msg: fmt.Sprintf("backend %q: our request was redirected 10 times, the last time to %s (a redirect loop?): check the URL in the config and the server's redirects, then try again (switchboard doctor %s)", t.server, serverText(redact.URL(req.URL.String()), 512), t.server)}
	}
	prev := via[len(via)-1].URL
	if strings.EqualFold(prev.Scheme, "https") && !strings.EqualFold(req.URL.Scheme, "https") {
		return &saidErr{msg: fmt.Sprintf("backend %q: refusing a redirect from %s to %s: it leaves https", t.server, redact.URL(prev.String()), redact.URL(req.URL.String()))}
	}
	return nil
}

// forStart returns ctx cut off, with its cause, when the start this
// transport serves runs out of time before the session is open, and a
// func releasing what that takes, to call once the request is done (its
// answer's body closed). When a start's time ran out, the SDK sent
// notifications/cancelled for initialize with 5 s of its own and closed
// the session, which waits for that write: against a server that takes a
// request and never answers, the start came back 5 s past its limit.
func (t *originTransport) forStart(ctx context.Context) (context.Context, func()) {
	if t.abandon == nil {
		return ctx, func() {}
	}
	if t.abandon.Err() != nil {
		return t.abandon, func() {}
	}
	ctx, cancel := context.WithCancelCause(ctx)
	stop := context.AfterFunc(t.abandon, func() { cancel(context.Cause(t.abandon)) })
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			stop()
			cancel(nil)
		})
	}
}

// releasing is a response body that calls release once closed.
type releasing struct {
	io.ReadCloser
	release func()
}

func (b *releasing) Close() error {
	err := b.ReadCloser.Close()
	b.release()
	return err
}

// unreachable is err, the failure of a request to r's server, said with
// the server, the URL (query values hidden) and what to check when the
// server was not reached (a refused connection, a name that does not
// resolve, a failed TLS handshake): net/http's words came inside the
// SDK's, `sending "initialize": rejected by transport: Post "…": dial tcp
// …`. Other errors are returned as they are.
func (t *originTransport) unreachable(r *http.Request, err error) error {
	var said *saidErr
	if errors.As(err, &said) {
		return err
	}
	var why string
	var dns *net.DNSError
	var op *net.OpError
	switch {
	case errors.As(err, &dns) && dns.IsNotFound:
		why = fmt.Sprintf("its host name %q does not resolve", serverText(dns.Name, 256))
	case errors.Is(err, syscall.ECONNREFUSED):
		why = "nothing accepts connections there (connection refused)"
	case isTLSFailure(err):
		why = "the TLS handshake failed (" + err.Error() + "): is it an https server, with a certificate this machine trusts?"
	case errors.As(err, &op) && op.Op == "dial":
		why = op.Error()
	case strings.Contains(err.Error(), "server response headers exceeded"):
		// net/http's words inside the SDK's: `net/http: HTTP/1.x
		// transport connection broken: net/http: server response headers
		// exceeded 10485760 bytes; aborted` (header lines without end, or
		// 1xx informational answers without end before the answer).
		return &saidErr{msg: fmt.Sprintf("backend %q at %s answered with more header bytes than Go's HTTP client reads (10 MiB, informational 1xx answers included), so its answer cannot be read: fix the server, or ask its maintainers to (switchboard doctor %s)", t.server, serverText(redact.URL(r.URL.String()), 512), t.server), err: err}
	case strings.Contains(err.Error(), "transport connection broken: malformed"):
		// Go's client said `net/http: HTTP/1.x transport connection
		// broken: malformed MIME header line: "…"`, quoting the server's
		// line (a WWW-Authenticate holding ESC).
		what := "its status line or headers"
		if strings.Contains(err.Error(), "malformed MIME header") {
			what = "a header line (one holding a control character, or no colon)"
		}
		return &saidErr{msg: fmt.Sprintf("backend %q at %s answered with %s that HTTP does not allow, so its answer cannot be read: fix the server, or ask its maintainers to (switchboard doctor %s)", t.server, serverText(redact.URL(r.URL.String()), 512), what, t.server), err: err}
	default:
		return err // it was reached: its answer broke off, or the like
	}
	return &saidErr{msg: fmt.Sprintf("backend %q cannot be reached at %s: %s; check that the server is running and its URL in the config is right, then try again (switchboard doctor %s)", t.server, serverText(redact.URL(r.URL.String()), 512), cutText(serverText(why, len(why)+64), 512), t.server), err: err}
}

// isTLSFailure reports whether err is a failed TLS handshake: a server
// that does not speak TLS, or a certificate not trusted or not for the
// host.
func isTLSFailure(err error) bool {
	var rh tls.RecordHeaderError
	var cv *tls.CertificateVerificationError
	var ua x509.UnknownAuthorityError
	var he x509.HostnameError
	var ci x509.CertificateInvalidError
	return errors.As(err, &rh) || errors.As(err, &cv) || errors.As(err, &ua) || errors.As(err, &he) || errors.As(err, &ci) ||
		strings.Contains(err.Error(), "server gave HTTP response to HTTPS client")
}

// tooLarge reports and returns the error for a message of n bytes (or
// more than max when n is -1).
func (t *originTransport) tooLarge(n int64, u *url.URL) error {
	err := tooLargeError(t.server, serverText(redact.URL(u.String()), 512), n, t.max)
	if t.over != nil {
		t.over(err)
	}
	return err
}

// bodyLimit fails a body once more than max bytes were read from it.
type bodyLimit struct {
	rc       io.ReadCloser
	max      int64
	tooLarge func() error // the error once more than max bytes came
	n        int64
	err      error
}

func (b *bodyLimit) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if room := b.max - b.n + 1; int64(len(p)) > room {
		p = p[:room] // reading one byte past max is enough to tell
	}
	n, err := b.rc.Read(p)
	b.n += int64(n)
	if b.n > b.max {
		b.err = b.tooLarge()
		return n - int(b.n-b.max), b.err // the bytes up to max
	}
	return n, err
}

func (b *bodyLimit) Close() error { return b.rc.Close() }

// eventLimit fails a server-sent event stream once one event (the bytes
// between two blank lines) grows past max. A stream of many small events
// may run for the life of the session.
type eventLimit struct {
	rc        io.ReadCloser
	t         *originTransport
	url       *url.URL // where the stream came from
	run       int64    // bytes of the current event
	lineStart bool     // the last byte ended a line
	lastCR    bool     // the last byte was '\r' (a following '\n' belongs to it)
	err       error
}

func (e *eventLimit) Read(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.rc.Read(p)
	for _, c := range p[:n] {
		switch {
		case c == '\n' && e.lastCR:
			e.lastCR = false
		case c == '\n' || c == '\r':
			if e.lineStart {
				e.run = 0 // a blank line ends the event
			}
			e.lineStart, e.lastCR = true, c == '\r'
		default:
			e.lineStart, e.lastCR = false, false
		}
		e.run++
	}
	if e.run > e.t.max {
		e.err = e.t.tooLarge(-1, e.url)
		return 0, e.err
	}
	return n, err
}

func (e *eventLimit) Close() error { return e.rc.Close() }

// errBody is a body that fails at once.
type errBody struct{ err error }

func (b errBody) Read([]byte) (int, error) { return 0, b.err }
func (errBody) Close() error               { return nil }
