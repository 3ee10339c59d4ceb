package hub

import (
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/audit"
)

// auditLog is the hub's audit log. One that could not be opened (a full
// disk as the daemon started, the key file refused) is opened again at a
// call, at most once a minute, instead of staying off for the daemon's
// life: round 105 made room on a full state directory and the pins and
// logs were written again, the audit entries of every later call lost.
// The zero value records nothing; a nil *auditLog neither.
type auditLog struct {
	path string
	o    *audit.Options
	log  *slog.Logger
	now  func() time.Time

	open atomic.Pointer[audit.Log] // l once open: a call's record takes no lock

	mu    sync.Mutex
	l     *audit.Log
	tried time.Time // the last failed open
}

// auditRetry is how often a log that could not be opened is tried again.
const auditRetry = time.Minute

// openAudit opens the audit log at path; a failure is warned of once
// and tried again by get.
func openAudit(path string, o *audit.Options, log *slog.Logger) *auditLog {
	a := &auditLog{path: path, o: o, log: log, now: time.Now}
	l, err := audit.Open(path, o)
	if err != nil {
		log.Warn("audit log disabled until it can be opened (tried again at a call, at most once a minute)", "err", err)
		a.tried = a.now()
		return a
	}
	a.l = l
	a.open.Store(l)
	return a
}

// get is the open log, opening it again when it is time; nil when it
// cannot be.
func (a *auditLog) get() *audit.Log {
	if a == nil {
		return nil
	}
	if l := a.open.Load(); l != nil {
		return l
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.l != nil || a.path == "" || a.now().Sub(a.tried) < auditRetry {
		return a.l
	}
	l, err := audit.Open(a.path, a.o)
	if err != nil {
		a.tried = a.now()
		return nil
	}
	a.log.Info("audit log opened", "file", a.path)
	a.l = l
	a.open.Store(l)
	return l
}

// close closes the log if it is open.
func (a *auditLog) close() {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.l != nil {
		a.l.Close()
	}
}
