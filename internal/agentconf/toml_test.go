package agentconf

import (
	"bytes"
	"reflect"
	"strings"
	"testing"
)

func TestTOMLRemove(t *testing.T) {
	for _, c := range []struct{ name, in, want string }{
		{"table and sub-tables", "a = 1\n\n[mcp_servers.x]\ncommand = \"x\"\n\n[mcp_servers.x.env]\nK = \"v\"\n\n[b]\nc = 2\n", "a = 1\n\n[b]\nc = 2\n"},
		{"comment above goes, others stay", "a = 1\n\n# about x\n[mcp_servers.x]\ncommand = \"x\"\n# trailing\n\n# about b\n[b]\nc = 2\n", "a = 1\n\n# about b\n[b]\nc = 2\n"},
		{"other servers stay", "[mcp_servers.x]\ncommand = \"x\"\n\n[mcp_servers.xy]\ncommand = \"xy\"\n", "[mcp_servers.xy]\ncommand = \"xy\"\n"},
		{"quoted key", "[mcp_servers.\"x\"]\ncommand = \"x\"\n[other]\n", "[other]\n"},
		// TOML escapes that JSON does not have: the file was refused,
		// "unsupported quoted key near offset 53".
		{"quoted key with TOML escapes", "[mcp_servers.\"\\U0001F600\"]\ncommand = \"s\"\n[mcp_servers.\"\\x78\"]\ncommand = \"x\"\n[other]\n", "[mcp_servers.\"\\U0001F600\"]\ncommand = \"s\"\n[other]\n"},
		{"quoted key with an escape in a value", "[mcp_servers]\n\"\\u0078\" = { command = \"x\" }\n\"\\U0001F600\" = { command = \"s\" }\n", "[mcp_servers]\n\"\\U0001F600\" = { command = \"s\" }\n"},
		{"inline table", "[mcp_servers]\nx = { command = \"x\" }\ny = { command = \"y\" }\n", "[mcp_servers]\ny = { command = \"y\" }\n"},
		{"dotted keys", "[mcp_servers]\nx.command = \"x\"\nx.args = [\n  \"a\",\n]\ny.command = \"y\"\n", "[mcp_servers]\ny.command = \"y\"\n"},
		{"top-level dotted", "mcp_servers.x.command = \"x\"\nmodel = \"m\"\n", "model = \"m\"\n"},
		{"multi-line string is not a header", "[mcp_servers.x]\ncommand = \"x\"\nnote = \"\"\"\n[b]\n\"\"\"\n[c]\nd = 1\n", "[c]\nd = 1\n"},
		{"missing", "a = 1\n", "a = 1\n"},
	} {
		t.Run(c.name, func(t *testing.T) {
			d, err := newTOMLDoc([]byte(c.in), "mcp_servers")
			if err != nil {
				t.Fatal(err)
			}
			if err := d.remove("x"); err != nil {
				t.Fatal(err)
			}
			if got := string(d.bytes()); got != c.want {
				t.Errorf("got\n%s\nwant\n%s", got, c.want)
			}
		})
	}
}

func TestTOMLSet(t *testing.T) {
	entry := []kv{{"command", `C:\sb "q"`}, {"args", []string{"serve"}}}
	d, err := newTOMLDoc([]byte("model = \"m\" # c"), "mcp_servers")
	if err != nil {
		t.Fatal(err)
	}
	if err := d.set("switchboard", entry); err != nil {
		t.Fatal(err)
	}
	want := "model = \"m\" # c\n\n[mcp_servers.switchboard]\ncommand = \"C:\\\\sb \\\"q\\\"\"\nargs = [\"serve\"]\n"
	if got := string(d.bytes()); got != want {
		t.Fatalf("got\n%s\nwant\n%s", got, want)
	}
	before := d.bytes()
	if err := d.set("switchboard", entry); err != nil || !bytes.Equal(d.bytes(), before) {
		t.Errorf("setting the same entry again changed the file: %v\n%s", err, d.bytes())
	}
	if err := d.set("switchboard", []kv{{"command", "other"}, {"args", []string{"serve"}}}); err != nil || strings.Count(string(d.bytes()), "[mcp_servers.switchboard]") != 1 || !strings.Contains(string(d.bytes()), `"other"`) {
		t.Errorf("replacing: %v\n%s", err, d.bytes())
	}
}

func TestTOMLDoc_RefusesEditsThatWouldChangeOtherSettings(t *testing.T) {
	// An array of tables under the server cannot be told apart by the
	// line scanner from the table itself; the parse check catches any
	// edit that would touch something else.
	d, err := newTOMLDoc([]byte("[mcp_servers]\nx = 1\n"), "mcp_servers")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.entries(); err == nil {
		t.Error("a server that is not a table should be an error")
	}
	if _, err := newTOMLDoc([]byte("mcp_servers = 3\n"), "mcp_servers"); err == nil {
		t.Error("mcp_servers = 3 should be an error")
	}
}

var tomlSeeds = []string{
	"", "a = 1\n", "a = 1", "# c\n", "[t]\nk = \"v\" # c\n\n[t.sub]\nx = [1,\n 2]\n",
	"s = '''\n[not]\n'''\nm = \"\"\"\n[x]\n\"\"\"\n", "[[arr]]\nn = 1\n[[arr]]\nn = 2\n",
	"[mcp_servers.a]\ncommand = \"a\"\n\n[mcp_servers.a.env]\nK = \"v\"\n# tail\n[z]\n",
	"[mcp_servers]\nb = { command = \"b\" }\nc.command = \"c\"\n",
	"key = { inline = { deep = [ { x = 1 } ] } }\n",
}

// FuzzTOMLAppendRemove checks that appending a server table keeps every
// other value, and that removing it again gives back the file as it was
// plus the blank line the append put before the table.
func FuzzTOMLAppendRemove(f *testing.F) {
	for _, s := range tomlSeeds {
		f.Add([]byte(s))
	}
	keys := []kv{{"command", "sb"}, {"args", []string{"serve", "--project", "/p/.switchboard.json"}}}
	f.Fuzz(func(t *testing.T, data []byte) {
		before, _, err := decodeTOML(data)
		if err != nil {
			return
		}
		if sv, ok := before["mcp_servers"]; ok {
			if m, ok := sv.(map[string]any); !ok || m["zz"] != nil {
				return
			}
		}
		app, err := tomlAppendTable(data, "mcp_servers", "zz", keys)
		if err != nil {
			t.Fatal(err)
		}
		after, _, err := decodeTOML(app)
		if err != nil {
			// Appending [mcp_servers.zz] after a file that defines
			// mcp_servers inline, or ends inside a table array, is not
			// valid TOML; the doc refuses such edits (see tomlDoc.edit).
			return
		}
		if !sameExcept(before, after, "mcp_servers") {
			t.Fatalf("append changed other values:\n%q\n%q", data, app)
		}
		got := after["mcp_servers"].(map[string]any)["zz"]
		if !reflect.DeepEqual(normalize(got), normalize(map[string]any{"command": "sb", "args": keys[1].Value})) {
			t.Fatalf("appended %v", got)
		}
		// The table goes last, with the file's own line ends (CRLF:
		// the length of an LF table cut the separator short).
		table := "[mcp_servers.zz]\ncommand = \"sb\"\nargs = [\"serve\", \"--project\", \"/p/.switchboard.json\"]\n"
		if bytes.Contains(data, []byte("\r\n")) {
			table = strings.ReplaceAll(table, "\n", "\r\n")
		}
		if !bytes.HasSuffix(app, []byte(table)) {
			t.Fatalf("the table appended does not end the file:\n%q", app)
		}
		sep := app[len(data) : len(app)-len(table)]
		rem, err := tomlRemove(app, "mcp_servers", "zz")
		if err != nil {
			t.Fatal(err)
		}
		// A table removed from the end of the file takes the blank
		// lines before it along.
		want := append(bytes.Clone(data), sep...)
		for len(want) > 0 {
			ls := lineStart(want, len(want)-1)
			if !onlySpace(bytes.TrimRight(want[ls:], "\n")) {
				break
			}
			want = want[:ls]
		}
		if !bytes.Equal(rem, want) {
			t.Fatalf("append+remove:\n%q\ngot  %q\nwant %q", data, rem, want)
		}
	})
}

// FuzzTOMLRemove checks that removing a server either fails cleanly or
// leaves valid TOML with only that server gone.
func FuzzTOMLRemove(f *testing.F) {
	for _, s := range tomlSeeds {
		f.Add([]byte(s), "a")
	}
	f.Fuzz(func(t *testing.T, data []byte, name string) {
		d, err := newTOMLDoc(data, "mcp_servers")
		if err != nil {
			return
		}
		if err := d.remove(name); err != nil {
			return // refused: the file is left alone
		}
		after, _, err := decodeTOML(d.bytes())
		if err != nil {
			t.Fatalf("remove made invalid TOML: %v\n%q", err, d.bytes())
		}
		if s, ok := after["mcp_servers"].(map[string]any); ok && s[name] != nil {
			t.Fatalf("%q still defined:\n%s", name, d.bytes())
		}
	})
}

// A value the decoder cannot read is not quoted in the error: a token
// left unquoted was printed whole ("expected value but found
// \"trueSECRET…\" instead").
func TestDecodeTOML_ErrorHidesTheValue(t *testing.T) {
	for _, v := range []string{"trueSECRETSECRET", "ghpSECRETSECRET", "1234567890123456789012345678", "1.2.3.4", "12_34__56", "2024-13-45T99:99:99", "0b1012"} {
		in := "[mcp_servers.gh]\ncommand = \"npx\"\nenv = { TOKEN = " + v + " }\n"
		_, _, err := decodeTOML([]byte(in))
		if err == nil {
			t.Fatalf("decodeTOML(%q) accepted", in)
		}
		if strings.Contains(err.Error(), v) || !strings.Contains(err.Error(), "line 3") || !strings.Contains(err.Error(), "mcp_servers.gh.env.TOKEN") {
			t.Errorf("decodeTOML(%q): %v", in, err)
		}
	}
}
