package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/search"
)

// The go test -bench entry points reuse the driver's code:
//
//	go test -run XXX -bench . ./bench

var (
	buildOnce sync.Once
	shared    *rig
	buildErr  error
)

// testRig builds the switchboard binary once per test binary.
func testRig(b *testing.B) *rig {
	b.Helper()
	buildOnce.Do(func() {
		root, err := repoRoot()
		if err != nil {
			buildErr = err
			return
		}
		tmp, err := os.MkdirTemp("", "switchboard-bench-test")
		if err != nil {
			buildErr = err
			return
		}
		shared = &rig{root: root, tmp: tmp, quick: true, bin: filepath.Join(tmp, "switchboard")}
		cmd := exec.Command("go", "build", "-o", shared.bin, "./cmd/switchboard")
		cmd.Dir = root
		if o, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("%w\n%s", err, o)
		}
	})
	if buildErr != nil {
		b.Fatalf("building switchboard: %v", buildErr)
	}
	return shared
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared != nil {
		os.RemoveAll(shared.tmp)
	}
	os.Exit(code)
}

// demoServe starts `switchboard serve` in front of the demo backend, and
// a direct client of a second demo backend.
func demoServe(b *testing.B) (sb, direct *proc) {
	r := testRig(b)
	dir := b.TempDir()
	cfg, env, err := writeConfig(dir, map[string]any{"demo": stdioSpec([]string{r.bin, "__demo-backend"}, nil)})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	if sb, err = start(ctx, dir, env, "", r.bin, "serve", "--config", cfg); err != nil {
		b.Fatal(err)
	}
	if direct, err = start(ctx, dir, env, "", r.bin, "__demo-backend"); err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { sb.cs.Close(); direct.cs.Close() })
	if _, err := sb.execute(ctx, `return await demo.echo({text: "warm"})`); err != nil {
		b.Fatal(err)
	}
	return sb, direct
}

func BenchmarkExecuteTrivial(b *testing.B) {
	sb, _ := demoServe(b)
	for b.Loop() {
		if _, err := sb.execute(context.Background(), "return 1"); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkExecuteEcho(b *testing.B) {
	sb, _ := demoServe(b)
	for b.Loop() {
		if _, err := sb.execute(context.Background(), `return await demo.echo({text: "hi"})`); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkDirectEcho(b *testing.B) {
	_, d := demoServe(b)
	for b.Loop() {
		if _, err := d.call(context.Background(), "echo", map[string]any{"text": "hi"}); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSearch10k(b *testing.B) {
	root, err := repoRoot()
	if err != nil {
		b.Fatal(err)
	}
	corpus, err := loadCorpus(root)
	if err != nil {
		b.Fatal(err)
	}
	qs, err := queries(root)
	if err != nil {
		b.Fatal(err)
	}
	ix := search.New(syntheticDocs(corpus, 10000), nil)
	i := 0
	for b.Loop() {
		ix.Search(qs[i%len(qs)], 5)
		i++
	}
}

func TestDescendants_SeesGrandchildren(t *testing.T) {
	cmd := exec.Command("sh", "-c", "sleep 30 & sleep 31 & wait")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { cmd.Process.Kill(); cmd.Wait() }()
	// The shell forks its children right away; poll /proc until both have
	// become the sleeps (a child forked but not yet exec'd is still "sh").
	var got []string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		got = descendants(cmd.Process.Pid)
		slices.Sort(got)
		if strings.Join(got, ",") == "sleep 30,sleep 31" {
			break
		}
	}
	if strings.Join(got, ",") != "sleep 30,sleep 31" {
		t.Errorf("descendants = %q, want the two sleeps", got)
	}
}

func TestPct(t *testing.T) {
	d := []time.Duration{5, 1, 4, 2, 3}
	for _, tc := range []struct {
		p    int
		want time.Duration
	}{{0, 1}, {50, 3}, {99, 5}, {100, 5}} {
		if got := pct(d, tc.p); got != tc.want {
			t.Errorf("pct(%d) = %d, want %d", tc.p, got, tc.want)
		}
	}
}

func TestTasks_FilesParsesListings(t *testing.T) {
	got := files("[DIR] sub\n[FILE] a.md\n[FILE] b c.md")
	if strings.Join(got, "|") != "a.md|b c.md" {
		t.Errorf("files = %q", got)
	}
}
