package trust

import (
	"path/filepath"
	"testing"
)

// BenchmarkInspect_Corpus inspects the corpus's 572 tools once per
// iteration.
func BenchmarkInspect_Corpus(b *testing.B) {
	cs := loadCorpus(b)
	for range b.N {
		for _, c := range cs {
			for _, t := range c.tools {
				Inspect(t)
			}
		}
	}
}

// BenchmarkStore_FirstListings is the pins' part of a daemon's first
// listing of every corpus server on an empty pins file, one server after
// another: each server's CheckListing, then the stamp of its verdict
// (RecordVersion at the file's version after the write), as the
// catalog's vetting does.
func BenchmarkStore_FirstListings(b *testing.B) {
	cs := loadCorpus(b)
	defer func(f func([]byte, *pinsFile)) { checkEncode = f }(checkEncode)
	checkEncode = nil // what the tests check, each write encoded whole
	for b.Loop() {
		b.StopTimer()
		s, err := OpenStore(filepath.Join(b.TempDir(), "pins.json"))
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for _, c := range cs {
			id := "corpus:" + c.name
			if _, _, e1, e2 := s.CheckListing(id, c.tools, "Use the tools of "+c.name+".", false); e1 != nil || e2 != nil {
				b.Fatal(e1, e2)
			}
			s.RecordVersion(id, s.Version())
		}
	}
}
