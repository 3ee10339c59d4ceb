package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/script"
	"github.com/switchboard-mcp/switchboard/internal/server"
)

func runExec(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "exec", "[--timeout D] SCRIPT_FILE | - | -e CODE", `
Run a script the way execute does and print its JSON result on stdout;
console output goes to stderr. Exits 1 when the script fails.

Example:
  switchboard exec -e 'return await demo.add({a: 2, b: 3})'`)
	cf.register(fs)
	code := fs.String("e", "", "the script itself instead of a file")
	timeout := durationFlag(fs, "timeout", 0, "time limit, a `duration` such as 30s (default: settings.executeTimeout)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if *timeout < 0 {
		return fmt.Errorf("--timeout %v: want a time limit, such as 30s (0: settings.executeTimeout)", *timeout)
	}
	src := *code
	switch {
	case src != "" && fs.NArg() > 0:
		return fmt.Errorf("give a script file or -e, not both")
	case src == "" && fs.NArg() == 0:
		return badArgs(e, fs, "give the script: a file, - to read it from stdin, or -e CODE")
	case src == "" && fs.NArg() > 1:
		return badArgs(e, fs, "give one script file, not %d arguments (quote a script given with -e)", fs.NArg())
	case src == "":
		b, err := readScript(e, fs.Arg(0))
		if err != nil {
			return fmt.Errorf("reading script: %w", err)
		}
		src = string(b)
	}
	st, err := e.openStack(&cf, true, stackOptions{audit: true})
	if err != nil {
		return err
	}
	defer st.Close()
	res := st.srv.Execute(ctx, src, time.Duration(*timeout))
	if res.Log != "" {
		fmt.Fprint(e.Stderr, res.Log)
		if res.Log[len(res.Log)-1] != '\n' {
			fmt.Fprintln(e.Stderr)
		}
	}
	if note := server.CancelledNote(res.Cancelled, res.Err); note != "" {
		fmt.Fprintln(e.Stderr, note)
	}
	if res.Err != nil {
		// The limits, as execute says them to a client (which sets its
		// time with timeout_ms): "script timed out after 10s" and
		// "InternalError: out of memory" named neither.
		switch {
		case server.RanOutOfTime(res.Err):
			def := st.cfg.Settings.ExecuteTimeout.D()
			res.Err.Message += fmt.Sprintf("; give it more time with --timeout (without it, settings.executeTimeout: %v), %s", def, server.DoLess(len(res.Cancelled), true))
		case res.Err.Kind == script.KindMemory && strings.Contains(res.Err.Message, "out of memory"):
			res.Err.Message += st.srv.MemoryHint()
		}
		return errors.New(server.ErrorText(res.Err))
	}
	fmt.Fprintf(e.Stdout, "%s\n", res.Value)
	return nil
}

// maxScriptFile bounds a script read from a file or stdin: exec
// /dev/zero read until the kernel killed it. A pipe (<(...), -) is fine.
const maxScriptFile = 16 << 20

// readScript reads the script named by arg ("-": stdin), at most
// maxScriptFile bytes.
func readScript(e *Env, arg string) ([]byte, error) {
	var r io.Reader = e.Stdin
	name := "stdin"
	if arg != "-" {
		f, err := os.Open(e.abs(arg))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r, name = f, arg
	}
	b, err := io.ReadAll(io.LimitReader(r, maxScriptFile+1))
	if err != nil {
		return nil, err
	}
	if len(b) > maxScriptFile {
		return nil, fmt.Errorf("%s holds more than %d bytes: a script is the body of a function, not data; read data with a tool", name, maxScriptFile)
	}
	return b, nil
}
