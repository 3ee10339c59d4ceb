// Package warm runs functions on goroutines it keeps, whose stacks have
// already grown.
//
// A goroutine starts with a small stack (Go sizes it by the average stack
// the garbage collector scans, and most of a daemon's goroutines are idle
// readers) and copies it each time it outgrows it, walking every frame's
// metadata. A request or tool call served on a goroutine of its own goes
// deep (the SDK, our handlers, JSON decoding) and paid that on every call:
// 4-6% of the daemon's CPU. A Pool's goroutines keep the stacks they grew.
package warm

import (
	"fmt"
	"sync"
	"time"
)

// Defaults of a Pool's fields.
const (
	DefaultMax  = 8
	DefaultIdle = 30 * time.Second
)

// Pool runs functions on goroutines it keeps: at most Max of them
// (DefaultMax when 0) wait for work, each for at most Idle (DefaultIdle
// when 0); the others end when theirs is done. Keep a Pool with what uses
// it (not in a package variable): its goroutines belong to the test
// bubble (testing/synctest) they were started in. The zero Pool is ready.
type Pool struct {
	Max  int
	Idle time.Duration

	once sync.Once
	work chan func()
	mu   sync.Mutex
	idle int
}

// Go runs f on a waiting goroutine, or on a new one when none waits. It
// does not wait for f.
func (p *Pool) Go(f func()) {
	p.once.Do(func() { p.work = make(chan func()) })
	select {
	case p.work <- f:
	default:
		go p.loop(f)
	}
}

func (p *Pool) loop(f func()) {
	max, wait := p.Max, p.Idle
	if max <= 0 {
		max = DefaultMax
	}
	if wait <= 0 {
		wait = DefaultIdle
	}
	var t *time.Timer
	for {
		f()
		p.mu.Lock()
		if p.idle >= max {
			p.mu.Unlock()
			return
		}
		p.idle++
		p.mu.Unlock()
		if t == nil {
			t = time.NewTimer(wait)
		} else {
			t.Reset(wait)
		}
		var ok bool
		select {
		case f = <-p.work:
			ok = true
		case <-t.C:
		}
		p.mu.Lock()
		p.idle--
		p.mu.Unlock()
		if !ok {
			return
		}
	}
}

// Do runs f on one of p's goroutines and returns what f returns. A panic
// in f is raised again in the caller's goroutine, where the caller's
// recovery can see it.
func Do[T any](p *Pool, f func() (T, error)) (T, error) {
	type outcome struct {
		v     T
		err   error
		panic any
	}
	done := make(chan outcome, 1)
	p.Go(func() {
		var o outcome
		defer func() {
			if r := recover(); r != nil {
				o.panic = r
			}
			done <- o
		}()
		o.v, o.err = f()
	})
	o := <-done
	if o.panic != nil {
		panic(fmt.Sprintf("%v (on a warm goroutine)", o.panic))
	}
	return o.v, o.err
}
