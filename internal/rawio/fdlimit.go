package rawio

import (
	"errors"
	"fmt"
	"strings"
	"syscall"
)

// FileLimit returns err with what to do about it when it is a process
// out of file descriptors (EMFILE), else err as it is. Under a low limit
// (ulimit -n 64) the daemon's sessions failed as "creating pipes: pipe2:
// too many open files" or a config that could not be opened, which named
// neither the limit nor its fix; the daemon keeps the limit it started
// with, so it must be started again after the limit is raised.
// errors.Is finds err (syscall.EMFILE, when err is one).
func FileLimit(err error) error {
	// The config's errors keep the system's words, not its error:
	// EMFILE's text finds those ("…/config.json: open …: too many open
	// files" refused a session).
	if err == nil || !errors.Is(err, syscall.EMFILE) && !strings.Contains(err.Error(), syscall.EMFILE.Error()) {
		return err
	}
	var fe *fileLimitError
	if errors.As(err, &fe) {
		return err
	}
	return &fileLimitError{err: err, limit: openFileLimit()}
}

type fileLimitError struct {
	err   error
	limit int64 // the soft limit, -1 when unknown
}

func (e *fileLimitError) Error() string {
	limit := "its limit of open files"
	if e.limit >= 0 {
		limit = fmt.Sprintf("its limit of %d open files", e.limit)
	}
	return fmt.Sprintf("%v: this process is at %s (ulimit -n): raise the limit where your agent starts (ulimit -n 4096, or LimitNOFILE in a systemd unit), then run switchboard daemon stop, so that the next session starts a daemon with it", e.err, limit)
}

func (e *fileLimitError) Unwrap() error { return e.err }
