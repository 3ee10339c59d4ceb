package workspace

import (
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// errLeavesRoot is the error of a glob pattern that would leave the root.
var errLeavesRoot = errors.New("leaves the workspace root")

// globInside is filepath.Glob of pattern (relative to root, / separated)
// that never leaves root: a pattern with a ".." element is errLeavesRoot,
// and a directory or file that is a symbolic link to outside the root
// matches nothing. A repository's package.json with "workspaces":
// ["../../../../../*/*/*/*/*"] (or a committed link to / and "up/*/*/*")
// had every resolve walk and stamp the whole file system, 16 s of CPU,
// and read manifests of other projects. Matches are sorted per
// directory, as filepath.Glob's are; unreadable directories match
// nothing.
func globInside(root, pattern string) ([]string, error) {
	clean := path.Clean("/" + filepath.ToSlash(pattern))
	if strings.Contains("/"+filepath.ToSlash(pattern)+"/", "/../") {
		return nil, errLeavesRoot
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, nil
	}
	cur := []string{root}
	for _, seg := range strings.Split(strings.TrimPrefix(clean, "/"), "/") {
		if seg == "" {
			continue
		}
		if _, err := path.Match(seg, ""); err != nil {
			return nil, err
		}
		var next []string
		for _, d := range cur {
			if !hasMeta(seg) {
				p := filepath.Join(d, seg)
				if _, err := os.Lstat(p); err == nil {
					next = append(next, p)
				}
				continue
			}
			ents, err := os.ReadDir(d)
			if err != nil {
				continue
			}
			for _, e := range ents {
				if ok, _ := path.Match(seg, e.Name()); ok {
					next = append(next, filepath.Join(d, e.Name()))
				}
			}
		}
		cur = cur[:0]
		for _, p := range next {
			if inside(realRoot, p) {
				cur = append(cur, p)
			}
		}
	}
	return cur, nil
}

// inside reports whether p, a path that exists, is under realRoot once
// its symbolic links are resolved.
func inside(realRoot, p string) bool {
	fi, err := os.Lstat(p)
	if err != nil {
		return false
	}
	if fi.Mode()&os.ModeSymlink == 0 {
		return true // its directory was checked
	}
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return false
	}
	rel, err := filepath.Rel(realRoot, real)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// leavesRoot is the problem of a member pattern of file that globInside
// refused.
func leavesRoot(file, pattern string) error {
	return fmt.Errorf("%s: workspace member %q is outside the workspace root: not read", file, pattern)
}
