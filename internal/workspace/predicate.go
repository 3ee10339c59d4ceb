package workspace

import (
	"errors"
	"fmt"
	"path"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Ecosystem names a kind of dependency; its value is the predicate key.
type Ecosystem string

// The ecosystems a predicate can ask about.
const (
	Crate    Ecosystem = "crate"    // Cargo.toml (workspace members, [workspace.dependencies]), Cargo.lock
	GoModule Ecosystem = "goModule" // go.mod, go.work
	NPM      Ecosystem = "npm"      // package.json (workspaces), package-lock.json, pnpm-lock.yaml, yarn.lock
	Python   Ecosystem = "python"   // pyproject.toml (PEP 621, Poetry), requirements*.txt, uv.lock, poetry.lock
)

// Kinds of predicate besides the ecosystems.
const (
	KindPath = "path" // a glob relative to the workspace root matches something
	KindEnv  = "env"  // an environment variable is set (and non-empty)
	KindAll  = "all"
	KindAny  = "any"
	KindNot  = "not"
)

// Predicate is one parsed "when". The zero value is not valid; use Parse.
type Predicate struct {
	// Kind is an Ecosystem's value, KindPath, KindEnv, KindAll, KindAny or
	// KindNot.
	Kind string
	// Name is the package, module, glob or variable.
	Name string
	// Version is an optional range in the ecosystem's own syntax
	// (Cargo: "0.7", "^0.7", ">=0.6, <0.8"; npm: "^5 || ^6"; Go: "v5.5.0"
	// meaning at least, or ">=v5.4.0"; Python PEP 440: ">=4.2,<5").
	Version string
	// Of are the operands of all, any and not (one for not).
	Of []*Predicate
}

var kinds = []string{string(Crate), string(GoModule), string(NPM), string(Python), KindPath, KindEnv, KindAll, KindAny, KindNot}

// Parse reads a predicate from its decoded JSON or TOML form: an object
// with exactly one kind key (crate, goModule, npm, python, path, env,
// all, any, not), plus "version" for the ecosystems. Errors name the
// place inside the predicate (such as `any[1].crate`).
func Parse(v any) (*Predicate, error) { return parse(v, "") }

func parse(v any, at string) (*Predicate, error) {
	where := func(k string) string {
		if at == "" {
			return k
		}
		return at + "." + k
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%smust be an object with one of %s, not %s", prefix(at), strings.Join(kinds, ", "), typeName(v))
	}
	var kind string
	for k := range m {
		if k == "version" {
			continue
		}
		if !slices.Contains(kinds, k) {
			return nil, fmt.Errorf("%sunknown key %q; known: %s, version", prefix(at), k, strings.Join(kinds, ", "))
		}
		if kind != "" {
			a, b := sorted2(kind, k)
			return nil, fmt.Errorf("%s%q and %q in one object: put them in {\"all\": [...]} or {\"any\": [...]}", prefix(at), a, b)
		}
		kind = k
	}
	if kind == "" {
		return nil, fmt.Errorf("%sneeds one of %s", prefix(at), strings.Join(kinds, ", "))
	}
	p := &Predicate{Kind: kind}
	if ver, has := m["version"]; has {
		s, ok := ver.(string)
		if !ok || strings.TrimSpace(s) == "" {
			return nil, fmt.Errorf("%sversion must be a non-empty string, not %s", prefix(at), emptyOr(ver))
		}
		if err := noControl(s); err != nil {
			return nil, fmt.Errorf("%sversion %q %v: write the range on one line, its parts separated by spaces", prefix(at), s, err)
		}
		if !isEcosystem(kind) {
			return nil, fmt.Errorf("%sversion applies to crate, goModule, npm and python only, not %s", prefix(at), kind)
		}
		p.Version = strings.TrimSpace(s)
	}
	val := m[kind]
	switch kind {
	case KindAll, KindAny:
		list, ok := val.([]any)
		if !ok {
			if ml, ok2 := val.([]map[string]any); ok2 { // TOML arrays of tables
				for _, x := range ml {
					list = append(list, x)
				}
				ok = true
			}
		}
		if !ok || len(list) == 0 {
			return nil, fmt.Errorf("%s must be a non-empty array of predicates, not %s", where(kind), typeName(val))
		}
		for i, c := range list {
			cp, err := parse(c, fmt.Sprintf("%s[%d]", where(kind), i))
			if err != nil {
				return nil, err
			}
			p.Of = append(p.Of, cp)
		}
	case KindNot:
		cp, err := parse(val, where(kind))
		if err != nil {
			return nil, err
		}
		p.Of = []*Predicate{cp}
	default:
		s, ok := val.(string)
		if !ok || strings.TrimSpace(s) == "" {
			return nil, fmt.Errorf("%s must be a non-empty string, not %s", where(kind), emptyOr(val))
		}
		if err := noControl(s); err != nil {
			return nil, fmt.Errorf("%s: %q %v: remove it", where(kind), s, err)
		}
		p.Name = strings.TrimSpace(s)
		if kind == KindPath {
			if strings.HasPrefix(p.Name, "/") || slices.Contains(strings.Split(p.Name, "/"), "..") {
				return nil, fmt.Errorf("%s: %q must stay inside the workspace (relative, no ..)", where(kind), p.Name)
			}
			if _, err := path.Match(p.Name, ""); err != nil {
				return nil, fmt.Errorf("%s: %q is not a valid glob: %v", where(kind), p.Name, err)
			}
		}
		if p.Version != "" {
			if err := checkRange(Ecosystem(kind), p.Version); err != nil {
				return nil, fmt.Errorf("%sversion %q: %w", prefix(at), p.Version, err)
			}
		}
	}
	return p, nil
}

// noControl refuses a control character (a newline, a tab, an escape)
// or an invisible format character (bidirectional controls, zero
// width) in a name or a version range: the range parsers take tabs and
// newlines for spaces, so "^8\n|| ^9" was accepted, and such text
// reaches terminals (switchboard servers) as it is.
func noControl(s string) error {
	for _, r := range s {
		if unicode.IsControl(r) || unicode.Is(unicode.Cf, r) {
			return fmt.Errorf("holds the control or invisible character %U", r)
		}
	}
	return nil
}

func prefix(at string) string {
	if at == "" {
		return ""
	}
	return at + ": "
}

func sorted2(a, b string) (string, string) {
	if a > b {
		return b, a
	}
	return a, b
}

func isEcosystem(k string) bool {
	switch Ecosystem(k) {
	case Crate, GoModule, NPM, Python:
		return true
	}
	return false
}

func typeName(v any) string {
	switch v.(type) {
	case nil:
		return "nothing"
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "an object"
	}
	return "a number"
}

// String is the predicate in a short form for people:
// `crate sqlx ^0.7`, `any(npm pg, python psycopg)`, `not(env CI)`.
func (p *Predicate) String() string {
	switch p.Kind {
	case KindAll, KindAny, KindNot:
		parts := make([]string, len(p.Of))
		for i, c := range p.Of {
			parts[i] = c.String()
		}
		return p.Kind + "(" + strings.Join(parts, ", ") + ")"
	}
	s := p.Kind + " " + p.Name
	if p.Version != "" {
		s += " " + p.Version
	}
	return s
}

// Decision is the outcome of a predicate in a workspace.
type Decision struct {
	Applies bool
	// By is the predicate that decided, and why, e.g.
	// `crate sqlx: 0.7.4 in Cargo.lock` or `npm pg: not a dependency`.
	By string
	// Files are the files read to decide (relative to the root), sorted.
	Files []string
	// Problems are malformed manifests met on the way (each names the file
	// and line); the predicate evaluated on what could be read.
	Problems []string
}

// Eval decides p in w; getenv serves env predicates (nil: none set).
func (w *Workspace) Eval(p *Predicate, getenv func(string) (string, bool)) Decision {
	w.mu.Lock()
	defer w.mu.Unlock()
	var d Decision
	files, probs := map[string]bool{}, map[string]bool{}
	d.Applies, d.By = w.eval(p, getenv, files, probs)
	for f := range files {
		d.Files = append(d.Files, f)
	}
	for e := range probs {
		d.Problems = append(d.Problems, e)
	}
	sort.Strings(d.Files)
	sort.Strings(d.Problems)
	return d
}

func (w *Workspace) eval(p *Predicate, getenv func(string) (string, bool), files, probs map[string]bool) (bool, string) {
	switch p.Kind {
	case KindAll:
		for _, c := range p.Of {
			if ok, by := w.eval(c, getenv, files, probs); !ok {
				return false, by
			}
		}
		return true, p.String() + ": all hold"
	case KindAny:
		var bys []string
		for _, c := range p.Of {
			ok, by := w.eval(c, getenv, files, probs)
			if ok {
				return true, by
			}
			bys = append(bys, by)
		}
		return false, "none holds: " + strings.Join(bys, "; ")
	case KindNot:
		ok, by := w.eval(p.Of[0], getenv, files, probs)
		return !ok, "not(" + by + ")"
	case KindEnv:
		if getenv != nil {
			if v, ok := getenv(p.Name); ok && v != "" {
				return true, fmt.Sprintf("env %s: set", p.Name)
			}
		}
		return false, fmt.Sprintf("env %s: not set", p.Name)
	case KindPath:
		switch r := w.pathMatches(p.Name); {
		case r.ok:
			return true, fmt.Sprintf("path %s: exists", p.Name)
		case r.err == errGlobBudget:
			return false, fmt.Sprintf("path %s: %s, taken as no match: use fewer or narrower path patterns", p.Name, r.err)
		case r.err != "":
			// A "**" in a large tree: "no match" would be untrue.
			return false, fmt.Sprintf("path %s: %s, taken as no match: name a narrower pattern", p.Name, r.err)
		}
		return false, fmt.Sprintf("path %s: no match", p.Name)
	}
	e := Ecosystem(p.Kind)
	f := w.facts(e)
	for _, x := range f.files {
		files[x] = true
	}
	for _, err := range f.errs {
		probs[oneProblem(err.Error())] = true
	}
	d := f.deps[normalise(e, p.Name)]
	head := p.Kind + " " + p.Name
	if d == nil {
		why := "not a dependency"
		if len(f.files) == 0 {
			why = "no " + manifestNames[e] + " in " + w.root
		}
		if len(f.errs) > 0 {
			// On one line, as each problem is: two files' errors were
			// joined by a line break, and the second began a line of
			// switchboard servers' listing of its own.
			why = "not found; unreadable: " + oneProblem(errors.Join(f.errs...).Error())
		}
		return false, head + ": " + why
	}
	if p.Version == "" {
		if len(d.Versions) > 0 {
			return true, fmt.Sprintf("%s: %s in %s", head, strings.Join(d.Versions, ", "), strings.Join(d.Files, ", "))
		}
		return true, fmt.Sprintf("%s: in %s", head, strings.Join(d.Files, ", "))
	}
	ok, why := matchDep(e, p.Version, d)
	return ok, fmt.Sprintf("%s %s: %s", head, p.Version, why)
}

var manifestNames = map[Ecosystem]string{
	Crate:    "Cargo.toml",
	GoModule: "go.mod or go.work",
	NPM:      "package.json",
	Python:   "pyproject.toml or requirements*.txt",
}

// normalise is a dependency name as the ecosystem compares it: Cargo
// treats - and _ alike; Python names are case-insensitive with runs of
// -, _ and . equal (PEP 503).
func normalise(e Ecosystem, name string) string {
	switch e {
	case Crate:
		return strings.ReplaceAll(name, "_", "-")
	case Python:
		name = strings.ToLower(name)
		var b strings.Builder
		sep := false
		for _, r := range name {
			if r == '-' || r == '_' || r == '.' {
				sep = true
				continue
			}
			if sep && b.Len() > 0 {
				b.WriteByte('-')
			}
			sep = false
			b.WriteRune(r)
		}
		return b.String()
	}
	return name
}

// emptyOr names v's type for an error that wants a non-empty string: an
// empty or blank string is "an empty string" ("not a string" read as a
// contradiction).
func emptyOr(v any) string {
	if _, ok := v.(string); ok {
		return "an empty string"
	}
	return typeName(v)
}

// maxProblemBytes bounds one problem's text.
const maxProblemBytes = 512

// oneProblem is a problem's text as it may go into the list_tools index
// and a terminal: on one line (a YAML decoder's error runs over several,
// the second quoting the file), without control, format (zero-width,
// bidi, tag) or line-separator characters, at most maxProblemBytes.
func oneProblem(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\r' || r == '\u2028' || r == '\u2029':
			if b.Len() > 0 {
				b.WriteString("; ")
			}
		case r == '\t':
			b.WriteByte(' ')
		case unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Variation_Selector, r):
		default:
			b.WriteRune(r)
		}
		if b.Len() > maxProblemBytes {
			break
		}
	}
	out := strings.TrimSpace(b.String())
	if len(out) > maxProblemBytes {
		cut := maxProblemBytes
		for cut > 0 && !utf8.RuneStart(out[cut]) {
			cut--
		}
		out = out[:cut] + "…"
	}
	return out
}
