package main

import (
	"context"
	_ "embed"
	"fmt"
	"path/filepath"
	"strings"
	"time"
)

// nodeArgv is the command line of an npm reference server.
func (r *rig) nodeArgv(name string, extra ...string) []string {
	return append([]string{"node", filepath.Join(r.nodeMods, "server-"+name, "dist", "index.js")}, extra...)
}

// stdioSpec is argv as a switchboard server entry.
func stdioSpec(argv []string, env map[string]string) map[string]any {
	m := map[string]any{"command": argv[0], "args": argv[1:]}
	if env != nil {
		m["env"] = env
	}
	return m
}

// target is one stdio backend measured direct and through switchboard.
type target struct {
	name, tool string
	args       map[string]any
	js         string // the same call in a script
	argv       []string
	version    string // protocol version pinned by the direct client
}

// profileSection is where the time of execute goes, from profiles taken
// apart from this run (bench/profile.md says how); it is copied into the
// report after the latency section.
//
//go:embed profile.md
var profileSection string

// grade says whether v met goal ("yes"), only the bar ("bar only"), or
// neither.
func grade(v, goal, bar float64) string {
	switch {
	case v <= goal:
		return "yes"
	case v <= bar:
		return "bar only"
	}
	return "**no**"
}

// pause is the time left before each call in the paced measurements.
const pause = 5 * time.Millisecond

func latency(ctx context.Context, r *rig) (string, error) {
	dir := filepath.Join(r.tmp, "latency")
	targets := []target{
		{"everything", "echo", map[string]any{"message": "hi"}, `everything.echo({message: "hi"})`, r.nodeArgv("everything"), legacy},
		{"demo", "echo", map[string]any{"text": "hi"}, `demo.echo({text: "hi"})`, []string{r.bin, "__demo-backend"}, legacy},
	}
	servers := map[string]any{}
	for _, t := range targets {
		servers[t.name] = stdioSpec(t.argv, nil)
	}
	cfg, env, err := writeConfig(dir, servers)
	if err != nil {
		return "", err
	}
	var cl closer
	defer cl.wg.Wait()
	// Every client speaks 2025-11-25, as the TypeScript SDK's (1.32) and
	// so most agents' do; a last row compares 2026-07-28 clients.
	sb, err := start(ctx, dir, env, legacy, r.bin, "serve", "--config", cfg)
	if err != nil {
		return "", err
	}
	defer cl.close(sb)
	exec := func(script string) func() error {
		return func() error { _, err := sb.execute(ctx, script); return err }
	}

	n, reps, k := r.n(50, 500), r.n(3, 15), r.n(20, 100)
	var calls, paced, inScript strings.Builder
	fmt.Fprintf(&calls, "| backend | direct p50 | direct p99 | `execute` p50 | `execute` p99 | ratio p50 (goal <= 2x, bar 3x) | met |\n|---|--:|--:|--:|--:|--:|:-:|\n")
	fmt.Fprintf(&paced, "| backend | direct p50 | `execute` p50 | ratio p50 (goal <= 2x, bar 3x) | met |\n|---|--:|--:|--:|:-:|\n")
	fmt.Fprintf(&inScript, "| backend | direct, per call | in a script, per call | overhead (goal <= +15%%, bar +50%%) | met |\n|---|--:|--:|--:|:-:|\n")
	for _, t := range targets {
		d, err := start(ctx, dir, env, t.version, t.argv...)
		if err != nil {
			return "", err
		}
		direct := func() error { _, err := d.call(ctx, t.tool, t.args); return err }
		for range 20 { // warm both paths (and spawn the backend behind switchboard)
			if err := direct(); err != nil {
				return "", err
			}
			if err := exec("return await " + t.js)(); err != nil {
				return "", err
			}
		}
		dl, err := timeN(n, direct)
		if err != nil {
			return "", err
		}
		sl, err := timeN(n, exec("return await "+t.js))
		if err != nil {
			return "", err
		}
		r50 := float64(pct(sl, 50)) / float64(pct(dl, 50))
		fmt.Fprintf(&calls, "| %s.%s | %s ms | %s ms | %s ms | %s ms | %.2fx | %s |\n", t.name, t.tool, ms(pct(dl, 50)), ms(pct(dl, 99)), ms(pct(sl, 50)), ms(pct(sl, 99)), r50, grade(r50, 2, 3))
		// The same call in a script that is not static: the VM runs it.
		vl, err := timeN(n, exec("const r = [await "+t.js+"]; return r[0]"))
		if err != nil {
			return "", err
		}
		v50 := float64(pct(vl, 50)) / float64(pct(dl, 50))
		fmt.Fprintf(&calls, "| %s.%s in the VM (`const r = [await …]; return r[0]`) | %s ms | %s ms | %s ms | %s ms | %.2fx | %s |\n", t.name, t.tool, ms(pct(dl, 50)), ms(pct(dl, 99)), ms(pct(vl, 50)), ms(pct(vl, 99)), v50, grade(v50, 2, 3))
		if t.name == "demo" {
			// 2026-07-28 clients on both sides (stateless: _meta on every request).
			d26, err := start(ctx, dir, env, "", t.argv...)
			if err != nil {
				return "", err
			}
			sb26, err := start(ctx, dir, env, "", r.bin, "serve", "--config", cfg)
			if err != nil {
				return "", err
			}
			dl26, err := timeN(n, func() error { _, err := d26.call(ctx, t.tool, t.args); return err })
			if err != nil {
				return "", err
			}
			sl26, err := timeN(n, func() error { _, err := sb26.execute(ctx, "return await "+t.js); return err })
			if err != nil {
				return "", err
			}
			x := float64(pct(sl26, 50)) / float64(pct(dl26, 50))
			fmt.Fprintf(&calls, "| %s.%s, 2026-07-28 clients | %s ms | %s ms | %s ms | %s ms | %.2fx | %s |\n", t.name, t.tool, ms(pct(dl26, 50)), ms(pct(dl26, 99)), ms(pct(sl26, 50)), ms(pct(sl26, 99)), x, grade(x, 2, 3))
			cl.close(d26)
			cl.close(sb26)
		}

		// The same at an agent's pace: a pause before each call.
		pn := r.n(20, 200)
		pdl, err := timePaced(pn, pause, direct)
		if err != nil {
			return "", err
		}
		psl, err := timePaced(pn, pause, exec("return await "+t.js))
		if err != nil {
			return "", err
		}
		p50 := float64(pct(psl, 50)) / float64(pct(pdl, 50))
		fmt.Fprintf(&paced, "| %s.%s | %s ms | %s ms | %.2fx | %s |\n", t.name, t.tool, ms(pct(pdl, 50)), ms(pct(psl, 50)), p50, grade(p50, 2, 3))

		// k sequential calls, time / k; batches interleaved, median batch.
		loop := fmt.Sprintf("for (let i = 0; i < %d; i++) await %s; return %d", k, t.js, k)
		var db, sbt []time.Duration
		for range reps {
			x, err := timeN(1, func() error {
				for range k {
					if err := direct(); err != nil {
						return err
					}
				}
				return nil
			})
			if err != nil {
				return "", err
			}
			y, err := timeN(1, exec(loop))
			if err != nil {
				return "", err
			}
			db, sbt = append(db, x[0]/time.Duration(k)), append(sbt, y[0]/time.Duration(k))
		}
		over := float64(pct(sbt, 50))/float64(pct(db, 50)) - 1
		fmt.Fprintf(&inScript, "| %s.%s | %s ms | %s ms | %+.1f%% | %s |\n", t.name, t.tool, ms(pct(db, 50)), ms(pct(sbt, 50)), 100*over, grade(over, 0.15, 0.5))
		cl.close(d)
	}

	// A trivial script, and ten parallel 50 ms calls against one.
	if err := exec("return 1")(); err != nil {
		return "", err
	}
	triv, err := timeN(n, exec("return 1"))
	if err != nil {
		return "", err
	}
	trivPaced, err := timePaced(r.n(20, 200), pause, exec("return 1"))
	if err != nil {
		return "", err
	}
	// A trivial script that is not static: the VM's fixed cost.
	vmTriv, err := timeN(n, exec("const x = 1; return x"))
	if err != nil {
		return "", err
	}
	vmTrivPaced, err := timePaced(r.n(20, 200), pause, exec("const x = 1; return x"))
	if err != nil {
		return "", err
	}
	// The same round trip to serve without the sandbox: list_tools of one tool.
	base, err := timeN(n, func() error {
		_, err := sb.call(ctx, "list_tools", map[string]any{"tools": []string{"demo.echo"}})
		return err
	})
	if err != nil {
		return "", err
	}
	one, err := timeN(reps, exec(`await demo.sleep({ms: 50}); return 1`))
	if err != nil {
		return "", err
	}
	ten, err := timeN(reps, exec(`await Promise.all(Array.from({length: 10}, () => demo.sleep({ms: 50}))); return 10`))
	if err != nil {
		return "", err
	}
	par := float64(pct(ten, 50)) / float64(pct(one, 50))

	cold, err := coldStarts(ctx, r, dir, env, cfg, targets)
	if err != nil {
		return "", err
	}

	var b strings.Builder
	fmt.Fprintf(&b, "## 2. Latency\n\nOne `switchboard serve` session (client: Go SDK over stdio; serve hands its stdio to the per-user daemon, the default) in front of two stdio backends: `everything` (`@modelcontextprotocol/server-everything`, Node) and `demo` (`switchboard __demo-backend`, Go). \"Direct\" is a Go SDK client of a second process of the same server, in the same run. Every client speaks MCP 2025-11-25, as the TypeScript SDK client (1.32) does, except in the row marked 2026-07-28. Times are wall-clock round trips seen by the client. `return await server.tool({...})` is a static script (one call with literal arguments): it runs without the VM (`script.RunStatic`); the rows \"in the VM\" make the same call from a script that is not static.\n\n")
	fmt.Fprintf(&b, "**Agent-visible:** one `execute` whose script makes one call, versus one direct tool call (%d each, after 20 warm-up calls), back to back:\n\n%s\n", n, calls.String())
	fmt.Fprintf(&b, "The same at an agent's pace, with %v before each call (a model takes far longer than that between tool calls; the pause lets the sandbox have its next VM ready, as it does in use):\n\n%s\n", pause, paced.String())
	fmt.Fprintf(&b, "**Inside a script:** one `execute` running %d calls one after another, divided by %d, versus %d direct calls in a row, divided the same way (median of %d batches, interleaved):\n\n%s\n", k, k, k, reps, inScript.String())
	fmt.Fprintf(&b, "| measure | value | goal | met |\n|---|--:|--:|:-:|\n")
	fmt.Fprintf(&b, "| `execute` of `return 1`, p50 (%d calls) | %s ms | <= 0.5 ms | %s |\n", n, ms(pct(triv, 50)), yes(pct(triv, 50) <= time.Millisecond/2))
	fmt.Fprintf(&b, "| `execute` of `return 1`, p99 | %s ms | | |\n", ms(pct(triv, 99)))
	fmt.Fprintf(&b, "| `execute` of `return 1` at an agent's pace (%v before each), p50 | %s ms | <= 1 ms | %s |\n", pause, ms(pct(trivPaced, 50)), yes(pct(trivPaced, 50) <= time.Millisecond))
	fmt.Fprintf(&b, "| a trivial script the VM runs (`const x = 1; return x`: not static), p50 | %s ms | | |\n", ms(pct(vmTriv, 50)))
	fmt.Fprintf(&b, "| the same at an agent's pace, p50 | %s ms | | |\n", ms(pct(vmTrivPaced, 50)))
	fmt.Fprintf(&b, "| for scale, a round trip to `serve` without a script (`list_tools({tools: [\"demo.echo\"]})`), p50 (p99) | %s ms (%s ms) | | |\n", ms(pct(base, 50)), ms(pct(base, 99)))
	fmt.Fprintf(&b, "| one `demo.sleep({ms: 50})`, p50 of %d | %s ms | | |\n", reps, ms(pct(one, 50)))
	fmt.Fprintf(&b, "| ten under `Promise.all`, p50 of %d | %s ms (%.2fx one) | <= 1.1x | %s |\n\n", reps, ms(pct(ten, 50)), par, yes(par <= 1.1))
	b.WriteString(cold)
	b.WriteString(profileSection)
	return b.String(), nil
}

// coldStarts measures the first call to a backend that is not running:
// in a fresh `switchboard serve` (warm catalog; a first `return 1` has
// started the script sandbox, so only the backend is cold) versus the
// backend's own spawn + handshake + first call.
func coldStarts(ctx context.Context, r *rig, dir string, env []string, cfg string, targets []target) (string, error) {
	var cl closer
	defer cl.wg.Wait()
	reps := r.n(2, 7)
	var b strings.Builder
	fmt.Fprintf(&b, "**Cold start** (median of %d): in a fresh `switchboard serve` with a warm catalog, the first `execute` of a script the VM runs (`const x = 1; return x`: the sandbox starts), then the first `execute` calling the backend (not running yet), versus spawning the backend directly and making the same first call (handshake included):\n\n", reps)
	fmt.Fprintf(&b, "| backend | first script in the VM | first backend call through switchboard | direct spawn + handshake + call | switchboard adds |\n|---|--:|--:|--:|--:|\n")
	for _, t := range targets {
		var first, through, direct []time.Duration
		for range reps {
			sb, err := start(ctx, dir, env, "", r.bin, "serve", "--config", cfg)
			if err != nil {
				return "", err
			}
			w, err := timeN(1, func() error { _, err := sb.execute(ctx, "const x = 1; return x"); return err })
			if err != nil {
				return "", err
			}
			x, err := timeN(1, func() error { _, err := sb.execute(ctx, "return await "+t.js); return err })
			cl.close(sb)
			if err != nil {
				return "", err
			}
			var d *proc
			y, err := timeN(1, func() error {
				if d, err = start(ctx, dir, env, t.version, t.argv...); err != nil {
					return err
				}
				_, err := d.call(ctx, t.tool, t.args)
				return err
			})
			cl.close(d)
			if err != nil {
				return "", err
			}
			first, through, direct = append(first, w[0]), append(through, x[0]), append(direct, y[0])
		}
		fmt.Fprintf(&b, "| %s | %s ms | %s ms | %s ms | %s ms |\n", t.name, ms(pct(first, 50)), ms(pct(through, 50)), ms(pct(direct, 50)), ms(pct(through, 50)-pct(direct, 50)))
	}
	return b.String() + "\n", nil
}
