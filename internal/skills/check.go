package skills

import (
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Pins tells what the session sees of a tool now.
type Pins interface {
	// Pin returns the pin (trust.Hash of the definition the client sees)
	// of server's tool, or why it cannot be used (withheld, gone, server
	// not configured). known is false when server's tool list is not known
	// yet (never listed): nothing can be said.
	Pin(server, tool string) (pin, problem string, known bool)
}

// Resolver is what a Pins may also tell: which tool the code
// object.property calls now (object a server's identifier, property a
// tool's identifier or name, as a script's namespaces resolve them), from
// what the session knows now; ok is false when it names no known tool
// (not a server, a list not known yet, no such tool).
type Resolver interface {
	Resolve(object, property string) (server, tool string, ok bool)
}

// Checker decides whether skills may run: each tool they use must have
// the pin it had when the skill was saved or approved, and each skill they
// call must be able to run.
type Checker struct {
	Pins Pins
	// Get reads a skill by name (for the skills a skill calls); nil: the
	// skills a skill calls are not checked.
	Get func(name string) (*Skill, error)
}

// Mark returns why sk may not run now, naming the tool or skill, and what
// fixes it; "" when it may.
func (c *Checker) Mark(sk *Skill) string {
	return c.mark(sk, map[string]bool{})
}

func (c *Checker) mark(sk *Skill, seen map[string]bool) string {
	if sk.Blocked != "" {
		return "withheld: " + sk.Blocked
	}
	seen[sk.Name] = true
	for _, u := range sk.Uses {
		pin, problem, known := c.Pins.Pin(u.Server, u.Tool)
		switch {
		case !known:
		case problem != "":
			return fmt.Sprintf("uses %s, %s since the skill was saved", u.Ref(), problem)
		case pin != u.Pin:
			return fmt.Sprintf("uses %s, changed since the skill was saved; check the skill still does what it says, then run `switchboard skills approve %s` (or save it again)", u.Ref(), sk.Name)
		}
	}
	// The code names tools by identifier, and an identifier can come to
	// name another tool: a new get_user takes get_user from get-user
	// (which becomes get_user_2), a new server a_b takes a_b from a-b.
	// The skill then called a tool it was never saved or approved with,
	// with no mark.
	if r, ok := c.Pins.(Resolver); ok {
		for _, ref := range Refs(sk.Code) {
			server, tool, ok := r.Resolve(ref.Object, ref.Property)
			if !ok || slices.ContainsFunc(sk.Uses, func(u Use) bool { return u.Server == server && u.Tool == tool }) {
				continue
			}
			return fmt.Sprintf("its code's %s.%s now calls %s, which it was not saved with (a tool or server was added or renamed since); check the skill still does what it says, then run `switchboard skills approve %s` (or save it again)",
				ref.Object, ref.Property, Use{Server: server, Tool: tool}.Ref(), sk.Name)
		}
	}
	if c.Get == nil {
		return ""
	}
	for _, n := range Called(sk.Code) {
		if seen[n] {
			continue
		}
		dep, err := c.Get(n)
		if err != nil {
			continue // a call to a skill that does not exist fails when it runs
		}
		if m := c.mark(dep, seen); m != "" {
			return fmt.Sprintf("calls skills.%s, which cannot run: %s", n, m)
		}
	}
	return ""
}

// CodeRef is one obj.prop or obj["prop"] in code.
type CodeRef struct{ Object, Property string }

var refPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(^|[^\w$.])([A-Za-z_$][\w$]*)\s*(?:\?\.\s*|\.\s*)(?:([A-Za-z_$][\w$]*)|\[\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*\])|(^|[^\w$.])([A-Za-z_$][\w$]*)\s*\[\s*("(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')\s*\]`)
})

// Refs finds the property references of code whose object is a plain
// identifier (github.create_issue, github["create-issue"]), in order,
// without duplicates. It reads code as text: a reference in a comment or
// string counts too, so it may over-approximate, never misses a plain one.
func Refs(code string) []CodeRef {
	var out []CodeRef
	seen := map[CodeRef]bool{}
	for _, m := range refPattern().FindAllStringSubmatch(code, -1) {
		var r CodeRef
		switch {
		case m[2] != "" && m[3] != "":
			r = CodeRef{m[2], m[3]}
		case m[2] != "" && m[4] != "":
			r = CodeRef{m[2], unquoteJS(m[4])}
		case m[6] != "":
			r = CodeRef{m[6], unquoteJS(m[7])}
		default:
			continue
		}
		if r.Property != "" && !seen[r] {
			seen[r] = true
			out = append(out, r)
		}
	}
	return out
}

func unquoteJS(q string) string {
	if strings.HasPrefix(q, "'") {
		q = `"` + strings.ReplaceAll(strings.ReplaceAll(q[1:len(q)-1], `\'`, `'`), `"`, `\"`) + `"`
	}
	s, err := strconv.Unquote(q)
	if err != nil {
		return ""
	}
	return s
}

// Called names the skills code calls (skills.NAME), in order.
func Called(code string) []string {
	var out []string
	for _, r := range Refs(code) {
		if r.Object == "skills" && !reservedNames[r.Property] && !slices.Contains(out, r.Property) {
			out = append(out, r.Property)
		}
	}
	return out
}
