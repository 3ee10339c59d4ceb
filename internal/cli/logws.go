package cli

import (
	"fmt"
	"io"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/workspace"
)

// A user server (the user config's, a user plugin's) is one definition for
// every workspace: a stdio one without "cwd" runs in the working directory
// of each session that uses it, one backend per directory, and all of
// them write logs/SERVER.log. Each line, each record of the daemon's log
// about it and each entry of the status it publishes name the directory
// its backend runs for (config.Server.LogWorkspace; "*" for one backend
// serving every workspace: a remote server, one with its own "cwd").
// `logs SERVER` and `servers` show, by default, what is of the workspace
// they are run in, told by logWorkspace: a session started in a
// subdirectory of a workspace is that workspace's.

// logWorkspace is the workspace dir is in: walking up from dir (links
// resolved), the first directory holding a project file
// (.switchboard.json) or a version-control directory (.git, .hg, .jj,
// .svn), not going past home (where a session started in a directory with
// neither above it is that directory's); dir itself when there is none.
// So a session started in wsC/sub is wsC's when wsC is a checkout or has
// a project file, and `logs` run anywhere in wsC shows its lines.
func logWorkspace(dir, home string) string {
	if dir == "" || dir == config.AnyWorkspace {
		return dir
	}
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		dir = r
	} else {
		dir = filepath.Clean(dir)
	}
	if home != "" {
		if r, err := filepath.EvalSymlinks(home); err == nil {
			home = r
		}
		home = filepath.Clean(home)
	}
	return workspace.FindRootWith(dir, home, append([]string{config.ProjectFile}, workspace.VCSMarkers...)...)
}

// wsPick picks a user server's lines and records of one workspace, and
// counts what it leaves out and what it cannot tell.
type wsPick struct {
	root  string            // logWorkspace of where logs runs
	home  string            // HOME, beyond which no workspace is looked for
	roots map[string]string // a line's workspace -> its logWorkspace

	otherLines, otherRecords int             // other workspaces', not shown
	others                   map[string]bool // their workspaces
	olderLines, olderRecords int             // naming no workspace: shown
}

func newWSPick(dir, home string) *wsPick {
	return &wsPick{root: logWorkspace(dir, home), home: home, roots: map[string]string{}, others: map[string]bool{}}
}

// keep reports whether a line or record naming workspace ws (has: whether
// it names one at all) is of p's workspace; counted says whether what it
// leaves out or cannot tell is counted (it is in the --since range).
func (p *wsPick) keep(ws string, has, counted, record bool) bool {
	if !has {
		// Written by an earlier Switchboard: it may be any workspace's.
		if counted {
			if record {
				p.olderRecords++
			} else {
				p.olderLines++
			}
		}
		return true
	}
	if ws == config.AnyWorkspace {
		return true // one backend for every workspace
	}
	root, ok := p.roots[ws]
	if !ok {
		root = logWorkspace(ws, p.home)
		p.roots[ws] = root
	}
	if root == p.root {
		return true
	}
	if counted {
		if record {
			p.otherRecords++
		} else {
			p.otherLines++
		}
		p.others[root] = true
	}
	return false
}

// attr is the value of r's attribute k, and whether it has it.
func (r *logRecord) attr(k string) (string, bool) {
	for _, a := range r.Attrs {
		if a[0] == k {
			return a[1], true
		}
	}
	return "", false
}

// say tells w what p left out of the lines of file and the records of
// daemonLog, and what it showed that names no workspace.
func (p *wsPick) say(w io.Writer, server, file, daemonLog string) {
	name := echo.Quote(server)
	if n := p.otherLines + p.otherRecords; n > 0 {
		others := slices.Sorted(maps.Keys(p.others))
		shown := make([]string, 0, 3)
		for _, o := range others[:min(3, len(others))] {
			shown = append(shown, echo.Path(o))
		}
		more := ""
		if len(others) > 3 {
			more = fmt.Sprintf(" and %d more", len(others)-3)
		}
		fmt.Fprintf(w, "switchboard: %s about the user server %s not shown: they are of its backends in other workspaces (%s%s), and this is %s; every workspace's: `switchboard logs --all %s`\n",
			linesAndRecords(p.otherLines, file, p.otherRecords, daemonLog), name, strings.Join(shown, ", "), more, echo.Path(p.root), shellQuote(server))
	}
	if p.olderLines+p.olderRecords > 0 {
		fmt.Fprintf(w, "switchboard: %s about the user server %s shown name no workspace: an earlier Switchboard wrote them, before a user server's lines named the workspace they are of, so they may be another workspace's\n",
			linesAndRecords(p.olderLines, file, p.olderRecords, daemonLog), name)
	}
}

// sayFollowing tells w, once, that logs -f is leaving out lines or
// records of server that came from its backends in other workspaces.
func (p *wsPick) sayFollowing(w io.Writer, server string) {
	fmt.Fprintf(w, "switchboard: lines of the user server %s from its backends in other workspaces came in and are not shown (this is %s); this is said once: every workspace's: `switchboard logs -f --all %s`\n",
		echo.Quote(server), echo.Path(p.root), shellQuote(server))
}

// linesAndRecords says "3 lines of FILE and 1 record of DAEMONLOG",
// leaving out a part of none.
func linesAndRecords(lines int, file string, recs int, daemonLog string) string {
	var parts []string
	if lines > 0 {
		l := strconv.Itoa(lines) + " lines"
		if lines == 1 {
			l = "1 line"
		}
		parts = append(parts, l+" of "+echo.Path(file))
	}
	if recs > 0 {
		parts = append(parts, records(recs)+" of "+echo.Path(daemonLog))
	}
	return strings.Join(parts, " and ")
}
