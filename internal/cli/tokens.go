package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"text/tabwriter"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/server"
	"github.com/switchboard-mcp/switchboard/internal/tokens"
)

// TokenReport is what `switchboard tokens` measures.
type TokenReport struct {
	Servers []ServerTokens `json:"servers"`
	// Direct is the context cost of registering every server directly.
	Direct int `json:"direct"`
	// Instructions: the servers' instructions, which direct registration
	// loads too.
	Instructions int `json:"instructions,omitempty"`
	// Startup is Switchboard's tools/list as the model sees it.
	Startup int `json:"startup"`
	// Search is one list_tools({query}) result.
	Search      int    `json:"search"`
	SearchQuery string `json:"searchQuery"`
	Tokenizer   string `json:"tokenizer"`
}

// ServerTokens is one server's line of the report.
type ServerTokens struct {
	Name  string `json:"name"`
	Tools int    `json:"tools"`
	// Direct: every tool as {name, description, inputSchema}.
	Direct int `json:"direct"`
	// Instructions: the server's instructions (as vetted), which agents
	// put in the model's context with its tools, and list_tools with its
	// declarations.
	Instructions int `json:"instructions,omitempty"`
	// Declarations: list_tools({servers: [name]}).
	Declarations int    `json:"declarations"`
	Error        string `json:"error,omitempty"`
}

func runTokens(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "tokens", "[--json] [--query WORDS]", `
Compare the context cost of registering every configured server directly
(each tool as {name, description, inputSchema}, and the server's
instructions, which agents load with its tools) with Switchboard's:
its tools/list at session start, list_tools for one server, and a search.
Counts are o200k_base tokens from an offline tokenizer (OpenAI's
vocabulary); other models' tokenizers differ somewhat, so read the ratios.
Uses the tool catalog; servers whose tools are unknown are started once.`)
	cf.register(fs)
	asJSON := fs.Bool("json", false, "print JSON")
	query := fs.String("query", "create a new issue", "the search measured as a discovery step")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := noArgs(e, fs); err != nil {
		return err
	}
	st, err := e.openStack(&cf, true, stackOptions{inProcessScripts: true})
	if err != nil {
		return err
	}
	defer st.Close()
	rep, err := MeasureTokens(ctx, st.cat, st.srv, *query, func(name string) {
		fmt.Fprintf(e.Stderr, "fetching the tool list of %s…\n", name)
	})
	if err != nil {
		return err
	}
	if *asJSON {
		b, _ := json.MarshalIndent(rep, "", "  ")
		fmt.Fprintf(e.Stdout, "%s\n", b)
		return nil
	}
	tw := tabwriter.NewWriter(e.Stdout, 2, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "SERVER\tTOOLS\tDIRECT\tINSTRUCTIONS\tlist_tools(server)\tRATIO\t")
	for _, s := range rep.Servers {
		if s.Error != "" {
			fmt.Fprintf(tw, "%s\t-\t-\t-\t-\t%s\t\n", s.Name, truncate(s.Error, 50))
			continue
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\t\n", s.Name, s.Tools, s.Direct, s.Instructions, s.Declarations, pct(s.Declarations, s.Direct+s.Instructions))
	}
	tw.Flush()
	fmt.Fprintf(e.Stdout, "\nRATIO is list_tools(server) (declarations and instructions) over DIRECT (the tools' JSON) and INSTRUCTIONS.\n")
	fmt.Fprintf(e.Stdout, "At session start: direct registration %d tokens", rep.Direct)
	if rep.Instructions > 0 {
		fmt.Fprintf(e.Stdout, " and %d of servers' instructions", rep.Instructions)
	}
	fmt.Fprintf(e.Stdout, "; switchboard %d tokens (%s of direct, %s).\n", rep.Startup, pct(rep.Startup, rep.Direct+rep.Instructions), savedWords(rep.Direct+rep.Instructions-rep.Startup))
	fmt.Fprintf(e.Stdout, "A search, list_tools({query: %q}): %d tokens.\n", rep.SearchQuery, rep.Search)
	fmt.Fprintf(e.Stdout, "Tokenizer: %s (offline); counts for other models differ somewhat.\n", rep.Tokenizer)
	return nil
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f%%", 100*float64(a)/float64(b))
}

// MeasureTokens computes the token report for the servers of cat as
// srv presents them. progress is called before a server is started to
// learn its tools.
func MeasureTokens(ctx context.Context, cat *catalog.Catalog, srv *server.Server, query string, progress func(string)) (*TokenReport, error) {
	rep := &TokenReport{Tokenizer: tokens.Encoding, SearchQuery: query}
	for _, name := range cat.Servers() {
		row := ServerTokens{Name: name}
		if _, ok := cat.RawTools(name); !ok {
			if progress != nil {
				progress(name)
			}
			if _, err := cat.Tools(ctx, name); err != nil {
				row.Error = err.Error()
				rep.Servers = append(rep.Servers, row)
				continue
			}
		}
		raw, _ := cat.RawTools(name)
		row.Tools = len(raw)
		for _, t := range raw {
			schema, _ := json.Marshal(t.InputSchema)
			n, err := tokens.Count(tokens.ToolJSON(t.Name, t.Description, schema))
			if err != nil {
				return nil, err
			}
			row.Direct += n
		}
		if l, _, ok := cat.Info(name); ok && l.Instructions != "" {
			row.Instructions, _ = tokens.Count(l.Instructions)
			rep.Instructions += row.Instructions
		}
		decl, err := srv.ListTools(ctx, server.ListArgs{Servers: []string{name}})
		if err != nil {
			return nil, err
		}
		row.Declarations, _ = tokens.Count(decl)
		rep.Direct += row.Direct
		rep.Servers = append(rep.Servers, row)
	}
	// Startup: our own tools/list, through a real MCP client session.
	ct, stt := mcp.NewInMemoryTransports()
	ss, err := srv.MCP().Connect(ctx, stt, nil)
	if err != nil {
		return nil, err
	}
	defer ss.Close()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "tokens"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		return nil, err
	}
	defer cs.Close()
	lt, err := cs.ListTools(ctx, nil)
	if err != nil {
		return nil, err
	}
	for _, t := range lt.Tools {
		schema, _ := json.Marshal(t.InputSchema)
		n, _ := tokens.Count(tokens.ToolJSON(t.Name, t.Description, schema))
		rep.Startup += n
	}
	out, err := srv.ListTools(ctx, server.ListArgs{Query: query})
	if err != nil {
		return nil, err
	}
	rep.Search, _ = tokens.Count(out)
	return rep, nil
}

// savedWords says what Switchboard saves at session start, or what it
// costs more: a few small servers (the demo backend alone) cost more
// behind it than registered directly, which was "-177 saved".
func savedWords(saved int) string {
	if saved < 0 {
		return fmt.Sprintf("%d more than direct: a few small servers cost less registered directly, and Switchboard saves more the more tools there are", -saved)
	}
	return fmt.Sprintf("%d saved", saved)
}
