package cli

import (
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"strings"
	"testing"
)

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
	if len(out)+len(errOut) > 1000 || !strings.Contains(out, "No tool matches \""+strings.Repeat("x", echo.Max)+"…\" (102400 bytes)") {
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
				short[i] = echo.Quote(a)
			}
			t.Errorf("%s: exit %d, %d bytes of output, %d of errors:\n%.300s\n%.300s", strings.Join(short, " "), code, len(out), len(errOut), out, errOut)
		}
	}
}

// What the flag package says about a bad flag repeats a long value or
// name bounded, and never the value of --env or --header, which may be a
// secret: it printed `invalid value "Authorization Bearer ghp_…"` whole
// although the pair's own error hid it.
func TestMain_BadFlagIsNamedBoundedAndWithoutSecrets(t *testing.T) {
	const tok = "ghp_abcdefghijklmnopqrstuvwxyz012345"
	x := strings.Repeat("x", 100<<10)
	w := newCLIWorld(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"add", "r", "--url", "https://h/mcp", "--header", "Authorization Bearer " + tok}, `invalid value for flag -header: want NAME=VALUE, got "Aut…"`},
		{[]string{"add", "r", "--env=" + tok, "--", "cmd"}, `invalid value for flag -env: want NAME=VALUE, got "ghp…"`},
		{[]string{"add", "r", "--env", "A B=" + tok, "--", "cmd"}, `invalid value for flag -env: name "A B" is empty or has spaces`},
		{[]string{"search", "--limit", x, "q"}, `invalid value "` + x[:echo.Max] + `…" (102400 bytes) for flag -limit: parse error`},
		{[]string{"search", "--limit", "many", "q"}, `invalid value "many" for flag -limit: parse error`},
		{[]string{"serve", "--standalone=" + x}, `invalid boolean value "` + x[:echo.Max] + `…" (102400 bytes) for -standalone: parse error`},
		{[]string{"search", "--" + x}, `flag provided but not defined: "-` + x[:echo.Max-1] + `…" (102401 bytes)`},
		{[]string{"search", "--nope"}, `flag provided but not defined: -nope`},
		{[]string{"list", "--detail"}, `flag needs an argument: -detail`},
	} {
		code, out, errOut := w.run(tc.args...)
		if code != 2 || !strings.HasPrefix(errOut, "switchboard "+tc.args[0]+": "+tc.want+"\nUsage: switchboard ") || strings.Contains(out+errOut, tok) || len(out)+len(errOut) > 8000 {
			t.Errorf("%.60q: exit %d, %d bytes of errors:\n%.400s\nwant first %s", tc.args, code, len(errOut), errOut, tc.want)
		}
	}
}
