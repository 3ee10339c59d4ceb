package server

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// sayWhyUnknown gives the SDK's bare `unknown tool "x"` and `unknown
// prompt "x"` (a tools/call or prompts/get of a name the session does not
// serve) what the session serves and how to reach a backend's tool or
// prompt: a model that calls a backend's tool by its own name
// ("get_sum", "everything.get_sum", "everything__get_sum") is told to
// call it from an execute script. Nothing starts: only tool lists
// already known are looked at. The code stays.
func (s *Server) sayWhyUnknown(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		var je *jsonrpc.Error
		if err == nil || !errors.As(err, &je) || je.Code != jsonrpc.CodeInvalidParams {
			return res, err
		}
		switch p := req.GetParams().(type) {
		case *mcp.CallToolParamsRaw:
			if je.Message == fmt.Sprintf("unknown tool %q", p.Name) {
				return res, &jsonrpc.Error{Code: je.Code, Message: s.whyNoTool(p.Name), Data: je.Data}
			}
		case *mcp.GetPromptParams:
			if je.Message == fmt.Sprintf("unknown prompt %q", p.Name) {
				return res, &jsonrpc.Error{Code: je.Code, Message: s.whyNoPrompt(p.Name), Data: je.Data}
			}
		}
		return res, err
	}
}

// whyNoTool says why name is none of the session's tools, and where a
// backend's tool of that name is.
func (s *Server) whyNoTool(name string) string {
	served := []string{"execute", "list_tools"}
	if s.o.Settings.CallTool {
		served = append(served, "call_tool")
	}
	s.mu.Lock()
	served = append(served, s.exposed...)
	s.mu.Unlock()
	msg := fmt.Sprintf("unknown tool %s: this server's tools are %s", echo.Quote(name), strings.Join(firstServers(served), ", "))
	if t, ok := s.backendTool(name); ok {
		return msg + fmt.Sprintf("; %s is server %s's tool %s: call it from an execute script (`return await %s.%s({…})`)", echo.Quote(name), echo.Quote(t.Server), echo.Quote(t.Name), t.ServerIdent, t.Ident)
	}
	return msg + "; a server's tool is called from an execute script (`return await <server>.<tool>({…})`), and list_tools finds it"
}

// backendTool finds a known tool of a backend that name calls by the
// backend's name or identifier, with or without its server's
// ("server.tool", "server__tool"); several servers' tool of one bare
// name find none.
func (s *Server) backendTool(name string) (catalog.Tool, bool) {
	cat := s.cat()
	match := func(t catalog.Tool, tool string) bool { return t.Name == tool || t.Ident == tool }
	for _, sep := range []string{".", "__"} {
		for i := strings.Index(name, sep); i > 0; i = nextIndex(name, sep, i) {
			server := s.serverName(name[:i])
			if server == "" {
				continue
			}
			tools, _ := cat.Known(server)
			for _, t := range tools {
				if match(t, name[i+len(sep):]) {
					return t, true
				}
			}
		}
	}
	var found []catalog.Tool
	for _, server := range cat.Servers() {
		tools, _ := cat.Known(server)
		for _, t := range tools {
			if match(t, name) {
				found = append(found, t)
			}
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return catalog.Tool{}, false
}

// nextIndex is the index of sep in s after the one at i, or -1.
func nextIndex(s, sep string, i int) int {
	j := strings.Index(s[i+1:], sep)
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// whyNoPrompt says why name is none of the session's prompts.
func (s *Server) whyNoPrompt(name string) string {
	msg := fmt.Sprintf("unknown prompt %s", echo.Quote(name))
	if server, own, ok := s.splitPromptName(name); ok {
		return msg + fmt.Sprintf(": server %s lists no prompt %s; prompts/list shows the prompts served", echo.Quote(server), echo.Quote(own))
	}
	return msg + ": a server's prompt is named <server>__<its name>; prompts/list shows the prompts served"
}
