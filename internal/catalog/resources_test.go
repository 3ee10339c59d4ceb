package catalog

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCatalog_ResourcesOrPromptsChangeNotifies: a listing whose tools
// are the same but whose resources, prompts or instructions changed is a
// change (the server re-registers resources and prompts on it).
func TestCatalog_ResourcesOrPromptsChangeNotifies(t *testing.T) {
	src := &fakeSource{tools: map[string][]*mcp.Tool{"a": {tool("x", "X.")}}}
	changes := 0
	c := New(servers("a"), src, &Options{OnChange: func(string) { changes++ }})
	if _, err := c.Tools(context.Background(), "a"); err != nil {
		t.Fatal(err)
	}
	base := changes
	same := &Listing{Tools: src.tools["a"]}
	c.Apply("a", same)
	if changes != base {
		t.Fatalf("an unchanged listing notified (%d changes)", changes-base)
	}
	for i, l := range []*Listing{
		{Tools: src.tools["a"], Resources: []*mcp.Resource{{URI: "file:///r", Name: "r"}}},
		{Tools: src.tools["a"], Resources: []*mcp.Resource{{URI: "file:///r", Name: "r"}}, Prompts: []*mcp.Prompt{{Name: "p"}}},
		{Tools: src.tools["a"], Prompts: []*mcp.Prompt{{Name: "p"}}, Instructions: "Be brief."},
	} {
		c.Apply("a", l)
		if changes != base+i+1 {
			t.Fatalf("change %d: %d notifications, want %d", i, changes-base, i+1)
		}
		if got, _, _ := c.Info("a"); len(got.Resources) != len(l.Resources) || len(got.Prompts) != len(l.Prompts) {
			t.Errorf("change %d: Info has %d resources, %d prompts", i, len(got.Resources), len(got.Prompts))
		}
	}
}
