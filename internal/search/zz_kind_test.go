package search

import (
	"fmt"
	"os"
	"testing"
)

func TestZZTune21(t *testing.T) {
	ix := New(corpusDocs(t), nil)
	path := os.Getenv("QS")
	if path == "" {
		path = "testdata/tune21-queries.jsonl"
	}
	qs := readQueries(t, path)
	n5 := 0
	for _, q := range qs {
		if q.Kind != "multi" {
			continue
		}
		hits := ix.Search(q.Query, 5)
		in := map[string]int{}
		for i, h := range hits {
			in[h.Server+"/"+h.Tool] = i + 1
		}
		var miss []string
		for _, e := range q.Expected {
			if in[e.Server+"/"+e.Tool] == 0 {
				miss = append(miss, e.Server+"/"+e.Tool)
			}
		}
		if len(miss) == 0 {
			n5++
			continue
		}
		var got []string
		for _, h := range hits {
			got = append(got, h.Tool)
		}
		fmt.Printf("%s MISSING %v\n   %q\n   got %v\n", q.ID, miss, q.Query, got)
	}
	fmt.Println("all5", n5)
}
