//go:build unix

package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
)

// Round forty-three: `sudo switchboard init --user` with the user's HOME
// left what it created (the user config, the backups directory and its
// files, the locks, the directories made for them) owned by root, so the
// user's own later `switchboard add` or `init` could not write them.
// When SUDO_UID and SUDO_GID are set and HOME is that user's, what init
// creates there is given to the user, through --undo too; a HOME that is
// not the sudo user's (root's own) keeps what is written there root's.
func TestInit_UnderSudoGivesWhatItCreatesInTheUsersHomeToTheUser(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("skipped: giving files away needs root (CI runs tests as root)")
	}
	const uid, gid = 4242, 4243
	owners := func(t *testing.T, home string) map[string]string {
		t.Helper()
		out := map[string]string{}
		filepath.WalkDir(home, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				t.Fatal(err)
			}
			u, _ := lfileOwner(p)
			out[p] = strconv.Itoa(u)
			return nil
		})
		return out
	}
	chownAll := func(t *testing.T, root string) {
		t.Helper()
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				t.Fatal(err)
			}
			return os.Lchown(p, uid, gid)
		})
	}
	t.Run("the sudo user's home", func(t *testing.T) {
		w := newInitWorld(t)
		w.env["SUDO_UID"], w.env["SUDO_GID"] = strconv.Itoa(uid), strconv.Itoa(gid)
		w.write(filepath.Join(w.home, ".cursor", "mcp.json"), `{"mcpServers": {"a": `+srvJSON("a")+`}}`)
		chownAll(t, w.home)
		w.mustRun("--user")
		if _, err := os.Stat(filepath.Join(w.home, ".config", "switchboard", "config.json")); err != nil {
			t.Fatal(err)
		}
		for p, u := range owners(t, w.home) {
			if u != strconv.Itoa(uid) {
				t.Errorf("after init: %s is owned by %s, want the sudo user %d", p, u, uid)
			}
		}
		fi, err := os.Stat(filepath.Join(w.home, ".config", "switchboard"))
		if err != nil {
			t.Fatal(err)
		}
		if g, _ := fileGroup(fi); g != gid {
			t.Errorf("the config directory's group is %d, want SUDO_GID %d", g, gid)
		}
		w.mustRun("--user", "--undo")
		for p, u := range owners(t, w.home) {
			if u != strconv.Itoa(uid) {
				t.Errorf("after --undo: %s is owned by %s, want the sudo user %d", p, u, uid)
			}
		}
	})
	t.Run("a home that is not the sudo user's", func(t *testing.T) {
		w := newInitWorld(t)
		w.env["SUDO_UID"], w.env["SUDO_GID"] = strconv.Itoa(uid), strconv.Itoa(gid)
		w.write(filepath.Join(w.home, ".cursor", "mcp.json"), `{"mcpServers": {"a": `+srvJSON("a")+`}}`)
		w.mustRun("--user")
		if u, _ := lfileOwner(filepath.Join(w.home, ".config", "switchboard", "config.json")); u != 0 {
			t.Errorf("the config in root's own home is owned by %d, want root", u)
		}
	})
}

// fileGroup is fi's group.
func fileGroup(fi os.FileInfo) (int, bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Gid), true
}
