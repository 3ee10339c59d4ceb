package backend

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// lineTransport is an mcp.Transport over a child's stdin and stdout,
// speaking newline-delimited JSON. Unlike mcp.IOTransport it has no line
// length limit and drops stdout lines that are not JSON-RPC messages
// (reporting them to junk) instead of breaking the session.
type lineTransport struct {
	r    io.Reader
	w    io.WriteCloser
	junk func(line []byte, why error)
}

// Connect implements mcp.Transport; it may be called once.
func (t *lineTransport) Connect(context.Context) (mcp.Connection, error) {
	c := &lineConn{
		w:      t.w,
		msgs:   make(chan readResult),
		closed: make(chan struct{}),
	}
	go c.readLoop(t.r, t.junk)
	return c, nil
}

type readResult struct {
	msg jsonrpc.Message
	err error
}

// lineConn is the mcp.Connection of a lineTransport. Read, Write and Close
// may be called concurrently.
type lineConn struct {
	wmu       sync.Mutex
	w         io.WriteCloser
	msgs      chan readResult
	closed    chan struct{}
	closeOnce sync.Once
	closeErr  error
}

// errNotObject reports a stdout line that is not a JSON object.
var errNotObject = errors.New("not a JSON object")

// readLoop reads lines until an error, sending each JSON-RPC message.
func (c *lineConn) readLoop(r io.Reader, junk func([]byte, error)) {
	br := bufio.NewReaderSize(r, 64<<10)
	for {
		line, err := br.ReadBytes('\n')
		if t := bytes.TrimSpace(line); len(t) > 0 {
			var msg jsonrpc.Message
			var derr error
			if t[0] != '{' {
				derr = errNotObject
			} else {
				msg, derr = jsonrpc.DecodeMessage(t)
			}
			if derr != nil {
				if junk != nil {
					junk(t, derr)
				}
			} else if !c.send(readResult{msg: msg}) {
				return
			}
		}
		if err != nil {
			c.send(readResult{err: err})
			return
		}
	}
}

func (c *lineConn) send(r readResult) bool {
	select {
	case c.msgs <- r:
		return true
	case <-c.closed:
		return false
	}
}

// Read returns the next message; io.EOF once the child closed stdout.
func (c *lineConn) Read(ctx context.Context) (jsonrpc.Message, error) {
	select {
	case r := <-c.msgs:
		return r.msg, r.err
	case <-c.closed:
		return nil, io.EOF
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Write sends msg as one line.
func (c *lineConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	data, err := jsonrpc.EncodeMessage(msg)
	if err != nil {
		return err
	}
	data = append(data, '\n')
	c.wmu.Lock()
	defer c.wmu.Unlock()
	select {
	case <-c.closed:
		return mcp.ErrConnectionClosed
	default:
	}
	_, err = c.w.Write(data)
	return err
}

// Close closes the child's stdin and unblocks Read. The process itself is
// supervised by the Backend, not here.
func (c *lineConn) Close() error {
	c.closeOnce.Do(func() {
		close(c.closed)
		// Not under wmu: a Write blocked on a full pipe must not block Close.
		c.closeErr = c.w.Close()
	})
	return c.closeErr
}

// SessionID implements mcp.Connection; stdio has no session ID.
func (c *lineConn) SessionID() string { return "" }
