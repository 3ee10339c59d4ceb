package pool

import (
	"context"
	"errors"
	"fmt"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

func TestLaunch_KeyCoversIdentityNotName(t *testing.T) {
	ws := func(dir string, env map[string]string) *LaunchOptions {
		return &LaunchOptions{Workspace: dir, Env: env, Session: "s1"}
	}
	spec := func(name string) *config.Server {
		return &config.Server{Name: name, Type: config.Stdio, Command: "srv", Args: []string{"--x"}, Env: map[string]string{"TOKEN": "${env:TOK}"}}
	}
	base := NewLaunch(spec("a"), ws("/p", map[string]string{"TOK": "sekret-one", "PATH": "/bin"}))
	same := NewLaunch(spec("renamed"), ws("/p", map[string]string{"TOK": "sekret-one", "PATH": "/bin", "SECRET_OF_SESSION": "x"}))
	if base.Key != same.Key {
		t.Errorf("a renamed server with the same launch (and a variable outside the allowlist) has another key")
	}
	for what, l := range map[string]*Launch{
		"workspace":       NewLaunch(spec("a"), ws("/q", map[string]string{"TOK": "sekret-one", "PATH": "/bin"})),
		"expanded env":    NewLaunch(spec("a"), ws("/p", map[string]string{"TOK": "sekret-two", "PATH": "/bin"})),
		"allowlisted env": NewLaunch(spec("a"), ws("/p", map[string]string{"TOK": "sekret-one", "PATH": "/usr/bin"})),
	} {
		if l.Key == base.Key {
			t.Errorf("a different %s gives the same key", what)
		}
	}
	if base.Cwd != "/p" || base.Spec.Env["TOKEN"] != "sekret-one" || base.Session != "" {
		t.Errorf("launch = cwd %q, env %v, session %q", base.Cwd, base.Spec.Env, base.Session)
	}
	if base.Secrets.String("token sekret-one") == "token sekret-one" {
		t.Errorf("the expanded value is not a secret")
	}
	own := spec("a")
	own.NoShare = true
	l1 := NewLaunch(own, ws("/p", map[string]string{"TOK": "sekret-one"}))
	l2 := NewLaunch(own, &LaunchOptions{Workspace: "/p", Env: map[string]string{"TOK": "sekret-one"}, Session: "s2"})
	if l1.Key == l2.Key || l1.Session != "s1" {
		t.Errorf(`"share": false: sessions s1 and s2 share key %v`, l1.Key == l2.Key)
	}
	// A remote server is the same in every workspace.
	r1 := NewLaunch(&config.Server{Name: "r", Type: config.HTTP, URL: "https://x"}, ws("/p", nil))
	r2 := NewLaunch(&config.Server{Name: "r", Type: config.HTTP, URL: "https://x"}, ws("/q", nil))
	if r1.Key != r2.Key {
		t.Errorf("a remote server has a key per workspace")
	}
	bad := NewLaunch(&config.Server{Name: "b", Type: config.Stdio, Command: "${env:NOPE}"}, ws("/p", map[string]string{}))
	if bad.Spec != nil || bad.Key == "" {
		t.Errorf("failed expansion: spec %v key %q", bad.Spec, bad.Key)
	}
}

func TestPool_IdenticalLaunchesShareOneBackendAcrossSessions(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := New(&Options{Start: s.start})
		defer p.Close()
		spec := &config.Server{Name: "a", Type: config.Stdio, Command: "a"}
		l1 := NewLaunch(spec, &LaunchOptions{Session: "s1", Workspace: "/p", Env: map[string]string{}})
		l2 := NewLaunch(spec, &LaunchOptions{Session: "s2", Workspace: "/p", Env: map[string]string{}})
		p.Use("s1", l1)
		p.Use("s2", l2)
		for _, c := range []*Call{{Session: "s1", Server: "a", Launch: l1, Tool: "echo"}, {Session: "s2", Server: "a", Launch: l2, Tool: "echo"}} {
			if _, err := p.CallTool(context.Background(), c); err != nil {
				t.Fatal(err)
			}
		}
		if s.count("a") != 1 {
			t.Errorf("%d starts for two sessions with one launch, want 1", s.count("a"))
		}
		st := p.Status()
		if len(st) != 1 || len(st[0].Sessions) != 2 || !st[0].Shared {
			t.Errorf("status = %+v, want one shared backend used by s1 and s2", st)
		}
	})
}

func TestPool_ReleaseStopsOnceInFlightCallsEnd(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := New(&Options{Start: s.start})
		defer p.Close()
		spec := &config.Server{Name: "a", Type: config.Stdio, Command: "a"}
		l1 := NewLaunch(spec, &LaunchOptions{Session: "s1"})
		p.Use("s1", l1)
		p.Use("s2", l1)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := p.CallTool(ctx, &Call{Session: "s1", Server: "a", Launch: l1, Tool: "sleep"})
			done <- err
		}()
		synctest.Wait()
		p.Release("s1", "a", l1.Key)
		synctest.Wait()
		if c := s.last("a"); c.closed.Load() {
			t.Fatal("released by one of two sessions: stopped")
		}
		p.Release("s2", "a", l1.Key)
		synctest.Wait()
		if c := s.last("a"); c.closed.Load() {
			t.Fatal("released while a call runs: stopped under the call")
		}
		cancel()
		<-done
		synctest.Wait()
		if c := s.last("a"); !c.closed.Load() {
			t.Error("released and idle: still running")
		}
		if len(p.Status()) != 0 {
			t.Errorf("released backend still listed: %+v", p.Status())
		}
	})
}

func TestPool_ListsAgainAfterStartBeforeTheCall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		var listed []string
		p := New(&Options{Start: s.start, OnListed: func(key string, l *Lists) {
			listed = append(listed, key)
		}})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, nil)
		p.Use("s", l) // as a session does before its calls: a key no session uses is stopped after its call
		withheld := errors.New("tool changed since approval")
		admit := func() error {
			if len(listed) != 1 {
				t.Errorf("admit ran after %d listings, want 1", len(listed))
			}
			return withheld
		}
		_, err := p.CallTool(context.Background(), &Call{Server: "a", Launch: l, Tool: "echo", Admit: admit})
		if !errors.Is(err, withheld) {
			t.Fatalf("call = %v, want the Admit error", err)
		}
		if n := s.last("a").calls.Load(); n != 0 {
			t.Errorf("the refused call reached the backend (%d calls)", n)
		}
		// The same start is not listed again, and a call looked up after
		// its listing is not admitted again; a restart is listed, and a
		// call looked up before it is.
		time.Sleep(time.Millisecond)
		admitted := 0
		count := func() error { admitted++; return nil }
		p.CallTool(context.Background(), &Call{Server: "a", Launch: l, Tool: "echo", Admit: count, LookedUp: time.Now()})
		if len(listed) != 1 || admitted != 0 {
			t.Errorf("listed %d times for one start, admitted %d calls looked up after it", len(listed), admitted)
		}
		looked := time.Now()
		s.last("a").end()
		synctest.Wait()
		time.Sleep(time.Millisecond)
		p.CallTool(context.Background(), &Call{Server: "a", Launch: l, Tool: "echo", Admit: count, LookedUp: looked})
		if len(listed) != 2 || listed[1] != l.Key || admitted != 1 {
			t.Errorf("after a restart: listed %v, want twice with the key; admitted %d, want 1", listed, admitted)
		}
	})
}

func TestPool_RoutesToTheSingleCallElseTheRelatedOne(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := New(&Options{Start: s.start})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, nil)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		c1 := &Call{Server: "a", Launch: l, Tool: "sleep", Progress: "t1"}
		c2 := &Call{Server: "a", Launch: l, Tool: "sleep", Progress: "t2"}
		go p.CallTool(ctx, c1)
		synctest.Wait()
		if got := p.Route(l.Key, nil); got != c1 {
			t.Errorf("one call in flight: routed to %v", got)
		}
		go p.CallTool(ctx, c2)
		synctest.Wait()
		if got := p.Route(l.Key, nil); got != nil {
			t.Errorf("two calls, no hint: routed to %v, want refused", got)
		}
		if got := p.Route(l.Key, func(c *Call) bool { return c.Progress == "t2" }); got != c2 {
			t.Errorf("two calls, hint t2: routed to %v", got)
		}
	})
}

func TestPool_CancellingTheCallCancelsTheBackendCall(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(0)
		p := New(&Options{Start: s.start})
		defer p.Close()
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, nil)
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			_, err := p.CallTool(ctx, &Call{Server: "a", Launch: l, Tool: "sleep"})
			done <- err
		}()
		synctest.Wait()
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Errorf("call = %v, want cancelled", err)
		}
		if s.last("a").cancelled.Load() != 1 {
			t.Error("the backend's call was not cancelled")
		}
	})
}

// listingConn is a fakeConn that lists resources and prompts, failing
// prompts/list with promptsErr.
type listingConn struct {
	*fakeConn
	promptsErr error
}

func (c *listingConn) ListResources(context.Context) ([]*mcp.Resource, error) {
	return []*mcp.Resource{{URI: "doc://a", Name: "a"}}, nil
}

func (c *listingConn) ListPrompts(context.Context) ([]*mcp.Prompt, error) {
	if c.promptsErr != nil {
		return nil, c.promptsErr
	}
	return []*mcp.Prompt{{Name: "p"}}, nil
}

// TestPool_ListAllFailsWhenAListBreaks: a backend that answers
// prompts/list with an error still gives its tools; a prompts/list that
// failed otherwise (the backend exited, the pool closed) fails the whole
// listing, so that an empty list does not replace the catalog's good one.
func TestPool_ListAllFailsWhenAListBreaks(t *testing.T) {
	for _, tc := range []struct {
		name    string
		err     error
		wantErr bool
	}{
		{"listed", nil, false},
		{"answered with an error", fmt.Errorf("listing prompts: %w", &jsonrpc.Error{Code: jsonrpc.CodeInternalError, Message: "boom"}), false},
		{"connection ended", fmt.Errorf("listing prompts: %w", mcp.ErrConnectionClosed), true},
	} {
		var listed []*Lists
		start := func(ctx context.Context, spec *config.Server, o *backend.Options) (Conn, error) {
			return &listingConn{&fakeConn{name: spec.Name, done: make(chan struct{})}, tc.err}, nil
		}
		p := New(&Options{Start: start, OnListed: func(key string, l *Lists) { listed = append(listed, l) }})
		l := NewLaunch(&config.Server{Name: "a", Type: config.Stdio, Command: "a"}, nil)
		got, err := p.ListAll(context.Background(), l)
		p.Close()
		if tc.wantErr {
			if err == nil || len(listed) != 0 {
				t.Errorf("%s: ListAll = %+v, %v (%d listings handed on), want an error and none", tc.name, got, err, len(listed))
			}
			continue
		}
		if err != nil || len(got.Resources) != 1 || len(listed) != 1 {
			t.Errorf("%s: ListAll = %+v, %v (%d listings), want the lists", tc.name, got, err, len(listed))
		}
		if wantPrompts := tc.err == nil; (len(got.Prompts) == 1) != wantPrompts {
			t.Errorf("%s: prompts %v", tc.name, got.Prompts)
		}
	}
}
