package sandbox

import (
	"context"
	"sync"
	"time"
)

// slots shares the Workers script slots among sessions fairly: a session
// may take every free slot while no other session waits, but while
// another session waits it is given a freed slot only below its share,
// max(1, ceil(Workers/2)). Among the waiters that may have a slot, the
// earliest arrival gets it. A session that holds no slot does not wait
// for one to be freed: while every slot is taken it borrows one beyond
// Workers, up to share of them at once, so the scripts of one session
// (which may each run for maxExecuteTimeout) cannot hold up every other
// session's scripts until they end. A script's session is
// script.Request.Session ("" is one session like any other).
type slots struct {
	mu    sync.Mutex
	max   int
	used  int
	held  map[string]int
	queue []*slotWaiter // in arrival order
}

type slotWaiter struct {
	session string
	ready   chan struct{} // closed when granted
}

func newSlots(n int) *slots { return &slots{max: n, held: map[string]int{}} }

// share is the most slots one session gets while others wait.
func (q *slots) share() int { return max(1, (q.max+1)/2) }

// acquire waits for a slot for session until ctx ends or expired fires;
// it reports whether it got one and, if not, whether ctx ended (else the
// timer fired). A slot granted by the time the timer fired is kept (the
// caller finds its time spent): a free slot with a timer that had fired
// (a time limit of 1ns) was given back at random, and the script said
// to have waited for every slot.
func (q *slots) acquire(ctx context.Context, expired <-chan time.Time, session string) (ok, ctxDone bool) {
	q.mu.Lock()
	w := &slotWaiter{session: session, ready: make(chan struct{})}
	q.queue = append(q.queue, w)
	q.dispatch()
	q.mu.Unlock()
	select {
	case <-w.ready:
		return true, false
	case <-ctx.Done():
		ctxDone = true
	case <-expired:
	}
	q.mu.Lock()
	defer q.mu.Unlock()
	select {
	case <-w.ready: // granted meanwhile
		if !ctxDone {
			return true, false
		}
		q.releaseLocked(session)
	default:
		q.remove(w)
	}
	return false, ctxDone
}

// release gives session's slot back.
func (q *slots) release(session string) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.releaseLocked(session)
}

func (q *slots) releaseLocked(session string) {
	q.used--
	if q.held[session]--; q.held[session] <= 0 {
		delete(q.held, session)
	}
	q.dispatch()
}

func (q *slots) remove(w *slotWaiter) {
	for i, x := range q.queue {
		if x == w {
			q.queue = append(q.queue[:i], q.queue[i+1:]...)
			return
		}
	}
}

// dispatch grants free slots to the earliest waiters that may have one.
// Caller holds q.mu.
func (q *slots) dispatch() {
	for {
		i := -1
		switch {
		case q.used < q.max:
			i = q.next()
		case q.used < q.max+q.share():
			i = q.idleSession()
		}
		if i < 0 {
			return
		}
		w := q.queue[i]
		q.queue = append(q.queue[:i], q.queue[i+1:]...)
		q.used++
		q.held[w.session]++
		close(w.ready)
	}
}

// idleSession is the index of the earliest waiter whose session holds no
// slot, which may borrow one; -1 for none.
func (q *slots) idleSession() int {
	for i, w := range q.queue {
		if q.held[w.session] == 0 {
			return i
		}
	}
	return -1
}

// next is the index of the earliest waiter that may take a slot now: one
// whose session is below its share, or any when only its own session
// waits; -1 for none.
func (q *slots) next() int {
	for i, w := range q.queue {
		if q.held[w.session] < q.share() {
			return i
		}
		others := false
		for _, x := range q.queue {
			if x.session != w.session {
				others = true
				break
			}
		}
		if !others {
			return i
		}
	}
	return -1
}

// waiting is the number of scripts waiting for a slot.
func (q *slots) waiting() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.queue)
}
