// Package server is the MCP server Switchboard exposes: the meta-tools
// list_tools and execute (and optionally call_tool), plus any backend
// tools the configuration exposes directly.
package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/script"
	"github.com/switchboard-mcp/switchboard/internal/search"
	"github.com/switchboard-mcp/switchboard/internal/skills"
	"github.com/switchboard-mcp/switchboard/internal/telemetry"
)

// Runner runs scripts. *sandbox.Sandbox satisfies it.
type Runner interface {
	Run(ctx context.Context, req script.Request, caller script.ToolCaller) script.Result
}

// Recorder records each backend call (the audit log). May be nil. c
// names the session, the server and the tool; c.Args are the arguments
// sent.
type Recorder interface {
	Record(c *pool.Call, res *mcp.CallToolResult, err error, elapsedMS float64)
}

// Options configure a Server. Catalog, Caller and Runner are required.
type Options struct {
	Catalog *catalog.Catalog
	// Launch returns the launch of a server of Catalog for this session
	// (nil when unknown). May be nil: calls then carry no launch (fakes).
	Launch func(server string) *pool.Launch
	Caller Caller
	Runner Runner
	// Session is the ID of the session this server serves; it is put in
	// each Call and in script requests (sandbox fairness).
	Session  string
	Settings config.Settings // after Defaults()
	Recorder Recorder
	Version  string
	Logger   *slog.Logger
	// Workspace is the session's working directory: the root a backend
	// is given (roots/list) when the client offers no roots of its own.
	Workspace string
	// Notices returns lines about the configuration the client should see
	// (an untrusted project file, a disabled server, the demo backend);
	// they head list_tools' description and its listing. May be nil.
	Notices func() []string
	// Skills returns the session's skills store now (its project may
	// change with the view); nil, or a nil result, means no skills.
	Skills func() *skills.Store
	// Telemetry records a span per execute and per backend call (and
	// their metrics); nil is off.
	Telemetry *telemetry.Telemetry
	// Middleware wraps the server's handling of each request and
	// notification, first outermost, inside the recovery of panics
	// (recover.go). May be nil.
	Middleware []mcp.Middleware
	// LogWhere says where Logger's records go, for the client's error
	// after a handler panicked ("the daemon's log (switchboard daemon
	// logs)"); "" says switchboard's log.
	LogWhere string
}

// notices returns o.Notices(), or none.
func (s *Server) notices() []string {
	if s.o.Notices == nil {
		return nil
	}
	n := slices.Clone(s.o.Notices())
	for i, l := range n {
		// Each is one line of the list_tools description: a line break
		// in a name a notice repeats (a file a repository chose) would
		// put a line of its own there.
		n[i] = strings.Map(func(r rune) rune {
			if r == '\n' || r == '\r' || r == '\u0085' || r == '\u2028' || r == '\u2029' {
				return ' '
			}
			return r
		}, l)
	}
	if len(n) > maxNotices {
		// Each is of one file or server, and files come with a
		// repository: 10,000 malformed member manifests were 10,000
		// lines of the list_tools description, in the model's context.
		more := len(n) - (maxNotices - 1)
		n = append(n[:maxNotices-1:maxNotices-1], fmt.Sprintf("and %d more notes about files and servers: `switchboard servers` shows them", more))
	}
	return n
}

// maxNotices is the most notes the list_tools index and listing show.
const maxNotices = 10

// Server serves the meta-tools over MCP. It is safe for concurrent use.
type Server struct {
	o   Options
	mcp *mcp.Server
	be  atomic.Pointer[View] // what SetView replaces; o.Catalog and o.Launch at first

	mu      sync.Mutex
	index   *search.Index  // nil: rebuild on next search
	docs    []catalog.Tool // the tools index was built from, in its order
	exposed []string       // names of directly exposed tools now registered

	// exposeGen numbers syncExposed runs; exposeApplied is the newest
	// whose set is registered (under exposeMu), so an older set computed
	// concurrently is never applied after a newer one.
	exposeGen     atomic.Int64
	exposeMu      sync.Mutex
	exposeApplied int64
	exposeHook    func(gen int64)     // nil; tests pause syncExposed here
	testFetch     func(server string) // nil; tests panic in list_tools' fetch of a server's tools here

	pausedCalls sync.Map                 // requestState -> *paused: calls waiting for a 2026-07-28 client's input
	summaries   sync.Map                 // server -> *decodedSummary (summary.go)
	nsCache     atomic.Pointer[nsCached] // execute.go: the last namespaces built
	catGen      atomic.Uint64            // counts CatalogChanged calls
	res         resourceState            // resources.go
	tri         trifectaState            // taint.go
	notes       sendQueue                // relay.go: backends' notifications outside calls (notifyLater)
}

// New builds the server. It starts nothing: backends start on first use.
func New(o Options) *Server {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	s := &Server{o: o}
	s.notes.max, s.notes.onDrop, s.notes.log = maxLaterNotes, s.notesDropped, o.Logger
	s.be.Store(&View{Catalog: o.Catalog, Launch: o.Launch})
	if o.Catalog != nil {
		// Building the server reads every server's verdict several times
		// (summaries, counts, instructions): one read of the pins
		// file's version for all of them.
		defer o.Catalog.Steady()()
	}
	s.mcp = mcp.NewServer(&mcp.Implementation{Name: "switchboard", Title: "Switchboard", Version: o.Version}, &mcp.ServerOptions{
		Instructions: "Switchboard fronts many MCP servers. Find tools with list_tools, then call them from JavaScript with execute; combine several calls in one script and return only what you need.",
		Logger:       sdkLog(o.Logger), // its per-request messages thinned
		// Logging: backends' log messages are relayed (Log), honouring
		// each session's logging/setLevel.
		Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{ListChanged: true}, Logging: &mcp.LoggingCapabilities{}},
		HasResources: true, HasPrompts: true, // resources.go: backends' lists can fill later
		SubscribeHandler: s.subscribe, UnsubscribeHandler: s.unsubscribe, // resources.go
		CompletionHandler: s.complete, // complete.go: for the backends' prompts and templates
		// Every list and read is the session's (its servers, a trusted
		// project's among them, as its pins let them; a backend's data
		// through the user's credentials): the SDK made a cache scope
		// left unset "public", which lets an intermediary serve it to
		// another user. No TTL is set: as before, none is fresh.
		SetCacheable: func(_ context.Context, _ mcp.Request, c *mcp.Cacheable) { c.CacheScope = "private" },
	})
	// A client that talks to us will likely run a script, but first lists
	// tools: get the sandbox ready shortly after its first request, so that
	// starting it does not slow the listing down. (Clients of 2026-07-28
	// send no initialized notification, so this watches every request.)
	if w, ok := o.Runner.(interface{ Warm() }); ok {
		var once sync.Once
		s.mcp.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				once.Do(func() { time.AfterFunc(warmDelay, func() { s.warm(w) }) })
				return next(ctx, method, req)
			}
		})
	}
	s.mcp.AddReceivingMiddleware(s.learnExposed) // execute.go
	s.mcp.AddReceivingMiddleware(checkLogLevel)
	s.mcp.AddReceivingMiddleware(s.sayWhyUnknown) // unknown.go
	s.mcp.AddReceivingMiddleware(boundUnknownName)
	s.mcp.AddReceivingMiddleware(s.sayWhyNotFound) // resources.go
	s.mcp.AddReceivingMiddleware(codeErrors)       // the outermost of the server's own
	s.mcp.AddReceivingMiddleware(o.Middleware...)
	s.mcp.AddReceivingMiddleware(s.recoverPanics) // last: outside everything of ours
	s.addMetaTools()
	s.syncExposed()
	s.addResourcesAndPrompts()
	return s
}

// View is what this server's one session sees: the catalog of its
// servers and their launches.
type View struct {
	Catalog *catalog.Catalog
	Launch  func(server string) *pool.Launch // may be nil (fakes)
	// Settings, when not nil, are the view's config's settings: its
	// confirm, trifecta and trifectaWindow apply to calls from now on (a
	// reload that turned confirm on, a root whose project file sets
	// trifecta "block"). nil keeps those of Options.Settings. The
	// settings that bound scripts stay those of the start.
	Settings *config.Settings
}

// guard is the settings in force for confirm and the lethal trifecta:
// the view's, else the start's.
func (s *Server) guard() *config.Settings {
	if st := s.be.Load().Settings; st != nil {
		return st
	}
	return &s.o.Settings
}

func (s *Server) cat() *catalog.Catalog { return s.be.Load().Catalog }

// serverAttrs name server in a log record (catalog.Catalog.LogAttrs).
func (s *Server) serverAttrs(server string) []any { return s.cat().LogAttrs(server) }

// launch is the session's launch of server, nil when unknown.
func (s *Server) launch(server string) *pool.Launch {
	if f := s.be.Load().Launch; f != nil {
		return f(server)
	}
	return nil
}

// SetView makes the server serve its session's new view (the session
// reloaded its config or found its project in the client's roots):
// later requests use it, the capability index and the exposed tools
// follow, and the client is told the tool list changed. Requests in
// flight finish with the old view. Other sessions are not affected: each
// session has its own Server.
func (s *Server) SetView(v View) {
	s.be.Store(&v)
	s.catGen.Add(1) // a view may come back: what it notified meanwhile went nowhere
	s.mu.Lock()
	s.index, s.docs = nil, nil
	s.mu.Unlock()
	s.addListTools()
	s.syncExposed()
	s.syncResources()
}

// ReplaceView is SetView without telling the client: for a view swapped
// before the client listed anything (the session's capabilities became
// known at initialize).
func (s *Server) ReplaceView(v View) {
	s.be.Store(&v)
	s.catGen.Add(1) // a view may come back: what it notified meanwhile went nowhere
	s.mu.Lock()
	s.index, s.docs = nil, nil
	s.mu.Unlock()
	s.syncExposed()
	s.syncResources()
}

// Refresh re-registers list_tools, so the client gets
// notifications/tools/list_changed (its notices changed).
func (s *Server) Refresh() {
	s.addListTools()
}

// MCP returns the underlying SDK server (to Run on a transport).
func (s *Server) MCP() *mcp.Server { return s.mcp }

// Run serves one client on t until it disconnects or ctx ends. Calls
// still waiting for that client's input (2026-07-28's multi-round-trip
// requests) end with it: nothing will retry them.
func (s *Server) Run(ctx context.Context, t mcp.Transport) error {
	defer s.abandonPaused()
	et := &endingTransport{Transport: t, ctx: ctx}
	defer et.stop()
	return s.mcp.Run(ctx, et)
}

// endingTransport closes its connection when ctx ends. The SDK's Run then
// only closes the session, which waits for the requests being served: a
// call of a client that is gone (the daemon's session whose bridge went
// away) ran on to its timeout, and serve's SIGTERM waited for it. Once
// the connection is closed, its reader ends and the SDK cancels them.
type endingTransport struct {
	mcp.Transport
	ctx context.Context

	mu    sync.Mutex
	stops []func() bool
}

func (t *endingTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	c, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	t.stops = append(t.stops, context.AfterFunc(t.ctx, func() { c.Close() }))
	t.mu.Unlock()
	return c, nil
}

// stop forgets the connections: Run has returned.
func (t *endingTransport) stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, f := range t.stops {
		f()
	}
}

// CatalogChanged is called when a server's tool list changed: it
// refreshes the capability index, the search index and exposed tools.
func (s *Server) CatalogChanged(server string) {
	s.catGen.Add(1)
	s.mu.Lock()
	s.index = nil
	s.mu.Unlock()
	s.addListTools() // the description carries the index
	s.syncExposed()
	s.syncResources()
}

func (s *Server) addMetaTools() {
	s.addListTools()
	s.mcp.AddTool(s.withOutputSchema(&mcp.Tool{
		Name:        "execute",
		Description: executeDescription(s.o.Settings),
		InputSchema: json.RawMessage(`{"type":"object","properties":{"script":{"type":"string","description":"JavaScript: the body of an async function. Backends are globals (await server.tool({...})); return the value you want back."},"timeout_ms":{"type":"integer","minimum":1,"maximum":` + fmt.Sprint(s.maxTimeout().Milliseconds()) + `,"description":"Time limit in milliseconds (default ` + fmt.Sprint(min(s.o.Settings.ExecuteTimeout.D(), s.maxTimeout()).Milliseconds()) + `, at most ` + fmt.Sprint(s.maxTimeout().Milliseconds()) + `: settings.maxExecuteTimeout)."}},"required":["script"],"additionalProperties":false}`),
		Annotations: &mcp.ToolAnnotations{Title: "Run a script over backend tools", OpenWorldHint: ptr(true)},
	}), s.handleExecute)
	if s.o.Settings.CallTool {
		s.mcp.AddTool(&mcp.Tool{
			Name:        "call_tool",
			Description: "Call one backend tool directly: {server, tool, arguments}. Prefer execute for several calls.",
			InputSchema: json.RawMessage(`{"type":"object","properties":{"server":{"type":"string"},"tool":{"type":"string"},"arguments":{"type":"object"}},"required":["server","tool"],"additionalProperties":false}`),
		}, s.handleCallTool)
	}
}

func (s *Server) addListTools() {
	s.mcp.AddTool(&mcp.Tool{
		Name:        "list_tools",
		Description: s.listToolsDescription() + s.skillsIndex(),
		InputSchema: json.RawMessage(`{"type":"object","properties":{` +
			`"servers":{"type":"array","items":{"type":"string"}},` +
			`"query":{"type":"string"},` +
			`"tools":{"type":"array","items":{"type":"string"}},` +
			`"detail":{"type":"string","enum":["names","summary","full"]},` +
			`"limit":{"type":"integer","minimum":1,"description":"tools shown (search default 5)"}` +
			`},"additionalProperties":false}`),
		Annotations: &mcp.ToolAnnotations{Title: "List backend tools", ReadOnlyHint: true},
	}, s.handleListTools)
}

// warmDelay is how long after a client's handshake the sandbox starts.
const warmDelay = 200 * time.Millisecond

// maxIndex bounds the capability index in list_tools' description.
const maxIndex = 2000

func (s *Server) listToolsDescription() string {
	defer s.cat().Steady()() // one read of the pins file's version, not one per server and read
	var b strings.Builder
	b.WriteString("TypeScript declarations of backend tools for execute: {query} searches, {servers} lists namespaces, {tools:[\"server.tool\"]} exact tools with full text.\n")
	for _, n := range s.notices() {
		b.WriteString("Note: " + n + "\n")
	}
	if l := s.trifectaLine(); l != "" {
		b.WriteString(l + "\n")
	}
	b.WriteString("Available servers [tool count]: ")
	names := s.cat().Servers()
	hyphens := false // a name whose namespace is the name with _ for -
	for i, n := range names {
		item := n
		switch id := s.cat().Ident(n); {
		case id == n:
		case id == strings.ReplaceAll(n, "-", "_"):
			// Said once, after the list: "antv-chart (as antv_chart)"
			// cost six tokens more a server.
			hyphens = true
		default:
			item += " (as " + id + ")"
		}
		if count, _, ok := s.cat().Count(n); ok {
			note := s.cat().Note(n)
			if s.hasInstructions(n) {
				note = strings.TrimPrefix(note+", instructions", ", ")
			}
			if note != "" {
				item += fmt.Sprintf(" [%d; %s]", count, note)
			} else {
				item += fmt.Sprintf(" [%d]", count)
			}
		}
		if i < len(names)-1 {
			item += ", "
		}
		if b.Len()+len(item) > maxIndex-80 {
			fmt.Fprintf(&b, "… and %d more (list_tools({detail:\"names\"}) lists all).", len(names)-i)
			return b.String()
		}
		b.WriteString(item)
	}
	if len(names) == 0 {
		b.WriteString("none configured.")
	}
	if hyphens {
		b.WriteString(" Namespaces: - becomes _.")
	}
	return b.String()
}

func executeDescription(st config.Settings) string {
	return fmt.Sprintf("Run JavaScript (an async function body); each backend is a global namespace of async functions: `const r = await github.create_issue({title: \"x\"}); return r.number;`. "+
		"Use Promise.all for parallel calls; only the returned value comes back, as JSON, then console.log output. Failed calls throw. Get signatures from list_tools. await progress(\"msg\", {progress, total}) reports progress. Keep a script: await skills.save({name, description, inputSchema, code}) (code reads args), then skills.name(args). Limit %s.", st.ExecuteTimeout.D())
}

func ptr[T any](v T) *T { return &v }

// textResult is a successful result with the given text blocks.
func textResult(texts ...string) *mcp.CallToolResult {
	r := &mcp.CallToolResult{}
	for _, t := range texts {
		r.Content = append(r.Content, &mcp.TextContent{Text: t})
	}
	return r
}

func errorResult(format string, a ...any) *mcp.CallToolResult {
	r := textResult(fmt.Sprintf(format, a...))
	r.IsError = true
	return r
}

// decodeArgs decodes a tool call's arguments strictly into v, a pointer
// to a struct. Its errors speak to the agent: an unknown argument is
// named with the arguments the tool takes (and the nearest one), a value
// of the wrong type with the type it must be.
func decodeArgs(raw json.RawMessage, v any) error {
	if len(raw) == 0 || string(raw) == "null" {
		raw = json.RawMessage("{}")
	}
	dec := json.NewDecoder(strings.NewReader(string(raw)))
	dec.DisallowUnknownFields()
	err := dec.Decode(v)
	if err == nil {
		return nil
	}
	names := argNames(v)
	if t := bytes.TrimLeft(raw, " \t\r\n"); len(t) > 0 && t[0] != '{' && json.Valid(t) {
		return fmt.Errorf("the arguments must be an object, not %s (it takes %s)", jsonKind(t), strings.Join(names, ", "))
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		return fmt.Errorf("argument %q must be %s, not %s (it takes %s)", te.Field, wantedKind(te.Type), te.Value, strings.Join(names, ", "))
	}
	if f, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		f, _ = strconv.Unquote(f)
		msg := fmt.Sprintf("unknown argument %s; it takes %s", echo.Quote(f), strings.Join(names, ", "))
		if near := nearest(f, names); len(near) > 0 {
			msg += "; did you mean " + strings.Join(near, " or ") + "?"
		}
		return errors.New(msg)
	}
	return err
}

// argNames lists the JSON names of the fields of the struct v points to.
func argNames(v any) []string {
	t := reflect.TypeOf(v)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct {
		return nil
	}
	var out []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" {
			name = f.Name
		}
		if name != "-" {
			out = append(out, name)
		}
	}
	return out
}

// jsonValueKind names the kind of the JSON value b, as
// json.UnmarshalTypeError.Value does.
func jsonValueKind(b []byte) string {
	switch s := strings.TrimSpace(string(b)); {
	case s == "":
		return "nothing"
	case s[0] == '{':
		return "object"
	case s[0] == '[':
		return "array"
	case s[0] == '"':
		return "string"
	case s == "true" || s == "false":
		return "bool"
	case s == "null":
		return "null"
	}
	return "number"
}

// wantedKind names a Go type as the JSON a value of it is.
func wantedKind(t reflect.Type) string {
	if t == reflect.TypeFor[NameList]() {
		return "an array of names (or one name as a string)"
	}
	switch t.Kind() {
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int64, reflect.Int32, reflect.Uint, reflect.Uint64, reflect.Uint32:
		return "an integer"
	case reflect.Float64, reflect.Float32:
		return "a number"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Map, reflect.Struct:
		return "an object"
	}
	return t.String()
}

// serverNames resolves names or idents to configured server names,
// reporting every unknown one.
func (s *Server) serverNames(in []string) ([]string, error) {
	var out, bad []string
	for _, n := range in {
		found := s.serverName(n) // resolve.go: also in another Unicode composition
		if found == "" {
			bad = append(bad, n)
		} else if !slices.Contains(out, found) {
			out = append(out, found)
		}
	}
	if len(bad) > 0 {
		if len(bad) == 1 {
			return nil, s.unknownServer(bad[0])
		}
		// Name the first few, each bounded (echo.Quote), and at most 20 of
		// the servers: 10,000 unknown names of 1 kB came back whole (1 MB).
		shown := make([]string, 0, 10)
		for _, n := range bad[:min(len(bad), 10)] {
			shown = append(shown, echo.Quote(n))
		}
		if len(bad) > len(shown) {
			shown = append(shown, fmt.Sprintf("… (%d unknown in all)", len(bad)))
		}
		return nil, fmt.Errorf("unknown server %s; available: %s", strings.Join(shown, ", "), strings.Join(firstServers(s.cat().Servers()), ", "))
	}
	return out, nil
}

func quoteAll(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = fmt.Sprintf("%q", s)
	}
	return out
}

// logLevels are MCP's logging levels (RFC 5424's, least severe first).
var logLevels = []mcp.LoggingLevel{"debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"}

// boundUnknownName repeats the name of an unknown tool or prompt in the
// SDK's error bounded (echo.Quote): the SDK quotes it whole, and a
// client's 200 kB name came back in full.
func boundUnknownName(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		var je *jsonrpc.Error
		if err == nil || !errors.As(err, &je) || je.Code != jsonrpc.CodeInvalidParams {
			return res, err
		}
		what, name := "", ""
		switch p := req.GetParams().(type) {
		case *mcp.CallToolParamsRaw:
			what, name = "tool", p.Name
		case *mcp.GetPromptParams:
			what, name = "prompt", p.Name
		}
		if len(name) > echo.Max && je.Message == fmt.Sprintf("unknown %s %q", what, name) {
			return res, &jsonrpc.Error{Code: je.Code, Message: "unknown " + what + " " + echo.Quote(name), Data: je.Data}
		}
		return res, err
	}
}

// codeErrors gives a plain Go error of a handler (ours, or the SDK's own
// initialize's, which answers a duplicate so) a JSON-RPC code: the SDK
// sends it with code 0, which no client can act on. A duplicate
// initialize (after a 2026-07-28 request made the session initialized)
// is an invalid request, anything else an internal error. An error that
// carries a code keeps it. (The SDK's gate for requests before
// initialize answers before any middleware: StdioTransport codes that
// one, and the HTTP front refuses such a request itself.)
func codeErrors(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		if je, ok := err.(*jsonrpc.Error); ok && len(je.Data) > 0 && !json.Valid(je.Data) {
			err = jsonData(je, req)
		}
		var we *jsonrpc.Error
		if err == nil || errors.As(err, &we) && we.Code != 0 {
			return res, err
		}
		code := int64(jsonrpc.CodeInternalError)
		if method == "initialize" {
			code = jsonrpc.CodeInvalidRequest
		}
		if we != nil { // a code 0 of its own: the first the SDK would find
			return nil, &jsonrpc.Error{Code: code, Message: we.Message, Data: we.Data}
		}
		// Wrapped, not replaced: the SDK tells some of its errors apart
		// with errors.Is (one saying a method is not handled). The code
		// is the one it finds with errors.As; the message stays err's.
		return nil, fmt.Errorf("%w%w", err, &jsonrpc.Error{Code: code})
	}
}

// jsonData returns je, whose data is not JSON, with JSON data: for a
// resource, the URI; else none. The SDK's ResourceNotFoundError (for a
// URI no resource or template of its own matches) quotes the URI with
// Go's %q, which is not JSON for a control character ("\x01"): the
// answer could not be encoded, and the SDK ended the session on that
// write's error (serve on stdio exited). The SDK sends the data of such
// an error only when it is the error itself, not wrapped.
func jsonData(je *jsonrpc.Error, req mcp.Request) *jsonrpc.Error {
	out := &jsonrpc.Error{Code: je.Code, Message: je.Message}
	var uri *string
	switch p := req.GetParams().(type) {
	case *mcp.ReadResourceParams:
		uri = &p.URI
	case *mcp.SubscribeParams:
		uri = &p.URI
	case *mcp.UnsubscribeParams:
		uri = &p.URI
	}
	if uri != nil {
		out.Data, _ = json.Marshal(struct {
			URI string `json:"uri"`
		}{*uri})
	}
	return out
}

// checkLogLevel refuses a logging/setLevel to a level MCP does not have
// (the SDK would take it, and relay no backend's log messages after).
func checkLogLevel(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		if method == "logging/setLevel" {
			if p, ok := req.GetParams().(*mcp.SetLoggingLevelParams); ok && !slices.Contains(logLevels, p.Level) {
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("logging/setLevel: unknown level %s; the levels are debug, info, notice, warning, error, critical, alert and emergency", echo.Quote(string(p.Level)))}
			}
		}
		return next(ctx, method, req)
	}
}
