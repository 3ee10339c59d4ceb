package cli

import (
	"context"
	"os"
	"strings"
	"testing"
)

// list takes tools as list_tools({tools}) does: "server.tool" prints
// that tool's declaration, a near miss says what it meant, and a server
// named with it still lists its tools; --detail shapes both.
func TestList_ServerDotToolDeclaresTheTool(t *testing.T) {
	w := newCLIWorld(t)
	exe, _ := os.Executable()
	w.env["SWITCHBOARD_TEST_MAIN"] = "1"
	w.write(w.user(), `{"mcpServers": {"demo": {"command": "`+exe+`", "args": ["__demo-backend"], "env": {"SWITCHBOARD_TEST_MAIN": "1"}}}}`)
	code, out, errOut := w.run("list", "demo.echo")
	if code != 0 || !strings.Contains(out, "function echo(") || strings.Contains(out, "function sleep(") {
		t.Errorf("list demo.echo: exit %d, out %q, err %q; want echo's declaration alone", code, out, errOut)
	}
	code, _, errOut = w.run("list", "demo.ecoh")
	if code == 0 || !strings.Contains(errOut, `server "demo" has no tool "ecoh"; did you mean echo?`) {
		t.Errorf("list demo.ecoh: exit %d, err %q; want a did-you-mean", code, errOut)
	}
	code, out, errOut = w.run("list", "--detail", "names", "demo.echo", "demo")
	if code != 0 || out != "demo: echo\ndemo: add, echo, sleep, split_words\n" {
		t.Errorf("list demo.echo demo: exit %d, out %q, err %q; want the tool and the server, by name as --detail says", code, out, errOut)
	}
}

// search --limit below 1 is refused (it was taken as the default).
func TestSearch_LimitBelowOneIsRefused(t *testing.T) {
	e, _, cfgPath, _ := pinsEnv(t)
	for _, n := range []string{"-1", "0"} {
		err := runSearch(context.Background(), e, []string{"--config", cfgPath, "--limit", n, "add"})
		if err == nil || err.Error() != "--limit "+n+": want the number of results, at least 1" {
			t.Errorf("--limit %s: %v", n, err)
		}
	}
}
