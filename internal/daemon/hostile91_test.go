package daemon

import (
	"context"
	"errors"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// Round ninety-one: a daemon that took the connection but never
// answered its handshake (stopped with SIGSTOP, stuck) failed every new
// `serve` after 5 s with "daemon handshake on …: read unix …: i/o
// timeout", which named neither the daemon nor what to do, and left the
// agent without a server. Connect's error is now ErrNotAnswering (the
// CLI then serves in its own process), naming the pid and how to end
// it.
func TestConnect_ADaemonThatDoesNotAnswerIsNamed(t *testing.T) {
	dir, _ := os.MkdirTemp("", "sbn") // short: socket paths are limited
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Mkdir(dir+"/rt", 0o700)
	p, err := Dir(func(k string) string { return map[string]string{"HOME": dir, "XDG_RUNTIME_DIR": dir + "/rt"}[k] })
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("unix", p.Socket)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	var mu sync.Mutex
	var held []net.Conn
	t.Cleanup(func() {
		mu.Lock()
		defer mu.Unlock()
		for _, c := range held {
			c.Close()
		}
	})
	go func() { // takes connections, answers none
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			held = append(held, c)
			mu.Unlock()
		}
	}()
	os.WriteFile(p.PID, []byte("4242\n"), 0o600)
	_, _, err = Connect(context.Background(), &ConnectOptions{Paths: p, Hello: &Hello{Version: "v", Kind: KindSession}, NoStart: true})
	if !errors.Is(err, ErrNotAnswering) {
		t.Fatalf("Connect: %v; want ErrNotAnswering", err)
	}
	for _, want := range []string{"pid 4242", p.Socket, "stopped or stuck", "kill " + strconv.Itoa(4242)} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q; want it to say %q", err, want)
		}
	}
}
