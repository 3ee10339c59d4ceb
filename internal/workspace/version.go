package workspace

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	semverv3 "github.com/Masterminds/semver/v3"
	"golang.org/x/mod/semver"
)

// checkRange validates a predicate's version range for e.
func checkRange(e Ecosystem, rng string) error {
	_, err := compileRange(e, rng)
	return err
}

// compileRange turns a range in e's syntax into a test of one version.
func compileRange(e Ecosystem, rng string) (func(v string) bool, error) {
	switch e {
	case Crate:
		c, err := semverv3.NewConstraint(cargoToSemver(rng))
		if err != nil {
			return nil, fmt.Errorf("not a Cargo version requirement: %v", err)
		}
		return semverCheck(c), nil
	case NPM:
		c, err := semverv3.NewConstraint(rng)
		if err != nil {
			return nil, fmt.Errorf("not an npm semver range: %v", err)
		}
		return semverCheck(c), nil
	case GoModule:
		return goRange(rng)
	case Python:
		return pyRange(rng)
	}
	return nil, fmt.Errorf("no versions for %s", e)
}

func semverCheck(c *semverv3.Constraints) func(string) bool {
	return func(v string) bool {
		sv, err := semverv3.NewVersion(v)
		return err == nil && c.Check(sv)
	}
}

// cargoToSemver rewrites a Cargo requirement for Masterminds/semver: a
// bare version in Cargo means caret ("0.7" is "^0.7"), where semver's
// bare version means equal; the comma (and) is the same in both.
func cargoToSemver(rng string) string {
	parts := strings.Split(rng, ",")
	for i, p := range parts {
		p = strings.TrimSpace(p)
		if p != "" && (p[0] >= '0' && p[0] <= '9') {
			p = "^" + p
		}
		parts[i] = p
	}
	return strings.Join(parts, ", ")
}

// matchDep tests d's versions against rng. With no resolved version (no
// lock file names it), the lowest version each manifest requirement
// allows stands in ("^0.7" is 0.7.0).
func matchDep(e Ecosystem, rng string, d *Dep) (bool, string) {
	test, err := compileRange(e, rng)
	if err != nil {
		return false, err.Error()
	}
	vs, from := d.Versions, "resolved"
	if len(vs) == 0 {
		from = "lowest allowed by " + strings.Join(d.Reqs, ", ")
		for _, r := range d.Reqs {
			if v := lowest(r); v != "" {
				vs = append(vs, v)
			}
		}
	}
	if len(vs) == 0 {
		return false, fmt.Sprintf("no version known (declared in %s without a version, and no lock file names it)", strings.Join(d.Files, ", "))
	}
	for _, v := range vs {
		if test(v) {
			return true, fmt.Sprintf("%s (%s) in %s", v, from, strings.Join(d.Files, ", "))
		}
	}
	return false, fmt.Sprintf("%s (%s) is outside the range, in %s", strings.Join(vs, ", "), from, strings.Join(d.Files, ", "))
}

var firstVersion = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`v?\d+(?:\.\d+)*(?:[-+.]?[0-9A-Za-z.\-+]*)?`) })

// lowest is the version a requirement starts at ("^0.7" → "0.7", ">=4.2,<5" → "4.2").
func lowest(req string) string {
	first := strings.Split(strings.Split(req, "||")[0], ",")[0]
	if strings.ContainsAny(first, "<") && !strings.Contains(first, "=") {
		return ""
	}
	m := firstVersion().FindString(first)
	return strings.TrimRight(m, ".*")
}

// goRange: comma-separated comparisons of module versions
// (">=v5.4.0, <v6"); a bare version means at least that version.
func goRange(rng string) (func(string) bool, error) {
	type cmp struct {
		op, v string
	}
	var cs []cmp
	for _, part := range strings.Split(rng, ",") {
		part = strings.TrimSpace(part)
		op := ""
		for _, o := range []string{">=", "<=", "!=", ">", "<", "="} {
			if strings.HasPrefix(part, o) {
				op, part = o, strings.TrimSpace(part[len(o):])
				break
			}
		}
		if op == "" {
			op = ">="
		}
		if !strings.HasPrefix(part, "v") {
			part = "v" + part
		}
		if !semver.IsValid(part) {
			return nil, fmt.Errorf("%q is not a Go module version (like v1.2.3)", part)
		}
		cs = append(cs, cmp{op, part})
	}
	return func(v string) bool {
		if !strings.HasPrefix(v, "v") {
			v = "v" + v
		}
		if !semver.IsValid(v) {
			return false
		}
		for _, c := range cs {
			n := semver.Compare(v, c.v)
			ok := map[string]bool{">=": n >= 0, "<=": n <= 0, ">": n > 0, "<": n < 0, "=": n == 0, "!=": n != 0}[c.op]
			if !ok {
				return false
			}
		}
		return true
	}, nil
}

// PEP 440 versions, the subset we need: epoch, release, pre (a, b, rc),
// post and dev segments, a local label (ignored in comparisons).
var pyVersionRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`(?i)^v?(?:(\d+)!)?(\d+(?:\.\d+)*)(?:[-_.]?(a|b|c|rc|alpha|beta|pre|preview)[-_.]?(\d*))?(?:-(\d+)|[-_.]?(post|rev|r)[-_.]?(\d*))?(?:[-_.]?(dev)[-_.]?(\d*))?(?:\+[a-z0-9]+(?:[-_.][a-z0-9]+)*)?$`)
})

type pyVersion struct {
	epoch int
	rel   []int
	pre   [2]int // kind (-1 dev-only, 0 a, 1 b, 2 rc, 3 final), number
	post  int    // -1: none
	dev   int    // max int: none
}

const noDev = int(^uint(0) >> 1)

func parsePy(s string) (pyVersion, bool) {
	m := pyVersionRE().FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return pyVersion{}, false
	}
	num := func(s string) int { n, _ := strconv.Atoi(s); return n }
	v := pyVersion{epoch: num(m[1]), pre: [2]int{3, 0}, post: -1, dev: noDev}
	for _, p := range strings.Split(m[2], ".") {
		v.rel = append(v.rel, num(p))
	}
	if m[3] != "" {
		k := map[string]int{"a": 0, "alpha": 0, "b": 1, "beta": 1, "c": 2, "rc": 2, "pre": 2, "preview": 2}[strings.ToLower(m[3])]
		v.pre = [2]int{k, num(m[4])}
	}
	switch {
	case m[5] != "":
		v.post = num(m[5])
	case m[6] != "":
		v.post = num(m[7])
	}
	if m[8] != "" {
		v.dev = num(m[9])
		if m[3] == "" && v.post < 0 {
			v.pre[0] = -1 // 1.0.dev1 sorts before 1.0a1
		}
	}
	return v, true
}

func cmpPy(a, b pyVersion) int {
	c := func(x, y int) int {
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return 0
	}
	if n := c(a.epoch, b.epoch); n != 0 {
		return n
	}
	for i := 0; i < max(len(a.rel), len(b.rel)); i++ {
		var x, y int
		if i < len(a.rel) {
			x = a.rel[i]
		}
		if i < len(b.rel) {
			y = b.rel[i]
		}
		if n := c(x, y); n != 0 {
			return n
		}
	}
	for _, n := range []int{c(a.pre[0], b.pre[0]), c(a.pre[1], b.pre[1]), c(a.post, b.post), c(a.dev, b.dev)} {
		if n != 0 {
			return n
		}
	}
	return 0
}

// pyRange: PEP 440 specifiers joined by commas (==, !=, <=, >=, <, >,
// ~=, ===, and the == and != prefix forms "==4.*"). Pre-releases are
// compared like any version (PEP 440's opt-in rule is not applied).
func pyRange(rng string) (func(string) bool, error) {
	var tests []func(pyVersion, string) bool
	for _, spec := range strings.Split(rng, ",") {
		spec = strings.TrimSpace(spec)
		op := ""
		for _, o := range []string{"===", "~=", "==", "!=", "<=", ">=", "<", ">"} {
			if strings.HasPrefix(spec, o) {
				op, spec = o, strings.TrimSpace(spec[len(o):])
				break
			}
		}
		if op == "" {
			return nil, fmt.Errorf("%q needs an operator (==, !=, <=, >=, <, >, ~=)", spec)
		}
		if op == "===" {
			want := spec
			tests = append(tests, func(_ pyVersion, raw string) bool { return strings.EqualFold(strings.TrimSpace(raw), want) })
			continue
		}
		if strings.HasSuffix(spec, ".*") {
			if op != "==" && op != "!=" {
				return nil, fmt.Errorf("%q: a .* prefix is allowed only with == and !=", op+spec)
			}
			pv, ok := parsePy(strings.TrimSuffix(spec, ".*"))
			if !ok {
				return nil, fmt.Errorf("%q is not a PEP 440 version", spec)
			}
			eq := op == "=="
			tests = append(tests, func(v pyVersion, _ string) bool { return prefixMatch(v, pv) == eq })
			continue
		}
		pv, ok := parsePy(spec)
		if !ok {
			return nil, fmt.Errorf("%q is not a PEP 440 version", spec)
		}
		switch op {
		case "~=":
			if len(pv.rel) < 2 {
				return nil, fmt.Errorf("~=%s needs at least two release numbers (like ~=2.2)", spec)
			}
			pre := pyVersion{epoch: pv.epoch, rel: pv.rel[:len(pv.rel)-1]}
			tests = append(tests, func(v pyVersion, _ string) bool { return cmpPy(v, pv) >= 0 && prefixMatch(v, pre) })
		default:
			o := op
			tests = append(tests, func(v pyVersion, _ string) bool {
				n := cmpPy(v, pv)
				return map[string]bool{"==": n == 0, "!=": n != 0, "<=": n <= 0, ">=": n >= 0, "<": n < 0, ">": n > 0}[o]
			})
		}
	}
	return func(raw string) bool {
		v, ok := parsePy(raw)
		if !ok {
			return false
		}
		for _, t := range tests {
			if !t(v, raw) {
				return false
			}
		}
		return true
	}, nil
}

// prefixMatch: v's release starts with p's (and the epochs agree).
func prefixMatch(v, p pyVersion) bool {
	if v.epoch != p.epoch {
		return false
	}
	for i, n := range p.rel {
		x := 0
		if i < len(v.rel) {
			x = v.rel[i]
		}
		if x != n {
			return false
		}
	}
	return true
}
