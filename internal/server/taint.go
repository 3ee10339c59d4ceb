package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/roles"
)

// The lethal trifecta (docs/security.md): a call of an external tool
// whose arguments could carry private data out, made after untrusted
// content reached the script or the session, is warned about, confirmed
// or refused (settings.trifecta). Taint is whole-script: any untrusted
// result taints every later call of the script; the session is tainted
// for settings.trifectaWindow after any untrusted result.

// ErrTrifecta is wrapped by the error of a call the trifecta setting
// refused.
var ErrTrifecta = errors.New("refused by settings.trifecta")

// maxDecisions bounds the decisions a session keeps for the status page.
const maxDecisions = 50

// Decision is one lethal-trifecta decision about a call: what was
// decided, the three tools involved and why.
type Decision struct {
	Time    time.Time `json:"time"`
	Session string    `json:"session,omitempty"`
	// Outcome is "allowed" (warn), "confirmed" (the user accepted) or
	// "refused" (block, or the user did not accept).
	Outcome string `json:"outcome"`
	Setting string `json:"setting"` // settings.trifecta: warn, confirm or block
	// Server and Tool are the external tool called (the sink).
	Server string `json:"server"`
	Tool   string `json:"tool"`
	// Source is the untrusted tool ("server.tool") whose result tainted
	// the call; Private the private tool read before it.
	Source  string `json:"source"`
	Private string `json:"private"`
	// Scope is "script" when the script itself read both, else "session"
	// (within settings.trifectaWindow).
	Scope  string `json:"scope"`
	Reason string `json:"reason"`
	// Args are the call's arguments (the audit log keeps a digest only).
	Args json.RawMessage `json:"-"`
}

// DecisionRecorder is implemented by a Recorder that also records
// trifecta decisions (the audit log).
type DecisionRecorder interface {
	RecordDecision(Decision)
}

// taintState is what a script, or a session, has received: the last
// untrusted and private tools whose results came back, and when.
type taintState struct {
	mu                     sync.Mutex
	untrusted, private     string // "server.tool"; "" none
	untrustedAt, privateAt time.Time
	notes                  []string // a script's warnings for its execute result
}

func (ts *taintState) saw(r roles.Set, ref string, now time.Time) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if r.Has(roles.Untrusted) {
		ts.untrusted, ts.untrustedAt = ref, now
	}
	if r.Has(roles.Private) {
		ts.private, ts.privateAt = ref, now
	}
}

// sources returns the untrusted and private tools seen; for the session
// (window > 0) only those within window of now.
func (ts *taintState) sources(now time.Time, window time.Duration) (untrusted, private string) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	untrusted, private = ts.untrusted, ts.private
	if window > 0 {
		if now.Sub(ts.untrustedAt) > window {
			untrusted = ""
		}
		if now.Sub(ts.privateAt) > window {
			private = ""
		}
	}
	return untrusted, private
}

// trifectaState is a session's: its taint, its recent decisions, and a
// cache of tool roles.
type trifectaState struct {
	session taintState

	mu        sync.Mutex
	decisions []Decision // the last maxDecisions, oldest first
	cache     map[string]cachedRoles
}

// maxRoleCache bounds the tools whose roles a session keeps: far more
// than the 572 tools of the 32 corpus servers.
const maxRoleCache = 8192

type cachedRoles struct {
	spec   *config.Server
	desc   string
	schema string // the input schema as listed: a parameter renamed to one of the same length changes roles
	ann    *mcp.ToolAnnotations
	res    roles.Result
}

type scriptTaintKey struct{}

// withScriptTaint gives the script about to run in ctx its own taint
// state (kept if ctx has one already).
func withScriptTaint(ctx context.Context) context.Context {
	if scriptTaint(ctx) != nil {
		return ctx
	}
	return context.WithValue(ctx, scriptTaintKey{}, &taintState{})
}

func scriptTaint(ctx context.Context) *taintState {
	ts, _ := ctx.Value(scriptTaintKey{}).(*taintState)
	return ts
}

// RolesOf returns the lethal-trifecta roles of t and where they came
// from: the server's config "roles", its shipped profile, or heuristics.
func (s *Server) RolesOf(t catalog.Tool) roles.Result {
	spec := s.cat().Spec(t.Server)
	key := t.Server + "\x00" + t.Name
	s.tri.mu.Lock()
	c, ok := s.tri.cache[key]
	s.tri.mu.Unlock()
	if ok && c.spec == spec && c.desc == t.Description && c.schema == string(t.InputSchema) && c.ann == t.Annotations {
		return c.res
	}
	res := roles.Classify(roleServer(t.Server, spec), roleTool(t), roleRules(spec))
	s.tri.mu.Lock()
	if s.tri.cache == nil || len(s.tri.cache) >= maxRoleCache {
		// Tools a backend no longer lists stayed for the session's
		// life: one renaming its tools at each list_changed grew it
		// without end. Start afresh (the vetter's stamps do the same).
		s.tri.cache = map[string]cachedRoles{}
	}
	s.tri.cache[key] = cachedRoles{spec, t.Description, string(t.InputSchema), t.Annotations, res}
	s.tri.mu.Unlock()
	return res
}

// roleSummaryVersion changes whenever roles.Classify would classify the
// same tools differently, making summaries in caches stale.
const roleSummaryVersion = 2 // 2: a roles glob matches across a slash

// roleSummaryKey names what a server's roles depend on besides its tools.
func roleSummaryKey(server string, spec *config.Server) string {
	h := fnv.New64a()
	srv := roleServer(server, spec)
	fmt.Fprintf(h, "%d\x00%s\x00%s\x00%q\x00%s", roleSummaryVersion, srv.Name, srv.Command, srv.Args, srv.URL)
	for _, r := range roleRules(spec) {
		fmt.Fprintf(h, "\x00%s=%d", r.Glob, r.Roles)
	}
	return "roles" + strconv.FormatUint(h.Sum64(), 36)
}

// parseRoleSummary reads the roles of an index summary made for server
// as spec is now.
func parseRoleSummary(sum, server string, spec *config.Server) (roles.Set, bool) {
	key, bits, ok := strings.Cut(sum, ":")
	if !ok || key != roleSummaryKey(server, spec) {
		return 0, false
	}
	v, err := strconv.ParseUint(bits, 10, 64)
	if err != nil {
		return 0, false
	}
	return roles.Set(v), true
}

// roleTool is what roles.Classify reads of a catalog tool.
func roleTool(t catalog.Tool) roles.Tool {
	rt := roles.Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema}
	if a := t.Annotations; a != nil {
		// The SDK's readOnlyHint is a plain bool: false and absent look
		// alike, so only true is a signal.
		if a.ReadOnlyHint {
			rt.ReadOnly = &a.ReadOnlyHint
		}
		rt.Destructive, rt.OpenWorld = a.DestructiveHint, a.OpenWorldHint
	}
	return rt
}

func roleServer(name string, spec *config.Server) roles.Server {
	if spec == nil {
		return roles.Server{Name: name}
	}
	return roles.Server{Name: name, Command: spec.Command, Args: spec.Args, URL: spec.URL}
}

func roleRules(spec *config.Server) []roles.Rule {
	if spec == nil {
		return nil
	}
	var out []roles.Rule
	for _, r := range spec.Roles {
		var set roles.Set
		for _, n := range r.Roles {
			v, _ := roles.Parse(n) // config validated the names
			set |= v
		}
		out = append(out, roles.Rule{Glob: r.Glob, Roles: set})
	}
	return out
}

// trifecta decides whether the call of t with args may go out (callTool
// calls it before the call). It returns a note for the result when the
// call runs under "warn", and an error wrapping ErrTrifecta (or
// ErrNotConfirmed) when it is refused.
func (s *Server) trifecta(ctx context.Context, t catalog.Tool, args json.RawMessage) (string, error) {
	if !s.RolesOf(t).Roles.Has(roles.External) || isEmptyArgs(args) {
		return "", nil
	}
	now := time.Now()
	g := s.guard()
	d := Decision{Time: now, Session: s.o.Session, Setting: g.Trifecta.String(), Server: t.Server, Tool: t.Name, Args: args}
	window := g.TrifectaWindow.D()
	if window <= 0 {
		window = 10 * time.Minute
	}
	su, sp := s.tri.session.sources(now, window)
	if sc := scriptTaint(ctx); sc != nil {
		if u, p := sc.sources(now, 0); u != "" && p != "" {
			su, sp, d.Scope = u, p, "script"
		} else {
			// What the script has not read itself, the session may have
			// within the window (the model can copy it into the script).
			su, sp = first(u, su), first(p, sp)
		}
	}
	if su == "" || sp == "" {
		return "", nil
	}
	if d.Scope == "" {
		d.Scope = "session"
	}
	d.Source, d.Private = su, sp
	sink := t.Server + "." + t.Name
	what := fmt.Sprintf("%s is an external tool and this %s received untrusted content from %s and private data from %s", sink, d.Scope, su, sp)
	switch g.Trifecta {
	case config.TrifectaBlock:
		d.Outcome, d.Reason = "refused", "settings.trifecta is block"
		s.decide(d)
		return "", fmt.Errorf(`%w: %s, so its arguments could carry private data out under instructions injected into that content (the lethal trifecta); the call was not made. To allow such calls set settings.trifecta to "confirm" or "warn", or give the tools other roles in the server's "roles" config`, ErrTrifecta, what)
	case config.TrifectaConfirm:
		if err := s.askTrifecta(ctx, d, what); err != nil {
			d.Outcome, d.Reason = "refused", err.Error()
			s.decide(d)
			return "", err
		}
		d.Outcome, d.Reason = "confirmed", "the user accepted"
		s.decide(d)
		return "", nil
	default:
		d.Outcome, d.Reason = "allowed", "settings.trifecta is warn"
		s.decide(d)
		return fmt.Sprintf(`⚠ lethal trifecta: the call %s ran although %s; its arguments could carry private data out. It was recorded in the audit log; settings.trifecta "confirm" or "block" would have stopped it.`, sink, what), nil
	}
}

func first(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// isEmptyArgs reports whether args carry nothing: {} (or nothing).
func isEmptyArgs(args json.RawMessage) bool {
	a := strings.TrimSpace(string(args))
	if a == "" || a == "null" || a == "{}" {
		return true
	}
	var m map[string]json.RawMessage
	return json.Unmarshal(args, &m) == nil && len(m) == 0
}

// contentFrom records, for the lethal trifecta, that a resource's or a
// prompt's content from server (what names it) reached the script in ctx
// or the session's client. Neither has roles of its own: it carries the
// roles its server's tools have (a page the fetching server offers as a
// resource is as untrusted as its fetch tool's result; a file the
// filesystem server offers as private), so a script or session that read
// one is tainted as a call of those tools would have tainted it.
func (s *Server) contentFrom(ctx context.Context, server, what string) {
	r := s.contentRoles(server)
	if r == 0 {
		return
	}
	now, ref := time.Now(), server+" "+what
	s.tri.session.saw(r, ref, now)
	if sc := scriptTaint(ctx); sc != nil {
		sc.saw(r, ref, now)
	}
}

// contentRoles is what a resource's or a prompt's content from server
// brings: the untrusted and private roles of its tools. A server that
// offers no tool (a documentation or feed server of resources alone), or
// whose tools are not known, has no tools to take roles from, and its
// content counted as nothing: a page it served let a later send of
// private data run under block. Its content is untrusted unless the
// user's `roles` for it or a shipped profile say what it is (`"*": []`:
// nothing).
func (s *Server) contentRoles(server string) roles.Set {
	spec := s.cat().Spec(server)
	if r := s.serverRoles(server, spec, false) & (roles.Untrusted | roles.Private); r != 0 {
		return r
	}
	if spec != nil && len(spec.Roles) > 0 || roles.ProfileOf(roleServer(server, spec)) != nil {
		return 0
	}
	if tools, ok := s.cat().Known(server); ok && len(tools) > 0 {
		return 0
	}
	return roles.Untrusted
}

// errorFrom is contentFrom for a backend's error answer to reading a
// resource or getting a prompt (what names it): its message is the
// backend's text, which reaches the script or the client as the error's,
// as a tool's error answer does (see callTool).
func (s *Server) errorFrom(ctx context.Context, server, what string, err error) {
	var rpc *jsonrpc.Error
	if errors.As(err, &rpc) {
		s.contentFrom(ctx, server, what)
	}
}

// tainted records what t's result brings into the script and the
// session (callTool calls it with every result), and puts a warn note
// where the client will see it: in the script's execute result, else in
// this result (a copy).
func (s *Server) tainted(ctx context.Context, t catalog.Tool, note string, res *mcp.CallToolResult) *mcp.CallToolResult {
	r := s.RolesOf(t).Roles
	sc := scriptTaint(ctx)
	if r&(roles.Untrusted|roles.Private) != 0 {
		now, ref := time.Now(), t.Server+"."+t.Name
		s.tri.session.saw(r, ref, now)
		if sc != nil {
			sc.saw(r, ref, now)
		}
	}
	if note == "" || res == nil {
		return res
	}
	if sc != nil {
		sc.mu.Lock()
		if !slices.Contains(sc.notes, note) {
			sc.notes = append(sc.notes, note)
		}
		sc.mu.Unlock()
		return res
	}
	out := *res
	out.Content = append(slices.Clip(res.Content), &mcp.TextContent{Text: note})
	return &out
}

// trifectaNotes adds the warnings of the script that ran in ctx to its
// execute result.
func trifectaNotes(ctx context.Context, res *mcp.CallToolResult) *mcp.CallToolResult {
	sc := scriptTaint(ctx)
	if sc == nil {
		return res
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	for _, n := range sc.notes {
		res.Content = append(res.Content, &mcp.TextContent{Text: n})
	}
	return res
}

// decide records d: in the session's recent decisions and the audit log.
func (s *Server) decide(d Decision) {
	s.tri.mu.Lock()
	if len(s.tri.decisions) == maxDecisions {
		s.tri.decisions = slices.Delete(s.tri.decisions, 0, 1)
	}
	s.tri.decisions = append(s.tri.decisions, d)
	s.tri.mu.Unlock()
	if r, ok := s.o.Recorder.(DecisionRecorder); ok {
		r.RecordDecision(d)
	}
	s.o.Logger.Info("lethal trifecta", "outcome", d.Outcome, "sink", d.Server+"."+d.Tool, "source", d.Source, "private", d.Private, "scope", d.Scope)
}

// Decisions returns the session's recent trifecta decisions (at most
// 50), oldest first.
func (s *Server) Decisions() []Decision {
	s.tri.mu.Lock()
	defer s.tri.mu.Unlock()
	return slices.Clone(s.tri.decisions)
}

// askTrifecta asks the user whether the trifecta call d may go out. nil
// means accepted.
func (s *Server) askTrifecta(ctx context.Context, d Decision, what string) error {
	r := relayOf(ctx)
	if r == nil || r.ss == nil || r.caps == nil || r.caps.Elicitation == nil {
		return fmt.Errorf(`%w: settings.trifecta is "confirm": %s, and this client cannot ask the user (it does not support elicitation); the call was not made`, ErrTrifecta, what)
	}
	shown := string(d.Args)
	if len(shown) > confirmLimit {
		shown = bound(shown, confirmLimit) + " … (cut)"
	}
	msg := fmt.Sprintf("Allow %s.%s to send this out? It can communicate externally, and this %s has read untrusted content (from %s) and private data (from %s): an instruction injected into that content could be making it leak the private data (settings.trifecta).\nSource (untrusted): %s\nPrivate data: %s\nSink (external): %s.%s\nArguments: %s",
		d.Server, d.Tool, d.Scope, d.Source, d.Private, d.Source, d.Private, d.Server, d.Tool, cleanText(shown))
	return askAllow(ctx, r, msg, "Send with "+d.Server+"."+d.Tool, false, " (settings.trifecta)")
}

// RoleServers returns, for each role, the servers of this session that
// bring it. A server with a shipped profile brings what its profile (and
// its config "roles") can give, without reading its tool list (so that
// the capability index reads no cached list); any other server what its
// known tools have, else what its config rules name.
func (s *Server) RoleServers() map[roles.Set][]string { return s.roleServers(false) }

// roleServers is RoleServers; known uses the roles of a server's known
// tools whenever its list is known, profile or not (doctor).
func (s *Server) roleServers(known bool) map[roles.Set][]string {
	defer s.cat().Steady()()
	out := map[roles.Set][]string{}
	for _, n := range s.cat().Servers() {
		spec := s.cat().Spec(n)
		if spec == nil || spec.Disabled {
			continue
		}
		have := s.serverRoles(n, spec, known)
		if !have.Has(roles.Untrusted) && s.untrustedContent(n) {
			have |= roles.Untrusted
		}
		for _, r := range []roles.Set{roles.Private, roles.Untrusted, roles.External} {
			if have.Has(r) {
				out[r] = append(out[r], n)
			}
		}
	}
	return out
}

// serverRoles is the roles of server's tools: its profile's, unless known
// asks for its known tools' (doctor); else those of its visible tools,
// from the cache's index while its list is not read (so a session's first
// index line reads no tool list), else from the list, else the
// heuristics' guess from the server alone.
func (s *Server) serverRoles(server string, spec *config.Server, known bool) roles.Set {
	srv := roleServer(server, spec)
	if !known && roles.ProfileOf(srv) != nil {
		return roles.ServerRoles(srv, roleRules(spec))
	}
	if sum, ok := s.indexSummary(server); ok {
		if set, ok := parseRoleSummary(sum.Roles, server, spec); ok {
			return set
		}
	}
	tools, ok := s.cat().Known(server)
	if !ok {
		return roles.ServerRoles(srv, roleRules(spec))
	}
	var have roles.Set
	for _, t := range tools {
		have |= s.RolesOf(t).Roles
	}
	return have
}

// untrustedContent reports whether server offers resources or prompts
// whose content is untrusted by contentRoles though no tool of it is (a
// server with no tools, since round thirty-seven): reading it taints as
// an untrusted tool's result does, so the trifecta line and doctor's
// report name it with the untrusted servers (they named only servers
// whose tools were untrusted). From the catalog index's summary while the
// server's list is not read.
func (s *Server) untrustedContent(server string) bool {
	if sum, ok := s.indexSummary(server); ok {
		if !sum.Offers {
			return false
		}
		if t, ok := s.summaryTools(server); ok && len(t) > 0 {
			return false // its tools give its content its roles
		}
	} else if l, _, ok := s.cat().Info(server); !ok || len(l.Resources)+len(l.ResourceTemplates)+len(l.Prompts) == 0 {
		return false
	}
	return s.contentRoles(server).Has(roles.Untrusted)
}

// trifectaLine is the capability index's line when the session's
// servers together cover all three roles; "" otherwise. It is kept
// short (two servers per role, then a count): it costs tokens in every
// session; `switchboard doctor` and list --roles give the detail.
func (s *Server) trifectaLine() string {
	by := s.RoleServers()
	if len(by[roles.Private]) == 0 || len(by[roles.Untrusted]) == 0 || len(by[roles.External]) == 0 {
		return ""
	}
	list := func(ns []string) string {
		if len(ns) > 2 {
			return ns[0] + fmt.Sprintf(" +%d", len(ns)-1)
		}
		return strings.Join(ns, ", ")
	}
	return fmt.Sprintf("Lethal trifecta: private data (%s), untrusted content (%s), external communication (%s): settings.trifecta %q.",
		list(by[roles.Private]), list(by[roles.Untrusted]), list(by[roles.External]), s.guard().Trifecta.String())
}

// ToolRole is one tool's lethal-trifecta roles and where they came
// from, for `switchboard list --roles` and the status page.
type ToolRole struct {
	Server string   `json:"server"`
	Tool   string   `json:"tool"`
	Roles  []string `json:"roles"` // role names; empty: none
	Why    string   `json:"why"`
}

// ToolRoles returns the roles of every tool of servers (all when none
// are named), starting a server whose tool list is not known yet. errs
// holds a server's error in its place.
func (s *Server) ToolRoles(ctx context.Context, servers []string) ([]ToolRole, []error) {
	names := s.cat().Servers()
	if len(servers) > 0 {
		var err error
		if names, err = s.serverNames(servers); err != nil {
			return nil, []error{err}
		}
	}
	lists, errs := s.toolsOf(ctx, names)
	var out []ToolRole
	var bad []error
	for i, n := range names {
		if errs[i] != nil {
			bad = append(bad, fmt.Errorf("%s: %w", n, errs[i]))
			continue
		}
		for _, t := range lists[i] {
			r := s.RolesOf(t)
			out = append(out, ToolRole{Server: n, Tool: t.Name, Roles: r.Roles.Names(), Why: r.Why})
		}
	}
	return out, bad
}

// KnownToolRoles is ToolRoles for the tool lists already known, starting
// nothing (for the status page).
func (s *Server) KnownToolRoles() []ToolRole {
	var out []ToolRole
	for _, n := range s.cat().Servers() {
		tools, _ := s.cat().Known(n)
		for _, t := range tools {
			r := s.RolesOf(t)
			out = append(out, ToolRole{Server: n, Tool: t.Name, Roles: r.Roles.Names(), Why: r.Why})
		}
	}
	return out
}

// TrifectaReport explains, in a few lines, whether the session's
// servers cover the three roles and what settings.trifecta does about
// it (switchboard doctor). It uses the roles of known tool lists.
func (s *Server) TrifectaReport() string {
	by := s.roleServers(true)
	name := map[roles.Set]string{roles.Private: "private data", roles.Untrusted: "untrusted content", roles.External: "external communication"}
	var b strings.Builder
	var missing []string
	for _, r := range []roles.Set{roles.Private, roles.Untrusted, roles.External} {
		ns := "none"
		if len(by[r]) > 0 {
			ns = strings.Join(by[r], ", ")
		} else {
			missing = append(missing, name[r])
		}
		fmt.Fprintf(&b, "  %s: %s\n", name[r], ns)
	}
	mode := s.guard().Trifecta
	if len(missing) > 0 {
		return fmt.Sprintf("lethal trifecta: not present (no %s); settings.trifecta is %q\n", strings.Join(missing, ", no "), mode) + b.String()
	}
	var then string
	switch mode {
	case config.TrifectaBlock:
		then = "are refused"
	case config.TrifectaConfirm:
		then = "are asked of you through the agent (elicitation), and refused where it cannot ask"
	default:
		then = `run, with a warning in the result and the audit log ("confirm" asks you, "block" refuses them)`
	}
	return "lethal trifecta: PRESENT. These servers together can read your private data, take in untrusted content and send data out, so an instruction injected into a web page, issue or message could make the agent send your private data out:\n" +
		b.String() +
		fmt.Sprintf("  settings.trifecta is %q: calls of an external tool with arguments, after a script (or within settings.trifectaWindow, %v, the session) read untrusted content and private data, %s.\n", mode, s.guard().TrifectaWindow.D(), then) +
		"  `switchboard list --roles` shows each tool's roles; a server's \"roles\" config changes them (docs/security.md, Lethal trifecta).\n"
}
