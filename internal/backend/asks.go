package backend

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/switchboard-mcp/switchboard/internal/panics"
)

// A backend's own requests (ping, roots/list, sampling, elicitation) are
// each handed by the SDK to a goroutine of their own as it reads them,
// and each holds it until its answer is written: a stdio backend that
// sent 200,000 pings of 1 kB and did not read its stdin meanwhile held
// 2.3 GB of the daemon (round twenty-eight left these out of the backlog
// bound). asks bounds them per connection: a request read while
// maxAsks wait for our answer, or that would pass maxAskBytes of params
// waiting (a single larger one may wait alone), or whose id is one
// already waiting, is answered with an error at once, without reaching
// the SDK. Those answers are written by one goroutine from a queue of
// maxRefusals; a refusal past that waits for room (the reader with it)
// while the writer keeps up, and every refusal is dropped unanswered once
// a write has been stuck for refusalWrite (a backend that does not read
// its stdin), until a write goes through again. Both are said in the backend's log
// (the 1st, 10th, 100th… time). Dropped at once, a burst of requests
// from a backend that reads every answer (1,500 elicitations in one
// call) had some dropped, and the backend waited for them for ever.
const (
	maxAsks     = 1024
	maxAskBytes = 16 << 20
	maxRefusals = 256
	// refusalWrite bounds the write of one refusal (a backend that
	// does not read its stdin).
	refusalWrite = 5 * time.Second
)

// asks counts one connection's requests from the backend that wait for
// our answer (a Streamable HTTP backend's: see streamAsks). The zero value is ready; safe for concurrent use.
type asks struct {
	mu      sync.Mutex
	waiting map[jsonrpc.ID]int // params size of each request waiting
	bytes   int
	queue   chan refusal // refusals to write
	writing bool         // writeRefusals is running
	refused int          // refused or dropped so far, for the notes
	// stuck is set when a write ran out of refusalWrite, and cleared
	// when one goes through; stuckCh is closed when it is set.
	stuck   bool
	stuckCh chan struct{}
	room    chan struct{} // a token each time the writer takes a refusal (buffered)
	// log is where a panic writing refusals is said; nil: slog.Default.
	log *slog.Logger
}

// admit counts the request id, of params of size bytes, that the
// backend sent, or says it is over the bound.
func (a *asks) admit(id jsonrpc.ID, size int) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.waiting == nil {
		a.waiting = map[jsonrpc.ID]int{}
	}
	if _, dup := a.waiting[id]; dup {
		return false
	}
	if len(a.waiting) >= maxAsks || len(a.waiting) > 0 && a.bytes+size > maxAskBytes {
		return false
	}
	a.waiting[id] = size
	a.bytes += size
	return true
}

// answered releases the request id, once our answer to it was written.
func (a *asks) answered(id jsonrpc.ID) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if size, ok := a.waiting[id]; ok {
		delete(a.waiting, id)
		a.bytes -= size
	}
}

// refusalWriter writes a refusal to the backend: through a stdio or SSE
// connection (rawConn), or by a POST of ours (streamAsks).
type refusalWriter interface {
	writeRefusal(ctx context.Context, resp *jsonrpc.Response) error
	// ended is closed once nothing more can be written.
	ended() <-chan struct{}
}

// refusal is an error answer waiting to be written: err nil is the
// refusal of a request past the bound (see maxAsks).
type refusal struct {
	id  jsonrpc.ID
	err *jsonrpc.Error
}

// refuse answers the request id with an error through w, in the
// background, or drops it when the writer is stuck or the id is not
// valid (one too long to be kept: see msgScan.Request); when maxRefusals
// wait to be written, it waits for room. note, when
// set, is told of every 1st, 10th, 100th… request refused.
func (a *asks) refuse(w refusalWriter, id jsonrpc.ID, method string, note func(n int, method string, answered bool)) {
	a.refuseWith(w, id, nil, method, note)
}

// refuseWith is refuse with the error e (nil: the bound's, and counted
// for note); it reports whether the answer was queued.
func (a *asks) refuseWith(w refusalWriter, id jsonrpc.ID, e *jsonrpc.Error, method string, note func(n int, method string, answered bool)) bool {
	a.mu.Lock()
	if a.queue == nil {
		a.queue = make(chan refusal, maxRefusals)
		a.room = make(chan struct{}, 1)
		a.stuckCh = make(chan struct{})
	}
	answered := id.IsValid()
	for answered {
		if a.stuck {
			// Its refusals would each wait refusalWrite to be written.
			answered = false
			break
		}
		select {
		case a.queue <- refusal{id, e}:
			if !a.writing {
				a.writing = true
				go a.writeRefusals(w)
			}
		default:
			// Full: wait for the writer to take one (started again when
			// a panic ended it with the queue full).
			if !a.writing {
				a.writing = true
				go a.writeRefusals(w)
			}
			stuck := a.stuckCh
			a.mu.Unlock()
			select {
			case <-a.room:
			case <-stuck:
			case <-w.ended():
				a.mu.Lock()
				answered = false
				continue
			}
			a.mu.Lock()
			continue
		}
		break
	}
	if e != nil { // not counted with those past the bound
		a.mu.Unlock()
		return answered
	}
	a.refused++
	n := a.refused
	a.mu.Unlock()
	if note != nil && warnAt(n) {
		note(n, method, answered)
	}
	return answered
}

// writeRefusals writes the queued refusals, and ends when none is left
// (refuse starts it again) or w has ended. A panic writing one (the
// transport's write) is logged and that refusal dropped, as one past the
// queue is; the next refusal starts the writer again. It ended the
// process, and with the daemon every session; recovered with writing
// left set, no refusal would have been written again.
func (a *asks) writeRefusals(w refusalWriter) {
	defer panics.Recover(a.log, "writing refusals of a backend's requests", func(string) {
		a.mu.Lock()
		a.writing = false
		a.mu.Unlock()
	})
	for {
		a.mu.Lock()
		var r refusal
		select {
		case r = <-a.queue:
		default:
			a.writing = false
			a.mu.Unlock()
			return
		}
		a.mu.Unlock()
		select {
		case a.room <- struct{}{}:
		default:
		}
		select {
		case <-w.ended():
			return
		default:
		}
		ctx, cancel := context.WithTimeout(context.Background(), refusalWrite)
		// Not written (a backend not reading its stdin, or holding our
		// POST): it waits unanswered, as a dropped one does.
		e := r.err
		if e == nil {
			e = &jsonrpc.Error{Code: jsonrpc.CodeInternalError,
				Message: fmt.Sprintf("switchboard: refused: too many of this server's requests are waiting for an answer (at most %d, or %d MiB of them), or one with this id is", maxAsks, maxAskBytes>>20)}
		}
		err := w.writeRefusal(ctx, &jsonrpc.Response{ID: r.id, Error: e})
		timedOut := ctx.Err() != nil
		cancel()
		a.mu.Lock()
		switch {
		case err != nil && timedOut && !a.stuck:
			a.stuck = true
			close(a.stuckCh)
		case err == nil && a.stuck:
			a.stuck = false
			a.stuckCh = make(chan struct{})
		}
		a.mu.Unlock()
	}
}

// isAsk reports whether msg is a request of the backend's that expects
// an answer.
func isAsk(msg jsonrpc.Message) (*jsonrpc.Request, bool) {
	req, ok := msg.(*jsonrpc.Request)
	if !ok || !req.IsCall() {
		return nil, false
	}
	return req, true
}
