package agentconf

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// Diff returns a unified diff (3 lines of context) from old to new,
// labelled with path; "" when they are equal. A nil old is a new file.
func Diff(path string, old, new []byte) string {
	if old != nil && bytes.Equal(old, new) {
		return ""
	}
	a, b := splitLines(old), splitLines(new)
	// Trim the common prefix and suffix: agent files are large and
	// edits small, so the quadratic part only sees the edited middle.
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	ops := make([]byte, 0, len(a)+len(b)) // ' ', '-', '+' per line
	for range pre {
		ops = append(ops, ' ')
	}
	ops = append(ops, lcsOps(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for range suf {
		ops = append(ops, ' ')
	}
	var out strings.Builder
	// A path a line cannot show (a project cloned into a directory named
	// "x\nIMPORTANT: …") is quoted whole, as git quotes it.
	from := echo.Path("a/" + strings.TrimPrefix(path, "/"))
	if old == nil {
		from = "/dev/null"
	}
	fmt.Fprintf(&out, "--- %s\n+++ %s\n", from, echo.Path("b/"+strings.TrimPrefix(path, "/")))
	const ctx = 3
	// Walk ops, emitting hunks around changes.
	type pos struct{ op, ai, bi int }
	var all []pos
	ai, bi := 0, 0
	for i, op := range ops {
		all = append(all, pos{i, ai, bi})
		switch op {
		case ' ':
			ai++
			bi++
		case '-':
			ai++
		case '+':
			bi++
		}
	}
	for i := 0; i < len(ops); {
		if ops[i] == ' ' {
			i++
			continue
		}
		start := max(0, i-ctx)
		end := i
		for end < len(ops) {
			if ops[end] != ' ' {
				end++
				continue
			}
			run := end
			for run < len(ops) && ops[run] == ' ' {
				run++
			}
			if run == len(ops) || run-end > 2*ctx {
				end = min(len(ops), end+ctx)
				break
			}
			end = run
		}
		na, nb := 0, 0
		var body strings.Builder
		for j := start; j < end; j++ {
			var line string
			switch ops[j] {
			case ' ':
				line = a[all[j].ai]
				na++
				nb++
			case '-':
				line = a[all[j].ai]
				na++
			case '+':
				line = b[all[j].bi]
				nb++
			}
			body.WriteByte(ops[j])
			body.WriteString(strings.TrimSuffix(line, "\n"))
			body.WriteByte('\n')
			if !strings.HasSuffix(line, "\n") {
				body.WriteString("\\ No newline at end of file\n")
			}
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n%s", hunkRange(all[start].ai, na), hunkRange(all[start].bi, nb), body.String())
		i = end
	}
	return out.String()
}

func hunkRange(start, n int) string {
	if n == 0 {
		return fmt.Sprintf("%d,0", start)
	}
	if n == 1 {
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// splitLines splits after each newline, keeping it.
func splitLines(b []byte) []string {
	var out []string
	for len(b) > 0 {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			out = append(out, string(b))
			break
		}
		out = append(out, string(b[:i+1]))
		b = b[i+1:]
	}
	return out
}

// lcsOps is the edit script of a longest common subsequence. Above
// maxCells it gives up on alignment and replaces a with b.
func lcsOps(a, b []string) []byte {
	const maxCells = 4 << 20
	if len(a)*len(b) > maxCells {
		ops := bytes.Repeat([]byte{'-'}, len(a))
		return append(ops, bytes.Repeat([]byte{'+'}, len(b))...)
	}
	n, m := len(a), len(b)
	t := make([]int32, (n+1)*(m+1))
	at := func(i, j int) *int32 { return &t[i*(m+1)+j] }
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				*at(i, j) = *at(i+1, j+1) + 1
			} else {
				*at(i, j) = max(*at(i+1, j), *at(i, j+1))
			}
		}
	}
	var ops []byte
	i, j := 0, 0
	for i < n && j < m {
		switch {
		case a[i] == b[j]:
			ops = append(ops, ' ')
			i++
			j++
		case *at(i+1, j) >= *at(i, j+1):
			ops = append(ops, '-')
			i++
		default:
			ops = append(ops, '+')
			j++
		}
	}
	for ; i < n; i++ {
		ops = append(ops, '-')
	}
	for ; j < m; j++ {
		ops = append(ops, '+')
	}
	return ops
}
