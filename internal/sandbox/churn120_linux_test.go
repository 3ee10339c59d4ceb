package sandbox

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// fdsOf lists the open descriptors of process pid: number -> target
// (pipe:[N], anon_inode:[pidfd], …), with a pidfd's target followed by
// the pid it names (fdinfo's "Pid:"; -1 once that process is reaped).
func fdsOf(pid string) map[string]string {
	ents, _ := os.ReadDir("/proc/" + pid + "/fd")
	out := map[string]string{}
	for _, e := range ents {
		target, err := os.Readlink("/proc/" + pid + "/fd/" + e.Name())
		if err != nil {
			continue // closed meanwhile
		}
		if target == "anon_inode:[pidfd]" {
			info, _ := os.ReadFile("/proc/" + pid + "/fdinfo/" + e.Name())
			for line := range strings.SplitSeq(string(info), "\n") {
				if v, ok := strings.CutPrefix(line, "Pid:"); ok {
					target += " " + strings.TrimSpace(v)
				}
			}
		}
		out[e.Name()] = target
	}
	return out
}

// unaccounted are the descriptors of this process that are not in base
// and belong to none of the live workers: a pidfd naming another process,
// a pipe no worker holds an end of.
func unaccounted(base map[string]string, workers []int) []string {
	live := map[string]bool{}
	for _, pid := range workers {
		live["anon_inode:[pidfd] "+strconv.Itoa(pid)] = true
		for _, t := range fdsOf(strconv.Itoa(pid)) {
			if strings.HasPrefix(t, "pipe:") {
				live[t] = true
			}
		}
	}
	var out []string
	for fd, t := range fdsOf("self") {
		if base[fd] == t || live[t] || fd == "" {
			continue
		}
		if strings.HasPrefix(t, "/proc/") {
			continue // the directory fdsOf reads
		}
		out = append(out, fd+" -> "+t)
	}
	return out
}

// livePids are the pids of s's workers, and whether none is starting.
func (s *Sandbox) livePids() ([]int, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var pids []int
	for w := range s.all {
		pids = append(pids, w.cmd.Process.Pid)
	}
	return pids, s.starting == 0
}

// Round 118's churn test once failed with "a replaced worker's
// descriptors still open" in the daemon. Every way a script's worker is
// let go or replaced, many times over and at once: a cancelled script
// that stops, one that does not (killed after Grace), a timed-out one,
// a worker killed from outside, a script returning with its calls still
// running, a cancellation while waiting for a slot. After it, every
// descriptor this process holds beyond what it held before is a live
// worker's (its three pipes and its pidfd), and after Close none is.
func TestSandbox_ChurnLeavesNoDescriptorOfAWorkerGone(t *testing.T) {
	if _, err := os.Stat("/proc/self/fdinfo"); err != nil {
		t.Skip("no /proc/self/fdinfo")
	}
	const rounds = 6
	s := newSandbox(t, Options{Workers: 2, Grace: 100 * time.Millisecond, Lazy: true})
	base := fdsOf("self")

	block := callerFunc(func(ctx context.Context, _, _ string, _ json.RawMessage) (json.RawMessage, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	})
	type churn struct {
		name string
		run  func(ctx context.Context) script.Result
	}
	churns := []churn{
		{"cancelled, stops", func(ctx context.Context) script.Result {
			ctx, cancel := context.WithTimeout(ctx, 150*time.Millisecond)
			defer cancel()
			return s.Run(ctx, script.Request{Source: `return await Promise.all([fs.read({a: 1}), fs.read({a: 2})])`, Namespaces: fs, Timeout: 10 * time.Second}, block)
		}},
		{"cancelled, does not stop", func(ctx context.Context) script.Result {
			ctx, cancel := context.WithTimeout(ctx, 150*time.Millisecond)
			defer cancel()
			return s.Run(ctx, script.Request{Source: `for (;;) { new Array(1e6).fill(1).sort() }`, Timeout: 10 * time.Second}, nil)
		}},
		{"timed out", func(ctx context.Context) script.Result {
			return s.Run(ctx, script.Request{Source: `for (;;) { new Array(1e6).fill(1).sort() }`, Timeout: 200 * time.Millisecond}, nil)
		}},
		{"killed from outside", func(ctx context.Context) script.Result {
			kill := callerFunc(func(ctx context.Context, _, _ string, _ json.RawMessage) (json.RawMessage, error) {
				s.mu.Lock()
				for w := range s.all {
					if !slicesContains(s.idle, w) {
						w.cmd.Process.Kill() // one busy worker, maybe another script's
						break
					}
				}
				s.mu.Unlock()
				<-ctx.Done()
				return nil, ctx.Err()
			})
			return s.Run(ctx, script.Request{Source: `await fs.read(); return 1`, Namespaces: fs, Timeout: 3 * time.Second}, kill)
		}},
		{"returns with its calls running", func(ctx context.Context) script.Result {
			return s.Run(ctx, script.Request{Source: `fs.read({a: 1}); fs.read({a: 2}); await new Promise(r => setTimeout(r, 20)); return 1`, Namespaces: fs, Timeout: 5 * time.Second}, block)
		}},
		{"cancelled while waiting for a slot", func(ctx context.Context) script.Result {
			ctx, cancel := context.WithTimeout(ctx, 30*time.Millisecond)
			defer cancel()
			return s.Run(ctx, script.Request{Source: `return await fs.read({a: 1})`, Namespaces: fs, Timeout: 5 * time.Second}, block)
		}},
	}
	var wg sync.WaitGroup
	for r := range rounds {
		for i, c := range churns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				res := c.run(t.Context())
				if res.Err == nil && c.name != "returns with its calls running" {
					t.Errorf("round %d, %s (%d): no error", r, c.name, i)
				}
			}()
		}
		time.Sleep(50 * time.Millisecond)
	}
	wg.Wait()

	// Settle: a replacement may still be starting, a worker killed may
	// still be being waited for (at most a second: WaitDelay).
	deadline := time.Now().Add(30 * time.Second)
	var left []string
	for {
		pids, idle := s.livePids()
		left = unaccounted(base, pids)
		if idle && len(left) == 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("30 s after the churn, descriptors of no live worker (workers %v, none starting: %v):\n%s", pids, idle, strings.Join(left, "\n"))
		}
		time.Sleep(50 * time.Millisecond)
	}
	if res := s.Run(t.Context(), script.Request{Source: `return [1][0]`}, nil); string(res.Value) != "1" {
		t.Errorf("a script after the churn: %s %v", res.Value, res.Err)
	}
	s.Close()
	if left := unaccounted(base, nil); len(left) > 0 {
		t.Errorf("after Close, descriptors left:\n%s", strings.Join(left, "\n"))
	}
}
