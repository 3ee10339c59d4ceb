package server

import (
	"context"
	"io"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// holdBackends has one tool, "hold", whose call lasts until its context
// ends; each call's context error goes to ended.
type holdBackends struct {
	started chan struct{}
	ended   chan error
}

func (holdBackends) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return &catalog.Listing{Tools: []*mcp.Tool{{Name: "hold", InputSchema: schema(``)}}}, nil
}

func (h holdBackends) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	h.started <- struct{}{}
	<-ctx.Done()
	h.ended <- ctx.Err()
	return nil, ctx.Err()
}

// When the context of Run ends (the daemon's session: its bridge went
// away; serve: SIGTERM) while a call is in flight, the call is cancelled
// and Run returns. The SDK's Run only closed the session, which waits for
// the requests being served: a dead client's call ran on to its
// callTimeout, and SIGTERM waited for it.
func TestServer_RunEndingCancelsCallsInFlight(t *testing.T) {
	hb := holdBackends{started: make(chan struct{}, 1), ended: make(chan error, 1)}
	specs := map[string]*config.Server{"b": {Name: "b", Type: config.Stdio, Command: "x", Expose: []string{"hold"}}}
	cat := catalog.New(specs, hb, nil)
	s := New(Options{Catalog: cat, Caller: hb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})

	toServer, clientOut := io.Pipe()
	fromServer, serverOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ran := make(chan error, 1)
	go func() { ran <- s.Run(ctx, &StdioTransport{Reader: toServer, Writer: serverOut}) }()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(context.Background(), &mcp.IOTransport{Reader: fromServer, Writer: clientOut}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	defer fromServer.Close() // first: a client's Close waits for its calls
	go cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "b__hold", Arguments: map[string]any{}})
	select {
	case <-hb.started:
	case <-time.After(10 * time.Second):
		t.Fatal("the call did not reach the backend in 10 s")
	}
	cancel()
	select {
	case err := <-hb.ended:
		if err == nil {
			t.Error("the backend call ended without its context ending")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the backend call was not cancelled within 10 s of Run's context ending")
	}
	select {
	case <-ran:
	case <-time.After(10 * time.Second):
		t.Fatal("Run did not return within 10 s of its context ending")
	}
}
