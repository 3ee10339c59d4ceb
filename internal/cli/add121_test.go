package cli

import (
	"bytes"
	"os"
	"slices"
	"strings"
	"testing"
)

// remove, enable and disable of a name the file does not hold, in a
// file that does not load (a second "mcpServers", a bad setting), say
// that it does not load and why: they said "no server "a" in …;
// configured there: none" of a file with servers in it (round 121).
func TestRemove_ANameInAFileThatDoesNotLoadSaysWhy(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"two mcpServers", `{"mcpServers": {"a": {"command": "echo"}}, "mcpServers": {"b": {"command": "cat"}}}`, `mcpServers: duplicate key (line 1)`},
		{"bad settings", "{\"mcpServers\": {\"b\": {\"command\": \"cat\"}},\n\"settings\": {\"maxConnections\": -1}}", `settings.maxConnections: must be a positive whole number, not -1 (line 2)`},
	} {
		w := newCLIWorld(t)
		w.write(w.user(), c.text)
		for _, verb := range []string{"remove", "enable", "disable"} {
			code, out, errOut := w.run(verb, "a")
			if code != 1 || !strings.Contains(errOut, w.user()+` does not load, so no server "a" was found in it and it is unchanged`) || !strings.Contains(errOut, c.want) || strings.Contains(errOut, "configured there") {
				t.Errorf("%s: %s: exit %d\n%s%s", c.name, verb, code, out, errOut)
			}
			if got, _ := os.ReadFile(w.user()); !bytes.Equal(got, []byte(c.text)) {
				t.Errorf("%s: %s changed the file", c.name, verb)
			}
		}
	}
}

// add to a config of comments only (every server commented out) keeps
// them and adds the server after them; it said "line 2, column 1:
// parsing value: unexpected EOF" (round 121).
func TestAdd_AConfigOfCommentsOnlyKeepsThem(t *testing.T) {
	w := newCLIWorld(t)
	comment := `// {"mcpServers": {"old": {"command": "x"}}}` + "\n"
	w.write(w.user(), comment)
	if code, out, errOut := w.run("add", "b", "--", "echo"); code != 0 {
		t.Fatalf("add: exit %d\n%s%s", code, out, errOut)
	}
	got := w.read(w.user())
	if !strings.HasPrefix(got, comment) || !slices.Equal(w.parse(w.user()).Order, []string{"b"}) {
		t.Errorf("after add:\n%s", got)
	}
}

// remove, enable and disable of a project's server where the project has
// no .switchboard.json say that the file does not exist: it was
// "configured there: none" (round 121).
func TestRemove_AFileThatDoesNotExistIsSaidSo(t *testing.T) {
	w := newCLIWorld(t)
	for _, verb := range []string{"remove", "enable", "disable"} {
		code, out, errOut := w.run(verb, "a", "--project")
		if code != 1 || !strings.Contains(errOut, `no server "a" in `) || !strings.Contains(errOut, "configured there: none: the file does not exist") {
			t.Errorf("%s --project: exit %d\n%s%s", verb, code, out, errOut)
		}
	}
}

// add notes a ${env:NAME} whose variable is not set where it runs, and
// adds the server all the same (the agent's environment may set it):
// it said "added", and every start failed naming the variable (round
// 121). A set variable and a ${file:} are not noted.
func TestAdd_AnUnsetVariableIsNoted(t *testing.T) {
	w := newCLIWorld(t)
	w.env["SET_121"] = "x"
	code, out, errOut := w.run("add", "a", "--env", "T=${env:NOPE_121}", "--env", "U=${SET_121}", "--env", "F=${file:~/k}", "--", "echo", "${NOPE_122}")
	if code != 0 || !strings.Contains(out, `added server "a"`) {
		t.Fatalf("add: exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{`note: ${env:NOPE_121} (env.T of server "a") is not set here`, `note: ${NOPE_122} (args[0] of server "a") is not set here`} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	if strings.Contains(errOut, "SET_121") || strings.Contains(errOut, "file:") && strings.Contains(errOut, "(env.F") {
		t.Errorf("a set variable or a file noted:\n%s", errOut)
	}
}
