package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// proc is a stdio MCP server we started and our client session to it.
type proc struct {
	cs  *mcp.ClientSession
	cmd *exec.Cmd
}

// legacy is the protocol version pinned for Node servers, which predate
// server/discover: it saves the SDK's probe and its fallback round trip.
const legacy = "2025-11-25"

// start spawns argv with env and connects an SDK client to it. version
// "" lets the SDK negotiate. stderr goes to a log file in dir.
func start(ctx context.Context, dir string, env []string, version string, argv ...string) (*proc, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Env = env
	if f, err := os.OpenFile(filepath.Join(dir, "stderr.log"), os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644); err == nil {
		cmd.Stderr = f
	}
	var so *mcp.ClientSessionOptions
	if version != "" {
		so = &mcp.ClientSessionOptions{ProtocolVersion: version}
	}
	c := mcp.NewClient(&mcp.Implementation{Name: "switchboard-bench", Version: "1"}, nil)
	cs, err := c.Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}, so)
	if err != nil {
		return nil, fmt.Errorf("starting %s: %w", filepath.Base(argv[0]), err)
	}
	return &proc{cs: cs, cmd: cmd}, nil
}

// closer closes sessions in the background; Wait waits for all of them.
type closer struct{ wg sync.WaitGroup }

func (c *closer) close(p *proc) {
	if p == nil {
		return
	}
	c.wg.Go(func() { p.cs.Close() })
}

// call calls a tool; a result with isError is an error.
func (p *proc) call(ctx context.Context, name string, args any) (*mcp.CallToolResult, error) {
	res, err := p.cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if res.IsError {
		return nil, fmt.Errorf("%s: tool error: %s", name, text(res))
	}
	return res, nil
}

// execute runs a script through switchboard's execute meta-tool.
func (p *proc) execute(ctx context.Context, script string) (string, error) {
	res, err := p.call(ctx, "execute", map[string]any{"script": script})
	if err != nil {
		return "", err
	}
	return text(res), nil
}

// text joins a result's text blocks.
func text(res *mcp.CallToolResult) string {
	var parts []string
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// timeN runs f n times and returns each duration.
func timeN(n int, f func() error) ([]time.Duration, error) {
	lat := make([]time.Duration, 0, n)
	for range n {
		t0 := time.Now()
		if err := f(); err != nil {
			return nil, err
		}
		lat = append(lat, time.Since(t0))
	}
	return lat, nil
}

// timePaced is timeN with a pause before each call, as an agent leaves
// between tool calls while the model thinks; the pause is not timed.
func timePaced(n int, pause time.Duration, f func() error) ([]time.Duration, error) {
	lat := make([]time.Duration, 0, n)
	for range n {
		time.Sleep(pause)
		t0 := time.Now()
		if err := f(); err != nil {
			return nil, err
		}
		lat = append(lat, time.Since(t0))
	}
	return lat, nil
}

// pct returns the p-th percentile (0-100) of d, which it sorts.
func pct(d []time.Duration, p int) time.Duration {
	if len(d) == 0 {
		return 0
	}
	slices.Sort(d)
	return d[min(len(d)-1, len(d)*p/100)]
}

func ms(d time.Duration) string {
	return strconv.FormatFloat(float64(d.Microseconds())/1000, 'f', 3, 64)
}

func ratio(a, b float64) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2fx", a/b)
}

func yes(ok bool) string {
	if ok {
		return "yes"
	}
	return "**no**"
}

// writeConfig writes a switchboard config under dir and returns its
// path and an environment whose XDG directories are private to dir.
func writeConfig(dir string, servers map[string]any) (string, []string, error) {
	b, err := json.MarshalIndent(map[string]any{"mcpServers": servers}, "", "  ")
	if err != nil {
		return "", nil, err
	}
	cfg := filepath.Join(dir, "config.json")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", nil, err
	}
	if err := os.WriteFile(cfg, b, 0o600); err != nil {
		return "", nil, err
	}
	run := filepath.Join(dir, "run") // the daemon's socket: private too
	if err := os.MkdirAll(run, 0o700); err != nil {
		return "", nil, err
	}
	env := append(os.Environ(), "XDG_CACHE_HOME="+filepath.Join(dir, "cache"), "XDG_STATE_HOME="+filepath.Join(dir, "state"), "XDG_CONFIG_HOME="+filepath.Join(dir, "config"), "XDG_RUNTIME_DIR="+run)
	return cfg, env, nil
}

// descendants returns the command lines of every process below pid,
// read from /proc.
func descendants(pid int) []string {
	var out []string
	for _, p := range descendantPids(pid) {
		b, _ := os.ReadFile(filepath.Join("/proc", strconv.Itoa(p), "cmdline"))
		out = append(out, strings.TrimSpace(strings.ReplaceAll(string(b), "\x00", " ")))
	}
	return out
}

// descendantPids lists every process below pid, from /proc.
func descendantPids(pid int) []int {
	ents, _ := os.ReadDir("/proc")
	children := map[int][]int{}
	for _, e := range ents {
		p, err := strconv.Atoi(e.Name())
		if err != nil {
			continue
		}
		b, err := os.ReadFile(filepath.Join("/proc", e.Name(), "stat"))
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...: comm may hold spaces and parentheses.
		f := strings.Fields(string(b[strings.LastIndexByte(string(b), ')')+1:]))
		if len(f) < 2 {
			continue
		}
		pp, _ := strconv.Atoi(f[1])
		children[pp] = append(children[pp], p)
	}
	var out []int
	queue := children[pid]
	for len(queue) > 0 {
		p := queue[0]
		queue = append(queue[1:], children[p]...)
		out = append(out, p)
	}
	return out
}
