//go:build unix

package agentconf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round one hundred and three: an agent file init refused to read was
// named twice, "skipped /h/.claude.json: /h/.claude.json is 60316944
// bytes, …", and with --agent "switchboard init: /h/.gemini/settings.json:
// /h/.gemini/settings.json is a directory, …": the error already begins
// with the path. It is named once.
func TestPlan_AnUnreadableAgentFileIsNamedOnce(t *testing.T) {
	for _, agents := range [][]string{nil, {"claude-code"}} {
		w := newWorld(t)
		if err := os.MkdirAll(w.home, 0o700); err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(w.home, ".claude.json")
		if err := os.Mkdir(path, 0o700); err != nil {
			t.Fatal(err)
		}
		if agents == nil {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
			w.write(path, `{"mcpServers": {}}`, 0o600)
			if err := os.Truncate(path, 17<<20); err != nil {
				t.Fatal(err)
			}
		}
		o := w.opts(User)
		o.Agents = agents
		p, err := MakePlan(o)
		if err == nil {
			err = errors.Join(p.Problems...)
		}
		if err == nil || !strings.HasPrefix(err.Error(), path+" is ") {
			t.Errorf("MakePlan (agents %v): %v\nwant %s named once at its start", agents, err, path)
		}
	}
}
