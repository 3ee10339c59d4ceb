package cli

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// Round one hundred and three: a command run with --json that failed
// printed nothing on stdout (the reason on stderr only), so a script
// parsing its JSON had nothing to parse: `servers --json` with a config
// error, with an argument too many or an unknown flag. It prints
// {"error": …, "exitCode": N} (and the usage line of a usage error);
// stderr says what it said.
func TestMain_JSONOutputOnErrorsIsJSON(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {"a": {"command": "x"}}, "settings": {"callTimeout": 5}}`)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"servers", "--json"}, 1, "switchboard servers: " + w.user() + ": settings.callTimeout: must be a duration string"},
		{[]string{"tokens", "--json"}, 1, "settings.callTimeout"},
		{[]string{"servers", "--json", "extra"}, 2, `switchboard servers: unexpected argument "extra"`},
		{[]string{"servers", "--json", "--bogus"}, 2, "switchboard servers: flag provided but not defined: -bogus"},
		{[]string{"version", "-json", "extra"}, 2, `switchboard version: unexpected argument "extra"`},
	} {
		code, out, errOut := w.run(tc.args...)
		var v struct {
			Error    string `json:"error"`
			ExitCode int    `json:"exitCode"`
		}
		if err := json.Unmarshal([]byte(out), &v); err != nil || code != tc.code || v.ExitCode != code || !strings.Contains(v.Error, tc.want) || !strings.Contains(errOut, tc.want) {
			t.Errorf("%q: exit %d, stdout %q (%v), stderr %q; want exit %d and %q in both", tc.args, code, out, err, errOut, tc.code, tc.want)
		}
	}
	// Without --json, and with JSON written before the failure, stdout is
	// left as it was.
	if _, out, _ := w.run("servers", "extra"); out != "" {
		t.Errorf("servers extra: stdout %q, want none", out)
	}
	os.Remove(w.user())
	if code, out, _ := w.run("servers", "--json"); code != 0 || strings.Contains(out, `"error"`) {
		t.Errorf("servers --json (no config): exit %d, %s", code, out)
	}
}
