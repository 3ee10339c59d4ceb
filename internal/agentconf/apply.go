package agentconf

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/filelock"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// The backups of one scope live in StateDir: manifest.json and, per
// file, NNN.orig (the file before the first init) and NNN.prev (before
// the latest write). The manifest records, per file, every entry each
// init removed or added, with its text: Undo patches the file as it is
// then, and the backups are only kept for the user.

// manifestVersion 2 records edits; version 0 manifests (older builds)
// only have the backups and are undone by restoring them.
const manifestVersion = 2

// manifest records every file init changed in one scope.
type manifest struct {
	Version int            `json:"version,omitempty"`
	Scope   string         `json:"scope"` // "user" or the project root
	Files   []manifestFile `json:"files"`
}

type manifestFile struct {
	Path    string      `json:"path"`
	Existed bool        `json:"existed"`
	Mode    fs.FileMode `json:"mode"`
	Backup  string      `json:"backup,omitempty"` // NNN: NNN.orig and NNN.prev
	Written string      `json:"written"`          // sha256 of what init last wrote
	Dirs    []string    `json:"dirs,omitempty"`   // directories created for it, outermost first

	Format string `json:"format,omitempty"` // "j" JSON(C), "t" TOML, "y" YAML mapping, "l" YAML list
	Fresh  string `json:"fresh,omitempty"`  // the content init started from when the file was missing or empty
	// Blank is the file's content when it was blank (spaces, line breaks,
	// a byte-order mark alone; at most maxBlank bytes) before init: undo
	// puts it back once what init added is taken out.
	Blank *string `json:"blank,omitempty"`
	Ours  bool    `json:"ours,omitempty"` // a Switchboard config: entries changed since are kept, not a conflict
	// ByInit is set when the file existed only because an init of
	// another scope created it (the user config, by a project's init).
	ByInit bool   `json:"byInit,omitempty"`
	Edits  []edit `json:"edits,omitempty"` // every init's edits, in order
}

// StateDir is where the scope's backups and manifest are kept:
// $XDG_STATE_HOME/switchboard/backups/<key> (else ~/.local/state/...),
// key "user" or "project-" and a hash of the project root.
func (o *Options) StateDir() string {
	dir := o.getenv("XDG_STATE_HOME")
	if dir == "" {
		dir = filepath.Join(o.getenv("HOME"), ".local", "state")
	}
	key := "user"
	if o.Scope == Project {
		sum := sha256.Sum256([]byte(filepath.Clean(o.Root)))
		base := filepath.Base(o.Root)
		if len(base) > 230 {
			// The key would pass the 255 bytes a file system allows in a
			// name: init failed with "file name too long". (Shorter names
			// stay whole: the backups of an earlier init are there.)
			base = strings.ToValidUTF8(base[:64], "")
		}
		key = "project-" + base + "-" + hex.EncodeToString(sum[:8])
	}
	return filepath.Join(dir, "switchboard", "backups", key)
}

func (o *Options) scopeName() string {
	if o.Scope == User {
		return "user"
	}
	return o.Root
}

func loadManifest(dir string) (*manifest, error) {
	data, err := safefile.Read(filepath.Join(dir, "manifest.json")) // not a FIFO, bounded
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var m manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("reading backup manifest %s: %w (the record of what init did; the content of each file before init is in %s, NNN.orig)", filepath.Join(dir, "manifest.json"), err, dir)
	}
	return &m, nil
}

func saveManifest(dir string, m *manifest) error {
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return WriteFile(filepath.Join(dir, "manifest.json"), append(data, '\n'), 0o600)
}

func hash(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

// ErrChanged is returned (wrapped, with the path) by Apply when a file
// changed on disk after the plan was made; what was written before is
// recorded, so making a new plan and applying it is safe.
var ErrChanged = errors.New("a file changed while init was running")

// maxBlank bounds the blank content a manifest keeps (Blank).
const maxBlank = 4096

// Apply writes the plan's changes. Before a file is first changed its
// content is saved as the state Undo returns to; before every write the
// current content is saved too. A file that changed on disk since the
// plan was made is not overwritten: Apply stops with an error.
func Apply(o *Options, p *Plan) error {
	if len(p.Changes) == 0 {
		return nil
	}
	dir := o.StateDir()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("making the directory for init's backups (nothing was changed): %w", err)
	}
	// Two inits of one scope at once must not lose each other's records.
	return filelock.With(dir+".manifest", func() error { return apply(dir, o, p) })
}

func apply(dir string, o *Options, p *Plan) error {
	m, err := loadManifest(dir)
	if err != nil {
		return err
	}
	if m == nil {
		m = &manifest{Version: manifestVersion, Scope: o.scopeName()}
	}
	paths := make([]string, len(p.Changes))
	for i, c := range p.Changes {
		paths[i] = c.Path
	}
	if err := checkWritable(paths, "init"); err != nil {
		return err
	}
	for _, c := range p.Changes {
		if err := unchanged(c.Path, c.Old); err != nil {
			return err
		}
		i := slices.IndexFunc(m.Files, func(f manifestFile) bool { return f.Path == c.Path })
		if i < 0 {
			mode := fs.FileMode(0o644)
			if c.private {
				mode = 0o600
			}
			mf := manifestFile{Path: c.Path, Existed: c.Old != nil, Mode: mode, Backup: freeBackup(dir, m), Format: string(rune(c.format)), Fresh: c.fresh, Ours: c.ours}
			if c.format == 0 {
				mf.Format = "j"
			}
			if c.Old != nil && blank(c.Old) && len(c.Old) <= maxBlank {
				b := string(c.Old)
				mf.Blank = &b
			}
			if st, err := os.Stat(c.Path); err == nil {
				mf.Mode = st.Mode().Perm()
			}
			if c.Old != nil {
				if err := WriteFile(filepath.Join(dir, mf.Backup+".orig"), c.Old, 0o600); err != nil {
					return fmt.Errorf("backing up %s before changing it (it is unchanged): %w", c.Path, err)
				}
			}
			mf.Dirs = missingDirs(filepath.Dir(c.Path))
			mf.ByInit = c.Old != nil && createdByInit(dir, c.Path)
			m.Files = append(m.Files, mf)
			i = len(m.Files) - 1
			if err := saveManifest(dir, m); err != nil {
				return fmt.Errorf("recording what init changes in %s (it is unchanged): %w", c.Path, err)
			}
		}
		mf := &m.Files[i]
		if c.Old != nil {
			if err := WriteFile(filepath.Join(dir, mf.Backup+".prev"), c.Old, 0o600); err != nil {
				return fmt.Errorf("backing up %s before changing it (it is unchanged): %w", c.Path, err)
			}
		}
		mode := mf.Mode
		if st, err := os.Stat(c.Path); err == nil {
			mode = st.Mode().Perm()
		}
		if err := os.MkdirAll(filepath.Dir(c.Path), 0o755); err != nil {
			return err
		}
		// The edits are recorded before the file is replaced: recorded
		// after, a manifest the state directory then refused (a full
		// disk) left the file changed with no record of it, and --undo
		// took the imported servers out of Switchboard's config without
		// putting them back here: gone from both. Edits recorded and not
		// made are harmless: undo finds each as it was before and skips it.
		was := *mf
		mf.Written = hash(c.New)
		mf.Edits = append(slices.Clip(mf.Edits), c.edits...)
		if mf.Fresh == "" && c.fresh != "" && len(mf.Edits) == len(c.edits) {
			mf.Fresh = c.fresh
		}
		if err := saveManifest(dir, m); err != nil {
			*mf = was
			return fmt.Errorf("recording what init changes in %s (it is unchanged): %w", c.Path, err)
		}
		if testHookBeforeWrite != nil {
			testHookBeforeWrite(c.Path)
		}
		// Checked again just before the rename: the backups and the new
		// content are written and synced since the check above, and an
		// agent's write in that time (Claude Code rewrites ~/.claude.json
		// often) was replaced, lost.
		if err := atomicfile.WriteIf(c.Path, c.New, mode, func() error { return unchanged(c.Path, c.Old) }); err != nil {
			*mf = was
			saveManifest(dir, m) // best effort: see above
			return err
		}
	}
	return nil
}

// testHookBeforeWrite, when set, runs just before a planned file is
// replaced (a test's agent writing its file at that moment).
var testHookBeforeWrite func(path string)

// unchanged returns ErrChanged (wrapped, naming path) unless path holds
// old (nil: path does not exist).
func unchanged(path string, old []byte) error {
	cur, err := safefile.Read(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		cur = nil
	case err != nil:
		return err
	case cur == nil:
		cur = []byte{}
	}
	if (cur == nil) != (old == nil) || !bytes.Equal(cur, old) {
		return fmt.Errorf("%w: %s; nothing more was written", ErrChanged, path)
	}
	return nil
}

// freeBackup is the first backup name NNN after the manifest's whose
// files are not there: backups of a manifest that was deleted stay.
func freeBackup(dir string, m *manifest) string {
	for n := len(m.Files) + 1; ; n++ {
		name := fmt.Sprintf("%03d", n)
		taken := slices.ContainsFunc(m.Files, func(f manifestFile) bool { return f.Backup == name })
		for _, ext := range []string{".orig", ".prev", ".before-undo"} {
			if _, err := os.Lstat(filepath.Join(dir, name+ext)); err == nil {
				taken = true
			}
		}
		if !taken {
			return name
		}
	}
}

// createdByInit reports whether the manifest of another scope records
// path as created by init.
func createdByInit(dir, path string) bool {
	// Not filepath.Glob: a state directory named with a glob character
	// ("/home/a[1]/.local/state") would be a pattern.
	for _, sub := range globFiles(filepath.Join(filepath.Dir(dir), "*")) {
		if sub == dir {
			continue
		}
		m, err := loadManifest(sub)
		if err != nil || m == nil {
			continue
		}
		for _, f := range m.Files {
			if f.Path == path && (!f.Existed || f.ByInit) {
				return true
			}
		}
	}
	return false
}

// missingDirs lists dir and its parents that do not exist, outermost first.
func missingDirs(dir string) []string {
	var out []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		out = append([]string{d}, out...)
	}
	return out
}

// UndoResult reports what Undo did.
type UndoResult struct {
	Restored []string // files written back
	Removed  []string // files init had created, deleted
	// Done says what was taken out of and put back into each file, in order.
	Done []string
	// Notes name files that changed after init last wrote them; their
	// content just before the undo is kept next to the backups.
	Notes []string
}

// ErrNothingToUndo is returned by Undo when no init is recorded for the scope.
var ErrNothingToUndo = errors.New("nothing to undo")

// Undo takes back the edits every init of the scope made: in each file
// it removes the entries init added and puts back the entries init
// removed, keeping everything written since by the agent or the user.
// A Switchboard config entry changed since init is kept (with a note).
// When an agent file cannot be patched safely (it no longer parses, an
// entry init added was edited, a server to put back exists again with
// different content) Undo changes nothing and returns an error wrapping
// ErrUndoConflict that names each file, the reason, and where the
// content before init is kept. After an undo the backups are deleted.
func Undo(o *Options) (*UndoResult, error) {
	dir := o.StateDir()
	m, err := loadManifest(dir)
	if err != nil {
		return nil, err
	}
	if m == nil || len(m.Files) == 0 {
		return nil, fmt.Errorf("%w: no switchboard init recorded for %s (looked in %s)", ErrNothingToUndo, o.scopeName(), dir)
	}
	var res *UndoResult
	err = filelock.With(dir+".manifest", func() error {
		if m, err = loadManifest(dir); err != nil || m == nil || len(m.Files) == 0 {
			if err == nil {
				err = fmt.Errorf("%w: another init --undo of %s ran meanwhile", ErrNothingToUndo, o.scopeName())
			}
			return err
		}
		if m.Version >= manifestVersion {
			res, err = structuralUndo(dir, m)
		} else {
			res, err = legacyUndo(dir, m)
		}
		return err
	})
	return res, err
}

// legacyUndo restores the backups of a manifest written by a build that
// did not record edits: every file goes back to its content before the
// first init, and a copy of a file changed since is kept.
func legacyUndo(dir string, m *manifest) (*UndoResult, error) {
	res := &UndoResult{}
	for i := len(m.Files) - 1; i >= 0; i-- {
		f := m.Files[i]
		cur, err := safefile.Read(f.Path)
		if err == nil && hash(cur) != f.Written {
			keep := filepath.Join(dir, f.Backup+".before-undo")
			if err := WriteFile(keep, cur, 0o600); err != nil {
				return res, err
			}
			res.Notes = append(res.Notes, fmt.Sprintf("%s changed after init wrote it; its content before this undo is in %s", f.Path, keep))
		}
		if f.Existed {
			orig, err := os.ReadFile(filepath.Join(dir, f.Backup+".orig"))
			if err != nil {
				return res, fmt.Errorf("backup of %s: %w", f.Path, err)
			}
			if err := os.MkdirAll(filepath.Dir(f.Path), 0o755); err != nil {
				return res, err
			}
			if err := WriteFile(f.Path, orig, f.Mode); err != nil {
				return res, err
			}
			res.Restored = append(res.Restored, f.Path)
		} else {
			if err := os.Remove(f.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
				return res, err
			}
			res.Removed = append(res.Removed, f.Path)
			for j := len(f.Dirs) - 1; j >= 0; j-- {
				_ = os.Remove(f.Dirs[j]) // only when empty
			}
		}
		os.Remove(filepath.Join(dir, f.Backup+".orig"))
		os.Remove(filepath.Join(dir, f.Backup+".prev"))
		m.Files = m.Files[:i]
		if err := saveManifest(dir, m); err != nil {
			return res, err
		}
	}
	if err := os.Remove(filepath.Join(dir, "manifest.json")); err != nil {
		return res, err
	}
	_ = os.Remove(dir) // kept when .before-undo copies are in it
	return res, nil
}

// checkWritable makes sure each of paths can be replaced before any is
// (what, "init" or "init --undo", names the command in the error): a
// file the user made read-only is refused, though renaming over it
// would succeed, and a directory that takes no new file is found before
// the first write instead of after some.
func checkWritable(paths []string, what string) error {
	var errs []error
	for _, p := range paths {
		if target, dangling := danglingLink(p); dangling {
			// Writing would replace the link with a file, and undo
			// would then delete it: the link would be lost.
			errs = append(errs, fmt.Errorf("%s is a symbolic link to %s, which does not exist: create that file (or remove the link) and run %s again", p, target, what))
			continue
		}
		if real, err := filepath.EvalSymlinks(p); err == nil {
			p = real // the file a link points to is the one replaced
		}
		if st, err := os.Stat(p); err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o200 == 0 {
			errs = append(errs, fmt.Errorf("%s is read-only (mode %04o): make it writable (chmod u+w %s) and run %s again", p, st.Mode().Perm(), p, what))
			continue
		}
		if _, err := os.Stat(p); err == nil {
			// A read-only mount or a file bind-mounted over p: the
			// other files were changed and this one failed ("device or
			// resource busy"), an init half done.
			if err := atomicfile.CheckReplaceable(p); err != nil {
				errs = append(errs, fmt.Errorf("%w; then run %s again", err, what))
				continue
			}
		}
		dir := filepath.Dir(p)
		for {
			if _, err := os.Stat(dir); err == nil || filepath.Dir(dir) == dir {
				break
			}
			dir = filepath.Dir(dir) // made by the write
		}
		f, err := os.CreateTemp(dir, ".switchboard-check-*")
		if err != nil {
			why := errors.Unwrap(err)
			if errors.Is(why, fs.ErrPermission) {
				why = &atomicfile.NoNewFileError{Dir: dir, Err: why} // names the fix
				errs = append(errs, fmt.Errorf("%s cannot be written: %w", p, why))
				continue
			}
			errs = append(errs, fmt.Errorf("%s cannot be written: no new file can be made in %s (%w)", p, dir, why))
			continue
		}
		f.Close()
		os.Remove(f.Name())
	}
	if len(errs) > 0 {
		return fmt.Errorf("%w\n%s changed no file", errors.Join(errs...), what)
	}
	return nil
}

// danglingLink reports whether path is a symbolic link whose target
// does not exist, and the target.
func danglingLink(path string) (string, bool) {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return "", false
	}
	if _, err := os.Stat(path); !errors.Is(err, fs.ErrNotExist) {
		return "", false
	}
	target, _ := os.Readlink(path)
	return target, true
}

// WriteFile replaces path atomically: it writes a temporary file in the
// same directory, syncs it, gives it mode and renames it over path.
//
// A symbolic link is followed, so the file it points to is replaced.
func WriteFile(path string, data []byte, mode fs.FileMode) error {
	return atomicfile.Write(path, data, mode)
}
