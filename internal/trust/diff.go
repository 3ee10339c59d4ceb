package trust

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// PinnedTool is a tool definition as the pins store keeps it: the hash and
// the fields needed to show a human what changed.
type PinnedTool struct {
	Name         string          `json:"name"`
	Hash         string          `json:"hash"`
	Title        string          `json:"title,omitempty"`
	Description  string          `json:"description,omitempty"`
	InputSchema  json.RawMessage `json:"inputSchema,omitempty"`
	OutputSchema json.RawMessage `json:"outputSchema,omitempty"`
	Annotations  json.RawMessage `json:"annotations,omitempty"`
}

// Pin returns the pinned form of t.
func Pin(t Tool) *PinnedTool {
	return &PinnedTool{Name: t.Name, Hash: Hash(t), Title: t.Title, Description: t.Description,
		InputSchema: t.InputSchema, OutputSchema: t.OutputSchema, Annotations: t.Annotations}
}

// What the pins file keeps of definitions, for diffs: a definition over
// maxKeptTool, or past maxKeptServer of one listing, keeps its name and
// hash only. A backend listing 10,000 tools of 30 kB each made a pins
// file of 300 MB, over what a reader accepts (maxPinsFile), and every
// server's tools were withheld in every other process.
const (
	maxKeptTool   = 64 << 10
	maxKeptServer = 8 << 20
)

// bound slims p to its name, hash and a note saying so when its
// definition is over maxKeptTool or would take the kept bytes of its
// listing (kept so far) past maxKeptServer. It returns the bytes p keeps.
func (p *PinnedTool) bound(kept int) int {
	n := len(p.Name) + len(p.Title) + len(p.Description) + len(p.InputSchema) + len(p.OutputSchema) + len(p.Annotations)
	if n <= maxKeptTool && kept+n <= maxKeptServer {
		return n
	}
	*p = PinnedTool{Name: p.Name, Hash: p.Hash, Description: fmt.Sprintf(
		"(not kept: a definition of %d bytes, hash %.12s, too large to keep in the pins file, so its text cannot be shown or compared here; read what the server lists now with 'switchboard list')", n, p.Hash)}
	return len(p.Name) + len(p.Description)
}

// diffContext is the number of unchanged lines shown around a change.
const diffContext = 3

// Diff returns a human-readable, unified-style, line-based diff from old to
// new: a header, then one "@@ field @@" section per field that differs
// (title, description, inputSchema, outputSchema, annotations), with
// unchanged lines prefixed " ", removed "-", added "+". Schemas are shown
// as indented canonical JSON, so key order and spacing do not show as
// changes. Hidden characters are shown as ⟨U+XXXX⟩. Either side may be nil
// (a new or removed tool). Diff of two equal tools is the header alone.
func Diff(old, new *PinnedTool) string {
	var b strings.Builder
	name := func(p *PinnedTool, side string) string {
		if p == nil {
			return "/dev/null"
		}
		return fmt.Sprintf("%s (%s %.12s)", visible(p.Name), side, p.Hash)
	}
	fmt.Fprintf(&b, "--- %s\n+++ %s\n", name(old, "pinned"), name(new, "current"))
	fields := []struct {
		name string
		get  func(*PinnedTool) string
	}{
		{"name", func(p *PinnedTool) string { return p.Name }},
		{"title", func(p *PinnedTool) string { return p.Title }},
		{"description", func(p *PinnedTool) string { return p.Description }},
		{"inputSchema", func(p *PinnedTool) string { return prettyJSON(p.InputSchema) }},
		{"outputSchema", func(p *PinnedTool) string { return prettyJSON(p.OutputSchema) }},
		{"annotations", func(p *PinnedTool) string { return prettyJSON(p.Annotations) }},
	}
	for _, f := range fields {
		var a, c string
		if old != nil {
			a = f.get(old)
		}
		if new != nil {
			c = f.get(new)
		}
		if a == c {
			continue
		}
		fmt.Fprintf(&b, "@@ %s @@\n", f.name)
		b.WriteString(lineDiff(visible(a), visible(c)))
	}
	return b.String()
}

func prettyJSON(raw json.RawMessage) string {
	if len(bytes.TrimSpace(raw)) == 0 {
		return ""
	}
	c, err := CanonicalJSON(raw)
	if err != nil {
		return string(raw)
	}
	var out bytes.Buffer
	if err := json.Indent(&out, c, "", "  "); err != nil {
		return string(raw)
	}
	return out.String()
}

func splitLines(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// lineDiff renders the changed hunks between a and b with diffContext
// lines of context; hunks are separated by "…".
func lineDiff(a, b string) string {
	x, y := splitLines(a), splitLines(b)
	ops := editScript(x, y)
	// Mark which ops to print: changes and their context.
	show := make([]bool, len(ops))
	for i, op := range ops {
		if op.kind != ' ' {
			for j := max(0, i-diffContext); j <= min(len(ops)-1, i+diffContext); j++ {
				show[j] = true
			}
		}
	}
	var out strings.Builder
	gap := false
	for i, op := range ops {
		if !show[i] {
			gap = true
			continue
		}
		if gap && out.Len() > 0 {
			out.WriteString("…\n")
		}
		gap = false
		out.WriteByte(op.kind)
		out.WriteString(op.line)
		out.WriteByte('\n')
	}
	return out.String()
}

type diffOp struct {
	kind byte // ' ', '-', '+'
	line string
}

// maxDiffCells bounds the LCS table; beyond it the middle is shown as a
// whole replacement.
const maxDiffCells = 4 << 20

// editScript computes a shortest line edit script by LCS after trimming
// the common prefix and suffix.
func editScript(x, y []string) []diffOp {
	var ops []diffOp
	p := 0
	for p < len(x) && p < len(y) && x[p] == y[p] {
		ops = append(ops, diffOp{' ', x[p]})
		p++
	}
	s := 0
	for s < len(x)-p && s < len(y)-p && x[len(x)-1-s] == y[len(y)-1-s] {
		s++
	}
	mx, my := x[p:len(x)-s], y[p:len(y)-s]
	if len(mx)*len(my) > maxDiffCells {
		for _, l := range mx {
			ops = append(ops, diffOp{'-', l})
		}
		for _, l := range my {
			ops = append(ops, diffOp{'+', l})
		}
	} else {
		// lcs[i][j] = LCS length of mx[i:], my[j:].
		w := len(my) + 1
		lcs := make([]int32, (len(mx)+1)*w)
		for i := len(mx) - 1; i >= 0; i-- {
			for j := len(my) - 1; j >= 0; j-- {
				if mx[i] == my[j] {
					lcs[i*w+j] = lcs[(i+1)*w+j+1] + 1
				} else {
					lcs[i*w+j] = max(lcs[(i+1)*w+j], lcs[i*w+j+1])
				}
			}
		}
		i, j := 0, 0
		for i < len(mx) || j < len(my) {
			switch {
			case i < len(mx) && j < len(my) && mx[i] == my[j]:
				ops = append(ops, diffOp{' ', mx[i]})
				i++
				j++
			case i < len(mx) && (j == len(my) || lcs[(i+1)*w+j] >= lcs[i*w+j+1]):
				ops = append(ops, diffOp{'-', mx[i]})
				i++
			default:
				ops = append(ops, diffOp{'+', my[j]})
				j++
			}
		}
	}
	for k := len(x) - s; k < len(x); k++ {
		ops = append(ops, diffOp{' ', x[k]})
	}
	return ops
}
