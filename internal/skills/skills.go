// Package skills stores skills: saved, typed scripts that a script calls
// as skills.NAME(args) and that stay valid only while the tools they use
// are the tools they were saved with.
//
// A skill is one file, NAME.js: a JSDoc header, then the body of an async
// function of args (like a script, with return for its value):
//
//	/**
//	 * @skill triage_stale_issues
//	 * @description Lists open issues of a repository untouched for 30 days
//	 *   and posts a summary to a Slack channel.
//	 * @input {"type":"object","properties":{"repo":{"type":"string"}},"required":["repo"]}
//	 * @output {"type":"object"}
//	 * @uses github list_issues 3f2a…
//	 * @uses slack post_message 9b1c…
//	 * @saved 2026-12-01T12:00:00Z
//	 */
//	const issues = await github.list_issues({repo: args.repo});
//	…
//
// @input and @output are one line of JSON each (@output is optional);
// @description may continue on indented lines; each @uses names a server,
// a tool (Go-quoted when they hold spaces or quotes) and the tool's pin
// (the hash of its definition, trust.Hash) when the skill was saved or
// approved. Unknown tags are an error, so a typo is not silently lost.
//
// Files live in the user's directory ($XDG_CONFIG_HOME/switchboard/skills)
// and a project's (.switchboard/skills next to .switchboard.json); a
// project's skills are used only when the user trusted the file's content
// (internal/allow, like project configs). Saving over a skill keeps the
// previous version under .history/. The package is safe for concurrent
// use; writes are atomic and serialised across processes by a file lock.
package skills

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/trust"
	"github.com/switchboard-mcp/switchboard/internal/tsdecl"
)

// Limits of a skill's parts.
const (
	MaxName        = 64
	MaxDescription = 4 << 10
	MaxSchema      = 64 << 10
	MaxCode        = 256 << 10
)

// Scopes of a skill: where its file is.
const (
	ScopeUser    = "user"
	ScopeProject = "project"
)

// Skill is one saved script.
type Skill struct {
	Name         string
	Description  string          // hidden Unicode removed
	InputSchema  json.RawMessage // a JSON Schema of type object
	OutputSchema json.RawMessage // nil when the skill declares none
	Uses         []Use           // the tools it calls, with their pins
	Saved        time.Time       // when it was saved or last approved (UTC, seconds)
	Code         string          // the body of an async function of args

	Scope string // ScopeUser or ScopeProject
	Path  string // its file
	// Warning is what vetting the description found worth a look ("" when
	// nothing); Blocked is why it is withheld from the model ("" when it is
	// not): a blocked skill is neither declared nor callable.
	Warning, Blocked string
}

// Use is one tool a skill calls and its pin when the skill was saved.
type Use struct {
	Server string `json:"server"`
	Tool   string `json:"tool"`
	Pin    string `json:"pin"`
}

// Ref is "server.tool".
func (u Use) Ref() string { return u.Server + "." + u.Tool }

// reservedNames are the properties of the skills object that are not
// skills: its own functions and what await, JSON.stringify, console.log
// and Object.prototype look up.
var reservedNames = map[string]bool{
	"save": true, "list": true, "then": true, "toJSON": true, "constructor": true, "valueOf": true,
	"toString": true, "toLocaleString": true, "inspect": true, "prototype": true, "length": true,
	"name": true, "caller": true, "callee": true, "arguments": true, "hasOwnProperty": true,
	"isPrototypeOf": true, "propertyIsEnumerable": true, "__defineGetter__": true,
	"__defineSetter__": true, "__lookupGetter__": true, "__lookupSetter__": true,
}

var namePattern = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`) })

// ValidName checks that name can be a skill: a JavaScript identifier of
// ASCII letters, digits and '_' (also the file name), at most MaxName
// long, not a reserved word, not a JavaScript or Switchboard global and
// not a function of the skills object itself.
func ValidName(name string) error {
	switch {
	case name == "":
		return errors.New("a skill needs a name")
	case len(name) > MaxName:
		return fmt.Errorf("skill name %s is longer than %d characters", echo.Quote(name), MaxName)
	case !namePattern().MatchString(name):
		return fmt.Errorf("skill name %q is not an identifier: use ASCII letters, digits and '_', not starting with a digit (e.g. %q)", name, tsdecl.Ident(name))
	case reservedNames[name] || strings.HasPrefix(name, "__"):
		return fmt.Errorf("skill name %q is reserved (skills.%s is not a skill); choose another", name, name)
	case tsdecl.Ident(name) != name:
		return fmt.Errorf("skill name %q is a JavaScript reserved word; choose another", name)
	case tsdecl.GlobalIdent(name) != name:
		return fmt.Errorf("skill name %q is a JavaScript or Switchboard global; choose another", name)
	}
	return nil
}

// Def is what saving a skill takes (the argument of skills.save).
type Def struct {
	Name         string          `json:"name"`
	Description  string          `json:"description"`
	InputSchema  json.RawMessage `json:"inputSchema"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	Code         string          `json:"code"`
}

// Validate checks d (name, description, schemas, code size) and returns
// every problem at once, each naming its field.
func (d *Def) Validate() error {
	var errs []error
	if err := ValidName(d.Name); err != nil {
		errs = append(errs, fmt.Errorf("name: %w", err))
	}
	switch desc := strings.TrimSpace(d.Description); {
	case desc == "":
		errs = append(errs, errors.New("description: say what the skill does and returns (the model reads it in list_tools)"))
	case len(desc) > MaxDescription:
		errs = append(errs, fmt.Errorf("description: %d bytes, over the limit of %d", len(desc), MaxDescription))
	}
	if len(d.InputSchema) == 0 || string(d.InputSchema) == "null" {
		errs = append(errs, errors.New(`inputSchema: required: a JSON Schema of type object, e.g. {type: "object", properties: {repo: {type: "string"}}, required: ["repo"]}`))
	} else if err := checkSchema(d.InputSchema, true); err != nil {
		errs = append(errs, fmt.Errorf("inputSchema: %w", err))
	}
	if len(d.OutputSchema) > 0 && string(d.OutputSchema) != "null" {
		if err := checkSchema(d.OutputSchema, false); err != nil {
			errs = append(errs, fmt.Errorf("outputSchema: %w", err))
		}
	}
	switch {
	case strings.TrimSpace(d.Code) == "":
		errs = append(errs, errors.New("code: empty: give the body of an async function of args, with return for its value"))
	case len(d.Code) > MaxCode:
		errs = append(errs, fmt.Errorf("code: %d bytes, over the limit of %d", len(d.Code), MaxCode))
	}
	return errors.Join(errs...)
}

// checkSchema checks that raw is a JSON Schema the validator accepts; an
// input schema must be of type object.
func checkSchema(raw json.RawMessage, object bool) error {
	if len(raw) > MaxSchema {
		return fmt.Errorf("%d bytes, over the limit of %d", len(raw), MaxSchema)
	}
	if err := checkSchemaCost(raw); err != nil { // before the validator reads it
		return err
	}
	if object {
		var m map[string]any
		if json.Unmarshal(raw, &m) != nil || m["type"] != "object" {
			return errors.New(`must be a JSON Schema object with "type": "object" (a skill takes one object, args)`)
		}
	}
	_, err := resolve(raw)
	return err
}

// resolve parses and resolves a schema for validation.
func resolve(raw json.RawMessage) (*jsonschema.Resolved, error) {
	var s jsonschema.Schema
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("not a JSON Schema: %w", err)
	}
	r, err := s.Resolve(nil)
	if err != nil {
		return nil, fmt.Errorf("not a usable JSON Schema: %w", err)
	}
	return r, nil
}

// CheckInput validates args (JSON) against the skill's input schema.
func (sk *Skill) CheckInput(args json.RawMessage) error {
	return validate(sk.InputSchema, args, "arguments")
}

// CheckOutput validates a returned value (JSON) against the skill's
// output schema; nil when it has none.
func (sk *Skill) CheckOutput(v json.RawMessage) error {
	if len(sk.OutputSchema) == 0 {
		return nil
	}
	return validate(sk.OutputSchema, v, "returned value")
}

func validate(schema, v json.RawMessage, what string) error {
	r, err := resolve(schema)
	if err != nil {
		return fmt.Errorf("its schema is broken: %w", err)
	}
	var inst any
	if err := json.Unmarshal(v, &inst); err != nil {
		return fmt.Errorf("%s are not JSON: %w", what, err)
	}
	if err := r.Validate(inst); err != nil {
		verb := "do"
		if what == "returned value" {
			verb = "does" // "returned value do not match" (round sixty-six)
		}
		return fmt.Errorf("%s %s not match the schema: %w", what, verb, err)
	}
	return nil
}

// vet sanitises the description and inspects the skill like a tool
// definition (trust.Inspect): a blocking finding sets Blocked, weaker
// ones Warning. The schemas are inspected as written, then cleaned of
// hidden Unicode in every string (trust.CleanSchema, as a backend tool's
// are): a zero-width space in an enum value or a default only warned,
// and reached the model in the declaration as it was ("fast\u200b").
// What the model sees is what arguments are checked against.
func (sk *Skill) vet() {
	sk.Description, _ = trust.Sanitize(sk.Description)
	sk.Warning, sk.Blocked = Vet(sk.Name, sk.Description, sk.InputSchema, sk.OutputSchema)
	sk.InputSchema = trust.CleanSchema(sk.InputSchema)
	if len(sk.OutputSchema) > 0 {
		sk.OutputSchema = trust.CleanSchema(sk.OutputSchema)
	}
}

// Vet inspects a skill's text as a tool definition: blocked is why the
// model must not see it ("" when it may), warning what is worth a look.
func Vet(name, description string, in, out json.RawMessage) (warning, blocked string) {
	var warns, blocks []string
	for _, f := range trust.Inspect(trust.Tool{Name: name, Description: description, InputSchema: in, OutputSchema: out}) {
		line := fmt.Sprintf("%s: %s (%q)", f.Where, f.Rule, f.Excerpt)
		if f.Severity == trust.Block {
			blocks = append(blocks, line)
		} else {
			warns = append(warns, line)
		}
	}
	if len(blocks) > 0 {
		blocked = "its text looks like an injection: " + strings.Join(blocks, "; ")
	}
	if len(warns) > 0 {
		warning = "check this skill's text: " + strings.Join(warns, "; ")
	}
	return warning, blocked
}

// Render is the file content of sk.
func Render(sk *Skill) []byte {
	var b strings.Builder
	b.WriteString("/**\n * @skill " + sk.Name + "\n")
	for i, line := range strings.Split(strings.TrimSpace(sk.Description), "\n") {
		line = strings.ReplaceAll(strings.TrimRight(line, " \t"), "*/", "* /")
		if strings.HasPrefix(strings.TrimSpace(line), "@") {
			line = `\` + strings.TrimSpace(line) // not a tag; Parse drops the backslash
		}
		if i == 0 {
			b.WriteString(" * @description " + line + "\n")
		} else {
			b.WriteString(" *   " + line + "\n")
		}
	}
	b.WriteString(" * @input " + compactJSON(sk.InputSchema) + "\n")
	if len(sk.OutputSchema) > 0 {
		b.WriteString(" * @output " + compactJSON(sk.OutputSchema) + "\n")
	}
	for _, u := range sk.Uses {
		b.WriteString(" * @uses " + quoteName(u.Server) + " " + quoteName(u.Tool) + " " + u.Pin + "\n")
	}
	if !sk.Saved.IsZero() {
		b.WriteString(" * @saved " + sk.Saved.UTC().Format(time.RFC3339) + "\n")
	}
	b.WriteString(" */\n")
	b.WriteString(strings.TrimRight(sk.Code, "\n") + "\n")
	return []byte(b.String())
}

// compactJSON is raw on one line; "*/" can only be inside a JSON string,
// where "*\/" means the same.
func compactJSON(raw json.RawMessage) string {
	var v any
	if json.Unmarshal(raw, &v) != nil {
		return "{}"
	}
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.ReplaceAll(strings.TrimSpace(b.String()), "*/", `*\/`)
}

// quoteName writes a server or tool name as one field: as it is when it
// has no space, quote or control character, else Go-quoted.
func quoteName(s string) string {
	if s != "" && !strings.ContainsFunc(s, func(r rune) bool { return r <= ' ' || r == '"' || r == 0x7f }) {
		return s
	}
	return strconv.Quote(s)
}

// Parse reads a skill file. The name in the header must be name (the
// file's, without .js).
func Parse(name string, data []byte) (*Skill, error) {
	// A byte-order mark (an editor's on Windows) before the header is no
	// part of it: the file was "no header" though it starts with one.
	src := strings.ReplaceAll(strings.TrimPrefix(string(data), "\ufeff"), "\r\n", "\n")
	rest, ok := strings.CutPrefix(strings.TrimLeft(src, " \t\n"), "/**")
	if !ok {
		return nil, errors.New("no header: a skill file starts with a /** … */ comment holding @skill, @description and @input")
	}
	header, code, ok := strings.Cut(rest, "*/")
	if !ok {
		return nil, errors.New("the header comment is not closed with */")
	}
	sk := &Skill{Code: strings.TrimPrefix(code, "\n")}
	var errs []error
	var desc []string
	last := ""
	notJSON := false // an @input or @output that is not JSON
	sc := bufio.NewScanner(strings.NewReader(header))
	sc.Buffer(nil, MaxCode+MaxSchema*2)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		line = strings.TrimSpace(strings.TrimPrefix(line, "*"))
		if line == "" {
			continue
		}
		if !strings.HasPrefix(line, "@") {
			if last == "description" {
				desc = append(desc, line)
				continue
			}
			errs = append(errs, fmt.Errorf("header line %d: text outside a tag: %q", n, bound(line, 60)))
			continue
		}
		tag, val, _ := strings.Cut(line[1:], " ")
		val = strings.TrimSpace(val)
		last = tag
		switch tag {
		case "skill":
			sk.Name = val
		case "description":
			desc = append(desc, val)
		case "input", "output":
			// Not JSON, it was said as a schema that is not an object
			// ("inputSchema: must be a JSON Schema object …").
			var v any
			if err := json.Unmarshal([]byte(val), &v); val != "" && err != nil {
				errs = append(errs, fmt.Errorf("header line %d: @%s is not JSON (%v): it is the schema as one line of JSON", n, tag, err))
				notJSON = true
			}
			if tag == "input" {
				sk.InputSchema = json.RawMessage(val)
			} else {
				sk.OutputSchema = json.RawMessage(val)
			}
		case "uses":
			u, err := parseUse(val)
			if err != nil {
				errs = append(errs, fmt.Errorf("header line %d: @uses: %w", n, err))
				continue
			}
			sk.Uses = append(sk.Uses, u)
		case "saved":
			t, err := time.Parse(time.RFC3339, val)
			if err != nil {
				errs = append(errs, fmt.Errorf("header line %d: @saved: %w", n, err))
			}
			sk.Saved = t
		default:
			errs = append(errs, fmt.Errorf("header line %d: unknown tag @%s (known: @skill, @description, @input, @output, @uses, @saved)", n, tag))
		}
	}
	for i, l := range desc {
		if strings.HasPrefix(l, `\@`) {
			desc[i] = l[1:] // a line starting with \@ is not a tag
		}
	}
	sk.Description = strings.Join(desc, "\n")
	if sk.Name != name {
		errs = append(errs, fmt.Errorf("@skill is %q but the file is %s.js: they must match", sk.Name, name))
	}
	d := Def{Name: sk.Name, Description: sk.Description, InputSchema: sk.InputSchema, OutputSchema: sk.OutputSchema, Code: sk.Code}
	if notJSON {
		// Said above; Validate would say it again, in other words.
	} else if err := d.Validate(); err != nil {
		errs = append(errs, err)
	}
	if err := joinFirst(errs); err != nil {
		return nil, err
	}
	if len(sk.OutputSchema) == 0 || string(sk.OutputSchema) == "null" {
		sk.OutputSchema = nil
	}
	sk.vet()
	return sk, nil
}

// parseUse reads "server tool pin".
func parseUse(s string) (Use, error) {
	var f []string
	for s = strings.TrimSpace(s); s != ""; s = strings.TrimSpace(s) {
		if s[0] == '"' {
			q, err := strconv.QuotedPrefix(s)
			if err != nil {
				return Use{}, fmt.Errorf("bad quoted name: %w", err)
			}
			v, _ := strconv.Unquote(q)
			f = append(f, v)
			s = s[len(q):]
			continue
		}
		w, r, _ := strings.Cut(s, " ")
		f = append(f, w)
		s = r
	}
	if len(f) != 3 || f[0] == "" || f[1] == "" || !slices.ContainsFunc([]string{f[2]}, isHex) {
		return Use{}, errors.New("want: server tool pin (the pin is a hex SHA-256)")
	}
	// No server or tool name holds one (the config and the pins refuse
	// them), and the names reach the model in a skill's mark ("uses
	// x\nIMPORTANT: …, gone"): a quoted name could carry any.
	for _, n := range f[:2] {
		if strings.ContainsFunc(n, func(r rune) bool { return unicode.IsControl(r) || trust.Hidden(r) }) {
			return Use{}, fmt.Errorf("name %s holds a control or invisible character: no server or tool has one", strconv.Quote(bound(n, 60)))
		}
	}
	return Use{Server: f[0], Tool: f[1], Pin: f[2]}, nil
}

func isHex(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// bound cuts s to at most n bytes on a rune boundary, marking the cut with "…".
func bound(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// maxProblems is the most problems of one skill file that an error
// lists; the rest are counted.
const maxProblems = 10

// joinFirst joins the first maxProblems of errs and says how many more
// there are: a header of 100,000 bad @uses lines made a 7 MB error, in
// skills list, skills approve and the list_tools listing (cut at 1 MiB
// there, in the model's context).
func joinFirst(errs []error) error {
	if len(errs) <= maxProblems {
		return errors.Join(errs...)
	}
	return errors.Join(append(errs[:maxProblems:maxProblems], fmt.Errorf("and %d more problems", len(errs)-maxProblems))...)
}
