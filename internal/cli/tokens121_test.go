package cli

import (
	"strings"
	"testing"
)

// A new user's first `tokens` (the built-in demo backend alone, whose
// four small tools cost less registered directly) ended "-177 saved";
// it says what Switchboard costs more, and why (round 121).
func TestTokens_AFewSmallServersSayWhatSwitchboardCostsMore(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {}}`)
	code, out, errOut := w.run("tokens")
	if code != 0 {
		t.Fatalf("tokens: exit %d\n%s%s", code, out, errOut)
	}
	if strings.Contains(out, " -") || !strings.Contains(out, "more than direct: a few small servers cost less registered directly") {
		t.Errorf("tokens with no tools:\n%s", out)
	}
}
