//go:build ignore

// gen writes learned_table.go: for each tool of the corpus servers that
// labelled requests asked for, the words those requests used.
//
// Run from internal/search:
//
//	go run learnedgen/gen.go [-corpus ../../testdata/corpus]
//
// (It is a file of its own, not a package: package search uses no os.)
//
// The requests are the query sets under testdata that are tuned on and
// the corpus dev slice; the held-out sets (heldOut below) are never read,
// so they still measure unseen requests. A request for one tool ("single")
// counts for that tool; a task of several steps ("multi") is split into
// its steps as the ranking splits it, and each step's words count for the
// tool search.StepLabels pairs it with, written after "|" (round
// sixty-six: in a task, which words ask for which tool is not labelled,
// but its steps are read in order and each ranked on its own; the index
// gives them a part of the learned field that no length normalises). A tool is keyed by its name and its parameters'
// names (learnedKey), not by the backend's name, which each user chooses.
// The words are kept as the requests spelled them, lowercased, each once
// for every request for the tool that used it (since round sixty: the words
// many requests share weigh more in the field's BM25); the index drops
// those the tool's own text already has (Index.build).
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/search"
)

// heldOut are the query sets never trained or tuned on
// (docs/benchmarks.md, Retrieval): the newest sets written blind, which
// measure unseen requests (freshSets in learned_retrieval_test.go, where
// each has its floors). Every set held out before them (the blind sets
// written from the session of 2026-12-05, night, to the seventh session of
// 2026-12-07, and the rounds' own sets, ties61 to none102) is learned
// from since round 110: each of those sets scored with a table learned
// from the others gained hit@1 99 and lost 39 of 4775 requests, gained
// hit@5 47 and lost 16, and lost "none" 4 and gained 1 of 1639
// (bench/retrieval-notes.md, round 110), as round sixty found for the sets
// held out before it.
var heldOut = map[string]bool{
	// extra82, extra83, tasks109 and none110: written blind at the start
	// of the eighth session of 2026-12-07, in the dev slice's own style
	"extra82": true, "extra83": true, "tasks109": true, "none110": true,
	// extra84, extra85 and none111: written blind in the eighth session
	// of 2026-12-07, after round 109's first part
	"extra84": true, "extra85": true, "none111": true,
	// extra86, extra87 and none112: written blind in the eighth session
	// of 2026-12-07, during round 109
	"extra86": true, "extra87": true, "none112": true,
	// extra88, extra89 and none113: written blind at the start of the
	// session of 2026-12-07 night (blind14), before round 110, scored as
	// aggregates only
	"extra88": true, "extra89": true, "none113": true,
	// extra90, extra91 and none114: written blind during round 110
	// (blind15), scored as aggregates only and never read
	"extra90": true, "extra91": true, "none114": true,
}

// notLearned are tuned-on sets whose requests the table leaves out:
// nearmiss29 (round twenty-nine) is a set of requests to a named backend, its single
// requests written as guards against a rule that rejects too much (they ask
// for what the backend does in the words of the set's "none" requests), so
// its words in the table would let the guards pass on their own words.
// nearmiss32 (round thirty-two) is a set of the same kind, held out for
// its round, and still not learned from for the same reason.
// outside69t (round sixty-nine) is tuned on for the same reason: its single
// requests share the words of its "none" requests outside every backend's
// domain. indirect70t
// (round seventy's training set, requests in everyday, indirect words) is
// tuned on but not learned from: with its words the other sets lost eight
// first places for three fifth places cross-validated, and indirect70 one
// of each. nearnone74t (round seventy-four) is tuned on and not learned
// from for outside69t's reason: its single requests are guards in the
// words of its "none" requests near a served domain.
// category72t (round seventy-two's training set, requests naming
// a product by its category) is tuned on but not learned from, as its
// round's companion indirect70t is.
var notLearned = map[string]bool{"nearmiss29": true, "nearmiss32": true, "outside69t": true, "indirect70t": true, "nearnone74t": true, "category72t": true}

func main() {
	corpus := flag.String("corpus", "../../testdata/corpus", "the corpus directory (servers/*.json, retrieval-queries-dev.jsonl)")
	out := flag.String("o", "learned_table.go", "the file to write")
	flag.Parse()

	keyOf := map[[2]string]string{} // server, tool -> key
	var docs []search.Doc
	files, err := filepath.Glob(filepath.Join(*corpus, "servers", "*.json"))
	if err != nil || len(files) == 0 {
		log.Fatalf("no corpus servers under %s: %v", *corpus, err)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			log.Fatal(err)
		}
		var s struct {
			Server string `json:"server"`
			Tools  []struct {
				Name        string          `json:"name"`
				Title       string          `json:"title"`
				Description string          `json:"description"`
				InputSchema json.RawMessage `json:"inputSchema"`
				Annotations struct {
					Title string `json:"title"`
				} `json:"annotations"`
			} `json:"tools"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			log.Fatalf("%s: %v", f, err)
		}
		for _, t := range s.Tools {
			ps := search.SchemaParams(t.InputSchema)
			keyOf[[2]string{s.Server, t.Name}] = search.LearnedKey(t.Name, ps)
			d := search.Doc{Server: s.Server, Tool: t.Name, Title: t.Title, Description: t.Description, Params: ps}
			if d.Title == "" {
				d.Title = t.Annotations.Title
			}
			docs = append(docs, d)
		}
	}

	sets, err := filepath.Glob("testdata/*-queries.jsonl")
	if err != nil {
		log.Fatal(err)
	}
	var read []string
	for _, f := range sets {
		if name := strings.TrimSuffix(filepath.Base(f), "-queries.jsonl"); !heldOut[name] && !notLearned[name] {
			read = append(read, f)
		}
	}
	read = append(read, filepath.Join(*corpus, "retrieval-queries-dev.jsonl"))
	words := map[string]map[string]int{}     // key -> word -> requests using it
	stepWords := map[string]map[string]int{} // key -> word -> tasks' steps using it
	count := func(to map[string]map[string]int, key, text string) {
		seen := map[string]bool{}
		for _, w := range search.LearnedWords(text) {
			if seen[w] {
				continue
			}
			seen[w] = true
			if to[key] == nil {
				to[key] = map[string]int{}
			}
			to[key][w]++
		}
	}
	var tasks []search.TaskLabel
	for _, f := range read {
		b, err := os.ReadFile(f)
		if err != nil {
			log.Fatal(err)
		}
		sc := bufio.NewScanner(bytes.NewReader(b))
		sc.Buffer(nil, 1<<20)
		for n := 1; sc.Scan(); n++ {
			if len(bytes.TrimSpace(sc.Bytes())) == 0 {
				continue
			}
			var q struct {
				Query    string `json:"query"`
				Kind     string `json:"kind"`
				Expected []struct {
					Server string `json:"server"`
					Tool   string `json:"tool"`
				} `json:"expected"`
			}
			if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
				log.Fatalf("%s:%d: %v", f, n, err)
			}
			for _, e := range q.Expected {
				if _, ok := keyOf[[2]string{e.Server, e.Tool}]; !ok {
					log.Fatalf("%s:%d: no corpus tool %s/%s", f, n, e.Server, e.Tool)
				}
			}
			if q.Kind == "multi" {
				t := search.TaskLabel{Query: q.Query}
				for _, e := range q.Expected {
					t.Expected = append(t.Expected, search.StepLabel{Server: e.Server, Tool: e.Tool})
				}
				tasks = append(tasks, t)
			}
			if q.Kind != "single" || len(q.Expected) != 1 {
				continue
			}
			count(words, keyOf[[2]string{q.Expected[0].Server, q.Expected[0].Tool}], q.Query)
		}
		if err := sc.Err(); err != nil {
			log.Fatalf("%s: %v", f, err)
		}
	}

	labels := search.StepLabels(docs, tasks)
	for _, l := range labels {
		count(stepWords, keyOf[[2]string{l.Server, l.Tool}], l.Text)
	}
	var buf bytes.Buffer
	buf.WriteString("// Code generated by learnedgen/gen.go; DO NOT EDIT.\n\n")
	buf.WriteString("package search\n\n")
	fmt.Fprintf(&buf, "// learnedTable: words of the labelled requests for %d corpus tools, by\n// learnedKey, each once per request that used it, then \"|\" and the words of\n// the %d steps of %d labelled tasks each once per step (%d query files\n// read; the held-out sets are not).\n", len(words), len(labels), len(tasks), len(read))
	writeTable(&buf, "learnedTable", words, stepWords)
	src, err := format.Source(buf.Bytes())
	if err != nil {
		log.Fatal(err)
	}
	if err := os.WriteFile(*out, src, 0o644); err != nil {
		log.Fatal(err)
	}
	log.Printf("%s: %d tools; %d steps of %d tasks", *out, len(words), len(labels), len(tasks))
}

// writeTable writes the map name of words, each word as often as its
// count, sorted, and after "|" those of steps.
func writeTable(buf *bytes.Buffer, name string, words, steps map[string]map[string]int) {
	keys := make([]string, 0, len(words))
	for k := range words {
		keys = append(keys, k)
	}
	for k := range steps {
		if words[k] == nil {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	list := func(ws map[string]int) string {
		var out []string
		for w, n := range ws {
			for range n {
				out = append(out, w)
			}
		}
		sort.Strings(out)
		return strings.Join(out, " ")
	}
	fmt.Fprintf(buf, "var %s = map[string]string{\n", name)
	for _, k := range keys {
		v := list(words[k])
		if steps[k] != nil {
			v = strings.TrimSpace(v + " | " + list(steps[k]))
		}
		fmt.Fprintf(buf, "\t%q: %q,\n", k, v)
	}
	buf.WriteString("}\n")
}
