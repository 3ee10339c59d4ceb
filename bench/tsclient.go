package main

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// tsClientScript drives the TypeScript SDK client (bench/tsclient.mjs).
//
//go:embed tsclient.mjs
var tsClientScript []byte

// tsClient measures section 2's rows as an agent built on the TypeScript
// SDK sees them: the same everything server, direct and through
// `switchboard serve`, from one Node client process, interleaved. The Go
// client of section 2 costs less per call than Node's, so its ratios are
// the harder ones; these are the ones a peer comparison made with the
// TypeScript SDK reports.
func tsClient(ctx context.Context, r *rig) (string, error) {
	dir := filepath.Join(r.tmp, "tsclient")
	cfg, env, err := writeConfig(dir, map[string]any{"everything": stdioSpec(r.nodeArgv("everything"), nil)})
	if err != nil {
		return "", err
	}
	script := filepath.Join(dir, "tsclient.mjs")
	if err := os.WriteFile(script, tsClientScript, 0o644); err != nil {
		return "", err
	}
	rounds, batches := r.n(100, 500), r.n(5, 15)
	cmd := exec.CommandContext(ctx, "node", script, filepath.Join(r.nodeMods, "sdk"), filepath.Join(r.nodeMods, "server-everything", "dist", "index.js"),
		r.bin, cfg, fmt.Sprint(rounds), fmt.Sprint(batches))
	cmd.Env = env
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("node %s: %w\n%s", script, err, stderr.String())
	}
	var m map[string]float64
	if err := json.Unmarshal(out, &m); err != nil {
		return "", fmt.Errorf("node %s printed %q: %w", script, out, err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "## 2b. Latency seen by the TypeScript SDK client\n\n")
	fmt.Fprintf(&b, "Section 2's measures made by one Node client on `@modelcontextprotocol/sdk` (most agents' SDK, and the one peer comparisons use), `everything.echo` direct (a second process of the server) and through `switchboard serve` (through the daemon), interleaved, %d rounds after 20 warm-up calls of each; the script rows are %d batches of 100 calls. Node's client costs more per call than the Go client of section 2, so the same work gives smaller ratios here.\n\n", rounds, batches)
	fmt.Fprintf(&b, "| measure | direct p50 | through switchboard p50 | ratio | goal (bar) | met |\n|---|--:|--:|--:|--:|:-:|\n")
	d := m["direct"]
	row := func(name string, v float64, goal, bar float64) {
		ratio := v / d
		fmt.Fprintf(&b, "| %s | %.3f ms | %.3f ms | %.2fx | <= %gx (%gx) | %s |\n", name, d, v, ratio, goal, bar, grade(ratio, goal, bar))
	}
	row("one call via `execute` (`return await everything.echo(…)`)", m["execute"], 2, 3)
	row("the same in the VM (`const r = [await …]; return r[0]`)", m["vm"], 2, 3)
	over := m["scriptBatch"]/m["directBatch"] - 1
	fmt.Fprintf(&b, "| a call inside a script, per call (100 in a row) | %.3f ms | %.3f ms | %+.1f%% | <= +15%% (+50%%) | %s |\n", m["directBatch"], m["scriptBatch"], over*100, grade(over, 0.15, 0.5))
	fmt.Fprintf(&b, "| `execute` of `return 1` | | %.3f ms | | <= 0.5 ms | %s |\n\n", m["return1"], grade(m["return1"], 0.5, 0.5))
	return b.String(), nil
}
