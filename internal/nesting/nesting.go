// Package nesting guards recursive decoders against input nested deeper
// than any real file is: a JSON or TOML file of a few megabytes of
// brackets exhausts a recursive decoder's stack, and a Go program does
// not survive that (fatal "stack overflow"), so an untrusted file (a
// project's config, Cargo.toml or agent file) is measured first. The
// scanners decode nothing; they only skip what cannot hold nesting
// (strings, comments) the way the formats' lexers do, so brackets there
// neither count nor hide real ones.
package nesting

// JSONC reports whether objects and arrays in data, read as JSON with
// comments (// and /* */) and strings with escapes, nest deeper than
// max, and the 1-based line where they first do.
func JSONC(data []byte, max int) (line int, deep bool) {
	depth, line := 0, 1
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '\n':
			line++
		case c == '"':
			i, line = skipString(data, i+1, '"', true, line)
		case c == '/' && i+1 < len(data) && data[i+1] == '/':
			i = skipLine(data, i)
		case c == '/' && i+1 < len(data) && data[i+1] == '*':
			for i += 2; i+1 < len(data) && !(data[i] == '*' && data[i+1] == '/'); i++ {
				if data[i] == '\n' {
					line++
				}
			}
			i++
		case c == '{' || c == '[':
			if depth++; depth > max {
				return line, true
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return 0, false
}

// TOML reports whether arrays and inline tables in data, read as TOML
// (# comments; basic strings with escapes, literal strings, and their
// multi-line forms), nest deeper than max, and the line where they first
// do. A table header ([a] or [[a]]) counts as the brackets it has.
func TOML(data []byte, max int) (line int, deep bool) {
	depth, line := 0, 1
	for i := 0; i < len(data); i++ {
		switch c := data[i]; {
		case c == '\n':
			line++
		case c == '#':
			i = skipLine(data, i)
		case c == '"' || c == '\'':
			if i+2 < len(data) && data[i+1] == c && data[i+2] == c {
				i, line = skipMultiline(data, i+3, c, line)
			} else {
				i, line = skipString(data, i+1, c, c == '"', line)
			}
		case c == '{' || c == '[':
			if depth++; depth > max {
				return line, true
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return 0, false
}

// skipString returns the index of the quote that closes the string
// whose first byte is at i (len(data) when it is not closed).
func skipString(data []byte, i int, quote byte, escapes bool, line int) (int, int) {
	for ; i < len(data) && data[i] != quote; i++ {
		switch {
		case escapes && data[i] == '\\':
			i++
		case data[i] == '\n':
			line++
		}
	}
	return i, line
}

// skipMultiline returns the index of the last quote of the three that
// close the multi-line string whose first byte is at i.
func skipMultiline(data []byte, i int, quote byte, line int) (int, int) {
	for ; i+2 < len(data); i++ {
		switch {
		case quote == '"' && data[i] == '\\':
			i++
		case data[i] == '\n':
			line++
		case data[i] == quote && data[i+1] == quote && data[i+2] == quote:
			return i + 2, line
		}
	}
	return len(data), line
}

// skipLine returns the index just before the newline that ends the line
// at i, so that the caller's loop counts it.
func skipLine(data []byte, i int) int {
	for i < len(data) && data[i] != '\n' {
		i++
	}
	return i - 1
}
