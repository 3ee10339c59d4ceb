package agentconf

import (
	"path/filepath"
	"testing"
)

// TestUndo_CodexServersComeBackInTheirPlace: init --undo of a Codex
// config.toml gives back the bytes the file held. Servers followed by
// another table came back out of order (the last one before that table,
// the others at the end: each went back before the line that followed it
// when it was taken out, a server put back later), and servers written
// as inline tables or dotted keys came back each after a blank line it
// never had.
func TestUndo_CodexServersComeBackInTheirPlace(t *testing.T) {
	for name, orig := range map[string]string{
		"tables, then another": "model = \"o3\"\n\n[mcp_servers.one]\ncommand = \"echo\"\nargs = [\"1\"]\n\n[mcp_servers.two]\ncommand = \"echo\"\n\n[mcp_servers.three]\ncommand = \"echo\"\n\n[profiles.x]\nmodel = \"o4\"\n",
		"tables at the end":    "model = \"o3\"\n\n[profiles.x]\nmodel = \"o4\"\n\n[mcp_servers.one]\ncommand = \"echo\"\n\n[mcp_servers.two]\ncommand = \"echo\"\n",
		"tables among others":  "[mcp_servers.one]\ncommand = \"echo\"\n\n[a]\nx = 1\n\n[mcp_servers.two]\ncommand = \"echo\"\n\n[b]\ny = 2\n",
		"inline tables":        "model = \"o3\"\n\n[mcp_servers]\none = { command = \"echo\", args = [\"1\"] }\n\"a b\" = { command = \"echo\" }\nthree = { command = \"echo\", env = { \"X.Y\" = \"z\" } }\n\n[profiles.x]\nmodel = \"o4\"\n",
		"dotted keys":          "[mcp_servers]\none.command = \"echo\"\ntwo.command = \"echo\"\n",
	} {
		t.Run(name, func(t *testing.T) {
			w := newWorld(t)
			w.env["XDG_CONFIG_HOME"] = filepath.Join(w.home, ".config")
			codex := filepath.Join(w.home, ".codex", "config.toml")
			w.write(codex, orig, 0o644)
			o := w.opts(User)
			o.Agents = []string{"codex"}
			w.initOnce(o)
			if _, err := Undo(o); err != nil {
				t.Fatal(err)
			}
			if got := w.read(codex); got != orig {
				t.Errorf("after undo:\n%s\nwant the file as it was:\n%s", got, orig)
			}
		})
	}
}
