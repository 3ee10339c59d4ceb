//go:build unix

package daemon

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestMark_BothSidesSeeOneCount(t *testing.T) {
	dir := t.TempDir()
	b, path, err := newMark(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	d, err := openMark(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(path) // as the bridge does after the reply: the mappings stay
	d.store(41)
	d.store(42)
	if got := b.load(); got != 42 {
		t.Errorf("the bridge reads %d, want 42", got)
	}
	d.close()
	d.store(43) // after close: nothing, and no fault
	if got := b.load(); got != 42 {
		t.Errorf("after the daemon's close the bridge reads %d, want 42", got)
	}
	var none *mark
	none.store(1)
	if none.load() != 0 {
		t.Error("a nil mark loads non-zero")
	}
	none.close()
}

// A hello names the mark file: the daemon maps only a regular file of
// eight bytes named mark-* in its own directory.
func TestOpenMark_RefusesWhatIsNotAMarkFile(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	write := func(d, name string, size int) string {
		p := filepath.Join(d, name)
		if err := os.WriteFile(p, make([]byte, size), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	fifo := filepath.Join(dir, markPrefix+"fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, markPrefix+"link")
	if err := os.Symlink(write(other, markPrefix+"x", markSize), link); err != nil {
		t.Fatal(err)
	}
	for name, path := range map[string]string{
		"another directory": write(other, markPrefix+"a", markSize),
		"another name":      write(dir, "daemon.pid", markSize),
		"a longer file":     write(dir, markPrefix+"big", 4096),
		"a relative path":   markPrefix + "rel",
		"a FIFO":            fifo,
		"a symlink":         link,
		"dot-dot":           filepath.Join(dir, "..", filepath.Base(dir), "..", markPrefix+"a"),
	} {
		done := make(chan error, 1)
		go func() {
			m, err := openMark(dir, path)
			m.close()
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "mark file") {
				t.Errorf("%s (%s): err = %v, want a refusal naming the mark file", name, path, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: openMark blocked", name)
		}
	}
}

func TestRemoveStaleMarks_KeepsFreshOnes(t *testing.T) {
	dir := t.TempDir()
	old, fresh := filepath.Join(dir, markPrefix+"old"), filepath.Join(dir, markPrefix+"fresh")
	other := filepath.Join(dir, "daemon.pid")
	for _, p := range []string{old, fresh, other} {
		os.WriteFile(p, make([]byte, markSize), 0o600)
	}
	past := time.Now().Add(-time.Hour)
	os.Chtimes(old, past, past)
	os.Chtimes(other, past, past)
	removeStaleMarks(dir, time.Now())
	for p, want := range map[string]bool{old: false, fresh: true, other: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists = %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}

// TestRemoveStaleMarks_OneDatedAfterNowIsStaleToo: a mark left by a dead
// bridge before the clock was set back an hour stayed for that hour
// (round 105 set a leftover's time two hours ahead: it outlived every
// sweep). One dated within a minute of now is a live bridge's.
func TestRemoveStaleMarks_OneDatedAfterNowIsStaleToo(t *testing.T) {
	dir := t.TempDir()
	ahead, fresh := filepath.Join(dir, markPrefix+"ahead"), filepath.Join(dir, markPrefix+"fresh")
	now := time.Now()
	for p, at := range map[string]time.Time{ahead: now.Add(2 * time.Hour), fresh: now.Add(20 * time.Second)} {
		os.WriteFile(p, make([]byte, markSize), 0o600)
		os.Chtimes(p, at, at)
	}
	removeStaleMarks(dir, now)
	for p, want := range map[string]bool{ahead: false, fresh: true} {
		if _, err := os.Stat(p); (err == nil) != want {
			t.Errorf("%s: exists = %v, want %v", filepath.Base(p), err == nil, want)
		}
	}
}

// A bridge killed after its hello and before it removed its mark file (an
// agent killed at start) left the file in the runtime directory, a
// mark's size of tmpfs each, for the daemon's whole life: the daemon
// removes it once it has mapped it.
func TestServe_RemovesTheMarkFileOnceMapped(t *testing.T) {
	te := newTestEnv(t)
	defer te.stopDaemons()
	for i := range 3 {
		m, path, err := newMark(te.paths.Dir)
		if err != nil {
			t.Fatal(err)
		}
		o := te.connectOptions("v1")
		o.Hello.Mark = path
		c, r, err := Connect(context.Background(), o)
		if err != nil {
			t.Fatal(err)
		}
		if !r.Mark {
			t.Fatalf("connection %d: the daemon did not map the mark", i)
		}
		if _, err := os.Stat(path); err == nil {
			t.Errorf("connection %d: the mark file is still there once the daemon answered (the bridge, killed, never removes it)", i)
		}
		m.close()
		c.Close()
	}
	marks, _ := filepath.Glob(filepath.Join(te.paths.Dir, markPrefix+"*"))
	if len(marks) != 0 {
		t.Errorf("mark files left in the runtime directory: %v", marks)
	}
}

// A bridge killed before its hello left a mark file no daemon maps: the
// daemon sweeps the stale ones at a hello, at most once a minute.
func TestSweepMarks_AtMostOnceAMinute(t *testing.T) {
	dir := t.TempDir()
	d := &daemon{o: ServeOptions{Paths: &Paths{Dir: dir}}}
	past := time.Now().Add(-time.Hour)
	stale := func(name string) string {
		p := filepath.Join(dir, markPrefix+name)
		os.WriteFile(p, nil, 0o600)
		os.Chtimes(p, past, past)
		return p
	}
	first := stale("1")
	d.sweepMarks()
	if _, err := os.Stat(first); err == nil {
		t.Error("a stale mark survived the first sweep")
	}
	second := stale("2")
	d.sweepMarks() // within the minute: no readdir at every hello
	if _, err := os.Stat(second); err != nil {
		t.Error("a second sweep within the minute ran")
	}
	d.swept = d.swept.Add(-time.Minute)
	d.sweepMarks()
	if _, err := os.Stat(second); err == nil {
		t.Error("a stale mark survived the sweep a minute later")
	}
}
