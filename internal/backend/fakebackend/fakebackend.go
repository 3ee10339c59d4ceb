// Package fakebackend is an MCP server for tests that re-run their own
// binary as a backend: a TestMain calls Main, which serves over stdio
// when the environment variable Env names a mode, and otherwise returns.
//
// Modes:
//
//	normal   tools below; exits on stdin EOF
//	hang     like normal, but ignores SIGTERM and stdin EOF (needs SIGKILL)
//	junk     writes non-JSON lines to stdout before and during serving
//	fail     writes to stderr and exits 2 before the handshake
//	mute     never answers the handshake
//	sleeper  sleeps a minute (used as a grandchild)
//	leak     writes $FAKE_TOKEN to stderr, then exits 1 before the handshake
//	noisy    writes npm notices, a blank line, an error and stack frames
//	         to stderr, then exits 1 before the handshake
//	flood    writes $FAKE_FLOOD bytes without a newline to stdout at once
//	raw      a hand-written JSON-RPC server whose answers the SDK's
//	         server would never send (see raw)
//
// In mode complete, any argument is completed with its name, its value
// and the ref, but the argument "leak", which gets an error answer whose
// message and data hold $FAKE_TOKEN.
//
// Tools: echo (returns its raw arguments), pid, env (our environment,
// one variable a line), sleep {"ms":N} (with $FAKE_SLEEP_MARK set, it
// makes the file $FAKE_SLEEP_MARK.started when it starts and
// .cancelled when cancelled), block (never returns, ignores
// cancellation), crash (writes to stderr, $FAKE_TOKEN too, exits 3), big {"bytes":N} (one
// line of N bytes, default 5 MB), junk (writes junk, then answers), spawn
// (starts a sleeper grandchild, returns its pid), touch (bumps the tool
// list: notifications/tools/list_changed), flood {"bytes":N} (N bytes
// without a newline on stdout, then blocks), kill (SIGKILLs itself), setsid (like spawn, but the
// grandchild calls setsid: it leaves our process group and session).
package fakebackend

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Env is the environment variable that selects the mode.
const Env = "SWITCHBOARD_FAKE_BACKEND"

// Junk is what junk mode writes to stdout.
const Junk = "this is not json\n{\"jsonrpc\":\n"

// Main serves and exits if Env is set; otherwise it returns at once.
func Main() {
	mode := os.Getenv(Env)
	if mode == "" {
		return
	}
	os.Exit(run(mode))
}

func run(mode string) int {
	switch mode {
	case "sleeper":
		time.Sleep(time.Minute)
		return 0
	case "fail":
		fmt.Fprintln(os.Stderr, "fake: cannot start: missing API key")
		return 2
	case "echoargs": // a program that echoes its command line when it fails
		fmt.Fprintf(os.Stderr, "fake: started as %s\n", strings.Join(os.Args[1:], " "))
		for _, a := range os.Args[1:] {
			fmt.Fprintf(os.Stderr, "fake: argument %s\n", a)
		}
		return 1
	case "echocwd": // a program that says where it runs, and fails
		wd, _ := os.Getwd()
		fmt.Fprintf(os.Stderr, "fake: running in %s as %s\n", wd, strings.Join(os.Args[1:], " "))
		return 1
	case "leak":
		fmt.Fprintf(os.Stderr, "fake: authenticating with token %s\n", os.Getenv("FAKE_TOKEN"))
		fmt.Fprintf(os.Stderr, "fake: https://api.example.com/v1?key=%s refused\n", os.Getenv("FAKE_TOKEN"))
		return 1
	case "noisy":
		fmt.Fprint(os.Stderr, "npm warn exec The following package was not found and will be installed: fake@1.0.0\n\nnpm notice New major version of npm available!\n"+
			"node:internal/modules/cjs/loader:1228\n  throw err;\n  ^\n\nError: Cannot find module '/x/dist/index.js'\n    at Module._resolveFilename (node:internal/modules/cjs/loader:1225:15)\n")
		return 1
	case "flood":
		n, _ := strconv.ParseInt(os.Getenv("FAKE_FLOOD"), 10, 64)
		flood(n)
		select {}
	case "mute":
		fmt.Fprintln(os.Stderr, "fake: thinking")
		select {}
	case "hang":
		signal.Ignore(syscall.SIGTERM)
	case "junk":
		os.Stdout.WriteString(Junk)
	case "raw":
		return raw()
	}
	fmt.Fprintf(os.Stderr, "fake: serving in mode %s\n", mode)
	s := server(mode)
	if mode == "stateless" {
		// Speaks only 2026-07-28: the legacy handshake is refused.
		s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method == "initialize" {
					return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidRequest, Message: "initialize is not supported: use server/discover (2026-07-28)"}
				}
				return next(ctx, method, req)
			}
		})
	}
	if mode == "legacy" {
		// Speaks only the revisions with sessions (an SDK from before
		// 2026-07-28, or a backend downgraded since it spoke it): what a
		// 2026-07-28 client sends first is refused.
		s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if method != "initialize" && method != "notifications/initialized" && !initialized(req) {
					return nil, &jsonrpc.Error{Code: jsonrpc.CodeMethodNotFound, Message: "method not found: " + method}
				}
				return next(ctx, method, req)
			}
		})
	}
	err := s.Run(context.Background(), &mcp.StdioTransport{MaxLineLength: -1})
	fmt.Fprintf(os.Stderr, "fake: stdin closed: %v\n", err)
	if mode == "hang" {
		select {}
	}
	return 0
}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func server(mode string) *mcp.Server {
	o := &mcp.ServerOptions{Instructions: "a fake backend for tests"}
	if mode == "complete" {
		// Completes any argument with its name, its value and the ref.
		o.CompletionHandler = func(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
			p := req.Params
			if p.Argument.Name == "leak" {
				// An error answer whose message and data hold $FAKE_TOKEN.
				tok := os.Getenv("FAKE_TOKEN")
				data, _ := json.Marshal(map[string]any{"token": tok, "seen": []string{"Bearer " + tok}})
				return nil, &jsonrpc.Error{Code: jsonrpc.CodeInvalidParams, Message: "bad argument; token " + tok, Data: data}
			}
			return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: []string{p.Argument.Name + "=" + p.Argument.Value + " " + p.Ref.Type + " " + p.Ref.Name + p.Ref.URI}, Total: 1}}, nil
		}
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "fake", Version: "1.2.3"}, o)
	obj := json.RawMessage(`{"type":"object"}`)
	add := func(name string, h mcp.ToolHandler) {
		s.AddTool(&mcp.Tool{Name: name, Description: "fake " + name, InputSchema: obj}, h)
	}
	var num struct {
		MS    int `json:"ms"`
		Bytes int `json:"bytes"`
	}
	parse := func(req *mcp.CallToolRequest) {
		num.MS, num.Bytes = 0, 0
		json.Unmarshal(req.Params.Arguments, &num)
	}
	add("echo", func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return text(string(req.Params.Arguments)), nil
	})
	add("elicit-enums", func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		// The five enum forms of the specification (2025-11-25,
		// elicitation: untitled and titled single select, the legacy
		// enumNames, untitled and titled multi select).
		titled := []map[string]any{{"const": "a", "title": "A"}, {"const": "b", "title": "B"}}
		res, err := req.Session.Elicit(ctx, &mcp.ElicitParams{Message: "pick", RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"untitled":      map[string]any{"type": "string", "enum": []string{"a", "b"}},
				"titled":        map[string]any{"type": "string", "oneOf": titled},
				"legacy":        map[string]any{"type": "string", "enum": []string{"a", "b"}, "enumNames": []string{"A", "B"}},
				"untitledMulti": map[string]any{"type": "array", "items": map[string]any{"type": "string", "enum": []string{"a", "b"}}},
				"titledMulti":   map[string]any{"type": "array", "items": map[string]any{"anyOf": titled}},
			},
		}})
		if err != nil {
			return nil, err
		}
		b, _ := json.Marshal(res.Content)
		return text(string(res.Action) + " " + string(b)), nil
	})
	add("pid", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return text(strconv.Itoa(os.Getpid())), nil
	})
	add("env", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return text(strings.Join(os.Environ(), "\n")), nil
	})
	add("sleep", func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		parse(req)
		mark := os.Getenv("FAKE_SLEEP_MARK")
		if mark != "" {
			os.WriteFile(mark+".started", nil, 0o600)
		}
		select {
		case <-time.After(time.Duration(num.MS) * time.Millisecond):
			return text("slept"), nil
		case <-ctx.Done():
			fmt.Fprintln(os.Stderr, "fake: sleep cancelled")
			if mark != "" {
				os.WriteFile(mark+".cancelled", nil, 0o600)
			}
			return nil, ctx.Err()
		}
	})
	add("block", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		select {}
	})
	add("crash", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		fmt.Fprintln(os.Stderr, "fake: panic: something broke")
		if tok := os.Getenv("FAKE_TOKEN"); tok != "" {
			fmt.Fprintf(os.Stderr, "fake: the token was %s\n", tok)
		}
		fmt.Fprintln(os.Stderr, "fake: goodbye")
		os.Exit(3)
		return nil, nil
	})
	add("big", func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		parse(req)
		if num.Bytes == 0 {
			num.Bytes = 5 << 20
		}
		return text(strings.Repeat("x", num.Bytes)), nil
	})
	add("junk", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		os.Stdout.WriteString(Junk)
		return text("ok after junk"), nil
	})
	add("spawn", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), Env+"=sleeper")
		if err := cmd.Start(); err != nil {
			return nil, err
		}
		return text(strconv.Itoa(cmd.Process.Pid)), nil
	})
	add("kill", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		self, _ := os.FindProcess(os.Getpid())
		self.Kill()
		select {}
	})
	add("flood", func(_ context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		parse(req)
		flood(int64(num.Bytes))
		select {}
	})
	add("setsid", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		exe, err := os.Executable()
		if err != nil {
			return nil, err
		}
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), Env+"=sleeper")
		cmd.SysProcAttr = setsidAttr()
		if err := cmd.Start(); err != nil {
			return nil, err
		}
		return text(strconv.Itoa(cmd.Process.Pid)), nil
	})
	add("touch", func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		s.AddTool(&mcp.Tool{Name: "extra", InputSchema: obj}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return text("extra"), nil
		})
		return text("touched"), nil
	})
	return s
}

// flood writes n bytes of 'x' to stdout, without a newline, in 1 MiB
// writes; it stops when stdout breaks.
func flood(n int64) {
	buf := []byte(strings.Repeat("x", 1<<20))
	for n > 0 {
		w := buf[:min(n, int64(len(buf)))]
		if _, err := os.Stdout.Write(w); err != nil {
			return
		}
		n -= int64(len(w))
	}
}

// initialized reports whether req's session shook hands with initialize.
func initialized(req mcp.Request) bool {
	ss, ok := req.GetSession().(*mcp.ServerSession)
	return ok && ss.InitializeParams() != nil
}
