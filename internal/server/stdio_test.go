package server

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// lockedWriter lets the test put raw lines between the client's messages.
type lockedWriter struct {
	mu sync.Mutex
	w  io.WriteCloser
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return l.w.Close() }

// lineTap keeps the lines the server wrote that are error responses and
// passes the others on to the client. Error responses with a null id are
// not passed on: the Go SDK's client ends its session on one (its
// decoder wants an id in every response), while JSON-RPC prescribes them
// for a line whose id is unknown; this test is about our side going on.
type lineTap struct {
	mu     sync.Mutex
	to     io.Writer
	errors []string
	buf    bytes.Buffer
}

func (t *lineTap) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf.Write(p)
	for {
		line, err := t.buf.ReadString('\n')
		if err != nil {
			t.buf.WriteString(line) // keep the partial line
			break
		}
		if strings.Contains(line, `"error"`) {
			t.errors = append(t.errors, strings.TrimSpace(line))
			if strings.Contains(line, `"id":null`) {
				continue
			}
		}
		if _, err := t.to.Write([]byte(line)); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

func (t *lineTap) errorLines() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return append([]string(nil), t.errors...)
}

func TestStdioTransport_BadInputDoesNotEndTheSession(t *testing.T) {
	s, _, _ := newTestServer(t, config.Settings{}, nil)
	toServer, clientOut := io.Pipe()
	fromServer, serverOut := io.Pipe()
	tap := &lineTap{to: serverOut}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() {
		served <- s.Run(ctx, &StdioTransport{Reader: toServer, Writer: tap, MaxMessage: 1 << 20})
	}()
	w := &lockedWriter{w: clientOut}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(ctx, &mcp.IOTransport{Reader: fromServer, Writer: w}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	listOK := func(when string) {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": "return 6 * 7"}})
		if err != nil || res.IsError || res.Content[0].(*mcp.TextContent).Text != "42" {
			t.Fatalf("%s: execute = %+v, %v; the session should go on", when, res, err)
		}
	}
	listOK("before bad input")

	raw := func(s string) {
		if _, err := w.Write([]byte(s)); err != nil {
			select {
			case e := <-served:
				t.Fatalf("writing: %v; serve ended: %v; client: %v", err, e, cs.Wait())
			default:
			}
			t.Fatalf("%v; client: %v", err, cs.Wait())
		}
	}
	raw("this is not json\n")
	raw(`{"jsonrpc":"1.0","id":"x-1","method":"ping"}` + "\n") // JSON, but no JSON-RPC 2.0
	var big strings.Builder
	big.WriteString(`{"jsonrpc":"2.0","id":777,"method":"tools/call","params":{"name":"execute","arguments":{"script":"return '`)
	big.WriteString(strings.Repeat("a", 3<<20))
	big.WriteString(`'"}}}` + "\n")
	raw(big.String())
	raw(`{"jsonrpc":"2.0","id":null,"method":"tools/list"}` + "\n") // not a notification: it waits for an answer
	raw(`{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}` + "\n")
	listOK("after a malformed line, an invalid request, an oversize message and a null id")

	got := tap.errorLines()
	want := []struct{ code, id string }{{"-32700", `"id":null`}, {"-32600", `"id":"x-1"`}, {"-32600", `"id":777`}, {"-32600", `"id":null`}}
	if len(got) != len(want) {
		t.Fatalf("error responses:\n%s\nwant %d", strings.Join(got, "\n"), len(want))
	}
	for i, wnt := range want {
		var m map[string]json.RawMessage
		if err := json.Unmarshal([]byte(got[i]), &m); err != nil {
			t.Fatalf("response %q: %v", got[i], err)
		}
		if !strings.Contains(got[i], `"code":`+wnt.code) || !strings.Contains(got[i], wnt.id) || string(m["jsonrpc"]) != `"2.0"` {
			t.Errorf("response %d = %s, want code %s and %s", i, got[i], wnt.code, wnt.id)
		}
	}
	if !strings.Contains(got[2], "over the limit of 1048576 bytes") {
		t.Errorf("oversize answer does not say why: %s", got[2])
	}
	if !strings.Contains(got[3], "the id is null") {
		t.Errorf("null-id answer does not say why: %s", got[3])
	}
	clientOut.Close()
	if err := <-served; err != nil && err != io.EOF {
		t.Logf("serve ended with %v", err)
	}
}

// A client that floods bad lines gets each one answered, and the log
// (the daemon's, not rotated while it runs) the 1st, 10th, 100th...
func TestStdioTransport_BadLineFloodIsNotLoggedPerLine(t *testing.T) {
	var logs logtest.Buffer
	in := strings.Repeat("this is not json\n", 150)
	var out logtest.Buffer
	c, err := (&StdioTransport{Reader: strings.NewReader(in), Writer: &out, Logger: slog.New(slog.NewTextHandler(&logs, nil))}).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := c.Read(context.Background()); err != io.EOF {
		t.Fatalf("Read = %v, want io.EOF after the bad lines", err)
	}
	if n := strings.Count(out.String(), `"code":-32700`); n != 150 {
		t.Errorf("%d parse errors answered, want 150", n)
	}
	if n := strings.Count(logs.String(), "rejected a client message"); n != 3 || !strings.Contains(logs.String(), "rejected=100") {
		t.Errorf("%d warnings for 150 bad lines, want 3 (1st, 10th, 100th):\n%s", n, logs.String())
	}
}

func TestReadLine_SkipsALongLineWithoutKeepingIt(t *testing.T) {
	in := `{"id":5,"x":"` + strings.Repeat("b", 100000) + "\"}\nnext\nlast"
	br := bufio.NewReaderSize(strings.NewReader(in), 16)
	line, size, err := readLine(br, 1000)
	if err != nil || size <= 1000 || len(line) > idHead || string(sniffID(line)) != "5" {
		t.Fatalf("long line: %d bytes kept, size %d, id %v, err %v", len(line), size, sniffID(line), err)
	}
	if line, _, err := readLine(br, 1000); string(line) != "next" || err != nil {
		t.Errorf("next line = %q, %v", line, err)
	}
	if line, _, err := readLine(br, 1000); string(line) != "last" || err != io.EOF {
		t.Errorf("last line = %q, %v", line, err)
	}
}

// sniffID finds the top-level id of a line that may be cut short, as
// sent: an oversize line's error carried 1.5 as 1, 2^53+1 as 2^53 and a
// lone surrogate as U+FFFD, ids the client cannot match.
func TestSniffID_OnlyTopLevel(t *testing.T) {
	for in, want := range map[string]string{
		`{"params":{"id":3},"id":"top"`:               "\"top\"",
		`{"jsonrpc":"2.0","id":12,"meth`:              "12",
		`{"jsonrpc":"2.0","id":1.5,"meth`:             "1.5",
		`{"jsonrpc":"2.0","id":9007199254740993,"met`: "9007199254740993",
		`{"jsonrpc":"2.0","id":"\ud800","meth`:        `"\ud800"`,
		`{"jsonrpc":"2.0","id":true,"meth`:            "",
		`{"jsonrpc":"2.0","id":{"a":1},"meth`:         "",
		`{"params":{"id":3},"meth`:                    "",
		`[1,2]`:                                       "",
		`not json`:                                    "",
	} {
		if got := string(sniffID([]byte(in))); got != want {
			t.Errorf("sniffID(%s) = %v, want %v", in, got, want)
		}
	}
}

// LinesRead sees every newline-terminated line before it is handled,
// good or bad, and not a last line cut short by the end of input.
func TestStdioTransport_CountsLinesBeforeHandlingThem(t *testing.T) {
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		``,
		`not json`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":3,"method":"pi`, // no newline: the input ends
	}, "\n")
	var mu sync.Mutex
	var counts []uint64
	last := func() uint64 {
		mu.Lock()
		defer mu.Unlock()
		if len(counts) == 0 {
			return 0
		}
		return counts[len(counts)-1]
	}
	tr := &StdioTransport{Reader: strings.NewReader(in), Writer: io.Discard, DrainTimeout: time.Millisecond, LinesRead: func(n uint64) {
		mu.Lock()
		counts = append(counts, n)
		mu.Unlock()
	}}
	conn, err := tr.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []uint64{1, 4, 5} { // the lines that are messages
		if _, err := conn.Read(context.Background()); err != nil {
			t.Fatalf("reading the message of line %d: %v", line, err)
		}
		if n := last(); n < line {
			t.Errorf("the message of line %d was handed over with %d lines counted", line, n)
		}
	}
	if _, err := conn.Read(context.Background()); err != io.EOF {
		t.Errorf("after the last message: %v, want EOF", err)
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []uint64{1, 2, 3, 4, 5}; !slices.Equal(counts, want) {
		t.Errorf("counts = %v, want %v", counts, want)
	}
}

// An id the SDK would answer under another value (it decodes ids through
// float64) gets an invalid-request error carrying the id as sent; ids
// every client reads as the same integer are served.
func TestOddNumberID(t *testing.T) {
	for line, want := range map[string]string{
		`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`:                           "1.5",
		`{"jsonrpc":"2.0","id" : -2.25e1,"method":"ping"}`:                     "-2.25e1",
		`{"jsonrpc":"2.0","id":9007199254740993,"method":"ping"}`:              "9007199254740993",
		`{"jsonrpc":"2.0","id":99999999999999999999,"method":"ping"}`:          "99999999999999999999",
		`{"jsonrpc":"2.0","method":"ping","params":{"id":1.5},"id":2.5}`:       "2.5",
		`{"jsonrpc":"2.0","id":7,"method":"ping"}`:                             "",
		`{"jsonrpc":"2.0","id":-9007199254740992,"method":"ping"}`:             "",
		`{"jsonrpc":"2.0","id":1e3,"method":"ping"}`:                           "",
		`{"jsonrpc":"2.0","id":1000.0,"method":"ping"}`:                        "",
		`{"jsonrpc":"2.0","id":"1.5","method":"ping"}`:                         "",
		`{"jsonrpc":"2.0","id":3,"method":"x","params":{"id":1.5}}`:            "",
		`{"jsonrpc":"2.0","id":3,"method":"x","params":{"text":"\"id\":1.5"}}`: "",
	} {
		if got := string(oddNumberID([]byte(line))); got != want {
			t.Errorf("oddNumberID(%s) = %q, want %q", line, got, want)
		}
	}
}

// waitServer runs an MCP server with one tool, "wait", that answers once
// release is closed, on a StdioTransport with maxInFlight over pipes; send
// writes a client line and next returns the next message the client reads.
func waitServer(t *testing.T, maxInFlight int) (release chan struct{}, send func(string), next func() map[string]any) {
	t.Helper()
	release = make(chan struct{})
	srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "wait"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		<-release
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil, nil
	})
	toServer, clientOut := io.Pipe()
	fromServer, serverOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go srv.Run(ctx, &StdioTransport{Reader: toServer, Writer: serverOut, MaxInFlight: maxInFlight})
	lines := make(chan map[string]any, 100)
	go func() {
		sc := bufio.NewScanner(fromServer)
		for sc.Scan() {
			var m map[string]any
			json.Unmarshal(sc.Bytes(), &m)
			lines <- m
		}
	}()
	send = func(s string) {
		t.Helper()
		if _, err := io.WriteString(clientOut, s+"\n"); err != nil {
			t.Fatal(err)
		}
	}
	next = func() map[string]any {
		t.Helper()
		select {
		case m := <-lines:
			return m
		case <-time.After(10 * time.Second):
			t.Fatal("no answer in 10 s")
		}
		return nil
	}
	return release, send, next
}

// A client that sends more requests than MaxInFlight while none is
// answered gets the extra ones refused at once (it cannot grow our
// memory by flooding); once answers go out, requests are served again.
func TestStdioTransport_BoundsRequestsInFlight(t *testing.T) {
	release, send, next := waitServer(t, 3)
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	next()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	for i := 1; i <= 5; i++ {
		send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":{"name":"wait","arguments":{}}}`, i))
	}
	// Two are refused while three wait: normally 4 and 5, but on a busy
	// machine the slot of initialize's answer may be given back a moment
	// after the client read it, and then 3 is refused instead of 5.
	refused := map[any]bool{}
	for range 2 {
		m := next()
		e, _ := m["error"].(map[string]any)
		if e == nil || e["code"] != float64(codeBusy) || !strings.Contains(fmt.Sprint(e["message"]), "too many requests at once: 3") {
			t.Fatalf("got %v, want a request refused as busy", m)
		}
		refused[m["id"]] = true
	}
	if !refused[4.0] && !refused[5.0] || refused[1.0] || refused[2.0] {
		t.Fatalf("refused %v, want the last ones sent", refused)
	}
	close(release)
	got := map[any]bool{}
	for range 3 {
		m := next()
		if m["error"] != nil {
			t.Fatalf("got %v, want a result", m)
		}
		got[m["id"]] = true
	}
	for i := 1.0; i <= 5; i++ {
		if got[i] == refused[i] {
			t.Errorf("request %v: answered %v, refused %v; want one or the other", i, got[i], refused[i])
		}
	}
	// As with initialize's above, the slot of an answer the client read
	// may be given back a moment later on a busy machine: request 6 may
	// be refused as busy then, and is sent again, as a client would.
	for try := 0; ; try++ {
		send(`{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"wait","arguments":{}}}`)
		m := next()
		if e, _ := m["error"].(map[string]any); e != nil && e["code"] == float64(codeBusy) && try < 50 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if m["id"] != 6.0 || m["error"] != nil {
			t.Errorf("after the answers, request 6 got %v, want its result", m)
		}
		break
	}
}

// A second initialize on a session gets invalid request, saying what to
// do, instead of the SDK's error code 0; a failed first one may be tried
// again.
func TestStdioTransport_SecondInitializeIsInvalidRequest(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
	toServer, clientOut := io.Pipe()
	fromServer, serverOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go srv.Run(ctx, &StdioTransport{Reader: toServer, Writer: serverOut})
	sc := bufio.NewScanner(fromServer)
	call := func(line string) map[string]any {
		t.Helper()
		if _, err := io.WriteString(clientOut, line+"\n"); err != nil {
			t.Fatal(err)
		}
		if !sc.Scan() {
			t.Fatal("no answer")
		}
		var m map[string]any
		json.Unmarshal(sc.Bytes(), &m)
		return m
	}
	init := `{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	if m := call(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":"bad"}`); m["error"] == nil {
		t.Fatalf("a malformed initialize got %v, want an error", m)
	}
	if m := call(fmt.Sprintf(init, 2)); m["result"] == nil {
		t.Fatalf("initialize after a failed one got %v, want a result", m)
	}
	m := call(fmt.Sprintf(init, 3))
	e, _ := m["error"].(map[string]any)
	if e == nil || e["code"] != float64(jsonrpc.CodeInvalidRequest) || !strings.Contains(fmt.Sprint(e["message"]), "already initialized") {
		t.Errorf("a second initialize got %v, want invalid request", m)
	}
	if m := call(`{"jsonrpc":"2.0","id":4,"method":"ping"}`); m["result"] == nil {
		t.Errorf("ping after it got %v, want a result", m)
	}
}

// The errors the SDK answers with code 0, which no client can act on, go
// out with a code: a request before initialize and an initialize after a
// 2026-07-28 request (which made the session initialized) are invalid
// requests; a handler's plain Go error is an internal error.
func TestStdioTransport_GivesTheSDKsCodeZeroErrorsACode(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
	srv.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return nil, errors.New("the prompt broke")
	})
	call := func(t *testing.T, lines ...string) map[string]any {
		t.Helper()
		toServer, clientOut := io.Pipe()
		fromServer, serverOut := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		go srv.Run(ctx, &StdioTransport{Reader: toServer, Writer: serverOut})
		go func() {
			for _, l := range lines {
				io.WriteString(clientOut, l+"\n")
			}
		}()
		sc := bufio.NewScanner(fromServer)
		last := fmt.Sprintf(`"id":%d,`, len(lines))
		for sc.Scan() {
			if strings.Contains(sc.Text(), last) {
				var m map[string]any
				json.Unmarshal(sc.Bytes(), &m)
				return m
			}
		}
		t.Fatalf("no answer to the line %d", len(lines))
		return nil
	}
	init := func(id int) string {
		return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`, id)
	}
	stateless := `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	for _, tc := range []struct {
		name  string
		lines []string
		code  int64
		msg   string
	}{
		{"a request before initialize", []string{`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{}}`}, jsonrpc.CodeInvalidRequest, "invalid during session initialization: no initialize was answered yet; send initialize first"},
		// Round ninety-one: a version before 2026-07-28, or one that is no
		// string, in _meta is no 2026-07-28 request: initialize first.
		{"a request naming 2025-11-25 in _meta before initialize", []string{`{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":7}}}`}, jsonrpc.CodeInvalidRequest, "send initialize first, or, for protocol 2026-07-28"},
		// Round ninety-one: the SDK's `duplicate "initialize" received`
		// named an initialize never sent.
		{"initialize after a 2026-07-28 request", []string{stateless, init(2)}, jsonrpc.CodeInvalidRequest, `earlier requests carried a protocol version of 2026-07-28 or later in their _meta`},
		{"initialize with params of the wrong types", []string{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{"elicitation":7},"clientInfo":{"name":"c","version":"1"}}}`}, jsonrpc.CodeInvalidParams, "capabilities.elicitation"},
		{"a handler's plain error", []string{init(1), `{"jsonrpc":"2.0","method":"notifications/initialized"}`, `{"jsonrpc":"2.0","id":3,"method":"prompts/get","params":{"name":"p"}}`}, jsonrpc.CodeInternalError, "the prompt broke"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := call(t, tc.lines...)
			e, _ := m["error"].(map[string]any)
			if e == nil || e["code"] != float64(tc.code) || !strings.Contains(fmt.Sprint(e["message"]), tc.msg) {
				t.Errorf("got %v, want error code %d saying %q", m, tc.code, tc.msg)
			}
		})
	}
}

// A line starting with a UTF-8 byte order mark (some Windows tools write
// one) is read as the JSON after it.
func TestStdioTransport_SkipsAByteOrderMark(t *testing.T) {
	tr := &StdioTransport{Reader: strings.NewReader("\ufeff{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"ping\"}\n"), Writer: io.Discard}
	conn, err := tr.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	msg, err := conn.Read(context.Background())
	if r, ok := msg.(*jsonrpc.Request); err != nil || !ok || r.Method != "ping" {
		t.Errorf("read %v, %v; want the ping", msg, err)
	}
}

// A message with an id and neither a method nor a result or error is no
// JSON-RPC message: it gets invalid request with its id (the SDK took it
// for a response and dropped it); a response with a null result is one.
func TestNoMethodNorResult(t *testing.T) {
	for line, want := range map[string]bool{
		`{"jsonrpc":"2.0","id":"y"}`:                                  true,
		`{"jsonrpc":"2.0","id":"y","result":null}`:                    false,
		`{"jsonrpc":"2.0","id":"y","result":{}}`:                      false,
		`{"jsonrpc":"2.0","id":"y","error":{"code":1,"message":"m"}}`: false,
		`{"jsonrpc":"2.0","id":"y","method":"ping"}`:                  false,
	} {
		msg, err := jsonrpc.DecodeMessage([]byte(line))
		if err != nil {
			t.Errorf("%s: %v", line, err)
			continue
		}
		if got := noMethodNorResult(msg, []byte(line)); got != want {
			t.Errorf("noMethodNorResult(%s) = %v, want %v", line, got, want)
		}
	}
}

// fakeJournal is a Journal over a reader, recording what the transport
// notes, in order.
type fakeJournal struct {
	r      *bufio.Reader
	mu     sync.Mutex
	events []string
	slots  int
}

func (f *fakeJournal) note(e string) {
	f.mu.Lock()
	f.events = append(f.events, e)
	f.mu.Unlock()
}

func (f *fakeJournal) log() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.events...)
}

func (f *fakeJournal) ReadLine(max, head int) ([]byte, int, error) { return readLine(f.r, max) }

func (f *fakeJournal) Handle(id json.RawMessage) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	if id == nil {
		f.events = append(f.events, "handle -")
		return -1
	}
	f.slots++
	f.events = append(f.events, fmt.Sprintf("handle %s slot %d", id, f.slots))
	return f.slots
}

func (f *fakeJournal) Write(w io.Writer, line []byte, slot int) error {
	var m struct{ ID json.RawMessage }
	json.Unmarshal(line, &m)
	f.note(fmt.Sprintf("write %s slot %d", m.ID, slot))
	_, err := w.Write(line)
	return err
}

func (f *fakeJournal) Initialize(line []byte)  { f.note("initialize " + string(line)) }
func (f *fakeJournal) Initialized(line []byte) { f.note("initialized " + string(line)) }
func (f *fakeJournal) InitAnswered()           { f.note("init answered") }
func (f *fakeJournal) Pay(slot int)            { f.note(fmt.Sprintf("pay slot %d", slot)) }

// With a journal, the transport reads through it and notes each line once
// before acting on it, with the id of the answer it owes; each answer is
// written with that line's slot; the client's initialization is noted
// before it is handled, and initialize's result just before it is
// written. Ids too long for a slot are refused.
func TestStdioTransport_NotesItsProgressInTheJournal(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
	toServer, clientOut := io.Pipe()
	fromServer, serverOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	j := &fakeJournal{r: bufio.NewReader(toServer)}
	go srv.Run(ctx, &StdioTransport{Writer: serverOut, Journal: j})
	sc := bufio.NewScanner(fromServer)
	send := func(line string, answered bool) {
		t.Helper()
		if _, err := io.WriteString(clientOut, line+"\n"); err != nil {
			t.Fatal(err)
		}
		if answered && !sc.Scan() {
			t.Fatalf("no answer to %s", line)
		}
	}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	inited := `{"jsonrpc":"2.0","method":"notifications/initialized"}`
	long := `"` + strings.Repeat("i", 300) + `"`
	send(init, true)
	send(inited, false)
	send(`{"jsonrpc":"2.0","id":"p","method":"ping"}`, true)
	send(`not json`, true)
	send(``, false)
	send(`{"jsonrpc":"2.0","id":`+long+`,"method":"ping"}`, true)
	if !strings.Contains(sc.Text(), "at most 240") {
		t.Errorf("a 302-byte id got %s, want a refusal naming the bound", sc.Text())
	}
	send(`{"jsonrpc":"2.0","id":9,"method":"ping"}`, true)
	want := []string{
		"initialize " + init,
		"handle 1 slot 1",
		"init answered",
		"write 1 slot 1",
		"initialized " + inited,
		"handle -",
		`handle "p" slot 2`,
		`write "p" slot 2`,
		"handle -",
		"write null slot -1",
		"handle -",
		"handle " + long + " slot 3",
		"write " + long + " slot 3",
		"handle 9 slot 4",
		"write 9 slot 4",
	}
	if got := j.log(); !slices.Equal(got, want) {
		t.Errorf("journal events:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A client that writes its requests and closes its end at once (`cat
// requests.jsonl | switchboard serve`) gets every answer: the session
// waits for what it is serving before it ends, and notifications/initialized
// right behind initialize is not taken for one sent before it.
func TestStdioTransport_AnswersWhatWasAskedBeforeTheInputEnded(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "slow"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
		time.Sleep(200 * time.Millisecond)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil, nil
	})
	in := strings.Join([]string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"slow","arguments":{}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/list"}`,
	}, "\n") + "\n"
	var out logtest.Buffer
	var logs logtest.Buffer
	err := srv.Run(context.Background(), &StdioTransport{Reader: strings.NewReader(in), Writer: &out, Logger: slog.New(slog.NewTextHandler(&logs, nil))})
	if err != nil && !errors.Is(err, io.EOF) {
		t.Logf("Run: %v", err)
	}
	got := map[float64]string{}
	for _, line := range strings.Split(strings.TrimSpace(out.String()), "\n") {
		var m struct {
			ID     float64
			Result json.RawMessage
		}
		if json.Unmarshal([]byte(line), &m) == nil && m.Result != nil {
			got[m.ID] = string(m.Result)
		}
	}
	for _, id := range []float64{1, 2, 3} {
		if got[id] == "" {
			t.Errorf("no result for id %v; output:\n%s", id, out.String())
		}
	}
	if !strings.Contains(got[2], "done") {
		t.Errorf("the slow call answered %s, want its result", got[2])
	}
	if strings.Contains(logs.String(), "before initialize") {
		t.Errorf("the session took notifications/initialized for one before initialize: %s", logs.String())
	}
}

// A session whose input ended waits at most DrainTimeout for answers.
func TestStdioTransport_DrainIsBounded(t *testing.T) {
	tr := &StdioTransport{Reader: strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"x"}` + "\n"), Writer: io.Discard, DrainTimeout: 50 * time.Millisecond}
	conn, err := tr.Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Read(context.Background()); err != nil {
		t.Fatal(err)
	}
	// Never answered: EOF comes once the drain gives up.
	done := make(chan error, 1)
	go func() { _, err := conn.Read(context.Background()); done <- err }()
	select {
	case err := <-done:
		if err != io.EOF {
			t.Errorf("after the drain: %v, want EOF", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the drain did not give up")
	}
}

// A request sent with the id of one being served gets invalid request
// naming the id: the SDK dropped it unanswered, and the transport counted
// it in flight for ever (the input's end then waited DrainTimeout, and
// MaxInFlight such requests refused every later one). Once answered, an
// id may be used again.
func TestStdioTransport_AnswersARequestReusingAnIDInFlight(t *testing.T) {
	release, send, next := waitServer(t, 2)
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	next()
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	call := `{"jsonrpc":"2.0","id":"dup","method":"tools/call","params":{"name":"wait","arguments":{}}}`
	send(call)
	for range 3 { // more than MaxInFlight: none of them may count
		send(call)
		m := next()
		e, _ := m["error"].(map[string]any)
		if m["id"] != "dup" || e == nil || e["code"] != float64(jsonrpc.CodeInvalidRequest) || !strings.Contains(fmt.Sprint(e["message"]), `the id "dup" is in use`) {
			t.Fatalf("a request reusing an id in flight got %v, want invalid request naming the id", m)
		}
	}
	close(release)
	if m := next(); m["id"] != "dup" || m["result"] == nil {
		t.Fatalf("the first request got %v, want its result", m)
	}
	send(call)
	if m := next(); m["id"] != "dup" || m["result"] == nil {
		t.Errorf("the id used again after its answer got %v, want a result", m)
	}
	// The slot of an answer the client read may be given back a moment
	// later on a busy machine (see BoundsRequestsInFlight): a ping refused
	// as busy then is sent again, as a client would; the refused requests
	// reusing the id must hold none for good.
	for try := 0; ; try++ {
		send(`{"jsonrpc":"2.0","id":1,"method":"ping"}`)
		m := next()
		if e, _ := m["error"].(map[string]any); e != nil && e["code"] == float64(codeBusy) && try < 50 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if m["id"] != 1.0 || m["result"] == nil {
			t.Errorf("a ping after them got %v, want a result (nothing left in flight)", m)
		}
		break
	}
}

// A notification to a client that does not read its output is queued, not
// waited for: a backend's notifications are handled one at a time for
// every session using it, and one session's unread pipe held back the
// progress and log messages of every other. Responses still wait for
// their write (the bound on requests in flight depends on it), lines go
// out in the order written, and past maxQueuedNotes bytes notifications
// are dropped.
func TestStdioTransport_NotificationsDoNotWaitForAClientThatIsNotReading(t *testing.T) {
	fromServer, serverOut := io.Pipe() // nothing reads it until the notifications are sent
	toServer, clientOut := io.Pipe()
	defer clientOut.Close()
	conn, err := (&StdioTransport{Reader: toServer, Writer: serverOut}).Connect(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	ctx := context.Background()
	respond := func(id int64) <-chan error {
		done := make(chan error, 1)
		rid, _ := jsonrpc.MakeID(float64(id))
		go func() { done <- conn.Write(ctx, &jsonrpc.Response{ID: rid, Result: json.RawMessage(`{}`)}) }()
		return done
	}
	first := respond(1)
	// The response is being written (or queued) before the first
	// notification: the order the client must read starts with it.
	c := conn.(*stdioConn)
	for start := time.Now(); ; time.Sleep(time.Millisecond) {
		c.outMu.Lock()
		begun := c.writing || len(c.out) > 0
		c.outMu.Unlock()
		if begun {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatal("the first response was never written")
		}
	}
	data := strings.Repeat("x", 64<<10)
	sent := make(chan int, 1)
	go func() {
		n := 0
		for ; n*len(data) < 2*maxQueuedNotes; n++ {
			params, _ := json.Marshal(map[string]any{"level": "info", "data": fmt.Sprint(n, data)})
			if err := conn.Write(ctx, &jsonrpc.Request{Method: "notifications/message", Params: params}); err != nil {
				t.Errorf("notification %d: %v", n, err)
				break
			}
		}
		sent <- n
	}()
	var n int
	select {
	case n = <-sent:
	case <-time.After(10 * time.Second):
		t.Fatal("a notification waited for the client to read its output")
	}
	select {
	case err := <-first:
		t.Fatalf("the response's write returned (%v) before the client read it", err)
	default:
	}
	last := respond(2) // after the notifications kept
	sc := bufio.NewScanner(fromServer)
	sc.Buffer(nil, 1<<20)
	var got []string
	for sc.Scan() {
		var m struct {
			ID     *int
			Params struct{ Data string }
		}
		json.Unmarshal(sc.Bytes(), &m)
		if m.ID != nil {
			got = append(got, fmt.Sprint("response ", *m.ID))
			if *m.ID == 2 {
				break
			}
			continue
		}
		num, _, _ := strings.Cut(m.Params.Data, "x")
		got = append(got, num)
	}
	for _, done := range []<-chan error{first, last} {
		if err := <-done; err != nil {
			t.Fatalf("a response: %v", err)
		}
	}
	kept := len(got) - 2
	if kept < 1 || kept >= n || got[0] != "response 1" || got[len(got)-1] != "response 2" {
		t.Fatalf("the client read %d lines (%v … %v) of %d notifications; want response 1, the first ones in order, response 2, some dropped", len(got), got[:min(len(got), 3)], got[max(0, len(got)-2):], n)
	}
	for i, num := range got[1 : len(got)-1] {
		if num != fmt.Sprint(i) {
			t.Fatalf("line %d is notification %s, want %d: the notifications kept are the first ones, in order", i+1, num, i)
		}
	}
}

// A string id that does not survive decoding (invalid UTF-8, a lone
// surrogate) is answered with invalid request under the id as sent: the
// SDK decoded it to U+FFFD and answered under that, an id the client
// never sent, so it waited for ever. A valid one, U+FFFD itself and
// surrogate pairs included, is served.
func TestStdioTransport_RefusesAStringIDThatDoesNotSurviveDecoding(t *testing.T) {
	for line, want := range map[string]string{
		"{\"jsonrpc\":\"2.0\",\"id\":\"a\xff\",\"method\":\"ping\"}": "\"a\xff\"",
		`{"jsonrpc":"2.0","id":"\ud800","method":"ping"}`:            `"\ud800"`,
		`{"jsonrpc":"2.0","id":"x\udc00y","method":"ping"}`:          `"x\udc00y"`,
		`{"jsonrpc":"2.0","id":"\ud83d\ude00","method":"ping"}`:      "",
		`{"jsonrpc":"2.0","id":"\ufffd","method":"ping"}`:            "",
		`{"jsonrpc":"2.0","id":"�\\ud800","method":"ping"}`:          "",
		`{"jsonrpc":"2.0","id":7,"method":"ping"}`:                   "",
	} {
		var out logtest.Buffer
		tr := &StdioTransport{Reader: strings.NewReader(line + "\n"), Writer: &out}
		conn, err := tr.Connect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		msg, err := conn.Read(context.Background())
		if want == "" {
			if r, ok := msg.(*jsonrpc.Request); err != nil || !ok || r.Method != "ping" {
				t.Errorf("%s: read %v, %v; want the ping served", line, msg, err)
			}
			conn.Close()
			continue
		}
		if err != io.EOF { // refused, then the input's end
			t.Errorf("%s: read %v, %v; want it refused", line, msg, err)
		}
		conn.Close()
		got := out.String()
		if !strings.Contains(got, `"id":`+want+`,`) || !strings.Contains(got, "not valid Unicode") {
			t.Errorf("%s: answered %q, want invalid request under the id as sent", line, got)
		}
	}
}

// A request whose progress token the SDK would change is refused under
// its id, naming the token: a token of 2^53+1 got its progress as 2^53,
// which the client cannot match (or matches to another request).
func TestStdioTransport_RefusesAProgressTokenThatDoesNotSurviveDecoding(t *testing.T) {
	for line, refused := range map[string]bool{
		`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"_meta":{"progressToken":9007199254740993}}}`: true,
		`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"_meta":{"progressToken":"\ud800"}}}`:         true,
		`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"_meta":{"progressToken":9007199254740992}}}`: false,
		`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"_meta":{"progressToken":"p"}}}`:              false,
	} {
		var out logtest.Buffer
		conn, err := (&StdioTransport{Reader: strings.NewReader(line + "\n"), Writer: &out}).Connect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		msg, err := conn.Read(context.Background())
		conn.Close()
		if !refused {
			if r, ok := msg.(*jsonrpc.Request); err != nil || !ok || r.Method != "ping" {
				t.Errorf("%s: read %v, %v; want the ping served", line, msg, err)
			}
			continue
		}
		if err != io.EOF {
			t.Errorf("%s: read %v, %v; want it refused", line, msg, err)
		}
		if got := out.String(); !strings.Contains(got, `"id":3,`) || !strings.Contains(got, "the progress token") {
			t.Errorf("%s: answered %q, want invalid request under its id naming the token", line, got)
		}
	}
}

// TestStdioTransport_BoundsWhatAnErrorQuotes: the SDK's errors quote what
// the client sent (an invalid-params error its whole params, each quote
// escaped twice; a resource not found its URI as data), so a 14 MB
// request was answered with 58 MB. An answer stays small, keeps the
// reason at the end of the message, and says what it left out.
func TestStdioTransport_BoundsWhatAnErrorQuotes(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
	srv.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	srv.AddResource(&mcp.Resource{Name: "r", URI: "file:///r"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return nil, mcp.ResourceNotFoundError("file:///r")
	})
	quotes := strings.Repeat(`\"`, 1<<20) // 2 MB of escaped quotes
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"prompts/get","params":{"name":"p","arguments":{"a":{"b":"` + quotes + `"}}}}`,
		`{"jsonrpc":"2.0","id":3,"method":"resources/read","params":{"uri":"file:///` + strings.Repeat("x", 1<<20) + `"}}`,
		`{"jsonrpc":"2.0","id":4,"method":"prompts/get","params":{"name":"p","arguments":{"a":{"b":1}}}}`,
	}
	toServer, clientOut := io.Pipe()
	fromServer, serverOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go srv.Run(ctx, &StdioTransport{Reader: toServer, Writer: serverOut})
	go func() {
		for _, l := range lines {
			io.WriteString(clientOut, l+"\n")
		}
	}()
	answers := map[float64]map[string]any{}
	sizes := map[float64]int{}
	sc := bufio.NewScanner(fromServer)
	sc.Buffer(nil, 64<<20)
	for len(answers) < 4 && sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) != nil {
			t.Fatalf("not JSON: %.200s", sc.Text())
		}
		if id, ok := m["id"].(float64); ok {
			answers[id], sizes[id] = m, len(sc.Bytes())
		}
	}
	for _, tc := range []struct {
		id   float64
		want []string
	}{
		// Round ninety-nine: said plainly, not in the SDK's words that
		// quoted the params whole.
		{2, []string{`invalid params: prompts/get's "arguments.a" is`, "; it must be a string"}},
		{3, []string{"Resource not found", "the error's data", "was left out"}},
		{4, []string{"invalid params"}}, // small: as the SDK wrote it
	} {
		e, _ := answers[tc.id]["error"].(map[string]any)
		msg, _ := e["message"].(string)
		if e == nil || e["code"] != float64(jsonrpc.CodeInvalidParams) {
			t.Errorf("answer %v = %.300v, want invalid params", tc.id, answers[tc.id])
			continue
		}
		if sizes[tc.id] > 8<<10 {
			t.Errorf("answer %v is %d bytes, want at most 8 KiB", tc.id, sizes[tc.id])
		}
		for _, w := range tc.want {
			if !strings.Contains(msg, w) {
				t.Errorf("answer %v says %.300q..., want it to say %q", tc.id, msg, w)
			}
		}
	}
	if strings.Contains(fmt.Sprint(answers[4]), "left out") {
		t.Errorf("a small error was cut: %v", answers[4])
	}
}

// TestStdioTransport_AnswersEachRequestOfALineWithMoreThanOne: the SDK
// reads a line's first JSON value and dropped the rest, so a second
// request on the line was never answered (its client waited for ever) and
// text after a message went unnoticed. Each request on such a line gets
// an invalid request saying why, none is served, and the session goes on.
func TestStdioTransport_AnswersEachRequestOfALineWithMoreThanOne(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
	lines := []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","id":2,"method":"ping"}{"jsonrpc":"2.0","id":"two","method":"ping"}`,
		`{"jsonrpc":"2.0","id":3,"method":"ping"} trailing words`,
		`{"jsonrpc":"2.0","id":4,"method":"ping"}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":9}} {"jsonrpc":"2.0","method":"x"}`,
		`{"jsonrpc":"2.0","id":5,"method":"ping"}`,
	}
	toServer, clientOut := io.Pipe()
	fromServer, serverOut := io.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go srv.Run(ctx, &StdioTransport{Reader: toServer, Writer: serverOut})
	go func() {
		for _, l := range lines {
			io.WriteString(clientOut, l+"\n")
		}
	}()
	got := map[string]string{}
	sc := bufio.NewScanner(fromServer)
	for sc.Scan() {
		var m struct {
			ID    json.RawMessage `json:"id"`
			Error *struct {
				Code    int64  `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%s: %v", sc.Text(), err)
		}
		if m.Error != nil {
			got[string(m.ID)] = fmt.Sprintf("%d %s", m.Error.Code, m.Error.Message)
		} else {
			got[string(m.ID)] = "ok"
		}
		if string(m.ID) == "5" {
			break
		}
	}
	for id, want := range map[string]string{
		`2`:     "-32600 invalid request: the line holds 2 JSON values; send one message per line",
		`"two"`: "-32600 invalid request: the line holds 2 JSON values; send one message per line",
		`3`:     "-32600 invalid request: the line holds a JSON value followed by text that is not JSON;",
		`4`:     "-32600 invalid request: the line holds a JSON value followed by text that is not JSON;",
		`null`:  "-32600 invalid request: the line holds 2 JSON values;",
		`5`:     "ok",
	} {
		if !strings.HasPrefix(got[id], want) {
			t.Errorf("answer to id %s = %q, want %q…", id, got[id], want)
		}
	}
}

// TestStdioTransport_ALateCancellationCancelsNoLaterRequest: a client may
// cancel a request whose answer is already on its way, and then use the
// id again. The SDK cancels by id in a goroutine of its own, so such a
// late notifications/cancelled cancelled the next request with that id
// ("context canceled"). A cancellation of an id not being served is
// dropped where it is read.
func TestStdioTransport_ALateCancellationCancelsNoLaterRequest(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		release := make(chan struct{})
		srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
		calls := 0
		mcp.AddTool(srv, &mcp.Tool{Name: "hold"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			if calls++; calls > 1 {
				select {
				case <-ctx.Done():
					return nil, nil, ctx.Err()
				case <-release:
				}
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil, nil
		})
		toServer, clientOut := io.Pipe()
		fromServer, serverOut := io.Pipe()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		done := make(chan struct{})
		go func() {
			srv.Run(ctx, &StdioTransport{Reader: toServer, Writer: serverOut})
			serverOut.Close()
			close(done)
		}()
		lines := make(chan map[string]any, 10)
		go func() {
			sc := bufio.NewScanner(fromServer)
			for sc.Scan() {
				var m map[string]any
				json.Unmarshal(sc.Bytes(), &m)
				lines <- m
			}
		}()
		send := func(s string) { io.WriteString(clientOut, s+"\n") }
		send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
		<-lines
		send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
		call := `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"hold","arguments":{}}}`
		send(call)
		if m := <-lines; m["result"] == nil {
			t.Fatalf("first call: %v", m)
		}
		send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"too late"}}` + "\n" + call)
		synctest.Wait() // the SDK has acted on the cancellation, if it got it
		close(release)
		if m := <-lines; m["result"] == nil {
			t.Errorf("the request after a late cancellation of its id got %v, want its result", m)
		}
		clientOut.Close()
		<-done
	})
}

// TestStdioTransport_PacesAFloodOfLines: a client's lines are read at most
// MaxRate a second, in bursts of as many; past that, reading waits, so a
// flood (45,000 notifications or answered pings a second kept a core of
// the daemon busy and slowed every other session's calls from 0.5 to
// 40 ms) waits in its own pipe. Nothing is refused; lines within the
// burst are not delayed.
func TestStdioTransport_PacesAFloodOfLines(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
		toServer, clientOut := io.Pipe()
		fromServer, serverOut := io.Pipe()
		done := make(chan struct{})
		go func() {
			// MaxInFlight over a burst: on a busy machine a burst of 100
			// pings could find 64 still being served, and those over it
			// are answered busy, not with a result, which this test counts.
			srv.Run(context.Background(), &StdioTransport{Reader: toServer, Writer: serverOut, MaxRate: 100, MaxInFlight: 1000})
			serverOut.Close()
			close(done)
		}()
		answered := make(chan time.Time, 400)
		go func() {
			sc := bufio.NewScanner(fromServer)
			for sc.Scan() {
				if strings.Contains(sc.Text(), `"result"`) {
					answered <- time.Now()
				}
			}
		}()
		start := time.Now()
		go func() {
			io.WriteString(clientOut, `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`+"\n")
			io.WriteString(clientOut, `{"jsonrpc":"2.0","method":"notifications/initialized"}`+"\n")
			for i := 1; i <= 298; i++ { // 300 lines in all: three bursts' worth
				fmt.Fprintf(clientOut, `{"jsonrpc":"2.0","id":%d,"method":"ping"}`+"\n", i)
			}
		}()
		var at []time.Duration
		for range 299 { // initialize and 298 pings
			at = append(at, (<-answered).Sub(start))
		}
		if at[97] != 0 {
			t.Errorf("the 100th line, within the burst, was answered after %v", at[97])
		}
		if last := at[len(at)-1]; last < 1990*time.Millisecond || last > 2010*time.Millisecond {
			t.Errorf("the 300th line at 100 a second was answered after %v, want 2s", last)
		}
		clientOut.Close()
		<-done
	})
}

// TestStdioTransport_ACancelledRequestGetsNoAnswer: MCP's receiver of a
// notifications/cancelled sends no answer to the request it names (the
// client has stopped waiting; a TypeScript SDK client reports an answer
// to an id it no longer knows as an error). The tool's handler still
// ends, and the request stops counting against MaxInFlight when it does.
func TestStdioTransport_ACancelledRequestGetsNoAnswer(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
		started, ended := make(chan struct{}, 1), make(chan struct{}, 1)
		mcp.AddTool(srv, &mcp.Tool{Name: "hold"}, func(ctx context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			started <- struct{}{}
			<-ctx.Done()
			ended <- struct{}{}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "stopped"}}}, nil, nil
		})
		var journal *fakeJournal
		send, lines, clientOut, done := initializedSession(srv, func(r io.Reader, w io.Writer) *StdioTransport {
			journal = &fakeJournal{r: bufio.NewReader(r)}
			return &StdioTransport{Reader: r, Writer: w, MaxInFlight: 1, Journal: journal}
		})
		send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"hold","arguments":{}}}`)
		select {
		case <-started:
		case l := <-lines:
			t.Fatalf("the call was answered before its handler ran: %s", l)
		}
		send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7,"reason":"user pressed escape"}}`)
		<-ended
		synctest.Wait() // its answer, if any, is written
		// With MaxInFlight 1, this is served only if 7 no longer counts.
		send(`{"jsonrpc":"2.0","id":8,"method":"ping"}`)
		if got := <-lines; !strings.Contains(got, `"id":8`) || !strings.Contains(got, `"result"`) {
			t.Errorf("after the cancelled call, got %s, want the ping's result", got)
		}
		clientOut.Close()
		<-done
		for l := range lines {
			t.Errorf("the session wrote %s after the ping; a cancelled request gets no answer", l)
		}
		notes := strings.Join(journal.log(), "\n")
		if !strings.Contains(notes, "pay slot") || strings.Contains(notes, "write 7 ") {
			t.Errorf("journal notes:\n%s\nwant the cancelled call's slot paid without a write", notes)
		}
	})
}

// TestStdioTransport_ACancelledRequestsProgressIsHeldBack: progress for
// a request the client cancelled (a backend's, relayed in the moment
// before the call ends) is not written: the client dropped the token,
// and the TypeScript SDK reports progress for a token it does not know
// as an error. Progress of a request not cancelled is written.
func TestStdioTransport_ACancelledRequestsProgressIsHeldBack(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		srv := mcp.NewServer(&mcp.Implementation{Name: "t"}, nil)
		started := make(chan struct{}, 1)
		mcp.AddTool(srv, &mcp.Tool{Name: "hold"}, func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			started <- struct{}{}
			<-ctx.Done()
			// As a relay racing the cancellation would.
			req.Session.NotifyProgress(context.Background(), &mcp.ProgressNotificationParams{ProgressToken: req.Params.GetProgressToken(), Progress: 1, Message: "late"})
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "stopped"}}}, nil, nil
		})
		mcp.AddTool(srv, &mcp.Tool{Name: "tick"}, func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: req.Params.GetProgressToken(), Progress: 1, Message: "tick"})
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ticked"}}}, nil, nil
		})
		send, lines, clientOut, done := initializedSession(srv, func(r io.Reader, w io.Writer) *StdioTransport {
			return &StdioTransport{Reader: r, Writer: w}
		})
		send(`{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"hold","arguments":{},"_meta":{"progressToken":"p7"}}}`)
		select {
		case <-started:
		case l := <-lines:
			t.Fatalf("the call was answered before its handler ran: %s", l)
		}
		send(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":7}}`)
		synctest.Wait()
		send(`{"jsonrpc":"2.0","id":8,"method":"tools/call","params":{"name":"tick","arguments":{},"_meta":{"progressToken":8}}}`)
		var got []string
		for l := range lines {
			got = append(got, l)
			if strings.Contains(l, `"id":8`) {
				break
			}
		}
		clientOut.Close()
		<-done
		for l := range lines {
			got = append(got, l)
		}
		all := strings.Join(got, "\n")
		if strings.Contains(all, `"late"`) || strings.Contains(all, `"id":7`) {
			t.Errorf("the cancelled call's progress or answer was written:\n%s", all)
		}
		if !strings.Contains(all, `"tick"`) || !strings.Contains(all, "ticked") {
			t.Errorf("the next call's progress or answer is missing:\n%s", all)
		}
	})
}

// initializedSession runs srv on the transport newT makes of a pair of
// pipes, inside a synctest bubble, and has a client initialize it and
// wait, as a client does, for notifications/initialized to be handled
// (the SDK handles messages concurrently). send writes a line to the
// server, lines are its answers, closing clientOut ends its input, and
// done is closed when srv.Run has returned.
func initializedSession(srv *mcp.Server, newT func(io.Reader, io.Writer) *StdioTransport) (send func(string), lines chan string, clientOut io.WriteCloser, done chan struct{}) {
	toServer, clientOut := io.Pipe()
	fromServer, serverOut := io.Pipe()
	tr := newT(toServer, serverOut)
	done = make(chan struct{})
	go func() {
		srv.Run(context.Background(), tr)
		serverOut.Close()
		close(done)
	}()
	lines = make(chan string, 10)
	go func() {
		sc := bufio.NewScanner(fromServer)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	send = func(s string) { io.WriteString(clientOut, s+"\n") }
	send(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`)
	<-lines
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	synctest.Wait()
	return send, lines, clientOut, done
}

// TestStdioTransport_RefusesAnOversizedMeta: the SDK decodes a request's
// _meta again at each accessor (200,000 keys in it took seconds of a
// core); one over rpcid's bounds is refused with invalid params under
// its id, naming params._meta, and a usual one is served.
func TestStdioTransport_RefusesAnOversizedMeta(t *testing.T) {
	many := `{` + strings.TrimSuffix(strings.Repeat(`"k":{},`, 1500), ",") + `}`
	for line, refused := range map[string]bool{
		`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"_meta":{"io.modelcontextprotocol/clientCapabilities":` + many + `}}}`:           true,
		`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"_meta":{"x":"` + strings.Repeat("y", 70000) + `"}}}`:                            true,
		`{"jsonrpc":"2.0","id":3,"method":"ping","params":{"_meta":{"progressToken":"p","io.modelcontextprotocol/clientCapabilities":{}}}}`: false,
	} {
		var out logtest.Buffer
		conn, err := (&StdioTransport{Reader: strings.NewReader(line + "\n"), Writer: &out}).Connect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		msg, err := conn.Read(context.Background())
		conn.Close()
		if !refused {
			if r, ok := msg.(*jsonrpc.Request); err != nil || !ok || r.Method != "ping" {
				t.Errorf("%.80s: read %v, %v; want the ping served", line, msg, err)
			}
			continue
		}
		if err != io.EOF {
			t.Errorf("%.80s: read %v, %v; want it refused", line, msg, err)
		}
		if got := out.String(); !strings.Contains(got, `"id":3,`) || !strings.Contains(got, "-32602") || !strings.Contains(got, "params._meta") {
			t.Errorf("%.80s: answered %.300q, want invalid params under its id naming params._meta", line, got)
		}
	}
}
