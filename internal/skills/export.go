package skills

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// ExportMarker is the metadata key of the SKILL.md files Export writes;
// Export replaces only a folder whose SKILL.md has it (or with force).
const ExportMarker = "switchboard-skill"

// Metadata keys of the SHA-256 of SKILL.md as Export wrote it (with its
// own value "") and of the script: a folder edited since is replaced
// only with force (a re-export overwrote hand edits without a trace).
const (
	exportSumKey       = "switchboard-sha256"
	exportScriptSumKey = "switchboard-script-sha256"
)

// Agent Skills limits on the front matter (agentskills.io specification).
const (
	maxExportName        = 64
	maxExportDescription = 1024
	maxCompatibility     = 500
)

// ExportName is the Agent Skills name of a skill: lowercase letters,
// digits and single hyphens (triage_stale_issues -> triage-stale-issues).
func ExportName(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case 'a' <= r && r <= 'z', '0' <= r && r <= '9':
			b.WriteRune(r)
		case !strings.HasSuffix(b.String(), "-") && b.Len() > 0:
			b.WriteByte('-')
		}
	}
	n := strings.Trim(b.String(), "-")
	if len(n) > maxExportName {
		n = strings.TrimRight(n[:maxExportName], "-")
	}
	if n == "" {
		n = "skill"
	}
	return n
}

// frontMatter is SKILL.md's YAML header.
type frontMatter struct {
	Name          string            `yaml:"name"`
	Description   string            `yaml:"description"`
	Compatibility string            `yaml:"compatibility,omitempty"`
	Metadata      map[string]string `yaml:"metadata,omitempty"`
}

// Export writes an Agent Skills folder for sk into dir (such as
// .claude/skills or .agents/skills): dir/NAME/SKILL.md (front matter with
// name and description, then how to run it through Switchboard's execute)
// and dir/NAME/scripts/NAME.js (the skill file). It returns the folder.
// A folder that exists and was not written by Export is kept unless force.
func Export(sk *Skill, dir string, force bool) (string, error) {
	name := ExportName(sk.Name)
	folder := filepath.Join(dir, name)
	md := filepath.Join(folder, "SKILL.md")
	script := filepath.Join("scripts", sk.Name+".js")
	// The folder is often a repository's: a symbolic link there, to
	// ~/.bashrc say, had the export write the skill over the file it
	// names. Export writes only files of its own.
	for _, p := range []string{folder, filepath.Join(folder, "scripts"), filepath.Join(folder, script), md} {
		if fi, err := os.Lstat(p); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(p)
			return "", fmt.Errorf("exporting skill %q: %s is a symbolic link (to %s): export writes only its own files; remove the link and export again", sk.Name, p, target)
		}
	}
	if old, err := safefile.Read(md); err == nil && !force { // the folder is a repository's: a FIFO there would hang
		var fm frontMatter
		if _, err := parseFrontMatter(old, &fm); err != nil || fm.Metadata[ExportMarker] == "" {
			return "", fmt.Errorf("exporting skill %q: %s exists and was not written by switchboard; remove it or pass --force", sk.Name, md)
		}
		if other := fm.Metadata[ExportMarker]; other != sk.Name {
			// a_b and a__b are both a-b as Agent Skills.
			return "", fmt.Errorf("exporting skill %q: %s is the export of skill %q, whose folder has the same name: export this one elsewhere (--to DIR), or pass --force to replace it", sk.Name, md, other)
		}
		if edited := exportEdited(old, fm.Metadata, filepath.Join(folder, script)); edited != "" {
			return "", fmt.Errorf("exporting skill %q: %s was edited since switchboard wrote it: keep your changes elsewhere, then pass --force to replace it", sk.Name, edited)
		}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("exporting skill %q: %w", sk.Name, err)
	}
	if err := os.MkdirAll(filepath.Join(folder, "scripts"), 0o755); err != nil {
		return "", fmt.Errorf("exporting skill %q: %w", sk.Name, err)
	}
	code := Render(sk)
	if err := atomicfile.Write(filepath.Join(folder, script), code, 0o644); err != nil {
		return "", fmt.Errorf("exporting skill %q: %w", sk.Name, err)
	}
	if err := atomicfile.Write(md, skillMD(sk, name, script, code), 0o644); err != nil {
		return "", fmt.Errorf("exporting skill %q: %w", sk.Name, err)
	}
	return folder, nil
}

// exportEdited names the file of an export that changed since Export
// wrote it ("" when none did, or for an export older than the sums). A
// missing script holds nothing to lose.
func exportEdited(md []byte, meta map[string]string, script string) string {
	sum := meta[exportSumKey]
	if sum == "" {
		return ""
	}
	blank := bytes.Replace(md, []byte(exportSumKey+`: "`+sum+`"`), []byte(exportSumKey+`: ""`), 1)
	if fmt.Sprintf("%x", sha256.Sum256(blank)) != sum || bytes.Equal(blank, md) {
		return filepath.Join(filepath.Dir(filepath.Dir(script)), "SKILL.md")
	}
	if data, err := safefile.Read(script); err == nil && fmt.Sprintf("%x", sha256.Sum256(data)) != meta[exportScriptSumKey] {
		return script
	}
	return ""
}

// skillMD is the SKILL.md of sk, code its script as written.
func skillMD(sk *Skill, name, script string, code []byte) []byte {
	desc := oneLine(sk.Description)
	if len(desc) > maxExportDescription {
		desc = bound(desc, maxExportDescription-len("…"))
	}
	var servers []string
	for _, u := range sk.Uses {
		if !containsString(servers, u.Server) {
			servers = append(servers, u.Server)
		}
	}
	compat := "Runs through the Switchboard MCP server's execute tool"
	if len(servers) > 0 {
		compat += ", with its servers " + strings.Join(servers, ", ")
	}
	compat += "."
	if len(compat) > maxCompatibility {
		compat = bound(compat, maxCompatibility-len("…"))
	}
	fm, _ := yaml.Marshal(frontMatter{Name: name, Description: desc, Compatibility: compat, Metadata: map[string]string{
		ExportMarker: sk.Name, exportSumKey: "", exportScriptSumKey: fmt.Sprintf("%x", sha256.Sum256(code)),
	}})
	var b bytes.Buffer
	b.WriteString("---\n")
	b.Write(fm)
	b.WriteString("---\n\n")
	fmt.Fprintf(&b, "# %s\n\n%s\n\n", sk.Name, strings.TrimSpace(sk.Description))
	b.WriteString("This is a Switchboard skill: a saved script that calls MCP tools through Switchboard.\n")
	b.WriteString("Run it with Switchboard's `execute` tool (the MCP server `switchboard`), with a script such as:\n\n")
	fmt.Fprintf(&b, "```js\nreturn await skills.%s(%s);\n```\n\n", sk.Name, exampleArgs(sk.InputSchema))
	b.WriteString("Its arguments (JSON Schema; execute checks them before the skill runs):\n\n```json\n")
	b.WriteString(indentJSON(sk.InputSchema))
	b.WriteString("\n```\n\n")
	if len(sk.OutputSchema) > 0 {
		b.WriteString("What it returns (JSON Schema):\n\n```json\n" + indentJSON(sk.OutputSchema) + "\n```\n\n")
	}
	if len(sk.Uses) > 0 {
		var refs []string
		for _, u := range sk.Uses {
			refs = append(refs, "`"+u.Ref()+"`")
		}
		fmt.Fprintf(&b, "It calls %s. When one of them changed since the skill was saved, execute refuses it and says which; the user approves it again with `switchboard skills approve %s`.\n\n", strings.Join(refs, ", "), sk.Name)
	}
	fmt.Fprintf(&b, "The script is [%s](%s). Where Switchboard does not have this skill (`skills.%s` is not a function), pass execute the code after the file's header comment, preceded by `const args = {…};`.\n", script, filepath.ToSlash(script), sk.Name)
	// The file's own sum, taken with its value "", goes in its place.
	sum := fmt.Sprintf("%x", sha256.Sum256(b.Bytes()))
	return bytes.Replace(b.Bytes(), []byte(exportSumKey+`: ""`), []byte(exportSumKey+`: "`+sum+`"`), 1)
}

// exampleArgs is an object literal naming the schema's required
// properties, for the example call.
func exampleArgs(schema json.RawMessage) string {
	var s struct {
		Required []string `json:"required"`
	}
	_ = json.Unmarshal(schema, &s)
	if len(s.Required) == 0 {
		return "{}"
	}
	parts := make([]string, len(s.Required))
	for i, r := range s.Required {
		k, _ := json.Marshal(r)
		parts[i] = string(k) + ": …"
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

func indentJSON(raw json.RawMessage) string {
	var b bytes.Buffer
	if json.Indent(&b, raw, "", "  ") != nil {
		return string(raw)
	}
	return b.String()
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// parseFrontMatter decodes the YAML front matter of a SKILL.md into v
// and returns the body after it.
func parseFrontMatter(data []byte, v any) ([]byte, error) {
	rest, ok := bytes.CutPrefix(data, []byte("---\n"))
	if !ok {
		return nil, errors.New("no front matter: SKILL.md must start with ---")
	}
	fm, body, ok := bytes.Cut(rest, []byte("\n---\n"))
	if !ok {
		return nil, errors.New("front matter is not closed with ---")
	}
	if err := yaml.Unmarshal(fm, v); err != nil {
		return nil, fmt.Errorf("front matter: %w", err)
	}
	return body, nil
}
