package cli

import (
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLogin_CallbackServesOnlyItsOwnUser: the sign-in redirect's port
// refuses a process of another user (any local user can connect to it,
// and one who read the authorization URL, state included, off the
// browser's command line could end the sign-in or hand it a code of
// their own account). Run as root, which can start such a process.
func TestLogin_CallbackServesOnlyItsOwnUser(t *testing.T) {
	results := make(chan callbackResult, 1)
	srv := callbackServer(callbackHandler(results, func() string { return "s" }))
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(ln)
	defer srv.Close()
	u := "http://" + ln.Addr().String() + "/callback?code=c&state=s"
	if os.Getuid() != 0 {
		t.Skip("needs root to run a client as another user")
	}
	dir, err := os.MkdirTemp("", "sb-login-") // t.TempDir's parent is 0700
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	os.Chmod(dir, 0o755)
	b, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	exe := filepath.Join(dir, "cli.test")
	if err := os.WriteFile(exe, b, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = []string{"SWITCHBOARD_TEST_GET=" + u}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	out, err := cmd.CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "403" {
		t.Errorf("another user's redirect: %s %v, want 403", out, err)
	}
	if len(results) != 0 {
		t.Fatal("another user's redirect counted as the answer")
	}
	resp, err := http.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 200 || len(results) != 1 {
		t.Errorf("our own redirect: %d, %d results; want 200 and the answer", resp.StatusCode, len(results))
	}
}
