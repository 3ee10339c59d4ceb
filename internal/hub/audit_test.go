package hub

import (
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/audit"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/server"
)

// TestRecorder_CancelledCallsAndTheSession: a call the script did not
// await, or one its client cancelled or left, is logged with outcome
// "cancelled", not as a plain error; each
// entry names the session and its client. (Moved from cli.)
func TestRecorder_CancelledCallsAndTheSession(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := audit.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{id: "s1", clientN: "claude-code"}
	rec := recorder{openedAudit(l), s}
	rec.Record(&pool.Call{Session: "s1", Server: "github", Tool: "slow"}, nil, fmt.Errorf("%w (context canceled)", server.ErrCancelled), 1)
	rec.Record(&pool.Call{Session: "s1", Server: "github", Tool: "down"}, nil, errors.New("backend exited"), 1)
	rec.Record(&pool.Call{Session: "s1", Server: "github", Tool: "gone"}, nil, fmt.Errorf("%w: its connection ended (EOF)", server.ErrClientCancelled), 1)
	l.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(string(b)), "\n")
	if len(lines) != 3 || !strings.Contains(lines[0], `"outcome":"cancelled"`) || !strings.Contains(lines[1], `"outcome":"error"`) || !strings.Contains(lines[2], `"outcome":"cancelled"`) {
		t.Errorf("audit log:\n%s", b)
	}
	for _, ln := range lines {
		if !strings.Contains(ln, `"session":"s1"`) || !strings.Contains(ln, `"client":"claude-code"`) {
			t.Errorf("entry without the session and client: %s", ln)
		}
	}
}

// TestRecorder_TrifectaDecision: a lethal-trifecta decision is an audit
// line naming the session, the sink, the source and the private tool,
// with the arguments' digest only.
func TestRecorder_TrifectaDecision(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := audit.Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	rec := recorder{openedAudit(l), &Session{id: "s1", clientN: "claude-code"}}
	rec.RecordDecision(server.Decision{Session: "s1", Outcome: "refused", Setting: "block", Server: "sink", Tool: "send",
		Source: "web.fetch", Private: "notes.read", Scope: "script", Reason: "settings.trifecta is block", Args: []byte(`{"body":"SECRET"}`)})
	l.Close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"session":"s1"`, `"server":"sink"`, `"tool":"send"`, `"outcome":"refused"`,
		`"trifecta":{"setting":"block","source":"web.fetch","private":"notes.read","scope":"script","reason":"settings.trifecta is block"}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("audit line has no %s:\n%s", want, b)
		}
	}
	if strings.Contains(string(b), "SECRET") {
		t.Errorf("the arguments are in the audit log:\n%s", b)
	}
}

// TestAuditLog_OneThatCouldNotOpenIsOpenedAgain: an audit log that could
// not be opened as the daemon started (a full disk; here a file where
// its directory goes) stayed off for the daemon's life, losing the
// entries of every call after room was made. It is tried again at a
// call, at most once a minute.
func TestAuditLog_OneThatCouldNotOpenIsOpenedAgain(t *testing.T) {
	dir := t.TempDir()
	blocker := filepath.Join(dir, "state")
	if err := os.WriteFile(blocker, []byte("not a directory"), 0o600); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(blocker, "audit.jsonl")
	var logged strings.Builder
	a := openAudit(path, nil, slog.New(slog.NewTextHandler(&logged, nil)))
	now := time.Now()
	a.now = func() time.Time { return now }
	if !strings.Contains(logged.String(), "audit log disabled until it can be opened") {
		t.Errorf("logged %q, want the failure said", logged.String())
	}
	s := &Session{id: "s1", clientN: "c"}
	rec := recorder{a, s}
	os.Remove(blocker) // room made
	rec.Record(&pool.Call{Session: "s1", Server: "gh", Tool: "early"}, nil, nil, 1)
	if _, err := os.Stat(path); err == nil {
		t.Errorf("opened again within a minute of the failure")
	}
	now = now.Add(auditRetry)
	rec.Record(&pool.Call{Session: "s1", Server: "gh", Tool: "later"}, nil, nil, 1)
	a.close()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("no audit log after room was made: %v", err)
	}
	if !strings.Contains(string(b), `"tool":"later"`) || strings.Contains(string(b), `"tool":"early"`) {
		t.Errorf("audit log:\n%s\nwant the call made after the retry", b)
	}
}

// openedAudit is an auditLog of l, open.
func openedAudit(l *audit.Log) *auditLog {
	a := &auditLog{l: l}
	a.open.Store(l)
	return a
}
