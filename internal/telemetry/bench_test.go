package telemetry

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
)

// BenchmarkHooks measures what the hooks of Server.Execute and
// Server.callTool cost per call: off (a nil *Telemetry, no SDK) and on
// (spans and metrics recorded, exported to a loopback receiver that
// discards them).
func BenchmarkHooks(b *testing.B) {
	ctx := context.Background()
	b.Run("off", func(b *testing.B) {
		var t *Telemetry
		b.ReportAllocs()
		for b.Loop() {
			hooks(ctx, t)
		}
	})
	b.Run("on", func(b *testing.B) {
		srv := httptest.NewServer(http.HandlerFunc(func(http.ResponseWriter, *http.Request) {}))
		defer srv.Close()
		t, err := New(ctx, Options{Getenv: func(k string) string {
			if k == "OTEL_EXPORTER_OTLP_ENDPOINT" {
				return srv.URL
			}
			return ""
		}})
		if err != nil || t == nil {
			b.Fatal(t, err)
		}
		defer t.Shutdown(ctx)
		b.ReportAllocs()
		for b.Loop() {
			hooks(ctx, t)
		}
	})
}

// hooks is what one execute with one backend call runs.
func hooks(ctx context.Context, t *Telemetry) {
	ctx, ex := t.StartExecute(ctx, "s")
	_, call := t.StartCall(ctx, "server", "tool")
	if call.Recording() {
		call.End(10, false, nil)
	}
	if ex.Recording() {
		ex.End(10, false, nil)
	}
}

// BenchmarkBaseline is an empty loop body, to read BenchmarkHooks/off
// against on a loaded machine.
func BenchmarkBaseline(b *testing.B) {
	ctx := context.Background()
	for b.Loop() {
		baseline(ctx)
	}
}

//go:noinline
func baseline(ctx context.Context) {}
