package backend

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Round fifty-six: a tools/list page of far more tools than a listing
// uses (370,000 small tools fit under maxMessageBytes) was decoded whole
// by screen, record and the SDK, over 30 s and 740 MB of the daemon, for
// the first maxListed to be used. It is cut to maxListed+1 tools before
// any of them is decoded (one more, so that the listing still says it was
// cut), and a tool past the cut that does not decode is not reported.
func TestRawTools_AHugePageIsCutBeforeAnyToolIsDecoded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"tools":[`)
	const n = 3*maxListed + 7
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		if i == n-1 {
			b.WriteString(`{"name":"late","annotations":"oops"}`)
			continue
		}
		fmt.Fprintf(&b, `{"name":"t%d","inputSchema":{"type":"object"}}`, i)
	}
	b.WriteString(`],"nextCursor":"c"}`)
	var r rawTools
	out := r.screen(json.RawMessage(b.String()))
	var got struct {
		Tools      []struct{ Name string }
		NextCursor string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Tools) != maxListed+1 || got.Tools[0].Name != "t0" || got.Tools[maxListed].Name != fmt.Sprintf("t%d", maxListed) {
		t.Errorf("screened page: %d tools, want the first %d", len(got.Tools), maxListed+1)
	}
	if got.NextCursor != "c" {
		t.Errorf("next cursor %q, want it kept", got.NextCursor)
	}
	if m := r.takeMalformed(); len(m) != 0 {
		t.Errorf("malformed past the cut reported: %v", m)
	}
	// A page within the bound is passed as it came.
	small := json.RawMessage(`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`)
	if out := r.screen(small); string(out) != string(small) {
		t.Errorf("small page changed: %s", out)
	}
}

// Round fifty-six: a result the SDK cannot read as a tool result (an
// image block whose data is a number) failed the call with the SDK's
// words, which quote the rest of the backend's answer and name the SDK's
// own Go types ("into Go struct field struct { mcp.res; Content
// []*mcp.wireContent ..."); now the error names the server, the field and
// what it must be.
func TestBackend_AResultThatCannotBeReadNamesTheField(t *testing.T) {
	b := startFake(t, "raw", nil)
	ctx, cancel := context.WithTimeout(context.Background(), slow(5*time.Second))
	defer cancel()
	_, err := b.CallTool(ctx, "badblocks", json.RawMessage(`{}`))
	want := `backend "fake" sent a malformed answer: its result cannot be read: content.1.data must be a base64 string`
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
	// The backend goes on.
	if res, err := b.CallTool(ctx, "echo", json.RawMessage(`{}`)); err != nil || res.Content[0].(*mcp.TextContent).Text != "called echo" {
		t.Fatalf("next call: %v, %v", res, err)
	}
}

// Held: a backend that answers a call twice gives the first answer; the
// second is dropped and the next call is answered as its own.
func TestBackend_AnAnswerGivenTwiceCountsOnce(t *testing.T) {
	b := startFake(t, "raw", nil)
	ctx, cancel := context.WithTimeout(context.Background(), slow(5*time.Second))
	defer cancel()
	res, err := b.CallTool(ctx, "twice", json.RawMessage(`{}`))
	if err != nil || res.Content[0].(*mcp.TextContent).Text != "one" {
		t.Fatalf("first call: %v, %v", res, err)
	}
	res, err = b.CallTool(ctx, "echo", json.RawMessage(`{}`))
	if err != nil || res.Content[0].(*mcp.TextContent).Text != "called echo" {
		t.Fatalf("next call: %v, %v", res, err)
	}
}

// Round fifty-six: an initialize answer the SDK cannot use (a protocol
// version it does not speak, capabilities that are a string, a result
// that is no object) makes it close the connection, the backend exits on
// its closed stdin, and the start failed with "exited during handshake
// (exit status 0)", which hid the reason. Now the reason is given, in the
// protocol's terms; a backend that does exit during the handshake is
// still told so.
func TestBackend_AnUnusableInitializeAnswerIsNamed(t *testing.T) {
	for _, tc := range []struct{ init, want string }{
		{`{"protocolVersion":"1999-01-01\u001b[2J","capabilities":{},"serverInfo":{"name":"r","version":"1"}}`,
			`its answer to initialize cannot be used: it asks for protocol version "1999-01-01\x1b[2J", which Switchboard does not speak`},
		{`{"protocolVersion":"2025-06-18","capabilities":"oops","serverInfo":{"name":"r","version":"1"}}`,
			`its answer to initialize cannot be used: capabilities must be an object`},
		{`"str"`, `its answer to initialize cannot be used: its result must be an object`},
		{"exit", `exited during handshake (exit status 3)`},
	} {
		spec := fakeSpec(t, "raw")
		spec.Env["FAKE_RAW_INIT"] = tc.init
		ctx, cancel := context.WithTimeout(context.Background(), slow(10*time.Second))
		b, err := Start(ctx, spec, &Options{Env: os.Environ(), Reaper: reaper(t)})
		cancel()
		if err == nil {
			b.Close()
			t.Fatalf("%s: started", tc.init)
		}
		var se *StartError
		if !errors.As(err, &se) || se.Reason != tc.want || se.Phase != PhaseHandshake {
			t.Errorf("%s: %v, want reason %q", tc.init, err, tc.want)
		}
	}
}

// Round fifty-six: a backend's own requests each held a goroutine of the
// SDK's until answered, without bound (round twenty-eight left them out of
// the notifications' backlog): a stdio backend sending 200,000 pings of
// 1 kB while not reading its stdin held 2.3 GB of the daemon. Past maxAsks
// waiting for an answer, a request is refused with an error at once and
// never reaches the SDK; the ones admitted are answered, and the call
// that made them gets its result.
func TestRawConn_ABackendsRequestsWaitingForAnAnswerAreBounded(t *testing.T) {
	// Under synctest, so that "every request reached the handler or was
	// refused" is waited for by synctest.Wait, not by polling a count;
	// a request left waiting for ever fails the test at once as a
	// deadlock. Past maxAsks, refusals queue (maxRefusals) for one
	// writer and past that are dropped unanswered, as a flood should be
	// (TestAsks_PastTheRefusalQueueARequestIsDroppedAndSaid): this test
	// sends no more than the queue holds. It sent 3*maxAsks, and about
	// one run in six on a loaded machine the writer fell behind the
	// reader by more than the queue, some refusals were dropped, their
	// requests waited for ever, and synctest said "deadlock: all
	// goroutines in bubble are blocked" (round sixty-six reproduced it:
	// 34 requests waiting, no writer left).
	synctest.Test(t, func(t *testing.T) {
		ctx := context.Background()
		const sent = maxAsks + maxRefusals
		var raw rawTools
		var notes atomic.Int64
		raw.refusedNote = func(n int, method string, answered bool) {
			if method != "sampling/createMessage" || !answered {
				t.Errorf("refusal %d: a %s, answered %v; want sampling/createMessage, answered", n, method, answered)
			}
			notes.Add(1)
		}
		release := make(chan struct{})
		var inHandler atomic.Int64
		co := &mcp.ClientOptions{
			CreateMessageHandler: func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
				inHandler.Add(1)
				<-release
				return &mcp.CreateMessageResult{Model: "m", Role: "assistant", Content: &mcp.TextContent{Text: "hi"}}, nil
			},
		}
		var refused, answered atomic.Int64
		cs := clientThroughRaw(t, &raw, co, func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			var wg sync.WaitGroup
			for range sent {
				wg.Go(func() {
					_, err := req.Session.CreateMessage(ctx, &mcp.CreateMessageParams{MaxTokens: 1, Messages: []*mcp.SamplingMessage{{Role: "user", Content: &mcp.TextContent{Text: "x"}}}})
					switch {
					case err == nil:
						answered.Add(1)
					case strings.Contains(err.Error(), "switchboard: refused: too many of this server's requests are waiting"):
						refused.Add(1)
					default:
						t.Errorf("request: %v", err)
					}
				})
			}
			// Every request reached the handler (and waits on release)
			// or was refused.
			synctest.Wait()
			close(release)
			wg.Wait()
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil
		})
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "work", Arguments: map[string]any{}})
		if err != nil || res.IsError {
			t.Fatalf("call: %v, %v; want its result", res, err)
		}
		if got := inHandler.Load(); got != maxAsks {
			t.Errorf("%d of %d requests reached the handler at once, want the bound, %d", got, sent, maxAsks)
		}
		if answered.Load() != maxAsks || refused.Load() != sent-maxAsks {
			t.Errorf("%d answered, %d refused; want %d and %d", answered.Load(), refused.Load(), maxAsks, sent-maxAsks)
		}
		if notes.Load() == 0 {
			t.Error("no refusal was said")
		}
	})
}

// Round fifty-six: pages remembered every cursor whole to find a loop, and
// a cursor is the backend's to size: 1,000 pages with distinct 8 MB
// cursors (each page under maxMessageBytes) held 8 GB (measured: 1.2 GB
// after a minute of a slow backend). Cursors are remembered by hash, and a
// listing whose cursors pass maxListedBytes ends there, saying so.
func TestPages_CursorsAreBounded(t *testing.T) {
	dir := t.TempDir()
	b := &Backend{name: "c", log: slog.New(slog.DiscardHandler), stderr: openStderrLog(dir, "x", nil, nil)}
	r := rand.New(rand.NewPCG(1, 2))
	bb := make([]byte, 2<<20)
	for i := range bb {
		bb[i] = 'a' + byte(r.IntN(26))
	}
	big := string(bb)
	calls := 0
	long := func(ctx context.Context, cursor string) ([]int, string, error) {
		calls++
		return []int{calls}, big[calls : calls+1<<20], nil // distinct 1 MiB cursors, no copies
	}
	got, err := pages(context.Background(), b, "tools", long, nil)
	if want := maxListedBytes>>20 + 1; err != nil || calls != want || len(got) != want {
		t.Errorf("1 MiB cursors: %d items after %d pages (%v); want %d after %d", len(got), calls, err, want, want)
	}
	b.stderr.Close()
	data, _ := os.ReadFile(LogFile(dir, "x"))
	if want := "its cursors for the pages of its tools take more than 8 MiB (the bound of one listing): only the 9 tools of its first 9 pages are used"; !strings.Contains(string(data), want) {
		t.Errorf("log %q lacks %q", data, want)
	}
}

// Round fifty-six: the raw schemas recorded for a listing were kept by
// tool name across listings, so a backend naming its tools anew on each
// refresh grew them without end (each listing up to maxMessageBytes a
// page). A listing's are dropped once it is done; its tools keep their
// schemas as sent.
func TestBackend_RawSchemasOfEarlierListingsAreNotKept(t *testing.T) {
	spec := fakeSpec(t, "raw")
	spec.Env["FAKE_RAW_TOOLS"] = "rotate"
	ctx, cancel := context.WithTimeout(context.Background(), slow(10*time.Second))
	defer cancel()
	b, err := Start(ctx, spec, &Options{Env: os.Environ(), Reaper: reaper(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	for i := range 20 {
		tools, err := b.ListTools(ctx)
		if err != nil || len(tools) != 100 {
			t.Fatalf("listing %d: %d tools, %v", i, len(tools), err)
		}
		if got, _ := tools[0].InputSchema.(json.RawMessage); string(got) != `{"type":"object","properties":{"b":{},"a":{}}}` {
			t.Fatalf("listing %d: schema %s, want it as sent", i, got)
		}
	}
	b.raw.mu.Lock()
	defer b.raw.mu.Unlock()
	if n := len(b.raw.schemas); n != 0 {
		t.Errorf("%d tools' schemas kept after 20 listings of 100 new names", n)
	}
}

// Round fifty-six: a tool name that is not valid UTF-8 as sent (a byte
// that is not, an escaped lone surrogate) decoded as U+FFFD: the tool was
// offered under a name the backend never listed, each call got the
// backend's "unknown tool", and two such names were one. Such a tool is
// left out, withheld with the reason; a name that holds U+FFFD itself, or
// an escaped backslash before "ud800", is kept.
func TestRawTools_ANameThatIsNotUTF8IsWithheld(t *testing.T) {
	result := "{\"tools\":[" +
		`{"name":"lo\udcff"},` +
		`{"name":"\ud800hi"},` +
		"{\"name\":\"byte\xff\"}," +
		`{"name":"pair\ud83d\ude00"},` +
		`{"name":"real\ufffd"},` +
		"{\"name\":\"lit\uFFFD\"}," +
		`{"name":"esc\\ud800"}` + "]}"
	var r rawTools
	out := r.screen(json.RawMessage(result))
	var got struct{ Tools []struct{ Name string } }
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tool := range got.Tools {
		names = append(names, tool.Name)
	}
	if want := []string{"pair😀", "real\uFFFD", "lit\uFFFD", `esc\ud800`}; fmt.Sprint(names) != fmt.Sprint(want) {
		t.Errorf("kept %q, want %q", names, want)
	}
	m := r.takeMalformed()
	if len(m) != 3 {
		t.Fatalf("withheld %v, want the three names that are not UTF-8", m)
	}
	for _, w := range m {
		if !strings.Contains(w.Reason, "its name is not valid UTF-8") {
			t.Errorf("%q withheld for %q", w.Name, w.Reason)
		}
	}
}

// Round fifty-six: a stdio line holding a JSON-RPC batch (MCP 2025-03-26
// has backends send them) was dropped as junk, and the answers in it left
// their calls waiting until their time limit. Each message of a batch of
// objects is read in turn; a batch holding anything else is still junk.
func TestLineTransport_ABatchIsReadMessageByMessage(t *testing.T) {
	in := `[{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":1}}, {"jsonrpc":"2.0","id":1,"result":{}}]` + "\n" +
		`[{"jsonrpc":"2.0","id":2,"result":{}}, 3]` + "\n" +
		`[]` + "\n" +
		`{"jsonrpc":"2.0","id":4,"result":{}}` + "\n"
	var dropped []string
	tr := &lineTransport{r: strings.NewReader(in), w: nopWriteCloser{io.Discard}, junk: func(line []byte, _ error) { dropped = append(dropped, string(line)) }}
	c, _ := tr.Connect(context.Background())
	defer c.Close()
	var got []string
	for {
		m, err := c.Read(context.Background())
		if err != nil {
			break
		}
		switch m := m.(type) {
		case *jsonrpc.Request:
			got = append(got, m.Method)
		case *jsonrpc.Response:
			got = append(got, fmt.Sprint(m.ID.Raw()))
		}
	}
	if want := []string{"notifications/message", "1", "4"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("read %q, want %q", got, want)
	}
	if len(dropped) != 2 {
		t.Errorf("dropped %q, want the batch holding a number and the empty one", dropped)
	}
}

// Round fifty-six: an answer under the request's id as a string ("7" for
// the number 7) was dropped by the SDK, which matches ids by type, and the
// call waited, saying nothing, until its time limit. It now fails at once
// saying why, and the backend goes on.
func TestBackend_AnAnswerUnderItsIdAsAStringFailsTheCall(t *testing.T) {
	b := startFake(t, "raw", nil)
	ctx, cancel := context.WithTimeout(context.Background(), slow(5*time.Second))
	defer cancel()
	_, err := b.CallTool(ctx, "strid", json.RawMessage(`{}`))
	if err == nil || ctx.Err() != nil || !strings.Contains(err.Error(), `backend "fake" answered under the id "`) || !strings.Contains(err.Error(), "JSON-RPC needs the same id, of the same type") {
		t.Fatalf("call: %v (context: %v)", err, ctx.Err())
	}
	if res, err := b.CallTool(ctx, "echo", json.RawMessage(`{}`)); err != nil || res.Content[0].(*mcp.TextContent).Text != "called echo" {
		t.Fatalf("next call: %v, %v", res, err)
	}
}

// Round seventy-one: one tool whose schema nests 1,800 levels made its
// backend's whole tools/list answer unreadable (the SDK refuses a message
// nested past 1,000 levels), where a tool that does not decode is left
// out alone. The answer is read with that tool marked, and screen
// withholds it saying why; the other tools are used.
func TestRawTools_AToolNestedPastWhatTheSDKReadsIsLeftOutAlone(t *testing.T) {
	deep := strings.Repeat(`{"type":"object","properties":{"x":`, 900) + `{}` + strings.Repeat(`}}`, 900)
	line := []byte(`{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"deep","inputSchema":` + deep + `},{"name":"ok","inputSchema":{"type":"object"}}]}}`)
	if _, err := jsonrpc.DecodeMessage(line); err == nil {
		t.Fatal("the SDK reads the line as it is: the test needs a deeper schema")
	}
	c := &lineConn{msgs: make(chan readResult, 1), closed: make(chan struct{})}
	var junk error
	c.deliver(line, false, func(_ []byte, err error) { junk = err })
	r := <-c.msgs
	resp, ok := r.msg.(*jsonrpc.Response)
	if r.err != nil || !ok || resp.Error != nil || junk != nil {
		t.Fatalf("delivered %+v, %v (junk %v)", r.msg, r.err, junk)
	}
	var raw rawTools
	out := raw.screen(resp.Result)
	var got struct{ Tools []struct{ Name string } }
	if err := json.Unmarshal(out, &got); err != nil || len(got.Tools) != 1 || got.Tools[0].Name != "ok" {
		t.Fatalf("kept %+v, %v; want ok", got.Tools, err)
	}
	if m := raw.takeMalformed(); len(m) != 1 || m[0].Name != "deep" || !strings.Contains(m[0].Reason, "nests more than 990 levels deep") {
		t.Errorf("withheld %+v", m)
	}
	// An answer too deep elsewhere is still junk, failing its call.
	c.deliver([]byte(`{"jsonrpc":"2.0","id":4,"result":{"x":`+strings.Repeat("[", 1200)+strings.Repeat("]", 1200)+`}}`), false, func(_ []byte, err error) { junk = err })
	if r := <-c.msgs; junk == nil || r.msg.(*jsonrpc.Response).Error == nil {
		t.Errorf("a deep answer that lists no tools was read: %+v", r.msg)
	}
}

// TestLineConn_AnUnreadableRequestOfTheBackendsIsAnswered: a backend
// asking for elicitation with a schema nested 2,000 levels sent a line
// the SDK cannot decode; it was dropped as junk, the backend waited for
// its answer, and the call that made it ran to its script's time limit.
// Such a request, its id and method readable, is answered at once with
// an invalid request error naming the method and why.
func TestLineConn_AnUnreadableRequestOfTheBackendsIsAnswered(t *testing.T) {
	pr, pw := io.Pipe()
	c := &lineConn{msgs: make(chan readResult, 1), closed: make(chan struct{}), wsem: make(chan struct{}, 1), w: pw}
	deep := strings.Repeat(`{"type":"object","properties":{"a":`, 1100) + `{}` + strings.Repeat(`}}`, 1100)
	var junk error
	c.deliver([]byte(`{"jsonrpc":"2.0","id":7,"method":"elicitation/create","params":{"message":"m","requestedSchema":`+deep+`}}`), false, func(_ []byte, err error) { junk = err })
	line, err := bufio.NewReader(pr).ReadBytes('\n')
	if err != nil {
		t.Fatal(err)
	}
	msg, err := jsonrpc.DecodeMessage(line)
	resp, ok := msg.(*jsonrpc.Response)
	if err != nil || !ok || resp.ID.Raw() != int64(7) || resp.Error == nil || !strings.Contains(resp.Error.Error(), `could not read this "elicitation/create" request`) || !strings.Contains(resp.Error.Error(), "nesting depth") {
		t.Fatalf("answered %s (%v); want an error under id 7 naming the method and the nesting", line, err)
	}
	if junk == nil {
		t.Error("the line was not said to be junk")
	}
	select {
	case r := <-c.msgs:
		t.Errorf("the unreadable request was delivered: %+v", r)
	default:
	}
}

// TestBackend_ABlobThatIsNotBase64IsTheBackendsFault: a resource's blob
// or a prompt's image that is not base64 failed the read with the SDK's
// words ("calling \"resources/read\": illegal base64 data at input byte
// 0"), which named neither the backend's answer as the fault nor the
// field. The error now says both.
func TestBackend_ABlobThatIsNotBase64IsTheBackendsFault(t *testing.T) {
	b := &Backend{name: "rb"}
	err := b.callErr(context.Background(), fmt.Errorf("calling %q: %w", "resources/read", base64.CorruptInputError(3)))
	want := `backend "rb" sent a malformed answer: its result cannot be read: a field of binary data (a resource's blob, an image's or audio's data) is not base64 (a byte that is not, at offset 3 of it)`
	if err == nil || err.Error() != want {
		t.Fatalf("error %v, want %q", err, want)
	}
}

// Round 104: a schema nested 6,000 levels (12,000 of JSON, past
// encoding/json's own limit of 10,000) made the marking of round
// seventy-one fail too, and with it the whole listing ("the backend's
// answer could not be read: … exceeded maximum nesting depth of 1000").
// The tool is withheld by its name alone; the others are used.
func TestRawTools_AToolNestedPastEncodingJSONsLimitIsLeftOutAlone(t *testing.T) {
	deep := strings.Repeat(`{"type":"object","properties":{"x":`, 6000) + `{"s":"}]\"{["}` + strings.Repeat(`}}`, 6000)
	line := []byte(`{"jsonrpc":"2.0","id":3,"result":{"tools":[{"name":"deep","inputSchema":` + deep + `},{"name":"ok","inputSchema":{"type":"object","properties":{"q":{"type":"string","description":"{[\"x"}}}}]}}`)
	var probe any
	if json.Unmarshal(line, &probe) == nil {
		t.Fatal("encoding/json reads the line as it is: the test needs a deeper schema")
	}
	c := &lineConn{msgs: make(chan readResult, 1), closed: make(chan struct{})}
	var junk error
	c.deliver(line, false, func(_ []byte, err error) { junk = err })
	r := <-c.msgs
	resp, ok := r.msg.(*jsonrpc.Response)
	if r.err != nil || !ok || resp.Error != nil || junk != nil {
		t.Fatalf("delivered %+v, %v (junk %v)", r.msg, r.err, junk)
	}
	var raw rawTools
	out := raw.screen(resp.Result)
	var got struct {
		Tools []struct {
			Name        string
			InputSchema json.RawMessage
		}
	}
	if err := json.Unmarshal(out, &got); err != nil || len(got.Tools) != 1 || got.Tools[0].Name != "ok" || !strings.Contains(string(got.Tools[0].InputSchema), `"{[\"x"`) {
		t.Fatalf("kept %+v, %v; want ok, its schema whole", got.Tools, err)
	}
	if m := raw.takeMalformed(); len(m) != 1 || m[0].Name != "deep" || !strings.Contains(m[0].Reason, "nests more than 990 levels deep") {
		t.Errorf("withheld %+v", m)
	}
}

// Round 104: a tool listed with an empty name was served as "_" (and
// called as ""); it is withheld as malformed, named by its place.
func TestRawTools_AToolWithAnEmptyNameIsLeftOut(t *testing.T) {
	var raw rawTools
	out := raw.screen(json.RawMessage(`{"tools":[{"name":"","inputSchema":{"type":"object"}},{"name":"ok","inputSchema":{"type":"object"}}]}`))
	var got struct{ Tools []struct{ Name string } }
	if err := json.Unmarshal(out, &got); err != nil || len(got.Tools) != 1 || got.Tools[0].Name != "ok" {
		t.Fatalf("kept %+v, %v; want ok alone", got.Tools, err)
	}
	if m := raw.takeMalformed(); len(m) != 1 || m[0].Name != "#1" || !strings.Contains(m[0].Reason, "its name is empty") {
		t.Errorf("withheld %+v", m)
	}
}
