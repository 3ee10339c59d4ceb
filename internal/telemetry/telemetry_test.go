package telemetry

import (
	"context"
	"errors"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
	"io"
	stdlog "log"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	metricpb "go.opentelemetry.io/proto/otlp/collector/metrics/v1"
	tracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	otlptrace "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"
)

// collector is a loopback OTLP/HTTP collector that keeps the spans and
// the metric data points' attributes it receives, and the requests it
// could not decode.
type collector struct {
	*httptest.Server
	mu      sync.Mutex
	spans   []*otlptrace.Span
	points  [][]*commonpb.KeyValue
	bad     []string
	headers []http.Header
}

func newCollector(t *testing.T) *collector {
	c := &collector{}
	c.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		c.mu.Lock()
		defer c.mu.Unlock()
		c.headers = append(c.headers, r.Header.Clone())
		switch r.URL.Path {
		case "/v1/traces":
			var m tracepb.ExportTraceServiceRequest
			if err := proto.Unmarshal(body, &m); err != nil {
				c.bad = append(c.bad, err.Error())
				break
			}
			for _, rs := range m.ResourceSpans {
				for _, ss := range rs.ScopeSpans {
					c.spans = append(c.spans, ss.Spans...)
				}
			}
		case "/v1/metrics":
			var m metricpb.ExportMetricsServiceRequest
			if err := proto.Unmarshal(body, &m); err != nil {
				c.bad = append(c.bad, err.Error())
				break
			}
			for _, rm := range m.ResourceMetrics {
				for _, sm := range rm.ScopeMetrics {
					for _, mt := range sm.Metrics {
						for _, p := range mt.GetSum().GetDataPoints() {
							c.points = append(c.points, p.Attributes)
						}
						for _, p := range mt.GetHistogram().GetDataPoints() {
							c.points = append(c.points, p.Attributes)
						}
					}
				}
			}
		}
	}))
	t.Cleanup(c.Close)
	return c
}

func start(t *testing.T, env map[string]string) *Telemetry {
	t.Helper()
	tel, err := New(context.Background(), Options{Getenv: func(k string) string { return env[k] }})
	if err != nil || tel == nil {
		t.Fatalf("New = %v, %v", tel, err)
	}
	return tel
}

// A backend names its tools: a 1 MB name was the span's name, two of its
// attributes and the key of a metric series (2,000 series of each of two
// instruments kept for the daemon's life, 2,048 spans queued while the
// collector is slow): gigabytes. Names are now cut.
func TestTelemetry_BoundsNamesInSpansAndMetrics(t *testing.T) {
	col := newCollector(t)
	tel := start(t, map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": col.URL})
	huge := strings.Repeat("é", 1<<19) // 1 MiB
	_, sp := tel.StartCall(context.Background(), "srv"+huge, "tool"+huge)
	sp.End(1, false, nil)
	tel.BackendStarted("srv" + huge)
	if err := tel.Shutdown(context.Background()); err != nil {
		t.Fatal(err)
	}
	col.mu.Lock()
	defer col.mu.Unlock()
	if len(col.spans) != 1 || len(col.points) < 3 {
		t.Fatalf("got %d spans, %d points (bad requests %q)", len(col.spans), len(col.points), col.bad)
	}
	check := func(what, s string) {
		if len(s) > 2*256+16 || !utf8.ValidString(s) {
			t.Errorf("%s is %d bytes (valid UTF-8 %v), want at most about %d", what, len(s), utf8.ValidString(s), 2*256)
		}
	}
	check("span name", col.spans[0].Name)
	for _, kv := range col.spans[0].Attributes {
		check("span attribute "+kv.Key, kv.Value.GetStringValue())
	}
	for _, p := range col.points {
		for _, kv := range p {
			check("metric attribute "+kv.Key, kv.Value.GetStringValue())
		}
	}
}

// An error message cut at 500 bytes inside a character is not UTF-8, which
// protobuf refuses to encode: the whole batch of spans was lost.
func TestTelemetry_CutErrorStaysUTF8(t *testing.T) {
	col := newCollector(t)
	tel := start(t, map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": col.URL, "OTEL_METRICS_EXPORTER": "none"})
	_, ok := tel.StartCall(context.Background(), "s", "ok")
	ok.End(1, false, nil)
	_, bad := tel.StartCall(context.Background(), "s", "fails")
	bad.End(0, true, errors.New(strings.Repeat("x", 499)+strings.Repeat("é", 10)))
	if err := tel.Shutdown(context.Background()); err != nil {
		t.Fatalf("Shutdown: %v", err)
	}
	col.mu.Lock()
	defer col.mu.Unlock()
	if len(col.spans) != 2 {
		t.Fatalf("got %d spans, want 2", len(col.spans))
	}
	for _, s := range col.spans {
		if m := s.Status.GetMessage(); !utf8.ValidString(m) || len(m) > 510 {
			t.Errorf("status %q", m)
		}
	}
}

// A collector that redirects elsewhere: the client followed, and sent
// the headers of OTEL_EXPORTER_OTLP_HEADERS (an API key) to the other
// host (Go drops only Authorization and cookies on a redirect to another
// host).
func TestTelemetry_DoesNotFollowRedirects(t *testing.T) {
	other := newCollector(t)
	redirector := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		code := http.StatusFound
		if r.URL.Path == "/v1/metrics" {
			code = http.StatusPermanentRedirect
		}
		http.Redirect(w, r, strings.Replace(other.URL, "127.0.0.1", "localhost", 1)+r.URL.Path, code)
	}))
	t.Cleanup(redirector.Close)
	t.Setenv("OTEL_EXPORTER_OTLP_HEADERS", "x-api-key=hunter2-secret")
	tel := start(t, map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": redirector.URL})
	_, sp := tel.StartCall(context.Background(), "s", "t")
	sp.End(1, false, nil)
	tel.Shutdown(context.Background())
	other.mu.Lock()
	defer other.mu.Unlock()
	for _, h := range other.headers {
		if h.Get("X-Api-Key") != "" {
			t.Errorf("the redirect's target got x-api-key %q", h.Get("X-Api-Key"))
		}
	}
	if len(other.headers) > 0 {
		t.Errorf("the redirect was followed %d times", len(other.headers))
	}
}

// The exporters' client is ours (see httpClient): the settings it reads
// in the SDK's place are errors naming the variable when wrong.
func TestTelemetry_ClientSettingsNamedWhenWrong(t *testing.T) {
	for env, want := range map[string]string{
		"OTEL_EXPORTER_OTLP_TIMEOUT":                    "OTEL_EXPORTER_OTLP_TIMEOUT=\"soon\" is not a number of milliseconds",
		"OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE":         "OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE: open /nonexistent/ca.pem",
		"OTEL_EXPORTER_OTLP_METRICS_CLIENT_CERTIFICATE": "OTEL_EXPORTER_OTLP_METRICS_CLIENT_CERTIFICATE and OTEL_EXPORTER_OTLP_CLIENT_KEY go together",
	} {
		v := map[string]string{"OTEL_EXPORTER_OTLP_TIMEOUT": "soon"}[env]
		if v == "" {
			v = "/nonexistent/ca.pem"
		}
		e := map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "https://127.0.0.1:1", env: v}
		tel, err := New(context.Background(), Options{Getenv: func(k string) string { return e[k] }})
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s=%s: New = %v, %v; want an error holding %q", env, v, tel, err, want)
		}
	}
	// Certificate settings for an http:// endpoint would not be used (the
	// SDK refused them; its check does not run with our client): an
	// error naming the variable and the endpoint.
	for _, env := range []string{"OTEL_EXPORTER_OTLP_CERTIFICATE", "OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY"} {
		e := map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1", env: "/etc/ssl/ca.pem"}
		tel, err := New(context.Background(), Options{Getenv: func(k string) string { return e[k] }})
		want := env + " is set, but the endpoint http://127.0.0.1:1/v1/traces is http://"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s with an http:// endpoint: New = %v, %v; want an error holding %q", env, tel, err, want)
		}
	}
	e := map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1", "OTEL_EXPORTER_OTLP_TIMEOUT": "250"}
	tel, err := New(context.Background(), Options{Getenv: func(k string) string { return e[k] }})
	if err != nil || tel == nil {
		t.Fatalf("a timeout of 250 ms: New = %v, %v", tel, err)
	}
	tel.Shutdown(context.Background())
}

// Export errors go to Options.Logger, as it says, bounded: they went to
// stderr through the standard log package (in the daemon, text lines in
// daemon.log's JSON, one per failed export).
func TestTelemetry_ExportErrorsGoToTheLogger(t *testing.T) {
	failing := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "collector says no", http.StatusBadRequest)
	}))
	t.Cleanup(failing.Close)
	var logged, std logtest.Buffer
	oldOut := stdlog.Writer()
	stdlog.SetOutput(&std)
	t.Cleanup(func() { stdlog.SetOutput(oldOut) })
	t.Setenv("OTEL_BSP_SCHEDULE_DELAY", "5") // ms: the batcher exports by itself, as in use
	env := map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": failing.URL, "OTEL_METRICS_EXPORTER": "none"}
	tel, err := New(context.Background(), Options{Getenv: func(k string) string { return env[k] }, Logger: slog.New(slog.NewTextHandler(&logged, nil))})
	if err != nil || tel == nil {
		t.Fatal(tel, err)
	}
	for i := 0; i < 200 && strings.Count(logged.String(), "telemetry: exporting") < 2; i++ {
		_, sp := tel.StartCall(context.Background(), "s", "t")
		sp.End(1, false, nil)
		time.Sleep(20 * time.Millisecond)
	}
	tel.Shutdown(context.Background())
	if got := logged.String(); !strings.Contains(got, "collector says no") || strings.Count(got, "telemetry: exporting") != 2 {
		t.Errorf("logged %q: want the 1st and 10th export error", got)
	}
	if std.String() != "" {
		t.Errorf("the standard log got %q", std.String())
	}
}

// An endpoint with a user and password: the SDK took only its host and
// exported without them, saying nothing; an unparsable one it logged
// whole on stderr (the password with it) and exported to localhost:4318.
// Both are now errors naming the variable, without the password.
func TestTelemetry_EndpointErrorsNameTheVariableNotThePassword(t *testing.T) {
	for want, env := range map[string]map[string]string{
		"holds a user name or password":                   {"OTEL_EXPORTER_OTLP_ENDPOINT": "https://user:hunter2pass@collector.example"},
		"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is not a URL": {"OTEL_EXPORTER_OTLP_TRACES_ENDPOINT": "http://user:hunter2pass@collector.example:bad port/v1/traces"},
		"not an http:// or https:// URL with a host":      {"OTEL_EXPORTER_OTLP_METRICS_ENDPOINT": "collector.example:4318"},
	} {
		tel, err := New(context.Background(), Options{Getenv: func(k string) string { return env[k] }})
		if err == nil || !strings.Contains(err.Error(), want) || strings.Contains(err.Error(), "hunter2pass") {
			t.Errorf("%v: New = %v, %v; want an error holding %q, without the password", env, tel, err, want)
		}
	}
}
