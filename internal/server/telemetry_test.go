package server

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	metricpb "go.opentelemetry.io/proto/otlp/collector/metrics/v1"
	tracepb "go.opentelemetry.io/proto/otlp/collector/trace/v1"
	commonpb "go.opentelemetry.io/proto/otlp/common/v1"
	otlptrace "go.opentelemetry.io/proto/otlp/trace/v1"
	"google.golang.org/protobuf/proto"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/telemetry"
)

// otlpReceiver is a loopback OTLP/HTTP receiver: it decodes the
// protobuf requests of the SDK's exporters.
type otlpReceiver struct {
	*httptest.Server
	mu      sync.Mutex
	spans   []*otlptrace.Span
	metrics []string // names of the metrics received
}

func newOTLPReceiver(t *testing.T) *otlpReceiver {
	r := &otlpReceiver{}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/traces", func(w http.ResponseWriter, req *http.Request) {
		var m tracepb.ExportTraceServiceRequest
		if !r.decode(t, w, req, &m) {
			return
		}
		r.mu.Lock()
		for _, rs := range m.ResourceSpans {
			for _, ss := range rs.ScopeSpans {
				r.spans = append(r.spans, ss.Spans...)
			}
		}
		r.mu.Unlock()
		b, _ := proto.Marshal(&tracepb.ExportTraceServiceResponse{})
		w.Header().Set("Content-Type", "application/x-protobuf")
		w.Write(b)
	})
	mux.HandleFunc("POST /v1/metrics", func(w http.ResponseWriter, req *http.Request) {
		var m metricpb.ExportMetricsServiceRequest
		if !r.decode(t, w, req, &m) {
			return
		}
		r.mu.Lock()
		for _, rm := range m.ResourceMetrics {
			for _, sm := range rm.ScopeMetrics {
				for _, mt := range sm.Metrics {
					r.metrics = append(r.metrics, mt.Name)
				}
			}
		}
		r.mu.Unlock()
		b, _ := proto.Marshal(&metricpb.ExportMetricsServiceResponse{})
		w.Header().Set("Content-Type", "application/x-protobuf")
		w.Write(b)
	})
	r.Server = httptest.NewServer(mux) // 127.0.0.1
	t.Cleanup(r.Close)
	return r
}

func (r *otlpReceiver) decode(t *testing.T, w http.ResponseWriter, req *http.Request, m proto.Message) bool {
	body, err := io.ReadAll(req.Body)
	if err == nil {
		err = proto.Unmarshal(body, m)
	}
	if err != nil {
		t.Errorf("OTLP request %s: %v (content type %q)", req.URL.Path, err, req.Header.Get("Content-Type"))
		http.Error(w, err.Error(), http.StatusBadRequest)
		return false
	}
	return true
}

func attrs(kv []*commonpb.KeyValue) map[string]any {
	m := map[string]any{}
	for _, a := range kv {
		switch v := a.Value.Value.(type) {
		case *commonpb.AnyValue_StringValue:
			m[a.Key] = v.StringValue
		case *commonpb.AnyValue_IntValue:
			m[a.Key] = v.IntValue
		case *commonpb.AnyValue_BoolValue:
			m[a.Key] = v.BoolValue
		}
	}
	return m
}

func TestTelemetry_OneExecuteIsOneTraceOfItsCalls(t *testing.T) {
	recv := newOTLPReceiver(t)
	env := map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": recv.URL}
	ctx := context.Background()
	tel, err := telemetry.New(ctx, telemetry.Options{Getenv: func(k string) string { return env[k] }, Version: "test"})
	if err != nil || tel == nil {
		t.Fatalf("telemetry.New = %v, %v", tel, err)
	}
	fb := &fakeBackends{tools: map[string][]*mcp.Tool{"everything": {
		{Name: "echo", InputSchema: schema(`"message":{"type":"string"}`)},
		{Name: "fail", InputSchema: schema(``)},
	}}}
	cat := catalog.New(map[string]*config.Server{"everything": {Name: "everything", Type: config.Stdio, Command: "x"}}, fb, nil)
	s := New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults(), Session: "s1", Telemetry: tel})
	res := s.Execute(ctx, `const a = await everything.echo({message: "hello"}); let b; try { await everything.fail({}) } catch (e) { b = "caught" } return [a, b]`, 0)
	if res.Err != nil || string(res.Value) != `["hello","caught"]` {
		t.Fatalf("execute: %s, %v", res.Value, res.Err)
	}
	tel.BackendStarted("everything")
	if err := tel.Shutdown(ctx); err != nil { // flushes both signals
		t.Fatal(err)
	}
	recv.mu.Lock()
	defer recv.mu.Unlock()
	if len(recv.spans) != 3 {
		t.Fatalf("got %d spans, want 3 (execute and its two calls): %v", len(recv.spans), recv.spans)
	}
	var root *otlptrace.Span
	calls := map[string]*otlptrace.Span{}
	for _, sp := range recv.spans {
		if sp.Name == "execute" {
			root = sp
		} else {
			calls[sp.Name] = sp
		}
	}
	if root == nil || len(root.ParentSpanId) != 0 || attrs(root.Attributes)["switchboard.session"] != "s1" {
		t.Fatalf("root span %v: want an execute span without a parent, with the session", root)
	}
	for name, want := range map[string]map[string]any{
		"call everything.echo": {"switchboard.server": "everything", "switchboard.tool": "echo", "switchboard.result_bytes": int64(contentSize(&mcp.TextContent{Text: "hello"}))},
		"call everything.fail": {"switchboard.server": "everything", "switchboard.tool": "fail", "switchboard.result_bytes": int64(contentSize(&mcp.TextContent{Text: "no such file"})), "error.type": "tool_error"},
	} {
		sp := calls[name]
		if sp == nil {
			t.Errorf("no span %q among %v", name, recv.spans)
			continue
		}
		if !slices.Equal(sp.TraceId, root.TraceId) || !slices.Equal(sp.ParentSpanId, root.SpanId) {
			t.Errorf("%s: trace %x parent %x, want a child of execute (trace %x span %x)", name, sp.TraceId, sp.ParentSpanId, root.TraceId, root.SpanId)
		}
		got := attrs(sp.Attributes)
		for k, v := range want {
			if got[k] != v {
				t.Errorf("%s: %s = %v, want %v (all: %v)", name, k, got[k], v, got)
			}
		}
		failed := sp.Status != nil && sp.Status.Code == otlptrace.Status_STATUS_CODE_ERROR
		if failed != (want["error.type"] != nil) {
			t.Errorf("%s: status %v", name, sp.Status)
		}
	}
	for _, m := range []string{"switchboard.executes", "switchboard.execute.duration", "switchboard.tool.calls", "switchboard.tool.duration", "switchboard.backend.starts", "switchboard.sandbox.queue"} {
		if !slices.Contains(recv.metrics, m) {
			t.Errorf("metric %s not exported; got %v", m, recv.metrics)
		}
	}
}

func TestTelemetry_OffWithoutEndpoint(t *testing.T) {
	tel, err := telemetry.New(context.Background(), telemetry.Options{Getenv: func(k string) string {
		return map[string]string{"OTEL_SERVICE_NAME": "x", "OTEL_EXPORTER_OTLP_HEADERS": "a=b"}[k]
	}})
	if tel != nil || err != nil {
		t.Errorf("New without an endpoint = %v, %v; want nil, nil (off)", tel, err)
	}
	tel, err = telemetry.New(context.Background(), telemetry.Options{Getenv: func(k string) string {
		return map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1", "OTEL_SDK_DISABLED": "true"}[k]
	}})
	if tel != nil || err != nil {
		t.Errorf("New with OTEL_SDK_DISABLED=true = %v, %v; want off", tel, err)
	}
	if _, err := telemetry.New(context.Background(), telemetry.Options{Getenv: func(k string) string {
		return map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://127.0.0.1:1", "OTEL_EXPORTER_OTLP_PROTOCOL": "grpc"}[k]
	}}); err == nil {
		t.Error("OTEL_EXPORTER_OTLP_PROTOCOL=grpc: no error; want one saying only http/protobuf is offered")
	}
}

// What a script throws (a tool's result, a token it read) was the
// execute span's status message as it was, sent to the collector, which
// the audit log, the status page and the daemon's log never get without
// redact.Text.
func TestTelemetry_SpanErrorsAreRedacted(t *testing.T) {
	recv := newOTLPReceiver(t)
	env := map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": recv.URL, "OTEL_METRICS_EXPORTER": "none"}
	ctx := context.Background()
	tel, err := telemetry.New(ctx, telemetry.Options{Getenv: func(k string) string { return env[k] }})
	if err != nil || tel == nil {
		t.Fatalf("telemetry.New = %v, %v", tel, err)
	}
	fb := &fakeBackends{tools: map[string][]*mcp.Tool{"everything": {{Name: "echo", InputSchema: schema(`"message":{"type":"string"}`)}}}}
	cat := catalog.New(map[string]*config.Server{"everything": {Name: "everything", Type: config.Stdio, Command: "x"}}, fb, nil)
	s := New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults(), Session: "s1", Telemetry: tel})
	const token = "ghp_0123456789abcdefghijklmnopqrstuvwxyz"
	res := s.Execute(ctx, `const r = await everything.echo({message: "Authorization: Bearer `+token+`"}); throw new Error(r)`, 0)
	if res.Err == nil {
		t.Fatalf("execute: %s, want the thrown error", res.Value)
	}
	if err := tel.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	recv.mu.Lock()
	defer recv.mu.Unlock()
	found := false
	for _, sp := range recv.spans {
		if sp.Name == "execute" {
			found = true
			if m := sp.Status.GetMessage(); strings.Contains(m, token) || m == "" {
				t.Errorf("execute span status %q: want the error with the token hidden", m)
			}
		}
	}
	if !found {
		t.Fatalf("no execute span among %v", recv.spans)
	}
}
