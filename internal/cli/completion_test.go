//go:build unix

package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// bashComplete runs the generated bash script the way bash's completion
// does (COMP_WORDS, COMP_CWORD, the function) with this test binary as
// switchboard, and returns COMPREPLY.
func bashComplete(t *testing.T, w *cliWorld, words ...string) []string {
	t.Helper()
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("bash is not installed: the bash completion script is not exercised")
	}
	exe, _ := os.Executable()
	script := filepath.Join(t.TempDir(), "switchboard.bash")
	if code, out, errOut := w.run("completion", "bash"); code != 0 {
		t.Fatalf("completion bash: %d %s", code, errOut)
	} else {
		os.WriteFile(script, []byte(out), 0o600)
	}
	var q []string
	for _, wd := range words {
		q = append(q, "'"+strings.ReplaceAll(wd, "'", `'\''`)+"'")
	}
	prog := `source "$SCRIPT" || exit 9
complete -p switchboard >/dev/null || exit 8
switchboard() { SWITCHBOARD_TEST_MAIN=1 "$SB_EXE" "$@"; }
COMP_WORDS=(switchboard ` + strings.Join(q, " ") + `)
COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
_switchboard
printf '%s\n' "${COMPREPLY[@]}"`
	cmd := exec.Command(bash, "--norc", "--noprofile", "-c", prog)
	cmd.Dir = w.dir
	cmd.Env = []string{"SCRIPT=" + script, "SB_EXE=" + exe, "PATH=" + os.Getenv("PATH")}
	for k, v := range w.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, out)
	}
	var got []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l != "" {
			got = append(got, l)
		}
	}
	return got
}

func TestCompletion_BashCompletesCommandsFlagsAndServers(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {"memory": {"command": "m"}, "github": {"command": "g"}, "gitlab": {"url": "https://h/mcp"}}}`)
	os.WriteFile(filepath.Join(w.dir, "script.js"), []byte("return 1"), 0o600)
	for _, tc := range []struct {
		words []string
		want  []string
	}{
		{[]string{"di"}, []string{"disable"}},
		{[]string{"l"}, []string{"list", "login", "logout", "logs"}},
		{[]string{"list", ""}, []string{"github", "gitlab", "memory"}},
		{[]string{"remove", "git"}, []string{"github", "gitlab"}},
		{[]string{"list", "--detail", "full", "me"}, []string{"memory"}},
		{[]string{"add", "x", "--tr"}, []string{"--transport"}},
		{[]string{"add", "x", "--transport", "s"}, []string{"sse", "stdio"}},
		{[]string{"completion", ""}, []string{"bash", "fish", "zsh"}},
		{[]string{"exec", "scr"}, []string{"script.js"}},
		{[]string{"--ver"}, []string{"--version"}},
	} {
		got := bashComplete(t, w, tc.words...)
		slices.Sort(got)
		if !slices.Equal(got, tc.want) {
			t.Errorf("switchboard %q<TAB>: %q, want %q", tc.words, got, tc.want)
		}
	}
	// Servers come from the file --config names.
	other := filepath.Join(w.dir, "other.json")
	w.write(other, `{"mcpServers": {"zeta": {"command": "z"}}}`)
	if got := bashComplete(t, w, "enable", "--config", other, ""); !slices.Equal(got, []string{"zeta"}) {
		t.Errorf("with --config: %q", got)
	}
}

func TestCompletion_ScriptsForEveryShell(t *testing.T) {
	w := newCLIWorld(t)
	for _, sh := range []string{"bash", "zsh", "fish"} {
		code, out, _ := w.run("completion", sh)
		if code != 0 || !strings.Contains(out, "__complete") {
			t.Errorf("%s: exit %d\n%s", sh, code, out)
			continue
		}
		// Where the shell is installed, its parser checks the script.
		path, err := exec.LookPath(sh)
		if err != nil {
			t.Logf("%s is not installed: its script's syntax is not checked here", sh)
			continue
		}
		args := []string{"-n", "-c", out}
		if sh == "fish" {
			args = []string{"--no-execute", "-c", out}
		}
		if b, err := exec.Command(path, args...).CombinedOutput(); err != nil {
			t.Errorf("%s -n: %v\n%s", sh, err, b)
		}
	}
	if code, _, errOut := w.run("completion", "tcsh"); code == 0 || !strings.Contains(errOut, `unknown shell "tcsh"`) {
		t.Errorf("tcsh: %d %s", code, errOut)
	}
}
