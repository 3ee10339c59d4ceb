package script

import (
	"bytes"
	"strings"
	"testing"
)

// The prelude's bytecode carries neither its source nor its comments: a
// VM reads all of it on every run.
func TestPreludeBytecodeStripped(t *testing.T) {
	code, err := preludeBytecode()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"A Map or Set turns into JSON", "hostTimer(id, +ms > 0 ? +ms : 0)"} {
		if !strings.Contains(preludeSource, s) {
			t.Fatalf("the prelude no longer has %q: pick another line", s)
		}
		if bytes.Contains(code, []byte(s)) {
			t.Errorf("the prelude's bytecode holds its source text %q", s)
		}
	}
	if len(code) > len(preludeSource) {
		t.Errorf("the prelude's bytecode is %d bytes, its source %d", len(code), len(preludeSource))
	}
}

func TestCompileStrippedSyntaxError(t *testing.T) {
	_, err := compileStripped("function (", "broken")
	if err == nil || !strings.Contains(err.Error(), "broken") || !strings.Contains(err.Error(), "SyntaxError") {
		t.Fatalf("err = %v, want a SyntaxError naming the file", err)
	}
}
