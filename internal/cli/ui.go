package cli

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/daemon"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/hub"
	"github.com/switchboard-mcp/switchboard/internal/peer"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/trust"
	"github.com/switchboard-mcp/switchboard/internal/ui"
)

func runUI(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "ui", "[--no-browser]", `
Open the status page of your Switchboard daemon in the browser (starting
the daemon when none runs): servers with their state, sessions, recent
calls, token savings, and tools waiting for approval with an Approve
button. The page listens on 127.0.0.1; its URL carries a secret token,
so share it with no one. It lives as long as the daemon (which exits
after settings.daemonIdleTimeout without a session).`)
	noBrowser := fs.Bool("no-browser", false, "print the URL only")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	p, err := daemon.Dir(e.Getenv)
	if err != nil {
		return fmt.Errorf("the status page is served by the daemon, which has no place for its socket: %w", err)
	}
	c, r, err := daemon.Connect(ctx, &daemon.ConnectOptions{
		Paths: p, Command: []string{e.Executable, "daemon", daemonRunCmd}, Env: e.Environ(),
		Hello: &daemon.Hello{Version: daemonVersion(e), PID: os.Getpid(), Kind: daemon.KindControl, Control: daemon.ControlUI},
	})
	if err != nil {
		return fmt.Errorf("asking the daemon for its status page: %w", err)
	}
	c.Close()
	if r.URL == "" {
		return fmt.Errorf("the daemon (pid %d) gave no status page URL; run `switchboard daemon stop` and try again", r.PID)
	}
	fmt.Fprintln(e.Stdout, r.URL)
	if *noBrowser {
		return nil
	}
	if err := openBrowser(r.URL); err != nil {
		fmt.Fprintf(e.Stderr, "switchboard: could not open a browser (%v); open the URL above yourself\n", err)
	}
	return nil
}

// page is the daemon's status page, started on the first `switchboard
// ui` (hubHandler.UI).
type page struct {
	mu  sync.Mutex
	ui  *ui.UI
	url string
}

func (p *page) close() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ui != nil {
		p.ui.Close()
	}
}

// UI implements daemon.UIHandler: the status page's URL, listening from
// the first ask on for the daemon's life.
func (d *hubHandler) UI() (string, error) {
	d.page.mu.Lock()
	defer d.page.mu.Unlock()
	if d.page.url != "" {
		return d.page.url, nil
	}
	u, err := ui.New(&hubSource{h: d.h, version: d.version}, &ui.Options{Logger: d.log, SameUser: peer.SameUser})
	if err != nil {
		return "", err
	}
	url, err := u.Listen(context.Background())
	if err != nil {
		return "", err
	}
	// The address only: the token is in the URL's fragment, and the log
	// is printed by `switchboard logs` and pasted into reports.
	addr, _, _ := strings.Cut(url, "#")
	d.log.Info("status page listening", "addr", addr)
	d.page.ui, d.page.url = u, url
	return url, nil
}

// hubSource is the status page's view of the daemon's hub.
type hubSource struct {
	h       *hub.Hub
	version string

	diffMu sync.Mutex
	diffs  map[string]string // Change.Key -> the diff the page shows
}

// maxPageChanges bounds the changes of one identity the page shows
// (each a diff and a form; Approve all still approves the whole set, by
// its digest): a server first seen under quarantineNewServers with
// 10,000 tools made a page of 10,000 of them at every refresh.
const maxPageChanges = 200

// maxPageDiff bounds one change's diff on the page (`switchboard pins
// --diff` shows it whole).
const maxPageDiff = 16 << 10

// diff is c's diff for the page: made once per change (a change's key
// names its content), cut at maxPageDiff. A backend's 500 pending tools
// of 17 kB schemas took 7 s of the daemon to diff at every refresh of
// the page (every 3 s), and sent 31 MB each time.
func (src *hubSource) diff(c trust.Change) string {
	k := c.Key()
	src.diffMu.Lock()
	d, ok := src.diffs[k]
	src.diffMu.Unlock()
	if ok {
		return d
	}
	d = trust.Diff(c.Old, c.New)
	if len(d) > maxPageDiff {
		cutAt := strings.LastIndexByte(d[:maxPageDiff], '\n') + 1
		d = d[:cutAt] + fmt.Sprintf("… (%d more bytes of diff: 'switchboard pins --diff' shows it whole)\n", len(d)-cutAt)
	}
	src.diffMu.Lock()
	if src.diffs == nil || len(src.diffs) >= 20000 {
		src.diffs = map[string]string{}
	}
	src.diffs[k] = d
	src.diffMu.Unlock()
	return d
}

// maxErrorText bounds an error shown on the page.
const maxErrorText = 300

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// Snapshot implements ui.Source. It starts nothing.
func (src *hubSource) Snapshot(ctx context.Context) ui.Snapshot {
	h := src.h
	hs := h.Status()
	snap := ui.Snapshot{Daemon: ui.Daemon{Pid: os.Getpid(), Version: src.version, Uptime: hs.Uptime},
		Backends: []ui.Backend{}, Sessions: []ui.Session{}, Calls: []ui.Call{}, Pending: []ui.Pending{}}
	sessions := h.Sessions()
	type use struct {
		s    *hub.Session
		name string
		l    *pool.Launch
	}
	byKey := map[string][]use{}          // launch key -> who uses it
	byID := map[string]map[string]bool{} // pins identity -> server names
	type roleRow struct {
		owner string // the session whose view it is
		row   ui.ServerRoles
	}
	roles := map[string]*roleRow{} // server -> its roles
	for _, s := range sessions {
		st := s.Status()
		cfg := s.Config()
		for _, name := range st.Servers {
			if l := s.Launch(name); l != nil {
				byKey[l.Key] = append(byKey[l.Key], use{s, name, l})
			}
			if spec := cfg.Servers[name]; spec != nil {
				id := catalog.Identity(spec)
				if byID[id] == nil {
					byID[id] = map[string]bool{}
				}
				byID[id][name] = true
			}
		}
		for _, d := range st.Trifecta {
			snap.Decisions = append(snap.Decisions, ui.Decision{Time: d.Time, Session: st.ID, Outcome: d.Outcome, Setting: d.Setting,
				Call: d.Server + "." + d.Tool, Source: d.Source, Private: d.Private, Scope: d.Scope, Reason: cut(d.Reason, maxErrorText)})
		}
		// A server's roles as the first session that knows its tools
		// sees them (sessions over one config see the same).
		for _, r := range s.Server().KnownToolRoles() {
			sr := roles[r.Server]
			if sr == nil {
				sr = &roleRow{owner: st.ID, row: ui.ServerRoles{Server: r.Server, Tools: []ui.ToolRole{}}}
				roles[r.Server] = sr
			} else if sr.owner != st.ID {
				continue
			}
			if len(r.Roles) == 0 {
				sr.row.Plain++
				continue
			}
			sr.row.Tools = append(sr.row.Tools, ui.ToolRole{Tool: r.Tool, Roles: r.Roles, Why: r.Why})
		}
		tok := s.Server().Status(ctx).Tokens
		snap.Sessions = append(snap.Sessions, ui.Session{ID: st.ID, Client: st.ClientName, ClientVersion: st.ClientVersion, Protocol: st.Protocol,
			Workspace: echo.Path(st.Workspace), Servers: st.Servers, Tokens: ui.Tokens{Direct: tok.Direct, Switchboard: tok.Switchboard, Saved: tok.Saved}})
	}
	for _, name := range slices.Sorted(maps.Keys(roles)) {
		if r := roles[name].row; len(r.Tools) > 0 {
			snap.Roles = append(snap.Roles, r)
		}
	}
	// Newest first, as the calls.
	slices.SortStableFunc(snap.Decisions, func(a, b ui.Decision) int { return b.Time.Compare(a.Time) })
	var allHidden []string // argument values hidden in some identity
	for _, b := range h.Backends() {
		ub := ui.Backend{Servers: b.Names, Key: b.Key[:min(12, len(b.Key))], State: b.State.String(), Pid: b.Pid, Calls: b.Calls,
			Sessions: b.Sessions, Shared: b.Shared}
		if ub.Sessions == nil {
			ub.Sessions = []string{}
		}
		if b.State == pool.Ready {
			ub.Uptime = time.Since(b.Since).Round(time.Second).String()
		}
		var secrets *redact.Secrets
		var argSecrets []string
		if us := byKey[b.Key]; len(us) > 0 {
			u := us[0]
			secrets = u.l.Secrets
			ub.Identity, argSecrets = launchIdentity(u.l)
			allHidden = append(allHidden, argSecrets...)
			if visible, withheld, ok := u.s.Catalog().Count(u.name); ok {
				ub.Tools, ub.Withheld = visible, withheld
			}
		}
		ub.LastError = cut(secrets.String(hideValues(b.LastError, argSecrets)), maxErrorText)
		ub.Note = b.Note // ours: numbers and durations
		snap.Backends = append(snap.Backends, ub)
	}
	for _, c := range h.RecentCalls() {
		snap.Calls = append(snap.Calls, ui.Call{Time: c.Time, Session: c.Session, Client: c.Client, Server: c.Server, Tool: c.Tool,
			Latency: c.Duration, ResultBytes: c.ResultBytes, Outcome: string(c.Outcome), Error: cut(redact.Text(hideValues(c.Err, allHidden)), maxErrorText)})
	}
	names := func(id string) []string { return slices.Sorted(maps.Keys(byID[id])) }
	if pending, err := h.Pins().Pending(); err == nil {
		ids := slices.Sorted(maps.Keys(pending))
		// Identities a running session uses first.
		slices.SortStableFunc(ids, func(a, b string) int { return boolOrder(len(byID[a]) == 0, len(byID[b]) == 0) })
		for _, id := range ids {
			p := ui.Pending{ID: id, Servers: names(id)}
			shown := pending[id]
			if len(shown) > maxPageChanges {
				shown, p.More = shown[:maxPageChanges], len(shown)-maxPageChanges
			}
			for _, c := range shown {
				p.Changes = append(p.Changes, ui.Change{Tool: c.Tool, Status: statusWord(c.Status), Diff: src.diff(c), Key: c.Key()})
			}
			p.Digest = trust.Digest(pending[id])
			if len(p.Changes) > 0 {
				snap.Pending = append(snap.Pending, p)
			}
		}
	}
	if held, err := h.Pins().Held(); err == nil {
		for _, id := range slices.Sorted(maps.Keys(held)) {
			if len(byID[id]) == 0 {
				continue // not configured in any running session
			}
			for _, x := range held[id] {
				snap.Withheld = append(snap.Withheld, ui.Withheld{Servers: names(id), Tool: x.Tool, Rules: strings.Join(x.Rules, "; ")})
			}
		}
	}
	return snap
}

// boolOrder sorts false before true.
func boolOrder(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

// Approve implements ui.Source: what `switchboard approve` does, on the
// pins store every session vets with (so the next lookup in a running
// session sees it).
func (src *hubSource) Approve(ctx context.Context, id string, shown map[string]string) ([]ui.Change, error) {
	return src.approve(id, func() ([]trust.Change, error) { return src.h.Pins().ApproveShown(id, shown) })
}

// ApproveAll implements ui.Source.
func (src *hubSource) ApproveAll(ctx context.Context, id, digest string) ([]ui.Change, error) {
	return src.approve(id, func() ([]trust.Change, error) { return src.h.Pins().ApproveAllShown(id, digest) })
}

func (src *hubSource) approve(id string, do func() ([]trust.Change, error)) ([]ui.Change, error) {
	if !strings.HasPrefix(id, catalog.IdentityPrefix) {
		return nil, errors.New("not a launch identity of this switchboard (legacy pins are approved with `switchboard approve SERVER`)")
	}
	changes, err := do()
	if err != nil {
		return nil, fmt.Errorf("approving: %w", err)
	}
	out := make([]ui.Change, 0, len(changes))
	for _, c := range changes {
		out = append(out, ui.Change{Tool: c.Tool, Status: statusWord(c.Status), Diff: src.diff(c), Key: c.Key()})
	}
	return out, nil
}

// launchIdentity describes l for the page: the command line or URL, the
// effective cwd, env and header names; secrets hidden. It also returns
// the argument values it hid (see hideArgs), to hide in its errors.
func launchIdentity(l *pool.Launch) (string, []string) {
	s := l.Spec
	if s == nil {
		return "(its config did not expand; see the last error)", nil
	}
	var b strings.Builder
	var hidden []string
	if s.Type == config.Stdio {
		var line string
		line, hidden = hideArgs(strings.Join(append([]string{s.Command}, s.Args...), " "))
		b.WriteString(line)
		if l.Cwd != "" {
			fmt.Fprintf(&b, " (cwd %s)", l.Cwd)
		}
		if len(s.Env) > 0 {
			fmt.Fprintf(&b, " (env %s)", strings.Join(slices.Sorted(maps.Keys(s.Env)), ", "))
		}
	} else {
		fmt.Fprintf(&b, "%s %s", s.Type, redact.URL(s.URL))
		if len(s.Headers) > 0 {
			fmt.Fprintf(&b, " (headers %s)", strings.Join(slices.Sorted(maps.Keys(s.Headers)), ", "))
		}
	}
	return l.Secrets.String(b.String()), hidden
}
