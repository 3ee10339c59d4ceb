//go:build unix

package daemon

import (
	"bufio"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// A relaying bridge that is killed ends its session in the daemon at
// once: the call in flight is cancelled (the session's context ends) and
// the session leaves the status. The daemon read the end of the
// connection as the end of the client's input, and its session waited
// for the answers to a client that was gone, until the drain's bound
// (the real transport's: 30 s; the fake's: forever). Killed during a
// call, with its client's stdin open; and killed during the drain that
// follows the end of its client's stdin (it had half-closed the
// connection, and the daemon's first checks found it there). And a
// bridge whose client exited (stdin ended and nobody reads stdout)
// stops its drain, which ends the session the same way; a handed-off
// session whose client exited ends too (the daemon checks the client's
// stdout while it drains), and one whose bridge was killed.
func TestServe_BridgeOrClientGoneEndsTheSession(t *testing.T) {
	for _, tc := range []struct {
		name       string
		handoff    bool
		stdinEnd   bool
		clientGone bool // the bridge is not killed: its client exits
	}{
		{"relay, killed during a call", false, false, false},
		{"relay, killed during the drain", false, true, false},
		{"relay, its client gone", false, true, true},
		{"handoff, killed during a call", true, false, false},
		{"handoff, its client gone", true, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			te := newTestEnv(t)
			dir := filepath.Dir(te.env["SBD_TEST_STARTS"])
			cancelled, eof := filepath.Join(dir, "cancelled"), filepath.Join(dir, "eof")
			te.env["SBD_TEST_CANCELLED"], te.env["SBD_TEST_EOF"] = cancelled, eof // for the daemon the bridge starts
			cmd := exec.Command(te.exe)
			cmd.Env = append(te.environ(), "SBD_TEST_DAEMON=bridge")
			if tc.handoff {
				cmd.Env = append(cmd.Env, "SBD_TEST_HANDOFF=1")
			}
			in, err := cmd.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			out, err := cmd.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			defer cmd.Process.Kill()
			lines := make(chan string, 10)
			go func() {
				s := bufio.NewScanner(out)
				for s.Scan() {
					lines <- s.Text()
				}
				close(lines)
			}()
			next := func(want string) {
				t.Helper()
				select {
				case l := <-lines:
					var m struct {
						ID     any
						Method string
					}
					json.Unmarshal([]byte(l), &m)
					if m.Method != want && !(want == "initialize" && m.ID == float64(1)) {
						t.Fatalf("the bridge wrote %q, want %s", l, want)
					}
				case <-time.After(10 * time.Second):
					t.Fatalf("no %s from the bridge in 10 s", want)
				}
			}
			io.WriteString(in, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`+"\n")
			next("initialize")
			io.WriteString(in, `{"jsonrpc":"2.0","id":2,"method":"hold","params":{}}`+"\n")
			next("holding")
			if tc.stdinEnd {
				in.Close()
				waitFile(t, eof, "the daemon's session to read the end of its input")
				time.Sleep(3 * hangupCheckEvery) // not needed to pass: lets the daemon check the bridge is there
			}
			if tc.clientGone {
				out.Close()
			} else {
				cmd.Process.Kill()
			}
			exited := make(chan error, 1)
			go func() { exited <- cmd.Wait() }()
			waitFile(t, cancelled, "the call in flight to be cancelled after the bridge or its client went away")
			select {
			case err := <-exited:
				if tc.clientGone && err != nil {
					t.Errorf("the bridge whose client went away: %v, want exit 0", err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("the bridge still runs 10 s after its session ended")
			}
			deadline := time.Now().Add(10 * time.Second)
			for len(status(t, te.paths)["sessions"].([]any)) != 0 {
				if time.Now().After(deadline) {
					t.Fatalf("sessions = %v 10 s after the bridge was killed, want none", status(t, te.paths)["sessions"])
				}
				time.Sleep(10 * time.Millisecond)
			}
		})
	}
}

// waitFile polls until file exists, failing after 10 s.
func waitFile(t *testing.T, file, what string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Stat(file); err == nil {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("waited 10 s for %s", what)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
