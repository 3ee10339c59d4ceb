// Command switchboard is one MCP server in front of all your MCP servers.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/switchboard-mcp/switchboard/internal/cli"
)

func main() {
	endProfile := startProfile(os.Args[1:])
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	dir, _ := os.Getwd()
	exe, _ := os.Executable()
	code := cli.Main(ctx, &cli.Env{
		Args: os.Args[1:], Stdin: os.Stdin, Stdout: os.Stdout, Stderr: os.Stderr,
		Getenv: os.Getenv, LookupEnv: os.LookupEnv, Environ: os.Environ,
		Dir: dir, Executable: exe,
	})
	stop()
	endProfile()
	os.Exit(code)
}
