package agentconf

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// An agent file with a key or server defined twice, or bytes that are
// not UTF-8, is skipped with its path and line: the agent reads only
// the last duplicate, and an edit would have dropped the other (JSON)
// or left both (YAML), and decoding changes a byte that is not UTF-8.
func TestPlan_DuplicatesAndNonUTF8AreSkippedNamingFileAndLine(t *testing.T) {
	tests := []struct {
		name, file, content, want string
		scope                     Scope
	}{
		{"json key twice", ".mcp.json", "{\"mcpServers\": {\"a\": {\"command\": \"x\"}},\n \"mcpServers\": {\"b\": {\"command\": \"y\"}}}", "line 2: mcpServers is defined twice (also line 1)", Project},
		{"json server twice", ".mcp.json", "{\"mcpServers\": {\n\"a\": {\"command\": \"x\"},\n\"a\": {\"command\": \"y\"}}}", `line 3: server "a" is defined twice in mcpServers (also line 2)`, Project},
		{"jsonc nested key twice", ".zed/settings.json", "{\n// zed\n\"context_servers\": {\"a\": {\"command\": \"x\"}, \"a\": {\"command\": \"y\"}}}", `line 3: server "a" is defined twice in context_servers (also line 3)`, Project},
		{"json not utf-8", ".cursor/mcp.json", "{\"mcpServers\": {\n\"a\": {\"command\": \"x\xff\"}}}", "line 2: not UTF-8 text", Project},
		{"yaml server twice", "home/.config/goose/config.yaml", "extensions:\n  a:\n    type: stdio\n    cmd: x\n  a:\n    type: stdio\n    cmd: y\n", `line 5: server "a" is defined twice in extensions (also line 2)`, User},
		{"yaml key twice", "home/.config/goose/config.yaml", "extensions:\n  a:\n    cmd: x\nextensions:\n  b:\n    cmd: y\n", "line 4: extensions is defined twice (also line 1)", User},
		{"yaml list name twice", ".continue/mcpServers/x.yaml", "name: x\nmcpServers:\n  - name: a\n    command: x\n  - name: a\n    command: y\n", `line 5: server "a" is defined twice in mcpServers (also line 3)`, Project},
		// UTF-16, as Windows PowerShell's > writes: JSON and TOML were
		// "invalid character '\xff'" and "control characters", and the
		// YAML file was read and written back as UTF-8.
		{"json utf-16le", ".cursor/mcp.json", utf16(`{"mcpServers": {"a": {"command": "x"}}}`, false, true), "the file is UTF-16 text, not UTF-8", Project},
		{"json utf-16le without bom", ".cursor/mcp.json", utf16(`{"mcpServers": {"a": {"command": "x"}}}`, false, false), "the file is UTF-16 text, not UTF-8", Project},
		{"toml utf-16be", ".codex/config.toml", utf16("[mcp_servers.a]\ncommand = \"x\"\n", true, true), "the file is UTF-16 text, not UTF-8", Project},
		{"yaml utf-16le", "home/.config/goose/config.yaml", utf16("extensions:\n  a:\n    type: stdio\n    cmd: x\n", false, true), "the file is UTF-16 text, not UTF-8", User},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			path := filepath.Join(w.proj, tt.file)
			if strings.HasPrefix(tt.file, "home/") {
				path = filepath.Join(w.home, strings.TrimPrefix(tt.file, "home/"))
			}
			w.write(path, tt.content, 0o644)
			p, err := MakePlan(w.opts(tt.scope))
			if err != nil {
				t.Fatal(err)
			}
			got := errors.Join(p.Problems...)
			if !p.Failed() || !strings.Contains(got.Error(), path+": "+tt.want) {
				t.Fatalf("problems = %v, want %q", got, path+": "+tt.want)
			}
			for _, c := range p.Changes {
				if c.Path == path {
					t.Errorf("the plan writes %s:\n%s", path, c.New)
				}
			}
		})
	}
}

// utf16 encodes ASCII s as UTF-16, big-endian or not, with a
// byte-order mark or not.
func utf16(s string, big, bom bool) string {
	var b []byte
	if bom {
		b = append(b, 0xFF, 0xFE)
		if big {
			b = []byte{0xFE, 0xFF}
		}
	}
	for _, c := range []byte(s) {
		if big {
			b = append(b, 0, c)
		} else {
			b = append(b, c, 0)
		}
	}
	return string(b)
}

// A file the user made read-only is not replaced (renaming over it
// would succeed): init and init --undo stop before writing any file,
// naming it and the chmod that allows it.
func TestApply_ReadOnlyFileChangesNoFile(t *testing.T) {
	w := newWorld(t)
	mcp := filepath.Join(w.proj, ".mcp.json")
	cursor := filepath.Join(w.proj, ".cursor", "mcp.json")
	w.write(mcp, `{"mcpServers": {"a": {"command": "x"}}}`, 0o644)
	w.write(cursor, `{"mcpServers": {"b": {"command": "y"}}}`, 0o444)
	o := w.opts(Project)
	p, err := MakePlan(o)
	if err != nil || p.Failed() {
		t.Fatal(err, p.Problems)
	}
	err = Apply(o, p)
	if err == nil || !strings.Contains(err.Error(), cursor+" is read-only (mode 0444): make it writable (chmod u+w "+cursor+") and run init again") {
		t.Fatalf("Apply = %v, want the read-only file named", err)
	}
	if got := w.read(mcp); got != `{"mcpServers": {"a": {"command": "x"}}}` {
		t.Errorf(".mcp.json was written: %s", got)
	}
	if _, err := os.Stat(o.ConfigPath()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s was created (%v)", o.ConfigPath(), err)
	}

	os.Chmod(cursor, 0o644)
	w.initOnce(o)
	os.Chmod(mcp, 0o444)
	inited := w.read(mcp)
	if _, err := Undo(o); err == nil || !strings.Contains(err.Error(), mcp+" is read-only") || !strings.Contains(err.Error(), "init --undo changed no file") {
		t.Fatalf("Undo = %v, want the read-only file named", err)
	}
	if w.read(mcp) != inited || !strings.Contains(w.read(o.ConfigPath()), `"a"`) {
		t.Errorf("undo changed files: %s / %s", w.read(mcp), w.read(o.ConfigPath()))
	}
	os.Chmod(mcp, 0o644)
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(mcp); got != `{"mcpServers": {"a": {"command": "x"}}}` {
		t.Errorf("after undo .mcp.json = %s", got)
	}
}

// With the manifest gone (deleted by hand) the backups next to it stay:
// a new init picks backup names that are free instead of overwriting
// the content another init saved before its first write.
func TestApply_KeepsBackupsWhoseManifestIsGone(t *testing.T) {
	w := newWorld(t)
	mcp := filepath.Join(w.proj, ".mcp.json")
	w.write(mcp, `{"mcpServers": {"a": {"command": "x"}}}`, 0o644)
	o := w.opts(Project)
	w.initOnce(o)
	dir := o.StateDir()
	saved, _ := os.ReadDir(dir)
	before := map[string]string{}
	for _, e := range saved {
		if e.Name() != "manifest.json" {
			before[e.Name()] = w.read(filepath.Join(dir, e.Name()))
		}
	}
	if len(before) == 0 {
		t.Fatal("init saved no backup")
	}
	os.Remove(filepath.Join(dir, "manifest.json"))
	w.write(mcp, `{"mcpServers": {"b": {"command": "y"}}}`, 0o644)
	w.initOnce(o)
	for name, content := range before {
		if got := w.read(filepath.Join(dir, name)); got != content {
			t.Errorf("backup %s was overwritten: %q, was %q", name, got, content)
		}
	}
}

// A backup manifest that does not parse is named, with where the
// content before init is kept, and nothing is changed.
func TestUndo_CorruptManifestIsNamedWithTheBackups(t *testing.T) {
	w := newWorld(t)
	mcp := filepath.Join(w.proj, ".mcp.json")
	w.write(mcp, `{"mcpServers": {"a": {"command": "x"}}}`, 0o644)
	o := w.opts(Project)
	w.initOnce(o)
	inited := w.read(mcp)
	manifest := filepath.Join(o.StateDir(), "manifest.json")
	w.write(manifest, "{garbage", 0o600)
	_, err := Undo(o)
	if err == nil || !strings.Contains(err.Error(), "reading backup manifest "+manifest) || !strings.Contains(err.Error(), "is in "+o.StateDir()+", NNN.orig") {
		t.Fatalf("Undo = %v", err)
	}
	if w.read(mcp) != inited {
		t.Errorf("undo changed %s", mcp)
	}
}

// Codex's mcp_servers written as one inline table cannot take the
// [mcp_servers.switchboard] table (TOML forbids it, though the decoder
// accepts it): the file is skipped, naming the line and the layout that
// works, instead of left holding the server it said it moved and no
// longer parsing for Codex.
func TestPlan_TOMLInlineServersTableIsSkippedNotBroken(t *testing.T) {
	w := newWorld(t)
	codex := filepath.Join(w.proj, ".codex", "config.toml")
	content := "model = \"o3\"\nmcp_servers = { a = { command = \"x\" } }\n"
	w.write(codex, content, 0o644)
	p, err := MakePlan(w.opts(Project))
	if err != nil {
		t.Fatal(err)
	}
	want := codex + ": line 2: mcp_servers is an inline table (mcp_servers = { ... }), which init cannot add to: write each server as a [mcp_servers.NAME] table"
	if got := errors.Join(p.Problems...); !p.Failed() || !strings.Contains(got.Error(), want) {
		t.Fatalf("problems = %v, want %q", got, want)
	}
	for _, c := range p.Changes {
		if c.Path == codex {
			t.Errorf("the plan writes %s:\n%s", codex, c.New)
		}
	}
	// Servers in [mcp_servers] as inline tables, one per key, are fine.
	w.write(codex, "[mcp_servers]\na = { command = \"x\" }\n", 0o644)
	w.initOnce(w.opts(Project))
	if got := w.read(codex); strings.Contains(got, "a = ") || !strings.Contains(got, "[mcp_servers.switchboard]") {
		t.Errorf("codex config after init:\n%s", got)
	}
}

// A YAML file with more than one document is skipped: init writes back
// the first only, and the others were lost.
func TestPlan_MultiDocumentYAMLIsSkipped(t *testing.T) {
	w := newWorld(t)
	goose := filepath.Join(w.home, ".config", "goose", "config.yaml")
	w.write(goose, "extensions:\n  a: {type: stdio, cmd: x, enabled: true}\n---\nother: doc\n", 0o644)
	p, err := MakePlan(w.opts(User))
	if err != nil {
		t.Fatal(err)
	}
	want := goose + ": line 4: a second YAML document (after ---)"
	if got := errors.Join(p.Problems...); !p.Failed() || !strings.Contains(got.Error(), want) {
		t.Fatalf("problems = %v, want %q", got, want)
	}
	for _, c := range p.Changes {
		if c.Path == goose {
			t.Errorf("the plan writes %s:\n%s", goose, c.New)
		}
	}
}

// A Codex config with Windows line ends gets the switchboard table with
// them too, and undo gives back the file as it was.
func TestApply_TOMLKeepsCRLFLineEnds(t *testing.T) {
	w := newWorld(t)
	codex := filepath.Join(w.proj, ".codex", "config.toml")
	orig := "model = \"o3\"\r\n\r\n[mcp_servers.a]\r\ncommand = \"x\"\r\n\r\n[other]\r\nk = 1\r\n"
	w.write(codex, orig, 0o644)
	o := w.opts(Project)
	w.initOnce(o)
	got := w.read(codex)
	if strings.Count(got, "\n") != strings.Count(got, "\r\n") || !strings.Contains(got, "[mcp_servers.switchboard]\r\n") || strings.Contains(got, "\r\n\r\n\r\n") {
		t.Errorf("after init: %q", got)
	}
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(codex); strings.Count(got, "\n") != strings.Count(got, "\r\n") || !strings.Contains(got, "[mcp_servers.a]\r\ncommand = \"x\"\r\n") {
		t.Errorf("after undo: %q", got)
	}
}

// An agent file that is a symbolic link to a file that does not exist
// is not replaced by a regular file (which undo would then delete,
// losing the link): init stops before any write, naming both.
func TestApply_DanglingSymlinkIsNotReplaced(t *testing.T) {
	w := newWorld(t)
	mcp := filepath.Join(w.proj, ".mcp.json")
	target := filepath.Join(w.proj, "shared", "mcp.json")
	os.MkdirAll(w.proj, 0o755)
	if err := os.Symlink(target, mcp); err != nil {
		t.Fatal(err)
	}
	o := w.opts(Project)
	o.Agents = []string{"claude-code"}
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	err = Apply(o, p)
	if err == nil || !strings.Contains(err.Error(), mcp+" is a symbolic link to "+target+", which does not exist") {
		t.Fatalf("Apply = %v", err)
	}
	if fi, err := os.Lstat(mcp); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("%s is no longer the link: %v %v", mcp, fi.Mode(), err)
	}
	if _, err := os.Stat(o.ConfigPath()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("%s was created (%v)", o.ConfigPath(), err)
	}
}

// A server of the user's that happens to be named "switchboard" but runs
// another program is imported like any other, not overwritten by the
// entry init adds; undo puts it back.
func TestPlan_ForeignServerNamedSwitchboardIsImported(t *testing.T) {
	w := newWorld(t)
	mcp := filepath.Join(w.proj, ".mcp.json")
	orig := `{"mcpServers": {"switchboard": {"command": "/opt/other/switchboard-mcp", "args": ["--foo"]}}}`
	w.write(mcp, orig, 0o644)
	o := w.opts(Project)
	p := w.initOnce(o)
	if len(p.Imported) != 1 || p.Imported[0].Name != "switchboard" || p.Imported[0].Server.Command != "/opt/other/switchboard-mcp" {
		t.Fatalf("imported %+v, want the user's switchboard server", p.Imported)
	}
	if got := w.read(o.ConfigPath()); !strings.Contains(got, "/opt/other/switchboard-mcp") {
		t.Errorf("%s: %s", o.ConfigPath(), got)
	}
	if got := w.read(mcp); !strings.Contains(got, `"serve"`) || strings.Contains(got, "switchboard-mcp") {
		t.Errorf(".mcp.json: %s", got)
	}
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.decodeFile(mcp); canon(got) != canon(map[string]any{"mcpServers": map[string]any{"switchboard": map[string]any{"command": "/opt/other/switchboard-mcp", "args": []any{"--foo"}}}}) {
		t.Errorf("after undo: %s", w.read(mcp))
	}
}

// A server with an empty name, which Switchboard's config cannot hold,
// stays in the agent file (reported) instead of making the project
// config fail to load and leaving the agent with no server at all; and
// a Switchboard config that would not load after init is not written.
// Round sixty-six: a name holding a zero-width space passed init's own
// test (controls and bidirectional ones) and was moved into a config
// that, since that round, leaves the entry out: init uses the config's
// test now, and it stays in the agent file too.
func TestPlan_NeverWritesASwitchboardConfigThatDoesNotLoad(t *testing.T) {
	w := newWorld(t)
	mcp := filepath.Join(w.proj, ".mcp.json")
	w.write(mcp, `{"mcpServers": {"": {"command": "e"}, " ": {"command": "s"}, "ok": {"command": "o"}, "x\u001b[2J": {"command": "c"}, "\u202eevil": {"command": "b"}, "gi\u200bthub": {"command": "z"}}}`, 0o644)
	o := w.opts(Project)
	p := w.initOnce(o)
	if len(p.Imported) != 1 || p.Imported[0].Name != "ok" || len(p.Left) != 5 || !strings.Contains(p.Left[0].Reason, "its name is empty") || !strings.Contains(p.Left[3].Reason, "holds control, bidirectional or invisible characters") || p.Left[4].Name != "gi\u200bthub" {
		t.Fatalf("imported %+v, left %+v", p.Imported, p.Left)
	}
	if _, err := config.Parse(o.ConfigPath(), []byte(w.read(o.ConfigPath()))); err != nil {
		t.Errorf("the project config does not load: %v", err)
	}
	if got := w.decodeFile(mcp); len(sub(got, "mcpServers")) != 6 || sub(got, "mcpServers")[""] == nil {
		t.Errorf(".mcp.json: %s", w.read(mcp))
	}

	// A project config that does not load already (an unknown field)
	// gets nothing added: the plan fails naming it.
	w2 := newWorld(t)
	o2 := w2.opts(Project)
	w2.write(filepath.Join(w2.proj, ".mcp.json"), `{"mcpServers": {"a": {"command": "x"}}}`, 0o644)
	w2.write(o2.ConfigPath(), `{"mcpServers": {}, "colour": 1}`, 0o644)
	if _, err := MakePlan(o2); err == nil || !strings.Contains(err.Error(), o2.ConfigPath()+" would not load after init (nothing was written)") || !strings.Contains(err.Error(), "colour") {
		t.Errorf("MakePlan = %v", err)
	}
}

// A project's agent file that is, through a symbolic link of the file or
// of a directory above it, a file outside the project is skipped, naming
// where it leads: a repository's .mcp.json linked to ~/.claude.json (or
// .cursor linked to ~/.cursor) had init move the user's own servers,
// secrets and all, into the project's .switchboard.json and rewrite the
// user's file. A link that stays inside the project is still followed.
func TestPlan_ProjectAgentFileLinkedOutsideTheProjectIsSkipped(t *testing.T) {
	w := newWorld(t)
	claude := filepath.Join(w.home, ".claude.json")
	cursorDir := filepath.Join(w.home, ".cursor")
	user := `{"mcpServers": {"gh": {"command": "gh-mcp", "env": {"GITHUB_TOKEN": "ghp_0123456789abcdef0123456789abcdef0123"}}}}`
	w.write(claude, user, 0o600)
	w.write(filepath.Join(cursorDir, "mcp.json"), user, 0o600)
	w.write(filepath.Join(w.proj, "shared", "settings.json"), `{"mcpServers": {"mine": {"command": "mine-mcp"}}}`, 0o644)
	for link, target := range map[string]string{
		filepath.Join(w.proj, ".mcp.json"): claude,
		filepath.Join(w.proj, ".cursor"):   cursorDir,
		filepath.Join(w.proj, ".gemini"):   filepath.Join(w.proj, "shared"),
	} {
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
	}
	o := w.opts(Project)
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	got := errors.Join(p.Problems...)
	for link, real := range map[string]string{
		filepath.Join(w.proj, ".mcp.json"):           claude,
		filepath.Join(w.proj, ".cursor", "mcp.json"): filepath.Join(cursorDir, "mcp.json"),
	} {
		want := link + ": is, through a symbolic link, " + real + ", outside the project " + w.proj
		if got == nil || !strings.Contains(got.Error(), want) {
			t.Errorf("problems = %v\nwant %q", got, want)
		}
	}
	for _, c := range p.Changes {
		if strings.HasPrefix(c.Path, w.home) || strings.Contains(string(c.New), "gh-mcp") {
			t.Errorf("the plan writes %s:\n%s", c.Path, c.New)
		}
	}
	if len(p.Imported) != 1 || p.Imported[0].Name != "mine" {
		t.Errorf("imported %+v, want only the server of the project's linked .gemini/settings.json", p.Imported)
	}
}

// A server Switchboard's config would disable (an env name holding "=",
// a url that is not http or https) stays in its agent file, with the
// reason: init moved it, and it never started, gone from the agent file
// where it was.
func TestPlan_ServerOurConfigWouldDisableStaysInItsFile(t *testing.T) {
	w := newWorld(t)
	codex := filepath.Join(w.proj, ".codex", "config.toml")
	w.write(codex, "[mcp_servers.x]\ncommand = \"x\"\n[mcp_servers.y]\ncommand = \"y\"\nenv = { \"A=B\" = \"c\" }\n[mcp_servers.z]\nurl = \"ftp://u:hunter2@h/x\"\n"+
		// A key=value written as the name: the value was printed whole.
		"[mcp_servers.t]\ncommand = \"t\"\nenv = { \"GITHUB_TOKEN=ghp_0123456789abcdefghijABCD\" = \"1\" }\n", 0o644)
	p, err := MakePlan(w.opts(Project))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Imported) != 1 || p.Imported[0].Name != "x" {
		t.Errorf("imported %+v, want only x", p.Imported)
	}
	want := map[string]string{
		"y": `Switchboard's config would disable it: y.env."A=B": is no environment variable name: a name cannot hold "=" or a NUL byte; fix it here and run init again`,
		"z": `Switchboard's config would disable it: z.url: must be an http:// or https:// URL with a host, not "ftp://u:***@h/x"; fix it here and run init again`,
		"t": `Switchboard's config would disable it: t.env."GITHUB_TOKEN=***": is no environment variable name: a name cannot hold "=" or a NUL byte; fix it here and run init again`,
	}
	for _, l := range p.Left {
		if l.File == codex && l.Reason == want[l.Name] {
			delete(want, l.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("left %+v, lacks %v", p.Left, want)
	}
}

// A project whose directory name is near the 255 bytes a file system
// allows is set up and undone: its backups directory holds 64 bytes of
// the name (a name of up to 230 bytes is kept whole, as before). "project-" and the name's 240 bytes passed the limit, and
// init failed with "file name too long".
func TestApply_LongProjectDirectoryName(t *testing.T) {
	w := newWorld(t)
	w.proj = filepath.Join(filepath.Dir(w.proj), strings.Repeat("p", 240))
	mcp := filepath.Join(w.proj, ".mcp.json")
	w.write(mcp, `{"mcpServers": {"a": {"command": "x"}}}`, 0o644)
	o := w.opts(Project)
	w.initOnce(o)
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(mcp); got != `{"mcpServers": {"a": {"command": "x"}}}` {
		t.Errorf(".mcp.json after undo: %s", got)
	}
}

// A YAML server holding an anchor that another entry uses stays where it
// is, with the reason; one whose anchor only it uses moves. Taking it out
// left "<<: *b" naming an anchor no longer there: Goose could not read
// its config.
func TestPlan_YAMLServerWhoseAnchorIsUsedStays(t *testing.T) {
	w := newWorld(t)
	goose := filepath.Join(w.home, ".config", "goose", "config.yaml")
	w.write(goose, `GOOSE_PROVIDER: openai
extensions:
  base: &b
    type: stdio
    cmd: base-mcp
    enabled: true
    timeout: 300
  developer:
    <<: *b
    type: builtin
    name: developer
  own: &o
    type: stdio
    cmd: own-mcp
    args: &args [x]
    more: *args
`, 0o600)
	o := w.opts(User)
	p := w.initOnce(o)
	if len(p.Imported) != 1 || p.Imported[0].Name != "own" {
		t.Errorf("imported %+v, want only own", p.Imported)
	}
	want := "it holds the YAML anchor &b (line 3) that line 9 uses; moving it would leave that alias undefined"
	if len(p.Left) != 1 || p.Left[0].Name != "base" || !strings.Contains(p.Left[0].Reason, want) {
		t.Errorf("left %+v, want base: %s", p.Left, want)
	}
	var v any
	if err := yaml.Unmarshal([]byte(w.read(goose)), &v); err != nil {
		t.Errorf("%s no longer loads: %v\n%s", goose, err, w.read(goose))
	}
}

// An agent file with more than maxServers servers is skipped, named,
// and left as it is: each edit reads the whole file again, and a
// repository's .mcp.json with 20,000 servers held init for over ten
// minutes.
func TestPlan_TooManyServersIsSkipped(t *testing.T) {
	w := newWorld(t)
	var b strings.Builder
	b.WriteString(`{"mcpServers": {`)
	for i := range maxServers + 1 {
		if i > 0 {
			b.WriteString(",\n")
		}
		fmt.Fprintf(&b, `"s%d": {"command": "x"}`, i)
	}
	b.WriteString("}}")
	mcp := filepath.Join(w.proj, ".mcp.json")
	w.write(mcp, b.String(), 0o644)
	p, err := MakePlan(w.opts(Project))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%s: holds %d servers, more than the %d init moves", mcp, maxServers+1, maxServers)
	if got := errors.Join(p.Problems...); got == nil || !strings.Contains(got.Error(), want) || len(p.Imported) != 0 {
		t.Errorf("problems %v, imported %d; want %q", got, len(p.Imported), want)
	}
}

// An agent's server with both a command and a url was imported as one of
// them (the url of a typed entry, else the command), the other dropped
// without a word. It stays in its agent file now, with the reason, in
// every format that can hold both; the others move as before.
func TestPlan_ServerWithCommandAndURLStaysInItsFile(t *testing.T) {
	w := newWorld(t)
	codex := filepath.Join(w.proj, ".codex", "config.toml")
	w.write(codex, "[mcp_servers.x]\ncommand = \"x\"\n[mcp_servers.both]\ncommand = \"y\"\nurl = \"https://example.com/mcp\"\n", 0o644)
	claude := filepath.Join(w.proj, ".mcp.json")
	w.write(claude, `{"mcpServers": {"typed": {"type": "http", "command": "z", "url": "https://example.com/mcp"}, "r": {"url": "https://example.com/r"}}}`, 0o644)
	p, err := MakePlan(w.opts(Project))
	if err != nil {
		t.Fatal(err)
	}
	if p.Failed() {
		t.Fatalf("problems: %v", p.Problems)
	}
	var imported []string
	for _, i := range p.Imported {
		imported = append(imported, i.Name)
	}
	if slices.Sort(imported); strings.Join(imported, ",") != "r,x" {
		t.Errorf("imported %v, want x and r", imported)
	}
	want := map[string]string{"both": codex, "typed": claude}
	for _, l := range p.Left {
		if want[l.Name] == l.File && strings.Contains(l.Reason, "both a command and a url") && strings.Contains(l.Reason, "run init again") {
			delete(want, l.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("left %+v, lacks %v", p.Left, want)
	}
	for _, c := range p.Changes {
		if (c.Path == codex || c.Path == claude) && !strings.Contains(string(c.New), "https://example.com/mcp") {
			t.Errorf("%s lost the server:\n%s", c.Path, c.New)
		}
	}
}

// A Codex TOML file and a Goose YAML file that start with a byte-order
// mark are edited, the mark kept, and undo gives them back: Codex's was
// skipped ("bad key near offset 0", reported twice: the file is read
// as a source and as the target), and Goose's lost its mark.
func TestApply_ByteOrderMarkInTOMLAndYAMLIsKept(t *testing.T) {
	w := newWorld(t)
	codex := filepath.Join(w.proj, ".codex", "config.toml")
	orig := "\ufeff[mcp_servers.a]\ncommand = \"x\"\n"
	w.write(codex, orig, 0o644)
	o := w.opts(Project)
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	if p.Failed() {
		t.Fatalf("problems: %v", errors.Join(p.Problems...))
	}
	w.initOnce(o)
	if got := w.read(codex); !strings.HasPrefix(got, "\ufeff") || strings.Contains(got, "[mcp_servers.a]") || !strings.Contains(got, "[mcp_servers.switchboard]") {
		t.Errorf("codex after init: %q", got)
	}
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(codex); got != orig {
		t.Errorf("codex after undo: %q, want %q", got, orig)
	}

	goose := filepath.Join(w.home, ".config", "goose", "config.yaml")
	w.write(goose, "\ufeffextensions:\n  a: {type: stdio, cmd: x, enabled: true}\n", 0o644)
	u := w.opts(User)
	w.initOnce(u)
	if got := w.read(goose); !strings.HasPrefix(got, "\ufeff") || !strings.Contains(got, "switchboard") {
		t.Errorf("goose after init: %q", got)
	}
}

// A file that cannot be edited is one problem however many edits of it
// failed: Codex's .codex/config.toml, a source and the target, was named
// twice (once by the removal, once by the entry) and counted as two
// files ("2 agent file(s) could not be read").
func TestPlan_AFileIsOneProblem(t *testing.T) {
	pl := &planner{plan: &Plan{}}
	pl.problem("/p/.codex/config.toml", errors.New("bad key near offset 0"))
	pl.problem("/p/.codex/config.toml", errors.New("bad key near offset 0"))
	pl.problem("/p/.mcp.json", errors.New("line 1: unexpected EOF"))
	if len(pl.plan.Problems) != 2 {
		t.Errorf("%d problems, want 2: %v", len(pl.plan.Problems), errors.Join(pl.plan.Problems...))
	}
}

// A plan that would move more than maxServers servers in all is refused,
// naming the count and the files: each is set into Switchboard's config,
// which reads the whole file again, and a repository's 4,000 Continue
// files of one server each (each under the bound of one file) held init
// for 40 s, 20,000 for minutes.
func TestPlan_TooManyServersInAllIsRefused(t *testing.T) {
	w := newWorld(t)
	servers := func(from, n int) string {
		var b strings.Builder
		b.WriteString(`{"mcpServers": {`)
		for i := from; i < from+n; i++ {
			if i > from {
				b.WriteString(",\n")
			}
			fmt.Fprintf(&b, `"s%d": {"command": "x"}`, i)
		}
		b.WriteString("}}")
		return b.String()
	}
	mcp, cursor := filepath.Join(w.proj, ".mcp.json"), filepath.Join(w.proj, ".cursor", "mcp.json")
	w.write(mcp, servers(0, 600), 0o644)
	w.write(cursor, servers(600, maxServers-599), 0o644)
	_, err := MakePlan(w.opts(Project))
	want := fmt.Sprintf("init would move %d servers (from %s, %s), more than the %d it moves at once", maxServers+1, mcp, cursor, maxServers)
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("err = %v, want %q", err, want)
	}
}

// More than maxServers Continue files in a project are a problem naming
// the pattern, and none is read: each was read and kept while init
// planned, 20,000 of them before the plan's bound refused them.
func TestPlan_TooManyFilesOfAGlobAreSkipped(t *testing.T) {
	w := newWorld(t)
	dir := filepath.Join(w.proj, ".continue", "mcpServers")
	for i := range maxServers + 1 {
		w.write(filepath.Join(dir, fmt.Sprintf("m%04d.yaml", i)), fmt.Sprintf("name: m%d\nversion: 0.0.1\nschema: v1\nmcpServers:\n  - name: s%d\n    command: echo\n", i, i), 0o644)
	}
	p, err := MakePlan(w.opts(Project))
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("%s: %d files match, more than the %d init reads", filepath.Join(dir, "*.yaml"), maxServers+1, maxServers)
	if got := errors.Join(p.Problems...); got == nil || !strings.Contains(got.Error(), want) || len(p.Imported) != 0 || len(p.Changes) != 0 {
		t.Errorf("problems %v, imported %d, changes %d; want %q and nothing else", got, len(p.Imported), len(p.Changes), want)
	}
}

// The user config init creates holds the servers of ~/.claude.json
// (mode 0600), literal secrets and all: it is created 0600, as add
// creates it, not 0644, also when only Claude Code's local-scope servers
// of a project go there. A project's .switchboard.json stays 0644.
func TestApply_CreatesTheUserConfigPrivate(t *testing.T) {
	const secret = "ghp_0123456789abcdefghijABCDEFGHIJ"
	w := newWorld(t)
	w.env["XDG_CONFIG_HOME"] = filepath.Join(w.home, ".config")
	w.write(filepath.Join(w.home, ".claude.json"), `{"projects": {"`+w.proj+`": {"mcpServers": {"loc": {"command": "l", "env": {"T": "`+secret+`"}}}}}, "mcpServers": {"gh": {"command": "npx", "env": {"GITHUB_TOKEN": "`+secret+`"}}}}`, 0o600)
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {"shared": {"command": "s"}}}`, 0o644)
	o := w.opts(Project)
	w.initOnce(o)
	for path, want := range map[string]os.FileMode{o.ConfigPath(): 0o644, o.UserConfigPath(): 0o600} {
		if st, err := os.Stat(path); err != nil || st.Mode().Perm() != want {
			t.Errorf("project scope: %s: %v, want mode %04o", path, st.Mode(), want)
		}
	}
	if err := os.Remove(o.UserConfigPath()); err != nil {
		t.Fatal(err)
	}
	o = w.opts(User)
	w.initOnce(o)
	if st, err := os.Stat(o.ConfigPath()); err != nil || st.Mode().Perm() != 0o600 {
		t.Errorf("user scope: %s: %v, want mode 0600", o.ConfigPath(), st.Mode())
	}
}

// Another scope's record that init created a file is found when the
// state directory's name holds a glob character: filepath.Glob read
// "st[1]" as a pattern and found no manifest.
func TestCreatedByInit_StateDirectoryNamedLikeAPattern(t *testing.T) {
	backups := filepath.Join(t.TempDir(), "st[1]", "backups")
	created := filepath.Join(t.TempDir(), ".cursor", "mcp.json")
	if err := os.MkdirAll(filepath.Join(backups, "user"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := saveManifest(filepath.Join(backups, "user"), &manifest{Version: manifestVersion, Scope: "user", Files: []manifestFile{{Path: created}}}); err != nil {
		t.Fatal(err)
	}
	if !createdByInit(filepath.Join(backups, "project"), created) {
		t.Error("the user scope's manifest, which created the file, was not read")
	}
}

// A Switchboard config given as one of the agents' files is refused
// before anything is read or written: the plan held two versions of the
// file, the agent's was written last, and the servers init moved into
// the config were gone from every file.
func TestPlan_ConfigThatIsAnAgentFileIsRefused(t *testing.T) {
	w := newWorld(t)
	claude := filepath.Join(w.home, ".claude.json")
	cursor := filepath.Join(w.home, ".cursor", "mcp.json")
	w.write(claude, `{"mcpServers": {"gh": {"command": "npx"}}}`, 0o600)
	w.write(cursor, `{"mcpServers": {"cur": {"command": "c"}}}`, 0o644)
	if err := os.Symlink(filepath.Join(w.home, ".cursor"), filepath.Join(w.home, "link")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		scope  Scope
		config string
		agent  string
	}{
		{User, cursor, "Cursor"},
		{User, filepath.Join(w.home, ".cursor", "..", ".claude.json"), "Claude Code"},
		{User, filepath.Join(w.home, "link", "mcp.json"), "Cursor"},
		{User, filepath.Join(w.home, ".codex", "config.toml"), "Codex CLI"},
		{Project, filepath.Join(w.proj, ".mcp.json"), "Claude Code"},
		{Project, filepath.Join(w.proj, ".continue", "mcpServers", "mine.yaml"), "Continue"},
	} {
		o := w.opts(c.scope)
		o.Config = c.config
		_, err := MakePlan(o)
		if want := c.config + " is " + c.agent + "'s config file"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("--config %s: %v, want %q", c.config, err, want)
		}
	}
	if w.read(claude) != `{"mcpServers": {"gh": {"command": "npx"}}}` || w.read(cursor) != `{"mcpServers": {"cur": {"command": "c"}}}` {
		t.Error("an agent file changed")
	}
}

// Two agents' files that are one file through a symbolic link (a
// project's .cursor/mcp.json linked to its .mcp.json) are planned once,
// with a note: both were planned and written, the second write found
// the file changed by the first, and init planned again and reported
// "already set up: nothing to change" for what it had just moved.
func TestPlan_AgentFilesLinkedToOneFileArePlannedOnce(t *testing.T) {
	w := newWorld(t)
	mcp := filepath.Join(w.proj, ".mcp.json")
	w.write(mcp, `{"mcpServers": {"a": {"command": "x"}}}`, 0o644)
	if err := os.MkdirAll(filepath.Join(w.proj, ".cursor"), 0o755); err != nil {
		t.Fatal(err)
	}
	cursor := filepath.Join(w.proj, ".cursor", "mcp.json")
	if err := os.Symlink(filepath.Join("..", ".mcp.json"), cursor); err != nil {
		t.Fatal(err)
	}
	o := w.opts(Project)
	p, err := MakePlan(o)
	if err != nil || p.Failed() {
		t.Fatal(err, p.Problems)
	}
	var paths []string
	for _, c := range p.Changes {
		paths = append(paths, c.Path)
	}
	if !slices.Equal(paths, []string{o.ConfigPath(), mcp}) {
		t.Errorf("changes %q, want the config and %s once", paths, mcp)
	}
	if want := cursor + " is " + mcp + " through a symbolic link"; !slices.ContainsFunc(p.Notes, func(n string) bool { return strings.HasPrefix(n, want) }) {
		t.Errorf("notes %q, want %q", p.Notes, want)
	}
	if err := Apply(o, p); err != nil {
		t.Fatal(err)
	}
	if p2, err := MakePlan(o); err != nil || len(p2.Changes) != 0 {
		t.Errorf("second plan: %v, changes %d", err, len(p2.Changes))
	}
}

// An agent's restriction of a server's tools moves with it, as
// Switchboard's tools policy: it was dropped, and the tools the user had
// turned off (Gemini's excludeTools: [delete_file]) were offered again.
func TestRead_KeepsTheAgentsToolRestrictions(t *testing.T) {
	for _, c := range []struct {
		name string
		read func(map[string]any) (Server, error)
		m    map[string]any
		want *ToolFilter
	}{
		{"gemini", readGeneric(typeSSE), map[string]any{"command": "x", "includeTools": []any{"get_issue", "we*rd"}, "excludeTools": []any{"delete_file"}},
			&ToolFilter{Allow: []string{"get_issue", `we\*rd`}, Deny: []string{"delete_file"}}},
		{"gemini empty include", readGeneric(typeSSE), map[string]any{"command": "x", "includeTools": []any{}}, &ToolFilter{Deny: []string{"*"}}},
		{"kiro", readGeneric(typeHTTP), map[string]any{"command": "x", "disabledTools": []any{"rm"}}, &ToolFilter{Deny: []string{"rm"}}},
		{"codex", readCodex, map[string]any{"command": "x", "enabled_tools": []any{"a"}, "disabled_tools": []any{"b"}}, &ToolFilter{Allow: []string{"a"}, Deny: []string{"b"}}},
		{"goose", readGoose, map[string]any{"type": "stdio", "cmd": "x", "available_tools": []any{"a"}}, &ToolFilter{Allow: []string{"a"}}},
		{"goose empty", readGoose, map[string]any{"type": "stdio", "cmd": "x", "available_tools": []any{}}, nil},
		{"none", readGeneric(typeHTTP), map[string]any{"command": "x"}, nil},
	} {
		s, err := c.read(c.m)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if !reflect.DeepEqual(s.Tools, c.want) {
			t.Errorf("%s: tools %+v, want %+v", c.name, s.Tools, c.want)
		}
	}
	if _, err := readGeneric(typeHTTP)(map[string]any{"command": "x", "excludeTools": "rm"}); err == nil {
		t.Error("excludeTools that is no list was read")
	}
	p := trust.Policy{Allow: []string{toolGlob.Replace(`we*r[d]?\`)}}
	if ok, _ := p.Permits(`we*r[d]?\`, nil); !ok {
		t.Error("the glob of a tool name does not match it")
	}
	if ok, _ := p.Permits(`weXr[d]?\`, nil); ok {
		t.Error("the glob of a tool name matches another")
	}

	w := newWorld(t)
	w.write(filepath.Join(w.home, ".gemini", "settings.json"), `{"mcpServers": {"fs": {"command": "npx", "excludeTools": ["delete_file"]}}}`, 0o644)
	w.env["XDG_CONFIG_HOME"] = filepath.Join(w.home, ".config")
	o := w.opts(User)
	w.initOnce(o)
	cfg, err := config.Load(o.ConfigPath())
	if err != nil {
		t.Fatal(err)
	}
	if got := cfg.Servers["fs"].Tools.Deny; !slices.Equal(got, []string{"delete_file"}) {
		t.Errorf("config tools.deny %q", got)
	}
}

// A user config that was there, readable by others, keeps its mode (it
// is the user's file); init says so when it moves literal secrets into
// it, and is silent when the file is private or gets none.
func TestPlan_SaysWhenSecretsGoIntoAUserConfigOthersCanRead(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no Unix modes")
	}
	for _, c := range []struct {
		mode  os.FileMode
		env   string
		noted bool
	}{{0o644, `"GITHUB_TOKEN": "ghp_0123456789abcdefghijABCDEFGHIJ"`, true}, {0o600, `"GITHUB_TOKEN": "ghp_0123456789abcdefghijABCDEFGHIJ"`, false}, {0o644, `"DEBUG": "1"`, false}} {
		w := newWorld(t)
		w.env["XDG_CONFIG_HOME"] = filepath.Join(w.home, ".config")
		w.write(filepath.Join(w.home, ".claude.json"), `{"mcpServers": {"gh": {"command": "npx", "env": {`+c.env+`}}}}`, 0o600)
		o := w.opts(User)
		w.write(o.ConfigPath(), "{}\n", c.mode)
		p, err := MakePlan(o)
		if err != nil || p.Failed() {
			t.Fatal(err, p.Problems)
		}
		want := fmt.Sprintf("%s is readable by others (mode 0644) and now holds the literal secrets of \"gh\": make it private with chmod 600 %s", o.ConfigPath(), o.ConfigPath())
		if got := slices.Contains(p.Notes, want); got != c.noted {
			t.Errorf("mode %04o, env %s: notes %q", c.mode, c.env, p.Notes)
		}
	}
}

// A server whose name another agent's file already gave to a different
// server stays in its file: it was taken out with a note ("kept the one
// in …") and was in no file but the backups. A user's own
// "switchboard" server that clashes so leaves its whole file as it is
// (left, it would be overwritten by the entry init adds).
func TestPlan_ServerNamedLikeAnotherAgentsStaysInItsFile(t *testing.T) {
	w := newWorld(t)
	w.env["XDG_CONFIG_HOME"] = filepath.Join(w.home, ".config")
	codex := filepath.Join(w.home, ".codex", "config.toml")
	gemini := filepath.Join(w.home, ".gemini", "settings.json")
	goose := filepath.Join(w.home, ".config", "goose", "config.yaml")
	codexOrig := "[mcp_servers.gh]\ncommand = \"npx\"\nargs = [\"gh-mcp\"]\n\n[mcp_servers.switchboard]\ncommand = \"/usr/bin/other\"\n"
	geminiOrig := "{\n  // mine\n  \"mcpServers\": {\n    \"gh\": {\"command\": \"docker\", \"args\": [\"run\", \"gh\"]},\n    \"fs\": {\"command\": \"fs\"}\n  }\n}\n"
	gooseOrig := "extensions:\n  fs2:\n    type: stdio\n    cmd: fs2\n    enabled: true\n  switchboard:\n    type: stdio\n    cmd: /opt/sb\n    enabled: true\n"
	w.write(codex, codexOrig, 0o600)
	w.write(gemini, geminiOrig, 0o600)
	w.write(goose, gooseOrig, 0o600)
	o := w.opts(User)
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	if probs := errors.Join(p.Problems...); probs == nil || !strings.Contains(probs.Error(), goose+`: server "switchboard": a server of this name in `+codex+" runs something else") {
		t.Fatalf("problems = %v, want goose's switchboard named", probs)
	}
	if !slices.ContainsFunc(p.Left, func(l Left) bool {
		return l.Name == "gh" && l.File == gemini && strings.Contains(l.Reason, "a server of this name in "+codex+" runs something else")
	}) {
		t.Errorf("left %+v, want gemini's gh", p.Left)
	}
	for _, c := range p.Changes {
		if c.Path == goose {
			t.Errorf("the plan writes %s:\n%s", goose, c.New)
		}
	}
	if err := Apply(o, p); err != nil {
		t.Fatal(err)
	}
	if got := w.read(goose); got != gooseOrig {
		t.Errorf("goose config changed:\n%s", got)
	}
	g := sub(w.decodeFile(gemini), "mcpServers")
	if gh, _ := g["gh"].(map[string]any); gh == nil || gh["command"] != "docker" || g["switchboard"] == nil || g["fs"] != nil {
		t.Errorf("gemini servers = %v, want its gh kept, fs moved, switchboard added", g)
	}
	cfg := sub(w.decodeFile(o.ConfigPath()), "mcpServers")
	if gh, _ := cfg["gh"].(map[string]any); gh == nil || gh["command"] != "npx" || cfg["fs2"] != nil {
		t.Errorf("Switchboard's config = %v, want codex's gh and nothing of goose", cfg)
	}
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if got := w.read(codex); canon(decodeTOMLForTest(t, got)) != canon(decodeTOMLForTest(t, codexOrig)) {
		t.Errorf("codex after undo:\n%s", got)
	}
	if got := w.decodeFile(gemini); canon(got) != canon(map[string]any{"mcpServers": map[string]any{"gh": map[string]any{"command": "docker", "args": []any{"run", "gh"}}, "fs": map[string]any{"command": "fs"}}}) {
		t.Errorf("gemini after undo:\n%s", w.read(gemini))
	}
}

func decodeTOMLForTest(t *testing.T, s string) map[string]any {
	t.Helper()
	m, _, err := decodeTOML([]byte(s))
	if err != nil {
		t.Fatalf("%v\n%s", err, s)
	}
	return m
}

// A server Switchboard's config already holds under the agent's name,
// with other content, stays in the agent file: the config's was kept
// ("kept ours") and the agent's was taken out, in no file but the
// backups until --undo.
func TestPlan_ServerTheConfigHoldsOtherwiseStaysInTheAgentFile(t *testing.T) {
	w := newWorld(t)
	w.env["XDG_CONFIG_HOME"] = filepath.Join(w.home, ".config")
	o := w.opts(User)
	claude := filepath.Join(w.home, ".claude.json")
	w.write(o.ConfigPath(), `{"mcpServers": {"gh": {"command": "ours"}}}`, 0o600)
	w.write(claude, `{"mcpServers": {"gh": {"command": "theirs"}, "fs": {"command": "fs"}}}`, 0o600)
	p := w.initOnce(o)
	if len(p.Left) != 1 || p.Left[0].Name != "gh" || p.Left[0].File != claude || !strings.Contains(p.Left[0].Reason, "a server of this name in "+o.ConfigPath()+" runs something else") {
		t.Errorf("left %+v, want gh in %s", p.Left, claude)
	}
	got := sub(w.decodeFile(claude), "mcpServers")
	if gh, _ := got["gh"].(map[string]any); gh == nil || gh["command"] != "theirs" || got["fs"] != nil || got["switchboard"] == nil {
		t.Errorf("%s servers = %v, want gh kept, fs moved, switchboard added", claude, got)
	}
	cfg := sub(w.decodeFile(o.ConfigPath()), "mcpServers")
	if gh, _ := cfg["gh"].(map[string]any); gh == nil || gh["command"] != "ours" || cfg["fs"] == nil {
		t.Errorf("config servers = %v", cfg)
	}
}

// With --config naming the user config in a project, a Claude Code
// local server is checked against the user config's
// projects.<root>.mcpServers, not its mcpServers: one config file, two
// places servers go.
func TestPlan_ConfigClashIsCheckedWhereTheServerGoes(t *testing.T) {
	w := newWorld(t)
	w.env["XDG_CONFIG_HOME"] = filepath.Join(w.home, ".config")
	o := w.opts(Project)
	o.Config = o.UserConfigPath()
	claude := filepath.Join(w.home, ".claude.json")
	w.write(o.Config, `{"mcpServers": {"a": {"command": "a"}}, "projects": {"`+w.proj+`": {"mcpServers": {"loc": {"command": "ours"}}}}}`, 0o600)
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {"shared": {"command": "s"}}}`, 0o644)
	w.write(claude, `{"projects": {"`+w.proj+`": {"mcpServers": {"loc": {"command": "theirs"}}}}}`, 0o600)
	p, err := MakePlan(o)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(p.Left, func(l Left) bool { return l.Name == "loc" && l.File == claude }) {
		t.Errorf("left %+v, want loc in %s", p.Left, claude)
	}
}

// TestDotted_AKeyThatIsNotPlainIsQuoted: undo said `put mcpServers.a.b
// back into …` for a server named "a.b" (two keys, as it read) and `put
// mcpServers.gh; rm -rf ~ back` for one named "gh; rm -rf ~", where init
// had quoted the names; and undo's maps, keyed by the dotted path, took
// ["mcpServers","a.b"] and ["mcpServers","a","b"] for one entry.
func TestDotted_AKeyThatIsNotPlainIsQuoted(t *testing.T) {
	for _, c := range []struct {
		path []string
		want string
	}{
		{[]string{"mcpServers", "fs"}, "mcpServers.fs"},
		{[]string{"mcp", "servers", "my-server_2"}, "mcp.servers.my-server_2"},
		{[]string{"mcpServers", "a.b"}, `mcpServers."a.b"`},
		{[]string{"mcpServers", "gh; rm -rf ~"}, `mcpServers."gh; rm -rf ~"`},
		{[]string{"projects", "/home/u/p", "mcpServers", "日本語 サーバー"}, `projects."/home/u/p".mcpServers."日本語 サーバー"`},
		{[]string{"mcpServers", "red\x1b[31m"}, `mcpServers."red\x1b[31m"`},
		{[]string{"mcpServers", ""}, `mcpServers.""`},
		{nil, "the top level"},
	} {
		if got := dotted(c.path); got != c.want {
			t.Errorf("dotted(%q) = %s, want %s", c.path, got, c.want)
		}
	}
	if dotted([]string{"mcpServers", "a.b"}) == dotted([]string{"mcpServers", "a", "b"}) {
		t.Error("two paths read as one")
	}
}
