package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/tsdecl"
)

// maxReason bounds the text of why a server is unavailable.
const maxReason = 1000

// lookup finds a visible tool like catalog.Lookup, and when there is
// none says why in words an agent can act on: the server is unknown
// (with the nearest server names), its backend cannot start (the start
// error, secrets redacted), the tool is withheld (the policy, the pending
// approval with its command, or the poisoning rule), or it has no such
// tool (with the nearest tool identifiers). server and tool may be names
// or identifiers.
func (s *Server) lookup(ctx context.Context, server, tool string) (catalog.Tool, error) {
	cat := s.cat()
	t, err := cat.Lookup(ctx, server, tool)
	if err == nil {
		return t, nil
	}
	name := s.serverName(server)
	if name == "" || errors.Is(err, catalog.ErrUnknownServer) {
		return t, s.unknownServer(server)
	}
	visible, known := cat.Known(name)
	if !known {
		return t, unavailable(name, err)
	}
	if _, ok := cat.DroppedTool(name, tool); ok && !cat.ListedHere(name) && cat.Refresh(ctx, name) == nil {
		// Said dropped by a listing from the cache: the backend may
		// list it again by now, so it is asked once (a call of a tool
		// it lists would start it anyway).
		if t, err := cat.Lookup(ctx, server, tool); err == nil {
			return t, nil
		}
		visible, _ = cat.Known(name)
	}
	withheld := cat.Withheld(name)
	for _, w := range withheld {
		if w.Tool == tool || tsdecl.Ident(w.Tool) == tool || catalog.NameKey(w.Tool) == catalog.NameKey(tool) {
			return t, fmt.Errorf("withheld: %s", w.Reason)
		}
	}
	var cands []string
	for _, v := range visible {
		cands = append(cands, v.Ident)
		if v.Name != v.Ident {
			cands = append(cands, v.Name)
		}
	}
	msg := fmt.Sprintf("server %q has no tool %s", name, echo.Quote(tool))
	near := nearest(tool, cands)
	if d, ok := cat.DroppedTool(name, tool); ok {
		// The backend listed it once: the guess about the client's
		// capabilities (below) sent the agent the wrong way.
		return t, errors.New(droppedMsg(name, tool, d, near, len(visible), time.Now()))
	}
	if len(near) > 0 {
		msg += "; did you mean " + strings.Join(near, " or ") + "?"
	}
	if len(visible) == 0 {
		msg += fmt.Sprintf("; it has no tools the client may use (%d withheld)", len(withheld))
	} else {
		its := fmt.Sprintf("its %d tools", len(visible))
		if len(visible) == 1 {
			its = "its one tool"
		}
		msg += fmt.Sprintf(" (list_tools({servers:[%q]}) lists %s)", name, its)
	}
	if len(near) == 0 {
		// A tool the backend renamed (t1 listed before, t2 now) is new,
		// and withheld until approved: the error named neither it nor
		// why, and guessed at the client's capabilities instead.
		var held []string
		for _, w := range withheld {
			held = append(held, w.Tool)
		}
		if nh := nearest(tool, held); len(nh) > 0 {
			for _, w := range withheld {
				if w.Tool == nh[0] {
					return t, fmt.Errorf("%s; its tool %s is withheld: %s", msg, echo.Quote(w.Tool), w.Reason)
				}
			}
		}
	}
	if l := s.launch(name); len(near) == 0 && l != nil {
		msg += missingCaps(l.Caps)
	}
	return t, errors.New(msg)
}

// droppedMsg is the error of a call of tool, which server's backend
// listed before and dropped from its listing at d.At; near are the
// nearest tools it has, n how many the client may use.
func droppedMsg(server, tool string, d catalog.Dropped, near []string, n int, now time.Time) string {
	when := d.At.UTC().Format("2006-01-02 15:04:05 UTC")
	if ago := now.Sub(d.At); ago >= 0 {
		when += " (" + ago.Round(time.Second).String() + " ago)"
	}
	msg := fmt.Sprintf("server %q has no tool %s any more: its backend listed it before, and its listing at %s no longer has it (the backend removed or renamed it)", server, echo.Quote(tool), when)
	if len(near) > 0 {
		msg += "; did you mean " + strings.Join(near, " or ") + "?"
	}
	has := fmt.Sprintf("the %d tools it has now", n)
	switch n {
	case 0:
		has = "what it has now (no tool)"
	case 1:
		has = "the one tool it has now"
	}
	return msg + fmt.Sprintf("; list_tools({servers:[%q]}) lists %s; if you need this one, see the backend's changelog, or pin the server to a version that has it (the version in its command or URL)", server, has)
}

// missingCaps is what lookup adds to "has no tool" when the name is no
// near miss and the session's client declared fewer capabilities than we
// relay: its backend was started declaring only the client's (so that its
// tools do not depend on which session started it), and some servers list
// a tool only to a client that can answer what the tool asks of it
// (server-everything's trigger_elicitation_request, trigger_sampling_request).
// "" when nothing is missing.
func missingCaps(c pool.Caps) string {
	var miss []string
	for _, m := range []struct {
		c    pool.Caps
		name string
	}{{pool.CapElicitation, "elicitation"}, {pool.CapSampling, "sampling"}, {pool.CapRoots, "roots"}} {
		if !c.Has(m.c) {
			miss = append(miss, m.name)
		}
	}
	if c.Has(pool.CapElicitation) && !c.Has(pool.CapElicitationURL) {
		// Form mode only: a tool that elicits a URL (a sign-in page)
		// is listed only to clients that declare elicitation.url.
		miss = append(miss, "elicitation's url mode")
	}
	if len(miss) == 0 {
		return ""
	}
	return fmt.Sprintf("; this session's client did not declare %s, and its backend, told the client's capabilities, may list some tools only to clients that do", orList(miss))
}

// orList joins words as "a", "a or b", "a, b or c".
func orList(w []string) string {
	if len(w) < 2 {
		return strings.Join(w, "")
	}
	return strings.Join(w[:len(w)-1], ", ") + " or " + w[len(w)-1]
}

// unavailable is the error of a call to server, whose tool list could
// not be had (err).
func unavailable(server string, err error) error {
	return fmt.Errorf("server %q is unavailable: %s", server, bound(oneLine(redact.Text(err.Error())), maxReason))
}

// HasServer reports whether a configured server has the name or ident n.
func (s *Server) HasServer(n string) bool { return s.serverName(n) != "" }

// serverName is the configured server with name or ident s, or "".
func (s *Server) serverName(n string) string {
	cat := s.cat()
	return catalog.Match(n, cat.Servers(), cat.Ident)
}

// unknownServer is the error for a server that is not configured.
func (s *Server) unknownServer(server string) error {
	cat := s.cat()
	var cands []string
	for _, m := range cat.Servers() {
		cands = append(cands, cat.Ident(m))
		if id := cat.Ident(m); id != m {
			cands = append(cands, m)
		}
	}
	msg := fmt.Sprintf("unknown server %s", echo.Quote(server))
	if m := nearest(server, cands); len(m) > 0 {
		msg += "; did you mean " + strings.Join(m, " or ") + "?"
	}
	servers := firstServers(cat.Servers())
	if len(servers) == 0 {
		return errors.New(msg + "; no servers are configured")
	}
	return errors.New(msg + "; servers: " + strings.Join(servers, ", "))
}

// nearest returns the candidates closest to s: those at the smallest edit
// distance (ignoring case, '-' and '_'), if it is small for s's length,
// or else those that contain s or are contained in it. At most 3.
func nearest(s string, cands []string) []string {
	key := func(x string) string {
		return strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(catalog.NameKey(x)))
	}
	k := key(s)
	if k == "" {
		return nil
	}
	best, bestD := []string(nil), 1<<30
	limit := max(2, len(k)/3)
	for _, c := range cands {
		d := echo.Distance(k, key(c))
		if d > limit {
			continue
		}
		switch {
		case d < bestD:
			best, bestD = []string{c}, d
		case d == bestD && !contains(best, c):
			best = append(best, c)
		}
	}
	if len(best) == 0 && len(k) >= 3 {
		for _, c := range cands {
			if kc := key(c); (strings.Contains(kc, k) || strings.Contains(k, kc) && len(kc) >= 3) && !contains(best, c) {
				best = append(best, c)
			}
		}
	}
	return best[:min(len(best), 3)]
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// firstServers is names cut to the first 20 and a count of all, for an
// error that lists the servers there are.
func firstServers(names []string) []string {
	if len(names) > 20 {
		return append(names[:20:20], fmt.Sprintf("… (%d in all)", len(names)))
	}
	return names
}
