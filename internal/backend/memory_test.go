//go:build linux

package backend

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/backend/fakebackend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// floodEnv makes this test binary call a backend that writes 2 GiB
// without a newline, with the default limit, and print its peak RSS.
const floodEnv = "SWITCHBOARD_TEST_FLOOD_PARENT"

func init() {
	if os.Getenv(floodEnv) != "" {
		os.Exit(floodParent())
	}
}

func floodParent() int {
	exe, _ := os.Executable()
	spec := &config.Server{Name: "fake", Type: config.Stdio, Command: exe, Env: map[string]string{fakebackend.Env: "normal"}}
	b, err := Start(context.Background(), spec, &Options{Env: without(os.Environ(), floodEnv)})
	if err != nil {
		fmt.Println("error", err)
		return 1
	}
	tool, args := "flood", `{"bytes":2147483648}`
	if n := os.Getenv("FLOOD_BIG"); n != "" { // measuring a large valid result by hand
		tool, args = "big", `{"bytes":`+n+`}`
	}
	_, err = b.CallTool(context.Background(), tool, []byte(args))
	b.Close()
	status, _ := os.ReadFile("/proc/self/status")
	for line := range strings.Lines(string(status)) {
		if strings.HasPrefix(line, "VmHWM:") {
			fmt.Printf("%s %v\n", strings.Fields(line)[1], err)
			return 0
		}
	}
	fmt.Println("error no VmHWM")
	return 1
}

func TestFlood_ParentPeakMemoryStaysUnder256MiB(t *testing.T) {
	if raceEnabled {
		t.Skip("not measured under -race: the race detector's shadow memory inflates RSS several times")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "-test.run=^$")
	cmd.Env = append(os.Environ(), floodEnv+"=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("flood parent: %v: %s", err, out)
	}
	kb, callErr, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	n, err := strconv.Atoi(kb)
	if err != nil {
		t.Fatalf("flood parent said %q", out)
	}
	t.Logf("peak RSS %d MiB after a 2 GiB line; call error: %s", n>>10, callErr)
	if !strings.Contains(callErr, "over the limit of 32 MiB") {
		t.Errorf("the call did not fail on the default limit: %s", callErr)
	}
	if n > 256<<10 {
		t.Errorf("peak RSS %d MiB, want under 256 MiB", n>>10)
	}
}
