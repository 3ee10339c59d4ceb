//go:build unix

package daemon

import (
	"context"
	"net"
	"os"
	"strings"
	"testing"
	"time"
)

// uiHandler is echoHandler with a status page.
type uiHandler struct {
	echoHandler
	asked int
}

func (h *uiHandler) UI() (string, error) {
	h.asked++
	return "http://127.0.0.1:1/?t=x", nil
}

func serveInProcess(t *testing.T, h Handler) *Paths {
	t.Helper()
	dir, _ := os.MkdirTemp("", "sbu") // short: socket paths are limited
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Mkdir(dir+"/rt", 0o700)
	p, err := Dir(func(k string) string { return map[string]string{"HOME": dir, "XDG_RUNTIME_DIR": dir + "/rt"}[k] })
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { Serve(ctx, &ServeOptions{Paths: p, Version: "u"}, h); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	// Until the daemon accepts: its socket file appears at bind, a
	// moment before it listens, and a dial in between is refused ("no
	// daemon running" under load).
	deadline := time.Now().Add(30 * time.Second)
	for {
		c, err := net.Dial("unix", p.Socket)
		if err == nil {
			c.Close()
			return p
		}
		if time.Now().After(deadline) {
			t.Fatalf("the daemon did not accept on %s within 30 s: %v", p.Socket, err)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func askUI(t *testing.T, p *Paths) *Reply {
	t.Helper()
	c, r, err := Connect(context.Background(), &ConnectOptions{Paths: p, NoStart: true, Hello: &Hello{Version: "other", Kind: KindControl, Control: ControlUI}})
	if err != nil {
		t.Fatalf("control ui: %v", err)
	}
	c.Close()
	return r
}

// TestControlUI_AnswersTheHandlersURL: `switchboard ui` asks the daemon
// (of any version) for its status page's URL; a handler without a page
// answers with an error, not a hang.
func TestControlUI_AnswersTheHandlersURL(t *testing.T) {
	h := &uiHandler{}
	p := serveInProcess(t, h)
	r := askUI(t, p)
	if !r.OK || r.URL != "http://127.0.0.1:1/?t=x" || h.asked != 1 {
		t.Fatalf("reply %+v, asked %d", r, h.asked)
	}

	p = serveInProcess(t, echoHandler{})
	_, _, err := Connect(context.Background(), &ConnectOptions{Paths: p, NoStart: true, Hello: &Hello{Version: "u", Kind: KindControl, Control: ControlUI}})
	if err == nil || !strings.Contains(err.Error(), "serves no status page") {
		t.Fatalf("a handler without a page: %v", err)
	}
}
