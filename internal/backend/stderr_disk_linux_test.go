package backend

import (
	"log/slog"
	"os"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile/disktest"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// On a full disk the backend's stderr lines are lost, said once (not
// per line), and once more when the file is written again; the line the
// disk cut short is ended, so the next reads as a line of its own.
// Before, nothing was said and the next line was glued to the cut one.
func TestStderrLog_FullDiskSaysSoOnceAndLinesStayWhole(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 64<<10)
	if !ok {
		return
	}
	rec := &logtest.Recorder{}
	s := openStderrLog(dir, "x", nil, slog.New(rec))
	defer s.Close()
	s.Write([]byte("first\n"))
	fill := disktest.Fill(t, dir) // the log's first page still has room
	for range 40 {
		s.Write([]byte(strings.Repeat("x", 150) + "\n"))
	}
	os.Remove(fill)
	s.Write([]byte("after\n"))
	b, err := os.ReadFile(s.path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if last := lines[len(lines)-1]; !strings.HasSuffix(last, " stderr: after") || strings.Count(last, "stderr") != 1 {
		t.Errorf("the line after the full disk is %q", last)
	}
	got := rec.Lines()
	if len(got) != 2 || !strings.Contains(got[0], "no space left on device") || !strings.Contains(got[1], "writing again") {
		t.Errorf("warnings %q, want one naming ENOSPC and one saying it writes again", got)
	}
}
