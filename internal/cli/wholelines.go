package cli

import (
	"io"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/daemon"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// wholeLines is w for a log of lines that a full disk may cut short (the
// daemon's log): a line the last write did not finish is ended before
// the next, so the records written once there is room again read as
// lines of their own. Before, the next JSON record was glued to the cut
// one and `switchboard logs` dropped both. Safe for concurrent use.
type wholeLines struct {
	mu   sync.Mutex
	w    io.Writer
	torn bool
}

func (l *wholeLines) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.torn {
		if n, err := l.w.Write([]byte{'\n'}); n != 1 {
			return 0, err
		}
		l.torn = false
	}
	n, err := l.w.Write(p)
	if n > 0 {
		l.torn = p[n-1] != '\n'
	}
	return n, err
}

// logReopenEvery is how often the daemon checks that its log's path
// still names the file it writes.
const logReopenEvery = time.Second

// daemonLog is the daemon's log: its stderr, which the bridge that
// started it opened on daemon.log, until that path names another file or
// none (the state directory removed or replaced under the running
// daemon), then the file at the path again, made with its directory.
// Before, its records went to the deleted file for the rest of its life
// and `switchboard logs` showed none. Past max bytes the file is moved to
// daemon.log.1 and a new one started, as a starting daemon does: a daemon
// that never idles out grew it without bound. Checked at most every
// logReopenEvery; not safe for concurrent use (wholeLines serialises).
type daemonLog struct {
	path    string
	max     int64       // rotate past this size
	stderr  bool        // cur was the process's standard error: reopened, it is made the new file
	cur     *os.File    // the stderr we were given, or the file we opened
	fi      os.FileInfo // cur's, when it was the log
	own     bool        // cur was opened here
	checked time.Time
}

// newDaemonLog returns w as it is unless it is the file at path; then a
// daemonLog over it.
func newDaemonLog(w io.Writer, path string) io.Writer {
	f, ok := w.(*os.File)
	if !ok || path == "" {
		return w
	}
	fi, err := f.Stat()
	pi, perr := os.Stat(path)
	if err != nil || perr != nil || !os.SameFile(fi, pi) {
		return w // a terminal, or a log of someone else's choosing
	}
	return &daemonLog{path: path, max: daemon.MaxLog, stderr: f == os.Stderr, cur: f, fi: fi, checked: time.Now()}
}

func (d *daemonLog) Write(p []byte) (int, error) {
	if now := time.Now(); now.Sub(d.checked) >= logReopenEvery {
		d.checked = now
		if pi, err := os.Stat(d.path); err != nil || !os.SameFile(pi, d.fi) {
			d.reopen()
		} else if pi.Size() > d.max && os.Rename(d.path, d.path+".1") == nil {
			d.reopen()
		}
	}
	return d.cur.Write(p)
}

// reopen opens the path again; on failure the current file is kept.
func (d *daemonLog) reopen() {
	if os.MkdirAll(filepath.Dir(d.path), 0o700) != nil {
		return
	}
	f, err := safefile.OpenAppend(d.path, 0o600) // a FIFO in its place would wait for a reader
	if err != nil {
		return
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return
	}
	if d.stderr {
		pointStderrAt(f)
	}
	if d.own {
		d.cur.Close()
	}
	d.cur, d.fi, d.own = f, fi, true
}
