package trust

import "testing"

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
