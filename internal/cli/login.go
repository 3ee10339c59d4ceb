package cli

import (
	"context"
	"errors"
	"fmt"
	"html"
	"net"
	"net/http"
	"net/url"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/auth"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/hub"
	"github.com/switchboard-mcp/switchboard/internal/oauth"
	"github.com/switchboard-mcp/switchboard/internal/peer"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

func runLogin(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "login", "SERVER [--no-browser]", `
Sign in to a remote server that uses OAuth: discover its authorization
server, register Switchboard there (unless the server's "oauth" block names
a clientId), open the browser at the sign-in page and receive the answer on
a loopback port (127.0.0.1; random unless oauth.redirectPort is set). The
tokens are stored, mode 0600, under $XDG_STATE_HOME/switchboard/oauth/ and
refreshed automatically; they are never printed.`)
	cf.register(fs)
	noBrowser := fs.Bool("no-browser", false, "print the sign-in URL instead of opening a browser")
	wait := durationFlag(fs, "timeout", 5*time.Minute, "how long to wait for the sign-in to finish, a `duration`")
	if err := parse(fs, args); err != nil {
		return err
	}
	spec, cfg, err := remoteSpec(e, &cf, fs.Args(), "login")
	if err != nil {
		return err
	}
	port := 0
	if spec.OAuth != nil {
		port = spec.OAuth.RedirectPort
	}
	ln, err := net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
	if err != nil {
		return fmt.Errorf("listening for the sign-in redirect on 127.0.0.1:%d: %w (free the port or change oauth.redirectPort of %q)", port, err, spec.Name)
	}
	defer ln.Close()
	redirect := fmt.Sprintf("http://127.0.0.1:%d/callback", ln.Addr().(*net.TCPAddr).Port)
	results := make(chan callbackResult, 1)
	var state atomic.Value // the state of the authorization URL last opened
	state.Store("")
	srv := callbackServer(callbackHandler(results, func() string { return state.Load().(string) }))
	go srv.Serve(ln)
	defer srv.Close()

	// The cause names the command to retry: the start reports its
	// deadline by its cause, and "context deadline exceeded" said
	// neither what was waited for nor what to do.
	timedOut := fmt.Errorf("the sign-in of %s did not finish within %s: run `switchboard login %s` again (--timeout waits longer)", spec.Name, *wait, spec.Name)
	ctx, cancel := context.WithTimeoutCause(ctx, *wait, timedOut)
	defer cancel()
	var asked atomic.Bool
	fetch := func(ctx context.Context, a *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
		asked.Store(true)
		if u, err := url.Parse(a.URL); err == nil {
			state.Store(u.Query().Get("state"))
		}
		shown, odd := printableURL(a.URL)
		if *noBrowser || openBrowser(a.URL) != nil {
			fmt.Fprintf(e.Stderr, "Open this URL in a browser to sign in to %s:\n\n  %s\n\n", spec.Name, shown)
		} else {
			fmt.Fprintf(e.Stderr, "Opened the sign-in page of %s in your browser; if it did not open, visit:\n\n  %s\n\n", spec.Name, shown)
		}
		if odd > 0 {
			fmt.Fprintf(e.Stderr, "warning: the sign-in URL %s's authorization server gave holds %d characters that are not printable ASCII (invisible or look-alike ones among them), shown %%-encoded above: check its host before you sign in\n", spec.Name, odd)
		}
		fmt.Fprintf(e.Stderr, "Waiting for the sign-in (up to %s)…\n", *wait)
		select {
		case r := <-results:
			return r.res, r.err
		case <-ctx.Done():
			return nil, context.Cause(ctx)
		}
	}
	home := e.Getenv("HOME")
	b, err := backend.Start(ctx, spec, &backend.Options{
		Env:      e.Environ(),
		Resolver: config.Resolver{Getenv: e.LookupEnv, ReadFile: safefile.Read, Home: home, Roots: hub.FileRoots(home, cfg.ProjectDir)},
		OAuth:    &backend.OAuthOptions{Fetch: fetch, RedirectURL: redirect, Fresh: true},
	})
	if errors.Is(err, timedOut) || errors.Is(context.Cause(ctx), timedOut) && err != nil {
		return timedOut
	}
	if err != nil {
		return fmt.Errorf("signing in to %q: %w", spec.Name, err)
	}
	defer b.Close()
	if !asked.Load() {
		fmt.Fprintf(e.Stdout, "%s did not ask for a sign-in: nothing to store\n", spec.Name)
		return nil
	}
	n := "? tools"
	if tools, err := b.ListTools(ctx); err == nil {
		n = strconv.Itoa(len(tools)) + " tools"
		if len(tools) == 1 {
			n = "1 tool" // it read "(1 tools)"
		}
	}
	fmt.Fprintf(e.Stdout, "signed in to %s (%s); the sign-in is stored in %s\n", spec.Name, n, filepath.Join(e.paths(&configFlags{}).state, oauth.DirName))
	return nil
}

func runLogout(ctx context.Context, e *Env, args []string) error {
	var cf configFlags
	fs := newFlags(e, "logout", "SERVER", `
Delete the stored OAuth sign-in of a remote server (see switchboard login),
first revoking its tokens at the authorization server when its metadata
names a revocation endpoint (RFC 7009). A failed revocation is reported;
the local sign-in is deleted all the same. The server's next start then
asks for a new sign-in.`)
	cf.register(fs)
	if err := parse(fs, args); err != nil {
		return err
	}
	spec, cfg, err := remoteSpec(e, &cf, fs.Args(), "logout")
	if err != nil {
		return err
	}
	// The sign-in is keyed by the URL as the backend sees it: expanded.
	home := e.Getenv("HOME")
	if exp, err := spec.Expand(config.Resolver{Getenv: e.LookupEnv, ReadFile: safefile.Read, Home: home, Roots: hub.FileRoots(home, cfg.ProjectDir)}); err == nil {
		spec = exp
	}
	res, err := backend.SignOut(ctx, spec, &backend.Options{Env: e.Environ()})
	if err != nil {
		return err
	}
	if !res.Had {
		fmt.Fprintf(e.Stdout, "%s had no stored sign-in\n", spec.Name)
		return nil
	}
	switch {
	case res.Revoked:
		fmt.Fprintf(e.Stdout, "signed out of %s; its authorization server revoked the tokens\n", spec.Name)
	case res.NoEndpoint:
		fmt.Fprintf(e.Stdout, "signed out of %s; its authorization server offers no revocation, so the tokens stay valid until they expire\n", spec.Name)
	default:
		fmt.Fprintf(e.Stderr, "switchboard logout: %v\n", res.RevokeErr)
		fmt.Fprintf(e.Stdout, "signed out of %s locally; the authorization server did not revoke the tokens (see above): they stay valid until they expire\n", spec.Name)
	}
	return nil
}

// remoteSpec is the configured remote server named by args[0].
func remoteSpec(e *Env, cf *configFlags, args []string, cmd string) (*config.Server, *config.Config, error) {
	if len(args) != 1 {
		return nil, nil, usagef("name one server: switchboard %s SERVER (see switchboard servers)", cmd)
	}
	cfg, _, err := e.loadConfig(cf, false)
	if err != nil {
		return nil, nil, err
	}
	spec := cfg.Servers[catalog.Match(args[0], cfg.Names(), nil)]
	switch {
	case spec == nil:
		return nil, nil, fmt.Errorf("no server %s is configured (see switchboard servers)", echo.Quote(args[0]))
	case spec.Problem != "":
		return nil, nil, fmt.Errorf("server %q is disabled by a config error: %s", args[0], spec.Problem)
	case spec.Type != config.HTTP && spec.Type != config.SSE:
		return nil, nil, fmt.Errorf("server %q runs a command (stdio): only remote (http, sse) servers sign in", args[0])
	}
	return spec, cfg, nil
}

type callbackResult struct {
	res *auth.AuthorizationResult
	err error
}

// callbackHandler receives the authorization server's redirect at
// /callback and sends its code (or error) to results, once. A redirect
// whose state is not the one of the sign-in under way (state(): that of
// the authorization URL, "" before there is one) is refused: any local
// process can reach the port, and must not end the sign-in with a
// refusal of its own (the SDK checks a code's state too).
func callbackHandler(results chan<- callbackResult, state func() string) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /callback", func(w http.ResponseWriter, r *http.Request) {
		if why := pageRequest(r); why != "" {
			http.Error(w, "forbidden: "+why+"; the sign-in goes on", http.StatusForbidden)
			return
		}
		q := r.URL.Query()
		var cr callbackResult
		// The code is exchanged for a token after this page is answered:
		// "Signed in" was shown when the authorization server then failed
		// the exchange (a token endpoint that never answered, or answered
		// garbage), and the terminal said the sign-in failed.
		msg := "Switchboard received the sign-in. You can close this tab; the terminal says whether it finished."
		switch want := state(); {
		case want == "" || q.Get("state") != want:
			http.Error(w, "this is not the redirect of the sign-in under way (its state does not match)", http.StatusBadRequest)
			return
		case q.Get("error") != "":
			// Quoted and cut: whoever reaches the port writes this to the
			// terminal (an escape sequence could clear it or forge lines).
			cr.err = fmt.Errorf("the authorization server refused the sign-in: %q %q", cut(q.Get("error"), 64), cut(q.Get("error_description"), maxErrorText))
			msg = "The sign-in was refused: " + q.Get("error")
		case q.Get("code") == "":
			http.Error(w, "no code in this request", http.StatusBadRequest)
			return
		default:
			cr.res = &auth.AuthorizationResult{Code: q.Get("code"), State: q.Get("state"), Iss: q.Get("iss")}
		}
		select {
		case results <- cr:
		default: // a second redirect: the first one counts
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		fmt.Fprintf(w, "<!doctype html><title>Switchboard</title><p>%s</p>\n", html.EscapeString(msg))
	})
	return mux
}

// pageRequest says why r is not the authorization server's redirect but
// a request a web page made ("" when it may be the redirect): the
// redirect is a top-level navigation to 127.0.0.1. A page that learnt
// the state (the authorization URL reaches the authorization server's
// page and what it loads, in a Referer) could otherwise end the sign-in
// from a script, with a refusal or a code of its own account, through
// an image, a fetch or a frame; or read the answer under a DNS name
// rebound to 127.0.0.1. Browsers send Sec-Fetch-* and Origin; a
// request without them (another program) is judged by its state alone.
func pageRequest(r *http.Request) string {
	host := r.Host
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	switch {
	case host != "127.0.0.1" && host != "localhost" && host != "[::1]" && host != "::1":
		return "this listener answers 127.0.0.1 only, not " + strconv.Quote(cut(r.Host, 64))
	case r.Header.Get("Origin") != "":
		return "a request a web page sent (it has an Origin)"
	case r.Header.Get("Sec-Fetch-Mode") != "" && r.Header.Get("Sec-Fetch-Mode") != "navigate",
		r.Header.Get("Sec-Fetch-Dest") != "" && r.Header.Get("Sec-Fetch-Dest") != "document":
		return "a request a web page made (an image, a script, a fetch or a frame), not the sign-in's redirect"
	}
	return ""
}

// callbackServer serves h for the sign-in redirect: to this user's
// processes only (any local user can connect to the port, and one who
// read the authorization URL, state included, off the browser's command
// line could end the sign-in or hand it a code of their own account),
// with the limits of the status page: headers within 10 s and 64 KiB, a
// request within 30 s.
func callbackServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if peer.FromOtherUser(r.Context()) {
				http.Error(w, "forbidden: this sign-in serves its own user's processes only", http.StatusForbidden)
				return
			}
			h.ServeHTTP(w, r)
		}),
		ConnContext:       peer.ConnContext,
		ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second, WriteTimeout: 30 * time.Second,
		MaxHeaderBytes: 64 << 10,
	}
}

// openBrowser opens url in the user's browser.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		if _, err := exec.LookPath("xdg-open"); err != nil {
			return errors.New("no xdg-open")
		}
		cmd = exec.Command("xdg-open", url)
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait()
	return nil
}

// printableURL is u as it is shown to the user: each character that is
// not printable ASCII (a zero-width or no-break space, a look-alike
// letter) percent-encoded as its UTF-8 bytes, which a browser reads as
// the same URL; odd counts them. The terminal writer escapes controls and
// bidi characters only, so an authorization server's URL with a
// zero-width space in its host was printed looking like another host's.
func printableURL(u string) (shown string, odd int) {
	var b strings.Builder
	for _, r := range u {
		if r > 0x20 && r < 0x7f {
			b.WriteRune(r)
			continue
		}
		odd++
		var buf [utf8.UTFMax]byte
		for _, c := range buf[:utf8.EncodeRune(buf[:], r)] {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String(), odd
}
