package cli

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// tokens counts a server's instructions apart from its tools: agents load
// them with the tools when the server is registered directly, and
// list_tools shows them with the declarations, so a ratio over the tools
// alone put everything's list_tools at 117% of direct registration.
func TestTokens_CountsServersInstructions(t *testing.T) {
	w := newCLIWorld(t)
	replay := filepath.Join(t.TempDir(), "replay")
	build := exec.Command("go", "build", "-o", replay, "./test/replay")
	build.Dir = "../.."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building test/replay: %v\n%s", err, out)
	}
	abs := func(p string) string { a, _ := filepath.Abs(p); return a }
	cfg, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{
		"everything": map[string]any{"command": replay, "args": []string{abs("../../testdata/corpus/servers/everything.json")}},
		"memory":     map[string]any{"command": replay, "args": []string{abs("../../testdata/corpus/servers/memory.json")}},
	}})
	w.write(w.user(), string(cfg))
	code, out, errOut := w.run("tokens", "--json")
	if code != 0 {
		t.Fatalf("tokens --json: exit %d\n%s%s", code, out, errOut)
	}
	var rep TokenReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := map[string]ServerTokens{}
	for _, s := range rep.Servers {
		got[s.Name] = s
	}
	ev, mem := got["everything"], got["memory"]
	if ev.Instructions < 100 || mem.Instructions != 0 || rep.Instructions != ev.Instructions {
		t.Errorf("instructions: everything %d, memory %d, in all %d; want everything's (~350 tokens) alone", ev.Instructions, mem.Instructions, rep.Instructions)
	}
	if ev.Direct == 0 || ev.Declarations == 0 || ev.Declarations > ev.Direct+ev.Instructions {
		t.Errorf("everything: direct %d + instructions %d, list_tools %d", ev.Direct, ev.Instructions, ev.Declarations)
	}
	code, out, _ = w.run("tokens")
	if code != 0 || !strings.Contains(out, "INSTRUCTIONS") || !strings.Contains(out, "of servers' instructions") {
		t.Errorf("tokens: exit %d\n%s", code, out)
	}
}
