package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/allow"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/redact"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

func runServers(ctx context.Context, e *Env, args []string) error {
	// One write for the table, not one per cell (tabwriter writes each
	// cell and its padding apart): a quarter of the command's time with
	// 50,000 servers went to those writes.
	bw := bufio.NewWriterSize(e.Stdout, 64<<10)
	defer bw.Flush()
	be := *e
	be.Stdout = bw
	e = &be
	var cf configFlags
	fs := newFlags(e, "servers", "[--json]", `
List the configured backend servers: name, transport, state, tool count
(from the catalog), whether it applies in this workspace (its "when"
predicate) and the file each comes from. State, pid and uptime are those
of running 'switchboard serve' processes of this user. Servers whose
"when" does not hold here are listed as "not here" and never started.`)
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
	live := readLiveStatus(st.paths.state)
	type row struct {
		Name      string   `json:"name"`
		Transport string   `json:"transport"`
		State     string   `json:"state"`
		Pid       int      `json:"pid,omitempty"`
		Uptime    string   `json:"uptime,omitempty"`
		Tools     *int     `json:"tools,omitempty"`
		LastError string   `json:"lastError,omitempty"`
		Source    string   `json:"source"`
		Applies   bool     `json:"applies"`
		When      string   `json:"when,omitempty"`      // the predicate, as written
		DecidedBy string   `json:"decidedBy,omitempty"` // the predicate that decided, and why
		Problems  []string `json:"manifestProblems,omitempty"`
		// Cut says why its tools were cut short by a bound of one
		// listing, and how many were left out.
		Cut string `json:"cut,omitempty"`
	}
	var rows []row
	full := st.sess.FullConfig()
	decided := st.sess.Applicability()
	for _, name := range full.Names() {
		spec := full.Servers[name]
		r := row{Name: name, Transport: spec.Type, State: "cold", Source: spec.Source, Applies: true}
		if a, ok := decided[name]; ok && spec.When != nil {
			r.Applies, r.When, r.DecidedBy, r.Problems = a.Applies, spec.When.String(), a.By, a.Problems
		}
		if !r.Applies {
			r.State = "not here"
			rows = append(rows, r)
			continue
		}
		if spec.Disabled {
			r.State = "disabled"
		}
		if spec.Problem != "" {
			r.State, r.LastError = "config error", spec.Problem
		}
		if tools, ok := st.cat.Known(name); ok {
			n := len(tools)
			r.Tools = &n
			if info, _, ok := st.cat.Info(name); ok {
				r.Cut = info.Cut
			}
		}
		dir := e.Dir // where this session runs the server: its workspace
		if l := st.sess.Launch(name); l != nil && l.Spec != nil && l.Spec.Workspace != "" {
			dir = l.Spec.Workspace
		}
		if s, ok := live.of(name, spec, dir, e.Getenv("HOME")); ok && spec.Problem == "" {
			// Redacted by the pool already; the status file may be older.
			r.State, r.Pid, r.LastError = s.State, s.Pid, redact.Text(s.LastError)
			if !s.Since.IsZero() && s.Pid != 0 {
				r.Uptime = ago(time.Since(s.Since))
			}
		}
		rows = append(rows, r)
	}
	// An untrusted project file's servers (init without --trust writes
	// one): listed by name, as its file says, and never started; the
	// file was read as it is, nothing in it expanded.
	untrusted := ""
	if f, ok := untrustedProject(st.paths); ok {
		untrusted = st.paths.project
		for _, name := range f.Order {
			rows = append(rows, row{Name: name, Transport: f.Servers[name].Type, State: "not trusted", Source: untrusted})
		}
	}
	if *asJSON {
		b, _ := json.MarshalIndent(rows, "", "  ")
		fmt.Fprintf(e.Stdout, "%s\n", b)
		return nil
	}
	if len(rows) == 0 {
		fmt.Fprintf(e.Stdout, "No servers configured. Add some to %s, or run 'switchboard init' to import your agents' servers.\n", st.paths.user)
		return nil
	}
	tw := tabwriter.NewWriter(e.Stdout, 2, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "NAME\tTRANSPORT\tSTATE\tPID\tUPTIME\tTOOLS\tAPPLIES\tLAST ERROR\tSOURCE")
	for _, r := range rows {
		tools, pid := "?", "-"
		if r.Tools != nil {
			tools = fmt.Sprint(*r.Tools)
			if r.Cut != "" {
				tools += " (cut)"
			}
		}
		if r.Pid != 0 {
			pid = fmt.Sprint(r.Pid)
		}
		applies := "yes"
		switch {
		case r.State == "not trusted":
			applies = "-"
		case !r.Applies:
			applies = "no"
		case r.When == "":
			applies = "always"
		}
		// A long name is clipped: tabwriter pads every row to the longest
		// (a 300-byte name made each row of the table 300 bytes wider).
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", echo.Clip(r.Name), r.Transport, r.State, pid, dash(r.Uptime), tools, applies, dash(truncate(r.LastError, 60)), r.Source)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	printDecisions(e, st.sess.Root(), func(yield func(name string, applies bool, when, by string, problems []string) bool) {
		for _, r := range rows {
			if r.When != "" && !yield(r.Name, r.Applies, r.When, r.DecidedBy, r.Problems) {
				return
			}
		}
	})
	if untrusted != "" {
		if note := allow.OwnerNote(untrusted, e.sudoUIDs()...); note != "" {
			fmt.Fprintf(e.Stdout, "\n%s is not trusted: its servers are listed, not started; %s: review it, then, if you trust that account, run: switchboard trust %s %s\n", echo.Path(untrusted), note, allow.OtherOwnerFlag, shellQuote(untrusted))
		} else {
			fmt.Fprintf(e.Stdout, "\n%s is not trusted: its servers are listed, not started; review it, then run: switchboard trust %s\n", echo.Path(untrusted), shellQuote(untrusted))
		}
	}
	for _, r := range rows {
		if r.Cut != "" {
			fmt.Fprintf(e.Stdout, "\n%s lists more tools than Switchboard reads: %s\n", echo.Clip(r.Name), r.Cut)
		}
	}
	for _, r := range rows {
		if r.State == "config error" {
			fmt.Fprintf(e.Stdout, "\n%s is disabled by a config error:\n  %s\n", echo.Clip(r.Name), strings.ReplaceAll(r.LastError, "\n", "\n  "))
		}
	}
	return nil
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func truncate(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > n {
		return s[:n-1] + "…"
	}
	return s
}

// printDecisions says, for each server with a "when", whether it applies
// in the workspace root and which predicate decided.
func printDecisions(e *Env, root string, each func(func(name string, applies bool, when, by string, problems []string) bool)) {
	first := true
	each(func(name string, applies bool, when, by string, problems []string) bool {
		if first {
			fmt.Fprintf(e.Stdout, "\nIn %s:\n", echo.Path(root))
			first = false
		}
		verdict := "applies"
		if !applies {
			verdict = "does not apply"
		}
		fmt.Fprintf(e.Stdout, "  %s %s (when %s)\n    decided by %s\n", name, verdict, when, by)
		for _, p := range problems {
			fmt.Fprintf(e.Stdout, "    manifest problem: %s\n", p)
		}
		return true
	})
}

// untrustedProject is the project file of p as it is, parsed (nothing
// expanded), when it exists and the user has not trusted this content;
// ok is false otherwise, or when it cannot be read or parsed (the
// notice on stderr names it).
func untrustedProject(p paths) (f *config.File, ok bool) {
	if p.project == "" {
		return nil, false
	}
	data, err := safefile.Read(p.project)
	if err != nil {
		return nil, false
	}
	if st, err := allow.Check(p.trusted(), p.project, data); err != nil || st == allow.Trusted {
		return nil, false
	}
	f, err = config.Parse(p.project, data)
	return f, err == nil && len(f.Order) > 0
}
