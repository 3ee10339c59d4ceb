package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// giveback gives what a root run of init creates in the home of the user
// who ran sudo (SUDO_UID, SUDO_GID) to that user: `sudo switchboard init
// --user` with the user's HOME left ~/.config/switchboard/config.json,
// the backups under ~/.local/state/switchboard and the directories made
// for them owned by root, so the user's later `switchboard add`, `init`
// and the daemon could not write them. Files init replaces keep their
// owner already (atomicfile). A nil *giveback does nothing: not root, no
// SUDO_UID or SUDO_GID, or HOME is not a directory owned by SUDO_UID (a
// sudo that set HOME to root's: what is written there is root's).
type giveback struct {
	uid, gid int
	home     string
	absent   []string            // paths under home absent before the run
	trees    map[string][]string // directories whose new entries, at any depth, are given too -> entries before
}

// newGiveback returns the giveback of a sudo run of e, or nil.
func newGiveback(e *Env) *giveback {
	if e.Getenv == nil || os.Geteuid() != 0 {
		return nil
	}
	uid, err1 := strconv.Atoi(e.Getenv("SUDO_UID"))
	gid, err2 := strconv.Atoi(e.Getenv("SUDO_GID"))
	home := e.Getenv("HOME")
	if err1 != nil || err2 != nil || uid <= 0 || gid < 0 || home == "" || !filepath.IsAbs(home) {
		return nil
	}
	home = filepath.Clean(home)
	if owner, ok := fileOwner(home); !ok || owner != uid {
		return nil
	}
	return &giveback{uid: uid, gid: gid, home: home, trees: map[string][]string{}}
}

// under reports whether path is home or below it.
func (g *giveback) under(path string) bool {
	rel, err := filepath.Rel(g.home, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// watch records path and its ancestors below home that do not exist yet:
// what the run creates of them is given after it.
func (g *giveback) watch(paths ...string) {
	if g == nil {
		return
	}
	for _, p := range paths {
		for p = filepath.Clean(p); g.under(p) && p != g.home; p = filepath.Dir(p) {
			if _, err := os.Lstat(p); err == nil {
				break
			}
			g.absent = append(g.absent, p)
		}
	}
}

// watchTree is watch, and every entry at any depth of dir that the run
// adds is given too (the backups of a scope).
func (g *giveback) watchTree(dir string) {
	if g == nil || !g.under(dir) {
		return
	}
	g.watch(dir)
	var before []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			before = append(before, p)
		}
		return nil
	})
	g.trees[filepath.Clean(dir)] = before
}

// give hands what the run created of the watched paths to the user: each
// that exists now and is still root's (a link itself, not its target).
// Best effort, like atomicfile's keeping of an owner.
func (g *giveback) give() {
	if g == nil {
		return
	}
	seen := map[string]bool{}
	give := func(p string) {
		if seen[p] {
			return
		}
		seen[p] = true
		if owner, ok := lfileOwner(p); ok && owner == os.Geteuid() {
			_ = os.Lchown(p, g.uid, g.gid)
		}
	}
	for _, p := range g.absent {
		give(p)
	}
	for dir, before := range g.trees {
		had := map[string]bool{}
		for _, p := range before {
			had[p] = true
		}
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !had[p] {
				give(p)
			}
			return nil
		})
	}
}
