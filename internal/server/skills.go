package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/skills"
	"github.com/switchboard-mcp/switchboard/internal/trust"
	"github.com/switchboard-mcp/switchboard/internal/tsdecl"
)

// Skills: saved scripts a script calls as skills.NAME(args), run in the
// script's own VM (no nested execute, so no second sandbox slot). The
// prelude asks the host, under script.HostNamespace:
//
//	skills.call   [name, args]  -> {source, key, args, output}: the skill may run
//	                               (its tools have their pins, args match its
//	                               input schema); else an error naming why
//	skills.result [name, value] -> null, or an error: value does not match
//	                               the output schema
//	skills.save   [def]         -> {name, path, replaced, uses}
//	skills.list   []            -> [{name, description, scope, mark?}]
//
// Each counts as a call towards maxCallsPerScript.

// skillsNS is the namespace (and search pseudo-server) of skills.
const skillsNS = "skills"

// callTrace records the tools a script called (server and tool as the
// script named them), for skills.save.
type callTrace struct {
	mu    sync.Mutex
	calls [][2]string
}

func (t *callTrace) add(server, tool string) {
	if t == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	c := [2]string{server, tool}
	if !slices.Contains(t.calls, c) && len(t.calls) < 1000 {
		t.calls = append(t.calls, c)
	}
}

func (t *callTrace) list() [][2]string {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	return slices.Clone(t.calls)
}

// skillStore is the session's store; nil when it has none.
func (s *Server) skillStore() *skills.Store {
	if s.o.Skills == nil {
		return nil
	}
	return s.o.Skills()
}

// Skills returns the session's skills store (nil when it has none).
func (s *Server) Skills() *skills.Store { return s.skillStore() }

// PinOf is the pin of a tool as the client sees it: what a skill records.
func PinOf(t catalog.Tool) string {
	var ann json.RawMessage
	if t.Annotations != nil {
		ann, _ = json.Marshal(t.Annotations)
	}
	return trust.Hash(trust.Tool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema, OutputSchema: t.OutputSchema, Annotations: ann})
}

// catalogPins answers skills.Pins from the session's catalog as known
// now (it starts nothing).
type catalogPins struct {
	cat *catalog.Catalog
	// memo keeps what Resolve reads of the catalog for the checker's
	// life (one listing); nil: Resolve reads afresh.
	memo *resolveMemo
}

// resolveMemo is the catalog as Resolve reads it: servers by identifier,
// and per server known, its tools by identifier and by name.
type resolveMemo struct {
	servers map[string]string
	tools   map[string]map[string]string // server -> ident or name -> tool name; nil: list not known
}

func (p catalogPins) Pin(server, tool string) (string, string, bool) {
	if !slices.Contains(p.cat.Servers(), server) {
		return "", fmt.Sprintf("gone (no server %q is configured)", server), true
	}
	tools, ok := p.cat.Known(server)
	if !ok {
		return "", "", false
	}
	for _, t := range tools {
		if t.Name == tool {
			return PinOf(t), "", true
		}
	}
	for _, w := range p.cat.Withheld(server) {
		if w.Tool == tool {
			return "", "withheld (" + oneLine(w.Reason) + ")", true
		}
	}
	return "", fmt.Sprintf("gone (server %q has no tool %q)", server, tool), true
}

// Resolve implements skills.Resolver: the tool object.property calls
// now, as the script's namespaces and catalog.Lookup resolve it (server
// by identifier or name; tool by identifier, then by name), from the
// lists known now (it starts nothing).
func (p catalogPins) Resolve(object, property string) (string, string, bool) {
	m := p.memo
	if m == nil {
		m = &resolveMemo{}
	}
	if m.servers == nil {
		m.servers, m.tools = map[string]string{}, map[string]map[string]string{}
		for _, n := range p.cat.Servers() {
			m.servers[p.cat.Ident(n)] = n
		}
	}
	server, ok := m.servers[object]
	if !ok && slices.Contains(p.cat.Servers(), object) {
		server, ok = object, true
	}
	if !ok {
		return "", "", false
	}
	byName, seen := m.tools[server]
	if !seen {
		if tools, known := p.cat.Known(server); known {
			byName = map[string]string{}
			for _, t := range tools {
				if _, dup := byName[t.Name]; !dup {
					byName[t.Name] = t.Name
				}
			}
			for _, t := range tools { // an identifier wins over a name
				byName[t.Ident] = t.Name
			}
		}
		m.tools[server] = byName
	}
	tool, ok := byName[property]
	return server, tool, ok
}

// skillChecker checks skills against the catalog now.
func (s *Server) skillChecker(st *skills.Store) *skills.Checker {
	return &skills.Checker{Pins: catalogPins{cat: s.cat(), memo: &resolveMemo{}}, Get: st.Get}
}

// SkillMark is why sk may not run now ("" when it may). It learns the
// tool lists of the servers sk uses that are not known yet (starting
// them), so that nothing goes unchecked.
func (s *Server) SkillMark(ctx context.Context, sk *skills.Skill) string {
	var need []string
	for _, u := range sk.Uses {
		if _, ok := s.cat().Known(u.Server); !ok && slices.Contains(s.cat().Servers(), u.Server) && !slices.Contains(need, u.Server) {
			need = append(need, u.Server)
		}
	}
	if len(need) > 0 {
		s.toolsOf(ctx, need)
	}
	st := s.skillStore()
	if st == nil {
		st = &skills.Store{}
	}
	return s.skillChecker(st).Mark(sk)
}

// CurrentUses are the tools sk uses with their pins now, for `skills
// approve`: those it recorded and those its code names now (a file edited
// by hand), sorted. An error names a tool that cannot be used.
func (s *Server) CurrentUses(ctx context.Context, sk *skills.Skill) ([]skills.Use, error) {
	out, err := s.skillUses(ctx, sk.Code, nil)
	errs := []error{err}
	for _, u := range sk.Uses {
		t, err := s.cat().Lookup(ctx, u.Server, u.Tool)
		if errors.Is(err, catalog.ErrUnknownServer) {
			// Saved in another workspace: approving a tool here cannot help.
			errs = append(errs, errors.New(s.notHere(u, sk.Scope, sk.Name)))
			continue
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("uses %s: %w; approve the tool first (switchboard pins, switchboard approve %s)", u.Ref(), err, u.Server))
			continue
		}
		if nu := (skills.Use{Server: t.Server, Tool: t.Name, Pin: PinOf(t)}); !slices.Contains(out, nu) {
			out = append(out, nu)
		}
	}
	slices.SortFunc(out, func(a, b skills.Use) int { return strings.Compare(a.Ref(), b.Ref()) })
	return out, errors.Join(errs...)
}

// notHere says that u names a server the session has none of: the
// skill was saved (or written) in a workspace that had one. An approval
// of a tool here cannot help; `switchboard approve SERVER` was the hint,
// and it fails for a server that is not configured.
func (s *Server) notHere(u skills.Use, scope, name string) string {
	have := "none"
	if names := s.cat().Servers(); len(names) > 0 {
		have = strings.Join(names, ", ")
	}
	fix := fmt.Sprintf("it is the project's file: fix it there, or delete it: switchboard skills rm %s", name)
	if scope != skills.ScopeProject {
		fix = fmt.Sprintf("add that server to the config, or delete the skill: switchboard skills rm %s", name)
	}
	return fmt.Sprintf("uses %s, and no server of this workspace is named %s (its servers: %s): it was saved where one was; %s", u.Ref(), echo.Quote(u.Server), have, fix)
}

// ProblemReason is why a skill file is not loaded, as a listing says it:
// p.Reason, but for an untrusted project skill that `skills approve`
// would refuse here, since one of its @uses names a server this session
// does not have, that refusal, where the reason said to run it.
func (s *Server) ProblemReason(p skills.Problem) string {
	if !p.Untrusted {
		return p.Reason
	}
	head, ok := strings.CutSuffix(p.Reason, ": read it, then run `switchboard skills approve "+p.Name+"`")
	if !ok {
		return p.Reason
	}
	for _, u := range p.Uses {
		if s.cat().Ident(u.Server) == "" {
			return head + ", and `switchboard skills approve` refuses it here: it " + s.notHere(u, p.Scope, p.Name)
		}
	}
	return p.Reason
}

// skillsHost serves the skills.* host calls of a script.
func (s *Server) skillsHost(ctx context.Context, trace *callTrace, fn string, raw json.RawMessage) (json.RawMessage, error) {
	var a struct {
		Args []json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(raw, &a); err != nil {
		return nil, fmt.Errorf("%s: bad arguments: %w", fn, err)
	}
	st := s.skillStore()
	if st == nil {
		return nil, fmt.Errorf("%s: this session has no skills directory", fn)
	}
	name := ""
	if fn != "skills.save" && fn != "skills.list" {
		if len(a.Args) == 0 || json.Unmarshal(a.Args[0], &name) != nil {
			return nil, fmt.Errorf("%s: no skill name", fn)
		}
	}
	arg := func(i int) json.RawMessage {
		if i < len(a.Args) {
			return a.Args[i]
		}
		return json.RawMessage("null")
	}
	switch fn {
	case "skills.call":
		sk, err := s.getSkill(st, name)
		if err != nil {
			return nil, err
		}
		if m := s.SkillMark(ctx, sk); m != "" {
			return nil, fmt.Errorf("skills.%s: cannot run: %s", name, m)
		}
		args := arg(1)
		if err := sk.CheckInput(args); err != nil {
			return nil, fmt.Errorf("skills.%s: %v (list_tools({tools:[\"skills.%s\"]}) declares them)", name, err, name)
		}
		sum := sha256.Sum256([]byte(sk.Code))
		return json.Marshal(map[string]any{"source": sk.Code, "key": name + ":" + hex.EncodeToString(sum[:8]), "args": args, "output": len(sk.OutputSchema) > 0})
	case "skills.result":
		sk, err := s.getSkill(st, name)
		if err != nil {
			return nil, err
		}
		if err := sk.CheckOutput(arg(1)); err != nil {
			return nil, fmt.Errorf("skills.%s: %v", name, err)
		}
		return json.RawMessage("null"), nil
	case "skills.save":
		return s.saveSkill(ctx, st, trace, arg(0))
	case "skills.list":
		all, _ := st.Load()
		out := []map[string]string{}
		for _, sk := range all {
			if sk.Blocked != "" {
				continue
			}
			e := map[string]string{"name": sk.Name, "description": sk.Description, "scope": sk.Scope}
			if m := s.skillChecker(st).Mark(sk); m != "" {
				e["mark"] = m
			}
			out = append(out, e)
		}
		return json.Marshal(out)
	}
	return nil, fmt.Errorf("%s: no such function; skills has save and list, and each saved skill", fn)
}

// getSkill reads a skill for a script; the error says what exists.
func (s *Server) getSkill(st *skills.Store, name string) (*skills.Skill, error) {
	sk, err := st.Get(name)
	if errors.Is(err, skills.ErrNotFound) {
		all, _ := st.Load()
		var names []string
		for _, k := range all {
			names = append(names, k.Name)
		}
		msg := fmt.Sprintf("skills.%s: no such skill", name)
		if near := nearest(name, names); len(near) > 0 {
			msg += "; did you mean skills." + strings.Join(near, " or skills.") + "?"
		} else if len(names) > 0 {
			msg += "; saved skills: " + strings.Join(names, ", ")
		} else {
			msg += "; none is saved yet (skills.save({name, description, inputSchema, code}) saves one)"
		}
		return nil, errors.New(msg)
	}
	if err != nil {
		return nil, fmt.Errorf("skills.%s: %w", name, err)
	}
	if sk.Blocked != "" {
		return nil, fmt.Errorf("skills.%s: withheld: %s", name, sk.Blocked)
	}
	return sk, nil
}

// saveSkill validates and saves a skill from skills.save(def).
func (s *Server) saveSkill(ctx context.Context, st *skills.Store, trace *callTrace, raw json.RawMessage) (json.RawMessage, error) {
	var d skills.Def
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, fmt.Errorf("skills.save: %w", err)
	}
	if err := d.Validate(); err != nil {
		return nil, fmt.Errorf("skills.save: %s", strings.ReplaceAll(err.Error(), "\n", "; "))
	}
	for _, n := range s.cat().Servers() {
		if s.cat().Ident(n) == d.Name {
			return nil, fmt.Errorf("skills.save: name: %q is the namespace of server %q; choose a name no server has", d.Name, n)
		}
	}
	desc, _ := trust.Sanitize(strings.TrimSpace(d.Description))
	warning, blocked := skills.Vet(d.Name, desc, d.InputSchema, d.OutputSchema)
	if blocked != "" {
		return nil, fmt.Errorf("skills.save: not saved: %s", blocked)
	}
	uses, err := s.skillUses(ctx, d.Code, trace)
	if err != nil {
		return nil, fmt.Errorf("skills.save: not saved: %w", err)
	}
	sk := &skills.Skill{Name: d.Name, Description: desc, InputSchema: d.InputSchema, OutputSchema: d.OutputSchema, Uses: uses, Code: d.Code}
	if len(sk.OutputSchema) == 0 || string(sk.OutputSchema) == "null" {
		sk.OutputSchema = nil
	}
	replaced, err := st.Save(sk)
	if err != nil {
		return nil, fmt.Errorf("skills.save: %w", err)
	}
	s.SkillsChanged()
	refs := make([]string, len(uses))
	for i, u := range uses {
		refs[i] = u.Ref()
	}
	out := map[string]any{"name": sk.Name, "path": sk.Path, "replaced": replaced, "uses": refs}
	if warning != "" {
		out["warning"] = warning
	}
	return json.Marshal(out)
}

// skillUses finds the tools code calls: each server.tool its text names
// (a static scan against the catalog), plus each tool the running script
// called on a server whose namespace the code names (dynamic calls such
// as github[name](…)). A tool that is withheld is an error: a skill
// cannot depend on what may not run.
func (s *Server) skillUses(ctx context.Context, code string, trace *callTrace) ([]skills.Use, error) {
	cat := s.cat()
	byIdent := map[string]string{}
	for _, n := range cat.Servers() {
		byIdent[cat.Ident(n)] = n
	}
	var cands [][2]string
	for _, r := range skills.Refs(code) {
		if srv, ok := byIdent[r.Object]; ok {
			cands = append(cands, [2]string{srv, r.Property})
		}
	}
	for _, c := range trace.list() {
		srv := cat.Spec(c[0])
		name := c[0]
		if srv == nil {
			if n, ok := byIdent[c[0]]; ok {
				name = n
			} else {
				continue
			}
		}
		if mentions(code, cat.Ident(name)) {
			cands = append(cands, [2]string{name, c[1]})
		}
	}
	var out []skills.Use
	var errs []error
	for _, c := range cands {
		if _, ok := cat.Known(c[0]); !ok {
			s.toolsOf(ctx, []string{c[0]})
		}
		t, err := cat.Lookup(ctx, c[0], c[1])
		if err != nil {
			if strings.Contains(err.Error(), "withheld") {
				errs = append(errs, err)
			}
			continue // not a tool: a property of something else
		}
		u := skills.Use{Server: t.Server, Tool: t.Name, Pin: PinOf(t)}
		if !slices.Contains(out, u) {
			out = append(out, u)
		}
	}
	slices.SortFunc(out, func(a, b skills.Use) int { return strings.Compare(a.Ref(), b.Ref()) })
	return out, errors.Join(errs...)
}

// SkillsChanged refreshes what shows skills: list_tools' description (the
// client gets tools/list_changed) and the search index.
func (s *Server) SkillsChanged() {
	s.mu.Lock()
	s.index = nil
	s.mu.Unlock()
	s.addListTools()
}

// visibleSkills are the skills the model may see, with their marks, and
// the lines about those it may not.
func (s *Server) visibleSkills() (out []*skills.Skill, marks map[string]string, notes []string) {
	st := s.skillStore()
	if st == nil {
		return nil, nil, nil
	}
	all, probs := st.Load()
	marks = map[string]string{}
	c := s.skillChecker(st)
	for _, sk := range all {
		if sk.Blocked != "" {
			notes = append(notes, fmt.Sprintf("withheld: skills.%s: %s", sk.Name, sk.Blocked))
			continue
		}
		if m := c.Mark(sk); m != "" {
			marks[sk.Name] = m
		}
		out = append(out, sk)
	}
	for _, p := range probs {
		notes = append(notes, "not loaded: "+oneLine(s.ProblemReason(p)))
	}
	return out, marks, notes
}

// skillTool is a skill as a declared function of namespace skills.
func skillTool(sk *skills.Skill, mark string) tsdecl.Tool {
	w := sk.Warning
	if mark != "" {
		w = "cannot run: " + mark
	}
	return tsdecl.Tool{Name: sk.Name, Ident: sk.Name, Description: sk.Description, InputSchema: sk.InputSchema, OutputSchema: sk.OutputSchema, Warning: w}
}

// skillsDecl declares the skills namespace: full declarations, or one
// line per skill for "names" and "summary"; "" when there are none. With
// room >= 0 (a listing's limit) it declares at most room skills and
// counts the rest in left.
func (s *Server) skillsDecl(detail string, room int, left *limitCut) string {
	all, marks, notes := s.visibleSkills()
	if len(all) == 0 && len(notes) == 0 {
		return ""
	}
	if room >= 0 && len(all) > room {
		// A listing's limit: the first skills that fit, the rest named
		// in its note.
		left.add("skills", len(all)-room)
		if all = all[:room]; len(all) == 0 {
			return ""
		}
	}
	var b strings.Builder
	b.WriteString("// Skills: saved scripts; call them in execute as skills.name(args) (skills.save({name, description, inputSchema, outputSchema?, code}) saves one)\n")
	switch detail {
	case "names":
		names := make([]string, len(all))
		for i, sk := range all {
			names[i] = sk.Name
		}
		if len(names) > 0 {
			fmt.Fprintf(&b, "skills: %s\n", strings.Join(names, ", "))
		}
	case "summary":
		for _, sk := range all {
			line := tsdecl.Summary(sk.Description)
			if m := marks[sk.Name]; m != "" {
				line = "⚠ cannot run: " + m + " " + line
			}
			fmt.Fprintf(&b, "skills.%s — %s\n", sk.Name, line)
		}
	default:
		if len(all) > 0 {
			tools := make([]tsdecl.Tool, len(all))
			for i, sk := range all {
				tools[i] = skillTool(sk, marks[sk.Name])
			}
			b.WriteString(skillsNamespace(tools, compact))
		}
	}
	for i, n := range notes {
		if i == maxNotices-1 && len(notes) > maxNotices {
			// A repository's skills directory can hold any number of
			// files, each a note here (untrusted, malformed).
			fmt.Fprintf(&b, "// and %d more notes about skill files: `switchboard skills` lists them\n", len(notes)-i)
			break
		}
		b.WriteString("// " + n + "\n")
	}
	return b.String()
}

// exactSkill declares skills.name in full (list_tools({tools})).
func (s *Server) exactSkill(name string) (string, error) {
	st := s.skillStore()
	if st == nil {
		return "", fmt.Errorf("no skill %q: this session has no skills directory", name)
	}
	sk, err := s.getSkill(st, name)
	if err != nil {
		return "", err
	}
	return skillsNamespace([]tsdecl.Tool{skillTool(sk, s.skillChecker(st).Mark(sk))}, nil) + "\n", nil
}

// skillsIndex is the skills part of list_tools' description: their
// names, with a note on those that cannot run; "" when there are none.
func (s *Server) skillsIndex() string {
	all, marks, _ := s.visibleSkills()
	if len(all) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteString("\nSkills (saved scripts, skills.name(args) in execute): ")
	for i, sk := range all {
		item := sk.Name
		if marks[sk.Name] != "" {
			item += " [cannot run: a tool it uses changed]"
		}
		if i > 0 {
			item = ", " + item
		}
		if b.Len()+len(item) > 600 {
			fmt.Fprintf(&b, ", … and %d more (list_tools({servers:[\"skills\"]}))", len(all)-i)
			break
		}
		b.WriteString(item)
	}
	b.WriteString(".")
	return b.String()
}

// skillDocs are the skills as search documents of the pseudo-server
// skills, with their marks as warnings.
func (s *Server) skillDocs() []catalog.Tool {
	all, marks, _ := s.visibleSkills()
	out := make([]catalog.Tool, 0, len(all))
	for _, sk := range all {
		w := sk.Warning
		if m := marks[sk.Name]; m != "" {
			w = "cannot run: " + m
		}
		out = append(out, catalog.Tool{Server: skillsNS, ServerIdent: skillsNS, Name: sk.Name, Ident: sk.Name, Description: sk.Description, InputSchema: sk.InputSchema, OutputSchema: sk.OutputSchema, Warning: w})
	}
	return out
}

// isSkillsServer reports whether name means the skills namespace: it is
// "skills" and no configured server is called or mapped so.
func (s *Server) isSkillsServer(name string) bool {
	if name != skillsNS || s.skillStore() == nil {
		return false
	}
	for _, n := range s.cat().Servers() {
		if n == name || s.cat().Ident(n) == name {
			return false
		}
	}
	return true
}

// skillsNamespace is `declare namespace skills { … }` (tsdecl.NamespaceAs
// would rename it: skills is a global no server may take).
func skillsNamespace(tools []tsdecl.Tool, o *tsdecl.Options) string {
	var b strings.Builder
	b.WriteString("declare namespace " + skillsNS + " {\n")
	for _, t := range tools {
		b.WriteString(tsdecl.Function(t, o))
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.String()
}
