package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"runtime/debug"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// Set at link time by release builds (make install, make dist):
//
//	-ldflags "-X github.com/switchboard-mcp/switchboard/internal/cli.version=v1.2.3
//	          -X github.com/switchboard-mcp/switchboard/internal/cli.commit=abc123
//	          -X github.com/switchboard-mcp/switchboard/internal/cli.commitTime=2026-12-01T12:00:00Z
//	          -X github.com/switchboard-mcp/switchboard/internal/cli.modified=true"
//
// Empty values fall back to what the Go toolchain recorded in the binary
// (runtime/debug.ReadBuildInfo: the module version and the vcs.* settings).
var (
	version    = ""
	commit     = ""
	commitTime = ""
	modified   = "" // "true": built from a tree with uncommitted changes
)

// BuildInfo is what `switchboard version` reports.
type BuildInfo struct {
	Version    string `json:"version"`              // v1.2.3, a Go pseudo-version, or "dev"
	Commit     string `json:"commit,omitempty"`     // the VCS revision built, "" when unknown
	CommitTime string `json:"commitTime,omitempty"` // its commit time (RFC 3339), "" when unknown
	Modified   bool   `json:"modified,omitempty"`   // built from a tree with uncommitted changes
	Go         string `json:"go"`                   // the Go version that built the binary
	Platform   string `json:"platform"`             // GOOS/GOARCH
}

// Build reports this binary's version: link-time values first, then the
// build info the Go toolchain recorded.
func Build() BuildInfo {
	b := buildFrom(version, commit, commitTime, readBuildInfo())
	if commit != "" {
		b.Modified = modified == "true"
	}
	return b
}

func readBuildInfo() *debug.BuildInfo {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return nil
	}
	return bi
}

// buildFrom merges link-time values (which win) with bi (nil: none).
func buildFrom(v, rev, at string, bi *debug.BuildInfo) BuildInfo {
	b := BuildInfo{Version: v, Commit: rev, CommitTime: at, Go: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi != nil {
		b.Go = bi.GoVersion
		if b.Version == "" && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
			b.Version = bi.Main.Version
		}
		linked := rev != ""
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if b.Commit == "" {
					b.Commit = s.Value
				}
			case "vcs.time":
				if b.CommitTime == "" {
					b.CommitTime = s.Value
				}
			case "vcs.modified":
				if !linked {
					b.Modified = s.Value == "true"
				}
			}
		}
	}
	if b.Version == "" {
		b.Version = "dev"
	}
	return b
}

// Version is this build's version: the link-time value, else the module
// version, else "dev". The daemon handshake uses it (with a digest of the
// binary) to tell builds apart.
func Version() string { return Build().Version }

func (b BuildInfo) String() string {
	s := "switchboard " + b.Version
	if b.Commit != "" {
		rev := b.Commit
		if len(rev) > 12 {
			rev = rev[:12]
		}
		s += "\ncommit " + rev
		if b.Modified {
			s += " (modified)"
		}
		if b.CommitTime != "" {
			s += " " + b.CommitTime
		}
	}
	return s + "\n" + b.Go + " " + b.Platform
}

func runVersion(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "version", "[--json]", "Print the version of switchboard, the commit it was built from and the Go version.")
	asJSON := fs.Bool("json", false, "print it as JSON")
	if err := parse(fs, args); err != nil {
		return err
	}
	if len(fs.Args()) > 0 {
		fmt.Fprintf(e.Stderr, "switchboard version: unexpected argument %s\n", echo.Quote(fs.Arg(0)))
		return errUsage
	}
	b := Build()
	if *asJSON {
		out, err := json.MarshalIndent(b, "", "  ")
		if err != nil {
			return err
		}
		fmt.Fprintf(e.Stdout, "%s\n", out)
		return nil
	}
	fmt.Fprintln(e.Stdout, b)
	return nil
}
