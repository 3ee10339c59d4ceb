package cli

import (
	"context"
	"fmt"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/demo"
	"github.com/switchboard-mcp/switchboard/internal/sandbox"
	"github.com/switchboard-mcp/switchboard/internal/server"
)

const (
	sandboxWorkerCmd = "__sandbox-worker"
	demoBackendCmd   = "__demo-backend"
)

func runServe(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "serve", "[--config PATH] [--project PATH]", `
Serve MCP on stdin/stdout: the two meta-tools list_tools and execute in
front of every configured backend. Backends start on first use. This is
the command an agent registers.`)
	cf.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	st, err := e.openStack(&cf, true, stackOptions{audit: true})
	if err != nil {
		return err
	}
	defer st.Close()
	if st.demo != "" {
		fmt.Fprintf(e.Stderr, "switchboard: %s\n", st.demo)
	}
	if cf.config == "" && cf.project == "" && st.paths.project == "" {
		watchRoots(st, e.Getenv("HOME"))
	}
	// Publish backend states for 'switchboard servers' in other processes.
	stop := make(chan struct{})
	defer func() { close(stop); removeStatus(st.paths.state) }()
	go func() {
		tick := time.NewTicker(time.Second)
		defer tick.Stop()
		var last []byte
		for {
			last = writeStatus(st.paths.state, st.currentPool(), last)
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	}()
	// Look for imitating servers once start-up is over: it reads every
	// cached tool list.
	shadowCheck := time.AfterFunc(2*time.Second, func() {
		for _, w := range st.shadowing() {
			fmt.Fprintf(e.Stderr, "switchboard: warning: %s\n", w)
		}
	})
	defer shadowCheck.Stop()
	// Our own transport: a malformed or oversize client message gets an
	// error response and the session goes on (the SDK's ends on it).
	t := &server.StdioTransport{Reader: e.Stdin, Writer: e.Stdout, Logger: st.log}
	err = st.srv.Run(ctx, t)
	if ctx.Err() != nil {
		return nil // SIGINT/SIGTERM: a normal shutdown
	}
	return err
}

func runSandboxWorker(ctx context.Context, e *Env, args []string) error {
	return sandbox.ServeWorker(ctx, e.Stdin, e.Stdout)
}

func runDemoBackend(ctx context.Context, e *Env, args []string) error {
	return demo.Serve(ctx, Version())
}
