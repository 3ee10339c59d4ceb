package backend

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

func TestChildEnv(t *testing.T) {
	ours := []string{"PATH=/bin", "HOME=/h", "LC_CTYPE=C.UTF-8", "HTTPS_PROXY=http://p", "GITHUB_TOKEN=secret", "OPENAI_API_KEY=k", "NODE_EXTRA_CA_CERTS=/ca.pem", "=weird"}
	got := childEnv(ours, map[string]string{"HOME": "/other", "FOO": "bar"})
	want := []string{"PATH=/bin", "LC_CTYPE=C.UTF-8", "HTTPS_PROXY=http://p", "NODE_EXTRA_CA_CERTS=/ca.pem", "FOO=bar", "HOME=/other"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("childEnv = %q\nwant        %q", got, want)
	}
}

func TestStderrLog_TailKeepsLastLines(t *testing.T) {
	s := openStderrLog("", "x", nil, nil)
	for i := range 300 {
		s.Write([]byte(strings.Repeat("y", i%7) + "\n"))
	}
	if n := len(strings.Split(s.Tail(0), "\n")); n != stderrMaxLines {
		t.Errorf("Tail(0) has %d lines, want %d", n, stderrMaxLines)
	}
	if got := s.Tail(2); got != "yyyy\nyyyyy" {
		t.Errorf("Tail(2) = %q", got)
	}
	big := strings.Repeat("z", 3*stderrRingBytes) + "\nlast\n"
	s.Write([]byte(big))
	if got := s.Tail(5); got != "last" {
		t.Errorf("after a huge line, Tail = %.40q, want the partial line dropped", got)
	}
}

func TestLineTransport_DropsJunkAndReadsLongLines(t *testing.T) {
	long := `{"jsonrpc":"2.0","method":"notifications/message","params":{"data":"` + strings.Repeat("a", 1<<20) + `"}}`
	in := "junk\n\n[1,2]\n{\"jsonrpc\":\n{\"not\":\"jsonrpc\"}\n" + long + "\n" + `{"jsonrpc":"2.0","id":1,"result":{}}` // no final newline
	var dropped []string
	tr := &lineTransport{r: strings.NewReader(in), w: nopWriteCloser{io.Discard}, junk: func(line []byte, _ error) { dropped = append(dropped, string(line)) }}
	c, _ := tr.Connect(context.Background())
	ctx := context.Background()
	m1, err := c.Read(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if m2, err := c.Read(ctx); err != nil || m2 == nil {
		t.Fatalf("second message: %v", err)
	}
	if _, err := c.Read(ctx); err != io.EOF {
		t.Errorf("at the end: %v, want EOF", err)
	}
	if r, ok := m1.(interface{ IsCall() bool }); ok && r.IsCall() {
		t.Error("notification read as a call")
	}
	if len(dropped) != 4 {
		t.Errorf("dropped %q, want 4 junk lines", dropped)
	}
	c.Close()
}

// A response that cannot be decoded (nested past the decoder's limit)
// is answered at once with an error under its id, so its call fails now,
// saying why; it waited for the call's timeout. A request, or a line
// whose id comes after its result, is only dropped.
func TestLineTransport_UndecodableResponseFailsItsCall(t *testing.T) {
	deep := strings.Repeat(`{"a":`, 5000) + "1" + strings.Repeat("}", 5000)
	in := `{"jsonrpc":"2.0","id":7,"result":` + deep + "}\n" +
		`{"jsonrpc":"2.0","id":8,"method":"x","params":` + deep + "}\n" +
		`{"jsonrpc":"2.0","result":` + deep + `,"id":9}` + "\n" +
		`{"jsonrpc":"2.0","id":"s","error":` + deep + "}\n"
	var dropped int
	tr := &lineTransport{r: strings.NewReader(in), w: nopWriteCloser{io.Discard}, junk: func([]byte, error) { dropped++ }}
	c, _ := tr.Connect(context.Background())
	defer c.Close()
	var got []string
	for {
		m, err := c.Read(context.Background())
		if err != nil {
			break
		}
		r, ok := m.(*jsonrpc.Response)
		if !ok || r.Error == nil || !strings.Contains(r.Error.Error(), "the backend's answer could not be read: ") {
			t.Fatalf("read %#v, want an error response", m)
		}
		got = append(got, fmt.Sprint(r.ID.Raw()))
	}
	if strings.Join(got, " ") != "7 s" || dropped != 4 {
		t.Errorf("responses for %q, %d dropped; want 7 and s, 4 dropped", got, dropped)
	}
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

func TestStart_RemoteWithHeaders(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "remote", Version: "1"}, nil)
	srv.AddTool(&mcp.Tool{Name: "hi", InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hello"}}}, nil
	})
	for _, kind := range []string{config.HTTP, config.SSE} {
		t.Run(kind, func(t *testing.T) {
			var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
			if kind == config.SSE {
				h = mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return srv }, nil)
			}
			auth := func(w http.ResponseWriter, r *http.Request) {
				if r.Header.Get("Authorization") != "Bearer t0k" {
					http.Error(w, "no", http.StatusUnauthorized)
					return
				}
				h.ServeHTTP(w, r)
			}
			ts := httptest.NewServer(http.HandlerFunc(auth))
			defer ts.Close()
			spec := &config.Server{Name: "r", Type: kind, URL: ts.URL, Headers: map[string]string{"Authorization": "Bearer ${env:TOK}"}}
			ctx, cancel := context.WithCancel(context.Background())
			b, err := Start(ctx, spec, &Options{Resolver: config.Resolver{Getenv: func(string) (string, bool) { return "t0k", true }}})
			cancel() // the start context ends; the session must not
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			if got := call(t, b, "hi", ""); got != "hello" || b.Info().ServerName != "remote" {
				t.Errorf("call = %q, server %q", got, b.Info().ServerName)
			}
			b.Close()
			<-b.Done()
		})
	}
}
