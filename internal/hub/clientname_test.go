package hub

import (
	"context"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Round forty-three: the client's name and version, which a client sets
// as it likes (at initialize, or in each 2026-07-28 request's _meta),
// were kept whole: a 1 MiB name went into the session's status, the
// status page and /status.json. They are kept cut to 256 bytes, at a
// character's start, in both protocol eras.
func TestSession_AClientsNameAndVersionAreKeptBounded(t *testing.T) {
	for _, proto := range []string{"2025-11-25", "2026-07-28"} {
		t.Run(proto, func(t *testing.T) {
			h, _, ws := newRelayHub(t, `{"mcpServers": {}}`)
			s, err := h.Open(context.Background(), &SessionOptions{ID: "big", Workspace: ws, Env: map[string]string{"PATH": "/bin"}})
			if err != nil {
				t.Fatal(err)
			}
			ct, stt := mcp.NewInMemoryTransports()
			ctx, cancel := context.WithCancel(context.Background())
			served := make(chan struct{})
			go func() { s.Serve(ctx, stt); close(served) }()
			defer func() { cancel(); <-served; s.Close() }()
			name := "a" + strings.Repeat("é", 1<<19) // 1 MiB; byte 256 is inside an é
			mc := mcp.NewClient(&mcp.Implementation{Name: name, Version: strings.Repeat("9", 1<<20)}, nil)
			cs, err := mc.Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: proto})
			if err != nil {
				t.Fatal(err)
			}
			defer cs.Close()
			if _, err := cs.ListTools(ctx, nil); err != nil {
				t.Fatal(err)
			}
			st := s.Status()
			if len(st.ClientName) > maxClientWord+len("…") || !strings.HasPrefix(st.ClientName, "aéé") || !strings.HasSuffix(st.ClientName, "…") || !utf8.ValidString(st.ClientName) {
				t.Errorf("client name kept: %d bytes (%.20q…), want at most %d and valid UTF-8", len(st.ClientName), st.ClientName, maxClientWord)
			}
			if len(st.ClientVersion) > maxClientWord+len("…") {
				t.Errorf("client version kept: %d bytes", len(st.ClientVersion))
			}
		})
	}
}
