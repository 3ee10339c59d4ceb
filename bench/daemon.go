package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// daemonBench measures one per-user daemon shared by several sessions
// against one standalone serve per session: backend processes, RSS, the
// bridge's added latency, a new session's initialize and its first call
// to a backend another session already started.
func daemonBench(ctx context.Context, r *rig) (string, error) {
	dir := filepath.Join(r.tmp, "daemon")
	fsroot := filepath.Join(dir, "fsroot")
	if err := os.MkdirAll(fsroot, 0o755); err != nil {
		return "", err
	}
	servers := map[string]any{
		"everything": stdioSpec(r.nodeArgv("everything"), nil),
		"memory":     stdioSpec(r.nodeArgv("memory"), map[string]string{"MEMORY_FILE_PATH": filepath.Join(dir, "memory.jsonl")}),
		"filesystem": stdioSpec(r.nodeArgv("filesystem", fsroot), nil),
	}
	cfg, env, err := writeConfig(dir, servers)
	if err != nil {
		return "", err
	}
	run := filepath.Join(dir, "run")
	if err := os.MkdirAll(run, 0o700); err != nil {
		return "", err
	}
	env = append(env, "XDG_RUNTIME_DIR="+run)
	sbctl := func(args ...string) ([]byte, error) {
		cmd := exec.CommandContext(ctx, r.bin, args...)
		cmd.Env, cmd.Dir = env, dir
		return cmd.Output()
	}
	defer sbctl("daemon", "stop")
	const sessions = 5
	all := `const [e, m, f] = await Promise.all([everything.echo({message: "x"}), memory.read_graph({}), filesystem.list_allowed_directories({})]); return 1`
	isBackend := func(cmdline string) bool { return strings.Contains(cmdline, "@modelcontextprotocol/server-") }

	// measure opens n sessions with argv, runs the three-server script
	// in each, then counts backend processes and the RSS of every
	// process involved (roots: the serves, plus the daemon when up).
	type tally struct{ backends, rssKiB int }
	measure := func(argv []string, withDaemon bool) (tally, error) {
		var cl closer
		defer cl.wg.Wait()
		var ps []*proc
		defer func() {
			for _, p := range ps {
				cl.close(p)
			}
		}()
		for range sessions {
			p, err := start(ctx, dir, env, "", argv...)
			if err != nil {
				return tally{}, err
			}
			ps = append(ps, p)
		}
		for _, p := range ps {
			if _, err := p.execute(ctx, all); err != nil {
				return tally{}, err
			}
		}
		roots := []int{}
		for _, p := range ps {
			roots = append(roots, p.cmd.Process.Pid)
		}
		if withDaemon {
			pid, err := daemonPid(sbctl)
			if err != nil {
				return tally{}, err
			}
			roots = append(roots, pid)
		}
		var t tally
		seen := map[int]bool{}
		for _, root := range roots {
			for _, pid := range append([]int{root}, descendantPids(root)...) {
				if seen[pid] {
					continue
				}
				seen[pid] = true
				t.rssKiB += rssKiB(pid)
				b, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "cmdline"))
				if isBackend(string(b)) {
					t.backends++
				}
			}
		}
		return t, nil
	}
	standalone, err := measure([]string{r.bin, "serve", "--standalone", "--config", cfg}, false)
	if err != nil {
		return "", fmt.Errorf("standalone sessions: %w", err)
	}
	shared, err := measure([]string{r.bin, "serve", "--config", cfg}, true)
	if err != nil {
		return "", fmt.Errorf("daemon sessions: %w", err)
	}

	// Latency: one session of each kind, the same trivial script and the
	// same backend call; the difference is the bridge (two messages).
	var cl closer
	defer cl.wg.Wait()
	alone, err := start(ctx, dir, env, "", r.bin, "serve", "--standalone", "--config", cfg)
	if err != nil {
		return "", err
	}
	defer cl.close(alone)
	bridged, err := start(ctx, dir, env, "", r.bin, "serve", "--config", cfg)
	if err != nil {
		return "", err
	}
	defer cl.close(bridged)
	n := r.n(50, 400)
	row := func(script string) (a, b []time.Duration, err error) {
		for _, p := range []*proc{alone, bridged} {
			for range 20 {
				if _, err := p.execute(ctx, script); err != nil {
					return nil, nil, err
				}
			}
		}
		if a, err = timeN(n, func() error { _, err := alone.execute(ctx, script); return err }); err != nil {
			return nil, nil, err
		}
		b, err = timeN(n, func() error { _, err := bridged.execute(ctx, script); return err })
		return a, b, err
	}
	var lat strings.Builder
	fmt.Fprintf(&lat, "| call | standalone p50 | standalone p99 | through the daemon p50 | p99 | added p50 |\n|---|--:|--:|--:|--:|--:|\n")
	for _, c := range []struct{ name, script string }{
		{"`execute` of `return 1`", "return 1"},
		{"`execute` of one `everything.echo`", `return await everything.echo({message: "hi"})`},
	} {
		a, b, err := row(c.script)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(&lat, "| %s | %s ms | %s ms | %s ms | %s ms | %s ms |\n", c.name, ms(pct(a, 50)), ms(pct(a, 99)), ms(pct(b, 50)), ms(pct(b, 99)), ms(pct(b, 50)-pct(a, 50)))
	}

	// A new session with the daemon up: spawn of serve to the initialize
	// result, then its first call to a backend that is already warm.
	runs := r.n(5, 20)
	var inits, firsts []time.Duration
	for range runs {
		t0 := time.Now()
		p, err := start(ctx, dir, env, "", r.bin, "serve", "--config", cfg)
		if err != nil {
			return "", err
		}
		inits = append(inits, time.Since(t0))
		t1 := time.Now()
		if _, err := p.execute(ctx, `return await everything.echo({message: "first"})`); err != nil {
			return "", err
		}
		firsts = append(firsts, time.Since(t1))
		p.cs.Close()
	}

	var b strings.Builder
	fmt.Fprintf(&b, "## 3. Daemon: one pool for all sessions\n\n")
	fmt.Fprintf(&b, "%d sessions (Go SDK clients, each spawning `switchboard serve --config CFG`) in one project over the three reference servers (everything, memory, filesystem); each runs one script calling all three. RSS is the sum over every process involved: the serves (bridges), the daemon, its sandbox workers and reapers, and the backends.\n\n", sessions)
	fmt.Fprintf(&b, "| mode | backend processes | total RSS |\n|---|--:|--:|\n")
	fmt.Fprintf(&b, "| %d × `serve --standalone` | %d | %.0f MiB |\n", sessions, standalone.backends, float64(standalone.rssKiB)/1024)
	fmt.Fprintf(&b, "| %d × `serve` (bridges to one daemon) | %d | %.0f MiB |\n", sessions, shared.backends, float64(shared.rssKiB)/1024)
	fmt.Fprintf(&b, "| ratio | | %s |\n\n", ratio(float64(shared.rssKiB), float64(standalone.rssKiB)))
	fmt.Fprintf(&b, "Latency per call, %d calls each after warm-up, one session of each kind in the same minutes:\n\n%s\n", n, lat.String())
	fmt.Fprintf(&b, "| new session with the daemon up (%d runs) | p50 | p99 | goal |\n|---|--:|--:|--:|\n", runs)
	fmt.Fprintf(&b, "| spawn of `serve` to the `initialize` result | %s ms | %s ms | <= 30 ms |\n", ms(pct(inits, 50)), ms(pct(inits, 99)))
	fmt.Fprintf(&b, "| its first call to a backend another session started (`everything.echo` via `execute`, no spawn) | %s ms | %s ms | |\n\n", ms(pct(firsts, 50)), ms(pct(firsts, 99)))
	return b.String(), nil
}

// daemonPid asks `switchboard daemon status --json` for the daemon's pid.
func daemonPid(sbctl func(args ...string) ([]byte, error)) (int, error) {
	out, err := sbctl("daemon", "status", "--json")
	if err != nil {
		return 0, fmt.Errorf("daemon status: %w", err)
	}
	var st struct {
		Pid int `json:"pid"`
	}
	if err := json.Unmarshal(out, &st); err != nil || st.Pid == 0 {
		return 0, fmt.Errorf("daemon status --json gave no pid: %.200s", out)
	}
	return st.Pid, nil
}
