package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/audit"
	"github.com/switchboard-mcp/switchboard/internal/server"
)

// TestAuditRecorder_CancelledCalls: a call the script did not await is
// logged with outcome "cancelled", not as a plain error.
func TestAuditRecorder_CancelledCalls(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := audit.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := auditRecorder{l}
	rec.Record("github", "slow", nil, nil, fmt.Errorf("%w (context canceled)", server.ErrCancelled), 1)
	rec.Record("github", "down", nil, nil, errors.New("backend exited"), 1)
	l.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"outcome":"cancelled"`) || !strings.Contains(lines[1], `"outcome":"error"`) {
		t.Errorf("audit log:\n%s", b)
	}
}
