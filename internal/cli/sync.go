package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/hub"
)

func runSync(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "sync", "[--json]", `
Re-resolve which servers apply in this workspace: read the manifests and
lock files their "when" predicates name again, report which servers
apply and which predicate decided, and what changed since the last sync
here. Every running Switchboard session in this workspace (the daemon's
and standalone ones) re-resolves too, at once (its client gets
tools/list_changed when its set changed). With settings.autoSync off
this is the only way a session's set changes.`)
	cf.register(fs)
	asJSON := fs.Bool("json", false, "print JSON")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := noArgs(e, fs); err != nil {
		return err
	}
	st, err := e.openStack(&cf, true, stackOptions{inProcessScripts: true})
	if err != nil {
		return err
	}
	defer st.Close()
	root := st.sess.Root()
	if root == "" {
		return fmt.Errorf("no workspace: run switchboard sync inside a project directory")
	}
	full := st.sess.FullConfig()
	decided := st.sess.Applicability()
	var applicable []string
	for _, n := range full.Names() {
		if decided[n].Applies {
			applicable = append(applicable, n)
		}
	}
	prev := hub.LastSync(st.paths.state, root)
	var added, removed []string
	if prev != nil {
		for _, n := range applicable {
			if !slices.Contains(prev.Applicable, n) {
				added = append(added, n)
			}
		}
		for _, n := range prev.Applicable {
			if !slices.Contains(applicable, n) {
				removed = append(removed, n)
			}
		}
	}
	if err := hub.RequestSync(st.paths.state, root, applicable); err != nil {
		return err
	}
	if *asJSON {
		type server struct {
			Name      string   `json:"name"`
			Applies   bool     `json:"applies"`
			When      string   `json:"when,omitempty"`
			DecidedBy string   `json:"decidedBy"`
			Files     []string `json:"files,omitempty"`
			Problems  []string `json:"manifestProblems,omitempty"`
		}
		out := struct {
			Root      string   `json:"root"`
			FirstSync bool     `json:"firstSync"`
			Added     []string `json:"added"`
			Removed   []string `json:"removed"`
			Servers   []server `json:"servers"`
		}{Root: root, FirstSync: prev == nil, Added: orEmpty(added), Removed: orEmpty(removed), Servers: []server{}}
		for _, n := range full.Names() {
			a := decided[n]
			sv := server{Name: n, Applies: a.Applies, DecidedBy: a.By, Files: a.Files, Problems: a.Problems}
			if w := full.Servers[n].When; w != nil {
				sv.When = w.String()
			}
			out.Servers = append(out.Servers, sv)
		}
		b, _ := json.MarshalIndent(out, "", "  ")
		fmt.Fprintf(e.Stdout, "%s\n", b)
		return nil
	}
	// A server whose entry has a problem (a malformed "when" among them:
	// it is dropped, so the server "applies" everywhere) is never
	// started: said with the count and each change, not only below.
	broken := 0
	for _, n := range applicable {
		if full.Servers[n].Problem != "" {
			broken++
		}
	}
	if broken > 0 {
		fmt.Fprintf(e.Stdout, "Workspace %s: %d of %d servers apply; %d of them are disabled by a config error and do not start (`switchboard servers` says why).\n", echo.Path(root), len(applicable), len(full.Servers), broken)
	} else {
		fmt.Fprintf(e.Stdout, "Workspace %s: %d of %d servers apply.\n", echo.Path(root), len(applicable), len(full.Servers))
	}
	switch {
	case prev == nil:
		fmt.Fprintln(e.Stdout, "First sync here: nothing to compare with.")
	case len(added)+len(removed) == 0:
		fmt.Fprintf(e.Stdout, "No change since the last sync (%s).\n", prev.At.Local().Format("2006-01-02 15:04:05"))
	default:
		for _, n := range added {
			if full.Servers[n].Problem != "" {
				fmt.Fprintf(e.Stdout, "+ %s now applies, but is disabled by a config error (`switchboard servers` says why)\n", n)
				continue
			}
			fmt.Fprintf(e.Stdout, "+ %s now applies\n", n)
		}
		for _, n := range removed {
			fmt.Fprintf(e.Stdout, "- %s no longer applies\n", n)
		}
	}
	printDecisions(e, root, func(yield func(name string, applies bool, when, by string, problems []string) bool) {
		for _, n := range full.Names() {
			if w := full.Servers[n].When; w != nil {
				a := decided[n]
				if !yield(n, a.Applies, w.String(), a.By, a.Problems) {
					return
				}
			}
		}
	})
	fmt.Fprintln(e.Stdout, "\nRunning sessions in this workspace re-resolve now.")
	return nil
}

func orEmpty(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
