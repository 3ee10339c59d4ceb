package rawio

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestFileLimit_SaysTheLimitAndItsFix: an error of a process out of file
// descriptors says so, with the limit and what to run; others pass as
// they are.
func TestFileLimit_SaysTheLimitAndItsFix(t *testing.T) {
	err := FileLimit(fmt.Errorf("creating pipes: %w", &os.SyscallError{Syscall: "pipe2", Err: syscall.EMFILE}))
	msg := err.Error()
	for _, want := range []string{"creating pipes: pipe2: too many open files: this process is at its limit", "ulimit -n 4096", "switchboard daemon stop"} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q lacks %q", msg, want)
		}
	}
	if !errors.Is(err, syscall.EMFILE) {
		t.Errorf("errors.Is(%v, EMFILE) = false", err)
	}
	if again := FileLimit(err); again.Error() != msg {
		t.Errorf("said twice: %q", again)
	}
	// A config problem keeps the system's words only.
	flat := FileLimit(errors.New("/u/config.json: open /u/config.json: too many open files"))
	if !strings.Contains(flat.Error(), "ulimit -n 4096") {
		t.Errorf("%q lacks the fix", flat)
	}
	other := errors.New("pipe2: no space")
	if FileLimit(other) != other || FileLimit(nil) != nil {
		t.Error("another error (or nil) was changed")
	}
}
