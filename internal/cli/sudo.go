package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// giveback gives what a root run of a command (init, and since round
// fifty every command that ends by itself: Main) creates in the home of
// the user who ran sudo (SUDO_UID, SUDO_GID) to that user: `sudo
// switchboard init --user` with the user's HOME left
// ~/.config/switchboard/config.json, the backups under
// ~/.local/state/switchboard and the directories made for them owned by
// root, so the user's later `switchboard add`, `init` and the daemon could
// not write them. Agent files init replaces keep their owner already
// (atomicfile); our own stores written whole (atomicfile.WriteOwn) are
// given back when they were the user's before. A nil *giveback does nothing: not root, no
// SUDO_UID or SUDO_GID, or HOME is not a directory owned by SUDO_UID (a
// sudo that set HOME to root's: what is written there is root's).
type giveback struct {
	uid, gid int
	home     string
	absent   []string // paths under home absent before the run
	// trees are directories whose new entries, at any depth, are given
	// too -> each entry before -> whether it was ours (root's) then: an
	// entry that was the user's and is ours now was replaced by the run
	// (a store written whole, atomicfile.WriteOwn) and is given back.
	trees map[string]map[string]bool
	kept  []string // paths never given, nor what is below them
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
	return &giveback{uid: uid, gid: gid, home: home, trees: map[string]map[string]bool{}}
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
	before := map[string]bool{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil {
			owner, ok := lfileOwner(p)
			before[p] = !ok || owner == os.Geteuid()
		}
		return nil
	})
	g.trees[filepath.Clean(dir)] = before
}

// watchUserDirs watches Switchboard's per-user directories (config,
// state, cache) as trees and the user config, which every command but the
// lasting ones (serve, the daemon, ui) may write under sudo: `add` the
// config and its backup, `trust` and `approve` their stores, `login` the
// sign-in, `exec`, `list` and `doctor` the tool-list cache and logs. The
// daemon's runtime directory below the state directory is kept: a root
// daemon may live there, and a socket directory handed to the user would
// let the user replace root's socket.
func (g *giveback) watchUserDirs(e *Env) {
	if g == nil {
		return
	}
	d := config.UserDirs(e.Getenv)
	for _, dir := range []string{d.Config, d.State, d.Cache} {
		if dir != "" {
			g.watchTree(dir)
		}
	}
	if u := config.UserPath(e.Getenv); u != "" {
		g.watch(u)
	}
	if d.State != "" {
		g.kept = append(g.kept, filepath.Join(d.State, "run"))
	}
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
		for _, k := range g.kept {
			if p == k || strings.HasPrefix(p, k+string(filepath.Separator)) {
				return
			}
		}
		if owner, ok := lfileOwner(p); ok && owner == os.Geteuid() {
			_ = os.Lchown(p, g.uid, g.gid)
		}
	}
	for _, p := range g.absent {
		give(p)
	}
	for dir, before := range g.trees {
		filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if ours, had := before[p]; err == nil && (!had || !ours) {
				give(p) // new, or replaced: the user's before
			}
			return nil
		})
	}
}

// sudoUIDs is the user's uid under sudo (SUDO_UID, as root), whose files
// are the user's own to allow.OwnerNote; none otherwise. sudo switchboard
// trust of the user's own project file was refused as another's.
func (e *Env) sudoUIDs() []int {
	if e.Getenv == nil || os.Geteuid() != 0 {
		return nil
	}
	if uid, err := strconv.Atoi(e.Getenv("SUDO_UID")); err == nil && uid > 0 {
		return []int{uid}
	}
	return nil
}
