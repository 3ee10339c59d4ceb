//go:build unix

package cli

import (
	"context"
	"encoding/json"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func (w *cliWorld) state(p ...string) string {
	return filepath.Join(append([]string{w.env["XDG_STATE_HOME"], "switchboard"}, p...)...)
}

// A real backend's stderr during a call reaches `switchboard logs` with
// the session and tool that caused it.
func TestLogs_ShowBackendStderrWithTheCallThatCausedIt(t *testing.T) {
	w := newCLIWorld(t)
	exe, _ := os.Executable()
	w.write(w.user(), `{"mcpServers": {"fake": {"command": "`+exe+`", "env": {"SWITCHBOARD_FAKE_BACKEND": "normal"}}}}`)
	e, _, _ := w.envFor()
	st, err := e.openStack(&configFlags{}, false, stackOptions{inProcessScripts: true})
	if err != nil {
		t.Fatal(err)
	}
	res := st.srv.Execute(context.Background(), `try { await fake.crash({}) } catch (e) {} return 1`, 0)
	sess := st.sess.ID()
	st.Close()
	if res.Err != nil {
		t.Fatalf("script: %v", res.Err)
	}
	out := w.mustRun("logs", "fake")
	var crash string
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "fake: panic: something broke") {
			crash = l
		}
	}
	if crash == "" || !strings.Contains(crash, " fake stderr ") || !strings.Contains(crash, "tool=crash") || !strings.Contains(crash, "call=") {
		t.Fatalf("no attributed crash line in:\n%s", out)
	}
	if sess == "" || !strings.Contains(crash, "session="+sess) {
		t.Errorf("crash line does not name session %q: %s", sess, crash)
	}
	// The mode is a configured env value, but neither its name nor its
	// value looks secret (round fifty-eight), so it is shown.
	// A user server's lines name the workspace it runs for (round 120).
	ws := " workspace=" + w.dir + ":"
	if !strings.Contains(out, "fake switchboard"+ws+" starting: ") || !strings.Contains(out, "fake stderr"+ws+" fake: serving in mode normal") {
		t.Errorf("notes or start lines missing:\n%s", out)
	}
}

func TestLogs_MergesDaemonRecordsFiltersAndPrintsJSON(t *testing.T) {
	w := newCLIWorld(t)
	now := time.Now().UTC()
	ts := func(d time.Duration) string { return now.Add(d).Format("2006-01-02T15:04:05.000Z07:00") }
	w.write(w.state("logs", "memory.log.1"), ts(-3*time.Hour)+" stderr: very old\n")
	w.write(w.state("logs", "memory.log"), ts(-2*time.Minute)+" switchboard: pid 42\n"+
		ts(-1*time.Minute)+` stderr session=s1 tool="read graph" call=3: reading graph`+"\n"+
		"a line of an older file\n")
	w.write(w.state("logs", "git.log"), ts(-90*time.Second)+" stderr: git ready\n")
	daemon := func(d time.Duration, msg string, kv ...string) string {
		m := map[string]any{"time": now.Add(d).Format(time.RFC3339Nano), "level": "INFO", "msg": msg}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		b, _ := json.Marshal(m)
		return string(b) + "\n"
	}
	w.write(w.state("daemon.log"), daemon(-100*time.Second, "daemon started")+daemon(-30*time.Second, "stopping idle backend", "server", "memory", "idle", "5m0s")+"panic: not json\n")

	out := w.mustRun("logs")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	order := []string{"very old", "pid 42", "daemon started", "git ready", "reading graph", "a line of an older file", "stopping idle backend", "panic: not json"}
	if len(lines) != len(order) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(order), out)
	}
	for i, want := range order {
		if !strings.Contains(lines[i], want) {
			t.Errorf("line %d = %q, want %q", i, lines[i], want)
		}
	}
	if !strings.Contains(out, `memory stderr session=s1 tool="read graph" call=3: reading graph`) || !strings.Contains(out, "daemon INFO idle=5m0s server=memory: stopping idle backend") {
		t.Errorf("formatting:\n%s", out)
	}

	out = w.mustRun("logs", "memory", "--since", "10m")
	if strings.Contains(out, "very old") || strings.Contains(out, "git ready") || strings.Contains(out, "daemon started") || !strings.Contains(out, "stopping idle backend") || !strings.Contains(out, "pid 42") {
		t.Errorf("logs memory --since 10m:\n%s", out)
	}

	out = w.mustRun("logs", "--json", "-n", "3")
	var recs []map[string]string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var m map[string]string
		if err := json.Unmarshal([]byte(l), &m); err != nil {
			t.Fatalf("not JSON: %q: %v", l, err)
		}
		recs = append(recs, m)
	}
	if len(recs) != 3 || recs[1]["source"] != "daemon" || recs[1]["server"] != "memory" || recs[1]["stream"] != "INFO" || recs[0]["msg"] != "a line of an older file" {
		t.Errorf("--json -n 3: %v", recs)
	}
	if code, _, errOut := w.run("logs", "--since", "yesterday"); code == 0 || !strings.Contains(errOut, "--since") {
		t.Errorf("bad --since: %d %s", code, errOut)
	}
}

func TestLogs_FollowPrintsNewLinesAndNewServers(t *testing.T) {
	w := newCLIWorld(t)
	ts := time.Now().UTC().Format("2006-01-02T15:04:05.000Z07:00")
	w.write(w.state("logs", "a.log"), ts+" stderr: first\n")
	e, _, _ := w.envFor("logs", "-f")
	var out logtest.Buffer
	e.Stdout = &out
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan int)
	go func() { done <- Main(ctx, e) }()
	waitOut := func(want string) {
		t.Helper()
		deadline := time.Now().Add(20 * time.Second)
		for !strings.Contains(out.String(), want) {
			if time.Now().After(deadline) {
				cancel()
				t.Fatalf("never printed %q:\n%s", want, out.String())
			}
			time.Sleep(10 * time.Millisecond)
		}
	}
	waitOut("first")
	f, _ := os.OpenFile(w.state("logs", "a.log"), os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString(ts + " stderr: sec")
	f.WriteString("ond\n")
	f.Close()
	waitOut("a stderr: second")
	w.write(w.state("logs", "b.log"), ts+" stderr: from b\n")
	waitOut("b stderr: from b")
	cancel()
	if code := <-done; code != 0 {
		t.Errorf("exit %d", code)
	}
	if strings.Count(out.String(), "first") != 1 {
		t.Errorf("printed twice:\n%s", out.String())
	}
}

// A negative -n or --since is an error saying what to give: -n -5
// printed every line and --since -10m none, both silently.
func TestLogs_RefusesNegativeCountAndAge(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.state("logs", "memory.log"), time.Now().UTC().Format("2006-01-02T15:04:05.000Z07:00")+" stderr: hello\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"logs", "-n", "-5"}, "-n -5: want the number of lines to show, or 0 for all"},
		{[]string{"logs", "--since", "-10m"}, `--since "-10m": a negative duration is in the future`},
		// Round ninety-one: one past Go's longest duration was told to
		// give a duration.
		{[]string{"logs", "--since", "9999999h"}, `--since "9999999h": longer than a duration can be (at most 2562047h`},
		{[]string{"logs", "--since", "yesterday"}, `--since "yesterday": want a duration such as 10m or an RFC 3339 time`},
	} {
		code, out, errs := w.run(tc.args...)
		if code != 1 || !strings.Contains(errs, tc.want) || out != "" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 1 and %q", tc.args, code, out, errs, tc.want)
		}
	}
}

// logs of a server with no log says which server and what lists them, not
// "no logs yet" as if none had started.
func TestLogs_UnknownServerIsNamed(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.state("logs", "memory.log"), time.Now().UTC().Format("2006-01-02T15:04:05.000Z07:00")+" stderr: hello\n")
	code, _, errs := w.run("logs", "nosuch")
	if code != 0 || !strings.Contains(errs, `no logs of "nosuch"`) || !strings.Contains(errs, "switchboard servers") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
}

// A log larger than what one read takes (64 MiB) showed its oldest
// 64 MiB: `logs -n 1` printed a line from the day the daemon started as
// the latest. A first read now starts at the file's last 64 MiB, at a
// line's start.
func TestLogs_ReadsTheEndOfALargeLog(t *testing.T) {
	old := maxLogRead
	maxLogRead = 4 << 10
	t.Cleanup(func() { maxLogRead = old })
	w := newCLIWorld(t)
	now := time.Now().UTC()
	var b strings.Builder
	for i := 0; b.Len() < 64<<10; i++ {
		m, _ := json.Marshal(map[string]any{"time": now.Add(time.Duration(i-100000) * time.Millisecond).Format(time.RFC3339Nano), "level": "INFO", "msg": "filler " + strings.Repeat("x", i%97)})
		b.Write(m)
		b.WriteByte('\n')
	}
	m, _ := json.Marshal(map[string]any{"time": now.Format(time.RFC3339Nano), "level": "INFO", "msg": "the newest record"})
	b.Write(m)
	b.WriteByte('\n')
	w.write(w.state("daemon.log"), b.String())
	out := w.mustRun("logs", "-n", "1")
	if !strings.Contains(out, "the newest record") {
		t.Errorf("logs -n 1 of a large daemon.log: %q, want its newest record", out)
	}
	for _, l := range strings.Split(strings.TrimSpace(w.mustRun("logs")), "\n") {
		if !strings.Contains(l, " daemon INFO: ") {
			t.Errorf("a line shown is not a whole record: %q", l)
			break
		}
	}
}
