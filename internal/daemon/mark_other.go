//go:build !unix

package daemon

import (
	"fmt"
	"runtime"
)

const markPrefix = "mark-"

// mark is a daemon session's count of lines read (mark_unix.go); there is
// no daemon here.
type mark struct{}

func newMark(string) (*mark, string, error) {
	return nil, "", fmt.Errorf("mark files are not supported on %s", runtime.GOOS)
}

func openMark(string, string) (*mark, error) {
	return nil, fmt.Errorf("mark files are not supported on %s", runtime.GOOS)
}

func (*mark) store(uint64)            {}
func (*mark) load() uint64            { return 0 }
func (*mark) get64(int) uint64        { return 0 }
func (*mark) set64(int, uint64)       {}
func (*mark) get32(int) uint32        { return 0 }
func (*mark) set32(int, uint32)       {}
func (*mark) with(f func(mem []byte)) { f(nil) }
func (*mark) close()                  {}
