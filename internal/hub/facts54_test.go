package hub

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Round fifty-four: a 2025-11-25 client's requests may carry _meta, and
// the SDK's accessors read client info and capabilities there before
// initialize's: a client that declared nothing at initialize claimed
// elicitation in one request's _meta and was taken at its word (its
// backends restarted to ask it for input), under a name of its choosing.
// Only a 2026-07-28 request's _meta speaks for its client now.
func TestSession_ALegacyRequestsMetaDoesNotChangeItsClient(t *testing.T) {
	h, _, ws := newRelayHub(t, `{"mcpServers": {}}`)
	s, err := h.Open(context.Background(), &SessionOptions{ID: "legacy", Workspace: ws, Env: map[string]string{"PATH": "/bin"}})
	if err != nil {
		t.Fatal(err)
	}
	ct, stt := mcp.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan struct{})
	go func() { s.Serve(ctx, stt); close(served) }()
	defer func() { cancel(); <-served; s.Close() }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "honest", Version: "1"}, nil).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2025-11-25"})
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	if _, err := cs.ListTools(ctx, &mcp.ListToolsParams{Meta: mcp.Meta{
		mcp.MetaKeyProtocolVersion:    "2025-11-25",
		mcp.MetaKeyClientInfo:         map[string]any{"name": "evil", "version": "6"},
		mcp.MetaKeyClientCapabilities: map[string]any{"elicitation": map[string]any{}, "sampling": map[string]any{}},
	}}); err != nil {
		t.Fatal(err)
	}
	if c := s.Capabilities(); c != nil && (c.Elicitation != nil || c.Sampling != nil) {
		t.Errorf("capabilities %+v: the request's _meta claimed what initialize did not declare", c)
	}
	if st := s.Status(); st.ClientName != "honest" || st.Protocol != "2025-11-25" {
		t.Errorf("client %q, protocol %q: want initialize's honest, 2025-11-25", st.ClientName, st.Protocol)
	}
}
