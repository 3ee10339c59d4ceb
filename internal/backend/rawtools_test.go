package backend

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func TestRawTools_KeepsSchemaPropertyOrder(t *testing.T) {
	ctx := context.Background()
	const in = `{"type":"object","properties":{"zeta":{"type":"string"},"alpha":{"type":"integer"},"mid":{"type":"boolean"}},"required":["zeta"]}`
	const out = `{"type":"object","properties":{"y":{"type":"number"},"b":{"type":"string"}}}`
	s := mcp.NewServer(&mcp.Implementation{Name: "s", Version: "1"}, nil)
	s.AddTool(&mcp.Tool{Name: "t", InputSchema: json.RawMessage(in), OutputSchema: json.RawMessage(out)},
		func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	st, ct := mcp.NewInMemoryTransports()
	ss, err := s.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ss.Close()
	var raw rawTools
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "c", Version: "1"}, nil).Connect(ctx, raw.transport(ct), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	var tools []*mcp.Tool
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		tools = append(tools, tool)
	}
	if _, isMap := tools[0].InputSchema.(map[string]any); !isMap {
		t.Fatalf("the SDK now gives %T; this wrapper may be unneeded", tools[0].InputSchema)
	}
	raw.restore(tools)
	if got, _ := tools[0].InputSchema.(json.RawMessage); string(got) != in {
		t.Errorf("input schema = %s, want %s", got, in)
	}
	if got, _ := tools[0].OutputSchema.(json.RawMessage); string(got) != out {
		t.Errorf("output schema = %s, want %s", got, out)
	}
	if len(raw.pending) != 0 {
		t.Errorf("%d tools/list requests still pending after their answers", len(raw.pending))
	}
}
