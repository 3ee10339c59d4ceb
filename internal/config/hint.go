package config

import (
	"fmt"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// serversKeys are the names other agents' files give the map of servers
// that Switchboard's calls mcpServers: a config copied from one of them
// fails on its first key, and the error says what to rename.
var serversKeys = map[string]string{
	"servers":         "VS Code's mcp.json",
	"mcp_servers":     "Codex's config.toml",
	"context_servers": "Zed's settings.json",
	"mcp":             "opencode's config",
}

// topLevelHint is what an unknown top-level key k adds to its error;
// servers says its value is an object with a "servers" key (VS Code's
// settings.json nests its servers so: "mcp": {"servers": …}).
func topLevelHint(k string, servers bool) string {
	if k == "mcp" && servers {
		return `: the servers go under "mcpServers" here (VS Code's settings.json nests them as "mcp": {"servers": …})`
	}
	if who, ok := serversKeys[k]; ok {
		return fmt.Sprintf(": the servers go under \"mcpServers\" here (%s calls it %q)", who, k)
	}
	return didYouMean(k, []string{"mcpServers", "settings", "projects"})
}

// serverFields are the fields of a server entry.
var serverFields = []string{"command", "args", "env", "cwd", "type", "url", "headers", "oauth", "disabled", "expose", "exposeAs", "tools", "readOnly", "callTimeout", "startTimeout", "idleTimeout", "share", "confirm", "when", "roles"}

// fieldAliases are names other tools use for a server entry's fields.
var fieldAliases = map[string]string{
	"cmd":                  "command",
	"arguments":            "args",
	"environment":          "env",
	"environmentVariables": "env",
	"workingDirectory":     "cwd",
	"working_directory":    "cwd",
	"transport":            "type",
	"endpoint":             "url",
}

// fieldHint is what an unknown field k of a server entry adds to its
// error: the field it most likely means.
func fieldHint(k string) string {
	if f, ok := fieldAliases[k]; ok {
		return fmt.Sprintf("; did you mean %q?", f)
	}
	return didYouMean(k, serverFields)
}

// didYouMean names the one of known closest to k, ignoring case and
// separators, when it is within two edits of it (one for names of up to
// four letters); else "".
func didYouMean(k string, known []string) string {
	if len(k) > 64 {
		return ""
	}
	nk := fold(k)
	best, bestD := "", 3
	for _, w := range known {
		limit := 2
		if len(w) <= 4 {
			limit = 1
		}
		if d := echo.Distance(nk, fold(w)); d <= limit && d < bestD {
			best, bestD = w, d
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf("; did you mean %q?", best)
}

// fold lowercases s and drops '_' and '-'.
func fold(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '_' || r == '-' {
			return -1
		}
		return r
	}, strings.ToLower(s))
}
