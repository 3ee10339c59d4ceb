//go:build !unix

package cli

import "os"

// pointStderrAt does nothing here: the runtime's own writes keep going
// to the file the daemon was started with.
func pointStderrAt(*os.File) {}
