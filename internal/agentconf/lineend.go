package agentconf

import "bytes"

// crlfOnly reports whether every line of data ends in \r\n (and there
// is at least one): a file written on Windows, or checked out with
// core.autocrlf.
func crlfOnly(data []byte) bool {
	n := bytes.Count(data, []byte("\n"))
	return n > 0 && bytes.Count(data, []byte("\r\n")) == n
}

// sameLineEnds returns out, the edited content of a file that held old,
// with old's line ends: when every line of old ended in \r\n, so does
// every line of out. The edits write \n (a YAML file is encoded anew,
// a TOML table or a JSON member is spliced in, a file emptied of its
// servers has no line left to copy the style from), and a Windows
// user's file came back with bare or mixed line ends. A file with any
// bare \n is left as the edits made it. decode, when not nil, is the
// document's value: the conversion is kept only when it leaves the value
// as it was (a line break inside a TOML multi-line string is part of the
// string).
func sameLineEnds(old, out []byte, decode func([]byte) (any, error)) []byte {
	if !crlfOnly(old) || crlfOnly(out) || !bytes.Contains(out, []byte("\n")) {
		return out
	}
	conv := make([]byte, 0, len(out)+bytes.Count(out, []byte("\n")))
	for i, c := range out {
		if c == '\n' && (i == 0 || out[i-1] != '\r') {
			conv = append(conv, '\r')
		}
		conv = append(conv, c)
	}
	if decode != nil {
		a, err1 := decode(out)
		b, err2 := decode(conv)
		if err1 != nil || err2 != nil || canon(a) != canon(b) {
			return out
		}
	}
	return conv
}

// lineEnds applies sameLineEnds for a file of format (see Change.format)
// whose servers are under key.
func lineEnds(old, out []byte, format byte, key []string) []byte {
	return sameLineEnds(old, out, func(b []byte) (any, error) {
		d, err := newDocFor(format, key, b)
		if err != nil {
			return nil, err
		}
		return d.value()
	})
}
