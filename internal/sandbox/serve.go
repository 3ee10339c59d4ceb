package sandbox

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/switchboard-mcp/switchboard/internal/script"
)

// ServeWorker is the worker side of the protocol: it reads run frames from r,
// runs each script with script.Run in a fresh VM, proxies the script's tool
// calls to the parent over w, and writes a done frame per script. It runs one
// script at a time and returns nil at EOF of r, or the first read or write
// error. When ctx is done it cancels the script running and returns.
func ServeWorker(ctx context.Context, r io.Reader, w io.Writer) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	script.Prepare() // the first script finds its VM ready
	srv := &server{out: &frameWriter{w: w}, pending: map[int64]*pendingCall{}}

	// The reader serves every frame itself, a run frame included: the
	// script starts from the goroutine that read it, one hand-off fewer
	// on the way of each execute. cur is the script running now, or nil
	// (under curMu: the reader sets it, the end of ServeWorker cancels it).
	var (
		curMu sync.Mutex
		cur   *running
	)
	failed := make(chan error, 1) // the first protocol, read or write error
	fail := func(err error) {
		select {
		case failed <- err:
		default:
		}
	}
	go func() {
		in := newFrameReader(r)
		var spec string // the namespaces of the last run frame
		for {
			f, err := in.read()
			if err != nil {
				fail(err)
				return
			}
			switch f.Type {
			case frameResult:
				srv.deliver(f) // straight to the waiting call
			case frameRun:
				if f.Req == nil {
					fail(fmt.Errorf("run frame without a request"))
					return
				}
				curMu.Lock()
				prev := cur
				curMu.Unlock()
				if prev != nil {
					// The parent sends run only after the done frame of the
					// last script, which is written just before prev.done.
					if err := <-prev.done; err != nil {
						fail(err)
						return
					}
					prev.cancel()
				}
				if !f.SameSpec {
					spec = string(f.Payload)
				}
				req := *f.Req
				req.Spec, req.Namespaces = spec, nil
				setMemoryBackstop(req.MemoryLimit)
				run := srv.start(ctx, req, fail)
				curMu.Lock()
				cur = run
				curMu.Unlock()
			case frameCancel:
				curMu.Lock()
				if cur != nil {
					cur.cancel()
				}
				curMu.Unlock()
			default:
				fail(fmt.Errorf("unknown frame type %q", f.Type))
				return
			}
		}
	}()
	defer func() {
		curMu.Lock()
		c := cur
		curMu.Unlock()
		if c != nil {
			c.cancel()
			<-c.ended
		}
	}()
	select {
	case <-ctx.Done():
		return nil
	case err := <-failed:
		if errors.Is(err, io.EOF) {
			return nil
		}
		return err
	}
}

// running is a script the worker runs; done gets the error of writing its
// done frame, and ended is closed when its goroutine returns.
type running struct {
	cancel context.CancelFunc
	done   chan error
	ended  chan struct{}
}

// start runs req in a goroutine and writes its done frame when it ends;
// a failure to write it goes to fail as well.
func (s *server) start(ctx context.Context, req script.Request, fail func(error)) *running {
	ctx, cancel := context.WithCancel(ctx)
	r := &running{cancel: cancel, done: make(chan error, 1), ended: make(chan struct{})}
	go func() {
		defer close(r.ended)
		calls := &runCaller{srv: s}
		res, recycle := script.RunDeferred(ctx, req, calls)
		calls.finish()
		err := s.out.write(&frame{Type: frameDone, Result: &res})
		recycle() // after the result is out; the next run waits for its VM
		r.done <- err
		if err != nil {
			fail(err)
		}
	}()
	return r
}

// server is the worker's ToolCaller: it sends call frames and settles
// each call when the matching result frame arrives, from the goroutine
// that reads frames. Call ids are unique for the life of the worker, so a
// late result for a script that ended matches nothing.
type server struct {
	out *frameWriter

	mu      sync.Mutex
	nextID  int64
	pending map[int64]*pendingCall
}

// pendingCall is a call frame sent and not yet answered.
type pendingCall struct {
	done func(json.RawMessage, error)
	stop func() bool // stops the context watch
}

// StartCall implements script.AsyncToolCaller over the pipe to the
// parent: it writes the call frame and returns; done gets the result
// frame's outcome, or ctx's error when ctx ends first.
func (s *server) StartCall(ctx context.Context, server, tool string, args json.RawMessage, done func(json.RawMessage, error)) {
	s.mu.Lock()
	s.nextID++
	id := s.nextID
	p := &pendingCall{done: done}
	s.pending[id] = p
	s.mu.Unlock()
	p.stop = context.AfterFunc(ctx, func() {
		if s.take(id) != nil {
			done(nil, ctx.Err())
		}
	})
	if err := s.out.write(&frame{Type: frameCall, ID: id, Server: server, Tool: tool, Payload: args}); err != nil {
		if s.take(id) != nil {
			p.stop()
			done(nil, err)
		}
	}
}

// CallTool implements script.ToolCaller with StartCall.
func (s *server) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
	type outcome struct {
		v   json.RawMessage
		err error
	}
	ch := make(chan outcome, 1)
	s.StartCall(ctx, server, tool, args, func(v json.RawMessage, err error) { ch <- outcome{v, err} })
	o := <-ch
	return o.v, o.err
}

// take removes and returns the pending call id, nil when there is none
// (answered, or given up).
func (s *server) take(id int64) *pendingCall {
	s.mu.Lock()
	defer s.mu.Unlock()
	p := s.pending[id]
	delete(s.pending, id)
	return p
}

// deliver settles the call a result frame answers; the first result for
// an id counts.
func (s *server) deliver(f *frame) {
	p := s.take(f.ID)
	if p == nil {
		return
	}
	p.stop()
	if f.IsError {
		p.done(nil, errors.New(f.Error))
		return
	}
	p.done(f.Payload, nil)
}

// runCaller is the ToolCaller of one script. finish waits for its calls, so
// that no call frame of a script follows its done frame.
type runCaller struct {
	srv *server

	mu     sync.Mutex
	wg     sync.WaitGroup
	closed bool
}

func (c *runCaller) CallTool(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil, errors.New("script ended")
	}
	c.wg.Add(1)
	c.mu.Unlock()
	defer c.wg.Done()
	return c.srv.CallTool(ctx, server, tool, args)
}

// StartCall implements script.AsyncToolCaller; see CallTool.
func (c *runCaller) StartCall(ctx context.Context, server, tool string, args json.RawMessage, done func(json.RawMessage, error)) {
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		done(nil, errors.New("script ended"))
		return
	}
	c.wg.Add(1)
	c.mu.Unlock()
	c.srv.StartCall(ctx, server, tool, args, func(v json.RawMessage, err error) {
		defer c.wg.Done()
		done(v, err)
	})
}

// finish makes later calls fail and waits for those in flight; script.Run
// cancels their context when it returns, so they end at once.
func (c *runCaller) finish() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.wg.Wait()
}
