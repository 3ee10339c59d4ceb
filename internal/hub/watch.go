package hub

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/demo"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/panics"
)

// watcher reloads sessions when a config file they loaded changes. It
// watches directories, not files, so that editors' atomic rename-over
// writes (and a file created later) are seen; events within ReloadDelay
// fold into one reload. A watched directory that is removed or renamed
// (the config directory deleted and made again under a running daemon)
// is waited for by watching its nearest existing parent; once it is
// there again it is watched, and the sessions with files in it reload.
// Before, its watch was gone for good and the sessions kept the old
// config until they ended. (A directory missing from the start, such as
// a plugin directory never made, is not waited for: its parent, a home
// or a project directory, would wake the watcher at each write there.)
//
// What no watch reports, a directory above the config's (XDG_CONFIG_HOME,
// ~/.config) renamed away or replaced, is found by comparing, every
// Options.RecheckEvery, each config file's identity (the device and
// inode of the file, of its target when it is a link, and of its
// directory) with what was loaded: a change reloads the sessions that
// loaded it, and a directory now another is watched anew. Watching each
// ancestor instead would wake the watcher at every write in the home
// directory.
type watcher struct {
	h    *Hub
	w    *fsnotify.Watcher
	tick *time.Ticker // the identities' recheck

	mu      sync.Mutex
	dirs    map[string]bool // watched
	missing map[string]bool // wanted, not there: a parent is watched
	files   map[*Session][]string
	timers  map[*Session]*time.Timer
	// seen is each session's config files' identities as last loaded
	// (or as last seen changed by recheck).
	seen map[*Session]map[string]identity
}

// identity is what a config file's path leads to: the file (a symbolic
// link itself), its target when it is a link, and its directory; nil
// where there is none (or it cannot be read).
type identity struct{ file, target, dir os.FileInfo }

// identify stats f: two or three stat calls, no read.
func identify(f string) identity {
	var id identity
	id.file, _ = os.Lstat(f)
	if id.file != nil && id.file.Mode()&fs.ModeSymlink != 0 {
		id.target, _ = os.Stat(f)
	}
	id.dir, _ = os.Stat(filepath.Dir(f))
	return id
}

func sameFile(a, b os.FileInfo) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	return os.SameFile(a, b)
}

func (id identity) same(o identity) bool {
	return sameFile(id.file, o.file) && sameFile(id.target, o.target) && sameFile(id.dir, o.dir)
}

// configFiles are the config files of l's paths, cleaned.
func configFiles(p Paths) []string {
	var out []string
	for _, f := range []string{p.User, p.Project} {
		if f != "" {
			out = append(out, filepath.Clean(f))
		}
	}
	return out
}

// watchFiles makes s reload when the files l was loaded from change
// (the config files and the plugin manifests of both plugin
// directories), and re-resolve when its workspace's sync file changes.
// Best effort: a directory that cannot be watched is logged.
func (h *Hub) watchFiles(s *Session, l *Loaded) {
	var files []string
	for _, f := range []string{l.Paths.User, l.Paths.Project} {
		if f != "" {
			files = append(files, filepath.Clean(f))
			// A config that is a symbolic link (dotfiles kept in a
			// repository, GNU stow, home-manager) changes where its
			// target is: an edit there named the target, not the link,
			// and the session kept the old config. Each reload resolves
			// the link again (a link pointed elsewhere is an event on
			// the link itself).
			if t, err := filepath.EvalSymlinks(f); err == nil && t != filepath.Clean(f) {
				files = append(files, t)
			}
		}
	}
	// Plugin manifests: "DIR/*.toml" stands for any of them (see changed).
	user, proj := PluginDirs(l.Paths, l.Paths.Project, s.so.Workspace)
	for _, d := range []string{user, proj} {
		if d != "" {
			files = append(files, filepath.Join(d, "*.toml"))
		}
	}
	// The trust store, for a session with project files: `switchboard
	// trust --revoke` left a running session using the file it revoked
	// (and a new trust waited for the next change of the file).
	if (l.Paths.Project != "" || proj != "") && l.Paths.State != "" {
		files = append(files, filepath.Clean(l.Paths.Trusted()))
	}
	sync := s.syncFile() // `switchboard sync` writes it (workspace.go)
	if sync != "" {
		files = append(files, sync)
	}
	if len(files) == 0 {
		return
	}
	h.mu.Lock()
	w := h.watch
	if w == nil && !h.closed {
		fw, err := fsnotify.NewWatcher()
		if err != nil {
			h.mu.Unlock()
			h.log.Warn("config hot reload disabled", "err", err)
			return
		}
		every := h.o.RecheckEvery
		if every <= 0 {
			every = 2 * time.Second
		}
		w = &watcher{h: h, w: fw, tick: time.NewTicker(every), dirs: map[string]bool{}, missing: map[string]bool{}, files: map[*Session][]string{}, timers: map[*Session]*time.Timer{}, seen: map[*Session]map[string]identity{}}
		h.watch = w
		go w.loop()
	}
	h.mu.Unlock()
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	s.mu.Lock()
	closed := s.closed // Close unwatches after it sets closed
	s.mu.Unlock()
	if closed {
		return
	}
	w.files[s] = files
	seen := map[string]identity{}
	for _, f := range configFiles(l.Paths) {
		id, ok := w.seen[s][f]
		if !ok {
			id = identify(f)
		}
		seen[f] = id
	}
	w.seen[s] = seen
	for _, f := range files {
		w.add(filepath.Dir(f), false)
	}
	w.prune()
}

// loading records the identities of the config files s is about to read
// (a reload, whether or not it loads): a change the watch reported is not
// found again by recheck.
func (h *Hub) loading(s *Session, files []string) {
	h.mu.Lock()
	w := h.watch
	h.mu.Unlock()
	if w == nil {
		return
	}
	ids := map[string]identity{}
	for _, f := range files {
		ids[filepath.Clean(f)] = identify(f)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if _, watched := w.seen[s]; !watched { // closed, or never watched
		return
	}
	for f, id := range ids {
		w.seen[s][f] = id
	}
}

// recheck compares the config files' identities with what was loaded
// and reloads the sessions whose files changed (see watcher). A
// directory now another (or gone) is watched anew: its watch was on the
// directory that went away.
func (w *watcher) recheck() {
	w.mu.Lock()
	now := map[string]identity{} // each file once, however many sessions loaded it
	for _, ids := range w.seen {
		for f := range ids {
			now[f] = identity{}
		}
	}
	w.mu.Unlock()
	for f := range now { // the stats without the lock
		now[f] = identify(f)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	rewatched := map[string]bool{}
	for _, ids := range w.seen {
		for f, was := range ids {
			id, ok := now[f]
			if !ok || id.same(was) {
				continue
			}
			ids[f] = id
			if d := filepath.Dir(f); !sameFile(id.dir, was.dir) && !rewatched[d] {
				rewatched[d] = true
				if w.dirs[d] {
					w.w.Remove(d)
					delete(w.dirs, d)
				}
				if id.dir != nil {
					w.add(d, false)
				}
			}
			w.changedLocked(f)
		}
	}
}

// prune stops watching the directories no session's files are in any
// more, and stops waiting for missing ones no session wants: a daemon
// that served sessions in many projects watched every project directory
// it had ever seen (an inotify watch each, and its every write an event
// to sort) for its whole life. A directory watched as the parent of a
// missing one still wanted stays. w.mu held.
func (w *watcher) prune() {
	want := map[string]bool{}
	for _, files := range w.files {
		for _, f := range files {
			want[filepath.Dir(f)] = true
		}
	}
	for d := range w.missing {
		if !want[d] {
			delete(w.missing, d)
		}
	}
	for d := range w.dirs {
		if want[d] {
			continue
		}
		parent := false
		for m := range w.missing {
			if strings.HasPrefix(m, d+string(filepath.Separator)) || filepath.Dir(d) == d {
				parent = true
				break
			}
		}
		if !parent {
			w.w.Remove(d)
			delete(w.dirs, d)
		}
	}
}

// add watches d; when it is missing and wait is set (or it is waited for
// already), its nearest existing parent until it is there. w.mu held.
func (w *watcher) add(d string, wait bool) {
	if w.dirs[d] {
		return
	}
	err := w.w.Add(d)
	if err == nil {
		w.dirs[d] = true
		delete(w.missing, d)
		return
	}
	if !errors.Is(err, fs.ErrNotExist) || !(wait || w.missing[d]) {
		w.h.log.Info("not watching config directory", "dir", d, "err", err)
		return
	}
	w.missing[d] = true
	for p := filepath.Dir(d); ; p = filepath.Dir(p) {
		if w.dirs[p] {
			return
		}
		if w.w.Add(p) == nil {
			w.dirs[p] = true
			return
		}
		if filepath.Dir(p) == p {
			w.h.log.Info("not watching config directory", "dir", d, "err", err)
			return
		}
	}
}

// unwatch stops reloading s.
func (h *Hub) unwatch(s *Session) {
	h.mu.Lock()
	w := h.watch
	h.mu.Unlock()
	if w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	delete(w.files, s)
	delete(w.seen, s)
	if t := w.timers[s]; t != nil {
		t.Stop()
		delete(w.timers, s)
	}
	w.prune()
}

func (w *watcher) close() {
	w.tick.Stop()
	w.w.Close()
	w.mu.Lock()
	defer w.mu.Unlock()
	for s, t := range w.timers {
		t.Stop()
		delete(w.timers, s)
	}
}

// loop reads the watch's events and the recheck's ticks until the watch
// is closed. A panic acting on one (its paths are a project's, its
// events another process's doing) is logged and the loop goes on with
// the next: it ended the process, and with the daemon every session;
// recovered and left ended, no session would have reloaded again.
func (w *watcher) loop() {
	for !w.serve() {
	}
}

// serve is loop until a panic (false) or the watch's end (true).
func (w *watcher) serve() (ended bool) {
	defer panics.Recover(w.h.log, "the config watcher", nil)
	for {
		select {
		case ev, ok := <-w.w.Events:
			if !ok {
				return true
			}
			name := filepath.Clean(ev.Name)
			if w.h.testWatchEvent != nil {
				w.h.testWatchEvent(name)
			}
			w.dirEvent(name, ev.Op)
			w.changed(name)
		case err, ok := <-w.w.Errors:
			if !ok {
				return true
			}
			w.h.log.Warn("watching config files", "err", err)
		case <-w.tick.C:
			w.recheck()
		}
	}
}

// dirEvent keeps the watched directories true to an event on name: a
// watched directory removed or renamed away is missing again (its
// watch is gone with it), and a missing one that appears (or a parent on
// its way) is watched, reloading the sessions with files in it: a file
// written there before the watch was set is read then.
func (w *watcher) dirEvent(name string, op fsnotify.Op) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if op.Has(fsnotify.Remove) || op.Has(fsnotify.Rename) {
		if w.dirs[name] {
			delete(w.dirs, name)
			w.w.Remove(name) // gone already, or moved: its events would name the old path
			w.add(name, true)
			// Renamed away, its files went with it without an event
			// of theirs: the sessions kept the old config without a
			// word, where a deleted file reloads (and says so).
			for _, files := range w.files {
				for _, f := range files {
					if filepath.Dir(f) == name {
						w.changedLocked(f)
					}
				}
			}
		}
		return
	}
	if !op.Has(fsnotify.Create) {
		return
	}
	var back []string
	for d := range w.missing {
		if d == name || strings.HasPrefix(d, name+string(filepath.Separator)) {
			w.add(d, true)
			if w.dirs[d] {
				back = append(back, d)
			}
		}
	}
	for _, d := range back {
		for _, files := range w.files {
			for _, f := range files {
				if filepath.Dir(f) == d {
					w.changedLocked(f)
				}
			}
		}
	}
}

// changed schedules a reload of every session that loaded file.
func (w *watcher) changed(file string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.changedLocked(file)
}

// changedLocked is changed with w.mu held.
func (w *watcher) changedLocked(file string) {
	d := w.h.o.ReloadDelay
	if d <= 0 {
		d = 100 * time.Millisecond
	}
	for s, files := range w.files {
		plugin := filepath.Ext(file) == ".toml" && slices.Contains(files, filepath.Join(filepath.Dir(file), "*.toml"))
		if !plugin && !slices.Contains(files, file) {
			continue
		}
		if file == s.syncFile() {
			go s.freshNow() // a sync request: re-resolve now, not at the next call
			continue
		}
		if t := w.timers[s]; t != nil {
			t.Reset(d)
			continue
		}
		w.timers[s] = time.AfterFunc(d, func() {
			// On a timer's goroutine, on files a trusted project holds:
			// a panic reloading is logged and the session keeps its
			// config (the next change reloads again); it ended the
			// process, and with the daemon every session.
			defer panics.Recover(w.h.log, "reloading a session's config", nil)
			w.mu.Lock()
			delete(w.timers, s)
			w.mu.Unlock()
			if w.h.testReload != nil {
				w.h.testReload()
			}
			s.Reload()
		})
	}
}

// goneFiles are the config files loaded before (was) that are not
// loaded now (now) because they are not there: deleted, or their
// directory renamed away or removed, and the notice that says them ("" when
// none is). Said in the log (or stderr) and the list_tools index at
// each reload until the file is back.
func goneFiles(was, now []string) (gone []string, notice string) {
	var out []string
	for _, f := range was {
		if slices.Contains(now, f) || slices.Contains(gone, f) {
			continue
		}
		if _, err := os.Lstat(f); !errors.Is(err, fs.ErrNotExist) {
			continue
		}
		gone = append(gone, f)
		d := filepath.Dir(f)
		if _, err := os.Stat(d); errors.Is(err, fs.ErrNotExist) {
			// The highest directory gone: XDG_CONFIG_HOME or ~/.config
			// renamed away took the config's own directory with it.
			top := d
			for p := filepath.Dir(top); p != top; p = filepath.Dir(top) {
				if _, err := os.Stat(p); !errors.Is(err, fs.ErrNotExist) {
					break
				}
				top = p
			}
			if top == d {
				out = append(out, fmt.Sprintf("the config file %s is gone with its directory %s (renamed away or removed): its servers are not served; they are read again when the directory is back", echo.Path(f), echo.Path(d)))
			} else {
				out = append(out, fmt.Sprintf("the config file %s is gone with %s, a directory above it (renamed away or removed): its servers are not served; they are read again when %s is back", echo.Path(f), echo.Path(top), echo.Path(top)))
			}
		} else {
			out = append(out, fmt.Sprintf("the config file %s was deleted or moved: its servers are not served; they are read again when the file is back", echo.Path(f)))
		}
	}
	return gone, strings.Join(out, "; ")
}

// Reload reads the session's config files again and, when they load,
// replaces the session's view: an added server appears in the next
// list_tools (the client gets notifications/tools/list_changed), a
// removed or changed one is released (its backend stops once its
// in-flight calls ended, unless another session uses it). A config
// that fails to load keeps the last good one; the error goes to stderr
// and the list_tools index. A project file no longer trusted (changed
// since `switchboard trust`) is dropped with its notice.
func (s *Session) Reload() error {
	s.mu.Lock()
	closed := s.closed
	s.mu.Unlock()
	if closed {
		return nil
	}
	l := s.Loaded()
	p := l.Paths
	project := p.Project
	if project != "" {
		if _, err := os.Stat(project); err != nil {
			project = ""
		}
	}
	if project == "" && s.so.ConfigPath == "" && s.so.ProjectPath == "" {
		project = config.FindProject(s.so.Workspace, s.h.o.Home)
	}
	dir := s.so.Workspace
	s.mu.Lock()
	if s.byRoots && s.rootDir != "" {
		dir = s.rootDir // the "projects" entries of the client's root, as UseRoot read
	}
	s.mu.Unlock()
	if project != "" {
		dir = filepath.Dir(project)
	}
	s.h.loading(s, configFiles(Paths{User: p.User, Project: project}))
	cfg, notices, err := ReadConfig(p, project, dir)
	if err != nil {
		msg := fmt.Sprintf("config reload failed, still serving the last good config: %v", err)
		s.say(msg)
		s.mu.Lock()
		s.notices = append(slices.Clone(l.Notices), msg)
		s.mu.Unlock()
		s.srv.Refresh()
		return err
	}
	if s.so.ConfigPath == "" && s.so.ProjectPath == "" {
		notices = append(ProjectDirNotices(s.so.Workspace, s.h.o.Home, project), notices...)
	}
	gone, g := goneFiles(append(slices.Clone(l.Gone), l.Config.Files...), cfg.Files)
	if g != "" {
		notices = append(notices, g)
	}
	s.say(notices...)
	for _, w := range cfg.Warnings {
		s.say("warning: " + w)
	}
	if d := l.Config.Servers[demo.Name]; len(cfg.Files) == 0 && l.Demo != "" && d != nil {
		cfg.Servers[demo.Name] = d
		notices = append(notices, l.Demo)
	}
	cfg.Settings = cfg.Settings.Defaults()
	v := s.newView(cfg)
	nl := *l
	nl.Config, nl.Notices, nl.Gone = cfg, notices, gone
	nl.Paths.Project = project
	s.mu.Lock()
	s.loaded = &nl
	s.notices = slices.Clone(notices)
	s.mu.Unlock()
	if s.setView(v) {
		s.h.watchFiles(s, &nl)
	}
	return nil
}
