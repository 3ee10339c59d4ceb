package catalog

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// IdentityPrefix starts every identity Identity returns. Pins keyed
// otherwise (by the command line or URL alone, before identities covered
// the environment) are legacy: they are kept in the pins file and shown by
// 'switchboard pins', but never applied to a server.
const IdentityPrefix = "sha256:"

// Identity is what makes a server the same server across renames, for
// pins and the catalog cache: a hash over its full launch identity, the
// transport, command, arguments, environment variable names with the
// SHA-256 of each value, working directory, URL, and header names with the
// SHA-256 of each value, all as written in the config. Two servers that
// differ in any of these, such as only in one environment value, have
// different identities and share no pins and no cached tool list. The
// server's name, policy and timeouts are not part of it. Values are hashed
// separately, so the identity never carries a secret, and it reveals
// nothing about values but whether they are equal.
func Identity(s *config.Server) string {
	return IdentityPrefix + identityHash(s)
}

func identityHash(s *config.Server) string {
	b, _ := json.Marshal(struct {
		Version int               `json:"v"`
		Type    string            `json:"type"`
		Command string            `json:"command,omitempty"`
		Args    []string          `json:"args,omitempty"`
		Env     map[string]string `json:"env,omitempty"`
		Cwd     string            `json:"cwd,omitempty"`
		URL     string            `json:"url,omitempty"`
		Headers map[string]string `json:"headers,omitempty"`
	}{2, s.Type, s.Command, s.Args, config.HashValues(s.Env), s.Cwd, s.URL, config.HashValues(s.Headers)})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// LegacyIdentity is the identity pins were keyed by before [Identity]:
// the command line joined by NUL, or the URL. 'switchboard pins' uses it
// to name old entries; vetting never does.
func LegacyIdentity(s *config.Server) string {
	if s.Type == config.Stdio {
		return strings.Join(append([]string{s.Command}, slices.Clone(s.Args)...), "\x00")
	}
	return s.URL
}
