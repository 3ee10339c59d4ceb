package backend

import (
	"context"
	"strings"
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

// The SDK client also queues a backend's notifications without bound
// while its one handler works through them, and decoding a message's
// params for its handler takes longer than reading the message: a
// backend writing log or progress messages faster than they are handled
// (or while a client that reads slowly holds the handler) grew the queue
// until memory ran out (30 MB messages: 0.5-0.77 GB held). noteOrder
// therefore also bounds the backlog: a notification read while the
// counted ones not yet handled are maxBacklog, or would pass
// maxBacklogBytes of params, is dropped before the SDK sees it, and so
// is any other notification read while the backlog is full, or once
// maxBacklog of them came in while counted ones waited and none was
// handled. A list_changed or resources/updated notification is kept
// once per method while the backlog is full (one says all the others
// would), and notifications/cancelled always: the SDK acts on it as it
// reads it, without queueing it.
const (
	maxBacklog      = 1024
	maxBacklogBytes = 16 << 20
	// maxKeptBytes bounds a list_changed or updated notification kept
	// while the backlog is full.
	maxKeptBytes = 64 << 10
	// dropNoteEvery spaces the notes of dropped notifications.
	dropNoteEvery = 10 * time.Second
	// backlogForgive is how long the backlog may stand still before it
	// is forgiven: a notification the SDK drops without calling its
	// handler (params it cannot decode) is never counted handled, and on
	// a connection with no wrapper (Streamable HTTP) no response's wait
	// forgives it. A handler truly held that long lets in another
	// backlog's worth at most.
	backlogForgive = 30 * time.Second
)

// noteOrder counts the notifications of the methods given to handle as
// they are read and as their handlers finish. Safe for concurrent use;
// the zero value counts nothing and bounds only what it counts.
type noteOrder struct {
	mu      sync.Mutex
	methods map[string]bool // the methods counted: those with a handler
	read    uint64          // notifications of methods read
	done    uint64          // of them handled
	wake    chan struct{}   // closed (and replaced) when done moves

	// The backlog: sizes[i] is the params' size of counted notification
	// done+i, bytes their sum. full is set when one is dropped, and
	// cleared when the backlog is back to half its bounds; kept holds the
	// methods kept once while full; others counts the notifications not
	// counted read since one was last handled.
	sizes  []int
	bytes  int
	full   bool
	kept   map[string]bool
	others int
	moved  time.Time // when the backlog last began or moved

	// onDrop, when set, is told the number of notifications dropped and
	// the method of the last: on the first drop after a quiet spell, then
	// at most once per dropNoteEvery. It is called without o.mu held.
	onDrop  func(n uint64, method string)
	dropped uint64 // since the last note
	noted   time.Time
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
	o.sizes, o.bytes, o.full, o.kept, o.others = nil, 0, false, nil, 0
	if o.wake != nil {
		close(o.wake)
		o.wake = nil
	}
}

// readMsg notes msg, just read from the backend, and for a response waits
// until the notifications counted before it are handled (at most
// orderWait, or until ctx ends). It returns false for a notification to
// drop (see maxBacklog).
func (o *noteOrder) readMsg(ctx context.Context, msg jsonrpc.Message) bool {
	switch m := msg.(type) {
	case *jsonrpc.Request:
		if !m.IsCall() {
			return o.admit(m.Method, len(m.Params))
		}
	case *jsonrpc.Response:
		o.wait(ctx)
	}
	return true
}

// admit counts a notification of method with params of size bytes, or
// says to drop it.
func (o *noteOrder) admit(method string, size int) bool {
	o.mu.Lock()
	pending := o.read - o.done
	if pending > 0 && time.Since(o.moved) > backlogForgive {
		o.done = o.read
		o.popLocked()
		o.wakeLocked()
		pending = 0
	}
	if pending == 0 {
		o.moved = time.Now()
	}
	if o.methods[method] {
		if pending > 0 && (pending >= maxBacklog || o.bytes+size > maxBacklogBytes) {
			o.full = true
			return o.drop(method) // unlocks
		}
		o.read++
		o.sizes = append(o.sizes, size)
		o.bytes += size
		o.mu.Unlock()
		return true
	}
	switch {
	case method == "notifications/cancelled":
	case !o.full && (pending == 0 || o.others < maxBacklog):
		if pending > 0 {
			o.others++
		}
	case strings.HasSuffix(method, "/list_changed") || method == "notifications/resources/updated":
		if o.kept[method] || size > maxKeptBytes {
			return o.drop(method)
		}
		if o.kept == nil {
			o.kept = map[string]bool{}
		}
		o.kept[method] = true
	default:
		return o.drop(method)
	}
	o.mu.Unlock()
	return true
}

// drop counts a notification of method dropped, unlocks o.mu and says
// so when it is time; it returns false.
func (o *noteOrder) drop(method string) bool {
	o.dropped++
	var n uint64
	if o.onDrop != nil && time.Since(o.noted) >= dropNoteEvery {
		n, o.dropped, o.noted = o.dropped, 0, time.Now()
	}
	f := o.onDrop
	o.mu.Unlock()
	if n > 0 {
		f(n, method)
	}
	return false
}

// popLocked forgets the sizes of the counted notifications up to done.
func (o *noteOrder) popLocked() {
	first := o.read - uint64(len(o.sizes)) // the number of sizes[0]
	n := int(min(uint64(len(o.sizes)), o.done-first))
	for _, s := range o.sizes[:n] {
		o.bytes -= s
	}
	o.sizes = o.sizes[n:]
	if len(o.sizes) == 0 {
		o.sizes = nil // let the array go
	}
	if o.full && o.read-o.done <= maxBacklog/2 && o.bytes <= maxBacklogBytes/2 {
		o.full, o.kept = false, nil
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
			o.popLocked()
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
	if o.done < o.read { // not a handler of the last connection's
		o.done++
	}
	o.others = 0
	o.moved = time.Now()
	o.popLocked()
	o.wakeLocked()
}

// wakeLocked wakes those waiting for done to move.
func (o *noteOrder) wakeLocked() {
	if o.wake != nil {
		close(o.wake)
		o.wake = nil
	}
}
