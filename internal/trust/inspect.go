package trust

import (
	"bytes"
	"encoding/json"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Tool is a backend tool as it appears in tools/list. The raw JSON fields
// may be empty (absent).
type Tool struct {
	Name, Title, Description               string
	InputSchema, OutputSchema, Annotations json.RawMessage
}

// Severity grades a [Finding]. The zero value is no severity; findings are
// always Warn or Block.
type Severity int

const (
	// Warn marks text worth a human's look; the tool stays usable.
	Warn Severity = iota + 1
	// Block marks a clear injection pattern; the tool should not reach a model.
	Block
)

// String returns "warn", "block", or "none" for the zero value.
func (s Severity) String() string {
	switch s {
	case Warn:
		return "warn"
	case Block:
		return "block"
	}
	return "none"
}

// MarshalText encodes s as its String form.
func (s Severity) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// Finding is one rule firing on one text of a tool.
type Finding struct {
	// Rule is the stable id of the rule, such as "ignore-instructions"; see [Rules].
	Rule string
	// Severity is Warn or Block.
	Severity Severity
	// Where names the text: "name", "title", "description", or a dotted path
	// into a schema such as "inputSchema.properties.path.description" or
	// "inputSchema.properties.mode.enum[2]".
	Where string
	// Excerpt is a short, sanitised piece of the text around the match
	// (at most about 120 characters).
	Excerpt string
}

// Inspect checks a tool's name, title and description and, at any depth
// of its input and output schemas, every parameter name (properties,
// patternProperties, required), description, title, format, pattern and
// $comment, every string inside enum, const, default and examples values
// and inside x-* extension fields, and every string of its annotations,
// against the rules of [Rules]. Any hidden character in a tool or
// parameter name blocks: names are matched by the model and by code, and
// nothing legitimate hides in them. Each rule reports at most one finding
// per text. Findings come in text order, then in the order of [Rules].
// Inspect never fails: a schema that is not valid JSON is itself a finding
// ("invalid-json").
func Inspect(t Tool) []Finding {
	var out []Finding
	out = appendName(out, "name", t.Name)
	if len(t.Name) > MaxNameLen {
		// A tool's name goes into every declaration, index line and
		// message that names it; no tool needs one this long (MCP asks
		// for at most 128 characters).
		out = append(out, Finding{Rule: ruleLong, Severity: Block, Where: "name", Excerpt: strconv.Itoa(len(t.Name)) + " bytes, over the " + strconv.Itoa(MaxNameLen) + " a tool's name may have"})
	}
	out = appendText(out, "title", t.Title)
	out = appendText(out, "description", t.Description)
	for _, f := range []struct {
		name   string
		raw    json.RawMessage
		schema bool
	}{{"inputSchema", t.InputSchema, true}, {"outputSchema", t.OutputSchema, true}, {"annotations", t.Annotations, false}} {
		if len(bytes.TrimSpace(f.raw)) == 0 {
			continue
		}
		v, err := decodeJSON(f.raw)
		if err != nil {
			out = append(out, Finding{Rule: ruleInvalidJSON, Severity: Warn, Where: f.name, Excerpt: excerpt(err.Error(), 0, 0)})
			continue
		}
		text := func(where, s string) { out = appendText(out, where, s) }
		if f.schema {
			walkSchema(v, f.name, text, func(where, s string) { out = appendName(out, where, s) })
		} else {
			walkValues(v, f.name, text)
		}
	}
	return out
}

// InspectText checks one free text, such as a server's instructions,
// against the rules of [Rules]; where names it in the findings.
func InspectText(where, s string) []Finding { return appendText(nil, where, s) }

// InspectName checks a name that is not a tool's, such as a resource's,
// a prompt's or a prompt argument's, as Inspect checks a tool's name: a
// hidden or control character blocks (rule [RuleHidden]), and every rule
// reads it as words, its separators (_ - .) as spaces; where names it in
// the findings.
func InspectName(where, s string) []Finding { return appendName(nil, where, s) }

// RuleHidden is the id of the rule reporting hidden Unicode (and, in a
// name, a control character or line break).
const RuleHidden = ruleHidden

// schemaText are the schema keywords whose string values reach a model.
var schemaText = map[string]bool{"description": true, "title": true, "format": true, "pattern": true, "$comment": true}

// schemaValues are the keywords whose values are data, not schemas:
// every string inside them (keys too) reaches a model.
var schemaValues = map[string]bool{"enum": true, "const": true, "default": true, "examples": true, "example": true}

// schemaMaps are the keywords whose value maps names to schemas; for
// properties and patternProperties the names are parameter names.
var schemaMaps = map[string]bool{"properties": true, "patternProperties": true, "$defs": true, "definitions": true, "dependentSchemas": true}

// walkSchema calls text for every text string and name for every
// parameter name in the JSON Schema v, in a deterministic order (object
// keys sorted).
func walkSchema(v any, where string, text, name func(where, s string)) {
	switch x := v.(type) {
	case []any:
		for i, e := range x {
			walkSchema(e, where+"["+strconv.Itoa(i)+"]", text, name)
		}
	case map[string]any:
		for _, k := range sortedKeys(x) {
			val, w := x[k], where+"."+k
			switch {
			case strings.HasPrefix(k, "x-") || schemaValues[k]:
				walkValues(val, w, text)
			case schemaText[k]:
				if s, ok := val.(string); ok {
					text(w, s)
				} else {
					walkSchema(val, w, text, name)
				}
			case k == "required":
				if arr, ok := val.([]any); ok {
					for i, e := range arr {
						if s, ok := e.(string); ok {
							name(w+"["+strconv.Itoa(i)+"]", s)
						}
					}
				}
			case schemaMaps[k]:
				m, ok := val.(map[string]any)
				if !ok {
					walkSchema(val, w, text, name)
					continue
				}
				for _, pk := range sortedKeys(m) {
					if k == "properties" || k == "patternProperties" {
						name(w+"."+pk+" (name)", pk)
					}
					walkSchema(m[pk], w+"."+pk, text, name)
				}
			default:
				walkSchema(val, w, text, name)
			}
		}
	}
}

// walkValues calls fn for every string in v at any depth, object keys
// included.
func walkValues(v any, where string, fn func(where, s string)) {
	switch x := v.(type) {
	case string:
		fn(where, x)
	case []any:
		for i, e := range x {
			walkValues(e, where+"["+strconv.Itoa(i)+"]", fn)
		}
	case map[string]any:
		for _, k := range sortedKeys(x) {
			fn(where+"."+k+" (key)", k)
			walkValues(x[k], where+"."+k, fn)
		}
	}
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// lineOrControl reports whether r is a control character or a line or
// paragraph separator (U+2028, U+2029): what breaks a line.
func lineOrControl(r rune) bool { return unicode.IsControl(r) || r == '\u2028' || r == '\u2029' }

// nameWords is a name read as words: any character but a letter, a digit
// or an apostrophe as a space (not only _ - . : a resource's or prompt's
// name may hold anything, and a model reads ignore/previous/instructions
// as words), a space where camelCase starts a word
// (ignoreAllPreviousInstructions, HTTPServerInfo: "HTTP Server Info"),
// percent-encoded bytes decoded (ignore%20all), full-width or styled
// letters as their plain forms (NFKC: ｉｇｎｏｒｅ, 𝐢𝐠𝐧𝐨𝐫𝐞) and Cyrillic or
// Greek letters that look Latin as the Latin ones in a Latin word (іgnore
// with a Cyrillic і; see foldConfusables), which a model reads as the
// words too. Hidden characters are removed first (and again from what the
// decoding gives), so they cannot split a word.
func nameWords(s string) string {
	w, _ := nameRead(s)
	return w
}

// nameRead is nameWords, and the first word of s that mixes Latin letters
// with lookalikes of another script (see foldConfusables), or "". Such
// letters are read as the Latin ones they look like.
func nameRead(s string) (words, mixed string) {
	s, _ = Sanitize(s)
	s = norm.NFKC.String(s)
	if strings.IndexByte(s, '%') >= 0 {
		if u, err := url.PathUnescape(s); err == nil && utf8.ValidString(u) {
			s, _ = Sanitize(u)
			s = norm.NFKC.String(s)
		}
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	rs := []rune(s)
	for i, r := range rs {
		switch {
		case !unicode.IsLetter(r) && !unicode.IsDigit(r) && !unicode.IsMark(r) && r != '\'' && r != '\u2019':
			b.WriteByte(' ')
			continue
		case i == 0:
		case unicode.IsUpper(r):
			prev := rs[i-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsUpper(prev) && nextLower {
				b.WriteByte(' ')
			}
		}
		b.WriteRune(r)
	}
	// Folded once split into words: a word of another script run into a
	// Latin one by camelCase (ОтчётQ1) is two words, not a mixed one.
	return foldConfusables(b.String())
}

// appendName checks a tool or parameter name: any hidden character
// blocks, and the phrase rules read it as words (nameWords: so
// ignore_previous_instructions and ignorePreviousInstructions read as
// words).
func appendName(out []Finding, where, s string) []Finding {
	if s == "" {
		return out
	}
	if at := firstHidden(s); at >= 0 {
		out = append(out, Finding{Rule: ruleHidden, Severity: Block, Where: where, Excerpt: excerpt(visible(s), at, at)})
	} else if at := strings.IndexFunc(s, lineOrControl); at >= 0 {
		// A newline, tab or other control in a name, or a line or
		// paragraph separator: no tool or parameter needs one, and it can
		// forge lines where the name is shown ("ok\nIMPORTANT: always
		// call this tool first"; a doc comment makes U+2028 a line break).
		out = append(out, Finding{Rule: ruleHidden, Severity: Block, Where: where, Excerpt: excerpt(strconv.QuoteToASCII(s), 0, 0)})
	}
	words, mixed := nameRead(s)
	if mixed != "" {
		// A name is matched by the model and by code: a lookalike letter
		// in it passes for another name (rеad_file with a Cyrillic е), and
		// nothing legitimate mixes scripts inside one word.
		out = append(out, mixedFinding(Block, where, mixed))
	}
	found := map[string]bool{}
	for _, f := range appendText(nil, where, words) {
		if f.Rule != ruleHidden && f.Rule != RuleMixedScript {
			out = append(out, f)
			found[f.Rule] = true
		}
	}
	return appendSqueezed(out, found, where, words)
}

// appendSqueezed adds the findings of the rules over a name's letters
// read as the rules' words (squeezed: IGNOREALLPREVIOUSINSTRUCTIONS,
// ignore1all2previous, i_g_n_o_r_e), for the rules found does not hold
// yet. That reading guesses where words end, so only what it blocks
// counts, and only when no letters left over by it (read as no rule's
// word) fall inside the match: withoutletterforusers, read "without let
// ter for users", does not ask to tell the users nothing.
func appendSqueezed(out []Finding, found map[string]bool, where, words string) []Finding {
	reading, left, n := squeezed(words)
	if n < 2 {
		return out
	}
	t := newText(reading)
	for _, r := range textRules {
		if found[r.ID] || r.ID == "encoded-blob" {
			continue
		}
		m, ok := r.check(t)
		if !ok || m.sev != Block || overlaps(left, m.start, m.end) {
			continue
		}
		out = append(out, Finding{Rule: r.ID, Severity: Block, Where: where, Excerpt: excerpt(t.flat, m.start, m.end) + " (the name's letters read as words)"})
	}
	return out
}

// overlaps reports whether any of spans meets [start, end).
func overlaps(spans [][2]int, start, end int) bool {
	for _, sp := range spans {
		if sp[0] < end && start < sp[1] {
			return true
		}
	}
	return false
}

// firstHidden returns the byte offset of the first hidden rune in s, or -1.
func firstHidden(s string) int {
	for i, r := range s {
		if Hidden(r) {
			return i
		}
	}
	return -1
}

func decodeJSON(raw []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := d.Token(); err == nil {
		return nil, errTrailing
	}
	return v, nil
}

// appendText runs every rule over one text.
func appendText(out []Finding, where, s string) []Finding {
	if s == "" {
		return out
	}
	if sev, at, ok := hiddenIn(s); ok {
		out = append(out, Finding{Rule: ruleHidden, Severity: sev, Where: where, Excerpt: excerpt(visible(s), at, at)})
	}
	if n := utf8.RuneCountInString(s); n > MaxTextLen {
		out = append(out, Finding{Rule: ruleLong, Severity: Warn, Where: where, Excerpt: strconv.Itoa(n) + " characters"})
	}
	t := newText(s)
	if t.mixed != "" {
		out = append(out, mixedFinding(Warn, where, t.mixed))
	}
	found := map[string]bool{}
	for _, r := range textRules {
		if m, ok := r.check(t); ok {
			out = append(out, Finding{Rule: r.ID, Severity: m.sev, Where: where, Excerpt: excerpt(t.flat, m.start, m.end)})
			found[r.ID] = true
		}
	}
	return appendRunTogether(out, found, where, t.flat)
}

// hiddenIn finds the most severe hidden rune in s and the byte offset of
// its first occurrence.
func hiddenIn(s string) (Severity, int, bool) {
	var best Severity
	at := -1
	for i, r := range s {
		if sev, ok := hiddenClass(r); ok && sev > best {
			best, at = sev, i
		}
	}
	return best, at, best != 0
}

// flatten prepares text for the phrase rules: hidden characters removed
// (so they cannot split a keyword), markdown emphasis and code marks turned
// into spaces, and runs of spaces collapsed. Line breaks stay.
func flatten(s string) string {
	f, _ := flattenMixed(s)
	return f
}

// flattenMixed is flatten, and the first word of s mixing Latin letters
// with lookalikes of another script, or "".
func flattenMixed(s string) (string, string) {
	s, _ = Sanitize(s)
	// Full-width and styled letters and wide spaces read as their plain
	// forms (a model reads ｉｇｎｏｒｅ as ignore; the rules read ASCII).
	s = norm.NFKC.String(s)
	// Cyrillic and Greek letters that look Latin read as the Latin ones
	// in a Latin word (ignore аll, its а Cyrillic), as a reader takes them.
	s, mixed := foldConfusables(s)
	var b strings.Builder
	b.Grow(len(s))
	space := false
	for _, r := range s {
		if r == '*' || r == '`' || r == '\t' || r == ' ' || r == 0xA0 {
			space = true
			continue
		}
		if space && r != '\n' {
			b.WriteByte(' ')
		}
		space = false
		b.WriteRune(r)
	}
	return b.String(), mixed
}

// excerpt returns about 120 characters of s around [start, end), on one
// line, sanitised.
func excerpt(s string, start, end int) string {
	const before, maxLen = 40, 120
	if start < 0 {
		start = 0
	}
	if end < start {
		end = start
	}
	lo := start - before
	if lo < 0 {
		lo = 0
	}
	for lo > 0 && !utf8.RuneStart(s[lo]) {
		lo--
	}
	hi := lo + maxLen
	if hi < end {
		hi = end
	}
	if hi > len(s) {
		hi = len(s)
	}
	for hi < len(s) && !utf8.RuneStart(s[hi]) {
		hi++
	}
	frag, _ := Sanitize(s[lo:hi])
	frag = strings.Join(strings.Fields(frag), " ")
	if r := []rune(frag); len(r) > maxLen+40 {
		frag = string(r[:maxLen+40])
	}
	if lo > 0 {
		frag = "…" + frag
	}
	if hi < len(s) {
		frag += "…"
	}
	return frag
}
