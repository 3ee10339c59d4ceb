package hub

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/telemetry"
)

// A collector that takes the connection and never answers held the
// hub's Close for 5 s, which is all `daemon stop` waits before SIGTERM:
// every stop of a daemon exporting to it ended in the signal, after 7 s.
func TestHub_CloseBoundsTheTelemetryFlush(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		var held []net.Conn
		for {
			c, err := ln.Accept()
			if err != nil {
				for _, c := range held {
					c.Close()
				}
				return
			}
			held = append(held, c)
		}
	}()
	env := map[string]string{"OTEL_EXPORTER_OTLP_ENDPOINT": "http://" + ln.Addr().String()}
	tel, err := telemetry.New(context.Background(), telemetry.Options{Getenv: func(k string) string { return env[k] }})
	if err != nil || tel == nil {
		t.Fatal(tel, err)
	}
	home := t.TempDir()
	h, err := New(&Options{UserConfig: filepath.Join(home, "config.json"), CacheDir: filepath.Join(home, "cache"), StateDir: filepath.Join(home, "state"), Home: home, Telemetry: tel})
	if err != nil {
		t.Fatal(err)
	}
	tel.BackendStarted("x") // something to flush
	_, sp := tel.StartCall(context.Background(), "x", "y")
	sp.End(1, false, nil)
	start := time.Now()
	h.Close()
	if d := time.Since(start); d > telemetryFlush+time.Second {
		t.Errorf("Close took %v with a collector that never answers, want at most about %v", d, telemetryFlush)
	}
	os.RemoveAll(home)
}
