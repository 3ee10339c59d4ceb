//go:build unix

package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"syscall"
	"testing"
	"unicode"
)

// terminalControls lists the characters of out that would act on a
// terminal rather than be shown.
func terminalControls(out string) []rune {
	var bad []rune
	for _, r := range out {
		if r != '\n' && r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) || r == unicode.ReplacementChar) {
			bad = append(bad, r)
		}
	}
	return bad
}

// What a backend writes on stderr reaches `switchboard logs` as text:
// its escape sequences (clear the screen, set the window title), carriage
// returns (overwrite the line shown), C1 controls and bidirectional
// overrides went to the user's terminal as they were. --json keeps the
// value.
func TestLogs_BackendStderrCannotDriveTheTerminal(t *testing.T) {
	w := newCLIWorld(t)
	hostile := "before \x1b[2J\x1b]0;PWNED\x07 cleared\rforged \u009b31m \u202etxt.exe\u202c bad\x9b byte"
	w.write(w.state("logs", "hb.log"), "2026-12-03T18:41:56.759Z stderr: "+hostile+"\n")
	out := w.mustRun("logs", "hb")
	if bad := terminalControls(out); len(bad) > 0 {
		t.Errorf("logs printed terminal controls %q:\n%q", bad, out)
	}
	for _, want := range []string{`\u001b[2J`, `\u001b]0;PWNED\u0007`, `\u000dforged`, `\u009b31m`, `\u202etxt.exe\u202c`, `bad\x9b byte`} {
		if !strings.Contains(out, want) {
			t.Errorf("logs does not show %s:\n%s", want, out)
		}
	}
	out = w.mustRun("logs", "hb", "--json")
	if bad := terminalControls(out); len(bad) > 0 {
		t.Errorf("logs --json printed terminal controls %q:\n%q", bad, out)
	}
	var rec map[string]string
	if err := json.Unmarshal([]byte(strings.TrimSpace(out)), &rec); err != nil {
		t.Fatalf("logs --json: %v\n%s", err, out)
	}
	if want := strings.Split(hostile, " bad")[0]; !strings.HasPrefix(rec["msg"], want) {
		t.Errorf("logs --json msg = %q, want it to start with %q", rec["msg"], want)
	}
}

// A rune cut between two writes is written whole; serve and the helper
// commands write their protocol unchanged.
func TestTermWriter_RunesAcrossWritesAndRawCommands(t *testing.T) {
	var b bytes.Buffer
	tw := newTermWriter(&b)
	s := "é\u202e"
	for i := range len(s) {
		tw.Write([]byte{s[i]})
	}
	tw.Write([]byte{0xe2})
	tw.Flush()
	if got := b.String(); got != `é\u202e\xe2` {
		t.Errorf("got %q", got)
	}
	for _, c := range commands() {
		raw := rawOutput(c, []string{daemonRunCmd})
		want := c.hidden || c.name == "serve" || c.name == "completion" || c.name == "daemon"
		if raw != want {
			t.Errorf("%s: raw output %v, want %v", c.name, raw, want)
		}
	}
	if rawOutput(command{name: "daemon"}, []string{"status"}) {
		t.Error("daemon status: raw output")
	}
}

// A FIFO in place of a backend's log or the daemon's log is passed over
// (logs) or named (daemon logs): opening it waited for a writer, for
// ever.
func TestLogs_FIFOInPlaceOfALogDoesNotHang(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.state("logs", "hb.log"), "2026-12-03T18:41:56.759Z stderr: fine\n")
	if err := syscall.Mkfifo(w.state("logs", "evil.log"), 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	if err := syscall.Mkfifo(w.state("daemon.log"), 0o600); err != nil {
		t.Fatal(err)
	}
	if out := w.mustRun("logs"); !strings.Contains(out, "stderr: fine") {
		t.Errorf("logs:\n%s", out)
	}
}

// failWriter fails every write, as stdout on a full disk or closed.
type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("no space left on device") }

// A command whose output cannot be written fails, naming the error; it
// exited 0 with nothing written (switchboard list > /dev/full).
func TestMain_FailsWhenOutputCannotBeWritten(t *testing.T) {
	var errb bytes.Buffer
	code := Main(context.Background(), &Env{
		Args: []string{"version"}, Stdin: strings.NewReader(""), Stdout: failWriter{}, Stderr: &errb,
		Getenv: func(string) string { return "" }, LookupEnv: func(string) (string, bool) { return "", false },
		Environ: func() []string { return nil }, Dir: t.TempDir(),
	})
	if code != 1 || !strings.Contains(errb.String(), "switchboard version: writing output: no space left on device") {
		t.Errorf("exit %d, stderr %q", code, errb.String())
	}
}
