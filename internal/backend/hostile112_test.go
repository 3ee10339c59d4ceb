package backend

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"net/http/httptest"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// An event with no data on a legacy SSE backend's stream (an id or a
// retry field alone, a named ping, an empty data line) ended the
// backend's session, failing every call in flight: the SDK queues any
// event with a field, decoding its empty data failed with an error
// wrapping io.EOF, and that was read as the stream's end. The SSE format
// dispatches no event without data; such an event is dropped, unsaid,
// and the session goes on.
func TestRemote_LegacySSEEventWithoutDataIsDropped(t *testing.T) {
	for _, ev := range []string{"id: 5\n\n", "retry: 10\n\n", "event: ping\n\n", "event: message\ndata:\n\n", "event: message\ndata:  \n\n"} {
		t.Run(strings.TrimSpace(ev), func(t *testing.T) {
			s := &legacySSE{out: make(chan []byte, 16)}
			ts := httptest.NewServer(s)
			defer ts.Close()
			rec := &logtest.Recorder{}
			b, err := Start(context.Background(), &config.Server{Name: "l", Type: config.SSE, URL: ts.URL}, &Options{Logger: rec.Logger()})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			s.out <- []byte(ev)
			for i := range 2 {
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				_, err := b.ListTools(ctx)
				cancel()
				if err != nil {
					t.Fatalf("listing %d after the event: %v; want the session to go on", i, err)
				}
			}
			if err := b.alive(); err != nil {
				t.Errorf("the backend ended: %v", err)
			}
			if slices.ContainsFunc(rec.Lines(), func(l string) bool { return strings.HasPrefix(l, "dropped an event of the backend") }) {
				t.Errorf("an event without data, which SSE does not dispatch, was said as junk: %q", rec.Lines())
			}
		})
	}
}
