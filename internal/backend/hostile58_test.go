package backend

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// Round fifty-eight: a remote backend answering initialize with a 5xx
// failed the start with the SDK's words (`sending "initialize": Bad
// Gateway`), naming neither the status code nor the URL. Both are named
// now, the URL's query values hidden, with what to try.
func TestRemote_A5xxToInitializeNamesTheStatusAndTheURL(t *testing.T) {
	for _, typ := range []string{config.HTTP, config.SSE} {
		t.Run(typ, func(t *testing.T) {
			h := &hostileRemote{post: func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
				if method == "initialize" {
					http.Error(w, "upstream down", http.StatusBadGateway)
					return true
				}
				return false
			}}
			if typ == config.SSE {
				h.get = func(w http.ResponseWriter, r *http.Request, n int64) {
					w.Header().Set("Content-Type", "text/event-stream")
					w.WriteHeader(http.StatusOK)
					w.Write([]byte("event: endpoint\ndata: /mcp\n\n"))
					w.(http.Flusher).Flush()
					<-r.Context().Done()
				}
			}
			ts := httptest.NewServer(h)
			t.Cleanup(ts.Close)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			b, err := Start(ctx, &config.Server{Name: "r", Type: typ, URL: ts.URL + "/mcp?token=hunter2secret"}, &Options{ProtocolVersion: "2025-11-25"})
			if err == nil {
				b.Close()
				t.Fatal("started")
			}
			msg := err.Error()
			url := "from " + ts.URL + "/mcp?token=" // where initialize went
			if typ == config.SSE {
				url = "from " + ts.URL + "/mcp;" // the endpoint event's
			}
			for _, want := range []string{`backend "r" answered initialize with 502 Bad Gateway`, url, "switchboard doctor r"} {
				if !strings.Contains(msg, want) {
					t.Errorf("start: %v\nwant it to say %q", msg, want)
				}
			}
			if strings.Contains(msg, "hunter2secret") {
				t.Errorf("start: %v\nthe query token is shown", msg)
			}
		})
	}
}
