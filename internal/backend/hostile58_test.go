package backend

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

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

// Round fifty-eight: an answer under an id never sent was dropped by the
// SDK without a word in the backend's log. It is said there now, once a
// minute at most, with the count since the last time it was said.
func TestBackend_AnAnswerUnderAnIdNeverSentIsLogged(t *testing.T) {
	dir := t.TempDir()
	b := startFake(t, "raw", &Options{LogDir: dir})
	ctx, cancel := context.WithTimeout(context.Background(), slow(5*time.Second))
	defer cancel()
	for range 2 {
		res, err := b.CallTool(ctx, "stray", json.RawMessage(`{}`))
		if err != nil || res.Content[0].(*mcp.TextContent).Text != "after strays" {
			t.Fatalf("call: %v, %v", res, err)
		}
	}
	log, _ := os.ReadFile(filepath.Join(dir, "fake.log"))
	if n := strings.Count(string(log), "under an id no request of ours waits for"); n != 1 {
		t.Errorf("said %d times in the log, want once (within a minute):\n%s", n, log)
	}
	if !strings.Contains(string(log), "900001") {
		t.Errorf("log does not name the id:\n%s", log)
	}
}

// The note is said at the first stray answer, then at the first one a
// minute after the last note, with the count since.
func TestStrays_SaidOnceAMinuteWithTheCount(t *testing.T) {
	var s strays
	t0 := time.Unix(1000, 0)
	for i, tc := range []struct {
		at   time.Duration
		n    int
		said bool
	}{
		{0, 1, true},
		{time.Second, 0, false},
		{30 * time.Second, 0, false},
		{61 * time.Second, 3, true},
		{62 * time.Second, 0, false},
	} {
		n, said := s.saw(t0.Add(tc.at))
		if said != tc.said || (said && n != tc.n) {
			t.Errorf("%d: saw = %d, %v; want %d, %v", i, n, said, tc.n, tc.said)
		}
	}
}

// Round fifty-eight: configured env values were hidden wherever they
// appeared, short plain ones included: a backend given N=100000 had
// "100000 requests refused" in its log as "*** requests refused". Only
// values whose name says secret, or that look like one, are hidden now,
// and a URL's password and query values.
func TestSpecSecrets_OnlySecretLookingEnvValuesAreHidden(t *testing.T) {
	spec := &config.Server{Name: "x", Type: config.Stdio, Command: "x", Env: map[string]string{
		"N": "100000", "LOG_LEVEL": "verbose",
		"API_KEY": "short1", "PGPASSWORD": "hunter2", "OPAQUE": "Zq8xK2mP9vL4",
		"DATABASE_URL": "postgres://app:pw12345@db.example/x",
		"REF":          "${env:SOME_TOKEN}", "PLAIN_REF": "${env:COUNT}",
	}}
	env := map[string]string{"SOME_TOKEN": "abc123", "COUNT": "250000"}
	_, sec, err := Expand(spec, config.Resolver{Getenv: func(k string) (string, bool) { v, ok := env[k]; return v, ok }})
	if err != nil {
		t.Fatal(err)
	}
	got := sec.String("100000 requests refused at verbose; 250000 more; short1 hunter2 Zq8xK2mP9vL4 pw12345 abc123")
	if want := "100000 requests refused at verbose; 250000 more; *** *** *** *** ***"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}
