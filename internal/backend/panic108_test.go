package backend

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// A panic in what handles a backend's notification (here its log
// message, relayed to the client) is logged with its stack, and the
// backend's session goes on: the SDK recovers nothing, so before round
// 108 it ended the process, with the daemon every session it served.
func TestBackend_APanicHandlingANotificationIsLogged(t *testing.T) {
	h := &hostileRemote{}
	h.call = func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		bw := bufio.NewWriter(w)
		fmt.Fprintf(bw, "data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\",\"data\":\"x\"}}\n\n")
		fmt.Fprintf(bw, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"fine\"}]}}\n\n", id)
		bw.Flush()
	}
	ts := httptest.NewServer(h)
	defer ts.Close()
	var logged atomic.Int64
	rec := &logtest.Recorder{}
	o := &Options{ProtocolVersion: "2025-11-25", Logger: rec.Logger(), Log: func(context.Context, *mcp.LoggingMessageParams) {
		if logged.Add(1) == 1 {
			panic("relaying the log message")
		}
	}}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, o)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for i := range 2 {
		if _, err := b.CallTool(ctx, "t", json.RawMessage(`{}`)); err != nil {
			t.Fatalf("call %d: %v; want its result", i, err)
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for logged.Load() < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := logged.Load(); n != 2 {
		t.Errorf("%d log messages handled, want 2 (the one after the panic too)", n)
	}
	lines := strings.Join(rec.Lines(), "\n")
	for _, want := range []string{"handling the backend's message panicked", "method=notifications/message", "panic=relaying the log message", "recoverPanics"} {
		if !strings.Contains(lines, want) {
			t.Errorf("log does not say %q:\n%s", want, lines)
		}
	}
}

// The panic's value is cut at a rune boundary: round 108 cut it at byte
// 200, which split a two-byte rune here and logged invalid UTF-8.
func TestBackend_APanicsValueIsCutAtARuneBoundary(t *testing.T) {
	rec := &logtest.Recorder{}
	b := &Backend{log: rec.Logger()}
	h := b.recoverPanics(func(context.Context, string, mcp.Request) (mcp.Result, error) {
		panic("x" + strings.Repeat("é", 150)) // byte 200 is inside an é
	})
	if _, err := h(context.Background(), "notifications/message", nil); err == nil {
		t.Fatal("no error after the panic")
	}
	lines := strings.Join(rec.Lines(), "\n")
	if !strings.Contains(lines, "panicked") {
		t.Fatalf("nothing logged:\n%s", lines)
	}
	if !utf8.ValidString(lines) {
		t.Errorf("the log holds invalid UTF-8: %q", lines)
	}
}
