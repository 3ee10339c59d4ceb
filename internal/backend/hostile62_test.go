package backend

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// Round sixty-two: a Streamable HTTP backend's own requests (ping,
// roots/list, sampling, elicitation) each held a goroutine of the SDK's
// until answered, with nothing bounding how many (round fifty-six bounded
// a stdio or SSE backend's; a Streamable HTTP connection cannot be
// wrapped). They are counted as their events pass our HTTP layer now:
// past maxAsks waiting, one is answered with an error by a POST of ours
// and never reaches the SDK.
func TestRemote_AStreamableBackendsRequestsWaitingForAnAnswerAreBounded(t *testing.T) {
	const sent = maxAsks + maxRefusals
	var refused, answered, other atomic.Int64
	again := make(chan struct{})
	h := &hostileRemote{}
	h.get = func(w http.ResponseWriter, r *http.Request, n int64) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		ask := func(from, to int) {
			for i := from; i <= to; i++ {
				fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"sampling/createMessage\",\"params\":{\"maxTokens\":1,\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}]}}\n\n", i)
			}
			w.(http.Flusher).Flush()
		}
		if n == 1 {
			ask(1, sent)
			// Once those were answered, more are let in.
			select {
			case <-again:
				ask(sent+1, sent+10)
			case <-r.Context().Done():
			}
		}
		<-r.Context().Done()
	}
	h.post = func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
		var m struct {
			ID     json.RawMessage
			Method string
			Error  *struct{ Message string }
		}
		if json.Unmarshal(body, &m) != nil || m.Method != "" || m.ID == nil {
			return false
		}
		switch {
		case m.Error != nil && strings.Contains(m.Error.Message, "switchboard: refused: too many of this server's requests are waiting"):
			refused.Add(1)
		case m.Error == nil:
			answered.Add(1)
		default:
			other.Add(1)
			t.Errorf("answer: %s", body)
		}
		w.WriteHeader(http.StatusAccepted)
		return true
	}
	release := make(chan struct{})
	var inHandler atomic.Int64
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rec := &logtest.Recorder{}
	b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{ProtocolVersion: "2025-11-25", Logger: rec.Logger(),
		Sample: func(ctx context.Context, _ *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			inHandler.Add(1)
			select {
			case <-release:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return &mcp.CreateMessageResult{Model: "m", Role: "assistant", Content: &mcp.TextContent{Text: "hi"}}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	// Every request either reached the handler (and waits on release) or
	// was refused by a POST of ours.
	deadline := time.Now().Add(slow(time.Minute))
	for inHandler.Load()+refused.Load() < sent && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond) // one past the bound would show now
	if got := inHandler.Load(); got != maxAsks {
		t.Errorf("%d of %d requests reached the handler at once, want the bound, %d", got, sent, maxAsks)
	}
	close(release)
	for answered.Load()+refused.Load()+other.Load() < sent && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if answered.Load() != min(inHandler.Load(), sent) || refused.Load() != sent-inHandler.Load() {
		t.Errorf("%d answered, %d refused; want %d and %d", answered.Load(), refused.Load(), inHandler.Load(), sent-inHandler.Load())
	}
	before := answered.Load()
	close(again)
	for answered.Load() < before+10 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if got := answered.Load() - before; got != 10 {
		t.Errorf("%d of 10 requests sent after the others were answered were answered, want all (the answered ones wait no more)", got)
	}
	if !slices.ContainsFunc(rec.Lines(), func(l string) bool { return strings.HasPrefix(l, "refused requests of the backend") }) {
		t.Errorf("no refusal was said; logged: %q", rec.Lines())
	}
}
