package server

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/search"
	"github.com/switchboard-mcp/switchboard/internal/tsdecl"
)

// ListArgs are the arguments of list_tools.
type ListArgs struct {
	Servers NameList `json:"servers,omitempty"`
	Query   string   `json:"query,omitempty"`
	Tools   NameList `json:"tools,omitempty"`
	Detail  string   `json:"detail,omitempty"`
	Limit   *int     `json:"limit,omitempty"` // nil (absent, null): search.DefaultLimit
}

// NameList is a list of names that also takes one name given as a
// string ({servers: "github"}, as models often write it).
type NameList []string

// UnmarshalJSON takes an array of strings or one string.
func (l *NameList) UnmarshalJSON(b []byte) error {
	if string(bytes.TrimSpace(b)) == "null" {
		// An optional argument sent as null is absent: it was one name,
		// "" ("unknown server \"\"").
		*l = nil
		return nil
	}
	var one string
	if json.Unmarshal(b, &one) == nil {
		*l = NameList{one}
		return nil
	}
	var many []string
	err := json.Unmarshal(b, &many)
	if err == nil && bytes.Contains(b, []byte("null")) {
		// [null] decoded as [""]: "unknown server \"\"" (round 110).
		var items []json.RawMessage
		if json.Unmarshal(b, &items) == nil && slices.ContainsFunc(items, func(it json.RawMessage) bool { return jsonValueKind(it) == "null" }) {
			err = errors.New("a null in the array")
		}
	}
	if err != nil {
		kind := jsonValueKind(b)
		var items []json.RawMessage
		if json.Unmarshal(b, &items) == nil {
			// ["a", 5]: say what is wrong inside the array ("not array"
			// contradicted "must be an array").
			for _, it := range items {
				if k := jsonValueKind(it); k != "string" {
					kind = "an array holding a " + k
					if k == "object" || k == "array" {
						kind = "an array holding an " + k
					}
					break
				}
			}
		}
		return &json.UnmarshalTypeError{Value: kind, Type: reflect.TypeFor[NameList]()}
	}
	*l = many
	return nil
}

// compact is how namespaces and search hits are declared: a tool's own
// text up to 250 characters (cut at a sentence end), a parameter's up to
// 60. On the 32-server corpus this makes declarations 44 % of the
// JSON-Schema tokens (80 % uncut); list_tools({tools}) gives full text.
var compact = &tsdecl.Options{MaxDescription: 250, MaxParamDescription: 60}

// fullThreshold is how many tools list_tools() with no arguments shows
// as full declarations; above it, the default detail is "summary".
const fullThreshold = 40

func (s *Server) handleListTools(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	var a ListArgs
	if err := decodeArgs(req.Params.Arguments, &a); err != nil {
		return errorResult("list_tools: %v", err), nil
	}
	limit := s.o.Settings.MaxResultBytes
	lw := &listWait{wait: firstListWait}
	if tok := req.Params.GetProgressToken(); tok != nil && req.Session != nil {
		lw.progress = func(done, total int, server string) {
			_ = req.Session.NotifyProgress(context.WithoutCancel(ctx), &mcp.ProgressNotificationParams{ProgressToken: tok,
				Progress: float64(done), Total: float64(total), Message: fmt.Sprintf("listed the tools of %s (%d of %d servers started)", server, done, total)})
		}
	}
	out, err := s.listTools(withListWait(ctx, lw), a, limit)
	if err != nil {
		return errorResult("list_tools: %s", boundText(err.Error(), limit, "")), nil
	}
	return textResult(boundText(out, limit, `Ask for less: list_tools({servers:["name"]}), {detail:"names"}, or {tools:["server.tool"]}.`)), nil
}

// Bounds of one list_tools request: a query is a few words (a paragraph
// at most); a list of tools, the largest server's (zereight-gitlab: 118)
// several times over (100,000 names of one tool took over 30 s).
const (
	maxToolRefs   = 1000
	maxQueryBytes = 4000
)

// uniq returns list without repeats, in first-seen order.
func uniq(list []string) []string {
	if len(list) < 2 {
		return list
	}
	seen := make(map[string]bool, len(list))
	out := list[:0:0]
	for _, v := range list {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	return out
}

// ListTools renders what list_tools returns for a, whole (the CLI's
// list). It starts a backend only when its tool list is not known yet.
func (s *Server) ListTools(ctx context.Context, a ListArgs) (string, error) {
	return s.listTools(ctx, a, 0)
}

// listTools renders what list_tools returns for a. With limit > 0, a
// listing of servers stops before the server that would take it over
// limit bytes and ends with a note naming the servers left out.
func (s *Server) listTools(ctx context.Context, a ListArgs, limit int) (string, error) {
	defer s.cat().Steady()() // a listing reads each server's verdict: one read of the pins file's version for all
	switch a.Detail {
	case "", "names", "summary", "full":
	default:
		return "", fmt.Errorf("detail must be \"names\", \"summary\" or \"full\", not %s", echo.Quote(a.Detail))
	}
	a.Tools, a.Servers = uniq(a.Tools), uniq(a.Servers)
	switch {
	case len(a.Tools) > maxToolRefs:
		return "", fmt.Errorf("tools names %d tools; at most %d at once: ask in several calls, or list a server with {servers: [\"name\"]}", len(a.Tools), maxToolRefs)
	case len(a.Servers) > maxToolRefs:
		return "", fmt.Errorf("servers names %d servers; at most %d at once: leave servers out to list every server", len(a.Servers), maxToolRefs)
	case len(a.Query) > maxQueryBytes:
		return "", fmt.Errorf("query is %d bytes; at most %d: say in a few words what the tool should do", len(a.Query), maxQueryBytes)
	case a.Limit != nil && *a.Limit < 1:
		// 0 and below were taken as the default (5) without a word.
		return "", fmt.Errorf("limit must be at least 1 (the most tools to show: search results, default %d, or tools listed, default all), not %d", search.DefaultLimit, *a.Limit)
	case a.Limit != nil && len(a.Tools) > 0:
		// It was ignored without a word, as it was in a listing.
		return "", fmt.Errorf("limit does not go with tools, which names each tool to declare: leave limit out (it counts search results, or the tools of a listing)")
	case strings.TrimSpace(a.Query) != "" && len(a.Tools) > 0:
		// The query was ignored without a word. Refused rather than
		// applied as a filter: tools names exactly what to declare, so a
		// query could only hide a tool the caller asked for by name.
		return "", fmt.Errorf("query does not go with tools, which names each tool to declare: pass tools alone to declare those tools, or query alone (with servers to search only some servers) to search")
	case len(a.Servers) > 0 && len(a.Tools) > 0:
		// Ignored too: each name in tools already says its server.
		return "", fmt.Errorf("servers does not go with tools, whose names say their servers (\"server.tool\"): pass tools alone, or servers alone to list those servers")
	}
	if len(a.Tools) > 0 {
		return s.exactTools(ctx, a.Tools, a.Detail)
	}
	if strings.TrimSpace(a.Query) != "" {
		ix, docs, late, err := s.searchIndexLate(ctx, a.Servers)
		if err != nil {
			return "", err
		}
		n := 0 // search.DefaultLimit
		if a.Limit != nil {
			n = *a.Limit
		}
		hits := hitsOf(ix, docs, a.Query, n)
		note := didYouMean(ix, a.Query)
		if len(late) > 0 {
			note = strings.TrimSpace(note + fmt.Sprintf(" Not searched yet (still starting): %s; call list_tools again in a few seconds.", strings.Join(late, ", ")))
		}
		if len(hits) == 0 && note != "" {
			return fmt.Sprintf("// No tool matches %q. %s\n", a.Query, note), nil
		}
		if note != "" {
			note = "// " + note + "\n"
		}
		return note + renderHitsAt(a.Query, hits, false, a.Detail), nil
	}
	// limit in a listing is the most tools it declares, backends' in
	// listing order and then skills; a note says what it left out (it
	// was ignored without a word).
	room := -1
	if a.Limit != nil {
		room = *a.Limit
	}
	var left limitCut
	names := s.cat().Servers()
	if len(a.Servers) == 1 && s.isSkillsServer(a.Servers[0]) {
		if d := s.skillsDecl(a.Detail, room, &left); d != "" {
			return d + left.note(a.Limit), nil
		}
		return "// No skills are saved yet: skills.save({name, description, inputSchema, outputSchema?, code}) in execute saves one.\n", nil
	}
	if len(a.Servers) > 0 {
		var err error
		if names, err = s.serverNames(a.Servers); err != nil {
			return "", err
		}
	}
	lists, errs := s.toolsOf(ctx, names)
	totals := make([]int, len(lists))
	for i, ts := range lists {
		totals[i] = len(ts)
		if room < 0 || errs[i] != nil {
			continue
		}
		if n := min(len(ts), room); n < len(ts) {
			left.add(names[i], len(ts)-n)
			lists[i] = ts[:n]
		}
		room -= len(lists[i])
	}
	detail := a.Detail
	if detail == "" {
		detail = "full"
		total := 0
		for _, ts := range lists {
			total += len(ts)
		}
		if len(a.Servers) == 0 && total > fullThreshold {
			detail = "summary"
		}
	}
	var b strings.Builder
	if len(a.Servers) == 0 {
		for _, n := range s.notices() {
			fmt.Fprintf(&b, "// Note: %s\n", oneLine(n))
		}
	}
	if len(a.Servers) == 0 && a.Detail == "" && detail == "summary" {
		fmt.Fprintf(&b, "// %d servers; one line per tool. list_tools({servers:[\"name\"]}) gives full declarations.\n", len(names))
	}
	for i, n := range names {
		var part string
		if errors.Is(errs[i], errStillListing) {
			part = fmt.Sprintf("// %s: %s\n", n, errStillListing)
		} else if errs[i] != nil {
			part = fmt.Sprintf("// %s: unavailable: %s\n", n, bound(oneLine(cleanText(redact.Text(errs[i].Error()))), maxReason))
		} else if len(lists[i]) == 0 && totals[i] > 0 {
			continue // all left out by limit
		} else {
			part = render(n, s.cat().Ident(n), lists[i], totals[i], detail) + s.withheldNote(n, detail) + s.cutNote(n)
			if detail == "full" {
				part = s.instructionsComment(n) + part
			}
		}
		if limit > 0 && i > 0 && b.Len()+len(part) > limit-200 {
			rest := names[i:]
			shown := rest[:min(len(rest), 20)]
			more := ""
			if len(rest) > len(shown) {
				more = fmt.Sprintf(" and %d more", len(rest)-len(shown))
			}
			fmt.Fprintf(&b, "// [cut by switchboard: the listing is over the %d-byte limit (settings.maxResultBytes); not shown: %s%s. Get them with list_tools({servers:[%s]}) or list_tools({detail:\"names\"}).]\n",
				limit, strings.Join(shown, ", "), more, strings.Join(quoteAll(shown[:min(len(shown), 3)]), ","))
			break
		}
		b.WriteString(part)
	}
	if len(names) == 0 {
		b.WriteString("// No backend servers are configured.\n")
	} else if detail == "full" && s.hasResourcesOrPrompts(names) {
		b.WriteString(resourcesDecl)
	}
	if len(a.Servers) == 0 {
		b.WriteString(s.skillsDecl(detail, room, &left)) // skills.go
	}
	b.WriteString(left.note(a.Limit))
	return b.String(), nil
}

// limitCut is what a listing's limit left out: per server (or skills),
// in listing order, how many tools.
type limitCut struct {
	servers []string
	counts  []int
}

func (c *limitCut) add(server string, n int) {
	c.servers = append(c.servers, server)
	c.counts = append(c.counts, n)
}

// note is the listing's last line when limit left tools out, naming at
// most ten servers and how to see their tools; "" when it left none.
func (c *limitCut) note(limit *int) string {
	if limit == nil || len(c.servers) == 0 {
		return ""
	}
	total := 0
	parts := make([]string, 0, min(len(c.servers), 10))
	for i, n := range c.counts {
		total += n
		if i < 10 {
			parts = append(parts, fmt.Sprintf("%s: %d", c.servers[i], n))
		}
	}
	if len(c.servers) > 10 {
		parts = append(parts, fmt.Sprintf("and %d more servers", len(c.servers)-10))
	}
	tools := "tools"
	if total == 1 {
		tools = "tool"
	}
	return fmt.Sprintf("// [limit %d: %d more %s not shown (%s). Without limit, list_tools({servers:[%q]}) lists that server whole and {detail:\"names\"} names every tool.]\n",
		*limit, total, tools, strings.Join(parts, ", "), c.servers[0])
}

// toolsOf fetches the tool lists of names, starting at most
// maxFetches unknown backends at a time (and never more than the pool's
// cap), so a first search over many servers is not a process storm.
//
// Under a context from withListWait it waits at most that long: a server
// still being listed then has errStillListing as its error (its listing
// goes on in the background and lands in the catalog), and the
// context's progress function hears of each server listed.
func (s *Server) toolsOf(ctx context.Context, names []string) ([][]catalog.Tool, []error) {
	lists := make([][]catalog.Tool, len(names))
	errs := make([]error, len(names))
	lw, _ := ctx.Value(listWaitKey{}).(*listWait)
	fetchCtx := ctx
	if lw != nil {
		fetchCtx = context.WithoutCancel(ctx)
	}
	type done struct {
		i   int
		ts  []catalog.Tool
		err error
	}
	results := make(chan done, len(names))
	sem := make(chan struct{}, max(1, min(maxFetches, s.o.Settings.MaxConnections)))
	pending := 0
	for i, n := range names {
		if ts, ok := s.cat().Known(n); ok {
			lists[i] = ts
			continue
		}
		pending++
		go func() {
			// A panic getting the list is this server's error, not the
			// process's end; the listing waits for every result.
			defer panics.Recover(s.o.Logger, "getting a server's tools for list_tools", func(why string) {
				results <- done{i, nil, fmt.Errorf("internal error getting the list: %s (a bug in Switchboard)", why)}
			})
			select {
			case sem <- struct{}{}:
				defer func() { <-sem }()
				if s.testFetch != nil {
					s.testFetch(n)
				}
				ts, err := s.cat().Tools(fetchCtx, n)
				results <- done{i, ts, err}
			case <-fetchCtx.Done():
				results <- done{i, nil, fetchCtx.Err()}
			}
		}()
	}
	var timeout <-chan time.Time
	if lw != nil && pending > 0 {
		t := time.NewTimer(lw.wait)
		defer t.Stop()
		timeout = t.C
	}
	got := make([]bool, len(names))
	total := pending
	for pending > 0 {
		select {
		case r := <-results:
			lists[r.i], errs[r.i], got[r.i] = r.ts, r.err, true
			pending--
			if lw != nil && lw.progress != nil {
				lw.progress(total-pending, total, names[r.i])
			}
			continue
		case <-timeout:
		case <-ctx.Done(): // the caller's deadline (an execute's timeout)
		}
		for i := range names {
			if lists[i] == nil && errs[i] == nil && !got[i] {
				errs[i] = errStillListing
				if failed := s.cat().ListingFailed(names[i]); failed != nil {
					// Its last listing failed and a new one runs: said
					// as the failure it is, not "call again in a few
					// seconds", which a model did for ever.
					errs[i] = &relisting{failed}
				}
				if err := ctx.Err(); err != nil {
					errs[i] = fmt.Errorf("listing its tools: %w", err)
				}
			}
		}
		break
	}
	return lists, errs
}

// errStillListing is the error of a server whose first listing did not
// finish within the wait of a list_tools call.
var errStillListing = errors.New("still starting: its tools are being listed in the background; call list_tools again in a few seconds")

// relisting is the error of a server whose last listing failed and that
// is being listed again, not finished within the wait of a list_tools.
type relisting struct{ last error }

func (r *relisting) Error() string {
	return fmt.Sprintf("its tool list did not come: %v; it is being listed again in the background (switchboard doctor shows why)", r.last)
}

func (r *relisting) Unwrap() error { return r.last }

// firstListWait is how long list_tools waits for servers whose tools are
// not known yet before answering with the others, naming the ones left.
const firstListWait = 3 * time.Second

// listWait is how a list_tools call waits for first listings.
type listWait struct {
	wait     time.Duration
	progress func(done, total int, server string) // nil: none
}

type listWaitKey struct{}

// withListWait makes toolsOf under ctx wait at most lw.wait.
func withListWait(ctx context.Context, lw *listWait) context.Context {
	return context.WithValue(ctx, listWaitKey{}, lw)
}

// stillListing names the servers of names whose error is errStillListing.
func stillListing(names []string, errs []error) []string {
	var out []string
	for i, err := range errs {
		if errors.Is(err, errStillListing) {
			out = append(out, names[i])
		}
	}
	return out
}

// maxFetches bounds backends started at once to learn their tools.
const maxFetches = 8

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// render renders one server's tools at a detail level; total is how
// many it has (more than tools when a limit cut them).
func render(server, ident string, tools []catalog.Tool, total int, detail string) string {
	switch detail {
	case "names":
		names := make([]string, len(tools))
		for i, t := range tools {
			names[i] = t.Ident
		}
		as := ""
		if c := configuredAs(server, ident); c != "" {
			as = " (" + c + ")"
		}
		return fmt.Sprintf("%s%s: %s\n", ident, as, strings.Join(names, ", "))
	case "summary":
		var b strings.Builder
		as := ""
		if c := configuredAs(server, ident); c != "" {
			as = c + ", "
		}
		if total > len(tools) {
			fmt.Fprintf(&b, "// %s (%s%d of %d tools)\n", ident, as, len(tools), total)
		} else {
			noun := "tools"
			if len(tools) == 1 {
				noun = "tool"
			}
			fmt.Fprintf(&b, "// %s (%s%d %s)\n", ident, as, len(tools), noun)
		}
		for _, t := range tools {
			line := tsdecl.Summary(t.Description)
			if t.Warning != "" {
				line = "⚠ " + t.Warning + " " + line
			}
			fmt.Fprintf(&b, "%s.%s — %s\n", ident, t.Ident, line)
		}
		return b.String()
	}
	return tsdecl.NamespaceAs(server, ident, declTools(tools), compact) + "\n"
}

// configuredAs is `server "a b"` when ident is not what server's name
// gives by itself (the name, or the name with _ for -), else "": servers
// whose names mangle alike ("a-b", "a_b", "a b") are a_b, a_b_2 and
// a_b_3, and the names and summary listings showed "a_b_2: echo" without
// saying which server that is (full declarations say it in a comment).
func configuredAs(server, ident string) string {
	if ident == server || ident == strings.ReplaceAll(server, "-", "_") || ident == skillsNS {
		return ""
	}
	return "server " + echo.Quote(server)
}

func declTools(ts []catalog.Tool) []tsdecl.Tool {
	out := make([]tsdecl.Tool, len(ts))
	for i, t := range ts {
		out[i] = declTool(t)
	}
	return out
}

func declTool(t catalog.Tool) tsdecl.Tool {
	return tsdecl.Tool{Name: t.Name, Ident: t.Ident, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema, Warning: t.Warning}
}

// exactTools renders the declarations of tools named "server.tool":
// with their full text, or as detail "names" or "summary" says (it was
// ignored, so {tools, detail: "names"} gave whole declarations).
func (s *Server) exactTools(ctx context.Context, refs []string, detail string) (string, error) {
	var b strings.Builder
	var bad []string
	var found []catalog.Tool
	for _, ref := range refs {
		srv, tool, ok := splitRef(ref)
		if !ok {
			msg := fmt.Sprintf("%s is not of the form \"server.tool\"", echo.Quote(ref))
			if t, ok := s.backendTool(ref); ok { // unknown.go: a known tool of that bare name
				msg += fmt.Sprintf("; did you mean %s.%s?", t.ServerIdent, t.Ident)
			}
			bad = append(bad, msg)
			continue
		}
		if s.isSkillsServer(srv) {
			d, err := s.exactSkill(tool) // skills.go
			if err != nil {
				bad = append(bad, err.Error())
			} else {
				b.WriteString(d)
			}
			continue
		}
		t, err := s.lookup(ctx, srv, tool) // says "did you mean" for a near miss
		if err != nil {
			bad = append(bad, err.Error())
			continue
		}
		found = append(found, t)
	}
	// Consecutive tools of one server share a namespace block, so the
	// types it declares once (integer, hoisted object types) are not
	// declared twice.
	for i := 0; i < len(found); {
		j := i + 1
		for j < len(found) && found[j].Server == found[i].Server {
			j++
		}
		if detail == "names" || detail == "summary" {
			b.WriteString(render(found[i].Server, found[i].ServerIdent, found[i:j], j-i, detail))
		} else {
			b.WriteString(tsdecl.NamespaceAs(found[i].Server, found[i].ServerIdent, declTools(found[i:j]), nil))
			b.WriteString("\n")
		}
		i = j
	}
	if len(bad) > 10 {
		// Each says its server's tools and the client's capabilities
		// again: 1,000 names not found came back as 320 kB, as
		// serverNames' unknown servers once did.
		bad = append(bad[:10:10], fmt.Sprintf("… (%d of the tools named not found in all)", len(bad)))
	}
	if len(bad) > 0 {
		if b.Len() == 0 {
			return "", fmt.Errorf("%s", strings.Join(bad, "; "))
		}
		fmt.Fprintf(&b, "// not found: %s\n", strings.Join(bad, "; "))
	}
	return b.String(), nil
}

// splitRef splits "server.tool" (also "server__tool" and "server/tool").
func splitRef(ref string) (server, tool string, ok bool) {
	for _, sep := range []string{".", "__", "/"} {
		if i := strings.Index(ref, sep); i > 0 && i+len(sep) < len(ref) {
			return ref[:i], ref[i+len(sep):], true
		}
	}
	return "", "", false
}

// Hit is a search result with its tool.
type Hit struct {
	Tool  catalog.Tool
	Score float64
}

// Search ranks the tools of the given servers (all when empty) for query.
// Servers whose tool list is unknown are started to learn it.
func (s *Server) Search(ctx context.Context, query string, servers []string, limit int) ([]Hit, error) {
	ix, docs, err := s.searchIndex(ctx, servers)
	if err != nil {
		return nil, err
	}
	return hitsOf(ix, docs, query, limit), nil
}

// hitsOf searches ix, whose docs are the tools docs.
func hitsOf(ix *search.Index, docs []catalog.Tool, query string, limit int) []Hit {
	var hits []Hit
	for _, h := range ix.Search(query, limit) {
		hits = append(hits, Hit{Tool: docs[h.Doc], Score: h.Score})
	}
	return hits
}

// didYouMean names the tools or servers a query most likely misspells
// ("Did you mean github.get_issue?"), when it looks like a name that is
// not one; "" otherwise.
func didYouMean(ix *search.Index, query string) string {
	near := ix.Suggest(query, 3)
	if len(near) == 0 {
		return ""
	}
	return fmt.Sprintf("Did you mean %s? list_tools({tools:[%q]}) declares it.", strings.Join(near, " or "), near[0])
}

// searchIndex returns the index over the tools of servers (all when
// empty) and the tools it indexes.
func (s *Server) searchIndex(ctx context.Context, servers []string) (*search.Index, []catalog.Tool, error) {
	ix, docs, _, err := s.searchIndexLate(ctx, servers)
	return ix, docs, err
}

// searchIndexLate is searchIndex that also names the servers whose tools
// are not in the index because they are still being listed.
func (s *Server) searchIndexLate(ctx context.Context, servers []string) (*search.Index, []catalog.Tool, []string, error) {
	names := s.cat().Servers()
	scoped := len(servers) > 0
	if scoped {
		var err error
		names = nil
		if rest := slices.DeleteFunc(slices.Clone(servers), s.isSkillsServer); len(rest) > 0 {
			if names, err = s.serverNames(rest); err != nil {
				return nil, nil, nil, err
			}
		}
	}
	lists, errs := s.toolsOf(ctx, names)
	late := stillListing(names, errs)
	var tools []catalog.Tool
	for _, ts := range lists {
		tools = append(tools, ts...)
	}
	if !scoped || slices.ContainsFunc(servers, s.isSkillsServer) {
		tools = append(tools, s.skillDocs()...) // skills.go
	}
	// The index is rebuilt only when the catalog changed (CatalogChanged
	// and Swap drop it) or for a search scoped to some servers.
	s.mu.Lock()
	ix, docs := s.index, s.docs
	s.mu.Unlock()
	if scoped || ix == nil || len(docs) != len(tools) {
		sdocs := make([]search.Doc, len(tools))
		for i, t := range tools {
			sdocs[i] = searchDocOf(t)
		}
		ix, docs = search.New(sdocs, nil), tools
		if !scoped {
			s.mu.Lock()
			s.index, s.docs = ix, docs
			s.mu.Unlock()
		}
	}
	return ix, docs, late, nil
}

func searchDocOf(t catalog.Tool) search.Doc {
	d := search.Doc{Server: t.Server, ServerIdent: t.ServerIdent, Tool: t.Name, Ident: t.Ident, Title: t.Title, Description: t.Description}
	var schema struct {
		Properties map[string]struct {
			Description string          `json:"description"`
			Enum        json.RawMessage `json:"enum"`
			Items       json.RawMessage `json:"items"`
		} `json:"properties"`
		Required []string `json:"required"`
	}
	if json.Unmarshal(t.InputSchema, &schema) == nil {
		for name, p := range schema.Properties {
			d.Params = append(d.Params, search.Param{Name: name, Description: p.Description, Required: slices.Contains(schema.Required, name), Enum: search.EnumStrings(p.Enum, p.Items)})
		}
		// Sorted, as internal/search's evaluation reads them: the index
		// caps the parameter text it keeps, so order must not vary.
		slices.SortFunc(d.Params, func(a, b search.Param) int { return strings.Compare(a.Name, b.Name) })
	}
	return d
}

// renderHits renders search results best first, opening a namespace
// block whenever consecutive hits change server.
func renderHits(query string, hits []Hit, scores bool) string {
	return renderHitsAt(query, hits, scores, "")
}

// renderHitsAt is renderHits at a detail level: "names" and "summary"
// give one line per hit (in hit order), "full" full declarations, ""
// compact ones.
func renderHitsAt(query string, hits []Hit, scores bool, detail string) string {
	if len(hits) == 0 {
		return fmt.Sprintf("// No tool matches %q. Try other words, or list_tools() to see every server.\n", query)
	}
	var b strings.Builder
	for i := 0; i < len(hits); {
		j := i
		for j < len(hits) && hits[j].Tool.Server == hits[i].Tool.Server {
			j++
		}
		var group []tsdecl.Tool
		for _, h := range hits[i:j] {
			t := declTool(h.Tool)
			if scores {
				t.Description = fmt.Sprintf("[score %.2f] %s", h.Score, t.Description)
			}
			group = append(group, t)
		}
		ns := func(o *tsdecl.Options) string {
			if hits[i].Tool.ServerIdent == skillsNS { // skills.go: no server has this ident
				return skillsNamespace(group, o)
			}
			return tsdecl.NamespaceAs(hits[i].Tool.Server, hits[i].Tool.ServerIdent, group, o)
		}
		switch detail {
		case "names", "summary":
			if c := configuredAs(hits[i].Tool.Server, hits[i].Tool.ServerIdent); c != "" {
				fmt.Fprintf(&b, "// %s is %s\n", hits[i].Tool.ServerIdent, c)
			}
			for _, h := range hits[i:j] {
				if detail == "names" {
					fmt.Fprintf(&b, "%s.%s\n", h.Tool.ServerIdent, h.Tool.Ident)
				} else {
					fmt.Fprintf(&b, "%s.%s — %s\n", h.Tool.ServerIdent, h.Tool.Ident, tsdecl.Summary(h.Tool.Description))
				}
			}
		case "full":
			b.WriteString(ns(nil) + "\n")
		default:
			b.WriteString(ns(compact) + "\n")
		}
		i = j
	}
	return b.String()
}

// RenderHits renders search hits for the CLI, with scores.
func RenderHits(query string, hits []Hit) string { return renderHits(query, hits, true) }

// withheldNote lists server's withheld tools and why, one comment line
// each, in the words a script calling one of them gets.
func (s *Server) withheldNote(server, detail string) string {
	ws := s.cat().Withheld(server)
	if len(ws) == 0 {
		return ""
	}
	var b strings.Builder
	if detail == "names" {
		names := make([]string, len(ws))
		for i, w := range ws {
			names[i] = withheldName(w.Tool)
		}
		fmt.Fprintf(&b, "// %s withheld: %s (list_tools({servers:[%q]}) says why)\n", s.cat().Ident(server), strings.Join(names, ", "), server)
		return b.String()
	}
	for _, w := range ws {
		fmt.Fprintf(&b, "// withheld: %s.%s: %s\n", s.cat().Ident(server), withheldName(w.Tool), oneLine(w.Reason))
	}
	return b.String()
}

// cutNote says that server's tools were cut short by a bound of one
// listing (8 MiB, 10,000 tools, 1,000 pages, a loop of cursors), and how
// many were left out: the model, seeing only the tools used, could not
// tell a tool left out from one the backend does not have.
func (s *Server) cutNote(server string) string {
	l, _, ok := s.cat().Info(server)
	if !ok || l.Cut == "" {
		return ""
	}
	return fmt.Sprintf("// cut: %s lists more than Switchboard reads: %s\n", s.cat().Ident(server), oneLine(l.Cut))
}

// withheldName is a withheld tool's name as its comment line shows it:
// quoted with its hidden Unicode, control and white-space characters
// (but a single space) escaped when it has any, on one line (a backend's name holding a newline ended the
// comment and forged lines of the model's listing) and at most 64 bytes.
func withheldName(name string) string {
	if c := cleanText(name); c != name || oneLine(name) != name {
		// Hidden characters were in it: shown stripped, "read\u202efile"
		// and "read\u200bfile" were both "readfile" (round 104), told
		// apart only by their approve commands. Quoted, each is escaped.
		// So is a newline or tab: "a\nb" made one line as "a b", the name
		// of another tool, offered (round 121).
		return bound(strconv.Quote(name), 64)
	}
	return bound(name, 64)
}

// resourcesDecl declares the resources and prompts script globals; a
// full listing of servers ends with it when one of them has resources or
// prompts.
const resourcesDecl = `// Resources and prompts of a server (its own URIs and names; server is a name above):
declare const resources: {
  list(server: string): Promise<{uri: string; name: string; title?: string; description?: string; mimeType?: string}[]>;
  read(server: string, uri: string): Promise<{contents: {uri: string; mimeType?: string; text?: string; blob?: string /* base64 */}[]}>;
};
declare const prompts: {
  list(server: string): Promise<{name: string; description?: string; arguments?: {name: string; description?: string; required?: boolean}[]}[]>;
  get(server: string, name: string, args?: Record<string, string>): Promise<{description?: string; messages: {role: "user" | "assistant"; content: any}[]}>;
};
`

// hasResourcesOrPrompts reports whether one of names lists resources or
// prompts in the catalog.
func (s *Server) hasResourcesOrPrompts(names []string) bool {
	for _, n := range names {
		if l, _, ok := s.cat().Info(n); ok && (len(l.Resources) > 0 || len(l.Prompts) > 0) {
			return true
		}
	}
	return false
}

// maxDigest bounds the digest of a server's instructions that the
// catalog's index keeps (non-empty: the server has instructions).
const (
	maxDigest = 80
	// maxInstructions bounds the full text shown with a server's
	// declarations.
	maxInstructions = 8000
)

// hasInstructions reports whether server has instructions (as vetted)
// to show with its declarations: list_tools' index marks it so. The
// index says no more than that: every session starts with the index in
// its context, and a first sentence cost some 25 tokens a server, often
// to say "Here are guidelines for using these tools:".
func (s *Server) hasInstructions(server string) bool {
	if sum, ok := s.indexSummary(server); ok {
		return sum.Digest != "" // the index has it: the list is not read
	}
	l, _, ok := s.cat().Info(server)
	return ok && instructionsLine(l.Instructions) != ""
}

// instructionsLine is the digest of a server's vetted instructions: its
// first sentence after any Markdown headings (a title such as "# Foo
// Server – Server Instructions" says nothing the server's name does not),
// cleaned and bounded; "" when it has none.
func instructionsLine(instructions string) string {
	text := cleanText(instructions)
	for {
		line, rest, more := strings.Cut(text, "\n")
		t := strings.TrimSpace(line)
		if !more || t != "" && !strings.HasPrefix(t, "#") {
			break
		}
		text = rest
	}
	if strings.TrimSpace(text) == "" {
		return ""
	}
	return firstSentence(text, maxDigest)
}

// firstSentence is the first sentence of text on one line, cut to max
// bytes with "…".
func firstSentence(text string, max int) string {
	t := oneLine(text)
	for i := 0; i+1 < len(t); i++ {
		if (t[i] == '.' || t[i] == '!' || t[i] == '?') && t[i+1] == ' ' {
			t = t[:i+1]
			break
		}
	}
	if len(t) > max {
		t = bound(t, max-len("…")) + "…"
	}
	return t
}

// instructionsComment is server's full instructions (vetted) as a comment
// block before its declarations; "" when it has none.
func (s *Server) instructionsComment(server string) string {
	l, _, ok := s.cat().Info(server)
	text := strings.TrimSpace(cleanText(l.Instructions))
	if !ok || text == "" {
		return ""
	}
	if len(text) > maxInstructions {
		text = bound(text, maxInstructions) + fmt.Sprintf(" [cut by switchboard at %d of %d bytes]", maxInstructions, len(text))
	}
	text = strings.ReplaceAll(text, "*/", "* /")
	return "/* Instructions from server " + strconv.Quote(server) + ":\n" + text + "\n*/\n"
}
