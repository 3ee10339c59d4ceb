package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// Completer answers completion/complete for a backend's prompt or resource
// template; the *pool.Pool given as Options.Caller implements it.
type Completer interface {
	Complete(ctx context.Context, c *pool.Call, p *mcp.CompleteParams) (*mcp.CompleteResult, error)
}

// maxCompletions is the most values one completion answer holds (the
// protocol's limit); a backend's further values are cut, with hasMore set.
const maxCompletions = 100

// complete is our completion/complete handler: the reference (one of the
// session's prompt names, or of its resource templates or URIs, as
// listed) goes to its backend in the backend's own names, and its values
// come back as cleanCompletion makes them.
func (s *Server) complete(ctx context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	p := req.Params
	if p == nil || p.Ref == nil {
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "completion/complete needs a ref: {type: \"ref/prompt\", name} or {type: \"ref/resource\", uri}"}
	}
	ref := *p.Ref
	var server, what string
	switch ref.Type {
	case "ref/prompt":
		var ok bool
		if server, ref.Name, ok = s.splitPromptName(ref.Name); !ok {
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("unknown prompt %s: prompt names are server__name", echo.Quote(p.Ref.Name))}
		}
		if !s.offers("prompt", server, ref.Name) {
			msg := fmt.Sprintf("unknown prompt %s: not one of this session's prompts (prompts/list)", echo.Quote(p.Ref.Name))
			if spec := s.cat().Spec(server); spec != nil && spec.Disabled {
				msg += fmt.Sprintf("; server %q is disabled", server)
			}
			return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: msg}
		}
		what = "prompt " + echo.Quote(ref.Name)
	case "ref/resource":
		var ok bool
		if server, ref.URI, ok = s.resolveTemplate(ref.URI); !ok || !s.offers("resource", server, ref.URI) {
			return nil, resourceNotFound(p.Ref.URI)
		}
		what = "resource template " + echo.Clip(ref.URI)
	default:
		return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: fmt.Sprintf("completion/complete: unknown ref type %s (want ref/prompt or ref/resource)", echo.Quote(ref.Type))}
	}
	cp, ok := s.o.Caller.(Completer)
	if !ok {
		return nil, fmt.Errorf("this switchboard cannot reach backends for completions")
	}
	res, err := cp.Complete(ctx, s.resourceCall(server, "completion/complete"), &mcp.CompleteParams{Meta: clientMeta(p.Meta), Argument: p.Argument, Context: p.Context, Ref: &ref})
	if err != nil {
		return nil, rpcError(fmt.Errorf("completing argument %s of %s from server %q: %w", echo.Quote(p.Argument.Name), what, server, err))
	}
	return s.cleanCompletion(res), nil
}

// cleanCompletion is res as a client gets it: each value cleaned of hidden
// characters, values holding a break (newline, tab, NEL, U+2028, U+2029)
// or over maxOffered bytes dropped
// (a value is what the user picks from a list), at most maxCompletions
// values within settings.maxResultBytes, hasMore set when any was cut, and
// a total, when the backend gave one, at least the values sent.
func (s *Server) cleanCompletion(res *mcp.CompleteResult) *mcp.CompleteResult {
	out := &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{}}}
	if res == nil {
		return out
	}
	d := res.Completion
	out.Completion.Total, out.Completion.HasMore = d.Total, d.HasMore
	limit, size := s.o.Settings.MaxResultBytes, 0
	for _, v := range d.Values {
		// A break (a newline, tab, NEL, line or paragraph separator)
		// may show as two entries in the client's list: such a value is
		// dropped, as a prompt or URI with one is not offered.
		if strings.ContainsAny(v, "\r\n\t\u0085\u2028\u2029") {
			continue
		}
		v = cleanText(v)
		if len(v) > maxOffered {
			continue
		}
		if len(out.Completion.Values) == maxCompletions || limit > 0 && size+len(v) > limit {
			out.Completion.HasMore = true
			break
		}
		size += len(v)
		out.Completion.Values = append(out.Completion.Values, v)
	}
	if out.Completion.Total < 0 {
		out.Completion.Total = 0
	}
	if t := out.Completion.Total; t > 0 && t < len(out.Completion.Values) {
		// The protocol's total is at least what is sent; 0 (none) stays.
		out.Completion.Total = len(out.Completion.Values)
	}
	out.Meta = backendMeta(res.Meta, metaRoom(limit, size))
	return out
}

// offers reports whether the session offers server's name (the
// backend's own), a prompt (kind "prompt") or a resource template or URI
// ("resource"), as registered by the last syncResources, in either form
// the client may send (a bare server's is registered under its own name,
// others' as server__name or switchboard://server/uri): a completion asks
// a backend only about what prompts/get and resources/read answer for (a
// prompt that does not exist, one not offered for a hidden character in
// its name, a template never listed, went to the backend, starting it).
func (s *Server) offers(kind, server, name string) bool {
	bare := s.bare(server)
	rs := &s.res
	rs.mu.Lock()
	defer rs.mu.Unlock()
	if kind == "prompt" {
		if bare {
			return rs.bareP[name] == server
		}
		_, ok := rs.prompts[PromptName(server, name)]
		return ok
	}
	if bare {
		return rs.bareT[name] == server || rs.bareR[name] == server
	}
	_, t := rs.templates[ResourceURI(server, name)]
	_, r := rs.resources[ResourceURI(server, name)]
	return t || r
}

// resolveTemplate returns the server and the backend's own URI template
// (or URI) of a resource reference a client sent for completion: one of
// our switchboard:// templates, a template a bare-exposed server listed,
// or else as resolveURI finds a URI's server.
func (s *Server) resolveTemplate(u string) (server, uri string, ok bool) {
	if !strings.HasPrefix(u, uriScheme) {
		s.res.mu.Lock()
		server, ok = s.res.bareT[u]
		s.res.mu.Unlock()
		if ok {
			return server, u, true
		}
	}
	server, uri, _, ok = s.resolveURI(u)
	return server, uri, ok
}

// clientMeta is a client's request _meta as we pass it to a backend:
// without the keys the protocol reserves (io.modelcontextprotocol/...:
// the client's protocol version, clientInfo and capabilities, which are
// not our session's with the backend; a stateful Streamable HTTP backend
// refused a request claiming 2026-07-28) and without the client's
// progressToken (its progress is ours to report).
func clientMeta(m mcp.Meta) mcp.Meta {
	var out mcp.Meta
	for k, v := range m {
		if strings.HasPrefix(k, "io.modelcontextprotocol/") || k == "progressToken" {
			continue
		}
		if out == nil {
			out = mcp.Meta{}
		}
		out[k] = v
	}
	return out
}

// backendMeta is a backend's result _meta as we relay it: without the
// keys the protocol reserves (io.modelcontextprotocol/...), which say
// what the backend is (its serverInfo) and which the SDK, finding them
// set, would not replace with ours; its keys and strings cleaned of
// hidden characters, as structuredContent is; and none at all when its
// JSON is over room bytes (room < 0: no bound), which is what the
// result's other parts left of settings.maxResultBytes. A backend's
// messages may be 32 MiB (maxMessageBytes), and a 20 MiB _meta made an
// answer the Go SDK's client (16 MiB) and the TypeScript one (10 MiB)
// drop their connection on.
func backendMeta(m mcp.Meta, room int) mcp.Meta {
	if room >= 0 && jsonAtLeast(m, room) > room {
		return nil // without a copy or an encoding of it
	}
	var out mcp.Meta
	for k, v := range m {
		if strings.HasPrefix(k, "io.modelcontextprotocol/") {
			continue
		}
		if out == nil {
			out = mcp.Meta{}
		}
		out[cleanText(k)] = cleanValue(v)
	}
	if out != nil && room >= 0 {
		if b, err := json.Marshal(out); err != nil || len(b) > room {
			return nil
		}
	}
	return out
}

// jsonAtLeast is a lower bound of the bytes v (a decoded _meta, its
// reserved keys not counted) takes as JSON, counted no further than past
// limit: its keys' and strings' lengths (as the backend sent them, before
// cleaning) and a byte for each other value.
func jsonAtLeast(v any, limit int) int {
	n := 0
	var walk func(v any)
	walk = func(v any) {
		if n > limit {
			return
		}
		switch v := v.(type) {
		case string:
			n += len(v) + 2
		case mcp.Meta:
			for k, x := range v {
				if !strings.HasPrefix(k, "io.modelcontextprotocol/") {
					n += len(k) + 3
					walk(x)
				}
			}
		case map[string]any:
			for k, x := range v {
				n += len(k) + 3
				walk(x)
			}
		case []any:
			for _, x := range v {
				n++
				walk(x)
			}
		default:
			n++
		}
	}
	walk(v)
	return n
}

// keepMeta is backendMeta(m, *room), its size then taken from *room
// (< 0: no bound).
func keepMeta(m mcp.Meta, room *int) mcp.Meta {
	out := backendMeta(m, *room)
	if out != nil && *room >= 0 {
		b, _ := json.Marshal(out)
		*room -= len(b)
	}
	return out
}

// metaRoom is what is left of limit (settings.maxResultBytes; <= 0: no
// limit, -1) for a result's _meta once its other parts took used bytes.
func metaRoom(limit, used int) int {
	if limit <= 0 {
		return -1
	}
	return max(limit-used, 0)
}
