//go:build unix

package daemon

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

// echoHandler answers every line at once with a ~1 KiB response carrying
// the line's id (the same cost with or without the bridge).
type echoHandler struct{}

func (echoHandler) Status() any { return nil }

func (echoHandler) Open(ctx context.Context, h *Hello) (Session, error) {
	return ServeFunc(func(ctx context.Context, c *Client) error { return echo(c) }), nil
}

func echo(c *Client) error {
	f := newFakeIO(c)
	body := strings.Repeat("x", 1000)
	for {
		line, err := f.read()
		if err != nil {
			return nil
		}
		m := scan(line, false)
		f.write(fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"%s"}]}}`, m.id, body))
	}
}

// request is a typical tools/call line as the TypeScript SDK writes it
// (the id last).
func request(i int) []byte {
	return fmt.Appendf(nil, `{"method":"tools/call","params":{"name":"execute","arguments":{"code":"%s"}},"jsonrpc":"2.0","id":%d}`+"\n", strings.Repeat("a", 250), i)
}

// roundTrips times n request/response round trips over w and r.
func roundTrips(b *testing.B, w io.Writer, r *bufio.Reader) []time.Duration {
	var lat []time.Duration
	for i := 0; b.Loop(); i++ {
		start := time.Now()
		if _, err := w.Write(request(i)); err != nil {
			b.Fatal(err)
		}
		if _, err := r.ReadSlice('\n'); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(start))
	}
	return lat
}

func report(b *testing.B, lat []time.Duration) {
	slices.Sort(lat)
	if len(lat) == 0 {
		return
	}
	b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds())/1e3, "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds())/1e3, "p99-µs")
}

func benchDaemon(b *testing.B) *Paths {
	dir, _ := os.MkdirTemp("", "sbb")
	b.Cleanup(func() { os.RemoveAll(dir) })
	os.Mkdir(dir+"/rt", 0o700)
	p, err := Dir(func(k string) string { return map[string]string{"HOME": dir, "XDG_RUNTIME_DIR": dir + "/rt"}[k] })
	if err != nil {
		b.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { Serve(ctx, &ServeOptions{Paths: p, Version: "b"}, echoHandler{}); close(done) }()
	b.Cleanup(func() { cancel(); <-done })
	for range 500 {
		if _, err := os.Stat(p.Socket); err == nil {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	return p
}

// BenchmarkRoundTrip_Direct is the baseline: a client on the daemon's
// socket itself.
func BenchmarkRoundTrip_Direct(b *testing.B) {
	p := benchDaemon(b)
	c, _, err := Connect(context.Background(), &ConnectOptions{Paths: p, NoStart: true, Hello: &Hello{Version: "b", Kind: KindSession}})
	if err != nil {
		b.Fatal(err)
	}
	defer c.Close()
	report(b, roundTrips(b, c, bufio.NewReader(c)))
}

// BenchmarkRoundTrip_Relay is a client on the bridge's stdin/stdout (OS
// pipes, as an agent's) with the bridge relaying: the difference from
// Direct is what the bridge adds to one request plus one response.
func BenchmarkRoundTrip_Relay(b *testing.B) { benchBridge(b, true) }

// BenchmarkRoundTrip_Handoff is the same client with the bridge's stdio
// handed to the daemon (the default): the daemon reads and writes the
// pipes itself, through its journal.
func BenchmarkRoundTrip_Handoff(b *testing.B) { benchBridge(b, false) }

func benchBridge(b *testing.B, relay bool) {
	p := benchDaemon(b)
	inR, inW, _ := os.Pipe()
	outR, outW, _ := os.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Bridge(context.Background(), &BridgeOptions{Connect: ConnectOptions{Paths: p, NoStart: true, Hello: &Hello{Version: "b"}}, NoHandoff: relay}, inR, outW)
	}()
	lat := roundTrips(b, inW, bufio.NewReader(outR))
	inW.Close()
	if err := <-done; err != nil {
		b.Fatal(err)
	}
	report(b, lat)
}

func BenchmarkScan_ClientRequest(b *testing.B) {
	line := request(12345)
	for b.Loop() {
		scan(line, false)
	}
}

func BenchmarkScan_DaemonResponse(b *testing.B) {
	line := fmt.Appendf(nil, `{"jsonrpc":"2.0","id":12345,"result":{"content":[{"type":"text","text":"%s"}]}}`, strings.Repeat("x", 100_000))
	for b.Loop() {
		scan(line, true)
	}
}

// BenchmarkScan_UnmarshalStruct is the alternative scan replaced:
// encoding/json into a struct of the two fields.
func BenchmarkScan_UnmarshalStruct(b *testing.B) {
	line := request(12345)
	var v struct {
		ID     json.RawMessage `json:"id"`
		Method string          `json:"method"`
	}
	for b.Loop() {
		json.Unmarshal(line, &v)
	}
}
