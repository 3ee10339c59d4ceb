package cli

import (
	"context"
	"fmt"
	"runtime/debug"
)

// version is set at link time (-ldflags "-X ...cli.version=v1.2.3").
var version = ""

// Version is this build's version: the link-time value, else the module
// version, else "dev".
func Version() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

func runVersion(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "version", "", "Print the version of switchboard.")
	if err := parse(fs, args); err != nil {
		return err
	}
	fmt.Fprintf(e.Stdout, "switchboard %s\n", Version())
	return nil
}
