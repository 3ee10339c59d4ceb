package server

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A 2026-07-28 client gets no requests from us while we serve its call:
// a backend's elicitation, sampling or roots request during a meta-tool
// call is returned as an input_required result instead (multi-round-trip
// requests), and the client retries the call with its answers and our
// requestState. The call keeps running in between: an execute script
// waits in its host call (the Hook) and resumes with the answer; it is
// never re-run.

// paused is a meta-tool call running across the requests of one
// multi-round-trip exchange.
type paused struct {
	id     string
	cancel context.CancelCauseFunc
	asks   chan *ask                // input requests of the running call
	done   chan *mcp.CallToolResult // its result (buffered)
	mu     sync.Mutex
	open   map[string]*ask // sent to the client, not answered yet
	next   atomic.Int64
	asked  atomic.Bool // an input request went to the client
}

// ask is one input request waiting for the client's answer.
type ask struct {
	id    string
	req   mcp.InputRequest
	reply chan mcp.InputResponse // buffered
}

// input sends req to the client (as part of the next input_required
// result) and waits for its answer.
func (p *paused) input(ctx context.Context, req mcp.InputRequest) (mcp.InputResponse, error) {
	a := &ask{id: strconv.FormatInt(p.next.Add(1), 10), req: req, reply: make(chan mcp.InputResponse, 1)}
	p.asked.Store(true) // before the request can reach the client: see multiRound
	select {
	case p.asks <- a:
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
	select {
	case r := <-a.reply:
		if r == nil {
			return nil, fmt.Errorf("the client retried without answering input request %s", a.id)
		}
		return r, nil
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
}

// multiRound runs call for a 2026-07-28 client: its input requests are
// returned as input_required results, and the client's retry (with our
// requestState) resumes the same running call. Other clients run call
// directly.
func (s *Server) multiRound(ctx context.Context, req *mcp.CallToolRequest, call func(ctx context.Context) *mcp.CallToolResult) *mcp.CallToolResult {
	r := relayOf(ctx)
	if r == nil {
		return call(ctx)
	}
	if !r.newProtocol() {
		res := call(ctx)
		r.flush(ctx) // its progress and log messages go before the result
		return res
	}
	if st := req.Params.RequestState; st != "" {
		v, ok := s.pausedCalls.Load(st)
		if !ok {
			return errorResult("%s: this call is not waiting for input any more (it ended or timed out); call it again", req.Params.Name)
		}
		p := v.(*paused)
		p.mu.Lock()
		for id, a := range p.open {
			a.reply <- req.Params.InputResponses[id] // nil: unanswered
			delete(p.open, id)
		}
		p.mu.Unlock()
		return s.await(ctx, p)
	}
	var b [16]byte
	rand.Read(b[:])
	// The call outlives this request (it waits for the retry): its own
	// context, ended by its own limits or by the client cancelling a
	// request of the exchange.
	cctx, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	p := &paused{id: hex.EncodeToString(b[:]), cancel: cancel, asks: make(chan *ask), done: make(chan *mcp.CallToolResult, 1), open: map[string]*ask{}}
	r.input = p.input
	s.pausedCalls.Store(p.id, p)
	go func() {
		defer cancel(nil)
		p.done <- call(cctx)
		// The call may end while the client is still answering an input
		// request it no longer needs (a backend's roots request during
		// its start, a request the script did not await): the client's
		// retry then gets this result. Kept for pausedResultTTL unless a
		// request takes it first; the usual call, whose result its own
		// request takes, arms no timer.
		if p.asked.Load() {
			time.AfterFunc(pausedResultTTL, func() { s.pausedCalls.Delete(p.id) })
		}
	}()
	return s.await(ctx, p)
}

// pausedResultTTL is how long the result of a call that ended while its
// client was asked for input waits for the client's retry.
const pausedResultTTL = 2 * time.Minute

// await returns p's result, or an input_required result with the input
// requests p makes; the client cancelling ctx cancels p.
func (s *Server) await(ctx context.Context, p *paused) *mcp.CallToolResult {
	select {
	case res := <-p.done:
		s.pausedCalls.Delete(p.id)
		return res
	case a := <-p.asks:
		p.mu.Lock()
		p.open[a.id] = a
		p.mu.Unlock()
		return &mcp.CallToolResult{InputRequests: mcp.InputRequestMap{a.id: a.req}, RequestState: p.id}
	case <-ctx.Done():
		p.cancel(nil) // context.Canceled: the client cancelled
		return errorResult("cancelled")
	}
}

// errInputAbandoned ends the calls still waiting for a 2026-07-28
// client's input when its connection ends: it will never retry them.
var errInputAbandoned = errors.New("the client's connection ended while its call waited for input it had asked for")

// abandonPaused ends every call waiting for its client's input (or
// holding a result for its retry): the connection that would retry them
// has ended.
func (s *Server) abandonPaused() {
	s.pausedCalls.Range(func(k, v any) bool {
		v.(*paused).cancel(errInputAbandoned)
		s.pausedCalls.Delete(k)
		return true
	})
}
