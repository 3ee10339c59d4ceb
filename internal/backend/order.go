package backend

import (
	"context"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// The SDK client hands a response to the waiting call as soon as it is
// read, while notifications wait their turn for one handler at a time. A
// backend that sends progress or log messages and then its result
// therefore saw its call end before they were handled: the pool then had
// no call to give them to, and dropped the progress and sent the log
// messages to every session using the backend (or to another session's
// call in flight). noteOrder keeps the order the backend wrote: a
// response is handed on only once the notifications read before it have
// been handled.

// orderWait bounds how long a response waits for the notifications
// before it: one the SDK drops without calling its handler (params it
// cannot decode) is never counted done, and a handler may be slow.
const orderWait = 2 * time.Second

// noteOrder counts the notifications of the methods given to handle as
// they are read and as their handlers finish. Safe for concurrent use;
// the zero value counts nothing.
type noteOrder struct {
	mu      sync.Mutex
	methods map[string]bool // the methods counted: those with a handler
	read    uint64          // notifications of methods read
	done    uint64          // of them handled
	wake    chan struct{}   // closed (and replaced) when done moves
}

// handle counts method's notifications from now on; its handler must call
// handled once for each.
func (o *noteOrder) handle(method string) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if o.methods == nil {
		o.methods = map[string]bool{}
	}
	o.methods[method] = true
}

// reset starts the count again, for a new connection: notifications the
// last one read and never handled are not waited for.
func (o *noteOrder) reset() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.read, o.done = 0, 0
	if o.wake != nil {
		close(o.wake)
		o.wake = nil
	}
}

// readMsg notes msg, just read from the backend, and for a response waits
// until the notifications counted before it are handled (at most
// orderWait, or until ctx ends).
func (o *noteOrder) readMsg(ctx context.Context, msg jsonrpc.Message) {
	switch m := msg.(type) {
	case *jsonrpc.Request:
		if !m.IsCall() {
			o.mu.Lock()
			if o.methods[m.Method] {
				o.read++
			}
			o.mu.Unlock()
		}
	case *jsonrpc.Response:
		o.wait(ctx)
	}
}

// wait waits until every notification counted so far is handled.
func (o *noteOrder) wait(ctx context.Context) {
	o.mu.Lock()
	target := o.read
	if o.done >= target {
		o.mu.Unlock()
		return
	}
	t := time.NewTimer(orderWait)
	defer t.Stop()
	for o.done < target {
		if o.wake == nil {
			o.wake = make(chan struct{})
		}
		wake := o.wake
		o.mu.Unlock()
		select {
		case <-wake:
		case <-ctx.Done():
			return
		case <-t.C:
			o.mu.Lock()
			o.done = max(o.done, target) // forgive one never handled
			o.mu.Unlock()
			return
		}
		o.mu.Lock()
	}
	o.mu.Unlock()
}

// handled notes one counted notification handled.
func (o *noteOrder) handled() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.done++
	if o.wake != nil {
		close(o.wake)
		o.wake = nil
	}
}
