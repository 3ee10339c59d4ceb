package cli

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/demo"
	"github.com/switchboard-mcp/switchboard/internal/sandbox"
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
	t := &mcp.IOTransport{Reader: io.NopCloser(e.Stdin), Writer: nopWriteCloser{e.Stdout}}
	err = st.srv.Run(ctx, t)
	if ctx.Err() != nil {
		return nil // SIGINT/SIGTERM: a normal shutdown
	}
	return err
}

type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }

func runSandboxWorker(ctx context.Context, e *Env, args []string) error {
	return sandbox.ServeWorker(ctx, e.Stdin, e.Stdout)
}

func runDemoBackend(ctx context.Context, e *Env, args []string) error {
	return demo.Serve(ctx, Version())
}
