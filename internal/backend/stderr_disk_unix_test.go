//go:build unix

package backend

import (
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// The state directory removed under a running daemon: the backend's
// lines went to the deleted file we held, and `switchboard logs` had
// none of them until the backend restarted. Now the path is checked (at
// most every reopenEvery) and the file made again; while it cannot be
// (a file in the directory's place), lines are lost, said once.
func TestStderrLog_DirectoryRemovedOrReplaced(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "logs")
	rec := &logtest.Recorder{}
	s := openStderrLog(dir, "x", nil, slog.New(rec))
	defer s.Close()
	at := time.Now()
	s.now = func() time.Time { return at }
	s.Write([]byte("one\n"))
	os.RemoveAll(dir)
	at = at.Add(reopenEvery)
	s.Write([]byte("two\n"))
	if b, err := os.ReadFile(filepath.Join(dir, "x.log")); err != nil || !strings.HasSuffix(string(b), ": two\n") {
		t.Fatalf("after the directory was removed the log is %q (%v)", b, err)
	}
	os.RemoveAll(dir)
	os.WriteFile(dir, []byte("a file"), 0o600)
	for i := range 5 {
		at = at.Add(reopenEvery)
		s.Write([]byte("lost " + string(rune('a'+i)) + "\n"))
	}
	os.Remove(dir)
	at = at.Add(reopenEvery)
	s.Write([]byte("three\n"))
	b, _ := os.ReadFile(filepath.Join(dir, "x.log"))
	if !strings.HasSuffix(string(b), ": three\n") || strings.Contains(string(b), "lost") {
		t.Errorf("log %q, want the line after the directory came back", b)
	}
	got := rec.Lines()
	if len(got) != 2 || !strings.HasPrefix(got[0], "backend log: cannot write it") || !strings.Contains(got[1], "lostLines=5") {
		t.Errorf("warnings %q, want one, then one counting 5 lines lost", got)
	}
}
