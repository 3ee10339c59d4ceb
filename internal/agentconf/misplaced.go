package agentconf

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// misplaced says what is wrong with path, one of a's config files, when
// a directory or a symbolic-link loop is in its place: neither is the
// agent's file (the agent cannot read it either), so init passes it over
// unless the agent is named, and then it is refused. "" for anything
// else (a missing file, a regular one, a FIFO the read refuses).
func misplaced(a Agent, path string) string {
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return fmt.Sprintf("%s is a directory where %s's config file goes: neither %s nor init reads servers from it, so init passes it over; if it should be the file, move it away (mv %s %s.away) and run init again", path, a.Title, a.Title, path, path)
	case errors.Is(err, syscall.ELOOP):
		return fmt.Sprintf("%s is a symbolic link that leads back to itself (a loop) where %s's config file goes: no program can read it, so init passes it over; remove it (rm %s) or point it at the agent's file, and run init again", path, a.Title, path)
	}
	return ""
}

// Misplaced reports, once per path, the agent config files of o's scope
// (o.Agents, when set, limits the agents) that have a directory or a
// symbolic-link loop in their place: what init passes over, with the fix.
// It reads nothing but the paths' metadata.
func Misplaced(o *Options) []string {
	p := o.paths()
	if o.Scope == Project && o.Root == "" {
		return nil
	}
	only := map[string]bool{}
	for _, n := range o.Agents {
		if a, ok := FindAgent(n); ok {
			only[a.ID] = true
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, a := range agents {
		if len(only) > 0 && !only[a.ID] {
			continue
		}
		for _, s := range a.specs(p) {
			for _, path := range s.paths {
				if seen[path] {
					continue
				}
				seen[path] = true
				if m := misplaced(a, path); m != "" {
					out = append(out, m)
				}
			}
		}
	}
	return out
}
