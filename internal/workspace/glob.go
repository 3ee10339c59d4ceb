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

// maxGlob is the most paths a glob looks at; errTooMany past it.
const maxGlob = 10_000

// errTooMany is the error of a glob that looked at more than maxGlob
// paths: links to "." make "*/*/*/*/*/*/*/*/*/*/*/*" look at millions.
var errTooMany = fmt.Errorf("looks at more than %d paths", maxGlob)

// globInside is filepath.Glob of pattern (relative to root, / separated)
// that never leaves root: a pattern with a ".." element is errLeavesRoot,
// and a directory or file that is a symbolic link to outside the root
// matches nothing. A repository's package.json with "workspaces":
// ["../../../../../*/*/*/*/*"] (or a committed link to / and "up/*/*/*")
// had every resolve walk and stamp the whole file system, 16 s of CPU,
// and read manifests of other projects. A pattern that looks at more
// than maxGlob paths is errTooMany (three links to "." in the root and
// twelve "*" held a CPU for minutes). Matches are sorted per
// directory, as filepath.Glob's are; unreadable directories match
// nothing.
func globInside(root, pattern string) ([]string, error) {
	if strings.Contains("/"+filepath.ToSlash(pattern)+"/", "/../") {
		return nil, errLeavesRoot
	}
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return nil, nil
	}
	// Each match is kept with where it really is (links resolved), so a
	// link is resolved once, from its directory's real path.
	type match struct{ path, real string }
	cur := []match{{root, realRoot}}
	seen := 0
	clean := path.Clean("/" + filepath.ToSlash(pattern))
	for _, seg := range strings.Split(strings.TrimPrefix(clean, "/"), "/") {
		if seg == "" {
			continue
		}
		if _, err := path.Match(seg, ""); err != nil {
			return nil, err
		}
		var next []match
		add := func(d match, name string) {
			m := match{filepath.Join(d.path, name), filepath.Join(d.real, name)}
			fi, err := os.Lstat(m.real)
			if err != nil {
				return
			}
			if fi.Mode()&os.ModeSymlink != 0 {
				if m.real, err = filepath.EvalSymlinks(m.real); err != nil || !within(realRoot, m.real) {
					return
				}
			}
			next = append(next, m)
		}
		for _, d := range cur {
			if !hasMeta(seg) {
				add(d, seg)
				continue
			}
			names, err := readDirNames(d.real)
			if err != nil {
				continue
			}
			for _, n := range names {
				if ok, _ := path.Match(seg, n); ok {
					if seen++; seen > maxGlob {
						return nil, errTooMany
					}
					add(d, n)
				}
			}
		}
		cur = next
	}
	out := make([]string, len(cur))
	for i, m := range cur {
		out[i] = m.path
	}
	return out, nil
}

// readDirNames lists dir, sorted.
func readDirNames(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	names := make([]string, len(ents))
	for i, e := range ents {
		names[i] = e.Name()
	}
	return names, err
}

// within reports whether path is dir or below it (by name).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// refused is the problem of a member pattern of file that globInside
// refused with err.
func refused(file, pattern string, err error) error {
	if errors.Is(err, errLeavesRoot) {
		return fmt.Errorf("%s: workspace member %q is outside the workspace root: not read", file, pattern)
	}
	return fmt.Errorf("%s: workspace member %q %v: not read; name the member directories", file, pattern, err)
}
