package cli

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/agentconf"
	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
)

func runDoctor(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "doctor", "[server...]", `
Start each configured server (or the named ones) once and report its
handshake time, tool count and protocol version, or the problem in plain
words, once. Servers are checked concurrently (up to 8 at a time).
Refreshes the tool catalog as a side effect.`)
	cf.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	// Problems are doctor's output: the log would say each one again.
	st, err := e.openStack(&cf, true, stackOptions{inProcessScripts: true, quiet: true})
	if err != nil {
		return err
	}
	defer st.Close()
	names := st.cat.Servers()
	if fs.NArg() > 0 {
		names = nil
		for _, a := range fs.Args() {
			// Also a name in another Unicode composition, as list finds it.
			if m := catalog.Match(a, st.cat.Servers(), st.cat.Ident); m != "" {
				a = m
			}
			names = append(names, a)
		}
	}
	if len(st.cfg.Files) == 0 {
		fmt.Fprintf(e.Stdout, "config: none; using the built-in demo backend (create %s)\n", st.paths.user)
	} else {
		fmt.Fprintf(e.Stdout, "config: %s\n", strings.Join(st.cfg.Files, ", "))
	}
	// Servers are checked concurrently (at most doctorParallel, and never
	// more than the pool keeps), each line printed in configured order as
	// soon as it and the ones before it are known.
	lines := make([]chan doctorLine, len(names))
	sem := make(chan struct{}, max(1, min(doctorParallel, st.cfg.Settings.MaxConnections)))
	for i, name := range names {
		lines[i] = make(chan doctorLine, 1)
		go func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			lines[i] <- checkServer(ctx, st, name)
		}()
	}
	failed := 0
	for i, name := range names {
		l := <-lines[i]
		label := name
		if len(name) > echo.Max { // a name given that is not configured
			label = echo.Quote(name)
		}
		fmt.Fprintf(e.Stdout, "%s: %s\n", label, l.text)
		if l.problem {
			failed++
		}
	}
	for _, w := range st.shadowing() {
		fmt.Fprintf(e.Stdout, "warning: %s\n", w)
	}
	for _, w := range misplacedAgentFiles(e) {
		fmt.Fprintf(e.Stdout, "warning: %s\n", w)
	}
	fmt.Fprint(e.Stdout, st.srv.TrifectaReport())
	if failed > 0 {
		return fmt.Errorf("%d of %d servers have problems", failed, len(names))
	}
	return nil
}

// doctorParallel bounds the servers doctor checks at once.
const doctorParallel = 8

// doctorLine is doctor's verdict on one server.
type doctorLine struct {
	text    string
	problem bool
}

// checkServer starts one server (through the catalog) and says how it went.
func checkServer(ctx context.Context, st *stack, name string) doctorLine {
	spec := st.cat.Spec(name)
	switch {
	case spec == nil:
		return doctorLine{"not configured", true}
	case spec.Problem != "":
		return doctorLine{"PROBLEM: disabled by a config error: " + spec.Problem, true}
	case spec.Disabled:
		return doctorLine{"disabled in " + spec.Source, false}
	}
	if hint := commandProblem(spec); hint != "" {
		return doctorLine{"PROBLEM: " + hint, true}
	}
	t0 := time.Now()
	// The server's own startTimeout bounds its start (pool) and listing
	// (catalog): doctor waits as long, and names the one that applies.
	d, bound := st.cfg.Settings.StartTimeout.D(), "settings.startTimeout (%v)"
	if own := spec.StartTimeout.D(); own > 0 {
		d, bound = own, "%v (its startTimeout)"
	}
	sctx, cancel := context.WithTimeout(ctx, d)
	err := st.cat.Refresh(sctx, name)
	// Its bound ran out: ours, or the catalog's own of the same length.
	expired := errors.Is(sctx.Err(), context.DeadlineExceeded) || time.Since(t0) >= d
	cancel()
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) && !strings.Contains(err.Error(), "timeout") && !strings.Contains(err.Error(), "Timeout") {
			// A bare "context deadline exceeded" says neither what nor which bound.
			err = fmt.Errorf("it did not start and list its tools within "+bound+": %w", d, err)
			if spec.Type == config.Stdio { // a remote server has no log file
				err = fmt.Errorf("%w; see: switchboard logs %s", err, name)
			}
		}
		if expired {
			slow := "slow to answer"
			if spec.Type == config.Stdio {
				slow = "slow to start (a first npx or uvx download)"
			}
			err = fmt.Errorf("%w; a server that is only %s gets longer with \"startTimeout\": \"%v\" in its entry of %s", err, slow, 2*d, spec.Source)
		}
		return doctorLine{fmt.Sprintf("PROBLEM after %s: %v", ago(time.Since(t0)), err), true}
	}
	info, _, _ := st.cat.Info(name)
	tools, _ := st.cat.Known(name)
	noun := "tools"
	if len(tools) == 1 {
		noun = "tool"
	}
	text := fmt.Sprintf("ok in %s: %d %s, protocol %s, %s %s", ago(time.Since(t0)), len(tools), noun, dash(info.ProtocolVersion), info.ServerName, info.ServerVersion)
	if w := st.cat.Withheld(name); len(w) > 0 {
		noun = "tools"
		if len(w) == 1 {
			noun = "tool"
		}
		text += fmt.Sprintf("; %d %s withheld (see 'switchboard pins')", len(w), noun)
	}
	if info.Cut != "" {
		text += "; its listing was cut short: " + info.Cut
	}
	return doctorLine{text, false}
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

// misplacedAgentFiles are the agent config files, of the user and of the
// project around e.Dir, with a directory or a link loop in their place:
// init passes them over, so the agent's servers there are not moved.
func misplacedAgentFiles(e *Env) []string {
	if e.Getenv == nil || e.Getenv("HOME") == "" {
		return nil
	}
	out := agentconf.Misplaced(&agentconf.Options{Scope: agentconf.User, Getenv: e.Getenv})
	if e.Dir != "" {
		if root := agentconf.ProjectRoot(e.Dir); !sameDir(root, e.Getenv("HOME")) {
			for _, m := range agentconf.Misplaced(&agentconf.Options{Scope: agentconf.Project, Root: root, Getenv: e.Getenv}) {
				if !slices.Contains(out, m) {
					out = append(out, m)
				}
			}
		}
	}
	return out
}
