package skills

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strconv"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// Bounds of a skill's schema beyond its size (MaxSchema), checked before
// the validator sees it. A skill's schemas are written by whoever saves
// it (an agent's script: skills.save), and its arguments by whoever calls
// it, and the validator (jsonschema-go) can neither be stopped nor
// bounded once it runs:
//
//   - its decoder reads each level of a schema again for every level
//     above it: a 64 KiB schema nested 1,400 deep took 9 s to load, at
//     every listing of a new process, and 800 deep 6 s;
//   - a $ref that leads back to itself through an anyOf makes
//     validation exponential in the depth of the arguments: a skill saved
//     with one, called with an object 22 deep, held a core of the daemon
//     for more than 30 s (20 deep: 8 s, each two levels doubling it),
//     long past its script's time limit, and a $ref to a definition
//     that uses another twice, and so on, does the same without a cycle.
//
// So a skill's schema may nest at most MaxSchemaDepth levels, may not
// refer to itself, and, with every $ref replaced by what it refers to,
// may hold at most MaxSchemaNodes schemas.
const (
	MaxSchemaDepth = 64
	MaxSchemaNodes = 10_000
)

// checkSchemaCost reports why schema raw (at most MaxSchema bytes) would
// be too costly to load or to validate against, or nil.
func checkSchemaCost(raw json.RawMessage) error {
	var root any
	if err := json.Unmarshal(raw, &root); err != nil {
		return nil // not JSON: the validator's decoder says so
	}
	c := &schemaCost{root: root, size: map[string]int{}, open: map[string]bool{}}
	if d := depth(root); d > MaxSchemaDepth {
		return fmt.Errorf("nested %d levels deep, more than the %d a skill's schema may be (a schema this deep takes seconds to load): flatten it", d, MaxSchemaDepth)
	}
	if _, err := c.nodes(root, "#"); err != nil {
		return err
	}
	return nil
}

// depth is how deeply objects and arrays nest in v (a scalar is 0).
func depth(v any) int {
	d := 0
	switch v := v.(type) {
	case map[string]any:
		for _, e := range v {
			d = max(d, depth(e))
		}
	case []any:
		for _, e := range v {
			d = max(d, depth(e))
		}
	default:
		return 0
	}
	return d + 1
}

type schemaCost struct {
	root any
	size map[string]int  // a $ref target's count, by its pointer
	open map[string]bool // $ref targets being counted (a cycle)
}

// valueKeywords hold values, not schemas: a {"$ref": …} inside one is
// data.
var valueKeywords = map[string]bool{"const": true, "enum": true, "default": true, "examples": true}

// nodes counts the schemas in v (at pointer at) with each $ref replaced
// by its target, stopping past MaxSchemaNodes.
func (c *schemaCost) nodes(v any, at string) (int, error) {
	n := 0
	switch v := v.(type) {
	case map[string]any:
		n = 1
		for k, e := range v {
			if valueKeywords[k] {
				continue
			}
			switch k {
			case "$dynamicRef", "$recursiveRef":
				return 0, fmt.Errorf("%s at %s refers to the schema itself: a recursive schema makes checking a value against it take time that doubles with the value's depth; write the levels out instead", k, at)
			case "$ref":
				ref, ok := e.(string)
				if !ok {
					continue
				}
				m, err := c.ref(ref, at)
				if err != nil {
					return 0, err
				}
				n += m
				continue
			}
			m, err := c.nodes(e, at+"/"+pointerToken(k))
			if err != nil {
				return 0, err
			}
			n += m
		}
	case []any:
		for i, e := range v {
			m, err := c.nodes(e, at+"/"+strconv.Itoa(i))
			if err != nil {
				return 0, err
			}
			n += m
		}
	}
	if n > MaxSchemaNodes {
		return 0, errTooManyNodes
	}
	return n, nil
}

var errTooManyNodes = fmt.Errorf("with each $ref replaced by what it refers to, it holds more than %d schemas (definitions that use others several times multiply): checking a value against it would take too long; write a simpler one", MaxSchemaNodes)

// ref counts the schemas of the $ref ref met at pointer at.
func (c *schemaCost) ref(ref, at string) (int, error) {
	if ref != "#" && !strings.HasPrefix(ref, "#/") {
		return 0, fmt.Errorf("$ref %s at %s is not a reference into the schema itself (#/$defs/NAME): a skill's schema has no other to refer to", echo.Quote(ref), at)
	}
	if c.open[ref] {
		return 0, fmt.Errorf("$ref %s at %s leads back to itself: a recursive schema makes checking a value against it take time that doubles with the value's depth; write the levels out instead", echo.Quote(ref), at)
	}
	if n, ok := c.size[ref]; ok {
		return n, nil
	}
	target, ok := lookup(c.root, ref)
	if !ok {
		return 0, nil // the validator names a reference to nothing
	}
	c.open[ref] = true
	n, err := c.nodes(target, ref)
	delete(c.open, ref)
	if err != nil {
		return 0, err
	}
	c.size[ref] = n
	return n, nil
}

// lookup resolves the JSON pointer fragment ref ("#/$defs/a") in root.
func lookup(root any, ref string) (any, bool) {
	frag, err := url.PathUnescape(strings.TrimPrefix(ref, "#"))
	if err != nil {
		return nil, false
	}
	v, ok := root, true
	if frag == "" {
		return v, true
	}
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch cur := v.(type) {
		case map[string]any:
			if v, ok = cur[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur) {
				return nil, false
			}
			v = cur[i]
		default:
			return nil, false
		}
	}
	return v, ok
}

// pointerToken is k escaped as a JSON pointer token.
func pointerToken(k string) string {
	return strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
}
