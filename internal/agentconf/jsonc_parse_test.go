package agentconf

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// jsonDoc.remove edits the parse it holds instead of parsing again: the
// bytes are those of removing with a parse each time (jsoncRemove), and
// the parse kept is the parse of those bytes, member after member.
func FuzzJSONCRemoveKeepsTheParse(f *testing.F) {
	for _, s := range jsoncSeeds {
		f.Add([]byte(s))
	}
	f.Add([]byte("{\"a\": 1, \"b\": {\"c\": [1, 2]}, // x\n \"d\": 3}"))
	f.Add([]byte("{\r\n  // a\r\n  \"a\": 1,\r\n  \"b\": 2 // b\r\n}\r\n"))
	f.Add([]byte("{\"a\": 1 /* , */ , \"b\": 2, }"))
	fresh := func(b []byte) *jvalue {
		r, err := parseJSONC(b)
		if err != nil {
			return &jvalue{kind: 'x'}
		}
		return r
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d, err := newJSONDoc(data, nil)
		if err != nil {
			return
		}
		var names []string
		for _, m := range d.root.members {
			names = append(names, m.key)
		}
		want := data
		for _, name := range names {
			if err := d.remove(name); err != nil {
				t.Fatal(err)
			}
			if want, err = jsoncRemove(want, nil, name); err != nil || !fresh(want).same(d.root) {
				// Removing made text that does not parse, or changed
				// what the rest means: check must refuse it.
				if d.check() == nil {
					t.Fatalf("removing %q: jsoncRemove: %v, check passed\n%q", name, err, d.data)
				}
				return
			}
			if string(d.data) != string(want) {
				t.Fatalf("removing %q: got\n%q\nwant\n%q", name, d.data, want)
			}
			if err := d.check(); err != nil {
				t.Fatalf("removing %q: %v\n%q", name, err, d.data)
			}
		}
	})
}

// init parsed an agent's JSONC file about six times per server it moved
// (200 servers in a 16 MiB file padded with comments: 14 s). The bytes
// parsed no longer grow with the servers times the file: a file of
// 100 servers padded to 1 MiB is parsed a few times, not 600.
func TestPlan_ParsesAnAgentFileAFewTimesNotPerServer(t *testing.T) {
	const n = 100
	w := newWorld(t)
	var b strings.Builder
	b.WriteString("{\n  // " + strings.Repeat("x", 1<<20) + "\n  \"mcpServers\": {\n")
	for i := range n {
		fmt.Fprintf(&b, "    // server %d\n    \"s%d\": {\"command\": \"s%d\"}", i, i, i)
		if i < n-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  }\n}\n")
	w.write(filepath.Join(w.home, ".cursor", "mcp.json"), b.String(), 0o644)
	o := w.opts(User)
	o.Agents = []string{"cursor"}
	before := jsoncParsed.Load()
	p, err := MakePlan(o)
	if err != nil || p.Failed() || len(p.Imported) != n {
		t.Fatalf("plan: %v %v, imported %d", err, p.Problems, len(p.Imported))
	}
	if parsed := jsoncParsed.Load() - before; parsed > 10*int64(b.Len()) {
		t.Errorf("parsed %d bytes, %d times the agent file's %d", parsed, parsed/int64(b.Len()), b.Len())
	}
}
