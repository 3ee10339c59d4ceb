package backend

import (
	"bytes"
	"context"
	"encoding/json"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The SDK client decodes a tool's inputSchema and outputSchema into
// map[string]any, which loses the order of the schema's properties (and
// declarations show parameters in that order). rawTools keeps the
// schemas of tools/list answers as the backend sent them: a connection
// wrapper notes the IDs of outgoing tools/list requests and, when their
// responses arrive, records each tool's schemas by tool name; ListTools
// puts them back on the SDK's tools.

// rawTools holds the last raw schemas seen per tool name. Safe for
// concurrent use; the zero value is ready.
type rawTools struct {
	mu      sync.Mutex
	pending map[jsonrpc.ID]bool
	schemas map[string]rawSchemas
}

type rawSchemas struct{ in, out json.RawMessage }

// maxPendingLists bounds the tools/list IDs remembered while their
// answers are outstanding (a backend that never answers must not grow it).
const maxPendingLists = 64

// transport wraps t so that its connections feed r.
func (r *rawTools) transport(t mcp.Transport) mcp.Transport { return &rawTransport{t, r} }

type rawTransport struct {
	mcp.Transport
	r *rawTools
}

func (t *rawTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return &rawConn{c, t.r}, nil
}

type rawConn struct {
	mcp.Connection
	r *rawTools
}

func (c *rawConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.Method == "tools/list" && req.ID.IsValid() {
		c.r.mu.Lock()
		if c.r.pending == nil {
			c.r.pending = map[jsonrpc.ID]bool{}
		}
		if len(c.r.pending) < maxPendingLists {
			c.r.pending[req.ID] = true
		}
		c.r.mu.Unlock()
	}
	return c.Connection.Write(ctx, msg)
}

func (c *rawConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	msg, err := c.Connection.Read(ctx)
	if resp, ok := msg.(*jsonrpc.Response); ok && err == nil {
		c.r.mu.Lock()
		want := c.r.pending[resp.ID]
		delete(c.r.pending, resp.ID)
		c.r.mu.Unlock()
		if want && resp.Error == nil {
			c.r.record(resp.Result)
		}
	}
	return msg, err
}

// record keeps the schemas of one tools/list result. A result it cannot
// read is ignored: the SDK's decoded schemas are used instead.
func (r *rawTools) record(result json.RawMessage) {
	var res struct {
		Tools []struct {
			Name         string          `json:"name"`
			InputSchema  json.RawMessage `json:"inputSchema"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		} `json:"tools"`
	}
	if json.Unmarshal(result, &res) != nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.schemas == nil {
		r.schemas = map[string]rawSchemas{}
	}
	for _, t := range res.Tools {
		r.schemas[t.Name] = rawSchemas{in: compactJSON(t.InputSchema), out: compactJSON(t.OutputSchema)}
	}
}

// restore replaces the decoded schemas of tools with the raw ones
// recorded under the same name.
func (r *rawTools) restore(tools []*mcp.Tool) {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, t := range tools {
		if t == nil {
			continue
		}
		s, ok := r.schemas[t.Name]
		if !ok {
			continue
		}
		if s.in != nil && t.InputSchema != nil {
			t.InputSchema = s.in
		}
		if s.out != nil && t.OutputSchema != nil {
			t.OutputSchema = s.out
		}
	}
}

// compactJSON returns raw without insignificant space, nil for absent
// or null.
func compactJSON(raw json.RawMessage) json.RawMessage {
	if len(raw) == 0 || string(bytes.TrimSpace(raw)) == "null" {
		return nil
	}
	var b bytes.Buffer
	if json.Compact(&b, raw) != nil {
		return nil
	}
	return b.Bytes()
}
