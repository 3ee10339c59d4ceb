// Package gctune paces the garbage collector of a long-lived process
// whose live heap is small: the daemon and a standalone serve.
//
// A tool call through the daemon allocates about 170 kB (most of it the
// Go SDK's JSON decoding, which makes a 32 kB buffer for each message it
// decodes) while the daemon keeps one to a few MB live, so even at
// GOGC=200 (collect once the heap has tripled, with a floor of 8 MB) it
// collected every 30-odd calls, and the collector's work was a fifth of
// the daemon's CPU per call, on two cores taken from the backend and the
// script worker. Start lets the heap grow by Headroom past its live data
// before the next collection, as a GC percentage between 200 and 400
// recomputed after each collection: a daemon with 1 MB live collects at
// 16 MB instead of 8 (Go's floor is 4 MB times the percentage), one with
// 8 MB live at 40 MB instead of 24, one with 16 MB or more live as at
// 200. The cost is at most 16 MB of memory (docs/benchmarks.md).
//
// A GOGC (or GOMEMLIMIT) in the environment is the user's choice and
// turns this off.
package gctune

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
)

const (
	// Headroom is what the heap may grow past its live data before the
	// next collection, while the percentage stays within its bounds.
	Headroom = 32 << 20
	// MinPercent and MaxPercent bound the GC percentage set.
	MinPercent = 200
	MaxPercent = 400
)

var running atomic.Bool

// Start paces the collector from now until stop is called (which leaves
// MinPercent); it does nothing (and stop nothing) when the environment
// sets GOGC or GOMEMLIMIT, or when it is already running.
func Start() (stop func()) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" || !running.CompareAndSwap(false, true) {
		return func() {}
	}
	var stopped atomic.Bool
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	last := -1
	var adjust func()
	arm := func() {
		// An object nothing refers to: its finalizer runs after the
		// next collection, and arms the next one.
		s := new([16]byte)
		runtime.SetFinalizer(s, func(*[16]byte) { adjust() })
	}
	adjust = func() {
		if stopped.Load() {
			return
		}
		metrics.Read(sample)
		if sample[0].Value.Kind() == metrics.KindUint64 {
			if p := Percent(sample[0].Value.Uint64()); p != last {
				debug.SetGCPercent(p)
				last = p
			}
		}
		arm()
	}
	debug.SetGCPercent(MaxPercent) // until the first collection measures the live heap
	last = MaxPercent
	arm()
	return func() {
		if stopped.CompareAndSwap(false, true) {
			debug.SetGCPercent(MinPercent)
			running.Store(false)
		}
	}
}

// Percent is the GC percentage that lets a heap of live bytes grow by
// Headroom before the next collection, within [MinPercent, MaxPercent],
// rounded down to a multiple of 25 so that small changes of the live
// heap do not reset it at every collection.
func Percent(live uint64) int {
	if live == 0 {
		return MaxPercent
	}
	p := int(min(uint64(Headroom)*100/live, MaxPercent))
	p -= p % 25
	return max(p, MinPercent)
}
