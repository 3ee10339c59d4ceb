package cli

import (
	"os"
	"strings"
	"testing"
)

// disable, enable, remove and approve given a server's name in the other
// Unicode composition (NFD for a name configured NFC) act on that server,
// as list_tools and execute find it; they said `no server "café" in …;
// configured there: café` (rounds 107 and 110).
func TestEdit_AServerNamedInAnotherCompositionIsFound(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {"caf\u00e9": {"command": "echo"}, "z": {"command": "echo"}}}`)
	nfd := "cafe\u0301"
	// Nothing was listed here, so approve has nothing to approve: what
	// it says is of the configured server, not an unknown one.
	if _, out, errOut := w.run("approve", nfd); !strings.Contains(errOut, "nothing of server \"caf\u00e9\" was listed here yet") {
		t.Errorf("approve:\n%s%s", out, errOut)
	}
	for _, args := range [][]string{{"disable", nfd}, {"enable", nfd}, {"remove", nfd}} {
		code, out, errOut := w.run(args...)
		if code != 0 {
			t.Errorf("%s: exit %d\n%s%s", args[0], code, out, errOut)
		}
	}
	got, _ := os.ReadFile(w.user())
	if strings.Contains(string(got), "caf") || !strings.Contains(string(got), `"z"`) {
		t.Errorf("after remove: %s", got)
	}
}
