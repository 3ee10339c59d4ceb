package cli

import (
	"context"
	"os"
	"strings"
	"testing"
)

// exec's limits are said as execute says them: "script timed out after
// 1s" and "InternalError: out of memory" named neither the limit nor how
// to raise it.
func TestExec_ALimitSaysHowToRaiseIt(t *testing.T) {
	w := newCLIWorld(t)
	exe, _ := os.Executable()
	t.Setenv("SWITCHBOARD_TEST_MAIN", "1") // the worker's environment is ours
	run := func(args ...string) (int, string, string) {
		e, out, errb := w.envFor(args...)
		e.Executable = exe // the test binary, switchboard with SWITCHBOARD_TEST_MAIN=1
		e.Environ = func() []string { return []string{"SWITCHBOARD_TEST_MAIN=1", "PATH=" + os.Getenv("PATH")} }
		code := Main(context.Background(), e)
		return code, out.String(), errb.String()
	}
	// Under load the worker may be killed at the limit ("…after 3s; its
	// worker was killed; give it …").
	limit := "3s"
	code, _, errs := run("exec", "--timeout", limit, "-e", "while (true) {}")
	if strings.Contains(errs, "waiting for a script worker") {
		// A machine too loaded to start a worker in 3s says so (and
		// that error is not the script's own, so it has no hint):
		// the script is given the time to run out of instead.
		t.Logf("the worker did not start within %s (%s); again with 15s", limit, strings.TrimSpace(errs))
		limit = "15s"
		code, _, errs = run("exec", "--timeout", limit, "-e", "while (true) {}")
	}
	if code == 0 || !strings.Contains(errs, "script timed out after "+limit) || !strings.Contains(errs, "; give it more time with --timeout (without it, settings.executeTimeout: 30s)") {
		t.Errorf("timeout: exit %d\n%s", code, errs)
	}
	code, _, errs = run("exec", "-e", `return "x".repeat(400 * 1024 * 1024)`)
	if code == 0 || !strings.Contains(errs, "out of memory (a script may use 256 MiB, settings.scriptMemoryMB)") {
		t.Errorf("memory: exit %d\n%s", code, errs)
	}
}
