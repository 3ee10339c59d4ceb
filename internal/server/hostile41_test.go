package server

import (
	"context"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round forty-one: what a hostile client sends through the meta-tools.
// Each answer is an error result naming what was wrong, or the script's
// own error, within seconds; nothing panics or hangs.
func TestHostile41_ClientScripts(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	for _, c := range []struct {
		name, script string
		want         []string // in the answer
	}{
		{"10 MB of comment", "// " + strings.Repeat("x", 10<<20) + "\nreturn 1", []string{"1"}},
		{"100k nested brackets", strings.Repeat("[", 100000) + strings.Repeat("]", 100000), []string{"stack"}},
		{"100k nested parentheses", "return " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000), []string{"stack"}},
		{"a NUL and a lone surrogate", "return '\x00\\ud800'.length", []string{"2"}},
		{"invalid UTF-8", "return '\xff\xfe'.length", []string{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			out, _ := call(t, cs, "execute", map[string]any{"script": c.script})
			t.Logf("%.1fs: %.300s", time.Since(start).Seconds(), out)
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("answer %.300q does not hold %q", out, w)
				}
			}
		})
	}
	// A request for a method no server has, and a cancel of a request
	// never sent.
	ctx := context.Background()
	if err := cs.Ping(ctx, nil); err != nil {
		t.Fatal(err)
	}
	_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "no_such_meta_tool"})
	t.Logf("unknown tool: %v", err)
}

// Round forty-one: the check of which unlisted servers a script names
// ran a regular expression without a literal prefix over the whole script
// for each such server, about 0.25 s a megabyte each: a client's 10 MB
// script with 30 servers not yet listed held a core for over a minute
// before the script started. It reads the same words, and 40 servers over
// an 8 MB script now take well under a second.
func TestMentions_ReadsWordsAsTheRegexpDidAndQuickly(t *testing.T) {
	for _, c := range []struct {
		src, ident string
		want       bool
	}{
		{"return gh.search()", "gh", true},
		{"gh.search()", "gh", true},
		{"return ghx.search()", "gh", false},
		{"return x.gh.search()", "gh", false},
		{"return $gh.search()", "gh", false},
		{"return _gh.search()", "gh", false},
		{"return gh_2.search()", "gh", false},
		{"return ágh", "gh", true},
		{"const a = [gh]", "gh", true},
		{"// gh\nreturn 1", "gh", true},
		{"return 1", "gh", false},
		{"ghgh gh", "gh", true},
		{"gh$", "gh", true},
		{"x = a$", "a$", false}, // \b after a $ needs a word character
		{"x = a$b", "a$", true},
		{"x = a$ b", "a$", false},
		{"", "gh", false},
	} {
		if got := mentions(c.src, c.ident); got != c.want {
			t.Errorf("mentions(%q, %q) = %v, want %v", c.src, c.ident, got, c.want)
		}
	}
	// The same answers as the regular expression, over scripts made of
	// the characters that matter.
	rng := rand.New(rand.NewPCG(41, 41))
	alphabet := []string{"g", "h", "gh", ".", "$", "_", "1", " ", "\n", "é", "(", "x"}
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		for _, ident := range []string{"gh", "g$", "h_"} {
			want := regexp.MustCompile(`(^|[^A-Za-z0-9_$.])` + regexp.QuoteMeta(ident) + `\b`).MatchString(b.String())
			if got := mentions(b.String(), ident); got != want {
				t.Fatalf("mentions(%q, %q) = %v, the regular expression %v", b.String(), ident, got, want)
			}
		}
	}
	src := "// " + strings.Repeat("data gh_x 1234 ", 8<<20/15) + "\nreturn 1"
	start := time.Now()
	for i := range 40 {
		if mentions(src, "server"+string(rune('a'+i%26))+"x") {
			t.Fatal("a server the script does not name")
		}
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("40 servers over an 8 MB script took %v", d)
	}
}
