package cli

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// A failed resource read (or prompt get) names what was read once: the
// server's words and the backend's both said it ("reading demo://nope
// from server "demo": reading resource demo://nope: …", round 102's
// case 53).
func TestExec_AFailedReadSaysReadingOnce(t *testing.T) {
	w := newCLIWorld(t)
	exe, _ := os.Executable()
	t.Setenv("SWITCHBOARD_TEST_MAIN", "1") // the worker's environment is ours
	w.write(w.user(), `{"mcpServers": {"demo": {"command": "`+exe+`", "args": ["__demo-backend"], "env": {"SWITCHBOARD_TEST_MAIN": "1"}}}}`)
	code, out, errOut := w.runExec("exec", "-e", `const out = [];
for (const f of [() => resources.read("demo", "demo://nope"), () => prompts.get("demo", "nope", {})]) {
  try { await f() } catch (e) { out.push(e.message) }
}
return out`)
	if code != 0 {
		t.Fatalf("exec: exit %d, err %q", code, errOut)
	}
	var msgs []string
	if err := json.Unmarshal([]byte(out), &msgs); err != nil || len(msgs) != 2 {
		t.Fatalf("exec: %q, want two messages", out)
	}
	for i, c := range []struct{ verb, what string }{{"reading", "demo://nope"}, {"getting prompt", `"nope"`}} {
		out := msgs[i]
		if !strings.Contains(out, c.verb+" "+c.what+` from server "demo"`) {
			t.Errorf("out %q: want it to say %s %s from server \"demo\"", out, c.verb, c.what)
		}
		if n := strings.Count(out, c.verb); n != 1 {
			t.Errorf("out %q: says %q %d times, want once", out, c.verb, n)
		}
	}
}

// runExec runs switchboard args with the test binary as the script
// worker (switchboard with SWITCHBOARD_TEST_MAIN=1).
func (w *cliWorld) runExec(args ...string) (int, string, string) {
	exe, _ := os.Executable()
	e, out, errb := w.envFor(args...)
	e.Executable = exe
	e.Environ = func() []string { return []string{"SWITCHBOARD_TEST_MAIN=1", "PATH=" + os.Getenv("PATH")} }
	code := Main(context.Background(), e)
	return code, out.String(), errb.String()
}
