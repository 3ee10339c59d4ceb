package sandbox

import (
	"bytes"
	"strconv"
)

// Every tool call in a script crosses the worker's pipe twice, as a call
// frame and a result frame. Their headers have a fixed shape, and
// encoding/json (reflection over frame, which has nested request and
// result types) cost about a fifth of the parent's CPU per call in a loop
// of host calls. appendFastHeader writes exactly what json.Marshal writes
// for them, and parseFastHeader reads exactly that form; any other header
// (another frame type, a name with an escape, a field out of place) goes
// through encoding/json as before. FuzzFastHeader holds both to
// encoding/json.

// appendFastHeader appends f's header line (without the newline) when f
// is a call frame or a plain result frame, and reports whether it did.
func appendFastHeader(b []byte, f *frame) ([]byte, bool) {
	plain := f.Req == nil && !f.SameSpec && f.Result == nil && f.Error == "" && !f.IsError
	switch {
	case !plain:
		return b, false
	case f.Type == frameCall && safeName(f.Server) && safeName(f.Tool) && f.Server != "" && f.Tool != "":
		b = append(b, `{"type":"call"`...)
		if f.ID != 0 {
			b = strconv.AppendInt(append(b, `,"id":`...), f.ID, 10)
		}
		b = append(append(append(b, `,"server":"`...), f.Server...), '"')
		b = append(append(append(b, `,"tool":"`...), f.Tool...), '"')
	case f.Type == frameResult && f.Server == "" && f.Tool == "":
		b = append(b, `{"type":"result"`...)
		if f.ID != 0 {
			b = strconv.AppendInt(append(b, `,"id":`...), f.ID, 10)
		}
	default:
		return b, false
	}
	if f.N != 0 {
		b = strconv.AppendInt(append(b, `,"n":`...), int64(f.N), 10)
	}
	return append(b, '}'), true
}

// safeName reports whether json.Marshal writes s as it is between quotes:
// no quote, backslash, control character, <, >, &, invalid UTF-8 or
// U+2028/U+2029 (all of which it escapes), checked simply: ASCII only.
func safeName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			return false
		}
	}
	return true
}

// parseFastHeader reads a header line in the form appendFastHeader
// writes into f, and reports false (f untouched) for any other line.
func parseFastHeader(line []byte, f *frame) bool {
	line = bytes.TrimSuffix(line, []byte("\n"))
	p := fastParser{b: line}
	var g frame
	switch {
	case p.lit(`{"type":"call"`):
		g.Type = frameCall
	case p.lit(`{"type":"result"`):
		g.Type = frameResult
	default:
		return false
	}
	if p.lit(`,"id":`) {
		id, ok := p.int()
		if !ok || id == 0 {
			return false
		}
		g.ID = id
	}
	if g.Type == frameCall {
		var ok bool
		if !p.lit(`,"server":"`) {
			return false
		}
		if g.Server, ok = p.name(); !ok {
			return false
		}
		if !p.lit(`,"tool":"`) {
			return false
		}
		if g.Tool, ok = p.name(); !ok {
			return false
		}
	}
	if p.lit(`,"n":`) {
		n, ok := p.int()
		if !ok || n == 0 || n > maxFrame {
			return false
		}
		g.N = int(n)
	}
	if !p.lit("}") || p.i != len(p.b) {
		return false
	}
	*f = g
	return true
}

type fastParser struct {
	b []byte
	i int
}

func (p *fastParser) lit(s string) bool {
	if len(p.b)-p.i < len(s) || string(p.b[p.i:p.i+len(s)]) != s {
		return false
	}
	p.i += len(s)
	return true
}

// int reads a positive decimal without a leading zero, as json.Marshal
// writes one, of at most 18 digits.
func (p *fastParser) int() (int64, bool) {
	start := p.i
	for p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' && p.i-start < 18 {
		p.i++
	}
	if p.i == start || p.b[start] == '0' || p.i < len(p.b) && p.b[p.i] >= '0' && p.b[p.i] <= '9' {
		return 0, false
	}
	n, err := strconv.ParseInt(string(p.b[start:p.i]), 10, 64)
	return n, err == nil
}

// name reads a non-empty safeName up to its closing quote.
func (p *fastParser) name() (string, bool) {
	start := p.i
	for p.i < len(p.b) && p.b[p.i] != '"' {
		p.i++
	}
	if p.i == len(p.b) || p.i == start {
		return "", false
	}
	s := string(p.b[start:p.i])
	p.i++
	return s, safeName(s)
}
