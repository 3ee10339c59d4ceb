package pool

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// fakeConn is an in-memory backend. Tools: "sleep" waits 50 s (under
// the default call timeout of a minute: at a minute the two timers fired
// at the same fake instant, and the call failed or not by chance) or
// until cancelled, "crash" ends the backend mid-call, anything else
// answers with the server name.
type fakeConn struct {
	name      string
	pid       int
	done      chan struct{}
	closeOnce sync.Once
	closed    atomic.Bool
	calls     atomic.Int64 // calls received, by any tool
	cancelled atomic.Int64 // calls whose context ended
	lists     atomic.Int64 // tools/list requests received
	listDelay time.Duration
	// listing, when set, says how long the nth tools/list (from 1) takes
	// and what it answers.
	listing func(n int64) (time.Duration, []*mcp.Tool)
}

func (c *fakeConn) CallTool(ctx context.Context, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	c.calls.Add(1)
	select {
	case <-c.done:
		return nil, backend.ErrExited
	default:
	}
	switch tool {
	case "sleep":
		select {
		case <-time.After(50 * time.Second):
		case <-ctx.Done():
			c.cancelled.Add(1)
			return nil, ctx.Err()
		case <-c.done:
			return nil, backend.ErrExited
		}
	case "crash":
		c.end()
		return nil, fmt.Errorf("backend %q exited (exit status 3)\nstderr: boom%w", c.name, noText{backend.ErrExited})
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: c.name}}}, nil
}

func (c *fakeConn) ListTools(ctx context.Context) ([]*mcp.Tool, error) {
	n := c.lists.Add(1)
	delay, tools := c.listDelay, []*mcp.Tool{{Name: "sleep"}, {Name: "crash"}, {Name: "echo"}}
	if c.listing != nil {
		delay, tools = c.listing(n)
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return tools, nil
}

func (c *fakeConn) Info() backend.Info          { return backend.Info{ServerName: c.name, Pid: c.pid} }
func (c *fakeConn) Done() <-chan struct{}       { return c.done }
func (c *fakeConn) StderrTail(lines int) string { return "" }
func (c *fakeConn) end()                        { c.closeOnce.Do(func() { close(c.done) }) }
func (c *fakeConn) Close() error {
	c.closed.Store(true)
	c.end()
	return nil
}

// starter starts fakeConns, counting starts per server.
type starter struct {
	delay     time.Duration // a start takes this long
	listDelay time.Duration // a tools/list takes this long
	// listing, when set, is each conn's fakeConn.listing.
	listing func(n int64) (time.Duration, []*mcp.Tool)

	mu     sync.Mutex
	starts map[string]int
	fail   map[string]int // the next n starts of a server fail
	conns  map[string][]*fakeConn
	hooks  map[string]*backend.Options
	pid    int
}

func newStarter(delay time.Duration) *starter {
	return &starter{delay: delay, starts: map[string]int{}, fail: map[string]int{}, conns: map[string][]*fakeConn{}, hooks: map[string]*backend.Options{}}
}

func (s *starter) start(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
	s.mu.Lock()
	s.starts[spec.Name]++
	s.hooks[spec.Name] = o
	fail := s.fail[spec.Name] > 0
	if fail {
		s.fail[spec.Name]--
	}
	s.pid++
	pid := s.pid
	s.mu.Unlock()
	select {
	case <-time.After(s.delay):
	case <-ctx.Done():
		return nil, fmt.Errorf("starting backend %q: %w", spec.Name, context.Cause(ctx))
	}
	if fail {
		return nil, fmt.Errorf("starting backend %q: exited during handshake (exit status 1)", spec.Name)
	}
	c := &fakeConn{name: spec.Name, pid: pid, done: make(chan struct{}), listDelay: s.listDelay, listing: s.listing}
	s.mu.Lock()
	s.conns[spec.Name] = append(s.conns[spec.Name], c)
	s.mu.Unlock()
	return c, nil
}

func (s *starter) count(name string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.starts[name]
}

// last is the latest conn started for name.
func (s *starter) last(name string) *fakeConn {
	s.mu.Lock()
	defer s.mu.Unlock()
	cs := s.conns[name]
	if len(cs) == 0 {
		return nil
	}
	return cs[len(cs)-1]
}

func servers(names ...string) map[string]*config.Server {
	m := map[string]*config.Server{}
	for _, n := range names {
		m[n] = &config.Server{Name: n, Type: config.Stdio, Command: n}
	}
	return m
}

func newFakePool(s *starter, set config.Settings, names ...string) *named {
	return newNamed(servers(names...), &Options{Settings: set, Start: s.start})
}

// named is a pool used by server name, as before pools were keyed by
// launch: one launch per name, each used by session "".
type named struct {
	*Pool
	launches map[string]*Launch
}

func newNamed(srv map[string]*config.Server, o *Options) *named {
	n := &named{Pool: New(o), launches: map[string]*Launch{}}
	for name, spec := range srv {
		n.launches[name] = NewLaunch(spec, nil)
		n.Use("", n.launches[name])
	}
	return n
}

func (n *named) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	return n.Pool.CallTool(ctx, &Call{Server: server, Launch: n.launches[server], Tool: tool, Args: args})
}

func (n *named) Start(ctx context.Context, server string) (backend.Info, error) {
	return n.Pool.Start(ctx, n.launches[server])
}

func (n *named) ListTools(ctx context.Context, server string) ([]*mcp.Tool, backend.Info, error) {
	l, err := n.Pool.ListAll(ctx, n.launches[server])
	return l.Tools, l.Info, err
}

type statuser interface{ Status() []Status }

func state(p statuser, name string) State {
	for _, st := range p.Status() {
		if st.Name == name {
			return st.State
		}
	}
	return -1
}

func status(p statuser, name string) Status {
	for _, st := range p.Status() {
		if st.Name == name {
			return st
		}
	}
	return Status{}
}

// noText wraps an error without adding to the text.
type noText struct{ err error }

func (noText) Error() string   { return "" }
func (e noText) Unwrap() error { return e.err }
