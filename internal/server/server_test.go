package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/script"
)

// fakeBackends serves tool lists and calls from memory.
type fakeBackends struct {
	tools   map[string][]*mcp.Tool
	lists   atomic.Int32
	mu      sync.Mutex
	gotArgs []string
}

func (f *fakeBackends) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	f.lists.Add(1)
	return &catalog.Listing{Tools: f.tools[server]}, nil
}

func (f *fakeBackends) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	server, tool, args := c.Server, c.Tool, c.Args
	_, _, _ = server, tool, args
	f.mu.Lock()
	f.gotArgs = append(f.gotArgs, string(args))
	f.mu.Unlock()
	switch tool {
	case "echo":
		var a struct{ Message string }
		json.Unmarshal(args, &a)
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: a.Message}}}, nil
	case "get-sum":
		if strings.Contains(string(args), `"a":"`) { // as the TypeScript SDK refuses a string for a number
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "MCP error -32602: Input validation error: Invalid arguments for tool get-sum: expected number, received string at a"}}}, nil
		}
		if strings.Contains(string(args), `"a":null`) { // as a backend answering with a JSON-RPC error
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "a must be a number"}
		}
		return &mcp.CallToolResult{StructuredContent: map[string]any{"sum": 5}}, nil
	case "big":
		return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: strings.Repeat("x", 30<<20)}}}, nil
	case "fail":
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "no such file"}}}, nil
	}
	return nil, fmt.Errorf("backend exploded")
}

type inProcess struct{}

func (inProcess) Run(ctx context.Context, req script.Request, c script.ToolCaller) script.Result {
	return script.Run(ctx, req, c)
}

func schema(props string) map[string]any {
	var m map[string]any
	json.Unmarshal([]byte(`{"type":"object","properties":{`+props+`}}`), &m)
	return m
}

func newTestServer(t testing.TB, st config.Settings, expose []string) (*Server, *fakeBackends, *mcp.ClientSession) {
	t.Helper()
	fb := &fakeBackends{tools: map[string][]*mcp.Tool{
		"everything": {
			{Name: "echo", Description: "Echo a message back.", InputSchema: schema(`"message":{"type":"string"}`)},
			{Name: "get-sum", Description: "Add two numbers.", InputSchema: schema(`"a":{"type":"number"},"b":{"type":"number"}`)},
			{Name: "fail", Description: "Always fails.", InputSchema: schema(``)},
			{Name: "broken", Description: "Transport breaks.", InputSchema: schema(``)},
			{Name: "big", Description: "Returns 30 MB.", InputSchema: schema(``)},
		},
		"z-other": {{Name: "ping", Description: "Ping.", InputSchema: schema(``)}},
	}}
	specs := map[string]*config.Server{
		"everything": {Name: "everything", Type: config.Stdio, Command: "x", Expose: expose},
		"z-other":    {Name: "z-other", Type: config.Stdio, Command: "y"},
	}
	var s *Server
	cat := catalog.New(specs, fb, &catalog.Options{OnChange: func(server string) { s.CatalogChanged(server) }})
	s = New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: st.Defaults()})
	cs := connectMem(t, s)
	return s, fb, cs
}

// connectMem connects an in-memory SDK client to s, closed with the test.
func connectMem(t testing.TB, s *Server) *mcp.ClientSession {
	t.Helper()
	ct, stt := mcp.NewInMemoryTransports()
	ctx := context.Background()
	ss, err := s.MCP().Connect(ctx, stt, nil)
	if err != nil {
		t.Fatal(err)
	}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		ss.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	return cs
}

func call(t testing.TB, cs *mcp.ClientSession, name string, args map[string]any) (string, bool) {
	t.Helper()
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	var parts []string
	for _, c := range res.Content {
		parts = append(parts, c.(*mcp.TextContent).Text)
	}
	return strings.Join(parts, "\n"), res.IsError
}

func TestServer_ToolsListIsTwoMetaToolsAndStartsNothing(t *testing.T) {
	_, fb, cs := newTestServer(t, config.Settings{}, nil)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
		if tl.Name == "list_tools" && !strings.Contains(tl.Description, "Available servers [tool count]: everything, z-other") {
			t.Errorf("index missing or unsorted: %s", tl.Description)
		}
		// z-other's namespace is z_other: said once, not per server.
		if tl.Name == "list_tools" && (!strings.HasSuffix(tl.Description, " Namespaces: - becomes _.") || strings.Contains(tl.Description, "(as ")) {
			t.Errorf("the index does not say how names with - become namespaces, once: %s", tl.Description)
		}
	}
	if strings.Join(names, ",") != "execute,list_tools" {
		t.Errorf("tools = %v", names)
	}
	if fb.lists.Load() != 0 {
		t.Errorf("tools/list fetched %d backend tool lists, want none", fb.lists.Load())
	}
}

func TestServer_ListToolsDeclarations(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	out, isErr := call(t, cs, "list_tools", map[string]any{"servers": []string{"everything"}})
	if isErr || !strings.Contains(out, "declare namespace everything") || !strings.Contains(out, "function get_sum(") || strings.Contains(out, "z_other") {
		t.Fatalf("list_tools(everything) =\n%s", out)
	}
	out, _ = call(t, cs, "list_tools", map[string]any{"servers": []string{"everything"}, "detail": "names"})
	if strings.TrimSpace(out) != "everything: big, broken, echo, fail, get_sum" {
		t.Errorf("names = %q", out)
	}
	out, _ = call(t, cs, "list_tools", map[string]any{"tools": []string{"everything.get-sum"}})
	if !strings.Contains(out, "function get_sum(") || strings.Contains(out, "function echo(") {
		t.Errorf("exact tool = %s", out)
	}
	out, isErr = call(t, cs, "list_tools", map[string]any{"servers": []string{"nope"}})
	if !isErr || !strings.Contains(out, `unknown server "nope"`) || !strings.Contains(out, "everything") {
		t.Errorf("unknown server = %s", out)
	}
}

func TestServer_ExecuteResults(t *testing.T) {
	_, fb, cs := newTestServer(t, config.Settings{}, nil)
	for _, tc := range []struct {
		script, want string
		isErr        bool
	}{
		{`return 1 + 1`, `2`, false},
		{`return "hi"`, `"hi"`, false},
		{`return await everything.echo({message: "ping-42"})`, `"ping-42"`, false},
		{`return (await everything.get_sum({a: 2, b: 3})).sum`, `5`, false},
		{`console.log("x", {a: 1}); return null`, "null\nconsole output:\nx {\"a\":1}", false},
		{`try { await everything.fail() } catch (e) { return e.message }`, `"everything.fail: no such file"`, false},
		{`await everything.fail()`, "everything.fail: no such file", true},
		{`await everything.broken()`, "everything.broken: backend exploded", true},
		{`throw new Error("boom-7")`, "boom-7", true},
	} {
		out, isErr := call(t, cs, "execute", map[string]any{"script": tc.script})
		if isErr != tc.isErr || (!tc.isErr && strings.TrimRight(out, "\n") != tc.want) || (tc.isErr && !strings.Contains(out, tc.want)) {
			t.Errorf("execute(%s) = %q (isError %v), want %q (isError %v)", tc.script, out, isErr, tc.want, tc.isErr)
		}
	}
	fb.mu.Lock()
	defer fb.mu.Unlock()
	for _, a := range fb.gotArgs {
		if a == "null" || a == "" {
			t.Errorf("a tool got %q arguments, want {}", a)
		}
	}
}

func TestServer_HugeToolResultIsBounded(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	out, isErr := call(t, cs, "execute", map[string]any{"script": `const r = await everything.big(); return {len: r.length, note: r.slice(-200)}`})
	if isErr {
		t.Fatalf("execute with a 30 MB result failed: %.300s", out)
	}
	var got struct {
		Len  int
		Note string
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil || got.Len > 1<<20+500 || !strings.Contains(got.Note, "truncated by switchboard") {
		t.Errorf("30 MB result reached the script as %d chars, note %q (%v)", got.Len, got.Note, err)
	}
	out, isErr = call(t, cs, "execute", map[string]any{"script": `return await everything.big()`})
	if !isErr || !strings.Contains(out, "limit") {
		t.Errorf("returning the 1 MiB value did not hit the result limit clearly: isError %v, %.200s", isErr, out)
	}
}

func TestServer_CallToolAndExposedTools(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{CallTool: true}, []string{"echo"})
	out, isErr := call(t, cs, "call_tool", map[string]any{"server": "everything", "tool": "echo", "arguments": map[string]any{"message": "direct"}})
	if isErr || out != "direct" {
		t.Errorf("call_tool = %q %v", out, isErr)
	}
	// The exposed tool appears once the catalog knows the server's tools.
	call(t, cs, "list_tools", map[string]any{"servers": []string{"everything"}})
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, tl := range res.Tools {
		names = append(names, tl.Name)
	}
	if strings.Join(names, ",") != "call_tool,everything__echo,execute,list_tools" {
		t.Fatalf("tools = %v", names)
	}
	out, isErr = call(t, cs, "everything__echo", map[string]any{"message": "exposed"})
	if isErr || out != "exposed" {
		t.Errorf("exposed echo = %q %v", out, isErr)
	}
}

func TestUnwrap(t *testing.T) {
	txt := func(s ...string) *mcp.CallToolResult {
		r := &mcp.CallToolResult{}
		for _, x := range s {
			r.Content = append(r.Content, &mcp.TextContent{Text: x})
		}
		return r
	}
	for _, tc := range []struct {
		name string
		res  *mcp.CallToolResult
		want string
	}{
		{"structured wins", &mcp.CallToolResult{StructuredContent: map[string]any{"a": 1}, Content: []mcp.Content{&mcp.TextContent{Text: "ignored"}}}, `{"a":1}`},
		{"json text", txt(`{"b": [1, 2]}`), `{"b": [1, 2]}`},
		{"plain text", txt("hello"), `"hello"`},
		{"number-like text stays text", txt("42"), `"42"`},
		{"several blocks", txt("a", `[1]`), `["a",[1]]`},
		{"empty", &mcp.CallToolResult{}, `null`},
		{"image", &mcp.CallToolResult{Content: []mcp.Content{&mcp.ImageContent{Data: []byte("x"), MIMEType: "image/png"}}}, `[{"type":"image","mimeType":"image/png","data":"eA=="}]`},
	} {
		got, err := Unwrap("s", "t", tc.res, 0)
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: Unwrap = %s, %v; want %s", tc.name, got, err, tc.want)
		}
	}
	_, err := Unwrap("fs", "read", &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "ENOENT"}}}, 0)
	if err == nil || err.Error() != "fs.read: ENOENT" {
		t.Errorf("isError: %v", err)
	}
	big := strings.Repeat("x", 5000)
	got, _ := Unwrap("s", "big", txt(big), 1000)
	var s string
	if json.Unmarshal(got, &s) != nil || len(s) > 1300 || !strings.Contains(s, "truncated by switchboard") {
		t.Errorf("bounded result = %.200s", got)
	}
	// A text far over the limit is cut before it is encoded; the value is
	// the same prefix and note as the cut of an encoded one would give.
	for _, limit := range []int{1000, 3000} { // 5000 bytes: cut early, and cut after encoding
		got, _ := Unwrap("s", "big", txt(big), limit)
		want := big[:limit] + fmt.Sprintf("\n[truncated by switchboard: s.big returned %d bytes, more than the %d-byte limit (settings.maxResultBytes)]", 5000+2*(limit/3000), limit)
		if json.Unmarshal(got, &s) != nil || s != want {
			t.Errorf("limit %d: bounded result = %.100s…%.200s", limit, s, s[max(0, len(s)-200):])
		}
	}
}

type warmRunner struct {
	inProcess
	warmed chan struct{}
}

func (w warmRunner) Warm() { close(w.warmed) }

func TestServer_WarmsSandboxAfterFirstRequest(t *testing.T) {
	w := warmRunner{warmed: make(chan struct{})}
	fb := &fakeBackends{}
	cat := catalog.New(map[string]*config.Server{}, fb, nil)
	s := New(Options{Catalog: cat, Caller: fb, Runner: w, Settings: config.Settings{}.Defaults()})
	select {
	case <-w.warmed:
		t.Fatal("sandbox warmed before any client spoke")
	default:
	}
	ct, stt := mcp.NewInMemoryTransports()
	ss, _ := s.MCP().Connect(context.Background(), stt, nil)
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	select {
	case <-w.warmed:
	case <-time.After(10 * time.Second):
		t.Fatal("sandbox not warmed after the client's first request")
	}
}

// A call the backend refuses for its arguments says what the tool takes,
// whether the refusal is a tool error or a JSON-RPC error; other
// failures do not.
func TestExecute_RefusedArgumentsSayWhatTheToolTakes(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	for _, script := range []string{`return await everything.get_sum({a: "2", b: 3})`, `return await everything.get_sum({a: null, b: 3})`} {
		out, isErr := call(t, cs, "execute", map[string]any{"script": script})
		if !isErr || !strings.Contains(out, "(everything.get-sum takes: function get_sum(args?: { a?: number; b?: number }): Promise<any>)") {
			t.Errorf("%s: %q (isError %v), want the tool's declaration", script, out, isErr)
		}
	}
	out, isErr := call(t, cs, "execute", map[string]any{"script": `return await everything.fail({})`})
	if !isErr || strings.Contains(out, "takes:") {
		t.Errorf("an ordinary tool error: %q, want no declaration", out)
	}
}

// A script without a return statement gets null and a note saying why;
// one that returns null on purpose gets no note.
func TestExecute_NoReturnSaysWhyTheValueIsNull(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	out, isErr := call(t, cs, "execute", map[string]any{"script": "const r = await everything.get_sum({a: 2, b: 3}); r.sum * 2"})
	if isErr || !strings.HasPrefix(out, "null\n") || !strings.Contains(out, "no return statement") {
		t.Errorf("no return: %q", out)
	}
	for _, script := range []string{"return null", "const x = 1; return"} {
		if out, _ := call(t, cs, "execute", map[string]any{"script": script}); out != "null" {
			t.Errorf("%s: %q, want null and no note", script, out)
		}
	}
}

// Bad arguments to the meta-tools say what they take, in the agent's
// terms; a lone name where a list goes is taken as a list of one; a
// script in a Markdown fence runs.
func TestMetaTools_ArgumentsAnAgentGetsWrong(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	for _, tc := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"execute", map[string]any{"code": "return 1"}, `execute: unknown argument "code"; it takes script, timeout_ms`},
		{"execute", map[string]any{"script": "return 1", "timeout": 5000}, `execute: unknown argument "timeout"; it takes script, timeout_ms; did you mean timeout_ms?`},
		{"execute", map[string]any{"script": 5}, `execute: argument "script" must be a string, not number (it takes script, timeout_ms)`},
		{"list_tools", map[string]any{"server": "everything"}, `did you mean servers?`},
		{"list_tools", map[string]any{"servers": 3}, `list_tools: argument "servers" must be an array of names (or one name as a string), not number`},
		{"list_tools", map[string]any{"tools": []any{"everything.echo", 5}}, `list_tools: argument "tools" must be an array of names (or one name as a string), not an array holding a number`},
		{"list_tools", map[string]any{"servers": []any{map[string]any{}}}, `list_tools: argument "servers" must be an array of names (or one name as a string), not an array holding an object`},
	} {
		out, isErr := call(t, cs, tc.name, tc.args)
		if !isErr || !strings.Contains(out, tc.want) {
			t.Errorf("%s %v: %q, want %q", tc.name, tc.args, out, tc.want)
		}
	}
	if out, isErr := call(t, cs, "list_tools", map[string]any{"servers": "everything"}); isErr || !strings.Contains(out, "declare namespace everything") {
		t.Errorf("servers as one string: %q", out)
	}
	if out, isErr := call(t, cs, "list_tools", map[string]any{"tools": "everything.echo"}); isErr || !strings.Contains(out, "function echo(") {
		t.Errorf("tools as one string: %q", out)
	}
	for _, script := range []string{"```js\nreturn 6 * 7\n```", "```\nreturn 6 * 7\n```", "  ```javascript\nreturn 6 * 7\n```\n"} {
		if out, isErr := call(t, cs, "execute", map[string]any{"script": script}); isErr || out != "42" {
			t.Errorf("fenced %q: %q", script, out)
		}
	}
}

func TestUnfence_LeavesOtherScriptsAlone(t *testing.T) {
	for _, src := range []string{"return 1", "return `a` + `b`", "```return 1```", "``` js x\nreturn 1\n```", "```js\nreturn 1"} {
		if got := unfence(src); got != src {
			t.Errorf("unfence(%q) = %q, want it unchanged", src, got)
		}
	}
}

// A tool value of blocks over the limit is cut as a result to the client
// is: blocks that fit kept, the others dropped, a note naming the tool,
// what was dropped and the setting. An image over the limit was encoded,
// cut in its base64 and handed to the script as one string of broken JSON.
func TestUnwrap_BlocksOverTheLimitAreDroppedWhole(t *testing.T) {
	res := &mcp.CallToolResult{Content: []mcp.Content{
		&mcp.TextContent{Text: "a picture"},
		&mcp.ImageContent{MIMEType: "image/png", Data: make([]byte, 30000)},
	}}
	got, err := Unwrap("s", "shot", res, 10000)
	if err != nil {
		t.Fatal(err)
	}
	var blocks []map[string]any
	if err := json.Unmarshal(got, &blocks); err != nil {
		t.Fatalf("value %.200s: want the blocks that fit, as blocks: %v", got, err)
	}
	if len(blocks) != 2 || blocks[0]["text"] != "a picture" {
		t.Fatalf("blocks %.300v: want the text and a note", blocks)
	}
	note, _ := blocks[1]["text"].(string)
	for _, w := range []string{"s.shot", "dropped: image", "settings.maxResultBytes"} {
		if !strings.Contains(note, w) {
			t.Errorf("note %q: want %q", note, w)
		}
	}
}

// A handler's plain Go error, which the SDK sends with code 0, goes out
// with a code (internal error; invalid request for initialize's own, a
// duplicate), its message and what errors.Is finds in it unchanged; an
// error with a code keeps it.
func TestCodeErrors_GivesPlainErrorsACode(t *testing.T) {
	sentinel := errors.New("not handled")
	coded := &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad"}
	for _, tc := range []struct {
		method string
		err    error
		code   int64
		msg    string
	}{
		{"resources/read", errors.New("the resource broke"), jsonrpc.CodeInternalError, "the resource broke"},
		{"resources/read", fmt.Errorf("reading: %w", sentinel), jsonrpc.CodeInternalError, "reading: not handled"},
		{"initialize", errors.New(`duplicate "initialize" received`), jsonrpc.CodeInvalidRequest, `duplicate "initialize" received`},
		{"prompts/get", &jsonrpc.Error{Message: "zero"}, jsonrpc.CodeInternalError, "zero"},
		{"prompts/get", coded, jsonrpc.CodeInvalidParams, "bad"},
		{"prompts/get", fmt.Errorf("getting: %w", coded), jsonrpc.CodeInvalidParams, "getting: bad"},
	} {
		h := codeErrors(func(context.Context, string, mcp.Request) (mcp.Result, error) { return nil, tc.err })
		_, err := h(context.Background(), tc.method, nil)
		// As the SDK puts it on the wire (jsonrpc2.toWireError).
		var we *jsonrpc.Error
		code := int64(0)
		if errors.As(err, &we) {
			code = we.Code
		}
		if err == nil || code != tc.code || err.Error() != tc.msg {
			t.Errorf("%s %v: got %v (code %d), want code %d and %q", tc.method, tc.err, err, code, tc.code, tc.msg)
		}
		if errors.Is(tc.err, sentinel) && !errors.Is(err, sentinel) {
			t.Errorf("%v: the sentinel is lost", tc.err)
		}
	}
}

// The index names servers as configured. One whose namespace is its name
// with _ for - is covered by the one sentence that says so; any other
// namespace (a reserved word, a leading digit, a dot) is given with its
// server.
func TestServer_IndexNamesNamespacesThatDiffer(t *testing.T) {
	fb := &fakeBackends{tools: map[string][]*mcp.Tool{}}
	specs := map[string]*config.Server{}
	for _, n := range []string{"my-server", "delete", "2fa", "web.tools", "plain"} {
		specs[n] = &config.Server{Name: n, Type: config.Stdio, Command: "x"}
	}
	cat := catalog.New(specs, fb, nil)
	s := New(Options{Catalog: cat, Caller: fb, Runner: inProcess{}, Settings: config.Settings{}.Defaults()})
	desc := s.listToolsDescription()
	for _, n := range []string{"my-server", "plain"} {
		if !strings.Contains(desc, n) || strings.Contains(desc, n+" (as ") {
			t.Errorf("%s: want its name alone in the index:\n%s", n, desc)
		}
	}
	for _, n := range []string{"delete", "2fa", "web.tools"} {
		if want := n + " (as " + cat.Ident(n) + ")"; cat.Ident(n) == n || !strings.Contains(desc, want) {
			t.Errorf("%s: want %q in the index:\n%s", n, want, desc)
		}
	}
	if !strings.HasSuffix(desc, " Namespaces: - becomes _.") {
		t.Errorf("the index does not say how - becomes _:\n%s", desc)
	}
}
