package cli

import (
	"strings"
	"testing"
)

func TestEcho_BoundsWhatIsRepeated(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"github", `"github"`},
		{"a\nb", `"a\nb"`},
		{strings.Repeat("x", maxEcho), `"` + strings.Repeat("x", maxEcho) + `"`},
		{strings.Repeat("x", 102400), `"` + strings.Repeat("x", maxEcho) + `…" (102400 bytes)`},
		// Cut at a rune boundary: no broken UTF-8 escapes.
		{strings.Repeat("x", maxEcho-1) + "é" + strings.Repeat("y", 10), `"` + strings.Repeat("x", maxEcho-1) + `…" (75 bytes)`},
	} {
		if got := echo(tc.in); got != tc.want {
			t.Errorf("echo(%.20q…) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// search for a 100 kB query that matches nothing says so without
// printing the query back.
func TestSearch_HugeQueryIsNotEchoedWhole(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {}}`)
	q := strings.Repeat("x", 100<<10)
	code, out, errOut := w.run("search", q)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if len(out)+len(errOut) > 1000 || !strings.Contains(out, "No tool matches \""+strings.Repeat("x", maxEcho)+"…\" (102400 bytes)") {
		t.Errorf("%d bytes of output, %d of errors:\n%.300s\n%.300s", len(out), len(errOut), out, errOut)
	}
}

// A command given a 100 kB argument it refuses names the argument by its
// first bytes and its length; it printed it back whole.
func TestMain_RefusedArgumentIsNotEchoedWhole(t *testing.T) {
	x := strings.Repeat("x", 100<<10)
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {"a": {"command": "a-cmd"}}}`)
	for _, args := range [][]string{
		{x},
		{"version", x},
		{"servers", x},
		{"completion", x},
		{"daemon", x},
		{"init", x},
		{"skills", x},
		{"pins", x},
		{"login", x},
		{"logs", x},
		{"logs", "--since", x},
		{"serve", "--http", x},
		{"serve", "--http", x + ":1"},
		{"add", x},
		{"add", "a", "--url", "https://h/mcp", "--transport", x},
		{"add", "b", "--transport", x, "--", "cmd"},
		{"add", "a", "--", "cmd"}, // already there: named, not x
		{"remove", x},
		{"enable", x},
		{"doctor", x},
	} {
		code, out, errOut := w.run(args...)
		if len(out)+len(errOut) > 4000 || code == 0 && args[0] != "logs" && args[0] != "doctor" {
			short := make([]string, len(args))
			for i, a := range args {
				short[i] = echo(a)
			}
			t.Errorf("%s: exit %d, %d bytes of output, %d of errors:\n%.300s\n%.300s", strings.Join(short, " "), code, len(out), len(errOut), out, errOut)
		}
	}
}
