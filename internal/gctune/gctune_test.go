package gctune

import (
	"runtime"
	"runtime/debug"
	"testing"
	"time"
)

func TestPercent(t *testing.T) {
	for _, c := range []struct {
		live uint64
		want int
	}{
		{0, 400}, {1 << 20, 400}, {8 << 20, 400}, {10 << 20, 300}, {12 << 20, 250},
		{16 << 20, 200}, {32 << 20, 200}, {1 << 30, 200},
	} {
		if got := Percent(c.live); got != c.want {
			t.Errorf("Percent(%d MiB) = %d, want %d", c.live>>20, got, c.want)
		}
	}
}

// gcPercent reads the current setting (SetGCPercent returns it).
func gcPercent() int {
	p := debug.SetGCPercent(100)
	debug.SetGCPercent(p)
	return p
}

func TestStart_SetsThePercentAndStopRestoresIt(t *testing.T) {
	t.Setenv("GOGC", "")
	t.Setenv("GOMEMLIMIT", "")
	stop := Start()
	if p := gcPercent(); p != MaxPercent {
		t.Errorf("after Start: GC percent %d, want %d until the first collection", p, MaxPercent)
	}
	// A live heap of 12 MiB: after a collection the finalizer sets 250
	// (one may run while the slices are made, with less live).
	keep := make([][]byte, 12)
	for i := range keep {
		keep[i] = make([]byte, 1<<20)
	}
	want := Percent(12 << 20)
	deadline := time.Now().Add(10 * time.Second)
	for gcPercent() > want && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(time.Millisecond) // the finalizer goroutine runs
	}
	if p := gcPercent(); p > want || p < MinPercent {
		t.Errorf("with ~12 MiB live: GC percent %d, want at most %d", p, want)
	}
	runtime.KeepAlive(keep)
	stop()
	if p := gcPercent(); p != MinPercent {
		t.Errorf("after stop: GC percent %d, want %d", p, MinPercent)
	}
	if s := Start(); gcPercent() != MaxPercent {
		t.Error("Start after stop did nothing")
	} else {
		s()
	}
}

func TestStart_TheEnvironmentsSettingWins(t *testing.T) {
	for _, env := range []string{"GOGC", "GOMEMLIMIT"} {
		t.Run(env, func(t *testing.T) {
			t.Setenv("GOGC", "")
			t.Setenv("GOMEMLIMIT", "")
			t.Setenv(env, map[string]string{"GOGC": "150", "GOMEMLIMIT": "1GiB"}[env])
			old := debug.SetGCPercent(123)
			defer debug.SetGCPercent(old)
			stop := Start()
			defer stop()
			if p := gcPercent(); p != 123 {
				t.Errorf("with %s set: GC percent %d, want it left at 123", env, p)
			}
		})
	}
}
