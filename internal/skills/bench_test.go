package skills

import (
	"fmt"
	"testing"
)

// BenchmarkStore_Load reads a directory of 20 skills (what every
// list_tools description and listing does).
func BenchmarkStore_Load(b *testing.B) {
	st := &Store{User: b.TempDir()}
	for i := range 20 {
		sk := sample()
		sk.Name = fmt.Sprintf("skill_%d", i)
		if _, err := st.Save(sk); err != nil {
			b.Fatal(err)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		all, _ := st.Load()
		if len(all) != 20 {
			b.Fatal(len(all))
		}
	}
}
