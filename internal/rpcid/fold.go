package rpcid

import (
	"encoding/json"
	"strconv"
	"strings"
)

// The SDK decodes a message's member names exactly ("method"), where
// encoding/json, which serve's stdio transport and the HTTP front peek
// with, also takes a name in other letter case ("METHOD", "Id", "param\u017f"
// with a long s) for the same field, and of two the last. A message
// naming a member twice so was read one way by the peeks and served
// another by the SDK: {"id":1.5,"ID":7} passed the check of inexact ids
// and was answered under 1, a subscriptions/listen request with a
// "METHOD":"ping" member passed the HTTP front uncounted (its 256 streams
// at once were any number), and a tools/list with "Method":"initialize"
// passed its check for requests before initialize.

// foldedNames are the member names the peeks read, at each level: the
// message, its params, and params._meta.
var foldedNames = [3][]string{
	{"jsonrpc", "id", "method", "params", "result", "error"},
	{"_meta", "requestId"},
	{"progressToken"},
}

// FoldedMember returns why msg is refused, or "" when it is not: a member
// of the message, of its params or of params._meta whose name is one the
// SDK reads in other letter case (as strings.EqualFold has it). id is the
// message's "id" member as sent, to answer under (nil when it has none).
// A message without a letter, long s or Kelvin sign where such a name
// could be, and without escapes, is passed without decoding it.
func FoldedMember(msg []byte) (id json.RawMessage, why string) {
	if !mayFold(msg) {
		return nil, ""
	}
	var top map[string]json.RawMessage
	if json.Unmarshal(msg, &top) != nil {
		return nil, ""
	}
	id = top["id"]
	where := "the message"
	level := top
	for depth, names := range foldedNames {
		for k := range level {
			for _, n := range names {
				if k != n && strings.EqualFold(k, n) {
					return id, where + " has a member " + strconv.QuoteToASCII(CutMiddle(k, "name")) + ", which is not " + strconv.Quote(n) + ": member names are read exactly as written (case-sensitive), so it would be taken for another one; send " + strconv.Quote(n)
				}
			}
		}
		if depth == len(foldedNames)-1 {
			break
		}
		next := map[string]json.RawMessage{}
		key := [...]string{"params", "_meta"}[depth]
		if raw, ok := level[key]; !ok || json.Unmarshal(raw, &next) != nil {
			break
		}
		where, level = [...]string{"params", "params._meta"}[depth], next
	}
	return id, ""
}

// mayFold reports whether msg may hold a name of foldedNames in other
// letter case: some string in it, read as written, equals one of them
// ignoring ASCII case without being it, or msg holds an escape, a long s
// (U+017F) or a Kelvin sign (U+212A), which strings.EqualFold folds to
// s and k.
func mayFold(msg []byte) bool {
	for i := 0; i < len(msg); i++ {
		switch c := msg[i]; c {
		case '\\':
			return true
		case 0xC5:
			if i+1 < len(msg) && msg[i+1] == 0xBF {
				return true
			}
		case 0xE2:
			if i+2 < len(msg) && msg[i+1] == 0x84 && msg[i+2] == 0xAA {
				return true
			}
		case '"':
			if i+1 == len(msg) {
				return false
			}
			for _, n := range foldStarts[msg[i+1]|0x20] {
				if e := i + 1 + len(n); e < len(msg) && msg[e] == '"' && string(msg[i+1:e]) != n && asciiEqualFold(msg[i+1:e], n) {
					return true
				}
			}
		}
	}
	return false
}

// foldStarts lists the names of foldedNames by their first letter, lower
// case (a byte with 0x20 set: '_' is at 0x7F, where no name starts).
var foldStarts = func() (t [256][]string) {
	for _, names := range foldedNames {
		for _, n := range names {
			t[n[0]|0x20] = append(t[n[0]|0x20], n)
		}
	}
	return t
}()

// asciiEqualFold reports whether b equals s ignoring ASCII case.
func asciiEqualFold(b []byte, s string) bool {
	for i := range len(s) {
		x, y := b[i], s[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
