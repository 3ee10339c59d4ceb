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

// Round one hundred and three: a command line a command does not take
// exits 2 and says what is wrong in a line naming the command, then (for
// most) the usage: `login` with no server, `skills bogus` ("switchboard
// skills: skills: unknown subcommand") and `completion tcsh` exited 1;
// `exec a b`, `skills show`, `trust a b` and `completion` printed the
// usage alone; `serve extra` served, the argument unsaid.
func TestMain_ABadCommandLineExitsTwoAndSaysWhy(t *testing.T) {
	w := newCLIWorld(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"login"}, "switchboard login: name one server: switchboard login SERVER"},
		{[]string{"logout", "a", "b"}, "switchboard logout: name one server"},
		{[]string{"skills", "bogus"}, `switchboard skills: unknown subcommand "bogus"; known: list, show`},
		{[]string{"skills"}, "switchboard skills: give a subcommand: list, show, run, rm, approve or export"},
		{[]string{"skills", "show"}, "switchboard skills: skills show takes one skill NAME"},
		{[]string{"completion", "tcsh"}, `switchboard completion: unknown shell "tcsh"; known: bash, zsh, fish`},
		{[]string{"completion"}, "switchboard completion: name one shell"},
		{[]string{"exec"}, "switchboard exec: give the script: a file, - to read it from stdin, or -e CODE"},
		{[]string{"exec", "a", "b"}, "switchboard exec: give one script file, not 2 arguments"},
		{[]string{"trust", "a", "b"}, "switchboard trust: give one project file (or its directory), not 2"},
		{[]string{"serve", "extra"}, `switchboard serve: unexpected argument "extra": serve takes no arguments (a project file is named with --project PATH)`},
	} {
		code, _, errOut := w.run(tc.args...)
		if code != 2 || !strings.HasPrefix(errOut, tc.want) || strings.Contains(errOut, "skills: skills:") {
			t.Errorf("%q: exit %d, stderr:\n%.300s\nwant exit 2 and first %q", tc.args, code, errOut, tc.want)
		}
	}
}

// Round one hundred and three: `switchboard status` (and edit, rm,
// setup, logz) said "unknown command" and listed every command, naming
// none of the ones meant.
func TestMain_AnUnknownCommandNamesTheOneMeant(t *testing.T) {
	w := newCLIWorld(t)
	for name, want := range map[string]string{
		"status":   "did you mean switchboard daemon status (the daemon and its sessions) or switchboard servers",
		"edit":     "did you mean switchboard add NAME --force",
		"rm":       "did you mean switchboard remove NAME?",
		"setup":    "did you mean switchboard init?",
		"logz":     "did you mean switchboard logs?",
		"serverz":  "did you mean switchboard servers?",
		"bogusxyz": `unknown command "bogusxyz"` + "\n",
		// Round one hundred and twenty-one: "undo" named nothing.
		"undo": `did you mean switchboard init --undo (take back what init did); add, remove, enable and disable each print the backup they made of the file they changed ("previous content: FILE"): copy it back`,
	} {
		code, _, errOut := w.run(name)
		if code != 2 || !strings.Contains(errOut, want) {
			t.Errorf("%s: exit %d, stderr:\n%.300s\nwant %q", name, code, errOut, want)
		}
	}
}

// Round one hundred and three: init with HOME unset said "HOME is not
// set" and nothing of what to do.
func TestInit_NoHomeSaysWhatToSet(t *testing.T) {
	w := newCLIWorld(t)
	delete(w.env, "HOME")
	code, _, errOut := w.run("init", "--user")
	if code != 1 || !strings.Contains(errOut, "HOME is not set") || !strings.Contains(errOut, "export HOME=") || !strings.Contains(errOut, "run init again") {
		t.Errorf("init: exit %d, %s", code, errOut)
	}
}

// Round one hundred and three: with a new binary installed over the one
// the daemon runs, `daemon status` showed the daemon's version and said
// nothing of the skew, nor of what happens next.
func TestDaemonStatus_AnotherBuildsDaemonIsSaid(t *testing.T) {
	exe, _ := os.Executable()
	var out strings.Builder
	e := &Env{Stdout: &out, Executable: exe}
	printSkew(e, json.RawMessage(`{"version": "v1.0.0+7e35d0329c9d"}`))
	if !strings.Contains(out.String(), "is another build than the daemon: the next agent session started with it hands over to a new daemon of its build") {
		t.Errorf("skew: %q", out.String())
	}
	out.Reset()
	printSkew(e, json.RawMessage(`{"version": "`+daemonVersion(e)+`"}`))
	if out.Len() != 0 {
		t.Errorf("the same build: %q", out.String())
	}
}

// Round one hundred and three: `init --user --undo --agent claude-code`
// exited 1 saying --undo takes no --agent, not the command to run.
func TestInit_UndoWithAnAgentSaysTheCommand(t *testing.T) {
	w := newCLIWorld(t)
	code, _, errOut := w.run("init", "--user", "--undo", "--agent", "claude-code")
	if code != 2 || !strings.Contains(errOut, "takes no --agent: run switchboard init --user --undo") {
		t.Errorf("exit %d, %s", code, errOut)
	}
}

// Round one hundred and three: a misspelt flag (add --evn, servers
// --jsno) was said undefined, the flag meant unnamed.
func TestMain_AMisspeltFlagNamesTheOneMeant(t *testing.T) {
	w := newCLIWorld(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"add", "x", "--evn", "A=b", "--", "cmd"}, "switchboard add: flag provided but not defined: -evn; did you mean --env?"},
		{[]string{"servers", "--jsno"}, "switchboard servers: flag provided but not defined: -jsno; did you mean --json?"},
		{[]string{"servers", "--zzzzzz"}, "switchboard servers: flag provided but not defined: -zzzzzz\n"},
	} {
		if code, _, errOut := w.run(tc.args...); code != 2 || !strings.HasPrefix(errOut, tc.want) {
			t.Errorf("%q: exit %d, %.200s; want %q", tc.args, code, errOut, tc.want)
		}
	}
}
