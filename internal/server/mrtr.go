package server

import (
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
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
	id      string
	client  string          // who made the call, as its request said (clientKey): a retry must say the same
	tool    string          // the meta-tool called: a retry must name it
	args    json.RawMessage // its arguments: a retry must carry the same
	cancel  context.CancelCauseFunc
	asks    chan *ask                // input requests of the running call
	done    chan *mcp.CallToolResult // its result (buffered)
	mu      sync.Mutex
	open    map[string]*ask // sent to the client, not answered yet
	next    atomic.Int64
	asked   atomic.Bool // an input request went to the client
	rounds  int         // input_required results sent (under mu)
	carry   []*ask      // asks left for the next round: the last one was full (under mu)
	refused string      // the first input request refused for the round limit (under mu)
	serving bool        // a request of the exchange waits for the call (under mu)
}

// ask is one input request waiting for the client's answer.
type ask struct {
	id    string
	who   string // what asks: "server.tool"
	req   mcp.InputRequest
	reply chan answer // buffered
}

// answer is the client's answer to an ask, or why it gets none.
type answer struct {
	res mcp.InputResponse
	err error
}

// maxInputRounds bounds the input_required results one call gives its
// 2026-07-28 client. The protocol sets no bound, but clients do: the Go
// SDK fails the call with its own error ("exceeded maximum retries
// (10)", naming neither server nor tool) at the 10th such result, so it
// answers 9; dart_mcp answers as many, protocol-droid 8. An input
// request that would need a round past this is refused to whoever made
// it, naming it and the limit, and the call goes on (and ends) on our
// side, where its client still waits for it.
const maxInputRounds = 8

// inputGather is how long a round waits after each input request for
// another one: requests made together (a backend asking several at
// once, a script's Promise.all) go to the client in one round.
// inputGatherMax bounds the whole wait.
const (
	inputGather    = 20 * time.Millisecond
	inputGatherMax = 500 * time.Millisecond
)

// input sends req (made by who, "server.tool") to the client, as part of
// the next input_required result, and waits for its answer.
func (p *paused) input(ctx context.Context, who string, req mcp.InputRequest) (mcp.InputResponse, error) {
	a := &ask{id: strconv.FormatInt(p.next.Add(1), 10), who: who, req: req, reply: make(chan answer, 1)}
	p.asked.Store(true) // before the request can reach the client: see multiRound
	select {
	case p.asks <- a:
	case <-ctx.Done():
		return nil, context.Cause(ctx)
	}
	select {
	case r := <-a.reply:
		if r.err != nil {
			return nil, r.err
		}
		if r.res == nil {
			return nil, fmt.Errorf("the client retried without answering input request %s", a.id)
		}
		return r.res, nil
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
		id, round := splitState(st)
		v, ok := s.pausedCalls.Load(id)
		if !ok {
			return errorResult("%s: this call is not waiting for input any more (it ended or timed out); call it again", req.Params.Name)
		}
		p := v.(*paused)
		p.mu.Lock()
		switch {
		case p.client != clientKey(req):
			// Stateless HTTP clients share one session: the requestState,
			// sent only to the client whose call it is, was all that told
			// them apart, and another client holding it answered for it
			// (round 114's case 16). The retry must come from a client
			// that says it is the one that made the call.
			p.mu.Unlock()
			return errorResult("%s: the requestState is of a call another client made (its clientInfo, name and version, differs from this request's); nothing was passed on: a retry is sent by the client that made the call, with its answers", req.Params.Name)
		case p.tool != req.Params.Name:
			p.mu.Unlock()
			return errorResult("%s: the requestState is of a call of %s, not of %s; retry the call it came with, naming %s", req.Params.Name, p.tool, req.Params.Name, p.tool)
		case p.serving:
			// A retry sent twice: the second would wait for the same
			// result as the first, and never get it.
			p.mu.Unlock()
			return errorResult("%s: another request is already resuming this call with the same requestState (a retry sent twice?); this one was not used: wait for the other's answer", req.Params.Name)
		case !sameArgs(p.args, req.Params.Arguments):
			p.mu.Unlock()
			return errorResult("%s: the retry's arguments differ from those of the call its requestState is of; a retry resumes that call, which goes on with its own: to run these arguments, call %s again without requestState", req.Params.Name, req.Params.Name)
		case round != p.rounds:
			// A replayed or out-of-order retry: the answers it carries
			// are for input requests no longer asked, and would be
			// taken as no answer to the ones open now.
			now := p.rounds
			p.mu.Unlock()
			return errorResult("%s: the requestState is of input round %s, but the call waits for the answers to round %d; retry with the requestState of the latest input_required result", req.Params.Name, roundWord(round), now)
		}
		if wrong := wrongKinds(p.open, req.Params.InputResponses); wrong != "" {
			// Taken as the answer, it failed the backend's request with
			// the SDK's type names, and the call went on without it.
			now := p.rounds
			p.mu.Unlock()
			return errorResult("%s: %s; nothing was passed on, and the call still waits for the answers to round %d: retry with the same requestState and an answer of the kind asked for", req.Params.Name, wrong, now)
		}
		p.serving = true
		for id, a := range p.open {
			a.reply <- answer{res: req.Params.InputResponses[id]} // nil: unanswered
			delete(p.open, id)
		}
		p.mu.Unlock()
		return s.resume(ctx, p)
	}
	var b [16]byte
	rand.Read(b[:])
	// The call outlives this request (it waits for the retry): its own
	// context, ended by its own limits or by the client cancelling a
	// request of the exchange.
	cctx, cancel := context.WithCancelCause(context.WithoutCancel(ctx))
	p := &paused{id: hex.EncodeToString(b[:]), client: clientKey(req), tool: req.Params.Name, args: req.Params.Arguments, serving: true, cancel: cancel, asks: make(chan *ask), done: make(chan *mcp.CallToolResult, 1), open: map[string]*ask{}}
	r.input = p.input
	s.pausedCalls.Store(p.id, p)
	go func() {
		defer cancel(nil)
		p.done <- s.callGuarded(cctx, req, call)
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
	return s.resume(ctx, p)
}

// resume is await by the request that serves p (p.serving is set), which
// it then leaves to the client's next retry.
func (s *Server) resume(ctx context.Context, p *paused) *mcp.CallToolResult {
	defer func() {
		p.mu.Lock()
		p.serving = false
		p.mu.Unlock()
	}()
	return s.await(ctx, p)
}

// sameArgs reports whether a and b are the same JSON value (absent and
// null count as {}: what the call ran with).
func sameArgs(a, b json.RawMessage) bool {
	if bytes.Equal(a, b) {
		return true
	}
	var x, y any
	if err := json.Unmarshal(orEmpty(a), &x); err != nil {
		return false
	}
	if err := json.Unmarshal(orEmpty(b), &y); err != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}

// orEmpty is raw, or {} when it is empty or null.
func orEmpty(raw json.RawMessage) json.RawMessage {
	if len(bytes.TrimSpace(raw)) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return json.RawMessage("{}")
	}
	return raw
}

// clientKey is who req says made it: its client's name and version (a
// 2026-07-28 request's _meta clientInfo, else its session's initialize),
// "" when it says none. It is what a request carries, not a proof: a
// client may say any name, but one whose retry names another client than
// the call's is not that call's client.
func clientKey(req *mcp.CallToolRequest) string {
	info := FactsOf(req).Info
	if info == nil {
		return ""
	}
	return info.Name + "\x00" + info.Version
}

// splitState splits a requestState into the call's id and the input round
// it was sent with (-1 when it names none: not ours).
func splitState(st string) (id string, round int) {
	i := strings.LastIndexByte(st, '.')
	if i < 0 {
		return st, -1
	}
	n, err := strconv.Atoi(st[i+1:])
	if err != nil || n < 0 {
		return st[:i], -1
	}
	return st[:i], n
}

// roundWord names a round splitState found, for errors.
func roundWord(round int) string {
	if round < 0 {
		return "(none: the requestState is not one Switchboard sent)"
	}
	return strconv.Itoa(round)
}

// pausedResultTTL is how long the result of a call that ended while its
// client was asked for input waits for the client's retry.
const pausedResultTTL = 2 * time.Minute

// await returns p's result, or an input_required result with the input
// requests p makes (those made together in one round); the client
// cancelling ctx cancels p. Past maxInputRounds, the requests are refused
// to their makers and await goes on waiting for the call's result.
func (s *Server) await(ctx context.Context, p *paused) *mcp.CallToolResult {
	for {
		var first *ask
		p.mu.Lock()
		carried := len(p.carry) > 0
		p.mu.Unlock()
		if !carried {
			select {
			case res := <-p.done:
				s.pausedCalls.Delete(p.id)
				p.mu.Lock()
				refused := p.refused
				p.mu.Unlock()
				if refused != "" && res != nil && res.IsError && !strings.Contains(resultTexts(res), refused) {
					// The backend's error may not say why its input failed.
					res.Content = append(res.Content, &mcp.TextContent{Text: refused})
				}
				return res
			case first = <-p.asks:
			case <-ctx.Done():
				p.cancel(nil) // context.Canceled: the client cancelled
				return errorResult("cancelled")
			}
		}
		batch := p.gather(ctx, first, s.o.Settings.MaxResultBytes)
		if len(batch) == 0 {
			continue // another request of the exchange took them
		}
		p.mu.Lock()
		if p.rounds >= maxInputRounds {
			for _, a := range batch {
				err := fmt.Errorf("switchboard: %s asked the client for input (%s) after %d rounds of input requests in this call; a 2026-07-28 client answers at most %d rounds a call (the Go SDK fails the whole call after 9), so it was refused: ask for input fewer times in one call, or for several inputs at once", a.who, inputMethod(a.req), p.rounds, maxInputRounds)
				if p.refused == "" {
					p.refused = err.Error()
				}
				a.reply <- answer{err: err}
			}
			p.mu.Unlock()
			continue
		}
		p.rounds++
		reqs := make(mcp.InputRequestMap, len(batch))
		for _, a := range batch {
			p.open[a.id] = a
			reqs[a.id] = a.req
		}
		state := p.id + "." + strconv.Itoa(p.rounds) // the round its retry answers
		p.mu.Unlock()
		return &mcp.CallToolResult{InputRequests: reqs, RequestState: state}
	}
}

// gather is the asks left from the last round, first (when not nil), and
// the input requests p makes right after: each within inputGather of the
// one before, all within inputGatherMax, and together at most limit
// bytes as JSON (limit <= 0: no bound; each one is within it, see
// relayable): a round of 500 requests near settings.maxResultBytes each
// was one message of 500 times that, and the TypeScript client drops its
// connection on one over 10 MiB. What does not fit waits for the next.
func (p *paused) gather(ctx context.Context, first *ask, limit int) []*ask {
	p.mu.Lock()
	pending := p.carry
	p.carry = nil
	p.mu.Unlock()
	if first != nil {
		pending = append(pending, first)
	}
	var batch []*ask
	size := 0
	// add takes a into the batch, or reports that the batch is full.
	add := func(a *ask) bool {
		n := 0
		if limit > 0 {
			b, _ := json.Marshal(a.req)
			n = len(b)
		}
		if len(batch) > 0 && limit > 0 && size+n > limit {
			return false
		}
		batch, size = append(batch, a), size+n
		return true
	}
	for i, a := range pending {
		if !add(a) {
			p.mu.Lock()
			p.carry = append(pending[i:i:i], pending[i:]...)
			p.mu.Unlock()
			return batch
		}
	}
	end := time.NewTimer(inputGatherMax)
	defer end.Stop()
	quiet := time.NewTimer(inputGather)
	defer quiet.Stop()
	for {
		select {
		case a := <-p.asks:
			if !add(a) {
				p.mu.Lock()
				p.carry = append(p.carry, a)
				p.mu.Unlock()
				return batch
			}
			if !quiet.Stop() {
				<-quiet.C
			}
			quiet.Reset(inputGather)
		case <-quiet.C:
			return batch
		case <-end.C:
			return batch
		case <-ctx.Done():
			return batch
		}
	}
}

// resultTexts is res's text blocks, joined.
func resultTexts(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// wrongKinds says each answer in answers to an open input request that
// is of another kind than the request (an elicitation's answer to a
// sampling request), in the order of the requests' keys; "" when there is
// none. The SDK tells the kinds apart by a member ("action", "role",
// "roots"), so a client's answer can decode as another method's result.
func wrongKinds(open map[string]*ask, answers mcp.InputResponseMap) string {
	var says []string
	for _, id := range slices.Sorted(maps.Keys(open)) {
		a := open[id]
		want, got := inputMethod(a.req), answerMethod(answers[id])
		if got == "" || got == want {
			continue
		}
		says = append(says, fmt.Sprintf("the answer to input request %q (%s, asked by %s) is %s's answer (it has %q), where %s's has %q", id, want, a.who, got, answerMember(got), want, answerMember(want)))
	}
	return strings.Join(says, "; ")
}

// answerMethod names the method res answers ("" for none: no answer).
func answerMethod(res mcp.InputResponse) string {
	switch res.(type) {
	case *mcp.ElicitResult:
		return "elicitation/create"
	case *mcp.ListRootsResult:
		return "roots/list"
	case *mcp.CreateMessageResult, *mcp.CreateMessageWithToolsResult:
		return "sampling/createMessage"
	}
	return ""
}

// answerMember is the member by which an answer to method is known.
func answerMember(method string) string {
	switch method {
	case "elicitation/create":
		return "action"
	case "roots/list":
		return "roots"
	}
	return "role"
}

// inputMethod names req's method, for errors.
func inputMethod(req mcp.InputRequest) string {
	switch req.(type) {
	case *mcp.ElicitParams:
		return "elicitation/create"
	case *mcp.ListRootsParams:
		return "roots/list"
	default:
		return "sampling/createMessage"
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
