package search

import (
	"slices"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// Suggest returns, for a query that looks like a misspelt tool or server
// name ("get_isue", "githb.create_issue", "filesytem"), the names it most
// likely means, best first, at most max (max <= 0: 3): "server.tool" with
// identifiers for tools, the server identifier for a server. A name
// matches when its edit distance to the query, ignoring case and the
// separators '-', '_', '.', '/' and spaces, is at most a quarter of its
// length (at least 1, at most 3). A query that spells a name, or has more
// than two words, is no misspelt name; Suggest then returns nil.
func (ix *Index) Suggest(query string, max int) []string {
	var out []string
	for _, c := range ix.near(query, max) {
		if c.d == 0 { // the query spells a name (up to case and separators)
			return nil
		}
		out = append(out, c.name)
	}
	return out
}

// nearName is a name near a query: a tool (doc >= 0) or a server.
type nearName struct {
	name string
	d    int // edit distance
	doc  int // -1 for a server
}

// near returns the names Suggest returns, with their docs.
func (ix *Index) near(query string, max int) []nearName {
	if max <= 0 {
		max = 3
	}
	q := normName(query)
	if q == "" || len(strings.Fields(q)) > 2 || len(q) > 80 {
		return nil
	}
	k := squash(q)
	if len(k) < 3 {
		return nil
	}
	var cands []nearName
	seen := map[string]bool{}
	try := func(name string, doc int, forms ...string) {
		if seen[name] {
			return
		}
		best := -1
		for _, f := range forms {
			fk := squash(f)
			limit := min(3, max1(len(fk)/4))
			if abs(len(fk)-len(k)) > limit {
				continue
			}
			if d := echo.Distance(k, fk); d <= limit && (best < 0 || d < best) {
				best = d
			}
		}
		if best >= 0 {
			seen[name] = true
			cands = append(cands, nearName{name, best, doc})
		}
	}
	for s := range ix.servers {
		name := ix.servers[s]
		id := ix.docs[ix.firstDoc(s)].ServerIdent
		try(id, -1, name, id)
	}
	for i := range ix.docs {
		d := &ix.docs[i]
		ref := d.ServerIdent + "." + d.Ident
		try(ref, i, d.Tool, d.Ident, d.Server+"."+d.Tool, ref)
	}
	slices.SortStableFunc(cands, func(a, b nearName) int { return a.d - b.d })
	var out []nearName
	for _, c := range cands {
		if len(out) == max || c.d > cands[0].d {
			break
		}
		out = append(out, c)
	}
	return out
}

// misspeltName is the bonus for the tools a one-word query that names no
// tool most likely misspells: they rank first, after exact names.
const misspeltBonus = exactBonus / 2

// nameLike reports whether query is one word spelt like a tool name
// (with '_', '-', '.' or '/' in it).
func nameLike(query string) bool {
	q := normName(query)
	return q != "" && len(strings.Fields(q)) == 1 && strings.ContainsAny(q, "_-./")
}

// firstDoc returns the first doc of server number s.
func (ix *Index) firstDoc(s int) int {
	for i, ds := range ix.docServer {
		if int(ds) == s {
			return i
		}
	}
	return 0
}

// squash lowercases s and drops the separators of names.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		switch r {
		case '-', '_', '.', '/', ' ':
			return -1
		}
		return r
	}, strings.ToLower(s))
}

func max1(n int) int { return max(1, n) }

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
