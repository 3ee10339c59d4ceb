package cli

import (
	"context"
	"net/url"
	"path/filepath"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// rootsTimeout bounds asking a client for its roots.
const rootsTimeout = 2 * time.Second

// watchRoots makes st look for a project config in the client's MCP
// roots when none was found from the working directory: before the
// client's first tools/list or tools/call, it asks for the roots and, if
// one of them (or a directory above it) has a .switchboard.json, serves
// the user config merged with that one if the user trusts it (else the
// index says how to trust it), plus the user config's "projects" entries
// for that root. Clients that do not offer roots
// (or speak 2026-07-28, where roots are deprecated) are not asked.
func watchRoots(st *stack, home string) {
	var once sync.Once
	st.srv.MCP().AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" || method == "tools/call" {
				once.Do(func() {
					if ss, ok := req.GetSession().(*mcp.ServerSession); ok {
						if path, dir := projectFromRoots(ctx, ss, home); dir != "" {
							if err := st.useRoot(path, dir); err != nil {
								st.log.Warn("project config from the client's roots", "file", path, "err", err)
							}
						}
					}
				})
			}
			return next(ctx, method, req)
		}
	})
}

// projectFromRoots returns the first project config found from the
// client's file roots and that root; else "" and the first file root
// (where the user config's "projects" entries may apply); else "", "".
func projectFromRoots(ctx context.Context, ss *mcp.ServerSession, home string) (file, dir string) {
	ip := ss.InitializeParams()
	if ip == nil || ip.Capabilities == nil || ip.Capabilities.RootsV2 == nil {
		return "", ""
	}
	ctx, cancel := context.WithTimeout(ctx, rootsTimeout)
	defer cancel()
	res, err := ss.ListRoots(ctx, nil)
	if err != nil || res == nil {
		return "", ""
	}
	first := ""
	for _, r := range res.Roots {
		u, err := url.Parse(r.URI)
		if err != nil || u.Scheme != "file" || u.Path == "" || !filepath.IsAbs(u.Path) {
			continue
		}
		if p := config.FindProject(u.Path, home); p != "" {
			return p, u.Path
		}
		if first == "" {
			first = u.Path
		}
	}
	return "", first
}
