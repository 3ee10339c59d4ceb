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

// shellComplete runs the zsh or fish script with this test binary as
// switchboard and returns what it offers for words; ok is false when the
// shell is not installed.
func shellComplete(t *testing.T, w *cliWorld, sh string, words ...string) (got []string, ok bool) {
	t.Helper()
	path, err := exec.LookPath(sh)
	if err != nil {
		return nil, false
	}
	exe, _ := os.Executable()
	_, script, _ := w.run("completion", sh)
	dir := t.TempDir()
	// A wrapper named switchboard: the scripts call it by name (fish) or
	// as words[1] (zsh).
	os.WriteFile(filepath.Join(dir, "switchboard"), []byte("#!/bin/sh\nSWITCHBOARD_TEST_MAIN=1 exec \""+exe+"\" \"$@\"\n"), 0o700)
	os.WriteFile(filepath.Join(dir, "script"), []byte(script), 0o600)
	var q []string
	for _, wd := range words {
		q = append(q, "'"+strings.ReplaceAll(wd, "'", `'\''`)+"'")
	}
	var cmd *exec.Cmd
	if sh == "zsh" {
		// compadd and _files are the completion system's; stand-ins print
		// what the function hands them.
		prog := `compdef() { :; }
source "$DIR/script"
compadd() { [[ $1 == -a ]] && print -l -- "${(@P)2}"; }
_files() { print -- FILES; }
words=(switchboard ` + strings.Join(q, " ") + `)
CURRENT=${#words}
_switchboard`
		cmd = exec.Command(path, "-f", "-c", prog)
	} else {
		cmd = exec.Command(path, "--no-config", "-c", `source "$DIR/script"; complete -C "switchboard `+strings.Join(words, " ")+`"`)
	}
	cmd.Dir = w.dir
	cmd.Env = []string{"DIR=" + dir, "PATH=" + dir + string(os.PathListSeparator) + os.Getenv("PATH")}
	for k, v := range w.env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s: %v\n%s", sh, err, out)
	}
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		if l != "" {
			got = append(got, strings.SplitN(l, "\t", 2)[0]) // fish: candidate<TAB>description
		}
	}
	slices.Sort(got)
	return got, true
}

func TestCompletion_ZshAndFishCompleteWhereInstalled(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {"memory": {"command": "m"}, "github": {"command": "g"}}}`)
	for _, sh := range []string{"zsh", "fish"} {
		for _, tc := range []struct {
			words []string
			want  []string
		}{
			{[]string{"list", ""}, []string{"github", "memory"}},
			{[]string{"di"}, []string{"disable"}},
			{[]string{"completion", "f"}, []string{"fish"}},
		} {
			got, ok := shellComplete(t, w, sh, tc.words...)
			if !ok {
				t.Logf("%s is not installed: its completion is not exercised", sh)
				break
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("%s: switchboard %q<TAB>: %q, want %q", sh, tc.words, got, tc.want)
			}
		}
	}
}

// Round sixty-two: the bash script put server names on the command line
// as they are: a name holding $(…) or `…` completed into the line ran as a
// command substitution at Enter, and one holding * was expanded as a
// glob into the working directory's files before it was offered. Names
// are offered quoted for the line now, and never globbed.
func TestCompletion_BashQuotesServerNamesForTheCommandLine(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {"$(touch pwned)": {"command": "m"}, "a b": {"command": "g"}, "*": {"command": "s"}, "plain": {"command": "p"}}}`)
	os.WriteFile(filepath.Join(w.dir, "script.js"), []byte("return 1"), 0o600)
	got := bashComplete(t, w, "list", "")
	slices.Sort(got)
	want := []string{`\$\(touch\ pwned\)`, `\*`, `a\ b`, "plain"}
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("switchboard list <TAB>: %q, want %q", got, want)
	}
}
