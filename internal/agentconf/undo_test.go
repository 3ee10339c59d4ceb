package agentconf

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// decodeFile reads a JSON(C) file into plain values.
func (w *world) decodeFile(path string) map[string]any {
	w.t.Helper()
	data := []byte(w.read(path))
	root, err := parseJSONC(data)
	if err != nil {
		w.t.Fatalf("%s: %v\n%s", path, err, data)
	}
	m, _ := root.decode(data).(map[string]any)
	return m
}

func sub(m map[string]any, keys ...string) map[string]any {
	for _, k := range keys {
		m, _ = m[k].(map[string]any)
	}
	return m
}

func TestUndo_KeepsWhatTheAgentWroteSinceInit(t *testing.T) {
	w := newWorld(t)
	claude := filepath.Join(w.home, ".claude.json")
	w.write(claude, `{"numStartups": 3, "mcpServers": {"a": {"command": "a", "env": {"N": "1"}}, "b": {"type": "http", "url": "https://b.example/mcp"}}, "projects": {}}`, 0o600)
	o := w.opts(User)
	w.initOnce(o)

	// Claude Code rewrites the whole file: its own format, new keys, a
	// new project, a new server, a changed counter.
	cur := w.decodeFile(claude)
	cur["numStartups"] = 4
	cur["tipsHistory"] = map[string]any{"x": 1}
	cur["projects"] = map[string]any{"/new/project": map[string]any{"allowedTools": []any{}}}
	sub(cur, "mcpServers")["c"] = map[string]any{"command": "c"}
	b, _ := json.MarshalIndent(cur, "", "  ")
	w.write(claude, string(b), 0o600)

	res, err := Undo(o)
	if err != nil {
		t.Fatal(err)
	}
	got := w.decodeFile(claude)
	if got["numStartups"] != json.Number("4") || got["tipsHistory"] == nil || sub(got, "projects", "/new/project") == nil {
		t.Errorf("undo lost the agent's writes: %v", got)
	}
	s := sub(got, "mcpServers")
	if s["switchboard"] != nil || s["c"] == nil || s["a"] == nil || s["b"] == nil || len(s) != 3 {
		t.Errorf("servers after undo: %v", s)
	}
	if canon(s["a"]) != `{"command":"a","env":{"N":"1"}}` {
		t.Errorf("a came back as %s", canon(s["a"]))
	}
	if st, _ := os.Stat(claude); st.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", st.Mode().Perm())
	}
	if _, err := os.Stat(o.ConfigPath()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the user config init created is still there: %v (%+v)", err, res)
	}
	if _, err := os.Stat(o.StateDir()); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("backups left after a clean undo: %v", err)
	}
}

func TestUndo_ServerAddedAfterInitAndMovedByASecondInitGoesBack(t *testing.T) {
	w := newWorld(t)
	f := filepath.Join(w.proj, ".cursor", "mcp.json")
	orig := "{\n  \"mcpServers\": {\n    // the first\n    \"a\": {\"command\": \"a\" /* inside */}\n  }\n}\n"
	w.write(f, orig, 0o644)
	o := w.opts(Project)
	w.initOnce(o)
	w.write(f, strings.Replace(w.read(f), `"switchboard"`, "\"late\": {\"command\": \"late\", \"args\": [\"x\"]},\n    \"switchboard\"", 1), 0o644)
	p := w.initOnce(o)
	if len(p.Imported) != 1 || p.Imported[0].Name != "late" {
		t.Fatalf("second init imported %+v", p.Imported)
	}
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	got := w.read(f)
	s := sub(w.decodeFile(f), "mcpServers")
	if len(s) != 2 || s["a"] == nil || canon(s["late"]) != `{"args":["x"],"command":"late"}` {
		t.Errorf("after undo:\n%s", got)
	}
	if !strings.Contains(got, "\n    // the first\n    \"a\": {\"command\": \"a\" /* inside */}") {
		t.Errorf("a did not come back with its comment and layout:\n%s", got)
	}
	if _, err := os.Stat(filepath.Join(w.proj, ".switchboard.json")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf(".switchboard.json left: %v", err)
	}
}

func TestUndo_RefusesWhenAThreeWayUndoIsImpossibleAndKeepsBothVersions(t *testing.T) {
	for _, c := range []struct {
		name   string
		change func(string) string
		reason string
	}{
		{"our entry edited", func(s string) string { return strings.Replace(s, `"serve"`, `"serve", "--debug"`, 1) }, "mcpServers.switchboard, which init wrote, was edited"},
		{"not parseable", func(s string) string { return s + "}" }, "cannot be read"},
		{"name taken again", func(s string) string {
			return strings.Replace(s, `"switchboard"`, `"a": {"command": "other"}, "switchboard"`, 1)
		}, "mcpServers.a, which init moved to Switchboard, exists again with different content"},
	} {
		t.Run(c.name, func(t *testing.T) {
			w := newWorld(t)
			f := filepath.Join(w.proj, ".mcp.json")
			orig := `{"mcpServers": {"a": {"command": "a"}}}`
			w.write(f, orig, 0o644)
			o := w.opts(Project)
			w.initOnce(o)
			changed := c.change(w.read(f))
			w.write(f, changed, 0o644)
			cfg := w.read(filepath.Join(w.proj, ".switchboard.json"))
			_, err := Undo(o)
			if !errors.Is(err, ErrUndoConflict) || !strings.Contains(err.Error(), c.reason) || !strings.Contains(err.Error(), f) {
				t.Fatalf("err = %v", err)
			}
			if w.read(f) != changed || w.read(filepath.Join(w.proj, ".switchboard.json")) != cfg {
				t.Error("a refused undo changed files")
			}
			backup := filepath.Join(o.StateDir(), "002.orig")
			if !strings.Contains(err.Error(), backup) || w.read(backup) != orig {
				t.Errorf("the version before init is not kept where the error says: %v", err)
			}
		})
	}
}

func TestUndo_KeepsAnImportedServerChangedSinceInit(t *testing.T) {
	w := newWorld(t)
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {"a": {"command": "a"}, "b": {"command": "b"}}}`, 0o644)
	o := w.opts(Project)
	w.initOnce(o)
	cfg := filepath.Join(w.proj, ".switchboard.json")
	w.write(cfg, strings.Replace(w.read(cfg), `"command": "a"`, `"command": "a2"`, 1), 0o644)
	res, err := Undo(o)
	if err != nil {
		t.Fatal(err)
	}
	s := sub(w.decodeFile(cfg), "mcpServers")
	if len(s) != 1 || sub(s, "a")["command"] != "a2" {
		t.Errorf("config after undo: %v", s)
	}
	if len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "mcpServers.a in "+cfg+" changed after init: kept it") {
		t.Errorf("notes %q", res.Notes)
	}
	if s := sub(w.decodeFile(filepath.Join(w.proj, ".mcp.json")), "mcpServers"); len(s) != 2 || s["switchboard"] != nil {
		t.Errorf(".mcp.json after undo: %v", s)
	}
}

func TestUndo_TOMLAndYAMLKeepLaterEdits(t *testing.T) {
	w := newWorld(t)
	codex := filepath.Join(w.home, ".codex", "config.toml")
	w.write(codex, "model = \"o4\"\n\n# zeta does things\n[mcp_servers.zeta]\ncommand = \"node\"\nargs = [\"/z.js\"]\n\n[mcp_servers.zeta.env]\nTOKEN = \"${env:Z}\"\n", 0o644)
	goose := filepath.Join(w.home, ".config", "goose", "config.yaml")
	w.write(goose, "GOOSE_MODEL: x\nextensions:\n  dev:\n    enabled: true\n    type: builtin\n    name: developer\n  fs:\n    enabled: true\n    type: stdio\n    name: fs\n    cmd: npx\n    args: [mcp-fs]\n", 0o644)
	o := w.opts(User)
	w.initOnce(o)
	w.write(codex, w.read(codex)+"\n[profiles.fast]\nmodel = \"o3\"\n", 0o644)
	w.write(goose, strings.Replace(w.read(goose), "GOOSE_MODEL: x", "GOOSE_MODEL: y", 1), 0o644)
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	got := w.read(codex)
	if !strings.Contains(got, "# zeta does things\n[mcp_servers.zeta]\ncommand = \"node\"") || !strings.Contains(got, "[profiles.fast]") || strings.Contains(got, "switchboard") {
		t.Errorf("codex after undo:\n%s", got)
	}
	m, _, err := decodeTOML([]byte(got))
	if err != nil || canon(m["mcp_servers"]) != `{"zeta":{"args":["/z.js"],"command":"node","env":{"TOKEN":"${env:Z}"}}}` {
		t.Errorf("codex servers: %v %v", err, canon(m["mcp_servers"]))
	}
	g := w.read(goose)
	if !strings.Contains(g, "GOOSE_MODEL: y") || !strings.Contains(g, "fs:") || strings.Contains(g, "switchboard") || !strings.Contains(g, "dev:") {
		t.Errorf("goose after undo:\n%s", g)
	}
}

func TestUndo_RemovesFilesInitCreatedInEveryFormat(t *testing.T) {
	for _, agent := range []string{"codex", "goose", "cursor", "continue"} {
		t.Run(agent, func(t *testing.T) {
			w := newWorld(t)
			o := w.opts(User)
			o.Agents = []string{agent}
			p := w.initOnce(o)
			if len(p.Found) != 1 || len(p.Found[0].Created) != 1 {
				t.Fatalf("found %+v", p.Found)
			}
			created := p.Found[0].Created[0]
			if _, err := Undo(o); err != nil {
				t.Fatal(err)
			}
			if _, err := os.Stat(created); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("undo left %s: %v", created, err)
			}
		})
	}
}

func TestUndo_AnOlderManifestIsUndoneFromTheBackups(t *testing.T) {
	w := newWorld(t)
	f := filepath.Join(w.proj, ".mcp.json")
	orig := `{"mcpServers": {"a": {"command": "a"}}}`
	w.write(f, orig, 0o644)
	o := w.opts(Project)
	w.initOnce(o)
	// What a build before edit records wrote: no version, no edits.
	mpath := filepath.Join(o.StateDir(), "manifest.json")
	var m manifest
	if err := json.Unmarshal([]byte(w.read(mpath)), &m); err != nil {
		t.Fatal(err)
	}
	m.Version = 0
	for i := range m.Files {
		m.Files[i].Edits, m.Files[i].Format = nil, ""
	}
	b, _ := json.Marshal(m)
	w.write(mpath, string(b), 0o600)
	if _, err := Undo(o); err != nil {
		t.Fatal(err)
	}
	if w.read(f) != orig {
		t.Errorf("after undo: %s", w.read(f))
	}
}

// FuzzInitUndo checks that init then undo, with nothing written in
// between, gives back a file with the same content.
func FuzzInitUndo(f *testing.F) {
	for _, s := range []string{
		`{"mcpServers": {"a": {"command": "a"}}}`,
		"{\n  // c\n  \"x\": 1,\n  \"mcpServers\": {\n    // a\n    \"a\": {\"command\": \"a\", \"env\": {\"K\": \"v\"}},\n    \"b\": {\"url\": \"https://b/mcp\"},\n  },\n}\n",
		`{"mcpServers": {"sb": {"command": "/x/switchboard", "args": ["serve"]}, "n": {"type": "http", "url": "https://n", "oauth": {}}}}`,
		`{"mcpServers": {}}`,
		`{}`,
		"{\r\n\t\"mcpServers\": {\r\n\t\t\"a\": {\"command\": \"a\"}\r\n\t}\r\n}\r\n",
		`{"mcpServers": {"a": {"command": "a"}, "a": {"command": "b"}}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		orig, err := parseJSONC(data)
		if err != nil || orig.kind != '{' {
			return
		}
		w := newWorld(t)
		path := filepath.Join(w.proj, ".cursor", "mcp.json")
		w.write(path, string(data), 0o644)
		o := w.opts(Project)
		p, err := MakePlan(o)
		if err != nil || p.Failed() {
			return
		}
		if err := Apply(o, p); err != nil {
			t.Fatal(err)
		}
		if _, err := Undo(o); err != nil {
			t.Fatalf("undo: %v\n%s", err, data)
		}
		got := []byte(w.read(path))
		g, err := parseJSONC(got)
		if err != nil {
			t.Fatalf("undo left invalid JSONC: %v\n%q\nfrom %q", err, got, data)
		}
		if canon(g.decode(got)) != canon(orig.decode(data)) {
			t.Fatalf("undo changed the content:\n%q\nwant the content of\n%q", got, data)
		}
	})
}

func TestUndo_TwoScopesEditingOneFileUndoInAnyOrder(t *testing.T) {
	for _, userFirst := range []bool{false, true} {
		w := newWorld(t)
		claude := filepath.Join(w.home, ".claude.json")
		orig := `{"mcpServers": {"u": {"command": "u"}}, "projects": {"` + w.proj + `": {"mcpServers": {"l": {"command": "l"}}}}}`
		w.write(claude, orig, 0o600)
		po, uo := w.opts(Project), w.opts(User)
		w.initOnce(po)
		w.initOnce(uo)
		order := []*Options{po, uo}
		if userFirst {
			order = []*Options{uo, po}
		}
		for _, o := range order {
			if _, err := Undo(o); err != nil {
				t.Fatalf("userFirst=%v: %v", userFirst, err)
			}
		}
		if got := w.decodeFile(claude); canon(got) != canon(mustDecode(t, orig)) {
			t.Errorf("userFirst=%v: %s", userFirst, w.read(claude))
		}
		if _, err := os.Stat(uo.ConfigPath()); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("userFirst=%v: user config left: %s", userFirst, w.read(uo.ConfigPath()))
		}
	}
}

func mustDecode(t *testing.T, s string) any {
	t.Helper()
	v, err := parseJSONC([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return v.decode([]byte(s))
}

func TestUndo_PutsServersBackInTheirPlace(t *testing.T) {
	for _, orig := range []string{
		"{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"a\"},\n    \"x\": {\"type\": \"http\", \"url\": \"https://x\", \"oauth\": {}},\n    \"b\": {\"command\": \"b\"}\n  }\n}\n",
		`{"mcpServers": {"a": {"command": "a"}, "x": {"type": "http", "url": "https://x", "oauth": {}}, "b": {"command": "b"}}}`,
	} {
		w := newWorld(t)
		f := filepath.Join(w.proj, ".mcp.json")
		w.write(f, orig, 0o644)
		o := w.opts(Project)
		w.initOnce(o)
		if _, err := Undo(o); err != nil {
			t.Fatal(err)
		}
		if got := w.read(f); got != orig {
			t.Errorf("after undo:\n%s\nwant\n%s", got, orig)
		}
	}
}

// Round forty-three: --undo put a YAML server back in flow style
// ("extensions: {fs: {enabled: true, …}}") when init had left nothing
// but its own entry in the container: emptied, it was written {} and read
// back in flow style, which the entries put back took. They now go back in
// block style, as they were.
func TestUndo_PutsYAMLServersBackInBlockStyle(t *testing.T) {
	for _, c := range []struct {
		agent, path, orig string
	}{
		{"goose", ".config/goose/config.yaml", "GOOSE_MODEL: x\nextensions:\n  fs:\n    enabled: true\n    type: stdio\n    name: fs\n    cmd: npx\n    args: [mcp-fs]\n  gh:\n    type: stdio\n    cmd: gh\n"},
		{"continue", ".continue/config.yaml", "name: mine\nmcpServers:\n  - name: fs\n    command: npx\n    args:\n      - mcp-fs\n  - name: gh\n    command: gh\n"},
	} {
		t.Run(c.agent, func(t *testing.T) {
			w := newWorld(t)
			path := filepath.Join(w.home, c.path)
			w.write(path, c.orig, 0o644)
			o := w.opts(User)
			w.initOnce(o)
			if _, err := Undo(o); err != nil {
				t.Fatal(err)
			}
			if got := w.read(path); got != c.orig {
				t.Errorf("after --undo:\n%s\nwant the original:\n%s", got, c.orig)
			}
		})
	}
}
