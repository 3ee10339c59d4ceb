package workspace

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

type packageJSON struct {
	Dependencies         map[string]string `json:"dependencies"`
	DevDependencies      map[string]string `json:"devDependencies"`
	PeerDependencies     map[string]string `json:"peerDependencies"`
	OptionalDependencies map[string]string `json:"optionalDependencies"`
	Workspaces           json.RawMessage   `json:"workspaces"`
}

// readNPM reads package.json at the root and at each workspace member
// (package.json "workspaces", an array or {"packages": [...]}, or
// pnpm-workspace.yaml), counting dependencies, devDependencies,
// peerDependencies and optionalDependencies; versions come from
// package-lock.json, pnpm-lock.yaml or yarn.lock at the root.
func readNPM(r *reader, f *facts) {
	var root packageJSON
	if !jsonFile(r, f, "package.json", &root) {
		return
	}
	addNPMDeps(f, "package.json", &root)
	var pats, from []string // from: the file giving each pattern
	if len(root.Workspaces) > 0 {
		// An array, or Yarn's {"packages": [...]}; anything else npm
		// refuses ("workspaces config expects an Array").
		var v any
		_ = json.Unmarshal(root.Workspaces, &v)
		field := "workspaces"
		if obj, ok := v.(map[string]any); ok && obj["packages"] != nil {
			v, field = obj["packages"], "workspaces.packages"
		}
		if v == nil { // null, which npm refuses too
			f.errs = append(f.errs, fmt.Errorf("package.json: %s must be an array of strings, not null: its members are not read", field))
		}
		pats = memberList(f, "package.json", field, v)
		for range pats {
			from = append(from, "package.json")
		}
	}
	var pnpmWS struct {
		Packages []string `yaml:"packages"`
	}
	if yamlFile(r, f, "pnpm-workspace.yaml", &pnpmWS) {
		pats = append(pats, pnpmWS.Packages...)
		for range pnpmWS.Packages {
			from = append(from, "pnpm-workspace.yaml")
		}
	}
	var members, negated []string
	for i, p := range pats {
		// As npm reads them: "!" negates (an even number of them does
		// not), and a leading "/" is the root.
		bangs := len(p) - len(strings.TrimLeft(p, "!"))
		p = strings.TrimLeft(strings.TrimLeft(p, "!"), "/")
		if bangs%2 == 1 {
			negated = append(negated, p)
			continue
		}
		for _, d := range npmMembers(r, from[i], p) {
			if d != "." && !slices.Contains(members, d) {
				members = append(members, d)
			}
		}
	}
	// A negated pattern ("!packages/legacy", pnpm's "!**/test/**")
	// leaves out the members it matches, wherever it is in the list
	// (pnpm's reading; npm's when it comes after the others).
	members = slices.DeleteFunc(members, func(d string) bool {
		return slices.ContainsFunc(negated, func(p string) bool { return matchPath(p, d, true) })
	})
	for _, d := range members {
		var pj packageJSON
		mf := path.Join(d, "package.json")
		if jsonFile(r, f, mf, &pj) {
			addNPMDeps(f, mf, &pj)
		}
	}
	readNPMLocks(r, f)
}

// npmMembers expands a member pattern of file as npm ("packages/**/")
// and pnpm ("packages/**/package.json") do: a "**" segment is any number
// of directories, so a last "**" is also the directory before it
// ("packages/**" is packages and every directory below it; the glob
// crate of Cargo and uv, and r.glob, take only those below), and a
// wildcard matches no directory whose name begins with a dot unless the
// pattern's segment does (globInside's hideDots). It counts as one
// pattern.
func npmMembers(r *reader, file, pattern string) []string {
	if !r.another(file) {
		return nil
	}
	dirs := r.expand(file, pattern, true, true)
	slashed := "/" + filepath.ToSlash(pattern)
	if base, ok := strings.CutSuffix(path.Clean(slashed), "/**"); ok && !strings.Contains(slashed+"/", "/../") { // (one leaving the root is a problem already)
		if base = strings.TrimPrefix(base, "/"); base == "" {
			base = "."
		}
		for _, d := range r.expand(file, base, true, true) {
			if !slices.Contains(dirs, d) {
				dirs = append(dirs, d)
			}
		}
		slices.Sort(dirs)
	}
	return dirs
}

func addNPMDeps(f *facts, file string, p *packageJSON) {
	for _, m := range []map[string]string{p.Dependencies, p.DevDependencies, p.PeerDependencies, p.OptionalDependencies} {
		for name, req := range m {
			f.add(name, file, req, "")
		}
	}
}

func readNPMLocks(r *reader, f *facts) {
	var pl struct {
		Packages map[string]struct {
			Version string `json:"version"`
		} `json:"packages"`
		Dependencies map[string]struct {
			Version string `json:"version"`
		} `json:"dependencies"`
	}
	if jsonFile(r, f, "package-lock.json", &pl) {
		for key, p := range pl.Packages {
			i := strings.LastIndex(key, "node_modules/")
			if i < 0 {
				continue
			}
			f.lockVersion(key[i+len("node_modules/"):], p.Version)
		}
		for name, p := range pl.Dependencies { // lockfileVersion 1
			f.lockVersion(name, p.Version)
		}
	}
	var pn struct {
		Importers map[string]map[string]map[string]any `yaml:"importers"`
	}
	if yamlFile(r, f, "pnpm-lock.yaml", &pn) {
		for _, imp := range pn.Importers {
			for sec, deps := range imp {
				if !strings.HasSuffix(sec, "ependencies") {
					continue
				}
				for name, v := range deps {
					var ver string
					switch t := v.(type) {
					case string:
						ver = t
					case map[string]any:
						ver, _ = t["version"].(string)
					}
					if i := strings.IndexByte(ver, '('); i >= 0 {
						ver = ver[:i] // peer suffix: 5.0.0(react@18.2.0)
					}
					f.lockVersion(name, ver)
				}
			}
		}
	}
	if b, ok := r.read("yarn.lock"); ok {
		readYarnLock(f, b)
	}
}

// readYarnLock reads a yarn.lock (classic or berry): entries whose key
// lists specs (`"pg@^8.0.0", pg@^8.11:`) followed by an indented version.
func readYarnLock(f *facts, b []byte) {
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 64<<10), 4<<20)
	var names []string
	n := 0
	defer func() {
		if err := sc.Err(); err != nil { // a line over 4 MiB: the versions after it went unseen
			f.errs = append(f.errs, fmt.Errorf("yarn.lock:%d: %v: the rest of the file is not read", n+1, err))
		}
	}()
	for ; sc.Scan(); n++ {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if line[0] != ' ' {
			names = names[:0]
			for _, spec := range strings.Split(strings.TrimSuffix(line, ":"), ",") {
				spec = quoted(strings.TrimSpace(spec))
				if i := strings.LastIndex(spec, "@"); i > 0 {
					names = append(names, spec[:i])
				}
			}
			continue
		}
		t := strings.TrimSpace(line)
		if v, ok := strings.CutPrefix(t, "version"); ok && len(names) > 0 {
			v = quoted(strings.TrimSpace(strings.TrimPrefix(v, ":")))
			for _, n := range names {
				f.lockVersion(n, v)
			}
		}
	}
}
