package interop

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// fdTargets are the open descriptors of process pid, number -> target
// (pipe:[N], socket:[N], a path, anon_inode:[pidfd] followed by the pid
// its fdinfo names).
func fdTargets(pid int) map[string]string {
	dir := "/proc/" + strconv.Itoa(pid)
	ents, _ := os.ReadDir(dir + "/fd")
	out := map[string]string{}
	for _, e := range ents {
		target, err := os.Readlink(dir + "/fd/" + e.Name())
		if err != nil {
			continue
		}
		if target == "anon_inode:[pidfd]" {
			info, _ := os.ReadFile(dir + "/fdinfo/" + e.Name())
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

// daemonFDs are the daemon's descriptors that belong to none of its live
// children (a sandbox worker, a backend's reaper: a child that is not a
// zombie and runs a command line of its own, so not one forked and not
// yet started): a pidfd naming another process, a pipe no live child
// holds an end of; and the live children. A worker's descriptors (three
// pipes and a pidfd) count as its own while it lives, whenever it was
// started: round 118's churn test counted them against the workers `ps`
// listed, and a worker started between its `ls` and its `ps` made the
// baseline one worker short (37 descriptors against 33 allowed).
func daemonFDs(pid int) (unowned []string, children []string) {
	self, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid))
	owned := map[string]bool{}
	ents, _ := os.ReadDir("/proc")
	for _, e := range ents {
		child, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		stat, _ := os.ReadFile(fmt.Sprintf("/proc/%d/stat", child))
		_, rest, _ := strings.Cut(string(stat), ") ")
		f := strings.Fields(rest)
		if len(f) < 2 || f[1] != strconv.Itoa(pid) || f[0] == "Z" {
			continue
		}
		cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", child))
		if string(cmdline) == string(self) {
			continue // forked, not yet exec'd: it holds all of ours
		}
		children = append(children, fmt.Sprintf("%d %s", child, strings.ReplaceAll(string(cmdline), "\x00", " ")))
		owned["anon_inode:[pidfd] "+strconv.Itoa(child)] = true
		for _, t := range fdTargets(child) {
			if strings.HasPrefix(t, "pipe:") {
				owned[t] = true
			}
		}
	}
	for fd, t := range fdTargets(pid) {
		if !owned[t] {
			unowned = append(unowned, fd+" -> "+t)
		}
	}
	return unowned, children
}

// TestCampaign120_WorkersReplacedInAChurnLeaveNoDescriptors: round 118's
// open question, whether a worker replaced in a churn of sessions leaves
// its pipes or pidfd open in the daemon. 18 sessions each run a script
// that gets its worker killed and replaced: a third time out in a loop
// the VM cannot interrupt, a third are cancelled in it (killed after the
// grace), a third have their client killed in it; after the churn and a
// settle, the daemon holds no descriptor that is not its own before or a
// live child's.
func TestCampaign120_WorkersReplacedInAChurnLeaveNoDescriptors(t *testing.T) {
	needProc(t)
	w := setup118(t, `{"maxScripts": 3}`)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	first := stdio118(t, ctx, w, "first", era2025)
	if _, _, err := first.exec(ctx, `return await cf.wait({tag: "warm", ms: 1})`, nil); err != nil {
		t.Fatal(err)
	}
	pid := daemonPid(t, w)
	time.Sleep(time.Second) // the warm worker started after the first request
	before, _ := daemonFDs(pid)
	const loop = `for (;;) { new Array(1e6).fill(1).sort() }`
	var wg sync.WaitGroup
	for i := range 18 {
		era := era2025
		if i%2 == 1 {
			era = era2026
		}
		c := stdio118(t, ctx, w, fmt.Sprintf("churn%d", i), era)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer c.cs.Close()
			switch i % 3 {
			case 0:
				res, err := c.cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"timeout_ms": 800, "script": `await cf.wait({tag: "` + c.name + `", ms: 1}); ` + loop}})
				if err != nil || !res.IsError {
					t.Errorf("%s: a script past its time limit: %v %v", c.name, res, err)
				}
			case 1, 2:
				cctx, stop := context.WithCancel(ctx)
				done := make(chan error, 1)
				go func() {
					_, _, err := c.exec(cctx, `await cf.wait({tag: "`+c.name+`", ms: 1}); `+loop, nil)
					done <- err
				}()
				w.waitNotes(t, ctx, "done "+c.name)
				time.Sleep(100 * time.Millisecond) // in the loop
				if i%3 == 1 {
					stop()
				} else {
					c.cmd.Process.Kill()
				}
				<-done
				stop()
			}
		}()
	}
	wg.Wait()
	settle, stopSettle := context.WithTimeout(ctx, 30*time.Second)
	defer stopSettle()
	for {
		var st struct{ Sessions []json.RawMessage }
		json.Unmarshal([]byte(daemonStatus(t, w)), &st)
		now, children := daemonFDs(pid)
		if len(st.Sessions) == 1 && len(now) <= len(before) {
			break
		}
		if settle.Err() != nil {
			t.Fatalf("30 s after the churn: %d sessions; descriptors of the daemon no live child holds, %d (%d before):\n%s\nbefore:\n%s\nchildren:\n%s",
				len(st.Sessions), len(now), len(before), strings.Join(now, "\n"), strings.Join(before, "\n"), strings.Join(children, "\n"))
		}
		time.Sleep(100 * time.Millisecond)
	}
	out, isErr, err := first.exec(ctx, `return await cf.wait({tag: "last", ms: 1})`, nil)
	if err != nil || isErr || !strings.Contains(out, "waited last") {
		t.Errorf("the first session after the churn: %q %v %v", out, isErr, err)
	}
}
