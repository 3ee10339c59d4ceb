package workspace

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
	"go.yaml.in/yaml/v3"

	"github.com/switchboard-mcp/switchboard/internal/nesting"
)

// tomlFile reads and decodes a TOML file; a syntax error is recorded in f
// naming the file and line. ok is false when the file is missing or
// malformed.
//
// A manifest is a repository's, so untrusted: one nested deeper than
// maxNesting is an error before the recursive decoder sees it.
func tomlFile(r *reader, f *facts, rel string) (map[string]any, bool) {
	b, exists := r.read(rel)
	if !exists {
		return nil, false
	}
	if line, deep := nesting.TOML(b, maxNesting); deep {
		f.errs = append(f.errs, fmt.Errorf("%s:%d: nested deeper than %d levels", rel, line, maxNesting))
		return nil, true
	}
	var m map[string]any
	if _, err := toml.Decode(string(b), &m); err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			line := pe.Position.Line
			if st := pe.Position.Start; st > 0 && st <= len(b) {
				line = lineOf(b, int64(st)) // the line the bad token is on, not the next
			}
			f.errs = append(f.errs, fmt.Errorf("%s:%d: %s", rel, line, pe.Message))
		} else {
			f.errs = append(f.errs, fmt.Errorf("%s: %v", rel, err))
		}
		return nil, false
	}
	return m, true
}

// utf8BOM is the UTF-8 byte-order mark.
var utf8BOM = []byte("\ufeff")

// jsonFile decodes a JSON file into v; errors name the file and line. A
// byte-order mark at the start is skipped, as npm reads package.json and
// package-lock.json (a Windows editor writes one; the file was
// "invalid character 'ï'" and its dependencies unseen).
func jsonFile(r *reader, f *facts, rel string, v any) bool {
	b, exists := r.read(rel)
	if !exists {
		return false
	}
	b = bytes.TrimPrefix(b, utf8BOM)
	if err := json.Unmarshal(b, v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			f.errs = append(f.errs, fmt.Errorf("%s:%d: %v", rel, lineOf(b, se.Offset), se))
		case errors.As(err, &te):
			f.errs = append(f.errs, fmt.Errorf("%s:%d: %s must be %s, not %s", rel, lineOf(b, te.Offset), te.Field, te.Type, te.Value))
		default:
			f.errs = append(f.errs, fmt.Errorf("%s: %v", rel, err))
		}
		return false
	}
	return true
}

// yamlFile decodes a YAML file into v; yaml's errors carry the line.
func yamlFile(r *reader, f *facts, rel string, v any) bool {
	b, exists := r.read(rel)
	if !exists {
		return false
	}
	if err := yaml.Unmarshal(b, v); err != nil {
		f.errs = append(f.errs, fmt.Errorf("%s: %s", rel, strings.TrimPrefix(err.Error(), "yaml: ")))
		return false
	}
	return true
}

func lineOf(b []byte, off int64) int {
	n := 1
	for i := 0; i < len(b) && int64(i) < off; i++ {
		if b[i] == '\n' {
			n++
		}
	}
	return n
}

func table(m map[string]any, key string) map[string]any {
	t, _ := m[key].(map[string]any)
	return t
}

func strs(v any) []string {
	var out []string
	switch l := v.(type) {
	case []any:
		for _, x := range l {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
	case []string:
		out = l
	}
	return out
}

// memberList is a list of member patterns: v, the value of field in
// file, nil when absent. One that is not an array of strings is a
// problem naming the file and the field, and none of it is read, as npm,
// Cargo and uv refuse such a manifest (it was left out without a word,
// so a member's dependencies went unseen and nothing said why).
func memberList(f *facts, file, field string, v any) []string {
	if v == nil {
		return nil
	}
	var out []string
	kind := ""
	switch l := v.(type) {
	case []any:
		for i, x := range l {
			s, ok := x.(string)
			if !ok {
				kind = fmt.Sprintf("an array holding %s at [%d]", kindOf(x), i)
				break
			}
			out = append(out, s)
		}
	case []string:
		out = l
	default:
		kind = kindOf(v)
	}
	if kind != "" {
		f.errs = append(f.errs, fmt.Errorf("%s: %s must be an array of strings, not %s: its members are not read", file, field, kind))
		return nil
	}
	return out
}

// kindOf names the type of a decoded JSON or TOML value for a message.
func kindOf(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case float64, int64, json.Number:
		return "a number"
	case map[string]any:
		return "an object"
	case []any, []map[string]any:
		return "an array"
	}
	return fmt.Sprintf("a %T", v)
}

// readCargo reads Cargo.toml at the root, the members of its
// [workspace] (globs, minus exclude), and Cargo.lock. A dependency is one
// in [dependencies], [dev-dependencies], [build-dependencies] (also under
// [target.*]) of any member or in [workspace.dependencies]; `package =`
// renames count under the real crate name. Versions come from
// Cargo.lock.
func readCargo(r *reader, f *facts) {
	root, ok := tomlFile(r, f, "Cargo.toml")
	if !ok {
		return
	}
	wsDeps := map[string]string{} // key -> requirement
	manifests := []string{"Cargo.toml"}
	if v, ok := root["workspace"]; ok && table(root, "workspace") == nil {
		f.errs = append(f.errs, fmt.Errorf("Cargo.toml: workspace must be a table ([workspace]), not %s: its members are not read", kindOf(v)))
	}
	if ws := table(root, "workspace"); ws != nil {
		for key, v := range table(ws, "dependencies") {
			name, req := cargoDep(key, v)
			wsDeps[key] = req
			f.add(normalise(Crate, name), "Cargo.toml", req, "")
		}
		excl, members := memberList(f, "Cargo.toml", "workspace.exclude", ws["exclude"]), memberList(f, "Cargo.toml", "workspace.members", ws["members"])
		for _, pat := range members {
			for _, d := range r.glob("Cargo.toml", pat, true) {
				if d != "." && !cargoExcluded(r.root, d, excl, members) && !slices.Contains(manifests, path.Join(d, "Cargo.toml")) {
					manifests = append(manifests, path.Join(d, "Cargo.toml"))
				}
			}
		}
	}
	for i, mf := range manifests {
		m := root
		if i > 0 {
			if m, ok = tomlFile(r, f, mf); !ok {
				continue
			}
		}
		addCargoDeps(f, mf, m, wsDeps)
		for _, t := range table(m, "target") {
			if tt, ok := t.(map[string]any); ok {
				addCargoDeps(f, mf, tt, wsDeps)
			}
		}
	}
	if lock, ok := tomlFile(r, f, "Cargo.lock"); ok {
		for _, p := range tables(lock["package"]) {
			name, _ := p["name"].(string)
			ver, _ := p["version"].(string)
			f.lockVersion(normalise(Crate, name), ver)
		}
	}
}

// cargoExcluded reports whether the member directory d (relative to
// root, / separated) is left out by [workspace] exclude as Cargo reads
// it: an exclude entry is a path, not a glob, and leaves out every
// member at or below it (a whole path element at a time: "crates"
// leaves out crates/a, not crates-old/a), unless a members entry is
// itself a path at or above d (members = ["crates/a"] keeps crates/a
// with exclude = ["crates"]). "." is the root, so every member; "./"
// and trailing slashes do not count,
// an entry with ".." matches no member, an absolute one is a path like
// any other. It was exact strings only, so exclude = ["crates"] or
// ["./crates/a"] left every member in.
func cargoExcluded(root, d string, exclude, members []string) bool {
	under := func(entry string) bool {
		if filepath.IsAbs(entry) {
			rel, err := filepath.Rel(root, entry)
			if err != nil {
				return false
			}
			entry = filepath.ToSlash(rel)
		}
		var pre []string
		for _, e := range strings.Split(filepath.ToSlash(entry), "/") {
			switch e {
			case "", ".":
			case "..":
				return false
			default:
				pre = append(pre, e)
			}
		}
		// The manifest's path is what Cargo compares: an entry naming
		// d/Cargo.toml leaves it out too.
		segs := append(strings.Split(d, "/"), "Cargo.toml")
		return len(pre) <= len(segs) && slices.Equal(pre, segs[:len(pre)]) // "." is the root: every member
	}
	return slices.ContainsFunc(exclude, under) && !slices.ContainsFunc(members, under)
}

func addCargoDeps(f *facts, file string, m map[string]any, wsDeps map[string]string) {
	for _, sec := range []string{"dependencies", "dev-dependencies", "build-dependencies"} {
		for key, v := range table(m, sec) {
			name, req := cargoDep(key, v)
			if t, ok := v.(map[string]any); ok && t["workspace"] == true {
				req = wsDeps[key]
			}
			f.add(normalise(Crate, name), file, req, "")
		}
	}
}

// cargoDep is the crate name and requirement of one dependency entry
// (`sqlx = "0.7"` or `db = { package = "sqlx", version = "0.7" }`).
func cargoDep(key string, v any) (name, req string) {
	switch t := v.(type) {
	case string:
		return key, t
	case map[string]any:
		name = key
		if p, ok := t["package"].(string); ok && p != "" {
			name = p
		}
		req, _ = t["version"].(string)
		return name, req
	}
	return key, ""
}

// tables is an array of TOML tables.
func tables(v any) []map[string]any {
	switch l := v.(type) {
	case []map[string]any:
		return l
	case []any:
		var out []map[string]any
		for _, x := range l {
			if t, ok := x.(map[string]any); ok {
				out = append(out, t)
			}
		}
		return out
	}
	return nil
}

// pep508Name matches the name and extras at the start of a PEP 508
// requirement; the rest up to ";" is the version specifier (or "@ url").
var pep508Name = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^\s*([A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?)\s*(\[[^\]]*\])?\s*(.*)$`)
})

// pep508 splits a requirement ("Django[argon2]>=4.2,<5; python_version>'3.8'")
// into its name and specifier (">=4.2,<5"); ok is false for something
// that is no requirement.
func pep508(s string) (name, spec string, ok bool) {
	m := pep508Name().FindStringSubmatch(s)
	if m == nil {
		return "", "", false
	}
	rest := m[3]
	if i := strings.IndexByte(rest, ';'); i >= 0 {
		rest = rest[:i]
	}
	rest = strings.TrimSpace(rest)
	if strings.HasPrefix(rest, "@") {
		rest = ""
	}
	rest = strings.TrimSuffix(strings.TrimPrefix(rest, "("), ")")
	return m[1], strings.ReplaceAll(rest, " ", ""), true
}

// quoted unquotes a yarn.lock key part.
func quoted(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return strings.Trim(s, `"'`)
}

// maxNesting bounds how deep a manifest's arrays and tables nest.
const maxNesting = 100
