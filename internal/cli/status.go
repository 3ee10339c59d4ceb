package cli

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/pool"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// A running serve process publishes its backends' states in
// <state>/status/<pid>.json so that 'switchboard servers' in another
// process can show them, each by the definition it runs: its server's
// name and project, and for a user server the workspace it runs for
// (config.Server.LogWorkspace). An earlier version's file is a map by
// name only; one of rounds 117 to 119 names no user server's workspace.

// statusFile is what a serve process publishes.
type statusFile struct {
	Version  int          `json:"version"` // statusVersion
	Backends []liveStatus `json:"backends"`
}

// statusVersion is the version of statusFile.
const statusVersion = 2

type liveStatus struct {
	Name string `json:"name"`
	// Project is the project that defines the server
	// (config.Server.Project); "" for a user server. The daemon runs a
	// server "db" of one workspace and one of another: a row of
	// `servers` shows only its own definition's status.
	Project string `json:"project,omitempty"`
	// Workspace is, for a user server, the directory its backend runs
	// in for its sessions, "*" for one serving every workspace
	// (config.Server.LogWorkspace); "" for a project's server, and in a
	// file of an earlier version. A user server used in two workspaces
	// runs one backend in each: `servers` shows the row's own.
	Workspace string    `json:"workspace,omitempty"`
	State     string    `json:"state"`
	Pid       int       `json:"pid,omitempty"`
	Since     time.Time `json:"since"`
	LastError string    `json:"lastError,omitempty"`
}

func statusPath(stateDir string) string {
	return filepath.Join(stateDir, "status", strconv.Itoa(os.Getpid())+".json")
}

// writeStatus publishes p's status when it differs from last, the JSON
// written before (nil at first); it returns what it wrote. Best effort.
func writeStatus(stateDir string, backends []pool.Status, last []byte) []byte {
	m := map[liveKey]liveStatus{}
	var order []liveKey
	for _, s := range backends {
		for _, name := range s.Names {
			k := liveKey{name, s.Project, s.Workspace}
			old, ok := m[k]
			if ok && old.Pid != 0 {
				continue // another session's launch of name runs
			}
			if !ok {
				order = append(order, k)
			}
			m[k] = liveStatus{Name: name, Project: s.Project, Workspace: s.Workspace, State: strings.ToLower(s.State.String()), Pid: s.Pid, Since: s.Since, LastError: s.LastError}
		}
	}
	f := statusFile{Version: statusVersion, Backends: []liveStatus{}}
	for _, k := range order {
		f.Backends = append(f.Backends, m[k])
	}
	b, err := json.Marshal(f)
	if err != nil || bytes.Equal(b, last) {
		return last
	}
	path := statusPath(stateDir)
	if os.MkdirAll(filepath.Dir(path), 0o700) != nil {
		return last
	}
	if atomicfile.WriteOwn(path, b, 0o600) != nil {
		return last
	}
	return b
}

func removeStatus(stateDir string) { os.Remove(statusPath(stateDir)) }

// publishStatus writes the status of backends every second until stop is
// closed, then removes the file. The first write waits for the first
// tick: at start nothing runs yet, and a missing file reads as "cold",
// so start-up does not pay for a write (and its fsync) it does not need.
// A panic (the pool's status, the write) is logged on log and publishing
// ends, the file removed: `servers` reads the backends as cold. It ended
// the daemon with every session, or a standalone serve.
func publishStatus(stateDir string, backends func() []pool.Status, stop <-chan struct{}, log *slog.Logger) {
	defer panics.Recover(log, "publishing the backends' status", nil)
	defer removeStatus(stateDir)
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	var last []byte
	for {
		select {
		case <-stop:
			return
		case <-tick.C:
		}
		last = writeStatus(stateDir, backends(), last)
	}
}

// liveKey is a server's definition: its name and project
// (config.Server.Project, "" for a user server), and for a user server
// the workspace it runs for.
type liveKey struct{ name, project, workspace string }

// liveStatuses are the status files of live serve processes, merged.
type liveStatuses map[liveKey]liveStatus

// of is the status of the server spec (named name) as a session in dir
// runs it: a project's server's by its name and project; a user server's
// of the workspace dir is in (logWorkspace: a backend in another
// directory of it counts, the one in dir first, a running one before a
// cold one), or of its backend for every workspace ("*"), else what an
// earlier version published naming no workspace, which may be any
// workspace's (as logs/SERVER.log's older lines are).
func (l liveStatuses) of(name string, spec *config.Server, dir, home string) (liveStatus, bool) {
	if spec.Project != "" {
		s, ok := l[liveKey{name, spec.Project, ""}]
		return s, ok
	}
	here := logWorkspace(dir, home)
	exact := logWorkspace(dir, "") // dir, links resolved
	var best liveStatus
	rank := 0 // of best: 1 named no workspace, 2 cold of this workspace, 3 running, 4 running in dir
	for k, s := range l {
		if k.name != name || k.project != "" {
			continue
		}
		r := 1
		switch {
		case k.workspace == "":
		case k.workspace == config.AnyWorkspace || logWorkspace(k.workspace, home) == here:
			r = 2
			if s.Pid != 0 {
				r = 3
				if logWorkspace(k.workspace, "") == exact {
					r = 4
				}
			}
		default:
			continue // another workspace's backend
		}
		if r > rank {
			best, rank = s, r
		}
	}
	return best, rank > 0
}

// readLiveStatus merges the status files of live serve processes: a
// running backend wins over a cold one. An earlier version's file names a
// server by its name only, so its entries may be any workspace's: they
// are read as the user's servers' (as logs/SERVER.log's older lines are),
// never as a project's.
func readLiveStatus(stateDir string) liveStatuses {
	out := liveStatuses{}
	files, _ := filepath.Glob(filepath.Join(stateDir, "status", "*.json"))
	for _, f := range files {
		pid, err := strconv.Atoi(strings.TrimSuffix(filepath.Base(f), ".json"))
		if err != nil {
			continue
		}
		if processGone(pid) {
			os.Remove(f) // its serve process is gone
			continue
		}
		b, err := safefile.Read(f)
		if err != nil {
			continue
		}
		var sf statusFile
		if json.Unmarshal(b, &sf) != nil || sf.Version != statusVersion {
			var m map[string]liveStatus
			if json.Unmarshal(b, &m) != nil {
				continue
			}
			sf.Backends = sf.Backends[:0]
			for name, s := range m {
				s.Name, s.Project = name, ""
				sf.Backends = append(sf.Backends, s)
			}
		}
		for _, s := range sf.Backends {
			if s.Project != "" {
				s.Workspace = "" // a project's server is its project's
			}
			k := liveKey{s.Name, s.Project, s.Workspace}
			if old, ok := out[k]; !ok || (old.Pid == 0 && s.Pid != 0) {
				out[k] = s
			}
		}
	}
	return out
}
