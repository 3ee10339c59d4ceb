package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"

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
			buildErr = &buildError{err, string(o)}
		}
	})
	if buildErr != nil {
		b.Fatalf("building switchboard: %v", buildErr)
	}
	return shared
}

type buildError struct {
	err error
	out string
}

func (e *buildError) Error() string { return e.err.Error() + "\n" + e.out }

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
