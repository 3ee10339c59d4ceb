package daemon

import (
	"runtime/debug"
	"strings"
)

// Other is a daemon process of this user's state directory that does not
// listen on its socket (see Others).
type Other struct {
	PID int `json:"pid"`
	// Exe is its binary's path (" (deleted)" after it when the file was
	// replaced or removed); "" when unknown.
	Exe string `json:"exe,omitempty"`
	// Version and Commit are its build's, as recorded in the binary (a
	// release's link-time values, else the Go toolchain's); "" when
	// unknown.
	Version string `json:"version,omitempty"`
	Commit  string `json:"commit,omitempty"`
}

// cliPkg is where release builds set the version and commit at link time.
const cliPkg = "github.com/switchboard-mcp/switchboard/internal/cli."

// buildVersion is the version and commit bi records: the -X values of a
// release build's -ldflags first, then the module version and
// vcs.revision.
func buildVersion(bi *debug.BuildInfo) (version, commit string) {
	for _, s := range bi.Settings {
		switch s.Key {
		case "-ldflags":
			for _, f := range strings.Fields(s.Value) {
				f = strings.Trim(f, `"'`)
				if v, ok := strings.CutPrefix(f, cliPkg+"version="); ok {
					version = v
				}
				if v, ok := strings.CutPrefix(f, cliPkg+"commit="); ok {
					commit = v
				}
			}
		}
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.revision" && commit == "" {
			commit = s.Value
		}
	}
	if version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		version = bi.Main.Version
	}
	return version, commit
}
