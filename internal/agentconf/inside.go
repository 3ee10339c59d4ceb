package agentconf

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// outsideProject refuses a file of the project scope that is in the
// project root by name but, through a symbolic link (of the file or of
// a directory above it), somewhere else: a repository's .mcp.json linked
// to ~/.claude.json, or a .cursor directory linked to ~/.cursor, had
// init move the user's own servers, literal secrets and all, into the
// project's .switchboard.json and rewrite the user's file, while it
// said it moved them from the project's file. Files outside the root by
// name (Claude Code's local servers in ~/.claude.json, the user config)
// and the user scope are not checked.
func (o *Options) outsideProject(path string) error {
	if o.Scope != Project || !within(o.Root, path) {
		return nil
	}
	root, err := resolve(o.Root)
	if err != nil {
		return err
	}
	real, err := resolve(path)
	if err != nil {
		return err
	}
	if within(root, real) {
		return nil
	}
	return fmt.Errorf("is, through a symbolic link, %s, outside the project %s: init edits only the project's own files; replace the link with a copy of the file, or run init --user if it is your own agent file", real, o.Root)
}

// within reports whether path is dir or below it (by name).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// resolve is path with every symbolic link resolved, as far as it
// exists: a missing file is named in its resolved directory, and a link
// to a missing file by its target.
func resolve(path string) (string, error) {
	for range 40 {
		real, err := filepath.EvalSymlinks(path)
		if err == nil {
			return real, nil
		}
		fi, lerr := os.Lstat(path)
		switch {
		case lerr == nil && fi.Mode()&os.ModeSymlink != 0:
			target, err := os.Readlink(path)
			if err != nil {
				return "", err
			}
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(path), target)
			}
			path = target
		case errors.Is(lerr, os.ErrNotExist) && filepath.Dir(path) != path:
			dir, err := resolve(filepath.Dir(path))
			if err != nil {
				return "", err
			}
			return filepath.Join(dir, filepath.Base(path)), nil
		default:
			return "", err
		}
	}
	return "", fmt.Errorf("%s: too many levels of symbolic links", path)
}
