package config

import (
	"fmt"
	"slices"
)

// Values of Server.ExposeAs.
const (
	ExposePrefixed = "prefixed" // server__tool, switchboard://server/uri, server__prompt (also "")
	ExposeBare     = "bare"     // the backend's own names and URIs
)

// MetaTools are the names of Switchboard's own tools; no bare-exposed
// tool may take one.
var MetaTools = []string{"list_tools", "execute", "call_tool"}

// Bare reports whether s exposes its tools, resources and prompts under
// the backend's own names ("exposeAs": "bare").
func (s *Server) Bare() bool { return s.ExposeAs == ExposeBare }

// checkBare disables a bare-exposed server whose explicit expose list
// names one of our meta-tools, or a tool another bare-exposed server also
// lists (the later one by name, its Problem naming both): a bare name
// must never silently shadow another. Clashes among tools known only at
// run time ("expose": "all") are caught when the tools are registered
// (internal/server), where neither tool is exposed.
func (c *Config) checkBare() {
	owner := map[string]string{} // tool -> the bare server that exposes it
	for _, n := range c.Names() {
		s := c.Servers[n]
		if !s.Bare() || s.Problem != "" || s.Disabled {
			continue
		}
		var problem string
		for _, t := range s.Expose {
			switch {
			case t == "*":
			case slices.Contains(MetaTools, t):
				problem = fmt.Sprintf("%s: mcpServers.%s.expose: %q is one of Switchboard's meta-tools (%v) and cannot be exposed bare (\"exposeAs\": \"bare\"); remove it from expose or drop exposeAs", s.Source, n, t, MetaTools)
			case owner[t] != "" && owner[t] != n:
				o := c.Servers[owner[t]]
				problem = fmt.Sprintf("%s: mcpServers.%s.expose: the tool %q is also exposed bare by the server %q of %s; two servers cannot expose one name: drop \"exposeAs\": \"bare\" from one of them", s.Source, n, t, o.Name, o.Source)
			}
			if problem != "" {
				break
			}
		}
		if problem != "" {
			d := *s
			d.Disabled, d.Problem = true, problem
			c.Servers[n] = &d
			continue
		}
		for _, t := range s.Expose {
			if t != "*" {
				owner[t] = n
			}
		}
	}
}
