package config

import (
	"path"
	"slices"
	"strings"
)

// Confirm says which tool calls need the user's confirmation (through
// the client's elicitation) before they go out. The zero value asks for
// none.
//
// Written as "destructive" (tools annotated destructiveHint: true, or
// without the hint and named for deleting or overwriting), "all",
// "off", or a list of globs over tool names (path.Match syntax, with '/'
// an ordinary character: "delete_*" holds back "delete_repo/force") that
// may also hold "destructive".
type Confirm struct {
	Destructive bool
	All         bool
	Globs       []string
}

// On reports whether c asks for any confirmation.
func (c Confirm) On() bool { return c.Destructive || c.All || len(c.Globs) > 0 }

// Wants reports whether a call of tool (destructive: annotated
// destructiveHint: true, or named so without the hint) needs
// confirmation.
func (c Confirm) Wants(tool string, destructive bool) bool {
	if c.All || c.Destructive && destructive {
		return true
	}
	for _, g := range c.Globs {
		if ok, _ := matchAcrossSlash(g, tool); ok {
			return true
		}
	}
	return false
}

// matchAcrossSlash is path.Match with '/' an ordinary character (as
// trust.DenyMatch, which config may not import): path.Match's '*' stops
// at a '/', so "delete_*" let a backend's "delete_repo/force" run
// without the confirmation the user asked for.
func matchAcrossSlash(pattern, name string) (bool, error) {
	if !strings.Contains(pattern, "/") && !strings.Contains(name, "/") {
		return path.Match(pattern, name)
	}
	return path.Match(strings.ReplaceAll(pattern, "/", "\x00"), strings.ReplaceAll(name, "/", "\x00"))
}

// Union is what both c and o confirm (how a project widens the user's).
func (c Confirm) Union(o Confirm) Confirm {
	out := Confirm{Destructive: c.Destructive || o.Destructive, All: c.All || o.All, Globs: slices.Clone(c.Globs)}
	for _, g := range o.Globs {
		if !slices.Contains(out.Globs, g) {
			out.Globs = append(out.Globs, g)
		}
	}
	return out
}

// covers reports whether c confirms at least what o does (o would not
// loosen c).
func (c Confirm) covers(o Confirm) bool {
	if c.All {
		return true
	}
	if o.All || o.Destructive && !c.Destructive {
		return false
	}
	for _, g := range o.Globs {
		if !slices.Contains(c.Globs, g) {
			return false
		}
	}
	return true
}

// parseConfirm reads a "confirm" value.
func parseConfirm(file, field string, v *node, e *Error) Confirm {
	var c Confirm
	word := func(s string, line int) bool {
		switch s {
		case "destructive":
			c.Destructive = true
		case "all":
			c.All = true
		case "off", "none":
		default:
			return false
		}
		return true
	}
	switch v.kind {
	case 's':
		if !word(v.str, v.line) {
			e.add(file, field, `must be "destructive", "all", "off" or a list of tool-name globs, not %q (line %d)`, v.str, v.line)
		}
	case '[':
		for _, g := range strList(file, field, v, e) {
			if g == "destructive" || g == "all" {
				word(g, v.line)
				continue
			}
			if _, err := path.Match(g, ""); err != nil {
				e.add(file, field, "bad glob %q: %v (line %d)", g, err, v.line)
				continue
			}
			c.Globs = append(c.Globs, g)
		}
	default:
		e.add(file, field, `must be "destructive", "all", "off" or a list of tool-name globs, not %s (line %d)`, v.typeName(), v.line)
	}
	return c
}
