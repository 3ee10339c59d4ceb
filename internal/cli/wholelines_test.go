package cli

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// roomFor is a writer with room for n more bytes, like a disk filling up.
type roomFor struct {
	buf bytes.Buffer
	n   int
}

func (r *roomFor) Write(p []byte) (int, error) {
	if len(p) > r.n {
		r.buf.Write(p[:r.n])
		k := r.n
		r.n = 0
		return k, errors.New("no space left on device")
	}
	r.n -= len(p)
	return r.buf.Write(p)
}

func TestWholeLines_ACutLineIsEndedBeforeTheNext(t *testing.T) {
	r := &roomFor{n: 12}
	l := &wholeLines{w: r}
	l.Write([]byte(`{"msg":"one"}` + "\n")) // cut after 12 bytes
	l.Write([]byte(`{"msg":"lost"}` + "\n"))
	r.n = 100 // room again
	l.Write([]byte(`{"msg":"two"}` + "\n"))
	lines := strings.Split(strings.TrimSuffix(r.buf.String(), "\n"), "\n")
	if len(lines) != 2 || lines[1] != `{"msg":"two"}` {
		t.Errorf("log %q: want the record after the full disk on a line of its own", r.buf.String())
	}
}

// The daemon's log removed with its directory under the running daemon:
// its records go to daemon.log again (made anew), not to the deleted
// file it was started with. A stderr that is not the log is left alone.
func TestDaemonLog_FollowsItsPath(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	os.MkdirAll(dir, 0o700)
	path := filepath.Join(dir, "daemon.log")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	other, _ := os.Create(filepath.Join(t.TempDir(), "terminal"))
	defer other.Close()
	if w := newDaemonLog(other, path); w != io.Writer(other) {
		t.Error("a stderr that is not the log was wrapped")
	}
	w := newDaemonLog(f, path)
	d, ok := w.(*daemonLog)
	if !ok {
		t.Fatalf("newDaemonLog over the log returned %T", w)
	}
	w.Write([]byte("one\n"))
	os.RemoveAll(dir)
	d.checked = time.Time{}
	w.Write([]byte("two\n"))
	if b, err := os.ReadFile(path); err != nil || string(b) != "two\n" {
		t.Errorf("after the directory was removed the log holds %q (%v)", b, err)
	}
}

// A running daemon's log past its bound is moved to daemon.log.1 and
// started anew, as a starting daemon's is: one that never idled out grew
// it by every session's records for as long as it ran.
func TestDaemonLog_RotatesPastItsBound(t *testing.T) {
	path, d := newTestDaemonLog(t)
	d.max = 1000
	line := []byte(strings.Repeat("x", 99) + "\n")
	for i := range 50 {
		d.checked = time.Time{} // as if a second had passed since each check
		if _, err := d.Write(line); err != nil {
			t.Fatalf("write %d: %v", i, err)
		}
	}
	cur, err := os.Stat(path)
	if err != nil || cur.Size() > d.max+int64(len(line)) {
		t.Errorf("daemon.log after 5,000 bytes with a bound of 1,000: %v, %v", cur, err)
	}
	old, err := os.Stat(path + ".1")
	if err != nil || old.Size() > d.max+int64(len(line)) || old.Size() <= d.max {
		t.Errorf("daemon.log.1: %v, %v", old, err)
	}
	if d.own {
		d.cur.Close()
	}
}

// newTestDaemonLog is a daemonLog over a new daemon.log in a temporary
// directory, as a daemon started with its stderr there has, and its path.
func newTestDaemonLog(t *testing.T) (string, *daemonLog) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "daemon.log")
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return path, newDaemonLog(f, path).(*daemonLog)
}
