package cli

import (
	"context"
	"io"

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
