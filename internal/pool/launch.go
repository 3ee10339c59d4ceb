package pool

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// Launch is one server as one session would start it: the spec expanded
// with that session's environment, the effective working directory and
// the backend's environment. Launches with equal Keys share one backend.
// A Launch does not change after NewLaunch.
type Launch struct {
	// Key is the launch identity (see NewLaunch); it names the backend
	// in the pool.
	Key string
	// Name is the server's name in the session's config (messages, logs).
	Name string
	// Spec is the server's config with ${env:} and ${file:} expanded; nil
	// when expansion failed (the start then fails with that error).
	Spec *config.Server
	// Cwd is the effective working directory of a stdio backend: the
	// spec's cwd, else the session's workspace ("" inherits ours).
	Cwd string
	// Env is the stdio backend's environment: the allowlisted variables of
	// the session's environment, then the spec's env.
	Env []string
	// Secrets are the values hidden in the backend's text.
	Secrets *redact.Secrets
	// Session is the session that owns the backend when the server has
	// "share": false, else "".
	Session string
	// Caps are the relayable capabilities declared to the backend (those
	// of the session's client); part of Key.
	Caps Caps

	raw      *config.Server // as configured, with Cwd made effective
	resolver config.Resolver
	base     []string // the session's environment, for backend.Options.Env
}

// LaunchOptions say how a session resolves a server. The zero value
// expands nothing and inherits our working directory.
type LaunchOptions struct {
	// Session is the session's ID; part of the key of a "share": false
	// server ("" for one-shot CLI use).
	Session string
	// Workspace is the session's absolute working directory: the cwd of a
	// stdio server that sets none.
	Workspace string
	// Env is the session's environment: the values of ${env:} references
	// and the base of a stdio backend's environment. Nil keeps
	// Resolver.Getenv and the pool's Options.Backend.Env.
	Env map[string]string
	// EnvList is Env as EnvList returns it, for a caller that makes many
	// launches from one Env (nil: made from Env).
	EnvList []string
	// Resolver's ReadFile, Home and Roots confine ${file:}; its Getenv is
	// replaced by a lookup in Env when Env is not nil.
	Resolver config.Resolver
	// Caps are the capabilities the session's client declared that we
	// relay; the backend is told the same, so that its tool list (some
	// servers register tools only for capable clients) follows the
	// session's capabilities. Part of the key.
	Caps Caps
}

// Caps is a set of client capabilities we relay to backends.
type Caps uint8

// The relayable capabilities.
const (
	CapSampling Caps = 1 << iota
	CapElicitation
	CapRoots
	CapElicitationURL // URL-mode elicitation (with CapElicitation)
)

// CapsOf is the relayable part of a client's capabilities (nil: none).
func CapsOf(c *mcp.ClientCapabilities) Caps {
	var out Caps
	if c == nil {
		return 0
	}
	if c.Sampling != nil {
		out |= CapSampling
	}
	if c.Elicitation != nil {
		out |= CapElicitation
		if c.Elicitation.URL != nil {
			out |= CapElicitationURL
		}
	}
	if c.RootsV2 != nil {
		out |= CapRoots
	}
	return out
}

// Has reports whether c holds every capability of x.
func (c Caps) Has(x Caps) bool { return c&x == x }

// NewLaunch resolves spec for a session. The key is the SHA-256 over the
// expanded type, command, args, effective cwd (stdio only), the backend's
// environment (names and value hashes), URL, header names and value
// hashes, the project that defines the server (spec.Project: "" for a
// user server), and the session ID when spec.Share is false. Two
// projects' servers with the same launch are two backends: each writes
// its project's log (backend.LogFileFor) and names its project in the
// log's records, and neither project's sessions use a process (and its
// state) started for the other's definition. A failed
// expansion gives a launch whose key covers the spec as written (and the
// session) and whose start fails with the expansion error.
func NewLaunch(spec *config.Server, o *LaunchOptions) *Launch {
	var lo LaunchOptions
	if o != nil {
		lo = *o
	}
	env := lo.Env
	r := lo.Resolver
	var base []string // nil: the pool's Options.Backend.Env
	if env != nil {
		r.Getenv = func(k string) (string, bool) { v, ok := env[k]; return v, ok }
		base = lo.EnvList
		if base == nil {
			base = EnvList(env)
		}
	}
	raw := *spec
	stdio := spec.Type == config.Stdio || spec.Type == "" && spec.URL == ""
	if spec.RunsInWorkspace() && lo.Workspace != "" {
		raw.Workspace = lo.Workspace // its lines, records and status name it
	}
	if stdio && raw.Cwd == "" {
		raw.Cwd = lo.Workspace
	}
	l := &Launch{Name: spec.Name, raw: &raw, resolver: r, base: base, Caps: lo.Caps}
	if !spec.Shared() {
		l.Session = lo.Session
	}
	exp, sec, err := backend.Expand(&raw, r)
	l.Secrets = sec
	if err != nil {
		l.Key = key(struct {
			Failed  bool   `json:"failed"`
			Name    string `json:"name"`
			Project string `json:"project,omitempty"`
			Session string `json:"session"`
			Caps    Caps   `json:"caps,omitempty"`
		}{true, spec.Name, spec.Project, lo.Session, lo.Caps})
		return l
	}
	l.Spec = exp
	if stdio {
		l.Cwd = exp.Cwd
		l.Env = backend.ChildEnv(base, exp.Env)
	}
	l.Key = key(struct {
		Version int               `json:"v"`
		Type    string            `json:"type"`
		Command string            `json:"command,omitempty"`
		Args    []string          `json:"args,omitempty"`
		Cwd     string            `json:"cwd,omitempty"`
		Env     map[string]string `json:"env,omitempty"`
		URL     string            `json:"url,omitempty"`
		Headers map[string]string `json:"headers,omitempty"`
		Project string            `json:"project,omitempty"`
		Session string            `json:"session,omitempty"`
		Caps    Caps              `json:"caps,omitempty"`
	}{1, exp.Type, exp.Command, exp.Args, l.Cwd, hashEnv(l.Env), exp.URL, config.HashValues(exp.Headers), spec.Project, l.Session, l.Caps})
	return l
}

// EnvList is env as KEY=VALUE entries sorted by name.
func EnvList(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for _, k := range slices.Sorted(maps.Keys(env)) {
		out = append(out, k+"="+env[k])
	}
	return out
}

// Short is the first 12 hex digits of the key, for people.
func (l *Launch) Short() string { return short(l.Key) }

func short(k string) string { return k[:min(12, len(k))] }

func key(v any) string {
	b, _ := json.Marshal(v)
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

func hashEnv(env []string) map[string]string {
	m := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		m[k] = v
	}
	return config.HashValues(m)
}

// Call is one backend tool call, from the meta-tool handler through the
// server's caller and the pool to the backend. Cancellation is ctx's: the
// client's notifications/cancelled ends the handler's ctx, which ends the
// script, each of its calls' ctx, and the backend call, whose SDK sends
// notifications/cancelled to the backend.
type Call struct {
	Session  string          // session ID ("" for one-shot CLI use)
	Server   string          // the server's name in that session's config (messages, audit)
	Launch   *Launch         // resolved launch; nil fails with ErrUnknownServer
	Tool     string          // the backend's tool name
	Args     json.RawMessage // a JSON object; empty means {}
	Progress any             // the client's progress token for this call, nil if none
	Hooks    *Hooks          // requests a backend makes during this call; nil: refuse them
	// Request identifies the client request the call is made for (an
	// execute, or a passed-through tools/call): a comparable value its
	// calls share, nil for none. A backend's request that names no call
	// while several are in flight goes to them when they are all one
	// session's calls of one non-nil Request (routed).
	Request any
	// token is the progress token the pool sends the backend for this
	// call (its own, never the client's), set while the call runs.
	token string
	// ctx is the running call's context (set by CallTool before the call
	// is in flight): the backend's requests during it end with it.
	ctx context.Context
	// Admit, when set, runs after the pool listed the backend's tools
	// again after a (re)start (and handed them to Options.OnListed) and
	// before the call is sent: an error refuses the call, such as when the
	// tool changed since it was approved and is now withheld.
	Admit func() error
	// LookedUp is when the caller looked the tool up: Admit runs only
	// when the tools were listed since (by this call's start of the
	// backend or another's). Zero runs Admit before every call.
	LookedUp time.Time
}

// Hooks answer requests a backend sends while a call runs (the
// return-channel issue fills them). A nil func means the request is
// unsupported and refused. Each is a plain blocking function: an execute
// script whose tool call triggers one stays paused (its host call waits)
// while the client answers, so the script is resumed, not re-run, which is
// what 2026-07-28 multi-round-trip input requests need. They must honour
// ctx (the call's).
type Hooks struct {
	// Progress relays the backend's progress for this call to the client.
	Progress func(ctx context.Context, p *mcp.ProgressNotificationParams)
	// Log relays the backend's log messages sent during the call.
	Log func(ctx context.Context, p *mcp.LoggingMessageParams)
	// Elicit asks the client's user for input.
	Elicit func(ctx context.Context, p *mcp.ElicitParams) (*mcp.ElicitResult, error)
	// Sample asks the client's model for a completion.
	Sample func(ctx context.Context, p *mcp.CreateMessageParams) (*mcp.CreateMessageResult, error)
	// Roots lists the client's roots.
	Roots func(ctx context.Context) (*mcp.ListRootsResult, error)
}
