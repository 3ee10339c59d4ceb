//go:build unix

package sandbox

import (
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// Round 111: a panic on the goroutine that reads a worker's output (the
// frames' decoding, a call frame served there) ended the process, and
// with the daemon every session. It is logged, and the worker is killed
// as one that broke the protocol: its frames end, and its script fails
// saying why.
func TestWorker_APanicReadingItsOutputKillsItAndSaysWhy(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	rec := &logtest.Recorder{}
	// A worker that asks for one tool call, then waits.
	w, err := startWorker([]string{"sh", "-c", `printf '{"type":"call","id":1,"server":"s","tool":"t"}\n'; exec sleep 30`}, rec.Logger())
	if err != nil {
		t.Fatal(err)
	}
	serve := func(*frame) { panic("a bug serving the call") }
	w.onCall.Store(&serve)
	select {
	case <-w.exited:
	case <-time.After(10 * time.Second):
		w.kill()
		t.Fatal("the worker was not killed after the panic reading its output")
	}
	if _, open := <-w.frames; open {
		t.Error("the worker's frames go on after the panic")
	}
	res := w.crashed()
	if res.Err == nil || !strings.Contains(res.Err.Message, "script worker exited: internal error reading its output: a bug serving the call (a bug in Switchboard)") {
		t.Errorf("the script's result: %+v", res.Err)
	}
	if lines := strings.Join(rec.Lines(), "\n"); strings.Count(lines, "reading a script worker's output panicked") != 1 {
		t.Errorf("log:\n%s", lines)
	}
}
