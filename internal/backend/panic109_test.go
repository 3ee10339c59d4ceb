package backend

import (
	"context"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// A panic on the goroutine reading a stdio backend's output (here in
// junk, told of a line that is no JSON-RPC) ends that connection with an
// internal error, as a broken pipe does: its waiting calls fail and the
// pool starts it again. The stack is logged once; another backend's
// connection reads on. Before round 109 the panic ended the process.
func TestLineTransport_APanicReadingEndsTheConnectionWithAnError(t *testing.T) {
	rec := &logtest.Recorder{}
	in := `{"jsonrpc":"2.0","id":1,"result":{}}` + "\n" + "not json\n" + `{"jsonrpc":"2.0","id":2,"result":{}}` + "\n"
	tr := &lineTransport{r: strings.NewReader(in), w: nopWriteCloser{io.Discard}, log: rec.Logger(), junk: func([]byte, error) {
		panic("a bug noting a junk line")
	}}
	c, _ := tr.Connect(context.Background())
	defer c.Close()
	m, err := c.Read(context.Background())
	if r, ok := m.(*jsonrpc.Response); err != nil || !ok || r.ID.Raw() != int64(1) {
		t.Fatalf("first read: %v %v", m, err)
	}
	_, err = c.Read(context.Background())
	if err == nil || !strings.Contains(err.Error(), "internal error in switchboard reading the backend's output: a bug noting a junk line") {
		t.Fatalf("read after the panic: %v, want the internal error", err)
	}
	lines := strings.Join(rec.Lines(), "\n")
	if strings.Count(lines, "reading a backend's output panicked") != 1 || !strings.Contains(lines, "stack=goroutine") {
		t.Errorf("log:\n%s", lines)
	}
	other := &lineTransport{r: strings.NewReader(`{"jsonrpc":"2.0","id":7,"result":{}}` + "\n"), w: nopWriteCloser{io.Discard}}
	oc, _ := other.Connect(context.Background())
	defer oc.Close()
	if m, err := oc.Read(context.Background()); err != nil || m.(*jsonrpc.Response).ID.Raw() != int64(7) {
		t.Errorf("another backend's connection: %v %v", m, err)
	}
}

// panicWriter panics on its first write, as a bug keeping a backend's
// stderr would.
type panicWriter struct{}

func (panicWriter) Write([]byte) (int, error) { panic("a bug keeping the backend's stderr") }

// A panic keeping a stdio backend's stderr is logged and the rest of its
// stderr is read and dropped: the backend writing more than a pipe holds
// is not blocked, and its stderr's end is seen. It ended the process.
func TestSpawn_APanicKeepingStderrDrainsIt(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("a POSIX shell")
	}
	rec := &logtest.Recorder{}
	spec := &config.Server{Name: "e", Type: config.Stdio, Command: "/bin/sh", Args: []string{"-c", "head -c 300000 /dev/zero >&2; echo done"}}
	p, err := spawn(spec, os.Environ(), panicWriter{}, nil, rec.Logger())
	if err != nil {
		t.Fatal(err)
	}
	defer p.stdin.Close()
	out, _ := io.ReadAll(p.stdout)
	if strings.TrimSpace(string(out)) != "done" {
		t.Errorf("stdout = %q: the backend did not get past its stderr", out)
	}
	select {
	case <-p.stderrDone:
	case <-time.After(10 * time.Second):
		t.Fatal("stderr's end was not seen")
	}
	<-p.exited
	if lines := strings.Join(rec.Lines(), "\n"); strings.Count(lines, "keeping a backend's stderr panicked") != 1 {
		t.Errorf("log:\n%s", lines)
	}
}
