package server

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"strconv"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// relay is what a meta-tool request (execute, call_tool, an exposed
// tool) lets its backend calls send back to the client: progress under
// the client's token, log messages, and the backend's requests
// (elicitation, sampling, roots) on the request's own session.
type relay struct {
	ctx   context.Context // the handler's: its log level, its session
	ss    *mcp.ServerSession
	caps  *mcp.ClientCapabilities // as the request declared them; nil: none
	proto string
	token any // the client's progress token; nil: no progress

	// input, when set (2026-07-28 clients), sends an input request as
	// part of an input_required result and waits for the retry's answer.
	// who is what asks ("server.tool"), named when the request is refused.
	input func(ctx context.Context, who string, req mcp.InputRequest) (mcp.InputResponse, error)

	mu   sync.Mutex
	last float64 // the last progress value sent (it must increase)

	// out is what waits to be written to the client, in order: progress
	// and log messages, which one goroutine writes so that a backend's
	// notification never waits for the client; the request writes its
	// result only after them (flush).
	out sendQueue
}

// maxRelayQueue bounds the messages a request's relay holds for a client
// that does not read; more are dropped.
const maxRelayQueue = 1000

// send writes f's message to the client after those sent before,
// without the backend waiting for the client (2025-11-25 sessions), as
// notifyLater does outside a call. A 2026-07-28 request's messages go
// out at once, in the response to that request.
func (r *relay) send(f func()) {
	if r.newProtocol() {
		f()
		return
	}
	r.out.push(f)
}

// flush waits until what was sent so far is written, or ctx ends.
func (r *relay) flush(ctx context.Context) {
	if r != nil {
		r.out.flush(ctx)
	}
}

// sendQueue runs the funcs pushed to it in order, on one goroutine of
// its own that runs while any wait, so that whoever pushes never waits
// for a client. At most max wait (0: no bound); more are dropped, and
// onDrop (when set) is told how many once the queue has emptied. A func
// that panics is logged on log (nil: slog.Default()) and the queue goes
// on with the next: the panic ended the process, and left the queue
// running for ever, so its flush waited to its context's end.
type sendQueue struct {
	max    int
	onDrop func(dropped int)
	log    *slog.Logger

	mu      sync.Mutex
	q       []func()
	running bool          // a drain goroutine runs
	idle    chan struct{} // closed when that drain has emptied the queue
	dropped int           // funcs dropped since the queue last emptied
}

// push queues f, or drops it when max wait.
func (q *sendQueue) push(f func()) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.max > 0 && len(q.q) >= q.max {
		q.dropped++
		return
	}
	q.q = append(q.q, f)
	if !q.running {
		q.running, q.idle = true, make(chan struct{})
		go q.drain()
	}
}

// drain runs the queued funcs until none is left, then tells onDrop how
// many were dropped meanwhile, if any.
func (q *sendQueue) drain() {
	for {
		q.mu.Lock()
		if len(q.q) == 0 {
			dropped := q.dropped
			q.dropped = 0
			if dropped == 0 || q.onDrop == nil {
				q.running = false
				close(q.idle)
				q.mu.Unlock()
				return
			}
			q.mu.Unlock()
			q.run(func() { q.onDrop(dropped) })
			continue
		}
		f := q.q[0]
		q.q[0] = nil
		q.q = q.q[1:]
		q.mu.Unlock()
		q.run(f)
	}
}

// run runs f, logging its panic (see sendQueue).
func (q *sendQueue) run(f func()) {
	defer panics.Recover(q.log, "relaying a message to the client", nil)
	f()
}

// flush waits until what was pushed so far has run, or ctx ends.
func (q *sendQueue) flush(ctx context.Context) {
	q.mu.Lock()
	idle, running := q.idle, q.running
	q.mu.Unlock()
	if !running {
		return
	}
	select {
	case <-idle:
	case <-ctx.Done():
	}
}

// relayKey carries the request's *relay.
type relayKey struct{}

// withProgress records what req's session can be sent back (its
// progress token, capabilities) in ctx.
func withProgress(ctx context.Context, req *mcp.CallToolRequest, log *slog.Logger) context.Context {
	if req == nil {
		return ctx
	}
	f := FactsOf(req)
	r := &relay{ctx: ctx, ss: req.Session, caps: f.Caps, proto: f.Protocol, out: sendQueue{max: maxRelayQueue, log: log}}
	if req.Params != nil {
		r.token = req.Params.GetProgressToken()
	}
	return context.WithValue(ctx, relayKey{}, r)
}

func relayOf(ctx context.Context) *relay { r, _ := ctx.Value(relayKey{}).(*relay); return r }

// progressOf is the client's progress token withProgress recorded, nil
// if none.
func progressOf(ctx context.Context) any {
	if r := relayOf(ctx); r != nil {
		return r.token
	}
	return nil
}

// progress sends the client a progress notification with msg, if it
// asked for progress. val and total are the script's or backend's own
// figures (0: none); the value sent always increases.
func (r *relay) progress(msg string, val, total float64) {
	if r == nil || r.token == nil || r.ss == nil {
		return
	}
	r.mu.Lock()
	if val <= r.last {
		val = r.last + 1
	}
	r.last = val
	r.mu.Unlock()
	p := &mcp.ProgressNotificationParams{ProgressToken: r.token, Progress: val, Message: msg}
	if total >= val {
		p.Total = total
	}
	r.send(func() {
		// Not once the request has ended (the client cancelled it, or
		// its connection ended): the client dropped the token, and the
		// TypeScript SDK reports progress for a token it does not know
		// as an error. The queue may run this after the request's answer
		// was (or, cancelled, was not) written, when the transport no
		// longer knows the token was cancelled.
		if r.ctx.Err() != nil {
			return
		}
		_ = r.ss.NotifyProgress(context.WithoutCancel(r.ctx), p)
	})
}

// elicit asks the request's client: a request to it (2025-11-25) or an
// input request in an input_required result (2026-07-28).
// who is what asks ("server.tool").
func (r *relay) elicit(ctx context.Context, who string, p *mcp.ElicitParams) (*mcp.ElicitResult, error) {
	if r.input == nil {
		return r.ss.Elicit(ctx, p)
	}
	res, err := r.input(ctx, who, p)
	if err != nil {
		return nil, err
	}
	if er, ok := res.(*mcp.ElicitResult); ok {
		return er, nil
	}
	return nil, relayErr(jsonrpc.CodeInternalError, "switchboard: the client answered elicitation/create with %T", res)
}

// newProtocol: the session speaks 2026-07-28 or later, where a server
// sends no requests of its own while serving one.
func (r *relay) newProtocol() bool { return r.proto >= "2026-07-28" }

// errNoCapability is the error a backend's request gets when the client
// did not declare the capability it needs: method not found, as a client
// without the capability would answer it.
var errNoCapability = &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "not declared by the client"}

// relayErr is an error the relay gives a backend's request (elicitation,
// sampling, roots): a *jsonrpc.Error with code. A plain Go error from a
// client handler reaches the backend with code 0 (the SDK's rendering),
// which names no kind of failure; pool.Pool makes any other error the
// hooks return an internal error (-32603) with its message.
func relayErr(code int64, format string, args ...any) error {
	return &jsonrpc.Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// hooks answer the requests server.tool's backend makes during a call
// of this request: on the request's session, when its client declared
// the capability; else the backend gets an error naming it.
func (s *Server) hooks(ctx context.Context, server, tool string) *pool.Hooks {
	r := relayOf(ctx)
	if r == nil {
		return nil
	}
	caps := r.caps
	if caps == nil {
		caps = &mcp.ClientCapabilities{}
	}
	limit := s.o.Settings.MaxResultBytes
	h := &pool.Hooks{
		Progress: func(_ context.Context, p *mcp.ProgressNotificationParams) {
			msg := server + "." + tool
			if m := cleanText(p.Message); m != "" {
				msg += ": " + cutMessage(m, maxProgressMessage)
			}
			r.progress(msg, 0, 0)
		},
		Log: func(_ context.Context, p *mcp.LoggingMessageParams) {
			if p == nil {
				return
			}
			m := s.logMessage(server, p) // cut before it waits in the queue
			r.send(func() { sendLog(r.ctx, r.ss, m) })
		},
		Roots: func(ctx context.Context) (*mcp.ListRootsResult, error) {
			if caps.RootsV2 != nil && r.input != nil {
				res, err := r.input(ctx, server+"."+tool, &mcp.ListRootsParams{})
				if err != nil {
					return nil, err
				}
				if lr, ok := res.(*mcp.ListRootsResult); ok {
					return lr, nil
				}
				return nil, relayErr(jsonrpc.CodeInternalError, "switchboard: the client answered roots/list with %T", res)
			}
			if caps.RootsV2 != nil && !r.newProtocol() && r.ss != nil {
				return r.ss.ListRoots(ctx, nil)
			}
			return s.workspaceRoots(), nil
		},
	}
	if r.token == nil {
		h.Progress = nil // no token is sent to the backend either
	}
	if caps.Elicitation != nil && r.ss != nil {
		h.Elicit = func(ctx context.Context, p *mcp.ElicitParams) (*mcp.ElicitResult, error) {
			if err := relayable(server, tool, "elicitation/create", p, limit); err != nil {
				return nil, err
			}
			res, err := r.elicit(ctx, server+"."+tool, cleanElicit(p))
			if err == nil && res != nil && res.Action != "accept" && res.Action != "decline" && res.Action != "cancel" {
				// Relayed as it came, a backend reading anything but
				// "decline" and "cancel" as a yes took "maybe" for one.
				return nil, relayErr(jsonrpc.CodeInternalError, "switchboard: the client answered %s.%s's elicitation/create with action %s; an answer's action is accept, decline or cancel: not relayed", server, tool, strconv.Quote(cutMessage(res.Action, 64)))
			}
			return res, err
		}
	} else {
		h.Elicit = func(context.Context, *mcp.ElicitParams) (*mcp.ElicitResult, error) {
			return nil, fmt.Errorf("switchboard: %s.%s asked the user for input (elicitation/create), but this session's client does not support elicitation: the capability is %w", server, tool, errNoCapability)
		}
	}
	if caps.Sampling != nil && r.ss != nil {
		h.Sample = func(ctx context.Context, p *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error) {
			if err := relayable(server, tool, "sampling/createMessage", p, limit); err != nil {
				return nil, err
			}
			p = cleanSample(p)
			if r.input == nil {
				return r.ss.CreateMessage(ctx, p)
			}
			res, err := r.input(ctx, server+"."+tool, p)
			if err != nil {
				return nil, err
			}
			switch v := res.(type) {
			case *mcp.CreateMessageResult:
				return v, nil
			case *mcp.CreateMessageWithToolsResult:
				out := &mcp.CreateMessageResult{Meta: v.Meta, Model: v.Model, Role: v.Role, StopReason: v.StopReason}
				if len(v.Content) > 0 {
					out.Content = v.Content[0]
				}
				return out, nil
			}
			return nil, relayErr(jsonrpc.CodeInternalError, "switchboard: the client answered sampling/createMessage with %T", res)
		}
	} else {
		h.Sample = func(context.Context, *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error) {
			return nil, fmt.Errorf("switchboard: %s.%s asked for a completion (sampling/createMessage), but this session's client does not support sampling: the capability is %w", server, tool, errNoCapability)
		}
	}
	return h
}

// cleanElicit returns p with hidden characters stripped from what the
// client shows its user: the message, and the titles, descriptions and
// other string values of the requested schema (its property names are
// kept: they are the answer's keys). p itself is not changed.
func cleanElicit(p *mcp.ElicitParams) *mcp.ElicitParams {
	out := *p
	out.Message = cleanText(p.Message)
	if p.RequestedSchema != nil {
		if b, err := json.Marshal(p.RequestedSchema); err == nil {
			if c := trust.CleanSchema(b); !bytes.Equal(c, b) {
				var v any
				if json.Unmarshal(c, &v) == nil {
					out.RequestedSchema = v
				}
			}
		}
	}
	return &out
}

// cleanSample returns p with hidden characters stripped from the text it
// gives the client's model: the system prompt and the messages' text
// blocks. p itself is not changed.
func cleanSample(p *mcp.CreateMessageParams) *mcp.CreateMessageParams {
	out := *p
	out.SystemPrompt = cleanText(p.SystemPrompt)
	out.Messages = make([]*mcp.SamplingMessage, len(p.Messages))
	for i, m := range p.Messages {
		if t, ok := contentOf(m).(*mcp.TextContent); ok {
			mm, tt := *m, *t
			tt.Text = cleanText(t.Text)
			mm.Content = &tt
			m = &mm
		}
		out.Messages[i] = m
	}
	return &out
}

// contentOf is m's content (nil for a nil message).
func contentOf(m *mcp.SamplingMessage) mcp.Content {
	if m == nil {
		return nil
	}
	return m.Content
}

// maxProgressMessage bounds the message of a backend's progress
// notification as relayed: a status line, not a payload.
const maxProgressMessage = 4096

// cutMessage is s cut to at most n bytes (at a rune boundary), with "…"
// and the size when it was cut.
func cutMessage(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return bound(s, n) + fmt.Sprintf("… [cut by switchboard: %d bytes]", len(s))
}

// relayable refuses a backend's request to the client (elicitation,
// sampling) larger than limit bytes as JSON (limit <= 0: no limit). What
// a backend sends the client is bounded like its results: a client such
// as the TypeScript SDK drops its whole connection, every backend with
// it, on a message over 10 MiB.
func relayable(server, tool, method string, p any, limit int) error {
	if limit <= 0 {
		return nil
	}
	b, err := json.Marshal(p)
	if err != nil {
		return relayErr(jsonrpc.CodeInvalidParams, "switchboard: %s.%s sent %s that cannot be relayed: %v", server, tool, method, err)
	}
	if len(b) > limit {
		return relayErr(jsonrpc.CodeInvalidParams, "switchboard: %s.%s sent %s of %d bytes, over the %d-byte limit (settings.maxResultBytes): not relayed to the client", server, tool, method, len(b), limit)
	}
	return nil
}

// workspaceRoots is the session's workspace as its one root (for clients
// that offer no roots of their own).
func (s *Server) workspaceRoots() *mcp.ListRootsResult {
	out := &mcp.ListRootsResult{Roots: []*mcp.Root{}}
	if w := s.o.Workspace; w != "" && filepath.IsAbs(w) {
		u := url.URL{Scheme: "file", Path: filepath.ToSlash(w)}
		out.Roots = append(out.Roots, &mcp.Root{URI: u.String(), Name: filepath.Base(w)})
	}
	return out
}

// Log sends a backend's log message (server is its name, the logger) to
// every client of this server at or above the level it set, without
// waiting for them (notifyLater).
func (s *Server) Log(ctx context.Context, server string, p *mcp.LoggingMessageParams) {
	if p == nil {
		return
	}
	ctx = context.WithoutCancel(ctx)
	m := s.logMessage(server, p) // cut now: it may wait long (notifyLater)
	s.notifyLater(func() {
		for ss := range s.mcp.Sessions() {
			sendLog(ctx, ss, m)
		}
	})
}

// maxLaterNotes bounds what a backend sends this server's clients
// outside a call and waits for them to read (notifyLater).
const maxLaterNotes = 1000

// notifyLater runs send, which writes a backend's notification to this
// server's clients, after those queued before, on a goroutine of its own:
// the backend never waits for a client. The SDK handles a backend's
// notifications and requests one at a time, so a write that waits holds
// every later one of that backend, other sessions' on a shared backend
// included. Our stdio transport queues notifications itself
// (stdioConn.notify), but the SDK's Streamable HTTP transport writes to
// the response as it is asked, and an HTTP client that stopped reading
// held them, once its connection's buffers were full, for the front's
// write timeout (a minute) on each of its streams. At most maxLaterNotes
// wait; more are dropped, and the clients are told how many after the
// ones kept (notesDropped).
func (s *Server) notifyLater(send func()) { s.notes.push(send) }

// notesDropped tells the clients how many backend notifications
// notifyLater dropped.
func (s *Server) notesDropped(dropped int) {
	note := &mcp.LoggingMessageParams{Level: "warning", Data: fmt.Sprintf("%d notifications of backends (log messages, resource updates) were dropped: more than %d waited for this client to read them", dropped, maxLaterNotes)}
	for ss := range s.mcp.Sessions() {
		s.logTo(context.Background(), ss, "switchboard", note)
	}
}

// logTo sends p to ss as logger server; the SDK drops it below the
// session's level (and sends nothing before the client set one).
func (s *Server) logTo(ctx context.Context, ss *mcp.ServerSession, server string, p *mcp.LoggingMessageParams) {
	if ss == nil || p == nil {
		return
	}
	sendLog(ctx, ss, s.logMessage(server, p))
}

// sendLog sends l, made by logMessage, to ss.
func sendLog(ctx context.Context, ss *mcp.ServerSession, l *pendingLog) {
	if ss != nil {
		_ = ss.Log(context.WithoutCancel(ctx), l.message())
	}
}

// pendingLog is a log message ready to wait for its client: its data
// marshalled and, over the limit, cut; what is kept is cleaned when it is
// first sent (raw), off the backend's handler.
type pendingLog struct {
	m   *mcp.LoggingMessageParams
	raw []byte // the data to clean into m.Data; nil: m is ready
}

// message is the log message to send; not safe for concurrent use.
func (l *pendingLog) message() *mcp.LoggingMessageParams {
	if l.raw != nil {
		// Cleaned like results: a client shows log messages to its user,
		// often in a terminal (an escape sequence would act there).
		l.m.Data = json.RawMessage(trust.CleanJSON(l.raw))
		l.raw = nil
	}
	return l.m
}

// logMessage is p as a client gets it from logger server: its data
// cleaned and bounded like results. A message that waits for its client
// (notifyLater, a call's queue) is made before it waits, so that what
// waits is at most maxResultBytes: up to 1,000 wait, and a backend's
// message may be as large as maxMessageBytes (a remote backend's 30 MB
// log messages held 2.7 GB while they waited).
func (s *Server) logMessage(server string, p *mcp.LoggingMessageParams) *pendingLog {
	m := &mcp.LoggingMessageParams{Level: p.Level, Logger: server, Data: p.Data}
	l := &pendingLog{m: m}
	b, err := json.Marshal(p.Data)
	if limit := s.o.Settings.MaxResultBytes; limit > 0 && (err != nil || len(b) > limit) {
		// Bounded like results: one huge line would end a TypeScript
		// client's connection (10 MiB), every backend with it. Only the
		// part kept is cleaned.
		m.Data = fmt.Sprintf("%s… [log message of %d bytes cut by switchboard: over the %d-byte limit (settings.maxResultBytes)]", cleanText(bound(string(b), min(limit, 4096))), len(b), limit)
	} else if err == nil {
		m.Data, l.raw = nil, b
	}
	if m.Level == "" {
		m.Level = "info"
	}
	return l
}
