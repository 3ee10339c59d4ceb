package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile/disktest"
)

const initializeLine = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}` + "\n"

// A read-only home (state directory included) must not leave the agent
// without a server. Before, serve failed with "starting the daemon: open
// …/daemon.log: read-only file system" and exit 1; now the daemon starts
// without a log (said), or, when it cannot start at all (its runtime
// directory read-only too), the session is served in process.
func TestServe_ReadOnlyHomeStillServes(t *testing.T) {
	home, ok := disktest.Tmpfs(t, 1<<20)
	if !ok {
		return
	}
	exe, _ := os.Executable()
	rt, err := os.MkdirTemp("", "sbr") // off the tmpfs: writable
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(rt)
	base := []string{"SWITCHBOARD_TEST_MAIN=1", "HOME=" + home, "XDG_STATE_HOME=" + filepath.Join(home, "st"),
		"XDG_CONFIG_HOME=" + filepath.Join(home, "cfg"), "XDG_CACHE_HOME=" + filepath.Join(home, "cache")}
	os.MkdirAll(filepath.Join(home, "st", "switchboard", "run"), 0o700)
	os.MkdirAll(filepath.Join(home, "cfg"), 0o700)
	disktest.ReadOnly(t, home, true)
	serve := func(env []string) (string, string) {
		cmd := exec.Command(exe, "serve")
		cmd.Env = env
		cmd.Stdin = strings.NewReader(initializeLine)
		var errb bytes.Buffer
		cmd.Stderr = &errb
		out, err := cmd.Output()
		if err != nil {
			t.Errorf("serve: %v, stderr %q", err, errb.String())
		}
		return string(out), errb.String()
	}
	withRuntime := append(base, "XDG_RUNTIME_DIR="+rt)
	out, errOut := serve(withRuntime)
	stop := exec.Command(exe, "daemon", "stop")
	stop.Env = withRuntime
	stop.Run()
	if !strings.Contains(out, `"id":1,"result"`) || !strings.Contains(errOut, "cannot be opened") || !strings.Contains(errOut, "starting it without a log") {
		t.Errorf("read-only state, writable runtime directory: stdout %q, stderr %q; want initialize answered and the log's absence said", out, errOut)
	}
	out, errOut = serve(append(base, "XDG_RUNTIME_DIR="))
	if !strings.Contains(out, `"id":1,"result"`) || !strings.Contains(errOut, "exited at start") || !strings.Contains(errOut, "serving in this process instead") {
		t.Errorf("read-only state and runtime directory: stdout %q, stderr %q; want initialize answered in process, saying why", out, errOut)
	}
}

// On a full or read-only disk, commands that must write fail naming the
// file, the system's reason and what to do, and leave the user's config
// as it was. Before, `add` named a temporary file and said nothing of
// what to do.
func TestAdd_FullOrReadOnlyDiskSaysWhatToDo(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 256<<10)
	if !ok {
		return
	}
	w := newCLIWorld(t)
	w.home = dir
	for k, v := range map[string]string{"HOME": dir, "XDG_CONFIG_HOME": filepath.Join(dir, ".config"), "XDG_CACHE_HOME": filepath.Join(dir, ".cache"), "XDG_STATE_HOME": filepath.Join(dir, ".local", "state")} {
		w.env[k] = v
	}
	w.mustRun("add", "one", "--", "/bin/true")
	before, err := os.ReadFile(w.user())
	if err != nil {
		t.Fatal(err)
	}
	fill := disktest.Fill(t, dir)
	code, _, errOut := w.run("add", "two", "--", "/bin/true")
	if code != 1 || !strings.Contains(errOut, "config.json") || !strings.Contains(errOut, "no space left on device") || !strings.Contains(errOut, "free some space") || strings.Contains(errOut, ".tmp-") {
		t.Errorf("add on a full disk: exit %d, stderr %q", code, errOut)
	}
	os.Remove(fill)
	disktest.ReadOnly(t, dir, true)
	code, _, errOut = w.run("remove", "one")
	if code != 1 || !strings.Contains(errOut, "read-only file system") || !strings.Contains(errOut, "remount") {
		t.Errorf("remove on a read-only disk: exit %d, stderr %q", code, errOut)
	}
	if after, _ := os.ReadFile(w.user()); string(after) != string(before) {
		t.Errorf("the config changed:\n%s\nwas:\n%s", after, before)
	}
}

// `switchboard token` on a full or read-only disk names the token file,
// not the temporary file it writes first.
func TestToken_FullOrReadOnlyDiskNamesTheTokenFile(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 256<<10)
	if !ok {
		return
	}
	w := newCLIWorld(t)
	w.env["XDG_STATE_HOME"] = filepath.Join(dir, "state")
	os.MkdirAll(filepath.Join(dir, "state", "switchboard"), 0o700)
	token := filepath.Join(dir, "state", "switchboard", "http-token")
	fill := disktest.Fill(t, dir)
	code, _, errOut := w.run("token")
	if code != 1 || !strings.Contains(errOut, "writing http token "+token+": no space left on device") || strings.Contains(errOut, ".http-token-") {
		t.Errorf("token on a full disk: exit %d, stderr %q", code, errOut)
	}
	os.Remove(fill)
	disktest.ReadOnly(t, dir, true)
	code, _, errOut = w.run("token")
	if code != 1 || !strings.Contains(errOut, "writing http token "+token+": read-only file system") || !strings.Contains(errOut, "remount it read-write") {
		t.Errorf("token on a read-only disk: exit %d, stderr %q", code, errOut)
	}
}

// A user config mounted over (a container's bind mount) is refused by
// add and remove before they write, naming why, not with "device or
// resource busy" from the rename.
func TestAdd_MountedConfigIsRefusedSayingWhy(t *testing.T) {
	if _, ok := disktest.Tmpfs(t, 64<<10); !ok {
		return
	}
	w := newCLIWorld(t)
	w.mustRun("add", "one", "--", "/bin/true")
	cfg := w.user()
	if err := syscall.Mount(cfg, cfg, "", syscall.MS_BIND, ""); err != nil {
		t.Fatal(err)
	}
	defer syscall.Unmount(cfg, syscall.MNT_DETACH)
	for _, args := range [][]string{{"add", "two", "--", "/bin/true"}, {"remove", "one"}} {
		code, _, errOut := w.run(args...)
		if code != 1 || !strings.Contains(errOut, cfg+" cannot be replaced: it is a mount point") {
			t.Errorf("%s: exit %d, stderr %q", args[0], code, errOut)
		}
	}
}
