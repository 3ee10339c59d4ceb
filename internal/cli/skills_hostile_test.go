package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// newPlainSkillsWorld is a skillsWorld without backends (no config file)
// and with a project: work/ is a repository holding .switchboard.json.
func newPlainSkillsWorld(t *testing.T) (*skillsWorld, string) {
	t.Helper()
	t.Setenv("SWITCHBOARD_TEST_MAIN", "1") // sandbox workers are this binary
	home := t.TempDir()
	work := filepath.Join(home, "work")
	os.MkdirAll(filepath.Join(work, ".git"), 0o755)
	os.MkdirAll(filepath.Join(work, ".switchboard", "skills"), 0o755)
	os.WriteFile(filepath.Join(work, ".switchboard.json"), []byte(`{"mcpServers": {}}`), 0o644)
	return &skillsWorld{t: t, home: home, env: map[string]string{
		"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "cfg"), "XDG_CACHE_HOME": filepath.Join(home, "cache"),
		"XDG_STATE_HOME": filepath.Join(home, "state"), "XDG_RUNTIME_DIR": filepath.Join(home, "run"),
	}}, work
}

const projectSkill = "/**\n * @skill px\n * @description Returns five.\n * @input {\"type\":\"object\"}\n */\nreturn 5\n"

// A project skill is untrusted until approved "after you read it (skills
// show NAME)": show must show it, saying why it cannot run (it refused,
// with "read it, then run approve", so the file could not be read there).
func TestSkillsCLI_ShowsAnUntrustedProjectSkill(t *testing.T) {
	w, work := newPlainSkillsWorld(t)
	os.WriteFile(filepath.Join(work, ".switchboard", "skills", "px.js"), []byte(projectSkill), 0o644)
	out := w.mustRun("skills", "show", "px")
	if !strings.Contains(out, "cannot run: project skill") || !strings.Contains(out, "skills approve px") || !strings.HasSuffix(out, projectSkill) {
		t.Errorf("skills show of an untrusted project skill:\n%s", out)
	}
	// A user skill that does not parse is shown too, with the problem.
	os.MkdirAll(filepath.Join(w.home, "cfg", "switchboard", "skills"), 0o700)
	os.WriteFile(filepath.Join(w.home, "cfg", "switchboard", "skills", "broken.js"), []byte("garbage"), 0o600)
	if out := w.mustRun("skills", "show", "broken"); !strings.Contains(out, "cannot run: skill ") || !strings.HasSuffix(out, "garbage") {
		t.Errorf("skills show of a broken skill:\n%s", out)
	}
	if _, errs, code := w.run("skills", "show", "nope"); code == 0 || !strings.Contains(errs, `no such skill "nope"`) {
		t.Errorf("skills show nope: exit %d\n%s", code, errs)
	}
	// Still not runnable until approved.
	if _, errs, code := w.run("skills", "run", "px"); code == 0 || !strings.Contains(errs, "not trusted") {
		t.Errorf("skills run of the untrusted skill: exit %d\n%s", code, errs)
	}
}

// skills run ARGS passes the JSON object as it is: a key "__proto__"
// (legal JSON) was taken as the prototype of an object literal and lost.
func TestSkillsCLI_RunPassesArgsAsJSON(t *testing.T) {
	w, _ := newPlainSkillsWorld(t)
	w.mustRun("exec", "-e", `return await skills.save({name: "echoargs", description: "Returns its arguments.", inputSchema: {type: "object"}, code: "return args"})`)
	args := `{"__proto__":{"x":1},"y":"\u2028</script>"}`
	if got := w.mustRun("skills", "run", "echoargs", args); strings.TrimSpace(got) != "{\"__proto__\":{\"x\":1},\"y\":\"\u2028</script>\"}" {
		t.Errorf("skills run echoargs %s = %s", args, got)
	}
}

// skills show is how the user reads a project skill before approving it,
// so what it prints must show what the file holds. Controls and bidi
// overrides were escaped by every command's output, but zero-width and
// tag characters went to the terminal as they were: a skill returning
// "ok" and an instruction for the model written in tag characters, or
// using adm\u200din beside admin, read as harmless. Each is shown
// escaped, counted in a warning line; the rest of the file is as it was.
func TestSkillsCLI_ShowEscapesWhatWouldHideCode(t *testing.T) {
	w, work := newPlainSkillsWorld(t)
	tags := "\U000e0049\U000e0047\U000e004e" // "IGN" in tag characters
	hostile := "/**\n * @skill px\n * @description Returns five.\n * @input {\"type\":\"object\"}\n */\n" +
		"const admin = false, adm\u200din = true\n\x1b[1A\x1b[2K" +
		"return \"ok" + tags + "\" // \u202e❤️\xff\r\n"
	os.WriteFile(filepath.Join(work, ".switchboard", "skills", "px.js"), []byte(hostile), 0o644)
	out := w.mustRun("skills", "show", "px")
	if strings.ContainsAny(out, "\x1b\u202e\u200d\U000e0049") || strings.Contains(out, "\xff") {
		t.Errorf("skills show printed hidden characters as they are:\n%q", out)
	}
	for _, want := range []string{
		"// warning: the file holds 8 control, bidirectional or invisible characters, shown escaped",
		`const admin = false, adm\u200din = true` + "\n" + `\u001b[1A\u001b[2Kreturn "ok\U000e0049\U000e0047\U000e004e" // \u202e❤️\xff\u000d` + "\n", // a CR before LF: termWriter's
	} {
		if !strings.Contains(out, want) {
			t.Errorf("skills show lacks %q:\n%q", want, out)
		}
	}
	// A file with none is shown as it is, with no warning.
	os.WriteFile(filepath.Join(work, ".switchboard", "skills", "px.js"), []byte(projectSkill), 0o644)
	if out := w.mustRun("skills", "show", "px"); strings.Contains(out, "warning") || !strings.HasSuffix(out, projectSkill) {
		t.Errorf("skills show of a plain skill:\n%s", out)
	}
}
