package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// init --dry-run's diff shows *** for literal secrets (an agent running
// it would otherwise read them into its context): env and header values
// whose name says secret, a URL's password and secret query values, a
// token-shaped argument. References and other values stay as written.
func TestInit_DryRunDiffMasksSecrets(t *testing.T) {
	w := newInitWorld(t)
	w.write(filepath.Join(w.proj, ".mcp.json"), `{"mcpServers": {
  "a": {"command": "echo", "args": ["--token=ghp_abcdefghijklmnopqrstuvwxyz0123456789", "plain"], "env": {"TOKEN": "sekrit-123", "PORT": "8080", "REF": "${env:X}"}},
  "r": {"url": "https://user:urlpass77@h.example/mcp?api_key=qsecret88", "headers": {"Authorization": "Bearer hdrsecret-12345", "X-Trace": "on"}}
}}`)
	out := w.mustRun("--dry-run")
	for _, secret := range []string{"ghp_abcdefghijklmnopqrstuvwxyz0123456789", "sekrit-123", "urlpass77", "qsecret88", "hdrsecret-12345"} {
		if strings.Contains(out, secret) {
			t.Errorf("the dry-run shows %q:\n%s", secret, out)
		}
	}
	for _, want := range []string{`"TOKEN": "***"`, `"PORT": "8080"`, `"REF": "${env:X}"`, `"Authorization": "***"`, `"X-Trace": "on"`, "https://user:***@h.example/mcp?api_key=***", `"--token=***"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the dry-run lacks %q:\n%s", want, out)
		}
	}
}
