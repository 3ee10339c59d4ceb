package sandbox

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
)

// TestSlots_OneSessionCannotHoldEverySlotWhileOthersWait: with 4 slots, a
// session that took all 4 while alone gets freed slots back only below
// its share of 2 while another session waits; waiters are served in
// arrival order among those that may have a slot.
func TestSlots_OneSessionCannotHoldEverySlotWhileOthersWait(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		q := newSlots(4)
		ctx := context.Background()
		for range 4 {
			if ok, _ := q.acquire(ctx, nil, "a"); !ok {
				t.Fatal("a alone cannot take every slot")
			}
		}
		var order []string
		got := make(chan string, 8)
		want := func(session string) {
			go func() {
				if ok, _ := q.acquire(ctx, nil, session); ok {
					got <- session
				}
			}()
			synctest.Wait() // queued in this order
		}
		want("a") // a's fifth script, first in line
		want("b")
		want("b")
		want("c")
		// Three of a's scripts end: b, b (arrival order, a at 3 >= share 2
		// while others wait), then a is at 1 < 2 and first in line.
		for range 3 {
			q.release("a")
			synctest.Wait()
			order = append(order, <-got)
		}
		if !slices.Equal(order, []string{"b", "b", "a"}) {
			t.Errorf("freed slots went to %v, want [b b a]", order)
		}
		// c still waits: a holds 2 (its share), b 2: the next free slot is c's.
		q.release("b")
		synctest.Wait()
		if s := <-got; s != "c" {
			t.Errorf("next slot went to %s, want c", s)
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
