package cli

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"log/slog"
	"math"
	"net"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/time/rate"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/front"
	"github.com/switchboard-mcp/switchboard/internal/hub"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// httpFlags are serve's flags of the HTTP front.
type httpFlags struct {
	addr        string
	noAuth      bool
	allowRemote bool
	hosts       listFlag
	origins     listFlag
	rate        float64
}

// listFlag is a repeatable, comma-separated flag.
type listFlag []string

func (l *listFlag) String() string { return strings.Join(*l, ",") }
func (l *listFlag) Set(v string) error {
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			*l = append(*l, s)
		}
	}
	return nil
}

func registerHTTPFlags(fs *flag.FlagSet) *httpFlags {
	hf := &httpFlags{}
	fs.StringVar(&hf.addr, "http", "", "serve MCP over Streamable HTTP at http://ADDR/mcp instead of stdin/stdout (e.g. 127.0.0.1:8080; port 0 picks one)")
	fs.BoolVar(&hf.noAuth, "no-auth", false, "with --http on a loopback address: accept requests without the bearer token")
	fs.BoolVar(&hf.allowRemote, "allow-remote", false, "with --http: allow a non-loopback address (the bearer token stays required)")
	fs.Var(&hf.hosts, "allow-host", "with --http: a Host name accepted besides localhost names (repeatable)")
	fs.Var(&hf.origins, "allow-origin", "with --http: an Origin accepted besides the same-host loopback one, e.g. https://app.example (repeatable)")
	fs.Float64Var(&hf.rate, "rate", front.DefaultRate, "with --http: the most requests a second from one client address (bursts of twice that); 0: no limit")
	return hf
}

// used reports whether any flag of the HTTP front was given.
func (hf *httpFlags) used() bool {
	return hf.addr != "" || hf.noAuth || hf.allowRemote || len(hf.hosts) > 0 || len(hf.origins) > 0 || hf.rate != front.DefaultRate
}

// httpTokenPath is where the HTTP front's bearer token is kept.
func (p paths) httpToken() string { return filepath.Join(p.state, "http-token") }

// checkHTTPAddr says whether addr may be served with hf.
func checkHTTPAddr(hf *httpFlags) (loopback bool, err error) {
	host, _, err := net.SplitHostPort(hf.addr)
	if err != nil {
		if ae, ok := errors.AsType[*net.AddrError](err); ok {
			err = errors.New(ae.Err) // without the address again, whole
		}
		return false, fmt.Errorf("--http %s: want HOST:PORT, e.g. 127.0.0.1:8080: %w", echo.Quote(hf.addr), err)
	}
	loopback = front.IsLoopbackName(host)
	if host == "" || (net.ParseIP(host) == nil && !loopback) {
		return false, fmt.Errorf("--http %s: give an IP address to listen on (127.0.0.1 for this machine only)", echo.Quote(hf.addr))
	}
	if loopback {
		return true, nil
	}
	if hf.noAuth {
		return false, fmt.Errorf("--no-auth is accepted only on a loopback address, not %s: anyone who reaches it could run your tools", echo.Quote(hf.addr))
	}
	if !hf.allowRemote {
		return false, fmt.Errorf("--http %s is not a loopback address: add --allow-remote to serve other machines (the bearer token from `switchboard token` is required)", echo.Quote(hf.addr))
	}
	return false, nil
}

// readOrCreateToken returns the token at path, creating it (32 random
// bytes, base64url, mode 0600) when there is none. Two processes that
// create it at once agree: the file is linked into place only if absent.
func readOrCreateToken(path string) (string, error) {
	// safefile: a FIFO in its place would block the read for ever.
	if b, err := safefile.ReadMax(path, 4096); err == nil {
		tok := strings.TrimSpace(string(b))
		if tok == "" {
			return "", fmt.Errorf("http token file %s is empty: run `switchboard token --rotate`", path)
		}
		if fi, err := os.Stat(path); err == nil && fi.Mode().Perm()&0o077 != 0 {
			return "", fmt.Errorf("http token file %s is readable by others (mode %04o): run `chmod 600 %s` or `switchboard token --rotate`", path, fi.Mode().Perm(), shellQuote(path))
		}
		return tok, nil
	} else if !errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("reading http token: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return "", fmt.Errorf("creating the state directory for the http token: %w", err)
	}
	// An error names path, not the temporary file, whose name means
	// nothing to the user.
	failed := func(err error) error {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("writing http token %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".http-token-*")
	if err != nil {
		return "", failed(err)
	}
	defer os.Remove(tmp.Name())
	tok := newToken()
	_, err = tmp.WriteString(tok + "\n")
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", failed(err)
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return readOrCreateToken(path) // another process made one first
		}
		return "", fmt.Errorf("writing http token %s: %w", path, err)
	}
	return tok, nil
}

func newToken() string {
	var b [32]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

func runToken(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "token", "[--rotate]", `
Print the bearer token that 'switchboard serve --http' requires
(Authorization: Bearer TOKEN), creating it on first use. It is kept with
mode 0600 in $XDG_STATE_HOME/switchboard/http-token.`)
	rotate := fs.Bool("rotate", false, "replace the token with a new one (running servers keep the old one until restarted)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if err := noArgs(e, fs); err != nil {
		return err
	}
	p := e.paths(&configFlags{})
	if err := p.needState(); err != nil {
		return err
	}
	path := p.httpToken()
	var tok string
	var err error
	if *rotate {
		if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
			return fmt.Errorf("creating the state directory for the http token: %w", err)
		}
		tok = newToken()
		if err := atomicfile.WriteOwn(path, []byte(tok+"\n"), 0o600); err != nil {
			return fmt.Errorf("writing http token %s: %w", path, err)
		}
	} else if tok, err = readOrCreateToken(path); err != nil {
		return err
	}
	fmt.Fprintln(e.Stdout, tok)
	return nil
}

// runServeHTTP is `serve --http`: one hub, a session per HTTP session.
func runServeHTTP(ctx context.Context, e *Env, cf *configFlags, hf *httpFlags) error {
	if hf.addr == "" {
		return errors.New("--no-auth, --allow-remote, --allow-host, --allow-origin and --rate need --http ADDR (e.g. --http 127.0.0.1:8080)")
	}
	if hf.rate < 0 || math.IsNaN(hf.rate) || math.IsInf(hf.rate, 0) {
		return fmt.Errorf("--rate %v: want a number of requests a second, or 0 for no limit", hf.rate)
	}
	loopback, err := checkHTTPAddr(hf)
	if err != nil {
		return err
	}
	tuneGC(e)
	if _, err := os.Stat(e.abs(cf.project)); cf.project != "" && err != nil {
		return fmt.Errorf("project config %s (--project) does not exist", e.abs(cf.project))
	}
	p := e.paths(cf)
	if err := p.needState(); err != nil {
		return err
	}
	var token string
	if !hf.noAuth {
		if token, err = readOrCreateToken(p.httpToken()); err != nil {
			return err
		}
	}
	log := slog.New(slog.NewTextHandler(e.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	h, err := hub.New(e.hubOptions(p, stackOptions{audit: true, telemetry: true}, log))
	if err != nil {
		return err
	}
	defer h.Close()
	env := e.environ()
	var said atomic.Bool
	open := func(ctx context.Context) (front.Session, error) {
		so := &hub.SessionOptions{Workspace: e.Dir, Env: env, ConfigPath: cf.config, ProjectPath: cf.project, AllowDemo: true}
		if !said.Swap(true) { // say the config's notices once, not per client
			so.Stderr = e.Stderr
		}
		s, err := h.Open(context.WithoutCancel(ctx), so)
		if err != nil {
			return nil, err
		}
		return hubSession{s}, nil
	}
	hosts := hf.hosts
	if host, _, _ := net.SplitHostPort(hf.addr); !loopback && !net.ParseIP(host).IsUnspecified() {
		hosts = append(hosts, host) // clients may name the address itself
	}
	lim, burst := rate.Limit(hf.rate), int(math.Ceil(2*hf.rate))
	if hf.rate == 0 {
		lim = rate.Inf
	}
	f, err := front.New(&front.Options{Open: open, Token: token, Hosts: hosts, Origins: hf.origins, Rate: lim, Burst: max(burst, 1), Logger: log})
	if err != nil {
		return err
	}
	if err := f.Prepare(ctx); err != nil { // a config error shows now
		return err
	}
	ln, err := net.Listen("tcp", hf.addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			// "bind: address already in use" named no way out.
			host, port, _ := net.SplitHostPort(hf.addr)
			return fmt.Errorf("--http %s: port %s is in use by another program (another switchboard serve --http?): give another port, or %s for a free one (the URL is printed)", echo.Quote(hf.addr), port, net.JoinHostPort(host, "0"))
		}
		return fmt.Errorf("--http: %w", err)
	}
	url := "http://" + ln.Addr().String() + front.Path
	switch {
	case hf.noAuth:
		fmt.Fprintf(e.Stderr, "switchboard: serving MCP at %s (no authentication: loopback only)\n", url)
	default:
		fmt.Fprintf(e.Stderr, "switchboard: serving MCP at %s (Authorization: Bearer TOKEN; `switchboard token` prints it)\n", url)
	}
	if !loopback {
		fmt.Fprintf(e.Stderr, "switchboard: warning: %s is reachable from other machines; use TLS in front of it (a reverse proxy) so the token is not sent in the clear\n", hf.addr)
	}
	return f.Serve(ctx, ln)
}

// hubSession is a hub session as the front sees it.
type hubSession struct{ s *hub.Session }

func (h hubSession) MCP() *mcp.Server { return h.s.Server().MCP() }
func (h hubSession) Close() error     { return h.s.Close() }
