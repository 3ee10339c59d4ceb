//go:build unix

package cli

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round fifty: round forty-three gave the sudo user what `sudo switchboard
// init` created in their home; the other commands (`add` and its
// backups and lock, `add --project`, `trust`'s store, `token`, what any
// command leaves in the state and cache directories) still left root's
// files there, which the user's own later `add`, `trust` or daemon could
// not write. Every command that ends by itself now gives them back as
// init does; the daemon's runtime directory stays root's.
func TestMain_UnderSudoCommandsGiveWhatTheyCreateInTheUsersHomeToTheUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("skipped: giving files away needs root (CI runs tests as root)")
	}
	const uid, gid = 4242, 4243
	base := t.TempDir()
	home := filepath.Join(base, "home")
	proj := filepath.Join(home, "src", "app")
	if err := os.MkdirAll(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{home, filepath.Join(home, "src"), proj} {
		if err := os.Lchown(p, uid, gid); err != nil {
			t.Fatal(err)
		}
	}
	env := map[string]string{"HOME": home, "SUDO_UID": "4242", "SUDO_GID": "4243", "PATH": os.Getenv("PATH")}
	run := func(args ...string) {
		t.Helper()
		var out, errb bytes.Buffer
		e := &Env{
			Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
			Getenv:    func(k string) string { return env[k] },
			LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
			Environ:   func() []string { return nil }, Dir: proj, Executable: filepath.Join(base, "switchboard"),
		}
		if code := Main(context.Background(), e); code != 0 {
			t.Fatalf("switchboard %s: exit %d\nstdout:\n%s\nstderr:\n%s", strings.Join(args, " "), code, out.String(), errb.String())
		}
	}
	run("add", "memory", "--", "node", "/opt/memory.js")
	run("add", "db", "--", "node", "/opt/db.js") // a backup of the config
	run("add", "--project", "local", "--", "node", "/opt/local.js")
	run("trust", filepath.Join(proj, ".switchboard.json"))
	run("token")
	run("disable", "db")
	kept := filepath.Join(home, ".local", "state", "switchboard", "run")
	var paths int
	filepath.WalkDir(home, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if p == kept {
			if u, _ := lfileOwner(p); u != 0 {
				t.Errorf("the daemon's runtime directory %s is owned by %d, want root's kept", p, u)
			}
			return fs.SkipDir
		}
		paths++
		if u, _ := lfileOwner(p); u != uid {
			t.Errorf("%s is owned by %d, want the sudo user %d", p, u, uid)
		}
		return nil
	})
	for _, p := range []string{filepath.Join(home, ".config", "switchboard", "config.json"), filepath.Join(proj, ".switchboard.json")} {
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%v (the commands did not write what the test looks at)", err)
		}
	}
	t.Logf("%d paths under the home checked", paths)
}
