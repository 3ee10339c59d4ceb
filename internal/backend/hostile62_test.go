package backend

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// Round sixty-two: a Streamable HTTP backend's own requests (ping,
// roots/list, sampling, elicitation) each held a goroutine of the SDK's
// until answered, with nothing bounding how many (round fifty-six bounded
// a stdio or SSE backend's; a Streamable HTTP connection cannot be
// wrapped). They are counted as their events pass our HTTP layer now:
// past maxAsks waiting, one is answered with an error by a POST of ours
// and never reaches the SDK.
func TestRemote_AStreamableBackendsRequestsWaitingForAnAnswerAreBounded(t *testing.T) {
	const sent = maxAsks + maxRefusals
	var refused, answered, other atomic.Int64
	again := make(chan struct{})
	h := &hostileRemote{}
	h.get = func(w http.ResponseWriter, r *http.Request, n int64) {
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(http.StatusOK)
		ask := func(from, to int) {
			for i := from; i <= to; i++ {
				fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"sampling/createMessage\",\"params\":{\"maxTokens\":1,\"messages\":[{\"role\":\"user\",\"content\":{\"type\":\"text\",\"text\":\"x\"}}]}}\n\n", i)
			}
			w.(http.Flusher).Flush()
		}
		if n == 1 {
			ask(1, sent)
			// Once those were answered, more are let in.
			select {
			case <-again:
				ask(sent+1, sent+10)
			case <-r.Context().Done():
			}
		}
		<-r.Context().Done()
	}
	h.post = func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
		var m struct {
			ID     json.RawMessage
			Method string
			Error  *struct{ Message string }
		}
		if json.Unmarshal(body, &m) != nil || m.Method != "" || m.ID == nil {
			return false
		}
		switch {
		case m.Error != nil && strings.Contains(m.Error.Message, "switchboard: refused: too many of this server's requests are waiting"):
			refused.Add(1)
		case m.Error == nil:
			answered.Add(1)
		default:
			other.Add(1)
			t.Errorf("answer: %s", body)
		}
		w.WriteHeader(http.StatusAccepted)
		return true
	}
	release := make(chan struct{})
	var inHandler atomic.Int64
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	rec := &logtest.Recorder{}
	b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{ProtocolVersion: "2025-11-25", Logger: rec.Logger(),
		Sample: func(ctx context.Context, _ *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			inHandler.Add(1)
			select {
			case <-release:
			case <-ctx.Done():
				return nil, ctx.Err()
			}
			return &mcp.CreateMessageResult{Model: "m", Role: "assistant", Content: &mcp.TextContent{Text: "hi"}}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	// Every request either reached the handler (and waits on release) or
	// was refused by a POST of ours.
	deadline := time.Now().Add(slow(time.Minute))
	for inHandler.Load()+refused.Load() < sent && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond) // one past the bound would show now
	if got := inHandler.Load(); got != maxAsks {
		t.Errorf("%d of %d requests reached the handler at once, want the bound, %d", got, sent, maxAsks)
	}
	close(release)
	for answered.Load()+refused.Load()+other.Load() < sent && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if answered.Load() != min(inHandler.Load(), sent) || refused.Load() != sent-inHandler.Load() {
		t.Errorf("%d answered, %d refused; want %d and %d", answered.Load(), refused.Load(), inHandler.Load(), sent-inHandler.Load())
	}
	before := answered.Load()
	close(again)
	for answered.Load() < before+10 && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	if got := answered.Load() - before; got != 10 {
		t.Errorf("%d of 10 requests sent after the others were answered were answered, want all (the answered ones wait no more)", got)
	}
	if !slices.ContainsFunc(rec.Lines(), func(l string) bool { return strings.HasPrefix(l, "refused requests of the backend") }) {
		t.Errorf("no refusal was said; logged: %q", rec.Lines())
	}
}

// Round sixty-two: round fifty-eight named the status and the URL of a
// 5xx to initialize; a 5xx to any other request still read as the SDK's
// `sending "tools/list": Bad Gateway`, and a 501 or 505 to a call ended
// the whole session (the SDK keeps it for 500 and 502-504 only). Each
// names the request, the status, the URL (its query values hidden), the
// server and what to do now, and fails its request only.
func TestRemote_A5xxToAnyRequestNamesTheStatusAndTheURL(t *testing.T) {
	for _, tt := range []struct {
		name, method string
		answer       func(w http.ResponseWriter)
		want         []string
	}{
		{"list 502", "tools/list", func(w http.ResponseWriter) { http.Error(w, "upstream down", http.StatusBadGateway) },
			[]string{`backend "r" answered tools/list with 502 Bad Gateway from `}},
		{"call 501", "tools/call", func(w http.ResponseWriter) { http.Error(w, "no", http.StatusNotImplemented) },
			[]string{`backend "r" answered tools/call with 501 Not Implemented from `}},
		{"call 500 with its error", "tools/call", func(w http.ResponseWriter) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			fmt.Fprint(w, `{"jsonrpc":"2.0","id":3,"error":{"code":-32603,"message":"database down\u001b[2J"}}`)
		}, []string{`backend "r" answered tools/call with 500 Internal Server Error, saying "database down?[2J", from `}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var fail atomic.Bool
			fail.Store(true)
			h := &hostileRemote{post: func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
				if method == tt.method && fail.Load() {
					tt.answer(w)
					return true
				}
				return false
			}}
			ts := httptest.NewServer(h)
			t.Cleanup(ts.Close)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL + "/mcp?token=hunter2secret"}, &Options{ProtocolVersion: "2025-11-25"})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			if tt.method == "tools/list" {
				_, err = b.ListTools(ctx)
			} else {
				_, err = b.CallTool(ctx, "t", nil)
			}
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			for _, want := range append(tt.want, ts.URL+"/mcp?token=***", "switchboard doctor r") {
				if !strings.Contains(msg, want) {
					t.Errorf("error: %v\nwant it to say %q", msg, want)
				}
			}
			for _, not := range []string{"hunter2secret", "rejected by transport", `Post "`} {
				if strings.Contains(msg, not) {
					t.Errorf("error: %v\nwant it not to say %q", msg, not)
				}
			}
			fail.Store(false)
			if _, err := b.CallTool(ctx, "t", nil); err != nil {
				t.Errorf("a call after: %v", err)
			}
			if n := h.inits.Load(); n != 1 {
				t.Errorf("%d sessions opened, want the first to go on", n)
			}
		})
	}
}

// The same for a legacy SSE backend: a 5xx to a POST (it failed that
// request only since round forty-seven, `answered a message with 503`),
// and to its event stream's GET (the SDK's `failed to connect: Bad
// Gateway`).
func TestRemote_ALegacySSE5xxNamesTheStatusAndTheURL(t *testing.T) {
	s := &legacySSE{out: make(chan []byte)}
	var getFails, postFails atomic.Bool
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(body))
		switch {
		case r.Method == http.MethodGet && getFails.Load():
			http.Error(w, "down", http.StatusBadGateway)
			return
		case r.Method == http.MethodPost && postFails.Load() && bytes.Contains(body, []byte(`"tools/call"`)):
			http.Error(w, "busy", http.StatusServiceUnavailable)
			return
		}
		s.ServeHTTP(w, r)
	})
	ts := httptest.NewServer(h)
	defer ts.Close()
	spec := &config.Server{Name: "l", Type: config.SSE, URL: ts.URL + "/?key=hunter2secret"}
	check := func(err error, want ...string) {
		t.Helper()
		if err == nil {
			t.Fatal("no error")
		}
		for _, w := range append(want, "switchboard doctor l") {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("error: %v\nwant it to say %q", err, w)
			}
		}
		if strings.Contains(err.Error(), "hunter2secret") {
			t.Errorf("error: %v\nthe query's key is shown", err)
		}
	}
	getFails.Store(true)
	_, err := Start(context.Background(), spec, nil)
	check(err, `backend "l" answered its event stream's GET with 502 Bad Gateway from `+ts.URL+"/?key=***")
	getFails.Store(false)
	b, err := Start(context.Background(), spec, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	postFails.Store(true)
	_, err = b.CallTool(context.Background(), "t", nil)
	check(err, `backend "l" answered tools/call with 503 Service Unavailable from `+ts.URL+"/msg")
	postFails.Store(false)
	if _, err := b.CallTool(context.Background(), "t", nil); err != nil {
		t.Errorf("a call after: %v", err)
	}
}

// Round sixty-two: an answer over maxMessageBytes from a remote backend,
// a JSON body or one server-sent event, named the server and the setting
// but not where it came from; the URL (its query values hidden) is named
// too now.
func TestRemote_AnAnswerOverTheLimitNamesTheURL(t *testing.T) {
	big := strings.Repeat("a", 200<<10)
	for _, tt := range []struct {
		name   string
		answer func(w http.ResponseWriter, id json.RawMessage)
	}{
		{"json", func(w http.ResponseWriter, id json.RawMessage) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"x":"%s"}}`, id, big)
		}},
		{"event", func(w http.ResponseWriter, id json.RawMessage) {
			w.Header().Set("Content-Type", "text/event-stream")
			fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"x\":\"%s\"}}\n\n", id, big)
		}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			h := &hostileRemote{call: func(w http.ResponseWriter, r *http.Request, id json.RawMessage) { tt.answer(w, id) }}
			ts := httptest.NewServer(h)
			t.Cleanup(ts.Close)
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL + "/mcp?token=hunter2secret"}, &Options{ProtocolVersion: "2025-11-25", MaxMessageBytes: 64 << 10})
			if err != nil {
				t.Fatal(err)
			}
			defer b.Close()
			_, err = b.CallTool(ctx, "t", nil)
			if err == nil {
				t.Fatal("no error")
			}
			for _, want := range []string{`backend "r" sent a message of more than 64 KiB from ` + ts.URL + "/mcp?token=***", "settings.maxMessageBytes"} {
				if !strings.Contains(err.Error(), want) {
					t.Errorf("error: %v\nwant it to say %q", err, want)
				}
			}
			if strings.Contains(err.Error(), "hunter2secret") {
				t.Errorf("error: %v\nthe query's token is shown", err)
			}
		})
	}
}

// Round sixty-two: a Streamable HTTP backend's tools/list answer reached
// the SDK as sent (round fifty-six screened a stdio or SSE backend's
// only): one tool the SDK cannot decode failed the whole list, a name
// that is not UTF-8 read as U+FFFD, and a page of any number of tools
// was decoded whole. The answer is screened at the HTTP layer now, as a
// JSON body or an event: the other tools stay usable, the ones left out
// are named with the reason.
func TestRemote_AStreamableToolListIsScreenedAsAStdioOneIs(t *testing.T) {
	for _, sse := range []bool{false, true} {
		t.Run(fmt.Sprint("sse=", sse), func(t *testing.T) {
			h := &hostileRemote{post: func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
				if method != "tools/list" {
					return false
				}
				var m struct{ ID json.RawMessage }
				_ = json.Unmarshal(body, &m)
				res := fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"good","inputSchema":{"type":"object","properties":{"z":{},"a":{}}}},{"name":"bad","annotations":"x","inputSchema":{"type":"object"}},{"name":"x\udcff","inputSchema":{"type":"object"}}]}}`, m.ID)
				w.Header().Set("Mcp-Session-Id", "s1")
				if sse {
					w.Header().Set("Content-Type", "text/event-stream")
					fmt.Fprintf(w, "id: 1\r\nevent: message\r\ndata: %s\r\n\r\n", res)
				} else {
					w.Header().Set("Content-Type", "application/json")
					fmt.Fprint(w, res)
				}
				return true
			}}
			b := startHostile(t, h)
			tools, err := b.ListTools(context.Background())
			if err != nil {
				t.Fatalf("list: %v; want the good tool", err)
			}
			if len(tools) != 1 || tools[0].Name != "good" {
				t.Fatalf("tools %v, want good alone", tools)
			}
			if got, _ := tools[0].InputSchema.(json.RawMessage); string(got) != `{"type":"object","properties":{"z":{},"a":{}}}` {
				t.Errorf("schema %s, want it as sent", tools[0].InputSchema)
			}
			mal := b.Malformed()
			if len(mal) != 2 || mal[0].Name != "bad" || !strings.Contains(mal[0].Reason, "annotations must be an object") || !strings.Contains(mal[1].Reason, "not valid UTF-8") {
				t.Errorf("left out %+v, want bad and the name that is not UTF-8, with their reasons", mal)
			}
		})
	}
}

// The SDK gets at most maxListed+1 tools of a page, from a JSON body or
// an event.
func TestRawWatch_AHugePageIsCutBeforeTheSDKDecodesIt(t *testing.T) {
	var sb strings.Builder
	sb.WriteString(`{"jsonrpc":"2.0","id":7,"result":{"tools":[`)
	for i := range maxListed + 5 {
		if i > 0 {
			sb.WriteByte(',')
		}
		fmt.Fprintf(&sb, `{"name":"t%d","inputSchema":{"type":"object"}}`, i)
	}
	sb.WriteString(`]}}`)
	id, _ := jsonrpc.MakeID(float64(7))
	for _, sse := range []bool{false, true} {
		body := sb.String()
		if sse {
			body = "data: " + body + "\n\n"
		}
		var r rawTools
		w := &rawWatch{rc: io.NopCloser(strings.NewReader(body)), r: &r, id: id, sse: sse, max: 32 << 20}
		out, err := io.ReadAll(w)
		if err != nil {
			t.Fatal(err)
		}
		if sse {
			out = bytes.TrimSuffix(bytes.TrimPrefix(out, []byte("data: ")), []byte("\n\n"))
		}
		var m struct {
			Result struct{ Tools []json.RawMessage }
		}
		if err := json.Unmarshal(out, &m); err != nil {
			t.Fatalf("sse=%v: %v", sse, err)
		}
		if got := len(m.Result.Tools); got != maxListed+1 {
			t.Errorf("sse=%v: the SDK gets %d tools, want %d", sse, got, maxListed+1)
		}
	}
}

// Round sixty-two: a cwd that does not exist or is a file failed the
// start with Go's words for the chdir, which name the program run: with
// the reaper, `running x: fork/exec /usr/bin/switchboard: no such file or
// directory`, our own binary, not the cwd. An environment or argument
// list over the system's limit read as `fork/exec /usr/bin/switchboard:
// argument list too long`. Each now names the field and what to do.
func TestStart_ACwdOrCommandLineTheSystemRefusesIsNamed(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "afile")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name  string
		spec  func(*config.Server)
		wants []string
	}{
		{"cwd missing", func(s *config.Server) { s.Cwd = filepath.Join(dir, "gone") }, []string{`its cwd "` + filepath.Join(dir, "gone") + `" does not exist`}},
		{"cwd a file", func(s *config.Server) { s.Cwd = file }, []string{`its cwd "` + file + `" is not a directory`}},
		{"environment too large", func(s *config.Server) { s.Env["BIG"] = strings.Repeat("y", 3<<20) }, []string{"over the system's limit", "environment"}},
		{"arguments too large", func(s *config.Server) { s.Args = slices.Repeat([]string{strings.Repeat("x", 100)}, 40000) }, []string{"over the system's limit", "arguments (4040000 bytes)"}},
	} {
		for _, withReaper := range []bool{false, true} {
			t.Run(fmt.Sprint(tc.name, " reaper=", withReaper), func(t *testing.T) {
				spec := fakeSpec(t, "normal")
				tc.spec(spec)
				o := &Options{Env: os.Environ()}
				if withReaper {
					o.Reaper = reaper(t)
				}
				b, err := Start(context.Background(), spec, o)
				if err == nil {
					b.Close()
					t.Fatal("no error")
				}
				exe, _ := os.Executable()
				for _, want := range append(tc.wants, `"fake"`) {
					if !strings.Contains(err.Error(), want) {
						t.Errorf("error lacks %q: %v", want, err)
					}
				}
				if strings.Contains(err.Error(), "fork/exec "+exe) {
					t.Errorf("error: %v\nnames the program run, not what failed", err)
				}
			})
		}
	}
}

// Round sixty-two: a remote backend that could not be reached failed its
// start in the SDK's and net/http's words, `calling "initialize": sending
// "initialize": rejected by transport: Post "…": dial tcp …: connect:
// connection refused`, with nothing to do; a redirect loop read `Post
// "/x?token=***": stopped after 10 redirects`. Each names the server,
// the URL (query values hidden), what failed and what to check.
func TestRemote_AServerThatCannotBeReachedIsNamedWithWhatToDo(t *testing.T) {
	closed := httptest.NewServer(http.NotFoundHandler())
	refusedURL := closed.URL
	closed.Close()
	plain := httptest.NewServer(http.NotFoundHandler())
	defer plain.Close()
	loop := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, r.URL.String(), http.StatusTemporaryRedirect)
	}))
	defer loop.Close()
	for _, tc := range []struct {
		name, url string
		wants     []string
	}{
		{"refused", refusedURL + "/mcp?token=hunter2secret", []string{`backend "r" cannot be reached at ` + refusedURL + "/mcp?token=***", "connection refused", "check that the server is running"}},
		{"tls to plain http", strings.Replace(plain.URL, "http:", "https:", 1) + "/mcp?token=hunter2secret", []string{`backend "r" cannot be reached at https://`, "TLS"}},
		{"redirect loop", loop.URL + "/mcp?token=hunter2secret", []string{`backend "r": our request was redirected 10 times`, "a redirect loop?"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: tc.url}, &Options{ProtocolVersion: "2025-11-25"})
			if err == nil {
				b.Close()
				t.Fatal("started")
			}
			msg := err.Error()
			for _, want := range append(tc.wants, "switchboard doctor r") {
				if !strings.Contains(msg, want) {
					t.Errorf("start: %v\nwant it to say %q", msg, want)
				}
			}
			for _, not := range []string{"hunter2secret", "rejected by transport", `Post "`} {
				if strings.Contains(msg, not) {
					t.Errorf("start: %v\nwant it not to say %q", msg, not)
				}
			}
		})
	}
}

// Round sixty-two: a remote server that takes a request and never
// answers it held a start past its time limit by up to 5 s: when the
// start's time ran out, the SDK sent notifications/cancelled for
// initialize (5 s of its own to go out) and closed the session, which
// waits for that write, so the start came back at startTimeout + 5 s (a
// script waiting 8 s for the list saw its own limit, not the start's).
// Requests made for a start that has run out of time are cut off with it
// now.
func TestRemote_AStartThatRunsOutOfTimeEndsOnTime(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	h := &hostileRemote{post: func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
		select { // every POST, initialize and its cancellation, is held
		case <-release:
		case <-r.Context().Done():
		}
		return true
	}}
	ts := httptest.NewServer(h)
	defer ts.Close()
	// Whether the cancellation goes out before the session is closed is a
	// race the SDK runs, seldom lost here (twice in eight runs of the
	// campaign, against a loaded server); many starts at once guard it,
	// and TestOriginTransport_ARequestOfAnAbandonedStartIsCutOff tests
	// the cut itself.
	var wg sync.WaitGroup
	var slowest atomic.Int64
	for range 40 {
		wg.Go(func() {
			ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
			defer cancel()
			began := time.Now()
			b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{ProtocolVersion: "2025-11-25"})
			if err == nil {
				b.Close()
				t.Error("started")
			}
			took := int64(time.Since(began))
			for {
				old := slowest.Load()
				if took <= old || slowest.CompareAndSwap(old, took) {
					break
				}
			}
		})
	}
	wg.Wait()
	if took := time.Duration(slowest.Load()); took > slow(2*time.Second) {
		t.Errorf("the slowest of 40 starts came back after %v, their time limit 300ms", took.Round(time.Millisecond))
	}
}

// The cut itself: a request in flight when its start is abandoned ends at
// once with the start's reason, and one made after it does not go out.
func TestOriginTransport_ARequestOfAnAbandonedStartIsCutOff(t *testing.T) {
	var got atomic.Int64
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.ReadAll(r.Body) // so that the server sees the client go
		got.Add(1)
		<-r.Context().Done()
	}))
	defer ts.Close()
	defer ts.CloseClientConnections() // a request the client left open
	ot, err := newOriginTransport("r", ts.URL, nil, nil, 1<<20, nil)
	if err != nil {
		t.Fatal(err)
	}
	abandon, abandoned := context.WithCancelCause(context.Background())
	ot.abandon = abandon
	hc := &http.Client{Transport: ot}
	done := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(context.WithoutCancel(context.Background()), http.MethodPost, ts.URL, strings.NewReader(`{"jsonrpc":"2.0","method":"notifications/cancelled"}`))
		resp, err := hc.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	for got.Load() == 0 {
		time.Sleep(time.Millisecond)
	}
	abandoned(errors.New("its start ended"))
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "its start ended") {
			t.Errorf("the request in flight: %v, want the start's reason", err)
		}
	case <-time.After(slow(2 * time.Second)):
		t.Fatal("the request in flight went on after its start was abandoned")
	}
	req, _ := http.NewRequest(http.MethodPost, ts.URL, strings.NewReader(`{}`))
	if _, err := hc.Do(req); err == nil || !strings.Contains(err.Error(), "its start ended") {
		t.Errorf("a request after: %v, want the start's reason", err)
	}
	if n := got.Load(); n != 1 {
		t.Errorf("the server got %d requests, want the first only", n)
	}
}
