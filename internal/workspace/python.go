package workspace

import (
	"bufio"
	"bytes"
	"fmt"
	"path"
	"slices"
	"strings"
)

// readPython reads pyproject.toml at the root and at each uv workspace
// member ([tool.uv.workspace] members): PEP 621 [project] dependencies
// and optional-dependencies, PEP 735 [dependency-groups], Poetry's
// [tool.poetry] dependencies, dev-dependencies and group.*.dependencies;
// the root's requirements*.txt and requirements/*.txt; versions from
// uv.lock and poetry.lock.
func readPython(r *reader, f *facts) {
	manifests := []string{"pyproject.toml"}
	if root, ok := tomlFile(r, f, "pyproject.toml"); ok {
		addPyproject(f, "pyproject.toml", root)
		uvws := table(table(table(root, "tool"), "uv"), "workspace")
		excl := memberList(f, "pyproject.toml", "tool.uv.workspace.exclude", uvws["exclude"]) // globs: a member matching one is not one
		for _, pat := range memberList(f, "pyproject.toml", "tool.uv.workspace.members", uvws["members"]) {
			for _, d := range r.glob("pyproject.toml", pat, true) {
				if d != "." && !slices.ContainsFunc(excl, func(p string) bool { return matchPath(p, d, false) }) {
					manifests = append(manifests, path.Join(d, "pyproject.toml"))
				}
			}
		}
		for _, mf := range manifests[1:] {
			if m, ok := tomlFile(r, f, mf); ok {
				addPyproject(f, mf, m)
			}
		}
	}
	for _, pat := range []string{"requirements*.txt", "requirements/*.txt"} {
		for _, rf := range r.glob("", pat, false) {
			if b, ok := r.read(rf); ok {
				addRequirements(f, rf, b)
			}
		}
	}
	for _, lf := range []string{"uv.lock", "poetry.lock"} {
		if lock, ok := tomlFile(r, f, lf); ok {
			for _, p := range tables(lock["package"]) {
				name, _ := p["name"].(string)
				ver, _ := p["version"].(string)
				f.lockVersion(normalise(Python, name), ver)
			}
		}
	}
}

func addPyproject(f *facts, file string, m map[string]any) {
	addReq := func(s string) {
		if name, spec, ok := pep508(s); ok {
			f.add(normalise(Python, name), file, spec, "")
		}
	}
	proj := table(m, "project")
	for _, s := range strs(proj["dependencies"]) {
		addReq(s)
	}
	for _, l := range table(proj, "optional-dependencies") {
		for _, s := range strs(l) {
			addReq(s)
		}
	}
	for _, l := range table(m, "dependency-groups") {
		for _, s := range strs(l) { // {include-group = ...} tables are skipped
			addReq(s)
		}
	}
	poetry := table(table(m, "tool"), "poetry")
	addPoetry := func(deps map[string]any) {
		for name, v := range deps {
			if strings.EqualFold(name, "python") {
				continue
			}
			var req string
			switch t := v.(type) {
			case string:
				req = t
			case map[string]any:
				req, _ = t["version"].(string)
			}
			if req == "*" {
				req = ""
			}
			f.add(normalise(Python, name), file, req, "")
		}
	}
	addPoetry(table(poetry, "dependencies"))
	addPoetry(table(poetry, "dev-dependencies"))
	for _, g := range table(poetry, "group") {
		if gt, ok := g.(map[string]any); ok {
			addPoetry(table(gt, "dependencies"))
		}
	}
}

// addRequirements reads a pip requirements file: one PEP 508 requirement
// a line; comments, options (-r, -e, --hash ...) and URLs are skipped. An
// exact pin (==) is taken as the resolved version.
func addRequirements(f *facts, file string, b []byte) {
	// pip reads a file with a byte-order mark (a Windows editor's) as the
	// text after it; its first requirement was no name, left out.
	b = bytes.TrimPrefix(b, utf8BOM)
	sc := bufio.NewScanner(bytes.NewReader(b))
	n := 0
	defer func() {
		// A line past the scanner's buffer ended the file without a
		// word: the requirements after it went unseen.
		if err := sc.Err(); err != nil {
			f.errs = append(f.errs, fmt.Errorf("%s:%d: %v: the rest of the file is not read", file, n+1, err))
		}
	}()
	for ; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.Index(line, " #"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(line), "\\"))
		if line == "" || strings.HasPrefix(line, "#") || strings.HasPrefix(line, "-") || strings.Contains(line, "://") {
			continue
		}
		if i := strings.Index(line, " --"); i >= 0 {
			line = line[:i]
		}
		name, spec, ok := pep508(line)
		if !ok {
			continue
		}
		ver := ""
		if v, ok := strings.CutPrefix(spec, "=="); ok && !strings.ContainsAny(v, ",*") {
			ver = v
		}
		f.add(normalise(Python, name), file, spec, ver)
	}
}
