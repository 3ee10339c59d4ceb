package front

import (
	"log/slog"
	"net"
	"sync"
	"time"
)

// connLimit is a listener that holds at most max connections open at
// once. At the bound its Accept waits for one of them to close, leaving
// new connections in the kernel's queue; it says so on the log, at most
// once a minute. Without it, connections that had not yet sent a request
// (the bearer token is checked on the request) were any number: each
// held a file descriptor and a goroutine until net/http's 10 s header
// timeout closed it, and a local process opening them faster could use
// up the process's descriptors (backends, config files).
type connLimit struct {
	net.Listener
	log   *slog.Logger
	slots chan struct{} // a token per open connection
	done  chan struct{} // closed by Close
	once  sync.Once

	mu   sync.Mutex
	said time.Time // when reaching the bound was last logged
}

func newConnLimit(ln net.Listener, max int, log *slog.Logger) *connLimit {
	return &connLimit{Listener: ln, log: log, slots: make(chan struct{}, max), done: make(chan struct{})}
}

// Accept waits for a free slot, then accepts a connection.
func (l *connLimit) Accept() (net.Conn, error) {
	select {
	case l.slots <- struct{}{}:
	default:
		l.mu.Lock()
		if now := time.Now(); l.said.IsZero() || now.Sub(l.said) >= time.Minute {
			l.said = now
			l.log.Warn("serve --http: connection limit reached; new connections wait until one closes (one that sends no request is closed after 10 s)",
				"open", cap(l.slots), "address", l.Listener.Addr().String())
		}
		l.mu.Unlock()
		select {
		case l.slots <- struct{}{}:
		case <-l.done:
			return nil, net.ErrClosed
		}
	}
	c, err := l.Listener.Accept()
	if err != nil {
		l.release()
		return nil, err
	}
	lc := &limitedConn{Conn: c, l: l}
	if cw, ok := c.(closeWriter); ok {
		// net/http half-closes a connection it ends after an answer
		// (Connection: close), so that the client reads the answer
		// before a reset.
		return &limitedHalfConn{lc, cw}, nil
	}
	return lc, nil
}

type closeWriter interface{ CloseWrite() error }

// limitedHalfConn is a limitedConn that can be half-closed, as its
// connection (a TCP one) can.
type limitedHalfConn struct {
	*limitedConn
	cw closeWriter
}

func (c *limitedHalfConn) CloseWrite() error { return c.cw.CloseWrite() }

// Close closes the listener and wakes an Accept waiting for a slot.
func (l *connLimit) Close() error {
	l.once.Do(func() { close(l.done) })
	return l.Listener.Close()
}

func (l *connLimit) release() { <-l.slots }

// limitedConn gives its slot back on its first Close.
type limitedConn struct {
	net.Conn
	l    *connLimit
	once sync.Once
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.l.release)
	return err
}
