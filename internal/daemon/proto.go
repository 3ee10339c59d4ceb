package daemon

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"time"
)

// Kinds of connection a Hello opens.
const (
	KindSession = "session" // MCP bytes follow the handshake
	KindControl = "control" // one control request; the reply ends it
)

// Control requests.
const (
	ControlStatus = "status"
	ControlStop   = "stop"
	ControlUI     = "ui" // the status page's URL (started on first ask); see UIHandler
	// ControlEnd ends the session Hello.Session names; the reply's
	// Status describes it (id, pid, cwd).
	ControlEnd = "end"
)

// Reply codes.
const (
	CodeVersion = "version" // the daemon's version differs; it is draining, start a new one
	CodeExiting = "exiting" // the daemon is shutting down; start a new one
	CodeBad     = "bad"     // the hello was not understood
	CodeSession = "session" // the session could not be opened (Error says why: its config, say)
)

// maxHello bounds the handshake line (the environment travels in it).
const maxHello = 1 << 20

// handshakeTimeout bounds each side's wait for the other's handshake line.
const handshakeTimeout = 5 * time.Second

// Hello is the first line a bridge or CLI sends on a new connection.
type Hello struct {
	Version string            `json:"version"`           // the sender's build (see ServeOptions.Version)
	Cwd     string            `json:"cwd,omitempty"`     // the bridge's working directory (absolute)
	Args    []string          `json:"args,omitempty"`    // serve's arguments (--config, --project, ...)
	Env     map[string]string `json:"env,omitempty"`     // the variables the configs reference
	PID     int               `json:"pid"`               // the sender's pid
	Kind    string            `json:"kind"`              // KindSession or KindControl
	Control string            `json:"control,omitempty"` // ControlStatus, ControlStop, ControlUI or ControlEnd, for KindControl
	Session string            `json:"session,omitempty"` // the session's id, for ControlEnd
	// Mark names a file the bridge made in the runtime directory, for the
	// count of lines the session has read (see LinesRead); the daemon
	// maps it before it replies.
	Mark string `json:"mark,omitempty"`
	// Handoff offers the bridge's stdin and stdout (the client's pipes or
	// sockets): with Reply.Handoff, the bridge passes them on the
	// connection after the reply (SCM_RIGHTS) and the session reads and
	// writes the client directly, through a Journal in the mark; the
	// connection then carries only the client's initialization lines, and
	// its end ends the session.
	Handoff bool `json:"handoff,omitempty"`
	// Replay, with a handoff to a new daemon after the last one died, is
	// the client's initialize request and notifications/initialized: the
	// session handles them first and does not write initialize's answer
	// (the client has the first daemon's). The mark's ring holds the
	// bytes the dead daemon read and never handled.
	Replay []json.RawMessage `json:"replay,omitempty"`
	// Again says the bridge is connecting again (its daemon died or
	// ended its session), not for a new client: at MaxSessions it takes
	// no idle session's place (see ServeOptions.ReclaimIdle).
	Again bool `json:"again,omitempty"`

	// ID is the session's id in the daemon, set by Serve before it calls
	// Handler.Session (never sent).
	ID string `json:"-"`

	mark *mark // Mark, mapped by the daemon; nil without one
}

// LinesRead records that the session has read n lines off its connection
// since the hello, the line about to be handled included: call it before
// handling each line, whatever the line is. When the daemon dies, the
// bridge fails the requests among those lines (they may have run) and
// sends the others to the next daemon. It does nothing without a mark.
func (h *Hello) LinesRead(n uint64) {
	if h.mark != nil {
		h.mark.store(n)
	}
}

// Reply is the daemon's one-line answer to a Hello.
type Reply struct {
	OK      bool            `json:"ok"`
	Version string          `json:"version,omitempty"` // the daemon's version
	PID     int             `json:"pid,omitempty"`     // the daemon's pid
	Error   string          `json:"error,omitempty"`
	Code    string          `json:"code,omitempty"`   // CodeVersion, CodeExiting, CodeBad
	Status  json.RawMessage `json:"status,omitempty"` // for ControlStatus
	URL     string          `json:"url,omitempty"`    // for ControlUI: the status page, token included
	// Notices are the session's start-up notices for the client's stderr
	// (Session.Notices), with a session's OK.
	Notices []string `json:"notices,omitempty"`
	// Mark says the daemon mapped the hello's mark file and counts the
	// lines it reads there.
	Mark bool `json:"mark,omitempty"`
	// Handoff takes the hello's offer: the bridge sends its stdin and
	// stdout next.
	Handoff bool `json:"handoff,omitempty"`
}

// peer is what the kernel says about the process at a socket's other end.
type peer struct {
	UID int
	PID int // -1 where the kernel does not say
}

// checkPeer allows only a peer running as uid.
func checkPeer(p peer, uid int) error {
	if p.UID != uid {
		return fmt.Errorf("peer pid %d runs as uid %d, not %d", p.PID, p.UID, uid)
	}
	return nil
}

// checkConn checks the peer of c against our uid.
func checkConn(c net.Conn) error {
	p, err := peerOf(c)
	if err != nil {
		return err
	}
	return checkPeer(p, os.Getuid())
}

// writeLine writes v as one JSON line.
func writeLine(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// bufConn is a connection whose first bytes were read through r: reads
// drain r's buffer before reading the connection.
type bufConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *bufConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// newBufConn wraps c for reading a handshake line.
func newBufConn(c net.Conn) *bufConn {
	return &bufConn{Conn: c, r: bufio.NewReaderSize(c, 64<<10)}
}

// readLine reads one line of at most maxHello bytes, without the newline.
func readLine(r *bufio.Reader) ([]byte, error) {
	var line []byte
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > maxHello+1 {
			return nil, fmt.Errorf("handshake line longer than %d bytes", maxHello)
		}
		line = append(line, chunk...)
		switch {
		case err == nil:
			return line[:len(line)-1], nil
		case errors.Is(err, bufio.ErrBufferFull):
			continue
		case errors.Is(err, io.EOF) && len(line) > 0:
			return nil, io.ErrUnexpectedEOF
		default:
			return nil, err
		}
	}
}

// readJSONLine reads one JSON line from c into v within the handshake timeout.
func readJSONLine(c *bufConn, v any) error {
	c.SetReadDeadline(time.Now().Add(handshakeTimeout))
	defer c.SetReadDeadline(time.Time{})
	line, err := readLine(c.r)
	if err != nil {
		return err
	}
	return json.Unmarshal(line, v)
}
