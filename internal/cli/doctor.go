package cli

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

func runDoctor(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "doctor", "[server...]", `
Start each configured server (or the named ones) once and report its
handshake time, tool count and protocol version, or the problem in plain
words. Refreshes the tool catalog as a side effect.`)
	cf.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	st, err := e.openStack(&cf, true, stackOptions{inProcessScripts: true})
	if err != nil {
		return err
	}
	defer st.Close()
	names := st.cat.Servers()
	if fs.NArg() > 0 {
		names = fs.Args()
	}
	if len(st.cfg.Files) == 0 {
		fmt.Fprintf(e.Stdout, "config: none; using the built-in demo backend (create %s)\n", st.paths.user)
	} else {
		fmt.Fprintf(e.Stdout, "config: %s\n", strings.Join(st.cfg.Files, ", "))
	}
	failed := 0
	for _, name := range names {
		spec := st.cat.Spec(name)
		fmt.Fprintf(e.Stdout, "%s: ", name)
		if spec == nil {
			fmt.Fprintf(e.Stdout, "not configured\n")
			failed++
			continue
		}
		if spec.Problem != "" {
			fmt.Fprintf(e.Stdout, "PROBLEM: disabled by a config error: %s\n", spec.Problem)
			failed++
			continue
		}
		if spec.Disabled {
			fmt.Fprintf(e.Stdout, "disabled in %s\n", spec.Source)
			continue
		}
		if hint := commandProblem(spec); hint != "" {
			fmt.Fprintf(e.Stdout, "PROBLEM: %s\n", hint)
			failed++
			continue
		}
		t0 := time.Now()
		sctx, cancel := context.WithTimeout(ctx, st.cfg.Settings.StartTimeout.D())
		err := st.cat.Refresh(sctx, name)
		cancel()
		if err != nil {
			fmt.Fprintf(e.Stdout, "PROBLEM after %s: %v\n", ago(time.Since(t0)), err)
			failed++
			continue
		}
		info, _, _ := st.cat.Info(name)
		tools, _ := st.cat.Known(name)
		fmt.Fprintf(e.Stdout, "ok in %s: %d tools, protocol %s, %s %s", ago(time.Since(t0)), len(tools), dash(info.ProtocolVersion), info.ServerName, info.ServerVersion)
		if w := st.cat.Withheld(name); len(w) > 0 {
			fmt.Fprintf(e.Stdout, "; %d tools withheld (see 'switchboard pins')", len(w))
		}
		fmt.Fprintln(e.Stdout)
	}
	for _, w := range st.shadowing() {
		fmt.Fprintf(e.Stdout, "warning: %s\n", w)
	}
	fmt.Fprint(e.Stdout, st.srv.TrifectaReport())
	if failed > 0 {
		return fmt.Errorf("%d of %d servers have problems", failed, len(names))
	}
	return nil
}

// commandProblem explains a stdio command that cannot run, before trying.
func commandProblem(s *config.Server) string {
	if s.Type != config.Stdio {
		return ""
	}
	cmd := s.Command
	if strings.Contains(cmd, "${") {
		return ""
	}
	if filepath.IsAbs(cmd) || strings.Contains(cmd, "/") {
		if _, err := exec.LookPath(cmd); err != nil {
			return fmt.Sprintf("command %q cannot be run: %v (%s)", cmd, errors.Unwrap(err), s.Source)
		}
		return ""
	}
	if _, err := exec.LookPath(cmd); err != nil {
		return fmt.Sprintf("command %q is not on PATH (%s); install it or give its absolute path", cmd, s.Source)
	}
	return ""
}
