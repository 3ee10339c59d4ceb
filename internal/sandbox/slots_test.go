package sandbox

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"
)

// TestSlots_OneSessionCannotHoldEverySlotWhileOthersWait: with 4 slots, a
// session that took all 4 while alone gets freed slots back only below
// its share of 2 while another session waits; waiters are served in
// arrival order among those that may have a slot. A session that holds
// none borrows one at once, up to 2 beyond the 4: a session running 4
// scripts of 5 minutes held every other session's scripts for 5 minutes.
func TestSlots_OneSessionCannotHoldEverySlotWhileOthersWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := newSlots(4)
		ctx := context.Background()
		for range 4 {
			if ok, _ := q.acquire(ctx, nil, "a"); !ok {
				t.Fatal("a alone cannot take every slot")
			}
		}
		got := make(chan string, 8)
		want := func(session string) {
			go func() {
				if ok, _ := q.acquire(ctx, nil, session); ok {
					got <- session
				}
			}()
			synctest.Wait() // queued (or granted) in this order
		}
		next := func() string {
			synctest.Wait()
			select {
			case s := <-got:
				return s
			default:
				return "none"
			}
		}
		want("a") // a's fifth script, first in line
		if s := next(); s != "none" {
			t.Fatalf("%s got a slot, want a to wait", s)
		}
		want("b") // b holds none: it borrows
		if s := next(); s != "b" {
			t.Fatalf("b's first script: %s got a slot, want b at once", s)
		}
		want("b") // b holds one: it waits
		want("c") // c holds none: it borrows the second of 2
		if s := next(); s != "c" {
			t.Fatalf("c's first script: %s got a slot, want c at once", s)
		}
		want("d") // nothing left to borrow: d waits
		if s := next(); s != "none" {
			t.Fatalf("%s got a slot, want d to wait (2 borrowed already)", s)
		}
		// a's scripts end: the first frees a borrowed slot, which d (holding
		// none) takes; after the next two, 4 are in use (a, b, c, d one
		// each), so nothing is granted.
		var order []string
		for range 3 {
			q.release("a")
			order = append(order, next())
		}
		if !slices.Equal(order, []string{"d", "none", "none"}) {
			t.Errorf("freed slots went to %v, want [d none none]", order)
		}
		// A slot under the 4 goes to the first in line below its share: a.
		q.release("c")
		if s := next(); s != "a" {
			t.Errorf("next slot went to %s, want a", s)
		}
		q.release("d")
		if s := next(); s != "b" {
			t.Errorf("next slot went to %s, want b", s)
		}
	})
}

// TestSlots_ASessionAloneUsesEverySlot: with no one else waiting, a
// session's waiting scripts get every slot.
func TestSlots_ASessionAloneUsesEverySlot(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := newSlots(2)
		ctx := context.Background()
		q.acquire(ctx, nil, "a")
		q.acquire(ctx, nil, "a")
		done := make(chan bool, 1)
		go func() { ok, _ := q.acquire(ctx, nil, "a"); done <- ok }()
		synctest.Wait()
		q.release("a")
		if !<-done {
			t.Error("a's waiting script did not get the slot")
		}
	})
}

// TestSlots_CancelledWaiterLeavesTheQueue: a waiter whose ctx ends gives
// up its place; the slot goes to the next one.
func TestSlots_CancelledWaiterLeavesTheQueue(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := newSlots(1)
		q.acquire(context.Background(), nil, "a")
		q.acquire(context.Background(), nil, "b") // borrowed: b held none
		ctx, cancel := context.WithCancel(context.Background())
		res := make(chan bool, 2)
		go func() { ok, done := q.acquire(ctx, nil, "b"); res <- ok || !done }()
		synctest.Wait()
		go func() { ok, _ := q.acquire(context.Background(), nil, "c"); res <- ok }()
		synctest.Wait()
		cancel()
		if bad := <-res; bad {
			t.Error("the cancelled waiter got a slot or did not report its ctx")
		}
		q.release("a")
		if !<-res {
			t.Error("the next waiter did not get the slot")
		}
	})
}

// Round ninety-one: a free slot was given back at random when the
// script's timer had fired by the time acquire looked (`exec --timeout
// 1ns`), and the script was said to have timed out waiting while "4
// scripts were running (settings.maxScripts)", none running. A slot
// granted is kept; the caller finds no time left and says so.
func TestSlots_AFreeSlotIsTakenThoughTheTimerFired(t *testing.T) {
	q := newSlots(4)
	fired := make(chan time.Time, 1)
	for i := range 50 {
		fired <- time.Now()
		if ok, _ := q.acquire(context.Background(), fired, "a"); !ok {
			t.Fatalf("try %d: a free slot was not taken", i)
		}
		q.release("a")
		select {
		case <-fired:
		default:
		}
	}
}
