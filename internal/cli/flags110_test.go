package cli

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// --config "" (a script's unset variable) is refused, naming the flag:
// it was the flag left out, so add wrote into the user's own config
// (round 110).
func TestFlags_AnEmptyConfigPathIsRefused(t *testing.T) {
	w := newCLIWorld(t)
	data := []byte(`{"mcpServers": {"a": {"command": "echo"}}}`)
	w.write(w.user(), string(data))
	for _, args := range [][]string{{"add", "x", "--config", "", "--", "echo"}, {"remove", "a", "--config="}, {"servers", "--config", ""}, {"servers", "--project", ""}} {
		code, out, errOut := w.run(args...)
		if code == 0 || !strings.Contains(errOut, `invalid value "" for flag -`) || !strings.Contains(errOut, "an empty path (an unset shell variable?)") {
			t.Errorf("%q: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	if got, _ := os.ReadFile(w.user()); !bytes.Equal(got, data) {
		t.Errorf("the user config changed:\n%s", got)
	}
}

// A --timeout without its unit, or past what a duration holds, says
// what a duration is: it was "parse error" (round 110).
func TestFlags_ATimeoutThatIsNoDurationSaysWhatIs(t *testing.T) {
	w := newCLIWorld(t)
	for v, want := range map[string]string{
		"1000":      `invalid value "1000" for flag -timeout: want a duration with its unit, such as 30s, 1500ms or 2m`,
		"99999999h": `invalid value "99999999h" for flag -timeout: longer than a duration can be (at most 2562047h, 292 years)`,
	} {
		code, out, errOut := w.run("exec", "--timeout", v, "-e", "return 1")
		if code != 2 || !strings.Contains(errOut, want) {
			t.Errorf("%s: exit %d\n%s%s", v, code, out, errOut)
		}
	}
}
