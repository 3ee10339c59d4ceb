package skills

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round ninety-nine: an untrusted project skill that `skills approve`
// refuses (its @skill not its file's name) was listed with `read it,
// then run switchboard skills approve alpha`, which then failed. The
// listing says why approve would refuse it.
func TestStore_AnUntrustedSkillApproveWouldRefuseSaysWhy(t *testing.T) {
	dir := t.TempDir()
	st := &Store{User: filepath.Join(dir, "user"), Project: filepath.Join(dir, "proj", ".switchboard", "skills"), Trusted: filepath.Join(dir, "trusted.json")}
	os.MkdirAll(st.Project, 0o755)
	src := "/**\n * @skill beta\n * @description Adds.\n * @input {\"type\":\"object\"}\n */\nreturn 1;\n"
	if err := os.WriteFile(filepath.Join(st.Project, "alpha.js"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	_, probs := st.Load()
	if len(probs) != 1 || !strings.Contains(probs[0].Reason, "`switchboard skills approve` refuses it as it is: ") || !strings.Contains(probs[0].Reason, `@skill is "beta" but the file is alpha.js`) || strings.Contains(probs[0].Reason, "then run") {
		t.Errorf("problems = %q", probs)
	}
	// A valid one still says to approve it.
	if err := os.WriteFile(filepath.Join(st.Project, "alpha.js"), []byte(strings.Replace(src, "beta", "alpha", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, probs := st.Load(); len(probs) != 1 || !strings.Contains(probs[0].Reason, "then run `switchboard skills approve alpha`") {
		t.Errorf("problems = %q", probs)
	}
}
