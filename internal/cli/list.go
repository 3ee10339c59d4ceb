package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/server"
)

func runList(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "list", "[--detail names|summary|full] [--query WORDS] [--roles] [server | server.tool ...]", `
Print the TypeScript declarations list_tools returns: every server, the
named ones, or the named tools (server.tool). Uses the tool catalog; a server whose tools are not known
yet is started once to learn them.`)
	cf.register(fs)
	detail := fs.String("detail", "", "names, summary or full (default: full, or summary for many tools)")
	query := fs.String("query", "", "search words instead of whole servers")
	showRoles := fs.Bool("roles", false, "print each tool's lethal-trifecta roles (private, untrusted, external) and where they came from")
	if err := parse(fs, args); err != nil {
		return err
	}
	st, err := e.openStack(&cf, true, stackOptions{inProcessScripts: true})
	if err != nil {
		return err
	}
	defer st.Close()
	if *showRoles {
		return printRoles(ctx, e, st.srv, fs.Args())
	}
	servers, tools := splitListArgs(st, fs.Args())
	if len(tools) > 0 {
		out, err := st.srv.ListTools(ctx, server.ListArgs{Tools: tools, Detail: *detail})
		if err != nil {
			return err
		}
		fmt.Fprint(e.Stdout, out)
		if len(servers) == 0 && *query == "" {
			return nil
		}
	}
	out, err := st.srv.ListTools(ctx, server.ListArgs{Servers: servers, Detail: *detail, Query: *query})
	if err != nil {
		return err
	}
	fmt.Fprint(e.Stdout, out)
	return nil
}

// splitListArgs sorts list's arguments into servers and tools: an argument
// that is no configured server's name but holds a dot ("github.get_issue")
// names a tool, as list_tools({tools: [...]}) does.
func splitListArgs(st *stack, args []string) (servers, tools []string) {
	for _, a := range args {
		if strings.Contains(a, ".") && !st.srv.HasServer(a) {
			tools = append(tools, a)
			continue
		}
		servers = append(servers, a)
	}
	return servers, tools
}

// printRoles prints one line per tool: server, tool, roles, why; then
// the trifecta report.
func printRoles(ctx context.Context, e *Env, srv *server.Server, servers []string) error {
	trs, errs := srv.ToolRoles(ctx, servers)
	tw := tabwriter.NewWriter(e.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "SERVER\tTOOL\tROLES\tFROM")
	for _, r := range trs {
		roles := strings.Join(r.Roles, "+")
		if roles == "" {
			roles = "-"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", r.Server, r.Tool, roles, r.Why)
	}
	tw.Flush()
	fmt.Fprint(e.Stdout, srv.TrifectaReport())
	return errors.Join(errs...)
}

func runSearch(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "search", "[--limit N] [--server NAME] QUERY...", `
Rank backend tools for a query, best first, as TypeScript declarations
with their scores (what list_tools({query}) returns, plus scores).`)
	cf.register(fs)
	limit := fs.Int("limit", 5, "most results")
	var servers stringList
	fs.Var(&servers, "server", "search only this server (repeatable)")
	if err := parse(fs, args); err != nil {
		return err
	}
	q := strings.Join(fs.Args(), " ")
	if strings.TrimSpace(q) == "" {
		fs.Usage()
		return errUsage
	}
	if *limit < 1 {
		return fmt.Errorf("--limit %d: want the number of results, at least 1", *limit)
	}
	st, err := e.openStack(&cf, true, stackOptions{inProcessScripts: true})
	if err != nil {
		return err
	}
	defer st.Close()
	hits, err := st.srv.Search(ctx, q, servers, *limit)
	if err != nil {
		return err
	}
	if len(hits) == 0 {
		// server.RenderHits would repeat the whole query, however long.
		fmt.Fprintf(e.Stdout, "// No tool matches %s. Try other words, or switchboard list to see every server.\n", echo.Quote(q))
		return nil
	}
	fmt.Fprint(e.Stdout, server.RenderHits(q, hits))
	return nil
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }
