package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/yosida95/uritemplate/v3"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/rpcid"
	"github.com/switchboard-mcp/switchboard/internal/tokens"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

// Resources and prompts of the session's backends, aggregated:
//
//   - a backend resource's URI is switchboard://<server>/<its own URI, as
//     is> (switchboard://everything/demo://resource/static/1): everything
//     after the server's name and one slash is the backend's URI, unchanged,
//     so templates keep working and nothing needs decoding;
//   - resource templates likewise (switchboard://<server>/<its template>);
//   - a prompt's name is <server>__<its own name>;
//   - a server exposed bare ("exposeAs": "bare") keeps the backend's own
//     URIs, templates and prompt names (a URI or name two bare servers
//     share, or a bare prompt name that is another's server__name, is
//     offered by neither, and the clash is logged and in status);
//   - switchboard://status is ours: the session's servers, their states,
//     catalog freshness and the token cost of direct registration vs ours.
//
// They are listed from the catalog (the lists cached with each server's
// tool list: no backend starts for a listing; a server whose lists are not
// known yet is missing until it first starts, for a call or list_tools,
// after which the client gets list_changed). resources/read and
// prompts/get go to the backend through the pool with the session's
// launch, starting it if needed.

// ResourceCaller reads resources and gets prompts of a backend; the
// *pool.Pool given as Options.Caller implements it. When Caller does
// not, reads and gets fail saying so.
type ResourceCaller interface {
	ReadResource(ctx context.Context, c *pool.Call, uri string) (*mcp.ReadResourceResult, error)
	GetPrompt(ctx context.Context, c *pool.Call, name string, args map[string]string) (*mcp.GetPromptResult, error)
}

// StatusURI is our own resource: the session's servers and token savings.
const StatusURI = "switchboard://status"

const uriScheme = "switchboard://"

// inOurScheme reports whether u is in our switchboard: scheme, in any
// case (a URI's scheme is case-insensitive: a client may take
// SWITCHBOARD://status for ours).
func inOurScheme(u string) bool {
	return len(u) >= len(uriScheme) && strings.EqualFold(u[:len(uriScheme)], uriScheme)
}

// ResourceURI is the URI the client sees for server's resource uri.
func ResourceURI(server, uri string) string { return uriScheme + server + "/" + uri }

// maxOffered bounds one resource, template or prompt offered to the
// client, as JSON: the SDK lists 1000 a page, and a client such as the
// TypeScript SDK drops its connection, every backend with it, on a
// message over 10 MiB (a backend's resource with a 1 MiB name made a
// resources/list answer of megabytes).
const maxOffered = 8 << 10

// big reports whether v, as JSON, is over maxOffered bytes.
func big(v any) bool {
	b, err := json.Marshal(v)
	return err != nil || len(b) > maxOffered
}

// oddName reports whether s, a name or URI a client shows and sends back
// as it is, holds a hidden character ([trust.Hidden]: zero-width, bidi
// controls, escape...) or a newline, tab or line separator (NEL, U+2028,
// U+2029): none needs one, and the client's interface shows them (a terminal acts on an escape sequence).
// It is not offered, as a tool with such a name is withheld.
func oddName(s string) bool {
	return strings.ContainsFunc(s, func(r rune) bool {
		return r == '\n' || r == '\t' || r == '\u0085' || r == '\u2028' || r == '\u2029' || trust.Hidden(r)
	})
}

// safeIcons are the icons of a backend's resource, template or prompt
// that we list: those whose source is an https: URL or a data: image,
// without hidden characters (the protocol advises clients to take only
// these). A client may fetch or open an icon as it shows the list, and
// a backend's javascript:, file: or plain http: icon (a LAN address, a
// tracker) went to it as listed. nil when none is left.
func safeIcons(icons []mcp.Icon) []mcp.Icon {
	var out []mcp.Icon
	for _, ic := range icons {
		u, err := url.Parse(ic.Source)
		if err != nil || oddName(ic.Source) {
			continue
		}
		switch strings.ToLower(u.Scheme) {
		case "https":
			if u.Host == "" {
				continue
			}
		case "data":
			if !strings.HasPrefix(strings.ToLower(u.Opaque), "image/") {
				continue
			}
		default:
			continue
		}
		ic.MIMEType = cleanText(ic.MIMEType)
		out = append(out, ic)
	}
	return out
}

// PromptName is the name the client sees for server's prompt name.
func PromptName(server, name string) string { return server + "__" + name }

// resourceState is what addResourcesAndPrompts registered, so that a sync
// adds and removes only what changed (each change sends list_changed).
type resourceState struct {
	mu        sync.Mutex
	resources map[string]string // our URI -> JSON of the resource registered
	prompts   map[string]string // our name -> JSON of the prompt registered
	templates map[string]string // our URI template -> JSON of the template registered
	execute   *mcp.Tool         // the execute tool as registered (status counts its tokens)

	// Owners of the URIs, URI templates and prompt names offered bare
	// (the backend's own), by server; bare lists the bare-exposed servers.
	bareR, bareT, bareP map[string]string
	bare                []string
	// toolClashes (syncExposed) and resClashes (syncResources) say what
	// is not offered because two servers would offer one name.
	toolClashes, resClashes []string

	// learned are the exposed servers learnExposed started to learn
	// their lists (each once per Server), under learnMu.
	learnMu sync.Mutex
	learned map[string]bool
}

// addResourcesAndPrompts registers switchboard://status and the backends'
// resources and prompts known to the catalog.
func (s *Server) addResourcesAndPrompts() {
	s.mcp.AddResource(&mcp.Resource{URI: StatusURI, Name: "switchboard-status", Title: "Switchboard status",
		Description: "This session's servers: state, tool counts, catalog freshness, and the tokens direct registration of their tools would cost vs Switchboard's meta-tools.",
		MIMEType:    "application/json"}, func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
		b, err := json.MarshalIndent(s.status(ctx), "", "  ")
		if err != nil {
			return nil, fmt.Errorf("switchboard status: %w", err)
		}
		return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: StatusURI, MIMEType: "application/json", Text: string(b)}}}, nil
	})
	s.syncResources()
}

// syncResources makes the registered resources and prompts those of the
// catalog: stale ones removed, new or changed ones added (the SDK then
// sends resources/list_changed or prompts/list_changed to the client).
func (s *Server) syncResources() {
	rs := &s.res
	rs.mu.Lock()
	defer rs.mu.Unlock()
	wantR := map[string]*mcp.Resource{}
	wantP := map[string]*mcp.Prompt{}
	wantT := map[string]*mcp.ResourceTemplate{}
	// owner of each URI, template and prompt name offered; a second
	// server wanting one records a clash (kind, name -> servers).
	owner := map[[2]string]string{}
	clash := map[[2]string][]string{}
	claim := func(kind, name, server string) {
		k := [2]string{kind, name}
		if o, ok := owner[k]; ok && o != server {
			clash[k] = append(clash[k], o, server)
			return
		}
		owner[k] = server
	}
	rs.bare = nil
	for _, n := range s.cat().Servers() {
		if sum, ok := s.indexSummary(n); ok && !sum.Offers && !s.bare(n) {
			continue // the index says it offers none: its list is not read
		}
		l, _, ok := s.cat().Info(n)
		if !ok {
			continue
		}
		bare := s.bare(n)
		if bare {
			rs.bare = append(rs.bare, n)
		}
		ours := func(uri string) string { // the URI the client sees
			if bare {
				return uri
			}
			return ResourceURI(n, uri)
		}
		for _, r := range l.Resources {
			if r == nil {
				continue
			}
			u := ours(r.URI)
			if _, err := url.Parse(u); err != nil || r.URI == "" || bare && inOurScheme(u) || oddName(r.URI) {
				s.o.Logger.Warn("resource not offered: its URI does not parse, or is bare in our switchboard:// scheme", append(s.serverAttrs(n), "uri", r.URI)...)
				continue
			}
			c := *r
			c.URI, c.Name, c.Title, c.Description = u, cleanText(r.Name), cleanText(r.Title), cleanText(r.Description)
			c.Meta, c.Icons = backendMeta(r.Meta, -1), safeIcons(r.Icons)
			if big(&c) {
				s.o.Logger.Warn("resource not offered: its definition is over the size a client can list", append(s.serverAttrs(n), "uri", bound(r.URI, 200), "limit", maxOffered)...)
				continue
			}
			wantR[u] = &c
			claim("resource", u, n)
		}
		for _, rt := range l.ResourceTemplates {
			if rt == nil || rt.URITemplate == "" {
				continue
			}
			u := ours(rt.URITemplate)
			if _, err := uritemplate.New(u); err != nil || bare && inOurScheme(u) || oddName(rt.URITemplate) {
				s.o.Logger.Warn("resource template not offered: it does not parse, or is bare in our switchboard:// scheme", append(s.serverAttrs(n), "uriTemplate", rt.URITemplate, "err", err)...)
				continue
			}
			c := *rt
			c.URITemplate, c.Name, c.Title, c.Description = u, cleanText(rt.Name), cleanText(rt.Title), cleanText(rt.Description)
			c.Meta, c.Icons = backendMeta(rt.Meta, -1), safeIcons(rt.Icons)
			if big(&c) {
				s.o.Logger.Warn("resource template not offered: its definition is over the size a client can list", append(s.serverAttrs(n), "uriTemplate", bound(rt.URITemplate, 200), "limit", maxOffered)...)
				continue
			}
			wantT[u] = &c
			claim("resource template", u, n)
		}
		for _, p := range l.Prompts {
			if p == nil || p.Name == "" {
				continue
			}
			if oddName(p.Name) || slices.ContainsFunc(p.Arguments, func(a *mcp.PromptArgument) bool { return a != nil && oddName(a.Name) }) {
				s.o.Logger.Warn("prompt not offered: its name or an argument's holds a control or hidden character", append(s.serverAttrs(n), "prompt", p.Name)...)
				continue
			}
			c := *p
			c.Name, c.Title, c.Description = PromptName(n, p.Name), cleanText(p.Title), cleanText(p.Description)
			c.Meta, c.Icons = backendMeta(p.Meta, -1), safeIcons(p.Icons)
			if bare {
				c.Name = p.Name
			}
			c.Arguments = nil
			for _, a := range p.Arguments {
				if a == nil {
					continue
				}
				ac := *a
				ac.Title, ac.Description = cleanText(a.Title), cleanText(a.Description)
				c.Arguments = append(c.Arguments, &ac)
			}
			if big(&c) {
				s.o.Logger.Warn("prompt not offered: its definition is over the size a client can list", append(s.serverAttrs(n), "prompt", bound(p.Name, 200), "limit", maxOffered)...)
				continue
			}
			wantP[c.Name] = &c
			claim("prompt", c.Name, n)
		}
	}
	prev := rs.resClashes
	rs.resClashes = nil
	for _, k := range slices.SortedFunc(maps.Keys(clash), func(a, b [2]string) int { return strings.Compare(a[0]+" "+a[1], b[0]+" "+b[1]) }) {
		switch k[0] {
		case "resource":
			delete(wantR, k[1])
		case "resource template":
			delete(wantT, k[1])
		default:
			delete(wantP, k[1])
		}
		delete(owner, k)
		servers := slices.Compact(slices.Sorted(slices.Values(clash[k])))
		msg := fmt.Sprintf("%s %q not offered: the servers %s would both offer it; drop \"exposeAs\": \"bare\" from one of them", k[0], k[1], strings.Join(quoteAll(servers), " and "))
		rs.resClashes = append(rs.resClashes, msg)
	}
	if !slices.Equal(prev, rs.resClashes) {
		for _, m := range rs.resClashes {
			s.o.Logger.Warn(m)
		}
	}
	rs.bareR, rs.bareT, rs.bareP = map[string]string{}, map[string]string{}, map[string]string{}
	for k, server := range owner {
		if !s.bare(server) {
			continue
		}
		switch k[0] {
		case "resource":
			rs.bareR[k[1]] = server
		case "resource template":
			rs.bareT[k[1]] = server
		default:
			rs.bareP[k[1]] = server
		}
	}
	if rs.resources == nil {
		rs.resources, rs.prompts, rs.templates = map[string]string{}, map[string]string{}, map[string]string{}
	}
	syncRegistered(rs.resources, wantR, s.mcp.RemoveResources, func(r *mcp.Resource) { s.mcp.AddResource(r, s.readBackendResource) })
	syncRegistered(rs.templates, wantT, s.mcp.RemoveResourceTemplates, func(t *mcp.ResourceTemplate) { s.mcp.AddResourceTemplate(t, s.readBackendResource) })
	syncRegistered(rs.prompts, wantP, s.mcp.RemovePrompts, func(p *mcp.Prompt) { s.mcp.AddPrompt(p, s.getBackendPrompt) })
}

// syncRegistered makes what is registered with the SDK equal want: have
// maps each registered name to a signature of its definition; names no
// longer wanted are removed, new or changed ones (re)added, in name order.
func syncRegistered[T any](have map[string]string, want map[string]*T, remove func(...string), add func(*T)) {
	var stale []string
	for n := range have {
		if want[n] == nil {
			stale = append(stale, n)
			delete(have, n)
		}
	}
	if len(stale) > 0 {
		remove(stale...)
	}
	for _, n := range slices.Sorted(maps.Keys(want)) {
		sig := jsonSig(want[n])
		if have[n] == sig {
			continue
		}
		have[n] = sig
		add(want[n])
	}
}

func jsonSig(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// bare reports whether server is exposed bare ("exposeAs": "bare").
func (s *Server) bare(server string) bool {
	spec := s.cat().Spec(server)
	return spec != nil && spec.Bare()
}

// resolveURI returns the server and the backend's own URI of a resource
// URI a client sent: switchboard://<server>/<uri> for any server (wrap
// is then true: contents are given back in that form), or a bare-exposed
// server's own URI, a resource it listed or one its templates match, or
// else any URI when exactly one server is exposed bare. ok is false when
// u names no server.
func (s *Server) resolveURI(u string) (server, uri string, wrap, ok bool) {
	if strings.HasPrefix(u, uriScheme) {
		server, uri, ok = s.splitResourceURI(u)
		return server, uri, true, ok
	}
	rs := &s.res
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if server, ok := rs.bareR[u]; ok {
		return server, u, false, true
	}
	for _, t := range slices.Sorted(maps.Keys(rs.bareT)) {
		if tmpl, err := uritemplate.New(t); err == nil && tmpl.Regexp().MatchString(u) {
			return rs.bareT[t], u, false, true
		}
	}
	if len(rs.bare) == 1 {
		return rs.bare[0], u, false, true
	}
	return "", "", false, false
}

// splitResourceURI returns the server and the backend's own URI of one of
// our resource URIs; ok is false when u names no configured server.
func (s *Server) splitResourceURI(u string) (server, uri string, ok bool) {
	rest, found := strings.CutPrefix(u, uriScheme)
	if !found {
		return "", "", false
	}
	// The longest configured name followed by "/": a server's name may
	// hold a slash ("a/b"), whose resources the first slash sent to
	// server "a", or to none.
	for _, m := range s.cat().Servers() {
		if u, found := strings.CutPrefix(rest, m+"/"); found && u != "" && len(m) > len(server) {
			server, uri, ok = m, u, true
		}
	}
	return server, uri, ok
}

// splitPromptName returns the server and the backend's own name of one of
// our prompt names: a bare-exposed server's own, else server__name (the
// longest configured server name that prefixes it).
func (s *Server) splitPromptName(n string) (server, name string, ok bool) {
	s.res.mu.Lock()
	server, ok = s.res.bareP[n]
	s.res.mu.Unlock()
	if ok {
		return server, n, true
	}
	for _, m := range s.cat().Servers() {
		if rest, found := strings.CutPrefix(n, m+"__"); found && rest != "" && len(m) > len(server) {
			server, name, ok = m, rest, true
		}
	}
	return server, name, ok
}

// resourceCall is the pool call a read or get of server's runs as.
func (s *Server) resourceCall(server, what string) *pool.Call {
	return &pool.Call{Session: s.o.Session, Server: server, Launch: s.launch(server), Tool: what, Args: json.RawMessage("{}")}
}

func (s *Server) resourceCaller() (ResourceCaller, error) {
	rc, ok := s.o.Caller.(ResourceCaller)
	if !ok {
		return nil, errors.New("this switchboard cannot reach backends for resources or prompts")
	}
	return rc, nil
}

func (s *Server) readBackendResource(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	return s.ReadResource(ctx, req.Params.URI)
}

// ReadResource reads one of our resource URIs from its backend (starting
// it if needed): the contents' URIs are ours, their text cleaned of
// hidden Unicode, and the whole bounded by settings.maxResultBytes.
func (s *Server) ReadResource(ctx context.Context, u string) (*mcp.ReadResourceResult, error) {
	server, uri, wrap, ok := s.resolveURI(u)
	if !ok {
		return nil, resourceNotFound(u)
	}
	rc, err := s.resourceCaller()
	if err != nil {
		return nil, err
	}
	res, err := rc.ReadResource(ctx, s.resourceCall(server, "resources/read"), uri)
	if err != nil {
		s.errorFrom(ctx, server, "resource "+echo.Clip(uri), err)
		return nil, rpcError(fmt.Errorf("reading %s from server %q: %w", echo.Clip(uri), server, err))
	}
	out := &mcp.ReadResourceResult{}
	size := 0
	for _, c := range res.Contents {
		if c == nil {
			continue
		}
		cc := *c
		if cc.URI == "" {
			cc.URI = uri
		}
		if wrap || inOurScheme(cc.URI) {
			// A bare server's content in our scheme is its own: it claimed
			// another server's resource, or switchboard://status.
			cc.URI = ResourceURI(server, cc.URI)
		}
		cc.Text = cleanText(c.Text)
		if cc.Text == "" && cc.Blob == nil {
			// Empty text (valid) would go out with neither text nor blob
			// (the SDK omits ""), which a strict client refuses.
			cc.Blob = []byte{}
		}
		// Its URI and MIME type count with its text: a backend's content
		// with a 10 MiB URI went to the client whole.
		size += len(cc.URI) + len(cc.MIMEType) + len(cc.Text) + len(cc.Blob)
		out.Contents = append(out.Contents, &cc)
	}
	if limit := s.o.Settings.MaxResultBytes; limit > 0 && size > limit {
		return nil, fmt.Errorf("resource %s of server %q is %d bytes, more than the %d-byte limit (settings.maxResultBytes): raise the setting to read it", echo.Clip(uri), server, size, limit)
	}
	// The contents' _meta, then the result's, as far as they fit.
	room := metaRoom(s.o.Settings.MaxResultBytes, size)
	for _, c := range out.Contents {
		c.Meta = keepMeta(c.Meta, &room)
	}
	out.Meta = keepMeta(res.Meta, &room)
	if out.Contents == nil {
		out.Contents = []*mcp.ResourceContents{}
	}
	s.contentFrom(ctx, server, "resource "+echo.Clip(uri))
	return out, nil
}

func (s *Server) getBackendPrompt(ctx context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
	return s.GetPrompt(ctx, req.Params.Name, req.Params.Arguments)
}

// GetPrompt gets one of our prompt names from its backend (starting it if
// needed), its texts cleaned of hidden Unicode and bounded by
// settings.maxResultBytes.
func (s *Server) GetPrompt(ctx context.Context, name string, args map[string]string) (*mcp.GetPromptResult, error) {
	server, orig, ok := s.splitPromptName(name)
	if !ok {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown prompt %s: prompt names are server__name", echo.Quote(name))}
	}
	rc, err := s.resourceCaller()
	if err != nil {
		return nil, err
	}
	res, err := rc.GetPrompt(ctx, s.resourceCall(server, "prompts/get"), orig, args)
	if err != nil {
		s.errorFrom(ctx, server, "prompt "+echo.Quote(orig), err)
		return nil, rpcError(fmt.Errorf("getting prompt %s from server %q: %w", echo.Quote(orig), server, err))
	}
	out := &mcp.GetPromptResult{Description: cleanText(res.Description)}
	// The description and each message as JSON count: a 10 MiB
	// description, or a block's _meta, went to the client whole.
	size := len(out.Description)
	for _, m := range res.Messages {
		if m == nil {
			continue
		}
		mc := *m
		one := cleanResult(&mcp.CallToolResult{Content: []mcp.Content{m.Content}})
		if len(one.Content) == 1 {
			mc.Content = ownURI(server, one.Content[0])
		}
		b, err := json.Marshal(&mc)
		if err != nil {
			return nil, fmt.Errorf("prompt %s of server %q: a message cannot be encoded: %w", echo.Quote(orig), server, err)
		}
		size += max(len(b), contentSize(mc.Content))
		out.Messages = append(out.Messages, &mc)
	}
	if limit := s.o.Settings.MaxResultBytes; limit > 0 && size > limit {
		return nil, fmt.Errorf("prompt %s of server %q is about %d bytes, more than the %d-byte limit (settings.maxResultBytes)", echo.Quote(orig), server, size, limit)
	}
	out.Meta = backendMeta(res.Meta, metaRoom(s.o.Settings.MaxResultBytes, size))
	if out.Messages == nil {
		out.Messages = []*mcp.PromptMessage{}
	}
	s.contentFrom(ctx, server, "prompt "+echo.Quote(orig))
	return out, nil
}

// ownURI is c, a block of server's, with a resource URI in our scheme
// (a link's, an embedded resource's) given as server's own: a backend's
// prompt claimed switchboard://<another server>/... or
// switchboard://status for what it sent. c is not changed (cleanResult
// made it a copy).
func ownURI(server string, c mcp.Content) mcp.Content {
	switch c := c.(type) {
	case *mcp.ResourceLink:
		if inOurScheme(c.URI) {
			cc := *c
			cc.URI = ResourceURI(server, c.URI)
			return &cc
		}
	case *mcp.EmbeddedResource:
		if c.Resource != nil && inOurScheme(c.Resource.URI) {
			r := *c.Resource
			r.URI = ResourceURI(server, r.URI)
			cc := *c
			cc.Resource = &r
			return &cc
		}
	}
	return c
}

// rpcError keeps a backend's JSON-RPC error code (resource not found,
// invalid params) with our message, which names the server. A backend's
// method not found becomes invalid params: the method is ours and
// supported, the backend the params name lacks it (and the SDK would
// replace our message with its own "method not found", naming neither
// server nor resource). The error's data is kept, cleaned (cleanData).
func rpcError(err error) error {
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		code := we.Code
		if code == jsonrpc.CodeMethodNotFound {
			code = jsonrpc.CodeInvalidParams
		}
		return &jsonrpc.Error{Code: code, Message: cleanText(err.Error()), Data: cleanData(we.Data)}
	}
	return errors.New(cleanText(err.Error()))
}

// cleanData is a backend's JSON-RPC error data with hidden characters
// stripped from its strings and keys, as its message is; data that is not
// JSON, which the SDK would not have decoded, is left out. Data over
// rpcid.MaxErrorData is not read: the answer leaves it out, saying its
// size (rpcid.BoundAnswer, on the stdio and HTTP fronts alike).
func cleanData(data json.RawMessage) json.RawMessage {
	if len(data) == 0 || len(data) > rpcid.MaxErrorData {
		return data
	}
	var v any
	d := json.NewDecoder(strings.NewReader(string(data)))
	d.UseNumber()
	if d.Decode(&v) != nil {
		return nil
	}
	b, err := json.Marshal(cleanValue(v))
	if err != nil {
		return nil
	}
	return b
}

// Status is what switchboard://status says.
type Status struct {
	Session string         `json:"session,omitempty"`
	Servers []ServerStatus `json:"servers"`
	Tokens  TokenSavings   `json:"tokens"`
	// Clashes are tools, resources and prompts not offered because two
	// servers (one exposed bare) would offer one name.
	Clashes []string `json:"clashes,omitempty"`
}

// ServerStatus is one server of the session.
type ServerStatus struct {
	Name  string `json:"name"`
	Ident string `json:"ident"`
	// State is the backend's pool state (cold, starting, ready, dead,
	// disabled); "" when unknown.
	State string `json:"state,omitempty"`
	Pid   int    `json:"pid,omitempty"`
	// Known is whether the catalog has the server's lists; Fetched is
	// when they were last listed from the backend.
	Known     bool       `json:"known"`
	Fetched   *time.Time `json:"fetched,omitempty"`
	Tools     int        `json:"tools"`
	Withheld  int        `json:"withheld,omitempty"`
	Resources int        `json:"resources,omitempty"`
	Prompts   int        `json:"prompts,omitempty"`
	Note      string     `json:"note,omitempty"`
}

// TokenSavings compares the tools/list a client would load with every
// known tool registered directly to ours (o200k tokens).
type TokenSavings struct {
	Direct      int    `json:"direct"`
	Switchboard int    `json:"switchboard"`
	Saved       int    `json:"saved"`
	Note        string `json:"note"`
}

// Status returns what switchboard://status says now (the status page
// shows it per session). It starts nothing.
func (s *Server) Status(ctx context.Context) Status { return s.status(ctx) }

// status builds switchboard://status. It starts nothing.
func (s *Server) status(ctx context.Context) Status {
	st := Status{Session: s.o.Session, Servers: []ServerStatus{}}
	var states map[string]pool.Status
	if ps, ok := s.o.Caller.(interface{ Status() []pool.Status }); ok {
		states = map[string]pool.Status{}
		for _, p := range ps.Status() {
			states[p.Key] = p
		}
	}
	for _, n := range s.cat().Servers() {
		ss := ServerStatus{Name: n, Ident: s.cat().Ident(n), Note: s.cat().Note(n)}
		if l := s.launch(n); l != nil && states != nil {
			if p, ok := states[l.Key]; ok {
				ss.State, ss.Pid = p.State.String(), p.Pid
			} else {
				ss.State = "cold"
			}
		}
		if visible, withheld, ok := s.cat().Count(n); ok {
			ss.Known, ss.Tools, ss.Withheld = true, visible, withheld
		}
		if l, fetched, ok := s.cat().Info(n); ok {
			ss.Resources, ss.Prompts = len(l.Resources), len(l.Prompts)
			if !fetched.IsZero() {
				f := fetched.UTC()
				ss.Fetched = &f
			}
		}
		if tools, ok := s.cat().Known(n); ok {
			for _, t := range tools {
				c, _ := tokens.Count(tokens.ToolJSON(t.Name, t.Description, t.InputSchema))
				st.Tokens.Direct += c
			}
		}
		st.Servers = append(st.Servers, ss)
	}
	s.res.mu.Lock()
	st.Clashes = slices.Concat(s.res.toolClashes, s.res.resClashes)
	s.res.mu.Unlock()
	st.Tokens.Switchboard = s.ownToolTokens()
	st.Tokens.Saved = st.Tokens.Direct - st.Tokens.Switchboard
	st.Tokens.Note = "direct: every known tool of these servers registered directly ({name, description, inputSchema}); switchboard: list_tools and execute as listed now; o200k tokens; servers whose tools are not known yet are not counted"
	return st
}

// ownToolTokens counts the tokens of our meta-tools as tools/list gives
// them: list_tools' name and description (its small input schema is not
// counted) and execute's name, description and input schema. Exposed
// tools are counted as their direct registration would be (the same).
func (s *Server) ownToolTokens() int {
	n, _ := tokens.Count(tokens.ToolJSON("list_tools", s.listToolsDescription()+s.skillsIndex(), nil))
	s.res.mu.Lock()
	exec := s.res.execute
	s.res.mu.Unlock()
	if exec != nil {
		schema, _ := json.Marshal(exec.InputSchema)
		c, _ := tokens.Count(tokens.ToolJSON(exec.Name, exec.Description, schema))
		n += c
	}
	return n
}

// scriptHost serves the script globals resources.list(server),
// resources.read(server, uri), prompts.list(server) and
// prompts.get(server, name, args) (fn is "resources.read", ...). server
// is a configured name or its ident; URIs and prompt names are the
// backend's own. A list of a server whose lists are not known starts it.
// Errors start with fn.
func (s *Server) scriptHost(ctx context.Context, fn string, raw json.RawMessage) (json.RawMessage, error) {
	var a struct {
		Args []json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("%s: bad arguments: %w", fn, err)
	}
	str := func(i int, what string) (string, error) {
		var v string
		if i >= len(a.Args) || json.Unmarshal(a.Args[i], &v) != nil || v == "" {
			return "", fmt.Errorf("%s: argument %d (%s) must be a non-empty string", fn, i+1, what)
		}
		return v, nil
	}
	var v any
	switch fn {
	case "resources.list", "resources.read", "prompts.list", "prompts.get":
	default:
		return nil, fmt.Errorf("%s: no such function; resources has list and read, prompts has list and get", fn)
	}
	name, err := str(0, "server")
	if err != nil {
		return nil, err
	}
	servers, err := s.serverNames([]string{name})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fn, err)
	}
	server := servers[0]
	switch fn {
	case "resources.list", "prompts.list":
		if _, ok := s.cat().Known(server); !ok {
			if _, errs := s.toolsOf(ctx, []string{server}); errs[0] != nil {
				return nil, fmt.Errorf("%s: %w", fn, errs[0])
			}
		}
		l, _, _ := s.cat().Info(server)
		if fn == "resources.list" {
			out := []*mcp.Resource{}
			for _, r := range l.Resources {
				// Not those the client is not offered: a URI with a hidden
				// character reached the script, and the model, as listed.
				if r != nil && !oddName(r.URI) {
					c := *r
					c.Name, c.Title, c.Description = cleanText(r.Name), cleanText(r.Title), cleanText(r.Description)
					c.Meta = backendMeta(r.Meta, -1)
					out = append(out, &c)
				}
			}
			v = out
		} else {
			out := []*mcp.Prompt{}
			for _, p := range l.Prompts {
				if p != nil && !oddName(p.Name) && !slices.ContainsFunc(p.Arguments, func(a *mcp.PromptArgument) bool { return a != nil && oddName(a.Name) }) {
					c := *p
					c.Title, c.Description = cleanText(p.Title), cleanText(p.Description)
					c.Meta = backendMeta(p.Meta, -1)
					c.Arguments = nil
					for _, a := range p.Arguments {
						if a != nil {
							ac := *a
							ac.Title, ac.Description = cleanText(a.Title), cleanText(a.Description)
							c.Arguments = append(c.Arguments, &ac)
						}
					}
					out = append(out, &c)
				}
			}
			v = out
		}
	case "resources.read":
		uri, err := str(1, "uri")
		if err != nil {
			return nil, err
		}
		res, err := s.ReadResource(ctx, ResourceURI(server, uri))
		if err != nil {
			return nil, fmt.Errorf("%s: %w", fn, err)
		}
		for _, c := range res.Contents { // the script uses the backend's URIs
			if _, orig, ok := s.splitResourceURI(c.URI); ok {
				c.URI = orig
			}
		}
		v = res
	case "prompts.get":
		pname, err := str(1, "name")
		if err != nil {
			return nil, err
		}
		var args map[string]string
		if len(a.Args) > 2 && string(a.Args[2]) != "null" {
			if err := json.Unmarshal(a.Args[2], &args); err != nil {
				return nil, fmt.Errorf("%s: argument 3 (args) must be an object of strings: %w", fn, err)
			}
		}
		res, err := s.GetPrompt(ctx, PromptName(server, pname), args)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", fn, err)
		}
		v = res
	}
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", fn, err)
	}
	if limit := s.o.Settings.MaxResultBytes; limit > 0 && len(b) > limit {
		return nil, fmt.Errorf("%s: the result is %d bytes, more than the %d-byte limit (settings.maxResultBytes)", fn, len(b), limit)
	}
	return b, nil
}

// Subscriber relays resource subscriptions to backends; the *pool.Pool
// given as Options.Caller implements it. Without it, subscribing fails.
type Subscriber interface {
	Subscribe(ctx context.Context, c *pool.Call, uri string) error
	Unsubscribe(ctx context.Context, c *pool.Call, uri string) error
}

// subscribe relays resources/subscribe (and, for 2026-07-28 clients, the
// resource subscriptions of subscriptions/listen, which the SDK turns
// into the same call) to the resource's backend, starting it if needed.
// switchboard://status can be subscribed to but sends no updates.
func (s *Server) subscribe(ctx context.Context, req *mcp.SubscribeRequest) error {
	if req.Params.URI == StatusURI {
		return nil
	}
	server, uri, _, ok := s.resolveURI(req.Params.URI)
	if !ok {
		return resourceNotFound(req.Params.URI)
	}
	sub, ok := s.o.Caller.(Subscriber)
	if !ok {
		return errors.New("this switchboard cannot relay resource subscriptions")
	}
	if err := sub.Subscribe(ctx, s.resourceCall(server, "resources/subscribe"), uri); err != nil {
		return rpcError(fmt.Errorf("subscribing to %s of server %q: %w", echo.Clip(uri), server, err))
	}
	return nil
}

// unsubscribe relays resources/unsubscribe.
func (s *Server) unsubscribe(ctx context.Context, req *mcp.UnsubscribeRequest) error {
	server, uri, _, ok := s.resolveURI(req.Params.URI)
	if !ok {
		return nil
	}
	if sub, ok := s.o.Caller.(Subscriber); ok {
		if err := sub.Unsubscribe(ctx, s.resourceCall(server, "resources/unsubscribe"), uri); err != nil {
			return rpcError(fmt.Errorf("unsubscribing from %s of server %q: %w", echo.Clip(uri), server, err))
		}
	}
	return nil
}

// ResourceUpdated tells this session's client, if it subscribed, that
// server's resource uri (the backend's own URI) changed
// (notifications/resources/updated with our URI; for a bare-exposed
// server, also with its own: the SDK sends each only to its subscribers).
//
// It does not wait for the clients (notifyLater): the SDK writes to each
// subscriber in turn, and a subscriber that stopped reading held the
// backend's later notifications and requests.
func (s *Server) ResourceUpdated(server, uri string) {
	s.notifyLater(func() {
		if s.bare(server) && !strings.HasPrefix(uri, uriScheme) {
			if err := s.mcp.ResourceUpdated(context.Background(), &mcp.ResourceUpdatedNotificationParams{URI: uri}); err != nil {
				s.o.Logger.Warn("relaying resources/updated", append(s.serverAttrs(server), "uri", uri, "err", err)...)
			}
		}
		if err := s.mcp.ResourceUpdated(context.Background(), &mcp.ResourceUpdatedNotificationParams{URI: ResourceURI(server, uri)}); err != nil {
			s.o.Logger.Warn("relaying resources/updated", append(s.serverAttrs(server), "uri", uri, "err", err)...)
		}
	})
}

// sayWhyNotFound gives the bare "Resource not found" of a read or
// (un)subscribe (the SDK's, for a URI none of the session's resources or
// templates matches, or ours) the reason and what shows the URIs there
// are: the server the URI names is not configured (the configured ones
// listed), or it lists no such resource, or the URI is not of our
// scheme. The code and data (the URI) stay.
func (s *Server) sayWhyNotFound(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		var je *jsonrpc.Error
		if err == nil || !errors.As(err, &je) || je.Code != mcp.CodeResourceNotFound || je.Message != "Resource not found" {
			return res, err
		}
		var uri string
		switch p := req.GetParams().(type) {
		case *mcp.ReadResourceParams:
			uri = p.URI
		case *mcp.SubscribeParams:
			uri = p.URI
		case *mcp.UnsubscribeParams:
			uri = p.URI
		default:
			return res, err
		}
		return res, &jsonrpc.Error{Code: je.Code, Message: je.Message + ": " + s.whyNoResource(uri), Data: je.Data}
	}
}

// whyNoResource says why uri is none of the session's resources.
func (s *Server) whyNoResource(uri string) string {
	const lists = "resources/list and resources/templates/list show the URIs served"
	q := echo.Quote(uri)
	if server, own, _, ok := s.resolveURI(uri); ok {
		return fmt.Sprintf("server %s lists no resource %s, and none of its templates matches it; %s", echo.Quote(server), echo.Quote(own), lists)
	}
	rest, ours := strings.CutPrefix(uri, uriScheme)
	if !ours {
		return fmt.Sprintf("%s is not a URI of this server's: a server's resource is read as %s<server>/<its own URI>; %s", q, uriScheme, lists)
	}
	name, _, _ := strings.Cut(rest, "/")
	if m := s.serverName(name); m != "" {
		return fmt.Sprintf("%s names server %s but none of its resources: a server's resource is read as %s%s/<its own URI>; %s", q, echo.Quote(m), uriScheme, m, lists)
	}
	return fmt.Sprintf("%s names no server: %s", q, s.unknownServer(name).Error())
}

// resourceNotFound is mcp.ResourceNotFoundError with the URI as JSON: the
// SDK's quotes it with Go's %q, which is not JSON for a control character
// (see jsonData).
func resourceNotFound(uri string) error {
	data, _ := json.Marshal(struct {
		URI string `json:"uri"`
	}{uri})
	return &jsonrpc.Error{Code: mcp.CodeResourceNotFound, Message: "Resource not found", Data: data}
}
