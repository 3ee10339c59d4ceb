package ui

import (
	"context"
	"time"
)

// Source is what the page shows and what its Approve button does. The
// daemon implements it over its hub; tests use a fake. Its methods are
// called concurrently.
type Source interface {
	// Snapshot returns the state now. It must not start anything.
	Snapshot(ctx context.Context) Snapshot
	// Approve does what `switchboard approve` does for the pins identity
	// id, for the changes the page showed: shown maps each tool to its
	// Change.Key. It records them as approved only if each is still the
	// change shown (else an error, nothing approved), and returns the
	// changes approved.
	Approve(ctx context.Context, id string, shown map[string]string) ([]Change, error)
	// ApproveAll approves every pending change of id if they are the
	// changes shown, whose Pending.Digest is digest (else an error,
	// nothing approved).
	ApproveAll(ctx context.Context, id, digest string) ([]Change, error)
}

// Snapshot is everything the page shows.
type Snapshot struct {
	Daemon   Daemon    `json:"daemon"`
	Backends []Backend `json:"backends"`
	Sessions []Session `json:"sessions"`
	Calls    []Call    `json:"calls"` // newest first
	Pending  []Pending `json:"pending"`
	// Withheld are tools kept back because they look like a prompt
	// injection (shown, not approvable here: `approve --accept-risk`).
	Withheld []Withheld `json:"withheld,omitempty"`
	// Roles are the lethal-trifecta roles of the known tools that have
	// any, by server; Decisions the sessions' trifecta decisions, newest
	// first.
	Roles     []ServerRoles `json:"roles,omitempty"`
	Decisions []Decision    `json:"decisions,omitempty"`
}

// ServerRoles is one server's tools with a lethal-trifecta role.
type ServerRoles struct {
	Server string     `json:"server"`
	Tools  []ToolRole `json:"tools"`
	// Plain counts its known tools with no role.
	Plain int `json:"plain"`
}

// ToolRole is one tool's roles (private, untrusted, external) and what
// they come from (config, profile, annotations, words of its text).
type ToolRole struct {
	Tool  string   `json:"tool"`
	Roles []string `json:"roles"`
	Why   string   `json:"why"`
}

// Decision is one lethal-trifecta decision on a call that could send
// data out after the session read untrusted content and private data.
type Decision struct {
	Time    time.Time `json:"time"`
	Session string    `json:"session"`
	Outcome string    `json:"outcome"` // allowed, confirmed, refused
	Setting string    `json:"setting"` // settings.trifecta
	Call    string    `json:"call"`    // server.tool of the external call
	Source  string    `json:"source"`  // the untrusted tool read before it
	Private string    `json:"private"` // the private tool read before it
	Scope   string    `json:"scope"`   // script or session
	Reason  string    `json:"reason"`
}

// Daemon is the process serving the page.
type Daemon struct {
	Pid     int    `json:"pid"`
	Version string `json:"version"`
	Uptime  string `json:"uptime"`
}

// Backend is one running (or known) backend: one launch identity.
type Backend struct {
	Servers []string `json:"servers"` // the names sessions gave it
	Key     string   `json:"key"`     // short launch key
	// Identity describes the launch (command line or URL, cwd, env
	// names) with secrets hidden.
	Identity  string `json:"identity"`
	State     string `json:"state"`
	Pid       int    `json:"pid,omitempty"`
	Uptime    string `json:"uptime,omitempty"`
	Tools     int    `json:"tools"`
	Withheld  int    `json:"withheld,omitempty"`
	Calls     int64  `json:"calls"`
	LastError string `json:"lastError,omitempty"`
	// Note is what waits on a backend that restarts again and again.
	Note     string   `json:"note,omitempty"`
	Sessions []string `json:"sessions"`
	Shared   bool     `json:"shared"`
}

// Session is one connected client.
type Session struct {
	ID            string   `json:"id"`
	Client        string   `json:"client,omitempty"`
	ClientVersion string   `json:"clientVersion,omitempty"`
	Protocol      string   `json:"protocol,omitempty"`
	Workspace     string   `json:"workspace"`
	Servers       []string `json:"servers"`
	Tokens        Tokens   `json:"tokens"`
}

// Tokens compares what registering every known tool directly would
// cost the client's context with what ours cost (o200k tokens).
type Tokens struct {
	Direct      int `json:"direct"`
	Switchboard int `json:"switchboard"`
	Saved       int `json:"saved"`
}

// Call is one backend call.
type Call struct {
	Time        time.Time     `json:"time"`
	Session     string        `json:"session"`
	Client      string        `json:"client,omitempty"`
	Server      string        `json:"server"`
	Tool        string        `json:"tool"`
	Latency     time.Duration `json:"latency"`
	ResultBytes int           `json:"resultBytes"`
	Outcome     string        `json:"outcome"`
	Error       string        `json:"error,omitempty"`
}

// Pending is one launch identity's tools waiting for approval.
type Pending struct {
	ID      string   `json:"id"`      // the pins identity (Approve's id)
	Servers []string `json:"servers"` // configured names with that identity; may be empty
	Changes []Change `json:"changes"`
	// Digest identifies the whole set of changes, for Approve all.
	Digest string `json:"digest"`
	// More counts the changes of the set not in Changes (a page of ten
	// thousand forms and diffs is no review).
	More int `json:"more,omitempty"`
}

// Change is one tool new, changed or removed since its approval.
type Change struct {
	Tool   string `json:"tool"`
	Status string `json:"status"` // new, changed, removed
	Diff   string `json:"diff"`
	// Key identifies this exact change (the hashes of both sides): an
	// approval names the key of the change shown, so a tool the backend
	// changed again after the page showed it is not approved unseen.
	Key string `json:"key"`
}

// Withheld is one tool withheld as a likely prompt injection.
type Withheld struct {
	Servers []string `json:"servers"`
	Tool    string   `json:"tool"`
	Rules   string   `json:"rules"`
}
