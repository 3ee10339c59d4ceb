package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

func runPins(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "pins", "[--diff]", `
List tools that are new or changed since they were last approved. Such
tools are quarantined: hidden from list_tools and search, and calls to
them fail, until 'switchboard approve SERVER [TOOL...]'. Also list tools
withheld because their definition looks like a prompt injection, with the
rule that fired; 'switchboard approve --accept-risk SERVER TOOL' shows
that exact definition anyway.`)
	cf.register(fs)
	diff := fs.Bool("diff", false, "show what changed in each tool")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := noArgs(e, fs); err != nil {
		return err
	}
	cfg, p, err := e.loadConfig(&cf, false)
	if err != nil {
		return err
	}
	if err := p.needState(); err != nil {
		return err
	}
	store, err := openPins(e, p.pins())
	if err != nil {
		return err
	}
	pending, err := store.Pending()
	if err != nil {
		return err
	}
	names := map[string][]string{}  // identity -> configured names
	legacy := map[string][]string{} // legacy identity -> configured names
	for _, n := range cfg.Names() {
		id := catalog.Identity(cfg.Servers[n])
		names[id] = append(names[id], n)
		lid := catalog.LegacyIdentity(cfg.Servers[n])
		legacy[lid] = append(legacy[lid], n)
	}
	held, err := store.Held()
	if err != nil {
		return err
	}
	ids := make([]string, 0, len(pending))
	for id := range pending {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	if len(ids) == 0 {
		fmt.Fprintln(e.Stdout, "No tools are waiting for approval.")
	}
	defer printHeld(e, held, names, legacy)
	for _, id := range ids {
		label := pinsLabel(id, names, legacy)
		fmt.Fprintf(e.Stdout, "%s:\n", label)
		for _, c := range pending[id] {
			fmt.Fprintf(e.Stdout, "  %-8s %s\n", statusWord(c.Status), lineName(c.Tool))
			if *diff {
				fmt.Fprintln(e.Stdout, indent(trust.Diff(c.Old, c.New), "      "))
			}
		}
		if len(names[id]) > 0 {
			// --shown: exactly what was listed here, not what the
			// backend changed since.
			fmt.Fprintf(e.Stdout, "  approve with: switchboard approve --shown %s %s\n", trust.Digest(pending[id]), echo.ShellArg(names[id][0]))
		}
	}
	return nil
}

// printHeld lists the tools withheld as poisoned and how to accept them.
func printHeld(e *Env, held map[string][]trust.Hold, names, legacy map[string][]string) {
	ids := make([]string, 0, len(held))
	for id, hs := range held {
		if len(hs) > 0 {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	if len(ids) == 0 {
		return
	}
	fmt.Fprintln(e.Stdout, "Withheld because they look like a prompt injection:")
	for _, id := range ids {
		fmt.Fprintf(e.Stdout, "%s:\n", pinsLabel(id, names, legacy))
		for _, h := range held[id] {
			fmt.Fprintf(e.Stdout, "  %s: %s\n", lineName(h.Tool), strings.Join(h.Rules, "; "))
			if len(names[id]) > 0 {
				fmt.Fprintf(e.Stdout, "    accept the risk with: switchboard approve --accept-risk %s %s\n", echo.ShellArg(names[id][0]), echo.ShellArg(h.Tool))
			}
		}
	}
}

func runApprove(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "approve", "[--accept-risk] SERVER [TOOL...]", `
Show what changed in SERVER's pending tools (all, or the named ones) and
record them as approved, so they become visible and callable. Running
sessions pick the approval up on their next listing; no restart needed.

With --accept-risk, show the named tools that were withheld because their
definition looks like a prompt injection, with the warning, anyway: the
acceptance holds for that exact definition, and a later change is
checked again.

With --shown DIGEST (as 'switchboard pins' prints it, or a quarantine
message for one tool: at least its first 16 hex digits), approve
SERVER's pending changes (all, or the named tools') only if they are
still the ones that listing or message showed: a backend may change a
tool again in between. Without it, at a terminal, the changes waiting
are shown and approved, once you say yes, only as shown; from a script,
what is pending when the command runs is approved, and its diff
printed.`)
	cf.register(fs)
	acceptRisk := fs.Bool("accept-risk", false, "show the named poisoned-looking tools anyway (exact definition only)")
	shown := fs.String("shown", "", "approve the pending changes only if they are those 'switchboard pins' or a quarantine message named with this digest")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() < 1 || (*acceptRisk && fs.NArg() < 2) {
		fs.Usage()
		return errUsage
	}
	cfg, p, err := e.loadConfig(&cf, false)
	if err != nil {
		return err
	}
	spec := cfg.Servers[catalog.Match(fs.Arg(0), cfg.Names(), nil)]
	if spec == nil {
		return fmt.Errorf("unknown server %s; configured: %s", echo.Quote(fs.Arg(0)), namesText(cfg.Names()))
	}
	if err := p.needState(); err != nil {
		return err
	}
	store, err := openPins(e, p.pins())
	if err != nil {
		return err
	}
	var tools []string
	if fs.NArg() > 1 {
		tools = fs.Args()[1:]
	}
	if *acceptRisk && *shown != "" {
		return errors.New("--shown is for approving changes, not with --accept-risk")
	}
	if *acceptRisk {
		// A name given twice once: the second found it accepted and
		// said it was not withheld.
		for _, tool := range slices.Compact(slices.Sorted(slices.Values(tools))) {
			h, err := store.AcceptRisk(catalog.Identity(spec), tool)
			if errors.Is(err, trust.ErrUnknownIdentity) {
				return fmt.Errorf("nothing of server %s was listed here yet, so no tool of it is withheld: run switchboard list %s first", echo.Quote(spec.Name), shellQuote(spec.Name))
			}
			if err != nil {
				return fmt.Errorf("approving %s.%s: %w", spec.Name, tool, err)
			}
			fmt.Fprintf(e.Stdout, "Accepted the risk of %s.%s (%s); it is shown with a warning until its definition changes.\n", spec.Name, lineName(tool), strings.Join(h.Rules, "; "))
		}
		return nil
	}
	var changes []trust.Change
	asked := false // the diffs were shown before the approval
	switch {
	case *shown != "":
		changes, err = store.ApproveDigest(catalog.Identity(spec), tools, *shown)
	case e.interactive():
		var ok bool
		changes, ok, asked, err = confirmApproval(e, store, spec.Name, catalog.Identity(spec), tools)
		if err == nil && !ok {
			fmt.Fprintln(e.Stdout, "Nothing approved.")
			return nil
		}
	default:
		changes, err = store.Approve(catalog.Identity(spec), tools)
	}
	if errors.Is(err, trust.ErrUnknownIdentity) {
		// The store's words name the server by its identity's hash.
		return fmt.Errorf("nothing of server %s was listed here yet, so nothing waits for approval: run switchboard list %s first, then approve what it withholds", echo.Quote(spec.Name), shellQuote(spec.Name))
	}
	if err != nil {
		return fmt.Errorf("approving %s: %w", spec.Name, err)
	}
	if len(changes) == 0 {
		fmt.Fprintf(e.Stdout, "Nothing of %s was waiting for approval.\n", spec.Name)
		return nil
	}
	if !asked {
		for _, c := range changes {
			fmt.Fprintf(e.Stdout, "%s %s.%s\n%s\n", statusWord(c.Status), spec.Name, lineName(c.Tool), indent(trust.Diff(c.Old, c.New), "    "))
		}
	}
	fmt.Fprintf(e.Stdout, "Approved %d tool changes of %s.\n", len(changes), spec.Name)
	return nil
}

// confirmApproval is plain 'approve SERVER [TOOL...]' typed at a
// terminal: it shows what is waiting (all of the server's changes, or the
// named tools'), asks, and approves those changes only if they are still
// the ones shown, as --shown does: a backend that changed a tool while
// the user read had the new definition approved unseen. ok is false when
// the user said no; asked, that the changes were shown before. Scripts
// (stdin not a terminal) approve at once, as before.
func confirmApproval(e *Env, store *trust.Store, server, id string, tools []string) (changes []trust.Change, ok, asked bool, err error) {
	pending, err := store.Pending()
	if err != nil {
		return nil, false, false, err
	}
	shown := pending[id]
	if tools != nil {
		want := map[string]bool{}
		for _, t := range tools {
			want[t] = true
		}
		shown = slices.DeleteFunc(slices.Clone(shown), func(c trust.Change) bool { return !want[c.Tool] })
		if len(shown) < len(want) {
			// Let Approve name what has no pending change.
			changes, err := store.Approve(id, tools)
			return changes, err == nil, false, err
		}
	}
	if len(shown) == 0 {
		return nil, true, false, nil
	}
	for _, c := range shown {
		fmt.Fprintf(e.Stdout, "%s %s.%s\n%s\n", statusWord(c.Status), server, lineName(c.Tool), indent(trust.Diff(c.Old, c.New), "    "))
	}
	fmt.Fprintf(e.Stdout, "Approve these %d changes of %s? [y/N] ", len(shown), server)
	answer, _ := bufio.NewReader(e.Stdin).ReadString('\n')
	if a := strings.ToLower(strings.TrimSpace(answer)); a != "y" && a != "yes" {
		return nil, false, true, nil
	}
	changes, err = store.ApproveDigest(id, tools, trust.Digest(shown))
	return changes, true, true, err
}

// openPins opens the pins store, its warnings (a corrupt file moved
// aside) on e.Stderr.
func openPins(e *Env, path string) (*trust.Store, error) {
	return trust.OpenStoreWith(path, &trust.StoreOptions{Logger: slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))})
}

// pinsLabel names an identity of the pins file for a human: the servers
// configured with it, else what it was.
func pinsLabel(id string, names, legacy map[string][]string) string {
	switch {
	case len(names[id]) > 0:
		return strings.Join(names[id], ", ")
	case !strings.HasPrefix(id, catalog.IdentityPrefix) && len(legacy[id]) > 0:
		return fmt.Sprintf("(legacy pins of %s, from before pins covered env, cwd and headers; not applied) %s",
			strings.Join(legacy[id], ", "), redact.URL(strings.ReplaceAll(id, "\x00", " ")))
	case !strings.HasPrefix(id, catalog.IdentityPrefix):
		return "(legacy pins, not applied) " + redact.URL(strings.ReplaceAll(id, "\x00", " "))
	}
	return "(not configured now) " + id
}

// lineName is a tool name a backend chose as one line of a listing: in
// Go quotes, its controls escaped, when it holds a line break or another
// character strconv escapes (a name "x\nNo tools are waiting for
// approval." printed a line of its own in 'pins', under the real ones;
// the terminal writer escapes the controls that act on a terminal, not a
// newline). Not cut: the name is what 'approve SERVER TOOL' takes.
func lineName(s string) string {
	if q := strconv.Quote(s); q[1:len(q)-1] != s {
		return q
	}
	return s
}

func statusWord(s trust.Status) string {
	switch s {
	case trust.New:
		return "new"
	case trust.Changed:
		return "changed"
	case trust.Removed:
		return "removed"
	}
	return "approved"
}

func indent(s, prefix string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i, l := range lines {
		lines[i] = prefix + l
	}
	return strings.Join(lines, "\n")
}

// namesText lists server names for a message: at most 20, with the count
// past that, and "none" for none (it said "configured: " and nothing).
func namesText(names []string) string {
	switch {
	case len(names) == 0:
		return "none"
	case len(names) > 20:
		return strings.Join(names[:20], ", ") + fmt.Sprintf(", … (%d in all)", len(names))
	}
	return strings.Join(names, ", ")
}
