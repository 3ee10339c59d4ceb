package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// newHostileRelay serves srv, a backend's MCP server, over Streamable HTTP
// on 127.0.0.1 as server "h", behind a real pool and a Server of ours with
// settings st, and returns a client connected to ours.
func newHostileRelay(t *testing.T, srv *mcp.Server, st config.Settings) *mcp.ClientSession {
	t.Helper()
	return newHostileRelaySpec(t, srv, st, nil)
}

// newHostileRelaySpec is newHostileRelay with server h's spec changed by
// edit (nil: as is).
func newHostileRelaySpec(t *testing.T, srv *mcp.Server, st config.Settings, edit func(*config.Server)) *mcp.ClientSession {
	t.Helper()
	hs := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	t.Cleanup(hs.Close)
	specs := map[string]*config.Server{"h": {Name: "h", Type: config.HTTP, URL: hs.URL}}
	if edit != nil {
		edit(specs["h"])
	}
	launch := pool.NewLaunch(specs["h"], nil)
	p := pool.New(&pool.Options{Settings: st})
	t.Cleanup(func() { p.Close() })
	var s *Server
	cat := catalog.New(specs, listsSource{p, launch}, &catalog.Options{OnChange: func(n string) { s.CatalogChanged(n) }})
	s = New(Options{Catalog: cat, Launch: func(string) *pool.Launch { return launch }, Caller: p, Runner: inProcess{}, Settings: st.Defaults(), Session: "s1"})
	ctx := context.Background()
	if _, err := cat.Tools(ctx, "h"); err != nil { // as list_tools would: its resources and prompts registered
		t.Fatal(err)
	}
	return clientOf(t, s)
}

// listsSource lists a backend through the pool with its resources,
// templates and prompts, as the hub hands a session's catalog.
type listsSource struct {
	p *pool.Pool
	l *pool.Launch
}

func (s listsSource) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	l, err := s.p.ListAll(ctx, s.l)
	if err != nil {
		return nil, err
	}
	return &catalog.Listing{Tools: l.Tools, Resources: l.Resources, ResourceTemplates: l.ResourceTemplates, Prompts: l.Prompts}, nil
}

// A 2026-07-28 client's request carries _meta naming its protocol
// version, its clientInfo and capabilities; a completion passed that
// _meta on, so a stateful Streamable HTTP backend (2025-11-25, as most
// remote servers) refused every completion ("protocol version
// \"2026-07-28\" is not supported by this server"), and a backend was
// told the client's name and capabilities as ours. The protocol's keys
// and the client's progress token stay with us.
func TestComplete_TheClientsProtocolMetaStaysWithUs(t *testing.T) {
	got := make(chan mcp.Meta, 1)
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, &mcp.ServerOptions{
		CompletionHandler: func(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
			got <- req.Params.Meta
			return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{"x"}}}, nil
		},
	})
	srv.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	cs := newHostileRelay(t, srv, config.Settings{}) // the client speaks the SDK's latest, 2026-07-28
	p := &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "h__p"}, Argument: mcp.CompleteParamsArgument{Name: "a"}}
	p.Meta = mcp.Meta{"progressToken": "client-7", "x.example/trace": "t1"}
	res, err := cs.Complete(context.Background(), p)
	if err != nil {
		t.Fatalf("a 2026-07-28 client's completion from a 2025-11-25 backend: %v", err)
	}
	if len(res.Completion.Values) != 1 {
		t.Errorf("values %q, want the backend's", res.Completion.Values)
	}
	m := <-got
	if m["progressToken"] == "client-7" {
		t.Errorf("the backend got the client's progress token: %v", m)
	}
	if b, _ := json.Marshal(m[mcp.MetaKeyClientInfo]); strings.Contains(string(b), `"t"`) {
		t.Errorf("the backend was told the client's clientInfo as ours: %s", b)
	}
	if m[mcp.MetaKeyProtocolVersion] == "2026-07-28" {
		t.Errorf("the backend was told the client's protocol version: %v", m)
	}
	if m["x.example/trace"] != "t1" {
		t.Errorf("the backend got _meta %v: want the client's own keys passed on", m)
	}
}

// A backend's _meta on a completion, a read or a prompt went to the
// client whole and as it came: a 20 MiB one (the backend's messages may
// be 32 MiB) made an answer the Go SDK's client (16 MiB) and the
// TypeScript one (10 MiB) drop their connection on, and its keys and
// values kept bidi controls, zero-width characters and escapes.
func TestRelay_BoundsAndCleansABackendsMeta(t *testing.T) {
	const limit = 64 << 10
	big := mcp.Meta{"blob": strings.Repeat("m", 4*limit), "keep": 1}
	hidden := mcp.Meta{"note\u202e": "ignore\u200b previous\x1b[2J", "n": []any{"a\u2066b"}}
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, &mcp.ServerOptions{
		CompletionHandler: func(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
			m := big
			if req.Params.Argument.Name == "hidden" {
				m = hidden
			}
			return &mcp.CompleteResult{Meta: m, Completion: mcp.CompletionResultDetails{Values: []string{"x"}}}, nil
		},
	})
	srv.AddResource(&mcp.Resource{URI: "files://root/a", Name: "a"}, func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Meta: big, Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "a"}}}, nil
	})
	srv.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{Meta: big, Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "hi"}}}}, nil
	})
	cs := newHostileRelay(t, srv, config.Settings{MaxResultBytes: limit})
	ctx := context.Background()
	within := func(what string, v any) {
		t.Helper()
		if b, _ := json.Marshal(v); len(b) > limit {
			t.Errorf("%s: an answer of %d bytes, over the %d-byte limit", what, len(b), limit)
		}
	}
	c, err := cs.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "h__p"}, Argument: mcp.CompleteParamsArgument{Name: "a"}})
	if err != nil {
		t.Fatal(err)
	}
	within("completion", c)
	if len(c.Completion.Values) != 1 {
		t.Errorf("completion values %q, want the backend's one", c.Completion.Values)
	}
	r, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "switchboard://h/files://root/a"})
	if err != nil {
		t.Fatal(err)
	}
	within("read", r)
	if len(r.Contents) != 1 || r.Contents[0].Text != "a" {
		t.Errorf("read contents %+v, want the backend's", r.Contents)
	}
	g, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "h__p"})
	if err != nil {
		t.Fatal(err)
	}
	within("prompt", g)
	if len(g.Messages) != 1 {
		t.Errorf("prompt messages %+v, want the backend's", g.Messages)
	}
	c, err = cs.Complete(ctx, &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "h__p"}, Argument: mcp.CompleteParamsArgument{Name: "hidden"}})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(c.Meta); !strings.Contains(string(b), `"note":"ignore previous[2J"`) || !strings.Contains(string(b), `"ab"`) {
		t.Errorf("_meta %s: want its keys and values cleaned of hidden characters, and kept", b)
	}
}

// A read counted only its contents' text and blobs, and a prompt only its
// messages' text: a content's _meta or URI, a prompt's description or a
// message block's _meta of 10 MiB went to the client whole, past
// maxResultBytes. Every part now counts (a content's _meta is dropped
// when it does not fit, as the result's is).
func TestRelay_CountsEveryPartOfAReadOrPrompt(t *testing.T) {
	const limit = 64 << 10
	huge := strings.Repeat("m", 4*limit)
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, nil)
	srv.AddResource(&mcp.Resource{URI: "files://root/meta", Name: "meta"}, func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "b", Meta: mcp.Meta{"blob": huge, "n\u200b": "a\u202eb"}}}}, nil
	})
	srv.AddResource(&mcp.Resource{URI: "files://root/small", Name: "small"}, func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "b", Meta: mcp.Meta{"n\u200b": "a\u202eb"}}}}, nil
	})
	srv.AddResource(&mcp.Resource{URI: "files://root/uri", Name: "uri"}, func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "files://root/" + huge, Text: "c"}}}, nil
	})
	srv.AddPrompt(&mcp.Prompt{Name: "desc"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{Description: huge, Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "hi"}}}}, nil
	})
	srv.AddPrompt(&mcp.Prompt{Name: "block"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{{Role: "user", Content: &mcp.TextContent{Text: "hi", Meta: mcp.Meta{"m": huge}}}}}, nil
	})
	cs := newHostileRelay(t, srv, config.Settings{MaxResultBytes: limit})
	ctx := context.Background()
	r, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "switchboard://h/files://root/meta"})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(r); len(b) > limit || len(r.Contents) != 1 || r.Contents[0].Text != "b" {
		t.Errorf("read with a big content _meta: %d bytes, contents %d: want the text, within %d bytes", len(b), len(r.Contents), limit)
	}
	r, err = cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "switchboard://h/files://root/small"})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := json.Marshal(r.Contents[0].Meta); string(b) != `{"n":"ab"}` {
		t.Errorf("a content's _meta %s: want it kept, cleaned", b)
	}
	if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "switchboard://h/files://root/uri"}); err == nil || !strings.Contains(err.Error(), "maxResultBytes") {
		t.Errorf("read whose content URI is %d bytes: %v, want an error naming maxResultBytes", len(huge), err)
	}
	for _, name := range []string{"h__desc", "h__block"} {
		g, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: name})
		if err == nil || !strings.Contains(err.Error(), "maxResultBytes") {
			b, _ := json.Marshal(g)
			t.Errorf("%s: %d bytes, err %v: want an error naming maxResultBytes", name, len(b), err)
		}
	}
}

// A _meta over its room is dropped without being copied or encoded: a
// 20 MiB one cost the front 40 MB more at its peak than passing it on.
func TestBackendMeta_TooBigIsDroppedWithoutCopies(t *testing.T) {
	m := mcp.Meta{"blob": strings.Repeat("m", 20<<20), "list": []any{"a", map[string]any{"k": "v"}}}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	out := backendMeta(m, 1<<20)
	runtime.ReadMemStats(&after)
	if out != nil {
		t.Fatalf("a 20 MiB _meta kept in a room of 1 MiB")
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
		t.Errorf("dropping a 20 MiB _meta allocated %d bytes", n)
	}
	if out := backendMeta(m, -1); len(out["blob"].(string)) != 20<<20 {
		t.Errorf("with no bound the _meta was not kept")
	}
}

// A backend's JSON-RPC error answer keeps its code and data for the
// client, the message cleaned of hidden characters; the data passed with
// bidi controls and escapes as they came.
func TestRelay_ErrorDataCleaned(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, &mcp.ServerOptions{
		CompletionHandler: func(context.Context, *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
			return nil, &jsonrpc.Error{Code: mcp.CodeResourceNotFound, Message: "not \u202efound", Data: json.RawMessage(`{"uri\u200b":"a\u202eb\u001b[2J","n":[1,"c\u2066d"]}`)}
		},
	})
	srv.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	cs := newHostileRelay(t, srv, config.Settings{})
	_, err := cs.Complete(context.Background(), &mcp.CompleteParams{Ref: &mcp.CompleteReference{Type: "ref/prompt", Name: "h__p"}, Argument: mcp.CompleteParamsArgument{Name: "a"}})
	var we *jsonrpc.Error
	if !errors.As(err, &we) || we.Code != mcp.CodeResourceNotFound {
		t.Fatalf("error %v: want the backend's code kept", err)
	}
	if strings.Contains(we.Message, "\u202e") {
		t.Errorf("message %q holds a bidi control", we.Message)
	}
	var data any
	if err := json.Unmarshal(we.Data, &data); err != nil {
		t.Fatalf("data %s: %v", we.Data, err)
	}
	if b, _ := json.Marshal(data); string(b) != `{"n":[1,"cd"],"uri":"ab[2J"}` {
		t.Errorf("data %s: want it kept, cleaned of hidden characters", b)
	}
}

// The resources, templates and prompts a backend lists reached the
// client's lists with their _meta as they came (bidi controls, escapes)
// and with icons of any URI, which a client may fetch or open as it shows
// the list: javascript:, file: and plain http: icons passed. The _meta is
// now cleaned, and only https: and data: icons are kept (the protocol's
// advice to clients).
func TestRelay_ListedDefinitionsCleaned(t *testing.T) {
	meta := mcp.Meta{"x\u202e": "y\u200b\x1b[2J"}
	icons := []mcp.Icon{{Source: "https://cdn.example/p.png"}, {Source: "data:image/png;base64,iVBORw0KGgo="}, {Source: "javascript:alert(1)"}, {Source: "file:///etc/passwd"}, {Source: "http://192.168.1.1/x.png"}, {Source: "//evil.example/x.png"}}
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, nil)
	srv.AddPrompt(&mcp.Prompt{Name: "p", Meta: meta, Icons: icons}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	read := func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{}, nil
	}
	srv.AddResource(&mcp.Resource{URI: "files://root/a", Name: "a", Meta: meta, Icons: icons}, read)
	srv.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "files://root/{x}", Name: "t", Meta: meta, Icons: icons}, read)
	cs := newHostileRelay(t, srv, config.Settings{})
	ctx := context.Background()
	ps, err := cs.ListPrompts(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	ts, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	var defs []any
	for _, p := range ps.Prompts {
		defs = append(defs, p)
	}
	for _, r := range rs.Resources {
		if r.URI != StatusURI {
			defs = append(defs, r)
		}
	}
	for _, rt := range ts.ResourceTemplates {
		defs = append(defs, rt)
	}
	if len(defs) != 3 {
		t.Fatalf("listed %d definitions, want 3", len(defs))
	}
	for _, d := range defs {
		b, _ := json.Marshal(d)
		var v struct {
			Meta  map[string]any `json:"_meta"`
			Icons []mcp.Icon     `json:"icons"`
		}
		json.Unmarshal(b, &v)
		if m, _ := json.Marshal(v.Meta); string(m) != `{"x":"y[2J"}` {
			t.Errorf("%s: _meta %s, want it cleaned", b, m)
		}
		var srcs []string
		for _, ic := range v.Icons {
			srcs = append(srcs, ic.Source)
		}
		if strings.Join(srcs, " ") != "https://cdn.example/p.png data:image/png;base64,iVBORw0KGgo=" {
			t.Errorf("%s: icons %q, want the https: and data: ones only", b, srcs)
		}
	}
}

// The script globals resources.list and prompts.list gave a script the
// backend's definitions with their _meta, and a prompt's arguments' titles
// and descriptions, as they came, which its value then carried to the
// model with the hidden characters.
func TestScriptLists_MetaCleaned(t *testing.T) {
	meta := mcp.Meta{"x\u202e": "y\u200b"}
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, nil)
	srv.AddPrompt(&mcp.Prompt{Name: "p", Meta: meta}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	srv.AddResource(&mcp.Resource{URI: "files://root/a", Name: "a", Meta: meta}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{}, nil
	})
	srv.AddPrompt(&mcp.Prompt{Name: "q", Arguments: []*mcp.PromptArgument{{Name: "a", Title: "T\u202et", Description: "d\u200be"}}}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	cs := newHostileRelay(t, srv, config.Settings{})
	if text := execRes(t, cs, `return (await prompts.list("h")).find(p => p.name == "q").arguments`).Content[0].(*mcp.TextContent).Text; text != `[{"name":"a","title":"Tt","description":"de"}]` {
		t.Errorf("a prompt's arguments %s: want their titles and descriptions cleaned", text)
	}
	for _, src := range []string{`return await resources.list("h")`, `return await prompts.list("h")`} {
		res := execRes(t, cs, src)
		text := res.Content[0].(*mcp.TextContent).Text
		if res.IsError || !strings.Contains(text, `"_meta":{"x":"y"}`) {
			t.Errorf("%s: %s, want the _meta kept, cleaned", src, text)
		}
	}
}

// A completion went to the backend (starting it) for any name shaped
// server__name and any switchboard://server/ URI, where prompts/get and
// resources/read answer only what the session offers: a prompt that does
// not exist, one not offered for a hidden character in its name, a
// template never listed. Only offered prompts and templates are asked.
func TestComplete_OnlyWhatTheSessionOffers(t *testing.T) {
	var mu sync.Mutex
	var asked []string
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, &mcp.ServerOptions{
		CompletionHandler: func(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
			mu.Lock()
			asked = append(asked, req.Params.Ref.Name+req.Params.Ref.URI)
			mu.Unlock()
			return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{"x"}}}, nil
		},
	})
	for _, name := range []string{"p", "odd\u202ename"} {
		srv.AddPrompt(&mcp.Prompt{Name: name}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{}, nil
		})
	}
	read := func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{}, nil
	}
	srv.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "files://root/{x}", Name: "t"}, read)
	srv.AddResource(&mcp.Resource{URI: "files://root/a", Name: "a"}, read)
	cs := newHostileRelay(t, srv, config.Settings{})
	ctx := context.Background()
	complete := func(ref *mcp.CompleteReference) error {
		_, err := cs.Complete(ctx, &mcp.CompleteParams{Ref: ref, Argument: mcp.CompleteParamsArgument{Name: "x"}})
		return err
	}
	for _, ref := range []*mcp.CompleteReference{
		{Type: "ref/prompt", Name: "h__p"},
		{Type: "ref/resource", URI: "switchboard://h/files://root/{x}"},
		{Type: "ref/resource", URI: "switchboard://h/files://root/a"},
	} {
		if err := complete(ref); err != nil {
			t.Errorf("%+v: %v", ref, err)
		}
	}
	var we *jsonrpc.Error
	for _, name := range []string{"h__nosuch", "h__odd\u202ename"} {
		if err := complete(&mcp.CompleteReference{Type: "ref/prompt", Name: name}); !errors.As(err, &we) || we.Code != jsonrpc.CodeInvalidParams || !strings.Contains(err.Error(), "unknown prompt") {
			t.Errorf("prompt %q: %v, want invalid params: unknown prompt", name, err)
		}
	}
	for _, uri := range []string{"switchboard://h/other://{x}", "switchboard://h/files://root/{y}", "switchboard://h/../x/{y}"} {
		if err := complete(&mcp.CompleteReference{Type: "ref/resource", URI: uri}); !errors.As(err, &we) || we.Code != mcp.CodeResourceNotFound {
			t.Errorf("template %q: %v, want resource not found", uri, err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if want := []string{"p", "files://root/{x}", "files://root/a"}; !slices.Equal(asked, want) {
		t.Errorf("the backend was asked about %q, want only %q", asked, want)
	}
}

// Results of 2026-07-28 carry a cache scope, which the SDK makes "public"
// ("any client or intermediary MAY cache and serve the response") when
// the handler leaves it unset: our lists (a session's servers: a trusted
// project's, its pins) and a backend's resource read (the user's data,
// through the user's credentials; a backend's "private" was dropped)
// went out public. They are the session's: "private".
func TestServer_ResultsArePrivateToTheSession(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, nil)
	srv.AddResource(&mcp.Resource{URI: "files://root/a", Name: "a"}, func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Cacheable: mcp.Cacheable{TTLMs: 60000, CacheScope: "private"}, Contents: []*mcp.ResourceContents{{URI: req.Params.URI, Text: "mail"}}}, nil
	})
	cs := newHostileRelay(t, srv, config.Settings{}) // 2026-07-28
	ctx := context.Background()
	r, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "switchboard://h/files://root/a"})
	if err != nil {
		t.Fatal(err)
	}
	if r.CacheScope != "private" {
		t.Errorf("a backend's private resource read went out %q", r.CacheScope)
	}
	tl, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	rl, err := cs.ListResources(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if tl.CacheScope != "private" || rl.CacheScope != "private" {
		t.Errorf("tools/list %q, resources/list %q: want the session's lists private", tl.CacheScope, rl.CacheScope)
	}
}

// A bare server's read gave the client contents under any URI it named,
// ours included: switchboard://<another server>/... or
// switchboard://status, which a client showing or caching contents by
// URI took for that server's resource or our status. A URI in our scheme
// from a bare server is now given as that server's own
// (switchboard://<server>/<its URI>), as its listed ones are refused.
func TestReadResource_BareServerCannotClaimOurURIs(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, nil)
	srv.AddResource(&mcp.Resource{URI: "files://root/spoof", Name: "spoof"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
			{URI: "switchboard://web/files://root/a", Text: "not web's"},
			{URI: StatusURI, Text: "{}"},
			{URI: "SwitchBoard://status", Text: "{}"},
			{URI: "files://root/other", Text: "its own"},
		}}, nil
	})
	cs := newHostileRelaySpec(t, srv, config.Settings{}, func(s *config.Server) { s.Expose, s.ExposeAs = []string{"*"}, config.ExposeBare })
	r, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: "files://root/spoof"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range r.Contents {
		got = append(got, c.URI)
	}
	if want := []string{"switchboard://h/switchboard://web/files://root/a", "switchboard://h/switchboard://status", "switchboard://h/SwitchBoard://status", "files://root/other"}; !slices.Equal(got, want) {
		t.Errorf("contents' URIs %q, want %q", got, want)
	}
}

// A prompt's messages may embed resources or link to them: a backend's
// message claiming one of our URIs (switchboard://<another server>/...,
// switchboard://status) reached the client as it came. Such a URI is
// given as the backend's own, as a bare server's read contents are.
func TestGetPrompt_CannotClaimOurURIs(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, nil)
	srv.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
			{Role: "user", Content: &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{URI: "switchboard://web/files://root/a", Text: "not web's"}}},
			{Role: "user", Content: &mcp.ResourceLink{URI: "SWITCHBOARD://status", Name: "status"}},
			{Role: "user", Content: &mcp.ResourceLink{URI: "files://root/own", Name: "own"}},
		}}, nil
	})
	cs := newHostileRelay(t, srv, config.Settings{})
	g, err := cs.GetPrompt(context.Background(), &mcp.GetPromptParams{Name: "h__p"})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range g.Messages {
		switch c := m.Content.(type) {
		case *mcp.EmbeddedResource:
			got = append(got, c.Resource.URI)
		case *mcp.ResourceLink:
			got = append(got, c.URI)
		}
	}
	if want := []string{"switchboard://h/switchboard://web/files://root/a", "switchboard://h/SWITCHBOARD://status", "files://root/own"}; !slices.Equal(got, want) {
		t.Errorf("the messages' URIs %q, want %q", got, want)
	}
}

// A bare server's prompts and templates are completed in either form, its
// own name or ours (server__name, switchboard://server/uri), as
// documented; not what it does not offer.
func TestComplete_BareServerEitherForm(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "hostile", Version: "1"}, &mcp.ServerOptions{
		CompletionHandler: func(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
			return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{req.Params.Ref.Name + req.Params.Ref.URI}}}, nil
		},
	})
	srv.AddPrompt(&mcp.Prompt{Name: "p"}, func(context.Context, *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return &mcp.GetPromptResult{}, nil
	})
	srv.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "files://root/{x}", Name: "t"}, func(context.Context, *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		return &mcp.ReadResourceResult{}, nil
	})
	cs := newHostileRelaySpec(t, srv, config.Settings{}, func(s *config.Server) { s.Expose, s.ExposeAs = []string{"*"}, config.ExposeBare })
	for _, tc := range []struct {
		ref  mcp.CompleteReference
		want string
	}{
		{mcp.CompleteReference{Type: "ref/prompt", Name: "p"}, "p"},
		{mcp.CompleteReference{Type: "ref/prompt", Name: "h__p"}, "p"},
		{mcp.CompleteReference{Type: "ref/resource", URI: "files://root/{x}"}, "files://root/{x}"},
		{mcp.CompleteReference{Type: "ref/resource", URI: "switchboard://h/files://root/{x}"}, "files://root/{x}"},
		{mcp.CompleteReference{Type: "ref/prompt", Name: "h__q"}, ""},
		{mcp.CompleteReference{Type: "ref/resource", URI: "switchboard://h/files://other/{x}"}, ""},
	} {
		res, err := cs.Complete(context.Background(), &mcp.CompleteParams{Ref: &tc.ref, Argument: mcp.CompleteParamsArgument{Name: "x"}})
		switch {
		case tc.want == "" && err == nil:
			t.Errorf("%+v: %v, want it refused", tc.ref, res.Completion.Values)
		case tc.want != "" && (err != nil || len(res.Completion.Values) != 1 || res.Completion.Values[0] != tc.want):
			t.Errorf("%+v: %v %v, want the backend asked about %q", tc.ref, res, err, tc.want)
		}
	}
}
