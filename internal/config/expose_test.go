package config

import (
	"strings"
	"testing"
)

func TestRead_ExposeAs(t *testing.T) {
	dir := t.TempDir()
	u := write(t, dir, "user.json", `{"mcpServers": {
		"a": {"command": "a", "expose": ["search", "fetch"], "exposeAs": "bare"},
		"b": {"command": "b", "expose": ["fetch"], "exposeAs": "bare"},
		"c": {"command": "c", "expose": ["execute"], "exposeAs": "bare"},
		"d": {"command": "d", "expose": ["fetch"], "exposeAs": "prefixed"},
		"e": {"command": "e", "expose": "all", "exposeAs": "bare"}}}`)
	c, err := Read(Sources{User: u})
	if err != nil {
		t.Fatal(err)
	}
	if s := c.Servers["a"]; s.Disabled || !s.Bare() {
		t.Errorf("a = %+v, want enabled and bare", s)
	}
	if s := c.Servers["b"]; !s.Disabled || !strings.Contains(s.Problem, `"fetch"`) || !strings.Contains(s.Problem, `server "a"`) || !strings.Contains(s.Problem, "mcpServers.b.expose") {
		t.Errorf("b = %+v, want disabled with a problem naming a, b and the tool", s)
	}
	if s := c.Servers["c"]; !s.Disabled || !strings.Contains(s.Problem, "meta-tools") {
		t.Errorf("c = %+v, want disabled: execute is a meta-tool", s)
	}
	if s := c.Servers["d"]; s.Disabled || s.Bare() {
		t.Errorf("d = %+v: prefixed exposure clashes with nothing", s)
	}
	if s := c.Servers["e"]; s.Disabled || !s.Bare() {
		t.Errorf("e = %+v: \"all\" is checked when its tools are known", s)
	}
}

func TestParse_ExposeAsRejectsOtherValues(t *testing.T) {
	for _, v := range []string{`"short"`, `true`, `""`} {
		f, err := Parse("c.json", []byte(`{"mcpServers": {"a": {"command": "a", "exposeAs": `+v+`}}}`))
		if err != nil {
			t.Fatal(err)
		}
		s := f.Servers["a"]
		if !s.Disabled || !strings.Contains(s.Problem, "mcpServers.a.exposeAs") || strings.Count(s.Problem, "exposeAs") != 1 {
			t.Errorf("exposeAs %s: %+v, want one problem naming the field", v, s)
		}
	}
}
