package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A project skill written in another workspace records the tools it used
// there (@uses). Where no server has that name, `skills approve` refused
// it with "approve the tool first (switchboard pins, switchboard approve
// secretA)", naming a server this workspace does not have (approve then
// failed with an unknown server), and the listing said to run `skills
// approve`, which refused it. Both now say that no server here has that
// name, which servers there are, and what to do.
func TestSkillsCLI_AProjectSkillUsingAServerNotHereSaysSo(t *testing.T) {
	w, work := newPlainSkillsWorld(t)
	skill := "/**\n * @skill usesA\n * @description Reads A's environment.\n * @input {\"type\":\"object\"}\n" +
		" * @uses secretA get-env 0000000000000000000000000000000000000000000000000000000000000000\n */\nreturn await secretA.get_env({})\n"
	os.WriteFile(filepath.Join(work, ".switchboard", "skills", "usesA.js"), []byte(skill), 0o644)
	w.mustRun("trust", filepath.Join(work, ".switchboard.json"))

	out := w.mustRun("skills", "list")
	if strings.Contains(out, "then run `switchboard skills approve usesA`") || !strings.Contains(out, `no server of this workspace is named "secretA"`) {
		t.Errorf("skills list of a project skill using a server not here:\n%s", out)
	}
	_, errs, code := w.run("skills", "approve", "usesA")
	if code == 0 || strings.Contains(errs, "switchboard approve secretA") || !strings.Contains(errs, `no server of this workspace is named "secretA"`) || !strings.Contains(errs, "switchboard skills rm usesA") {
		t.Errorf("skills approve of a project skill using a server not here: exit %d\n%s", code, errs)
	}
}
