package cli

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// zeros is an endless reader, as /dev/zero or `yes | switchboard exec -`.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// exec reads a script of at most 16 MiB: exec /dev/zero (or an endless
// stdin) read until the kernel killed it.
func TestExec_BoundsTheScriptItReads(t *testing.T) {
	dir := t.TempDir()
	run := func(stdin io.Reader, args ...string) (string, int) {
		var out, errb bytes.Buffer
		code := Main(context.Background(), &Env{
			Args: append([]string{"exec"}, args...), Stdin: stdin, Stdout: &out, Stderr: &errb,
			Getenv: func(string) string { return "" }, LookupEnv: func(string) (string, bool) { return "", false },
			Environ: func() []string { return nil }, Dir: dir,
		})
		return errb.String(), code
	}
	if errs, code := run(zeros{}, "-"); code == 0 || !strings.Contains(errs, "reading script: stdin holds more than 16777216 bytes") {
		t.Errorf("endless stdin: exit %d, %q", code, errs)
	}
	if _, err := os.Stat("/dev/zero"); err == nil {
		if errs, code := run(strings.NewReader(""), "/dev/zero"); code == 0 || !strings.Contains(errs, "reading script: /dev/zero holds more than") {
			t.Errorf("/dev/zero: exit %d, %q", code, errs)
		}
	}
	os.WriteFile(filepath.Join(dir, "big.js"), make([]byte, 16<<20+1), 0o600)
	if errs, code := run(strings.NewReader(""), "big.js"); code == 0 || !strings.Contains(errs, "big.js holds more than") {
		t.Errorf("big file: exit %d, %q", code, errs)
	}
}

// A negative --timeout is refused (it ran with settings.executeTimeout,
// without a word), for exec and skills run alike.
func TestExec_NegativeTimeoutIsRefused(t *testing.T) {
	dir := t.TempDir()
	for _, args := range [][]string{{"exec", "--timeout", "-1s", "-e", "return 1"}, {"skills", "--timeout", "-5s", "run", "x"}} {
		var out, errb bytes.Buffer
		code := Main(context.Background(), &Env{
			Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
			Getenv: func(string) string { return "" }, LookupEnv: func(string) (string, bool) { return "", false },
			Environ: func() []string { return nil }, Dir: dir,
		})
		if code == 0 || !strings.Contains(errb.String(), ": want a time limit, such as 30s (0: settings.executeTimeout)") || out.Len() != 0 {
			t.Errorf("%v: exit %d, %q %q", args, code, out.String(), errb.String())
		}
	}
}

// With no HOME and no XDG_* (an `env -i` launcher), exec wrote pins.json,
// the catalog cache, the audit log and the logs into the working
// directory, often a repository, and read a pins.json or catalog/ a clone
// ships there as its own. It refuses, saying what to set, and writes
// nothing there.
func TestExec_WithoutHomeWritesNothingInTheWorkingDirectory(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir) // the relative paths were the process's working directory
	os.WriteFile(filepath.Join(dir, "pins.json"), []byte(`{"planted": true}`), 0o600)
	var out, errb bytes.Buffer
	code := Main(context.Background(), &Env{
		Args: []string{"exec", "-e", "return await demo.add({a: 1, b: 2})"}, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
		Getenv: func(string) string { return "" }, LookupEnv: func(string) (string, bool) { return "", false },
		Environ: func() []string { return nil }, Dir: dir,
	})
	if code == 0 || !strings.Contains(errb.String(), "no directory for Switchboard's state and cache") || !strings.Contains(errb.String(), "set HOME") {
		t.Errorf("exit %d: %q %q", code, out.String(), errb.String())
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("the working directory holds %v, want only the planted pins.json", names)
	}
}
