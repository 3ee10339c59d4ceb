package interop

import (
	"debug/elf"
	"runtime"
	"strings"
	"testing"
)

// TestBinary_LinksOnlyTheO200kVocabulary checks that the tokenizer's
// other vocabularies (about 7 MB of map literals) stay out of the binary:
// internal/tokens builds its codec directly rather than by name.
func TestBinary_LinksOnlyTheO200kVocabulary(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("reads the ELF symbol table: linux only")
	}
	f, err := elf.Open(binPath)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	o200k := false
	for _, s := range syms {
		if !strings.Contains(s.Name, "tiktoken-go/tokenizer/codec.") {
			continue
		}
		for _, other := range []string{"cl100k", "p50k", "r50k"} {
			if strings.Contains(s.Name, other) {
				t.Errorf("the binary links %s", s.Name)
			}
		}
		o200k = o200k || strings.Contains(s.Name, "o200kBaseVocabInit")
	}
	if !o200k {
		t.Error("o200k vocabulary not linked: token counts would fail")
	}
}
