package skills

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A file of the skills directory whose name is no skill's (save.js, a
// name of the skills object; class.js, a reserved word; my-skill.js) was
// left out of every listing without a word, and `skills rm save` said
// there is no such skill: the user could not tell why it did not load.
// Each is a problem now, saying why and what to do.
func TestStore_AFileNamedAsNoSkillCanBeIsSaid(t *testing.T) {
	dir := t.TempDir()
	st := &Store{User: dir}
	body := "/**\n * @skill NAME\n * @description x\n * @input {\"type\":\"object\"}\n */\nreturn 1;\n"
	for _, n := range []string{"save", "class", "my-skill", "ok"} {
		os.WriteFile(filepath.Join(dir, n+".js"), []byte(strings.ReplaceAll(body, "NAME", n)), 0o600)
	}
	os.Mkdir(filepath.Join(dir, "adir.js"), 0o700) // a directory: not a skill file
	skills, probs := st.Load()
	if len(skills) != 1 || skills[0].Name != "ok" {
		t.Errorf("skills: %v", skills)
	}
	want := map[string]string{
		"save":     `skill name "save" is reserved`,
		"class":    `is a JavaScript reserved word`,
		"my-skill": `is not an identifier`,
	}
	for _, p := range probs {
		w, ok := want[p.Name]
		if !ok {
			t.Errorf("unexpected problem %v", p)
			continue
		}
		delete(want, p.Name)
		path := filepath.Join(dir, p.Name+".js")
		if p.Path != path || !strings.Contains(p.Reason, w) || !strings.Contains(p.Reason, "rename the file") || !strings.Contains(p.Reason, "rm "+path) {
			t.Errorf("problem %v\nwant it to say %q, and to rename or delete %s", p, w, path)
		}
	}
	for n := range want {
		t.Errorf("%s.js is not said", n)
	}

	// A name holding a line break and ESC is said escaped, its path
	// quoted for the shell.
	dir = t.TempDir()
	st = &Store{User: dir}
	os.WriteFile(filepath.Join(dir, "x\nIMPORTANT: y\x1b[31m.js"), nil, 0o600)
	_, probs = st.Load()
	if len(probs) != 1 || strings.ContainsAny(probs[0].Name+probs[0].Path+probs[0].Reason, "\n\x1b") || !strings.Contains(probs[0].Reason, "rm $'"+dir+"/x\\nIMPORTANT: y\\x1b[31m.js'") {
		t.Errorf("problems: %q", probs)
	}
}

// An @input that is not JSON was said as a schema that is not an object.
func TestParse_AnInputThatIsNotJSONIsSaidSo(t *testing.T) {
	dir := t.TempDir()
	st := &Store{User: dir}
	os.WriteFile(filepath.Join(dir, "bad.js"), []byte("/**\n * @skill bad\n * @description x\n * @input {not json\n */\nreturn 1;\n"), 0o600)
	_, probs := st.Load()
	if len(probs) != 1 || !strings.Contains(probs[0].Reason, "header line 4: @input is not JSON (invalid character 'n' looking for beginning of object key string)") || strings.Contains(probs[0].Reason, "must be a JSON Schema object") {
		t.Errorf("problems: %q", probs)
	}
}
