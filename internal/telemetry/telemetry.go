// Package telemetry exports Switchboard's traces and metrics with
// OpenTelemetry over OTLP/HTTP (protobuf), when the standard environment
// asks for it: OTEL_EXPORTER_OTLP_ENDPOINT, or the per-signal
// OTEL_EXPORTER_OTLP_TRACES_ENDPOINT / OTEL_EXPORTER_OTLP_METRICS_ENDPOINT.
// Without them, New returns nil and nothing of the SDK is initialised:
// every method of a nil *Telemetry does nothing, so the hot path pays one
// nil check.
//
// Traces: one span per execute ("execute"), with a child span per backend
// call ("call SERVER.TOOL") carrying switchboard.server,
// switchboard.tool, switchboard.result_bytes and, for a failed call, the
// error (span status and error.type). Metrics: switchboard.executes and
// switchboard.tool.calls (counters), switchboard.execute.duration and
// switchboard.tool.duration (histograms, seconds), switchboard.backend.starts
// and switchboard.backend.crashes (counters by server), and
// switchboard.sandbox.queue (scripts waiting for a worker, a gauge).
//
// The exporters' HTTP client is ours (it follows no redirect; see
// httpClient), so the timeout and certificate variables
// (OTEL_EXPORTER_OTLP[_SIGNAL]_TIMEOUT, _CERTIFICATE, _CLIENT_CERTIFICATE,
// _CLIENT_KEY) are read from Options.Getenv. The other OTEL_* variables
// (OTEL_EXPORTER_OTLP_HEADERS, _COMPRESSION, OTEL_TRACES_SAMPLER,
// OTEL_METRIC_EXPORT_INTERVAL, OTEL_RESOURCE_ATTRIBUTES, ...) are read by
// the SDK from the process environment. OTEL_SDK_DISABLED=true turns export off, and
// OTEL_TRACES_EXPORTER=none or OTEL_METRICS_EXPORTER=none one signal.
// Only the http/protobuf protocol is offered.
package telemetry

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"go.opentelemetry.io/otel"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/exporters/otlp/otlpmetric/otlpmetrichttp"
	"go.opentelemetry.io/otel/exporters/otlp/otlptrace/otlptracehttp"
	"go.opentelemetry.io/otel/metric"
	sdkmetric "go.opentelemetry.io/otel/sdk/metric"
	"go.opentelemetry.io/otel/sdk/resource"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/trace"
)

// Options configure New. Getenv is required.
type Options struct {
	// Getenv reads the environment the OTEL_* variables come from (the
	// daemon's at its start, serve's).
	Getenv func(string) string
	// Version is reported as service.version.
	Version string
	// Logger receives export errors; nil discards them.
	Logger *slog.Logger
}

// Telemetry is the exporters and instruments of one process. A nil
// *Telemetry is off: its methods do nothing. Methods are safe for
// concurrent use.
type Telemetry struct {
	tp     *sdktrace.TracerProvider // nil: no traces
	mp     *sdkmetric.MeterProvider // nil: no metrics
	tracer trace.Tracer

	executes, calls, starts, crashes metric.Int64Counter
	execDur, callDur                 metric.Float64Histogram

	mu    sync.Mutex
	queue []func() int // summed into switchboard.sandbox.queue
}

// Enabled reports whether getenv asks for export (see the package doc).
func Enabled(getenv func(string) string) bool {
	if strings.EqualFold(getenv("OTEL_SDK_DISABLED"), "true") {
		return false
	}
	return getenv("OTEL_EXPORTER_OTLP_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT") != "" || getenv("OTEL_EXPORTER_OTLP_METRICS_ENDPOINT") != ""
}

// New sets up export as o.Getenv asks, or returns nil (and no error)
// when it asks for none. Shutdown flushes and stops it.
func New(ctx context.Context, o Options) (*Telemetry, error) {
	get := o.Getenv
	if !Enabled(get) {
		return nil, nil
	}
	for _, k := range []string{"OTEL_EXPORTER_OTLP_PROTOCOL", "OTEL_EXPORTER_OTLP_TRACES_PROTOCOL", "OTEL_EXPORTER_OTLP_METRICS_PROTOCOL"} {
		if p := get(k); p != "" && p != "http/protobuf" {
			return nil, fmt.Errorf("telemetry: %s=%s is not supported: Switchboard exports OTLP over HTTP only; set it to http/protobuf or unset it", k, p)
		}
	}
	name := get("OTEL_SERVICE_NAME")
	if name == "" {
		name = "switchboard"
	}
	res, err := resource.Merge(resource.Default(), resource.NewSchemaless(
		attribute.String("service.name", name), attribute.String("service.version", o.Version)))
	if err != nil {
		return nil, fmt.Errorf("telemetry: resource: %w", err)
	}
	log := o.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	setErrorHandler(log)
	t := &Telemetry{}
	tu, err := endpoint(get, "TRACES", "/v1/traces")
	if err != nil {
		return nil, fmt.Errorf("telemetry: %w", err)
	}
	mu, err := endpoint(get, "METRICS", "/v1/metrics")
	if err != nil {
		return nil, fmt.Errorf("telemetry: %w", err)
	}
	if u := tu; u != "" && get("OTEL_TRACES_EXPORTER") != "none" {
		hc, err := httpClient(get, "TRACES", u)
		if err != nil {
			return nil, fmt.Errorf("telemetry: traces: %w", err)
		}
		exp, err := otlptracehttp.New(ctx, otlptracehttp.WithEndpointURL(u), otlptracehttp.WithHTTPClient(hc))
		if err != nil {
			return nil, fmt.Errorf("telemetry: traces exporter for %s: %w", u, err)
		}
		t.tp = sdktrace.NewTracerProvider(sdktrace.WithBatcher(exp), sdktrace.WithResource(res))
		t.tracer = t.tp.Tracer("github.com/switchboard-mcp/switchboard")
	}
	if u := mu; u != "" && get("OTEL_METRICS_EXPORTER") != "none" {
		hc, err := httpClient(get, "METRICS", u)
		if err != nil {
			t.Shutdown(ctx)
			return nil, fmt.Errorf("telemetry: metrics: %w", err)
		}
		exp, err := otlpmetrichttp.New(ctx, otlpmetrichttp.WithEndpointURL(u), otlpmetrichttp.WithHTTPClient(hc))
		if err != nil {
			t.Shutdown(ctx)
			return nil, fmt.Errorf("telemetry: metrics exporter for %s: %w", u, err)
		}
		t.mp = sdkmetric.NewMeterProvider(sdkmetric.WithReader(sdkmetric.NewPeriodicReader(exp)), sdkmetric.WithResource(res))
		if err := t.instruments(t.mp.Meter("github.com/switchboard-mcp/switchboard")); err != nil {
			t.Shutdown(ctx)
			return nil, fmt.Errorf("telemetry: %w", err)
		}
	}
	if t.tp == nil && t.mp == nil {
		return nil, nil
	}
	log.Debug("telemetry: exporting over OTLP/HTTP", "traces", t.tp != nil, "metrics", t.mp != nil)
	return t, nil
}

// endpoint is the URL of one signal: OTEL_EXPORTER_OTLP_<SIGNAL>_ENDPOINT
// as given, else OTEL_EXPORTER_OTLP_ENDPOINT with the signal's path; ""
// when neither is set. A URL the exporter would not use as given is an
// error naming the variable, which never quotes a password: the SDK sends
// no user info (it took only the host: the user and password were
// dropped without a word, and the export went out without them), and
// logged an unparsable URL whole on stderr, then exported to
// localhost:4318 instead.
func endpoint(get func(string) string, signal, path string) (string, error) {
	name := "OTEL_EXPORTER_OTLP_" + signal + "_ENDPOINT"
	raw := get(name)
	if raw == "" {
		name, raw = "OTEL_EXPORTER_OTLP_ENDPOINT", get("OTEL_EXPORTER_OTLP_ENDPOINT")
		if raw == "" {
			return "", nil
		}
		raw = strings.TrimRight(raw, "/") + path
	}
	u, err := url.Parse(raw)
	switch {
	case err != nil:
		return "", fmt.Errorf("%s is not a URL; set it to the collector's, such as http://127.0.0.1:4318", name)
	case u.User != nil:
		return "", fmt.Errorf("%s (%s) holds a user name or password, which OTLP/HTTP does not send; give the URL without them and the credentials in OTEL_EXPORTER_OTLP_HEADERS (Authorization=Basic%%20…)", name, u.Redacted())
	case u.Scheme != "http" && u.Scheme != "https" || u.Host == "":
		return "", fmt.Errorf("%s (%s) is not an http:// or https:// URL with a host; set it to the collector's, such as http://127.0.0.1:4318", name, u.Redacted())
	}
	return raw, nil
}

func (t *Telemetry) instruments(m metric.Meter) error {
	var errs []error
	add := func(err error) { errs = append(errs, err) }
	var err error
	t.executes, err = m.Int64Counter("switchboard.executes", metric.WithDescription("Scripts run by execute."))
	add(err)
	t.calls, err = m.Int64Counter("switchboard.tool.calls", metric.WithDescription("Backend tool calls."))
	add(err)
	t.starts, err = m.Int64Counter("switchboard.backend.starts", metric.WithDescription("Backends started."))
	add(err)
	t.crashes, err = m.Int64Counter("switchboard.backend.crashes", metric.WithDescription("Backends that ended by themselves."))
	add(err)
	t.execDur, err = m.Float64Histogram("switchboard.execute.duration", metric.WithUnit("s"), metric.WithDescription("Time an execute took."))
	add(err)
	t.callDur, err = m.Float64Histogram("switchboard.tool.duration", metric.WithUnit("s"), metric.WithDescription("Time a backend tool call took."))
	add(err)
	_, err = m.Int64ObservableGauge("switchboard.sandbox.queue", metric.WithDescription("Scripts waiting for a free script worker."),
		metric.WithInt64Callback(func(_ context.Context, o metric.Int64Observer) error {
			t.mu.Lock()
			fs := t.queue
			t.mu.Unlock()
			n := 0
			for _, f := range fs {
				n += f()
			}
			o.Observe(int64(n))
			return nil
		}))
	add(err)
	return errors.Join(errs...)
}

// Shutdown flushes what is pending and stops export; bounded by ctx.
func (t *Telemetry) Shutdown(ctx context.Context) error {
	if t == nil {
		return nil
	}
	var errs []error
	if t.tp != nil {
		errs = append(errs, t.tp.Shutdown(ctx))
	}
	if t.mp != nil {
		errs = append(errs, t.mp.Shutdown(ctx))
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("telemetry: shutting down: %w", err)
	}
	return nil
}

// ObserveQueue adds f (the number of scripts waiting for a worker) to
// the switchboard.sandbox.queue gauge.
func (t *Telemetry) ObserveQueue(f func() int) {
	if t == nil || f == nil {
		return
	}
	t.mu.Lock()
	t.queue = append(t.queue, f)
	t.mu.Unlock()
}

// Span is one execute or backend call being recorded; End finishes it.
// The zero Span (telemetry off) records nothing.
type Span struct {
	t      *Telemetry
	span   trace.Span // nil without traces
	start  time.Time
	server string
	tool   string
}

// StartExecute starts the span of one execute; the returned context
// makes the backend calls of its script its children.
// It inlines to a nil check when t is nil.
func (t *Telemetry) StartExecute(ctx context.Context, session string) (context.Context, Span) {
	if t == nil {
		return ctx, Span{}
	}
	return t.startExecute(ctx, session)
}

func (t *Telemetry) startExecute(ctx context.Context, session string) (context.Context, Span) {
	s := Span{t: t, start: time.Now()}
	if t.tracer != nil {
		ctx, s.span = t.tracer.Start(ctx, "execute", trace.WithSpanKind(trace.SpanKindServer),
			trace.WithAttributes(attribute.String("switchboard.session", session)))
	}
	return ctx, s
}

// StartCall starts the span of one backend call, a child of the execute
// in ctx if any.
// It inlines to a nil check when t is nil.
func (t *Telemetry) StartCall(ctx context.Context, server, tool string) (context.Context, Span) {
	if t == nil {
		return ctx, Span{}
	}
	return t.startCall(ctx, server, tool)
}

func (t *Telemetry) startCall(ctx context.Context, server, tool string) (context.Context, Span) {
	server, tool = cut(server, maxName), cut(tool, maxName)
	s := Span{t: t, start: time.Now(), server: server, tool: tool}
	if t.tracer != nil {
		ctx, s.span = t.tracer.Start(ctx, "call "+server+"."+tool, trace.WithSpanKind(trace.SpanKindClient),
			trace.WithAttributes(attribute.String("switchboard.server", server), attribute.String("switchboard.tool", tool)))
	}
	return ctx, s
}

// Recording reports whether s records anything (telemetry is on), so
// that a caller computes what it passes to End only then.
func (s Span) Recording() bool { return s.t != nil }

// End records the result: its size in bytes, and whether it failed:
// with err for a call or script that failed, with a nil err for a tool
// error result (isError).
func (s Span) End(resultBytes int, failed bool, err error) {
	if s.t == nil {
		return
	}
	d := time.Since(s.start).Seconds()
	if s.span != nil {
		s.span.SetAttributes(attribute.Int("switchboard.result_bytes", resultBytes))
		if failed {
			msg := "tool error result"
			typ := "tool_error"
			if err != nil {
				msg, typ = cut(err.Error(), maxError), "call_error"
			}
			s.span.SetAttributes(attribute.String("error.type", typ))
			s.span.SetStatus(codes.Error, msg)
		}
		s.span.End()
	}
	if s.t.mp == nil {
		return
	}
	ctx := context.Background()
	if s.server == "" { // an execute
		a := metric.WithAttributes(attribute.Bool("error", failed))
		s.t.executes.Add(ctx, 1, a)
		s.t.execDur.Record(ctx, d, a)
		return
	}
	a := metric.WithAttributes(attribute.String("switchboard.server", s.server), attribute.String("switchboard.tool", s.tool), attribute.Bool("error", failed))
	s.t.calls.Add(ctx, 1, a)
	s.t.callDur.Record(ctx, d, a)
}

// BackendStarted counts a backend start of server.
func (t *Telemetry) BackendStarted(server string) {
	if t == nil || t.mp == nil {
		return
	}
	t.starts.Add(context.Background(), 1, metric.WithAttributes(attribute.String("switchboard.server", cut(server, maxName))))
}

// BackendCrashed counts a backend of server that ended by itself.
func (t *Telemetry) BackendCrashed(server string) {
	if t == nil || t.mp == nil {
		return
	}
	t.crashes.Add(context.Background(), 1, metric.WithAttributes(attribute.String("switchboard.server", cut(server, maxName))))
}

// Bounds of what a span or a metric series carries of text others chose:
// a backend names its tools (a 1 MB name was a span's name, two of its
// attributes and a metric series' key, kept for the process's life), and
// writes its errors.
const (
	maxName  = 256
	maxError = 500
)

// cut is s cut to at most n bytes at a character boundary, with "…"
// when cut, and valid UTF-8: protobuf refuses to encode a string that
// is not, and the whole batch of spans or metrics was lost.
func cut(s string, n int) string {
	if len(s) <= n && utf8.ValidString(s) {
		return s
	}
	s = strings.ToValidUTF8(s, "\uFFFD")
	if len(s) <= n {
		return s
	}
	i := n
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i] + "…"
}

// setErrorHandler sends the SDK's errors (a failed export: the collector
// down, slow, answering 500 or redirecting) to log, the 1st, 10th,
// 100th… with their count, each cut to 1,000 bytes. The SDK's own
// handler wrote each with the standard log package on stderr: in the
// daemon, a line of text among daemon.log's JSON records for every
// export while the collector was down, and on the client's stderr for
// serve --standalone. The handler is the SDK's, one per process: the
// last New's logger has it.
func setErrorHandler(log *slog.Logger) {
	var mu sync.Mutex
	n := 0
	otel.SetErrorHandler(otel.ErrorHandlerFunc(func(err error) {
		mu.Lock()
		n++
		count := n
		mu.Unlock()
		if !isPowerOf10(count) {
			return
		}
		log.Warn("telemetry: exporting", "err", cut(err.Error(), 1000), "errors", count)
	}))
}

func isPowerOf10(n int) bool {
	for n >= 10 && n%10 == 0 {
		n /= 10
	}
	return n == 1
}
