package cli

import (
	"os"
	"runtime"
	"strings"
	"testing"
)

// add's note on a URL's secrets never prints one: a query parameter's
// note printed the URL with its user info's password as given, and a
// password alone was stored as plain text without a word.
func TestAdd_AURLsPasswordIsNotedAndNeverPrinted(t *testing.T) {
	w := newCLIWorld(t)
	const pw, tok = "sk-live-XXXXURLPASSWORD1", "sk-live-XXXXQUERYTOKEN22"
	for _, c := range []struct{ name, url, want string }{
		{"both", "https://u:" + pw + "@h/mcp?token=" + tok, "note: the URL's user-info password and query parameter token are stored in"},
		{"password", "https://u:" + pw + "@h/mcp", "--url 'https://u:${env:PASSWORD}@h/mcp' reads it from the environment instead"},
		{"query", "https://u:" + pw + "@h/mcp?token=" + tok, "--url 'https://u:${env:PASSWORD}@h/mcp?token=${env:TOKEN}' reads them"},
	} {
		code, out, errOut := w.run("add", "--force", c.name, "--url", c.url)
		if code != 0 || strings.Contains(out+errOut, pw) || strings.Contains(out+errOut, tok) || !strings.Contains(errOut, c.want) {
			t.Errorf("%s: exit %d, want %q and no secret\n%s%s", c.name, code, c.want, out, errOut)
		}
	}
	// A reference is no secret: no note (of a set variable: one unset
	// is noted as unset, round 121).
	w.env["PW"] = "x"
	if _, _, errOut := w.run("add", "ref", "--url", "https://u:${env:PW}@h/mcp"); strings.Contains(errOut, "note:") {
		t.Errorf("a reference noted: %s", errOut)
	}
}

// add keeps a config file's mode; one readable by other users (0644,
// made by hand) received a literal credential without a word. add says
// so, with the chmod; a 0600 file, and a reference, get no warning.
func TestAdd_ACredentialWrittenIntoAFileOthersMayReadIsWarnedOf(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("file modes are POSIX's; on Windows ACLs decide who reads the config")
	}
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {}}`)
	if err := os.Chmod(w.user(), 0o644); err != nil {
		t.Fatal(err)
	}
	_, _, errOut := w.run("add", "a", "--env", "API_KEY=sk-live-XXXXMODE0644TEST", "--", "true")
	if want := "is readable by other users (mode 0644) and now holds that credential as plain text: chmod 600 "; !strings.Contains(errOut, want) {
		t.Errorf("0644: %s\nwant %q", errOut, want)
	}
	if _, _, errOut = w.run("add", "b", "--env", "API_KEY=${env:API_KEY}", "--", "true"); strings.Contains(errOut, "readable by other users") {
		t.Errorf("a reference warned of: %s", errOut)
	}
	os.Chmod(w.user(), 0o600)
	if _, _, errOut = w.run("add", "c", "--env", "API_KEY=sk-live-XXXXMODE0600TEST", "--", "true"); strings.Contains(errOut, "readable by other users") {
		t.Errorf("0600 warned of: %s", errOut)
	}
}
