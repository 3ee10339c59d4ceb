package server

import (
	"context"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// serveOne serves one stdio backend, name, whose listing and calls fb
// answers, with settings st over in-memory transports: the Server, the
// client's end of the transport and the server's session.
func serveOne(t *testing.T, name string, fb interface {
	catalog.Source
	Caller
}, st config.Settings) (*Server, *mcp.InMemoryTransport, *mcp.ServerSession) {
	t.Helper()
	specs := map[string]*config.Server{name: {Name: name, Type: config.Stdio, Command: "x"}}
	var s *Server
	cat := catalog.New(specs, fb, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: st})
	ct, st2 := mcp.NewInMemoryTransports()
	ss, err := s.MCP().Connect(context.Background(), st2, nil)
	if err != nil {
		t.Fatal(err)
	}
	return s, ct, ss
}

// clientOf is a Go SDK client of s over in-memory transports; both ends
// close with t.
func clientOf(t *testing.T, s *Server) *mcp.ClientSession {
	t.Helper()
	ctx := context.Background()
	ct, st := mcp.NewInMemoryTransports()
	ss, err := s.MCP().Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	return cs
}
