package backend

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A backend cannot make a listing unbounded: more than maxListed items
// are cut to maxListed, a list that pages forever stops after maxPages
// pages, and a page naming its own cursor as the next ends the list;
// each cut is said in the backend's log.
func TestPages_BoundsAHostileList(t *testing.T) {
	dir := t.TempDir()
	b := &Backend{log: slog.New(slog.DiscardHandler), stderr: openStderrLog(dir, "x", nil, nil)}
	ctx := context.Background()
	many := func(ctx context.Context, cursor string) ([]int, string, error) {
		n := 0
		fmt.Sscan(cursor, &n)
		page := make([]int, 3000)
		return page, fmt.Sprint(n + 1), nil
	}
	got, err := pages(ctx, b, "tools", many, nil)
	if err != nil || len(got) != maxListed {
		t.Errorf("an endless list of full pages gave %d items, %v; want %d", len(got), err, maxListed)
	}
	// Said to the agent and the user too (list_tools, servers, doctor):
	// the bound, and how many were left out.
	if cut, want := b.ListCut(), "it lists more than 10000 tools (the most one listing uses): only the first 10000 are used; 2000 more are left out and its later pages were not asked for"; cut != want {
		t.Errorf("ListCut = %q, want %q", cut, want)
	}
	calls := 0
	empty := func(ctx context.Context, cursor string) ([]int, string, error) {
		calls++
		return nil, fmt.Sprint(calls), nil
	}
	if got, err := pages(ctx, b, "prompts", empty, nil); err != nil || len(got) != 0 || calls != maxPages {
		t.Errorf("endless empty pages: %d items, %v after %d pages; want none after %d", len(got), err, calls, maxPages)
	}
	calls = 0
	same := func(ctx context.Context, cursor string) ([]int, string, error) {
		calls++
		return []int{1}, "again", nil
	}
	if got, err := pages(ctx, b, "resources", same, nil); err != nil || len(got) != 2 || calls != 2 {
		t.Errorf("a repeated cursor: %d items after %d pages (%v); want 2 after 2", len(got), calls, err)
	}
	calls = 0
	loop := func(ctx context.Context, cursor string) ([]int, string, error) {
		calls++
		next := map[string]string{"": "a", "a": "b", "b": "a"}[cursor]
		return []int{calls}, next, nil
	}
	if got, err := pages(ctx, b, "tools", loop, nil); err != nil || len(got) != 3 || calls != 3 {
		t.Errorf("a loop of cursors: %d items after %d pages (%v); want 3 after 3, each page once", len(got), calls, err)
	}
	b.stderr.Close()
	data, _ := os.ReadFile(LogFile(dir, "x"))
	tail := string(data)
	for _, want := range []string{"it lists more than 10000 tools (the most one listing uses): only the first 10000 are used; 2000 more are left out", "its list of prompts has more than 1000 pages", "its list of tools goes back to the cursor of an earlier page after 3 pages"} {
		if !strings.Contains(tail, want) {
			t.Errorf("log %q lacks %q", tail, want)
		}
	}
}

// TestPages_BoundsTheBytesOfAToolList: 10,000 tools of 30 kB, in pages
// each under maxMessageBytes, were 300 MB of tools, which each process
// held several times over (6 GB), cached and vetted; a listing is now cut
// at maxListedBytes of names, texts and schemas, saying so in the log.
// 32 MiB still held the daemon at 400-600 MB while it vetted the listing;
// the bound is 8 MiB (the largest public servers list well under 1 MiB),
// and the note names the server and the bound.
func TestPages_BoundsTheBytesOfAToolList(t *testing.T) {
	dir := t.TempDir()
	b := &Backend{name: "big", log: slog.New(slog.DiscardHandler), stderr: openStderrLog(dir, "x", nil, nil)}
	desc := strings.Repeat("lorem ipsum ", 2500) // 30 kB
	calls := 0
	big := func(ctx context.Context, cursor string) ([]*mcp.Tool, string, error) {
		calls++
		var page []*mcp.Tool
		for i := range 800 {
			page = append(page, &mcp.Tool{Name: fmt.Sprintf("t%d_%d", calls, i), Description: desc, InputSchema: json.RawMessage(`{"type":"object"}`)})
		}
		return page, fmt.Sprint(calls), nil
	}
	got, err := pages(context.Background(), b, "tools", big, toolSize)
	n := 0
	for _, tl := range got {
		n += toolSize(tl)
	}
	if err != nil || n > 8<<20 || n < 8<<20-64<<10 || calls > 1 {
		t.Errorf("10,000 tools of 30 kB: %d tools of %d bytes after %d pages, %v; want at most 8 MiB", len(got), n, calls, err)
	}
	b.stderr.Close()
	data, _ := os.ReadFile(LogFile(dir, "x"))
	if want := fmt.Sprintf(`backend "big": its tools take more than 8 MiB (the bound of one listing): %d tools that did not fit are left out, the %d that did are used`, 800-len(got), len(got)); !strings.Contains(string(data), want) {
		t.Errorf("log %q lacks %q", data, want)
	}
}

// TestPages_BoundsTheBytesOfAResourceList: a listing's tools are cut at
// 8 MiB (round thirty-seven), but resources, templates and prompts only
// at 10,000 items: 10,000 resources of 64 kB descriptions were 640 MB
// that each process held, cached on disk and offered. Each such list is
// now cut at the same 8 MiB, as JSON, saying so naming the server.
func TestPages_BoundsTheBytesOfAResourceList(t *testing.T) {
	dir := t.TempDir()
	b := &Backend{name: "feed", log: slog.New(slog.DiscardHandler), stderr: openStderrLog(dir, "x", nil, nil)}
	desc := strings.Repeat("lorem ipsum ", 5000) // 60 kB
	calls := 0
	big := func(ctx context.Context, cursor string) ([]*mcp.Resource, string, error) {
		calls++
		var page []*mcp.Resource
		for i := range 1000 {
			page = append(page, &mcp.Resource{URI: fmt.Sprintf("feed://%d/%d", calls, i), Name: "item", Description: desc})
		}
		return page, fmt.Sprint(calls), nil
	}
	got, err := listAll(context.Background(), b, "resources", big)
	n := 0
	for _, r := range got {
		j, _ := json.Marshal(r)
		n += len(j)
	}
	if err != nil || n > 8<<20 || n < 8<<20-64<<10 || calls > 1 {
		t.Errorf("10,000 resources of 60 kB: %d resources of %d bytes after %d pages, %v; want at most 8 MiB", len(got), n, calls, err)
	}
	b.stderr.Close()
	data, _ := os.ReadFile(LogFile(dir, "x"))
	if want := fmt.Sprintf(`backend "feed": its resources take more than 8 MiB (the bound of one listing): %d resources that did not fit are left out, the %d that did are used`, 1000-len(got), len(got)); !strings.Contains(string(data), want) {
		t.Errorf("log %q lacks %q", data, want)
	}
}

// Round seventy-one: a tool list whose first tool alone is over the
// bound (a schema of 8.4 MB) was cut before it, so the backend had no
// tools at all, its small ones too. The tool that does not fit is left
// out, said, and the rest of its page is used.
func TestPages_AToolOverTheBoundIsLeftOutAndTheRestUsed(t *testing.T) {
	dir := t.TempDir()
	b := &Backend{name: "big", log: slog.New(slog.DiscardHandler), stderr: openStderrLog(dir, "x", nil, nil)}
	huge := &mcp.Tool{Name: "huge", Description: strings.Repeat("x", 9<<20), InputSchema: json.RawMessage(`{"type":"object"}`)}
	list := func(ctx context.Context, cursor string) ([]*mcp.Tool, string, error) {
		return []*mcp.Tool{huge, {Name: "ok", InputSchema: json.RawMessage(`{"type":"object"}`)}, {Name: "ok2", InputSchema: json.RawMessage(`{"type":"object"}`)}}, "", nil
	}
	got, err := pages(context.Background(), b, "tools", list, toolSize)
	if err != nil || len(got) != 2 || got[0].Name != "ok" || got[1].Name != "ok2" {
		t.Fatalf("got %d tools, %v; want ok and ok2", len(got), err)
	}
	b.stderr.Close()
	data, _ := os.ReadFile(LogFile(dir, "x"))
	if want := `backend "big": its tools take more than 8 MiB (the bound of one listing): 1 tool that did not fit is left out, the 2 that did are used`; !strings.Contains(string(data), want) {
		t.Errorf("log %q lacks %q", data, want)
	}
	if cut, want := b.ListCut(), "its tools take more than 8 MiB (the bound of one listing): 1 tool that did not fit is left out, the 2 that did are used"; !strings.HasPrefix(cut, want) {
		t.Errorf("ListCut = %q, want it to begin %q", cut, want)
	}
}
