package server

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

func corpusServer(t *testing.T) *Server {
	t.Helper()
	src, specs := loadCorpus(t)
	cat := catalog.New(specs, src, nil)
	for _, n := range cat.Servers() {
		if _, err := cat.Tools(context.Background(), n); err != nil {
			t.Fatal(err)
		}
	}
	return New(Options{Catalog: cat, Caller: src, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
}

func TestListTools_QueryHonoursDetail(t *testing.T) {
	s := corpusServer(t)
	ctx := context.Background()
	q := "take a screenshot of the page in the browser"
	decl, err := s.ListTools(ctx, ListArgs{Query: q})
	if err != nil || !strings.Contains(decl, "declare namespace") {
		t.Fatalf("query alone: %.300s, %v", decl, err)
	}
	names, err := s.ListTools(ctx, ListArgs{Query: q, Detail: "names"})
	if err != nil || strings.Contains(names, "declare namespace") || !strings.Contains(names, "playwright.browser_take_screenshot\n") {
		t.Errorf("detail names: %q, %v", names, err)
	}
	if n := strings.Count(names, "\n"); n != 5 {
		t.Errorf("detail names: %d lines, want one per hit (5):\n%s", n, names)
	}
	sum, err := s.ListTools(ctx, ListArgs{Query: q, Detail: "summary", Limit: new(3)})
	if err != nil || strings.Contains(sum, "declare namespace") || strings.Count(sum, "\n") != 3 || !strings.Contains(sum, " — ") {
		t.Errorf("detail summary: %q, %v", sum, err)
	}
	full, err := s.ListTools(ctx, ListArgs{Query: q, Detail: "full"})
	if err != nil || !strings.Contains(full, "declare namespace") || len(full) <= len(decl) {
		t.Errorf("detail full (%d bytes) is not fuller than the default (%d): %v", len(full), len(decl), err)
	}
}

func TestListTools_DidYouMeanForNearMissNames(t *testing.T) {
	s := corpusServer(t)
	ctx := context.Background()
	out, err := s.ListTools(ctx, ListArgs{Query: "puppeteer_screnshot"})
	if err != nil || !strings.Contains(out, "Did you mean puppeteer.puppeteer_screenshot") {
		t.Errorf("near-miss query: %q, %v", out, err)
	}
	out, err = s.ListTools(ctx, ListArgs{Query: "book a table at a restaurant for two tonight"})
	if err != nil || strings.Contains(out, "Did you mean") {
		t.Errorf("a query that is no name got a suggestion: %q, %v", out, err)
	}
	_, err = s.ListTools(ctx, ListArgs{Tools: []string{"github.get_isue"}})
	if err == nil || !strings.Contains(err.Error(), "did you mean get_issue") {
		t.Errorf("near-miss tool ref: %v", err)
	}
	_, err = s.ListTools(ctx, ListArgs{Servers: []string{"filesytem"}})
	if err == nil || !strings.Contains(err.Error(), "did you mean filesystem") {
		t.Errorf("near-miss server: %v", err)
	}
}

func TestListTools_ExactNameGetsNoSuggestion(t *testing.T) {
	s := corpusServer(t)
	for _, q := range []string{"get_issue", "github.get_issue", "filesystem"} {
		out, err := s.ListTools(context.Background(), ListArgs{Query: q})
		if err != nil || strings.Contains(out, "Did you mean") {
			t.Errorf("%q: %.200q, %v", q, out, err)
		}
	}
}

// Unknown server names come back bounded: a few, each cut, with the
// count (10,000 names of 1 kB came back whole, a 1 MB error), and a
// list of more than 1000 servers is refused as one of 1000 tools is.
func TestListTools_UnknownServersAreNamedBounded(t *testing.T) {
	s := corpusServer(t)
	ctx := context.Background()
	var many []string
	for i := range 1000 {
		many = append(many, strings.Repeat("x", 1000)+strconv.Itoa(i))
	}
	_, err := s.ListTools(ctx, ListArgs{Servers: many})
	if err == nil || len(err.Error()) > 2000 || !strings.Contains(err.Error(), "(1000 unknown in all)") || !strings.Contains(err.Error(), "(1001 bytes)") {
		t.Errorf("1000 unknown servers: %d bytes: %.500v", len(fmt.Sprint(err)), err)
	}
	if err == nil || !strings.Contains(err.Error(), "available: antv-chart, ") || !strings.Contains(err.Error(), "(32 in all)") {
		t.Errorf("1000 unknown servers: the available servers are not named, or not bounded: %.3000v", err)
	}
	_, err = s.ListTools(ctx, ListArgs{Servers: append(many, "github")})
	if err == nil || !strings.Contains(err.Error(), "names 1001 servers; at most 1000") {
		t.Errorf("1001 servers: %.300v, want a refusal", err)
	}
	// Two unknown: both named, as before.
	_, err = s.ListTools(ctx, ListArgs{Servers: []string{"nope", "github", "nada"}})
	if err == nil || !strings.HasPrefix(err.Error(), `unknown server "nope", "nada"; available: `) {
		t.Errorf("two unknown: %v", err)
	}
}

// A negative limit is refused with what it is (it was the default, 5,
// without a word); the schema says at least 1.
func TestListTools_NegativeLimitIsRefused(t *testing.T) {
	s := corpusServer(t)
	_, err := s.ListTools(context.Background(), ListArgs{Query: "take a screenshot", Limit: new(-1)})
	if err == nil || err.Error() != "limit must be at least 1 (the most tools to show: search results, default 5, or tools listed, default all), not -1" {
		t.Errorf("limit -1: %v", err)
	}
	if out, err := s.ListTools(context.Background(), ListArgs{Query: "take a screenshot", Limit: new(1 << 40), Detail: "names"}); err != nil || out == "" {
		t.Errorf("a huge limit: %q, %v", out, err)
	}
}

// Tools named but not found come back bounded, as unknown servers do:
// each said its server's tool count (and the client's capabilities, or
// "unknown server" with every server) again, so 1,000 names came back
// as 60 kB to 320 kB (round 107). The first ten are said, with the
// count; a tool found among them is still declared.
func TestListTools_ToolsNotFoundAreNamedBounded(t *testing.T) {
	s := corpusServer(t)
	ctx := context.Background()
	var refs []string
	for i := range 1000 {
		refs = append(refs, "github.nope"+strconv.Itoa(i), "s"+strconv.Itoa(i)+".t")
	}
	_, err := s.ListTools(ctx, ListArgs{Tools: refs[:1000]})
	if err == nil || len(err.Error()) > 4000 || !strings.Contains(err.Error(), "… (1000 of the tools named not found in all)") || !strings.Contains(err.Error(), `"nope0"`) {
		t.Errorf("1000 not found: %d bytes: %.500v", len(fmt.Sprint(err)), err)
	}
	out, err := s.ListTools(ctx, ListArgs{Tools: append([]string{"github.get_issue"}, refs[:999]...)})
	if err != nil || !strings.Contains(out, "get_issue") || len(out) > 8000 || !strings.Contains(out, "// not found: ") || !strings.Contains(out, "(999 of the tools named not found in all)") {
		t.Errorf("one found among 999 not: %d bytes, %v: %.500s", len(out), err, out)
	}
}
