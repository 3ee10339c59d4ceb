package workspace

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
)

// errLeavesRoot is the error of a glob pattern that would leave the root.
var errLeavesRoot = errors.New("leaves the workspace root")

// maxGlob is the most paths a glob looks at; errTooMany past it.
const maxGlob = 10_000

// maxGlobAll is the most paths the path predicates of one workspace look
// at in all, between two rechecks: past it, the rest are not run
// (errGlobBudget). Each glob had its own bound only, and a plugin of
// 20,000 servers, each "when" a different "**/…" pattern, had `servers`
// and each session's resolve walk the tree 20,000 times (41 s in a
// directory of 157 paths; hours in a project of 10,000).
const maxGlobAll = 100_000

// errGlobBudget is the result of a path predicate not run for maxGlobAll.
var errGlobBudget = fmt.Sprintf("not looked at: this workspace's path predicates had already looked at %d paths, the most they may in all", maxGlobAll)

// errTooMany is the error of a glob that looked at more than maxGlob
// paths: links to "." make "*/*/*/*/*/*/*/*/*/*/*/*" look at millions.
var errTooMany = fmt.Errorf("looks at more than %d paths", maxGlob)

// globInside is filepath.Glob of pattern (relative to root, / separated)
// that never leaves root, where a "**" segment is zero or more
// directories, as in gitignore and doublestar ("**/*.sql" matches a.sql
// and sub/deep/a.sql, "sub/**" everything inside sub, "**" everything;
// it stands for no link and no directory of skipDeep). A pattern with a
// ".." element is errLeavesRoot, and a directory or file that is a
// symbolic link to outside the root matches nothing. A repository's
// package.json with "workspaces": ["../../../../../*/*/*/*/*"] (or a
// committed link to / and "up/*/*/*") had every resolve walk and stamp
// the whole file system, 16 s of CPU, and read manifests of other
// projects. A pattern that looks at more than maxGlob paths is
// errTooMany (three links to "." in the root and twelve "*" held a CPU
// for minutes). Matches are sorted per directory, as filepath.Glob's
// are; unreadable directories match nothing.
//
// With hideDots, as npm's and pnpm's globs read a pattern (minimatch and
// fast-glob without their dot option), a wildcard matches no name that
// begins with a dot unless its segment does (".*", ".config"), and "**"
// goes into no such directory: "packages/**" and "packages/*" leave out
// packages/.cache. Cargo's and uv's glob crate and a when-path match
// them.
func globInside(root, pattern string, hideDots bool) ([]string, error) {
	seen := 0
	return globCounted(root, pattern, hideDots, &seen)
}

// globCounted is globInside adding the paths it looked at to *seen (it
// stops past maxGlob of its own).
func globCounted(root, pattern string, hideDots bool, total *int) ([]string, error) {
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
	defer func() { *total += seen }()
	clean := path.Clean("/" + filepath.ToSlash(pattern))
	var segs []string // "**/**" is "**"
	for _, seg := range strings.Split(strings.TrimPrefix(clean, "/"), "/") {
		if seg != "" && (seg != "**" || len(segs) == 0 || segs[len(segs)-1] != "**") {
			segs = append(segs, seg)
		}
	}
	for _, seg := range segs {
		if _, err := path.Match(seg, ""); err != nil {
			return nil, err
		}
	}
	for i := 0; i < len(segs); i++ {
		seg := segs[i]
		var next []match
		// add keeps d's entry name when it is there (through a link only
		// when the link stays inside the root).
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
		if seg == "**" {
			// Zero or more directories, walked below cur, not through
			// links (a link to "." would loop) and never into a
			// directory of skipDeep. Last, "**" is everything below cur;
			// before the last segment (the usual "**/*.sql") that
			// segment is matched in the walk, in cur and below; before
			// others, it is cur and the directories below it.
			last := i == len(segs)-1
			final := ""
			if i == len(segs)-2 {
				final = segs[i+1]
				i++
			}
			var walk func(d match) error
			walk = func(d match) error {
				ents, err := readDirBounded(d.real, &seen)
				if err != nil {
					return err
				}
				for _, e := range ents {
					n, t := e.Name(), e.Type()
					m := match{filepath.Join(d.path, n), filepath.Join(d.real, n)}
					if final != "" && matchSeg(final, n, hideDots) {
						add(d, n)
					}
					switch {
					case skipDeep[n], hideDots && n[0] == '.':
					case t&fs.ModeSymlink != 0:
						if last {
							add(d, n)
						}
					case t.IsDir():
						if final == "" {
							next = append(next, m)
						}
						if err := walk(m); err != nil {
							return err
						}
					case last:
						next = append(next, m)
					}
				}
				return nil
			}
			for _, d := range cur {
				if !last && final == "" {
					next = append(next, d)
				}
				if err := walk(d); err != nil {
					return nil, err
				}
			}
			// "a/**/b/**": the second walk starts at a/b and at a/b/c/b,
			// and meets the second's entries twice.
			had := map[string]bool{}
			cur = slices.DeleteFunc(next, func(m match) bool {
				dup := had[m.path]
				had[m.path] = true
				return dup
			})
			continue
		}
		for _, d := range cur {
			if !hasMeta(seg) {
				add(d, seg)
				continue
			}
			ents, err := readDirBounded(d.real, &seen)
			if err != nil {
				return nil, err
			}
			for _, e := range ents {
				if n := e.Name(); matchSeg(seg, n, hideDots) {
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

// matchSeg reports whether the name n matches the pattern segment seg;
// with hideDots a name that begins with a dot matches only a segment
// that does too.
func matchSeg(seg, n string, hideDots bool) bool {
	if hideDots && strings.HasPrefix(n, ".") && !strings.HasPrefix(seg, ".") {
		return false
	}
	ok, _ := path.Match(seg, n)
	return ok
}

// matchPath reports whether the relative, / separated path name matches
// pattern, where a "**" segment is zero or more segments; a last "**"
// matches what is below the path before it, and with npm that path too
// ("packages/**" matches packages, as npm and pnpm read it; the glob
// crate of Cargo and uv does not). It reads no directory: it tells
// whether a workspace member is one a negated or exclude pattern leaves
// out.
func matchPath(pattern, name string, npm bool) bool {
	pat := strings.Split(strings.Trim(path.Clean("/"+pattern), "/"), "/")
	segs := strings.Split(strings.Trim(path.Clean("/"+name), "/"), "/")
	if n := len(pat); n > 0 && pat[n-1] == "**" && !npm {
		pat = append(pat[:n-1:n-1], "*", "**") // at least one segment below
	}
	return matchSegs(pat, segs)
}

// matchSegs matches segments, in time len(pat) x len(segs) whatever the
// "**" (a backtracking match of "**/a/**/a/…" against a deep path is
// exponential): ok[j] is whether pat[:i] matches segs[:j].
func matchSegs(pat, segs []string) bool {
	ok := make([]bool, len(segs)+1)
	ok[0] = true
	for _, p := range pat {
		if p == "**" {
			for j := 1; j <= len(segs); j++ {
				ok[j] = ok[j] || ok[j-1]
			}
			continue
		}
		for j := len(segs); j >= 1; j-- {
			m, _ := path.Match(p, segs[j-1])
			ok[j] = ok[j-1] && m
		}
		ok[0] = false
	}
	return ok[len(segs)]
}

// skipDeep are the names "**" never stands for, nor goes into:
// version-control metadata and npm's installed packages, where no
// pattern means to look and where a walk would meet its bound. A pattern
// naming them still looks there ("node_modules/**/x").
var skipDeep = map[string]bool{".git": true, ".hg": true, ".jj": true, ".svn": true, "node_modules": true}

// readDirBounded lists dir, sorted by name, counting each entry in
// *seen: past maxGlob it stops reading and returns errTooMany. It reads
// a batch at a time, so a directory of a million entries costs the
// bound, not the million (os.ReadDir read them all, 1.5 s and some
// 100 MB, before a "**" walk counted the first). An unreadable
// directory, or anything else in its place, has no entries (opened
// without waiting: a FIFO where a pattern expects a directory would
// block a plain open for ever).
func readDirBounded(dir string, seen *int) ([]fs.DirEntry, error) {
	f, err := os.OpenFile(dir, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.IsDir() {
		return nil, nil
	}
	var ents []fs.DirEntry
	for {
		batch, err := f.ReadDir(256)
		if *seen += len(batch); *seen > maxGlob {
			return nil, errTooMany
		}
		ents = append(ents, batch...)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil
		}
	}
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return ents, nil
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
