package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/tokens"
)

// corpusServer is one corpus file: its name and the direct-registration
// cost of its tools (each as tokens.ToolJSON).
type corpusServer struct {
	name, file string
	tools      int
	direct     int
	descs      []toolText // for the scale section
}

type toolText struct {
	Name, Title, Description string
	InputSchema              json.RawMessage
}

func loadCorpus(root string) ([]corpusServer, error) {
	files, err := filepath.Glob(filepath.Join(root, "testdata", "corpus", "servers", "*.json"))
	if err != nil || len(files) == 0 {
		return nil, fmt.Errorf("corpus: %d files, %v", len(files), err)
	}
	sort.Strings(files)
	var out []corpusServer
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		var s struct {
			Tools []toolText `json:"tools"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			return nil, fmt.Errorf("%s: %w", f, err)
		}
		cs := corpusServer{name: strings.TrimSuffix(filepath.Base(f), ".json"), file: f, tools: len(s.Tools), descs: s.Tools}
		for _, t := range s.Tools {
			n, err := tokens.Count(tokens.ToolJSON(t.Name, t.Description, t.InputSchema))
			if err != nil {
				return nil, err
			}
			cs.direct += n
		}
		out = append(out, cs)
	}
	return out, nil
}

// tokenReport mirrors the JSON of `switchboard tokens --json`.
type tokenReport struct {
	Servers []struct {
		Name         string `json:"name"`
		Tools        int    `json:"tools"`
		Direct       int    `json:"direct"`
		Declarations int    `json:"declarations"`
		Error        string `json:"error"`
	} `json:"servers"`
	Direct    int    `json:"direct"`
	Startup   int    `json:"startup"`
	Tokenizer string `json:"tokenizer"`
}

// definitions compares what enters the context at session start: every
// corpus server registered directly versus switchboard in front of all
// 32 (each a replay process).
func definitions(ctx context.Context, r *rig) (string, error) {
	corpus, err := loadCorpus(r.root)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(r.tmp, "defs")
	servers := map[string]any{}
	for _, s := range corpus {
		servers[s.name] = map[string]any{"command": r.replay, "args": []string{s.file}}
	}
	cfg, env, err := writeConfig(dir, servers)
	if err != nil {
		return "", err
	}
	// Cold catalog: doctor starts each backend once and caches its tools.
	t0 := time.Now()
	doctor := exec.CommandContext(ctx, r.bin, "doctor", "--config", cfg)
	doctor.Env = env
	if o, err := doctor.CombinedOutput(); err != nil {
		return "", fmt.Errorf("doctor: %w\n%s", err, o)
	}
	coldCatalog := time.Since(t0)
	// The token method of `switchboard tokens` (cli.MeasureTokens).
	tk := exec.CommandContext(ctx, r.bin, "tokens", "--json", "--config", cfg)
	tk.Env = env
	o, err := tk.Output()
	if err != nil {
		return "", fmt.Errorf("switchboard tokens: %w", err)
	}
	var rep tokenReport
	if err := json.Unmarshal(o, &rep); err != nil {
		return "", fmt.Errorf("switchboard tokens: %w", err)
	}

	runs := r.n(5, 30)
	st, err := startups(ctx, r, dir, env, cfg, runs)
	if err != nil {
		return "", err
	}
	empty, eenv, err := writeConfig(filepath.Join(r.tmp, "empty"), map[string]any{})
	if err != nil {
		return "", err
	}
	st0, err := startups(ctx, r, filepath.Join(r.tmp, "empty"), eenv, empty, runs)
	if err != nil {
		return "", err
	}
	bare, err := timeN(runs, func() error { return exec.Command(r.bin, "version").Run() })
	if err != nil {
		return "", err
	}
	var cl closer
	defer cl.wg.Wait()
	first, err := start(ctx, dir, env, "", r.bin, "serve", "--config", cfg)
	if err != nil {
		return "", err
	}
	defer cl.close(first)
	lt, err := first.cs.ListTools(ctx, nil)
	if err != nil {
		return "", err
	}
	startup := 0
	for _, t := range lt.Tools {
		schema, _ := json.Marshal(t.InputSchema)
		n, _ := tokens.Count(tokens.ToolJSON(t.Name, t.Description, schema))
		startup += n
	}

	// Declarations per server through the first session's list_tools.
	fromTokens := map[string]int{}
	for _, s := range rep.Servers {
		fromTokens[s.Name] = s.Declarations
	}
	var b strings.Builder
	direct, decl, agree := 0, 0, true
	instr := 0
	fmt.Fprintf(&b, "| server | tools | JSON schemas (direct) | instructions | declarations | ratio |\n|---|--:|--:|--:|--:|--:|\n")
	for _, s := range corpus {
		res, err := first.call(ctx, "list_tools", map[string]any{"servers": []string{s.name}})
		if err != nil {
			return "", err
		}
		out := text(res)
		whole, _ := tokens.Count(out)
		agree = agree && whole == fromTokens[s.name]
		// The server's instructions come first, as a comment: direct
		// registration loads them too, so they count on neither side.
		in := ""
		if strings.HasPrefix(out, "/* Instructions from server ") {
			if end := strings.Index(out, "\n*/\n"); end > 0 {
				in, out = out[:end+4], out[end+4:]
			}
		}
		ni, _ := tokens.Count(in)
		n, _ := tokens.Count(out)
		direct += s.direct
		decl += n
		instr += ni
		fmt.Fprintf(&b, "| %s | %d | %d | %d | %d | %.0f%% |\n", s.name, s.tools, s.direct, ni, n, 100*float64(n)/float64(s.direct))
	}
	fmt.Fprintf(&b, "| **all 32** | | **%d** | **%d** | **%d** | **%.1f%%** |\n", direct, instr, decl, 100*float64(decl)/float64(direct))

	var h strings.Builder
	fmt.Fprintf(&h, "## 1. Definitions: what enters the context at session start\n\n")
	fmt.Fprintf(&h, "All 32 corpus servers (`testdata/corpus/servers`), each a `test/replay` process, configured in one Switchboard config with private `XDG_*` directories. Tokens are %s (`internal/tokens`); a tool registered directly costs `tokens.ToolJSON(name, description, inputSchema)`.\n\n", rep.Tokenizer)
	fmt.Fprintf(&h, "| measure | value | goal | met |\n|---|--:|--:|:-:|\n")
	fmt.Fprintf(&h, "| direct registration, 32 servers (the corpus README's 204,964 counts schemas as captured; `ToolJSON` re-encodes them) | %d tokens | | |\n", direct)
	fmt.Fprintf(&h, "| Switchboard `tools/list` (real client of `switchboard serve`) | %d tokens (%.2f%% of direct) | <= 600 | %s |\n", startup, 100*float64(startup)/float64(direct), yes(startup <= 600))
	fmt.Fprintf(&h, "| declarations / JSON schemas, all servers | %.1f%% | <= 45%% | %s |\n", 100*float64(decl)/float64(direct), yes(float64(decl) <= 0.45*float64(direct)))
	fmt.Fprintf(&h, "| `initialize` + `tools/list`, warm catalog, p50 (p99) of %d: spawn of `serve --standalone` to `tools/list` result | %s ms (%s ms) | <= 30 ms | %s |\n", runs, ms(pct(st.total, 50)), ms(pct(st.total, 99)), yes(pct(st.total, 50) <= 30*time.Millisecond))
	fmt.Fprintf(&h, "| of which spawn to `initialize` result, p50 | %s ms | | |\n", ms(pct(st.handshake, 50)))
	fmt.Fprintf(&h, "| of which `tools/list` alone, p50 | %s ms | | |\n", ms(pct(st.list, 50)))
	fmt.Fprintf(&h, "| the same with no servers configured, p50 | %s ms | | |\n", ms(pct(st0.total, 50)))
	fmt.Fprintf(&h, "| process start floor: `switchboard version`, p50 | %s ms | | |\n", ms(pct(bare, 50)))
	fmt.Fprintf(&h, "| backend processes under `serve --standalone` after `tools/list` (max over runs, from /proc) | %d | 0 | %s |\n", st.backends, yes(st.backends == 0))
	fmt.Fprintf(&h, "| other descendant processes (sandbox workers) | %d | | |\n", st.others)
	fmt.Fprintf(&h, "| RSS of idle `serve --standalone` with 32 servers configured, after `tools/list` | %.1f MiB | | |\n", float64(st.rssServe)/1024)
	fmt.Fprintf(&h, "| the same with its warm sandbox worker | %.1f MiB | | |\n", float64(st.rssAll)/1024)
	fmt.Fprintf(&h, "| cold catalog: `switchboard doctor` starting all 32 backends | %s ms | | |\n\n", ms(coldCatalog))
	fmt.Fprintf(&h, "`switchboard tokens --json` on the same config (the method of `cli.MeasureTokens`): direct %d, startup %d; its per-server declaration counts %s the ones measured here through `list_tools`.\n\n",
		rep.Direct, rep.Startup, map[bool]string{true: "equal", false: "**differ from**"}[agree])
	fmt.Fprintf(&h, "Per server, `list_tools({servers: [s]})` versus the JSON schemas direct registration puts in context. Five corpus servers have instructions (`test/replay` replays them, as the servers send them in `initialize`): the index marks those servers, and `list_tools({servers: [s]})` shows the text in a comment before the declarations. Agents put a directly registered server's instructions in context as well, so the column \"instructions\" is on both sides and the ratio is the declarations' alone:\n\n")
	return h.String() + b.String() + "\n", nil
}

// startup is what `runs` fresh `switchboard serve` processes took to
// answer initialize and tools/list, and the most descendants any had.
type startup struct {
	handshake, list, total []time.Duration
	backends, others       int
	rssServe, rssAll       int // KiB, idle after the last run's tools/list
}

func startups(ctx context.Context, r *rig, dir string, env []string, cfg string, runs int) (*startup, error) {
	var cl closer
	defer cl.wg.Wait()
	st := &startup{}
	for i := range runs {
		t0 := time.Now()
		// Standalone: the process under test holds the catalog, pool and
		// sandbox itself (section 3 measures sessions of the daemon).
		p, err := start(ctx, dir, env, "", r.bin, "serve", "--standalone", "--config", cfg)
		if err != nil {
			return nil, err
		}
		t1 := time.Now()
		_, err = p.cs.ListTools(ctx, nil)
		if err != nil {
			return nil, err
		}
		t2 := time.Now()
		st.handshake, st.list, st.total = append(st.handshake, t1.Sub(t0)), append(st.list, t2.Sub(t1)), append(st.total, t2.Sub(t0))
		if i == runs-1 {
			time.Sleep(time.Second) // let anything lazy (the sandbox worker) show up
			st.rssServe = rssKiB(p.cmd.Process.Pid)
			st.rssAll = st.rssServe
			for _, c := range descendantPids(p.cmd.Process.Pid) {
				st.rssAll += rssKiB(c)
			}
		}
		backends, others := 0, 0
		for _, c := range descendants(p.cmd.Process.Pid) {
			if strings.HasPrefix(c, r.replay) {
				backends++
			} else {
				others++
			}
		}
		st.backends, st.others = max(st.backends, backends), max(st.others, others)
		cl.close(p)
	}
	return st, nil
}

// rssKiB is the resident set size of pid in KiB (0 if unknown).
func rssKiB(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			n, _ := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(v), " kB"))
			return n
		}
	}
	return 0
}
