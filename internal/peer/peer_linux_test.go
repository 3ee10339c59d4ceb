package peer

import (
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the test binary be the client of another user: with
// PEER_TEST_DIAL set it connects there and waits until the server closes.
func TestMain(m *testing.M) {
	if addr := os.Getenv("PEER_TEST_DIAL"); addr != "" {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			os.Exit(2)
		}
		io.Copy(io.Discard, c)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func accept(t *testing.T, network, addr string, dial func(addr string)) net.Conn {
	t.Helper()
	ln, err := net.Listen(network, addr)
	if err != nil {
		t.Skipf("no %s loopback: %v", network, err)
	}
	defer ln.Close()
	dial(ln.Addr().String())
	ln.(*net.TCPListener).SetDeadline(time.Now().Add(10 * time.Second))
	c, err := ln.Accept()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

func TestOwner_OwnConnectionIsOurs(t *testing.T) {
	for _, tc := range []struct{ network, addr string }{{"tcp4", "127.0.0.1:0"}, {"tcp6", "[::1]:0"}} {
		var client net.Conn
		c := accept(t, tc.network, tc.addr, func(addr string) {
			client, _ = net.Dial("tcp", addr)
		})
		if client == nil {
			t.Fatalf("%s: dial failed", tc.network)
		}
		defer client.Close()
		if uid, ok := Owner(c.LocalAddr(), c.RemoteAddr()); !ok || uid != os.Getuid() {
			t.Errorf("%s: Owner = %d, %v; want %d", tc.network, uid, ok, os.Getuid())
		}
		if !SameUser(c.LocalAddr(), c.RemoteAddr()) {
			t.Errorf("%s: our own connection is not the same user's", tc.network)
		}
	}
}

// A connection from a process of another user is known as such (run as
// root, which can start one).
func TestOwner_AnotherUsersConnection(t *testing.T) {
	if os.Getuid() != 0 {
		t.Skip("needs root to run a client as another user")
	}
	const nobody = 65534
	dir, err := os.MkdirTemp("", "peer-test-") // t.TempDir's parent is 0700
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	exe := filepath.Join(dir, "peer.test")
	b, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, b, 0o755); err != nil {
		t.Fatal(err)
	}
	var cmd *exec.Cmd
	c := accept(t, "tcp4", "127.0.0.1:0", func(addr string) {
		cmd = exec.Command(exe)
		cmd.Env = []string{"PEER_TEST_DIAL=" + addr}
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
	})
	if uid, ok := Owner(c.LocalAddr(), c.RemoteAddr()); !ok || uid != nobody {
		t.Errorf("Owner = %d, %v; want %d", uid, ok, nobody)
	}
	if SameUser(c.LocalAddr(), c.RemoteAddr()) {
		t.Error("another user's connection counts as ours")
	}
	c.Close()
	if cmd != nil && cmd.Process != nil {
		cmd.Wait()
	}
}

func TestHexAddrPort(t *testing.T) {
	for in, want := range map[string]string{
		"0100007F:1F90":                         "127.0.0.1:8080",
		"00000000000000000000000001000000:0016": "[::1]:22",
		"0000000000000000FFFF00000100007F:C350": "127.0.0.1:50000",
		"zz:1":                                  "invalid AddrPort",
	} {
		if got := hexAddrPort(in).String(); got != want {
			t.Errorf("hexAddrPort(%q) = %s, want %s", in, got, want)
		}
	}
}
