package search

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
)

const (
	corpusDir  = "../../testdata/corpus"
	devQueries = corpusDir + "/retrieval-queries-dev.jsonl"
	extraQs    = "testdata/extra-queries.jsonl"
	extra2Qs   = "testdata/extra2-queries.jsonl"
	extra3Qs   = "testdata/extra3-queries.jsonl"
	extra4Qs   = "testdata/extra4-queries.jsonl"
	tune5Qs    = "testdata/tune5-queries.jsonl"
	extra5Qs   = "testdata/extra5-queries.jsonl"
	extra6Qs   = "testdata/extra6-queries.jsonl"
	extra7Qs   = "testdata/extra7-queries.jsonl"
	extra8Qs   = "testdata/extra8-queries.jsonl"
	extra9Qs   = "testdata/extra9-queries.jsonl"
	extra10Qs  = "testdata/extra10-queries.jsonl"
	extra11Qs  = "testdata/extra11-queries.jsonl"
	extra12Qs  = "testdata/extra12-queries.jsonl"
	extra13Qs  = "testdata/extra13-queries.jsonl"
	extra14Qs  = "testdata/extra14-queries.jsonl"
	extra15Qs  = "testdata/extra15-queries.jsonl"
	extra16Qs  = "testdata/extra16-queries.jsonl"
	extra17Qs  = "testdata/extra17-queries.jsonl"
	extra18Qs  = "testdata/extra18-queries.jsonl"
	extra19Qs  = "testdata/extra19-queries.jsonl"
	tune6Qs    = "testdata/tune6-queries.jsonl"
	tune7Qs    = "testdata/tune7-queries.jsonl"
	tune8Qs    = "testdata/tune8-queries.jsonl"
	tune9Qs    = "testdata/tune9-queries.jsonl"
	tune10Qs   = "testdata/tune10-queries.jsonl"
	tune11Qs   = "testdata/tune11-queries.jsonl"
	tune12Qs   = "testdata/tune12-queries.jsonl"
	tune13Qs   = "testdata/tune13-queries.jsonl"
	tune14Qs   = "testdata/tune14-queries.jsonl"
	tune15Qs   = "testdata/tune15-queries.jsonl"
	tune16Qs   = "testdata/tune16-queries.jsonl"
	tune17Qs   = "testdata/tune17-queries.jsonl"
	tune18Qs   = "testdata/tune18-queries.jsonl"
	tune19Qs   = "testdata/tune19-queries.jsonl"
	tune20Qs   = "testdata/tune20-queries.jsonl"
	tune21Qs   = "testdata/tune21-queries.jsonl"
	tune22Qs   = "testdata/tune22-queries.jsonl"
	tune23Qs   = "testdata/tune23-queries.jsonl"
	tune24Qs   = "testdata/tune24-queries.jsonl"
	tune25Qs   = "testdata/tune25-queries.jsonl"
	tune26Qs   = "testdata/tune26-queries.jsonl"
	tune27Qs   = "testdata/tune27-queries.jsonl"
	tune28Qs   = "testdata/tune28-queries.jsonl"
	extra20Qs  = "testdata/extra20-queries.jsonl"
	extra21Qs  = "testdata/extra21-queries.jsonl"
	extra22Qs  = "testdata/extra22-queries.jsonl"
	extra23Qs  = "testdata/extra23-queries.jsonl"
	tune31Qs   = "testdata/tune31-queries.jsonl"
	tune32Qs   = "testdata/tune32-queries.jsonl"
	tune33Qs   = "testdata/tune33-queries.jsonl"
	tune34Qs   = "testdata/tune34-queries.jsonl"
	tune35Qs   = "testdata/tune35-queries.jsonl"
	tune36Qs   = "testdata/tune36-queries.jsonl"
	extra24Qs  = "testdata/extra24-queries.jsonl"
	extra25Qs  = "testdata/extra25-queries.jsonl"
	extra26Qs  = "testdata/extra26-queries.jsonl"
	extra27Qs  = "testdata/extra27-queries.jsonl"
	extra28Qs  = "testdata/extra28-queries.jsonl"
	extra29Qs  = "testdata/extra29-queries.jsonl"
	tune29Qs   = "testdata/tune29-queries.jsonl"
	tune30Qs   = "testdata/tune30-queries.jsonl"
)

// corpusDocs reads every server file of the corpus into Docs, in file order.
func corpusDocs(tb testing.TB) []Doc {
	tb.Helper()
	files, err := filepath.Glob(filepath.Join(corpusDir, "servers", "*.json"))
	if err != nil || len(files) == 0 {
		tb.Fatalf("no corpus servers found: %v", err)
	}
	sort.Strings(files)
	var docs []Doc
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			tb.Fatal(err)
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
			tb.Fatalf("%s: %v", f, err)
		}
		for _, t := range s.Tools {
			d := Doc{Server: s.Server, Tool: t.Name, Title: t.Title, Description: t.Description}
			if d.Title == "" {
				d.Title = t.Annotations.Title
			}
			d.Params = schemaParams(t.InputSchema)
			docs = append(docs, d)
		}
	}
	return docs
}

// schemaParams is SchemaParams (gitlab's broken schemas give none).
func schemaParams(raw json.RawMessage) []Param { return SchemaParams(raw) }

type ref struct{ Server, Tool string }

type evalQuery struct {
	ID           string  `json:"id"`
	Query        string  `json:"query"`
	Kind         string  `json:"kind"`
	Expected     []ref   `json:"expected"`
	Alternatives [][]ref `json:"alternatives"`
}

func readQueries(tb testing.TB, path string) []evalQuery {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	var qs []evalQuery
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var q evalQuery
		if err := json.Unmarshal(sc.Bytes(), &q); err != nil {
			tb.Fatalf("%s: %v", path, err)
		}
		qs = append(qs, q)
	}
	return qs
}

// scores are the retrieval metrics over one query set.
type scores struct {
	hit1, hit5, anyHit5 float64 // over single+multi; anyHit5: multi counts if any expected tool is in the top 5
	none                float64 // share of "none" queries answered with nil
	falseNone           int     // answerable queries answered with nil
	n, nNone            int
	single, single1     int // single requests, and those with the expected tool first
	single5             int // single requests with the expected tool in the top 5
	multi, multi1       int // tasks, and those whose first hit is one of their tools
	multi5              int // tasks with every tool in the top 5
	noneRight           int // "none" queries answered with nil
}

// answered1 and answered5 count the answerable queries right at one and
// at five (a task at one: its first hit is one of its tools).
func (s scores) answered1() int { return s.single1 + s.multi1 }
func (s scores) answered5() int { return s.single5 + s.multi5 }

// inTop reports whether every tool of set is among the first k hits.
func inTop(hits []Hit, set []ref, k int, all bool) bool {
	top := map[ref]bool{}
	for i := 0; i < k && i < len(hits); i++ {
		top[ref{hits[i].Server, hits[i].Tool}] = true
	}
	for _, r := range set {
		if top[r] != all {
			return !all
		}
	}
	return all
}

func evaluate(ix *Index, qs []evalQuery, log func(string)) scores {
	var s scores
	var h1, h5, a5, none int
	for _, q := range qs {
		hits := ix.Search(q.Query, 5)
		if q.Kind == "none" {
			s.nNone++
			if hits == nil {
				none++
			} else {
				log(fmt.Sprintf("%s none-miss %q -> %s", q.ID, q.Query, fmtHits(hits)))
			}
			continue
		}
		s.n++
		if hits == nil {
			s.falseNone++
		}
		sets := append([][]ref{q.Expected}, q.Alternatives...)
		k1 := q.Kind == "single" && slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 1, true) })
		k5 := slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, true) })
		if q.Kind == "multi" {
			// hit@1 for multi: the first hit is one of the expected tools.
			k1 = slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 1, false) })
		}
		any5 := slices.ContainsFunc(sets, func(set []ref) bool { return inTop(hits, set, 5, false) })
		if k1 {
			h1++
		}
		if q.Kind == "single" {
			s.single++
			if k1 {
				s.single1++
			}
			if k5 {
				s.single5++
			}
		}
		if q.Kind == "multi" {
			s.multi++
			if k1 {
				s.multi1++
			}
			if k5 {
				s.multi5++
			}
		}
		if k5 {
			h5++
		}
		if any5 {
			a5++
		}
		if !k1 || !k5 {
			log(fmt.Sprintf("%s %s@1=%v @5=%v %q want %v -> %s", q.ID, q.Kind, k1, k5, q.Query, q.Expected, fmtHits(hits)))
		}
	}
	s.hit1 = float64(h1) / float64(max(s.n, 1))
	s.hit5 = float64(h5) / float64(max(s.n, 1))
	s.anyHit5 = float64(a5) / float64(max(s.n, 1))
	s.none = float64(none) / float64(max(s.nNone, 1))
	s.noneRight = none
	return s
}

func fmtHits(hs []Hit) string {
	if hs == nil {
		return "nil"
	}
	var b strings.Builder
	for _, h := range hs {
		fmt.Fprintf(&b, "%s/%s(%.2f) ", h.Server, h.Tool, h.Score)
	}
	return b.String()
}

func testRetrieval(t *testing.T, path string, floor scores) {
	testRetrievalLog(t, path, floor, func(m string) { t.Log(m) })
}

// testRetrievalLog is testRetrieval with the log of each miss given; a
// held-out set passes a log that drops them, so nobody tunes on its misses.
func testRetrievalLog(t *testing.T, path string, floor scores, log func(string)) {
	ix := New(corpusDocs(t), nil)
	qs := readQueries(t, path)
	s := evaluate(ix, qs, log)
	t.Logf("%s: %d answerable, %d none: hit@1=%.3f hit@5=%.3f any@5=%.3f none=%.3f falseNone=%d",
		filepath.Base(path), s.n, s.nNone, s.hit1, s.hit5, s.anyHit5, s.none, s.falseNone)
	if s.hit1 < floor.hit1 || s.hit5 < floor.hit5 || s.none < floor.none {
		t.Errorf("below floor: hit@1=%.3f (floor %.2f) hit@5=%.3f (floor %.2f) none=%.3f (floor %.2f)",
			s.hit1, floor.hit1, s.hit5, floor.hit5, s.none, floor.none)
	}
}

// TestRetrievalDev scores the corpus dev queries. Goals are hit@5 >= 0.95,
// hit@1 >= 0.75 and none >= 0.8; the floors sit a little under the measured
// values so the test catches regressions.
func TestRetrievalDev(t *testing.T) {
	testRetrieval(t, devQueries, scores{hit1: 0.94, hit5: 0.97, none: 0.99})
}

// TestRetrievalExtra scores queries written for this package before tuning,
// as an estimate of how the ranking does on queries it was not tuned on.
func TestRetrievalExtra(t *testing.T) {
	testRetrieval(t, extraQs, scores{hit1: 0.96, hit5: 0.99, none: 0.99})
}

// TestRetrievalExtra2 scores a second set of queries written for this
// package before the second round of tuning, from tools across the corpus.
func TestRetrievalExtra2(t *testing.T) {
	testRetrieval(t, extra2Qs, scores{hit1: 0.91, hit5: 0.99, none: 0.99})
}

// TestRetrievalExtra3 scores a third set of queries written before the third
// round of tuning, including hard negatives that share words with real tools.
func TestRetrievalExtra3(t *testing.T) {
	testRetrieval(t, extra3Qs, scores{hit1: 0.87, hit5: 0.99, none: 0.99})
}

// TestRetrievalExtra4 scores a fourth set written and committed before the
// fourth round of tuning (everyday phrasings, values such as paths, URLs,
// coordinates and emails). It was held out through round four; from round
// five on it is tuned on (extra5 is the held-out set now), never edited.
//
// Round sixty's table (twice the requests, a word once per request) moved
// two of its tasks: hit@1 32 to 31 and hit@5 34 to 33 of 34 ("read the
// recent messages in #general ... and answer the latest one in its
// thread": get_thread_replies first; "Remember Alice and Acme Corp, and
// that Alice works at Acme": open_nodes takes create_relations' slot),
// while the tasks of all tuned-on sets went from 750 to 754 at hit@5.
func TestRetrievalExtra4(t *testing.T) {
	testRetrieval(t, extra4Qs, scores{hit1: 0.91, hit5: 0.97, none: 0.99})
}

// TestRetrievalTune5 scores a set written to tune everyday phrasings
// (remember, note, what is in a folder) and the kinds of values queries
// carry (paths, URLs, coordinates, emails); unlike extra4 it was tuned on.
func TestRetrievalTune5(t *testing.T) {
	testRetrieval(t, tune5Qs, scores{hit1: 0.83, hit5: 0.95, none: 0.99})
}

// TestRetrievalExtra5 scores a fifth set written and committed before the
// fifth round of tuning (plain phrasings across 24 corpus servers and seven
// unrelated requests) and never edited. It was held out through round
// five: measured when committed, before any change, hit@1 0.667, hit@5
// 0.857, none 0.857 (42 answerable, 7 none); after round five 0.738 /
// 0.857 / 0.857. From round six on it is tuned on (extra6 is the held-out
// set now).
func TestRetrievalExtra5(t *testing.T) {
	testRetrieval(t, extra5Qs, scores{hit1: 0.9, hit5: 0.99, none: 0.99})
}

// TestRetrievalExtra6 scores a sixth set written and committed before the
// sixth round of tuning (plain phrasings across 26 corpus servers, values
// such as paths, URLs, keys and coordinates inside the queries, multi-step
// tasks and ten unrelated requests) and never edited. It was held out
// through round six: measured when committed, before any change, hit@1
// 0.745, hit@5 0.836, none 0.900 (55 answerable, 10 none); after round six
// 0.764 / 0.873 / 1.000. From round seven on it is tuned on (extra7 is the
// held-out set now).
func TestRetrievalExtra6(t *testing.T) {
	testRetrieval(t, extra6Qs, scores{hit1: 0.85, hit5: 0.96, none: 0.99})
}

// TestRetrievalTune6 scores a set written in round six to find failure
// classes (everyday phrasings, names before the kind of thing they name,
// question words); unlike extra6 it was tuned on.
func TestRetrievalTune6(t *testing.T) {
	testRetrieval(t, tune6Qs, scores{hit1: 0.95, hit5: 0.99, none: 0.99})
}

// TestRetrievalTune7 scores a second round-six tuning set in the style of
// the corpus dev queries (reworded tool descriptions, a fifth of them
// multi-step); it was tuned on.
func TestRetrievalTune7(t *testing.T) {
	testRetrieval(t, tune7Qs, scores{hit1: 0.95, hit5: 0.97, none: 0.99})
}

// TestRetrievalTune8 scores a third round-six tuning set (everyday
// phrasings over tools the other sets seldom ask for); it was tuned on.
// Round sixty-five's learned table (learn65a-d) answers one of its six
// "none" requests ("Print my boarding pass.": everything's get-env learned
// "pass" from one request), none 1.0 to 0.833 (cross-validated "none" 841
// to 838 of 956 for hit@1 +65, hit@5 +19 of 5699; the fresh sets' "none"
// unchanged).
func TestRetrievalTune8(t *testing.T) {
	testRetrieval(t, tune8Qs, scores{hit1: 0.96, hit5: 0.99, none: 0.83})
}

// TestRetrievalTune9 scores a fourth round-six tuning set (casual, long
// phrasings with many words no tool uses); it was tuned on.
func TestRetrievalTune9(t *testing.T) {
	testRetrieval(t, tune9Qs, scores{hit1: 0.96, hit5: 0.96, none: 0.99})
}

// TestRetrievalTune10 scores a round-seven tuning set written to find
// failure classes in tools the other sets seldom ask for (plain everyday
// phrasings, eight unrelated requests); it was tuned on. Before tuning on
// it (at e76c229): hit@1 0.650, hit@5 0.817, none 1.000.
func TestRetrievalTune10(t *testing.T) {
	testRetrieval(t, tune10Qs, scores{hit1: 0.86, hit5: 0.98, none: 0.99})
}

// TestRetrievalTune11 scores a second round-seven tuning set (longer,
// conversational requests with values, a few multi-step); it was tuned on.
// Before tuning on it (at 356d85b): hit@1 0.705, hit@5 0.885, none 1.000.
func TestRetrievalTune11(t *testing.T) {
	testRetrieval(t, tune11Qs, scores{hit1: 0.86, hit5: 0.91, none: 0.99})
}

// TestRetrievalTune12 scores a third round-seven tuning set (indirect
// requests and questions: "I need ...", "can you ...", "is there ..."); it
// was tuned on. Before tuning on it (at 24029a8): hit@1 0.600, hit@5
// 0.920, none 1.000.
func TestRetrievalTune12(t *testing.T) {
	testRetrieval(t, tune12Qs, scores{hit1: 0.8, hit5: 0.99, none: 0.99})
}

// TestRetrievalTune13 scores a fourth round-seven tuning set in the style
// of the corpus dev queries, over 45 tools drawn at random from the corpus
// (Python's random.sample, seed 7); it was tuned on. Before tuning on it
// (at 1037267): hit@1 0.851, hit@5 0.957, none 0.800.
func TestRetrievalTune13(t *testing.T) {
	testRetrieval(t, tune13Qs, scores{hit1: 0.97, hit5: 0.99, none: 0.99})
}

// TestRetrievalTune14 scores a fifth round-seven tuning set in the style
// of the corpus dev queries, over 42 tools drawn at random (seed 8); it
// was tuned on. Before tuning on it (at 937f904): hit@1 0.643, hit@5
// 0.881, none 1.000.
func TestRetrievalTune14(t *testing.T) {
	testRetrieval(t, tune14Qs, scores{hit1: 0.78, hit5: 0.97, none: 0.99})
}

// TestRetrievalTune15 scores a third dev-style round-seven tuning set,
// over 42 tools drawn at random (seed 9); it was tuned on. Before tuning
// on it (at 5be5808): hit@1 0.881, hit@5 0.976, none 1.000.
func TestRetrievalTune15(t *testing.T) {
	testRetrieval(t, tune15Qs, scores{hit1: 0.9, hit5: 0.99, none: 0.99})
}

// TestRetrievalTune16 scores a fourth dev-style round-seven tuning set,
// over 40 tools drawn at random (seed 10); it was tuned on. Before tuning
// on it (at 2921c1b): hit@1 0.825, hit@5 0.950, none 1.000.
func TestRetrievalTune16(t *testing.T) {
	testRetrieval(t, tune16Qs, scores{hit1: 0.9, hit5: 0.97, none: 0.99})
}

// TestRetrievalTune17 scores a round-eight tuning set over 64 tools drawn
// at random (Python's random.sample, seed 17) from those extra8 does not
// ask for, in plain varied phrasings, with two multi-step tasks and eight
// unrelated requests; it is tuned on. Before tuning on it (at d241e54):
// hit@1 0.818, hit@5 0.939, none 0.625 (66 answerable, 8 none).
func TestRetrievalTune17(t *testing.T) {
	testRetrieval(t, tune17Qs, scores{hit1: 0.93, hit5: 0.98, none: 0.99})
}

// TestRetrievalTune18 scores a round-eight tuning set of thirty requests
// no corpus tool serves (everyday errands and software tasks for products
// no backend offers) and eight answerable ones phrased like them; it is
// tuned on. Before tuning on it (at fc569a5): hit@1 0.875, hit@5 1.000,
// none 0.833.
func TestRetrievalTune18(t *testing.T) {
	testRetrieval(t, tune18Qs, scores{hit1: 0.87, hit5: 0.99, none: 0.89})
}

// TestRetrievalTune19 scores a round-ten tuning set: forty requests no
// corpus tool serves (everyday errands, and software tasks for products the
// corpus lacks or actions its backends do not offer: deleting a Slack
// message, starring a GitHub repository) and 45 answerable ones over tools
// drawn at random with shuf from those extra10 does not ask for; it is
// tuned on. Before tuning on it (at 756d233): hit@1 0.889, hit@5 0.956,
// none 0.725 (11 of the 40 answered with a tool).
func TestRetrievalTune19(t *testing.T) {
	testRetrieval(t, tune19Qs, scores{hit1: 0.91, hit5: 0.95, none: 0.89})
}

// TestRetrievalTune20 scores a round-ten tuning set in the style of the
// corpus dev queries (reworded tool descriptions, values inside, four
// multi-step tasks, eight requests for products the corpus lacks) over 40
// tools drawn at random with shuf from those extra10 and tune19 do not ask
// for; it is tuned on. Before tuning on it (at 524a39b): hit@1 0.909,
// hit@5 0.955, none 1.000 (44 answerable, 8 none).
func TestRetrievalTune20(t *testing.T) {
	testRetrieval(t, tune20Qs, scores{hit1: 0.99, hit5: 0.99, none: 0.99})
}

// TestRetrievalTune21 scores a round-eleven tuning set of 40 multi-step
// requests in the style of the corpus dev slice's (30 of two steps, 10 of
// three, 13 crossing two backends), written by a helper that neither read
// nor ran the search code, over tools drawn at random with shuf; it is
// tuned on. Before tuning on it (at d13973e): hit@1 0.900, hit@5 (every
// step in the top 5) 0.675; after round twenty-six 0.950 / 0.850; rounds
// twenty-seven and twenty-nine alone kept 0.850 and round twenty-eight
// alone made it 0.875, but the three merged lose two tasks to the
// interplay of round twenty-seven's steps with round twenty-eight's rules
// (0.950 / 0.825), which the held-out sets do not show (hit@5 952 of 1018
// merged against 953, 945 and 941 for each round alone).
func TestRetrievalTune21(t *testing.T) {
	testRetrieval(t, tune21Qs, scores{hit1: 0.9, hit5: 0.82})
}

// TestRetrievalTune22 scores a round-twelve tuning set of 23 requests no
// tool serves, 15 of them to a backend of the corpus that does not do what
// they ask ("archive the #old-marketing slack channel", "delete the file
// /home/me/notes/old-todo.txt": filesystem deletes nothing), the others for
// products the corpus lacks. It was written after reading only the helper's
// summary of extra12's kinds of "none" requests, not extra12 itself. Before
// (at a8ea2dd): none 0.478; after round thirteen (at 15be9fb) 0.739.
// Round sixty-five's learned table answers one more ("change the owner of
// the notion page Roadmap to Dana": a Notion page's "Roadmap" among
// API-patch-page's learned words), 0.826 to 0.783 (see TestRetrievalTune8).
func TestRetrievalTune22(t *testing.T) {
	testRetrieval(t, tune22Qs, scores{none: 0.78})
}

// TestRetrievalTune23 scores a round-thirteen tuning set written after
// extra13 and before any change: 50 answerable requests in everyday
// phrasing (two multi-step), 20 asking a backend of the corpus for what its
// tools cannot do ("mute the #alerts channel in slack") and 15 errands no
// backend does; it is tuned on. Before tuning on it (at 5c67180): hit@1 0.880,
// hit@5 0.960, none 0.486; after round thirteen (at 15be9fb) 0.880 / 0.960 /
// 0.600; after round twenty-seven (a task judged step by step, "find the
// mongo collection schema for orders, then draw it as a mind map" answered)
// 0.940 / 0.980 / 0.657.
func TestRetrievalTune23(t *testing.T) {
	testRetrieval(t, tune23Qs, scores{hit1: 0.93, hit5: 0.95, none: 0.59})
}

// TestRetrievalTune24 scores a round-fifteen tuning set written with extra16
// and before any change: 60 answerable requests over 60 tools drawn with shuf
// (none extra14, extra15 or extra16 asks for), alternatives where two tools
// fit, 10 requests a backend of the corpus cannot serve ("archive the slack
// channel #launch-2023") and 10 errands no backend does; it is tuned on.
// Before tuning on it (at the commit that added it, 84cac4e): hit@1 0.767,
// hit@5 0.933, none 0.750; after round fifteen 0.817 / 0.967 / 0.750; after
// round seventeen 0.817 / 0.967 / 0.800.
func TestRetrievalTune24(t *testing.T) {
	testRetrieval(t, tune24Qs, scores{hit1: 0.81, hit5: 0.96, none: 0.89})
}

// TestRetrievalTune25 scores a round-sixteen tuning set written with extra17
// and before any change: 69 answerable requests over tools drawn with shuf
// (most of them not asked for by extra17), 29 of them multi-step tasks (2 or
// 3 steps, some saving a result to a file or reading one), 22 near misses
// (a named backend asked in words its tools do not use: "take back my
// approval on gitlab MR !40"), 12 requests a backend of the corpus cannot
// serve ("leave the slack channel #random") and 8 errands no backend does;
// it is tuned on. Before tuning on it (at 0b8d228): hit@1 0.783, hit@5
// 0.797, none 0.450; after round sixteen 0.783 / 0.855 / 0.450; after round
// seventeen 0.783 / 0.855 / 0.500; after round twenty-six 0.899 / 0.942 /
// 0.550.
func TestRetrievalTune25(t *testing.T) {
	testRetrieval(t, tune25Qs, scores{hit1: 0.92, hit5: 0.94, none: 0.49})
}

// TestRetrievalTune26 scores a round-seventeen tuning set written with
// extra18 and before any change: 42 answerable requests over 42 tools drawn
// with shuf (none of them asked for by extra17 or tune25), alternatives where
// two tools fit, several near misses (a named backend asked in words its
// tools do not use: "tie contacts 11, 12 and 13 to company 900 in hubspot in
// one go"), 20 requests a backend of the corpus cannot serve ("set up a
// vacation auto-reply in slack") and 10 errands no backend does; it is tuned
// on. Before tuning on it (at the commit that added it, e6ff2a3's search
// code): hit@1 0.786, hit@5 0.905, none 0.667; after round seventeen 0.786 /
// 0.905 / 0.800; after round eighteen 0.810 / 0.905 / 0.800.
func TestRetrievalTune26(t *testing.T) {
	testRetrieval(t, tune26Qs, scores{hit1: 0.78, hit5: 0.90, none: 0.79})
}

// TestRetrievalTune27 scores a round-eighteen tuning set written with
// extra19 and before any change, in the dev slice's style and mix: 80
// requests (52 single over tools drawn with shuf from the corpus, none of
// them asked for by extra19, 16 multi-step tasks over tools drawn from 16
// servers, and 12 hard negatives: "set my Slack status to 'in a meeting'
// until 3pm", "reply to Zendesk ticket #4412"); it is tuned on. Before
// tuning on it (at 9c98246): hit@1 0.794, hit@5 0.985, none 0.833; after
// round eighteen 0.897 / 0.985 / 0.917. Round sixty-five's learned table
// (learn65a-d) puts a sibling first in two single requests (n8n's
// validate_node before get_node, Sentry's search_issue_events before
// get_sentry_resource: near ties), hit@1 0.956 to 0.926, and answers one
// "none" request ("Cancel the running Bamboo build plan ...") it did not
// before, none 1.0 to 0.917; cross-validated, the table gains 65 first
// places and loses 3 "none" of 956.
func TestRetrievalTune27(t *testing.T) {
	testRetrieval(t, tune27Qs, scores{hit1: 0.92, hit5: 0.98, none: 0.91})
}

// TestRetrievalTune28 scores a second round-eighteen tuning set, written
// outside the repository with extra20 by another hand and before any change
// of its part of the round, in the dev slice's style and mix: 80 requests
// (52 single over one tool drawn at random from each corpus server and 20
// more from 20 drawn servers, 16 multi-step tasks within a drawn server,
// 12 requests for products no backend serves: "Restart the EC2 instance
// i-0abc123", "Play my focus playlist on Spotify"); it is tuned on. Before
// tuning on it (at 57053fb): hit@1 0.647, hit@5 0.853, none 0.917; after
// 0.750 / 0.941 / 1.000. Round forty-four (tasks44.go) lowered hit@1's
// floor to 0.97: t28-53's first step ("see which Sentry releases went
// out") has another tool at its top, which now leads its hits; tuned-on
// tasks hit@1 is unchanged over all sets.
func TestRetrievalTune28(t *testing.T) {
	testRetrieval(t, tune28Qs, scores{hit1: 0.97, hit5: 0.94, none: 0.99})
}

// TestRetrievalExtra7 scores a seventh set written and committed before the
// seventh round of tuning (plain phrasings across 31 corpus servers, values
// such as paths, URLs, ids, emails and SQL inside the queries, multi-step
// tasks and twelve unrelated everyday requests) and never edited. It was
// held out through round seven: measured when committed, before any change
// (at 9e77277), hit@1 0.726, hit@5 0.810, none 1.000 (84 answerable, 12
// none); after round seven 0.762 / 0.845 / 1.000. From round eight on it is
// tuned on (extra8 is the held-out set now); after round twenty-six 0.917 /
// 0.964 / 1.000.
func TestRetrievalExtra7(t *testing.T) {
	testRetrieval(t, extra7Qs, scores{hit1: 0.91, hit5: 0.96, none: 0.99})
}

// TestRetrievalExtra8 scores an eighth set written and committed before the
// eighth round of tuning (plain phrasings over 97 tools drawn at random from
// all 32 corpus servers, values such as paths, URLs, ids, coordinates and
// SQL inside the queries, five multi-step tasks and fifteen requests no
// corpus tool serves). It was the held-out set of round eight: never edited
// or tuned on then, and its misses were not logged. Measured when committed,
// before any change (at c8d1069): hit@1 0.755, hit@5 0.941, none 0.933
// (102 answerable, 15 none, 5 of the answerable ones answered with no
// tool); after round eight 0.755 / 0.951 / 0.933 (3 answered with none;
// 0.765 hit@1 before the repository-slug kind, kept because the tuning
// sets gained three hits at 1 and at 5 with it: extra8 decides nothing).
// From round nine on it is a training set (extra9 is the held-out set now).
func TestRetrievalExtra8(t *testing.T) {
	testRetrieval(t, extra8Qs, scores{hit1: 0.89, hit5: 0.99, none: 0.99})
}

// TestRetrievalExtra9 scores a ninth set written and committed before the
// ninth round (plain phrasings over 108 tools drawn at random with shuf from
// all 32 corpus servers, at least one from each, values such as paths, URLs,
// ids, coordinates and SQL inside the queries, six multi-step tasks and
// seventeen requests no corpus tool serves). It was the held-out set of
// round nine: never edited, trained or tuned on, its misses not logged.
// Measured when committed, before any change (at 5762092): hit@1 0.798,
// hit@5 0.965, none 0.882 (114 answerable, 17 none, 2 of the answerable ones
// answered with no tool). From round ten on it is a tuning set (extra10 is
// the held-out set now); after round ten's tuning 0.833 / 0.991 / 0.882.
func TestRetrievalExtra9(t *testing.T) {
	testRetrieval(t, extra9Qs, scores{hit1: 0.90, hit5: 0.99, none: 0.88})
}

// TestRetrievalExtra10 scores a tenth set written and committed before the
// tenth round (plain phrasings over 107 tools drawn at random with shuf from
// all 32 corpus servers, at least one from each, values such as paths, URLs,
// ids, emails and SQL inside the queries, six multi-step tasks and 24
// requests no corpus tool serves, several of them for products the corpus
// lacks). It was the held-out set of round ten, never edited, trained or
// tuned on. Measured when committed, before any change (at 850ae38): hit@1
// 0.699, hit@5 0.867, none 0.792 (113 answerable, 24 none, 4 of the
// answerable ones answered with no tool); after round ten, measured once at
// its end (at 531815d): 0.708 / 0.858 / 0.833 (5 answered with no tool). In
// round eleven its misses were read (extra11 is the held-out set now).
// After round twenty-five (a question asked in a step of a task reads a
// state: "is the release branch protected ..., and what's its latest
// commit?") 0.867 / 0.938 / 0.917; after round twenty-seven (a task
// answered step by step, the learned words within each step) 0.876 /
// 0.947 / 0.917; with rounds twenty-eight and twenty-nine merged 0.867 / 0.947 / 0.917.
func TestRetrievalExtra10(t *testing.T) {
	testRetrieval(t, extra10Qs, scores{hit1: 0.86, hit5: 0.94, none: 0.91})
}

// extra11 to extra25 below were held out until round sixty; since, their
// single requests are learned from (learnedgen, learned_table.go) and they
// are folds of TestLearnedCV. No rule is tuned on them and their misses are
// still not logged: "never trained" below is the table before round sixty.

// TestRetrievalExtra11 scores an eleventh set, written and committed at the
// start of round eleven by a helper that neither read nor ran the search
// code (110 tools drawn at random with shuf from all 32 corpus servers, three
// draws served equally well by another tool replaced by further draws,
// queries in everyday, terse and indirect styles that avoid the tools' own
// words, eight multi-step tasks and 25 requests no corpus tool serves). It
// is the held-out set: never edited, trained or tuned on, and its misses are
// not logged, only its scores. Measured when committed, before any change
// (at 2d264bc): hit@1 0.551, hit@5 0.797, none 0.760 (118 answerable, 25
// none, 4 of the answerable ones answered with no tool). It is the hardest
// set so far: its writer was asked to use other words than the tools'.
// After round thirteen (at 15be9fb): 0.551 / 0.797 / 0.880; after round
// seventeen 0.559 / 0.797 / 0.920; after round eighteen 0.568 / 0.805 /
// 0.920.
func TestRetrievalExtra11(t *testing.T) {
	testRetrievalLog(t, extra11Qs, scores{hit1: 0.75, hit5: 0.84, none: 0.91}, func(string) {})
}

// TestRetrievalExtra12 scores a twelfth set, written and committed at the
// start of round twelve by a helper that neither read nor ran the search
// code (110 tools drawn at random with shuf from all 32 corpus servers, 25
// draws served equally well by another tool replaced by further draws, 22
// multi-step tasks, 7 of them across two backends, and 25 requests no
// corpus tool serves: about half ask a backend that exists for what its
// tools cannot do, the rest products the corpus lacks). It is held out with
// extra11: never edited, trained or tuned on, and its misses are not
// logged, only its scores. Measured when committed, before any change (at
// a8ea2dd): hit@1 0.709, hit@5 0.809, none 0.440 (110 answerable, 25 none);
// after round thirteen (at 15be9fb): 0.709 / 0.809 / 0.600; after round
// eighteen 0.727 / 0.818 / 0.600; after round twenty-nine's rule for a
// verb outside the families that no tool for its object does
// (nearmiss29.go) 0.745 / 0.882 / 0.640, one request lost at hit@1, taken
// back when the verbs of finding out were left to read (0.755 / 0.891 /
// 0.680 at the end of that round).
func TestRetrievalExtra12(t *testing.T) {
	testRetrievalLog(t, extra12Qs, scores{hit1: 0.82, hit5: 0.86, none: 0.59}, func(string) {})
}

// TestRetrievalExtra13 scores a thirteenth set, written and committed at
// the start of round thirteen before any change to the search code (72
// answerable requests in everyday phrasing over 31 corpus servers, four of
// them multi-step, alternatives where two tools fit, and 40 requests no
// corpus tool serves: 20 name a backend of the corpus and ask for what its
// tools cannot do, "kick @tom out of the #design channel on slack", 20 are
// errands no backend does, "merge report1.pdf and report2.pdf"). It is
// held out with extra11 and extra12: never edited, trained or tuned on, and
// its misses are not logged, only its scores. Measured when committed,
// before any change (at c42c92a): hit@1 0.875, hit@5 0.958, none 0.475 (72
// answerable, 40 none, 1 of the answerable ones answered with no tool);
// after round thirteen (at 15be9fb): 0.875 / 0.958 / 0.600.
func TestRetrievalExtra13(t *testing.T) {
	testRetrievalLog(t, extra13Qs, scores{hit1: 0.91, hit5: 0.95, none: 0.59}, func(string) {})
}

// TestRetrievalExtra14 scores a fourteenth set, written and committed at
// the start of round fourteen before any change to the search code (87
// answerable requests over 86 tools drawn with shuf, up to three from each
// of the 32 corpus servers, in the terse phrasings users of coding agents
// type, four of them multi-step, alternatives where two tools fit, and 15
// requests no corpus tool serves). It is held out with extra11 to extra13:
// never edited, trained or tuned on, and its misses are not logged, only its
// scores. Measured when committed, before any change (at d5f10d9): hit@1
// 0.851, hit@5 0.920, none 0.867 (87 answerable, 15 none, 3 of the
// answerable ones answered with no tool).
//
// With round sixty's table, which learns from it, hit@1 0.931 to 0.920
// (one request of 87; hit@5 0.966 to 0.977): a word counted once per
// request reorders near ties, and its misses are not read to say which.
func TestRetrievalExtra14(t *testing.T) {
	testRetrievalLog(t, extra14Qs, scores{hit1: 0.91, hit5: 0.91, none: 0.86}, func(string) {})
}

// TestRetrievalExtra15 scores a fifteenth set, written and committed in
// round fourteen after the first re-ranking experiment and before any
// change to the search code is kept, to check a hypothesis formed on
// extra..extra14 (51 answerable requests over 49 tools drawn with shuf, up
// to two from each corpus server and none extra14 asks for, two of them
// multi-step, alternatives where two tools fit, and 12 requests no corpus
// tool serves). It is held out like extra11 to extra14: its misses are not
// logged. Measured when committed, with d5f10d9's search code: hit@1
// 0.706, hit@5 0.922, none 0.750 (51 answerable, 12 none, 4 of the
// answerable ones answered with no tool). After round seventeen: 0.706 /
// 0.922 / 0.833. After round twenty-nine's rule for a verb outside the
// families that no tool for its object does (nearmiss29.go) 0.804 / 0.882
// / 0.833: one request judged "none".
func TestRetrievalExtra15(t *testing.T) {
	testRetrievalLog(t, extra15Qs, scores{hit1: 0.80, hit5: 0.88, none: 0.83}, func(string) {})
}

// TestRetrievalExtra16 scores a sixteenth set, written and committed at the
// start of round fifteen before any change to the search code (74 answerable
// requests over 74 tools drawn with shuf from all corpus servers, none of
// them asked for by extra14 or extra15, in the phrasings developers type to a
// coding agent, with paths, URLs and ids, alternatives where two tools fit,
// and 20 requests no corpus tool serves, half of them asking a backend of the
// corpus for what its tools cannot do). It is held out like extra11 to
// extra15: its misses are not logged, only its scores. Measured when
// committed, with 53ef225's search code: hit@1 0.716, hit@5 0.919, none
// 0.650 (74 answerable, 20 none, 1 of the answerable ones answered with no
// tool); after round fifteen 0.730 / 0.932 / 0.650. Its scores were printed
// once more during the round, for a change reverted for its losses on the
// tuning sets. After round eighteen 0.757 / 0.932 / 0.650.
func TestRetrievalExtra16(t *testing.T) {
	testRetrievalLog(t, extra16Qs, scores{hit1: 0.87, hit5: 0.98, none: 0.65}, func(string) {})
}

// TestRetrievalExtra17 scores a seventeenth set, written and committed at the
// start of round sixteen before any change to the search code (56 answerable
// requests over tools drawn with shuf from all corpus servers, 18 of them
// multi-step tasks of 2 or 3 steps, some saving a result to a file, and 20
// requests no corpus tool serves, 11 of them asking a backend of the corpus
// for what its tools cannot do). It is held out like extra11 to extra16: its
// misses are not logged, only its scores. Measured when committed, with
// 614347b's search code: hit@1 0.946, hit@5 0.964, none 0.600 (56
// answerable, 20 none, none of the answerable ones answered with no tool);
// scored once more at the end of round sixteen: 0.946 / 1.000 / 0.600.
func TestRetrievalExtra17(t *testing.T) {
	testRetrievalLog(t, extra17Qs, scores{hit1: 0.92, hit5: 0.98, none: 0.59}, func(string) {})
}

// TestRetrievalExtra18 scores an eighteenth set, written and committed at the
// start of round seventeen before any change to the search code (42
// answerable requests over 42 tools drawn with shuf from the corpus, none of
// them asked for by extra17 or tune25, several near misses to a named
// backend, and 30 requests no corpus tool serves, 20 of them asking a
// backend of the corpus for what its tools cannot do: "turn on two-factor
// auth for my gitlab account"). It is held out like extra11 to extra17: its
// misses are not logged, only its scores. Measured when committed, with
// e6ff2a3's search code: hit@1 0.714, hit@5 0.929, none 0.533 (42
// answerable, 30 none, none of the answerable ones answered with no tool);
// scored once more at the end of round seventeen: 0.714 / 0.929 / 0.567;
// after round eighteen 0.738 / 0.929 / 0.567.
func TestRetrievalExtra18(t *testing.T) {
	testRetrievalLog(t, extra18Qs, scores{hit1: 0.88, hit5: 0.92, none: 0.56}, func(string) {})
}

// TestRetrievalExtra19 scores a nineteenth set, written and committed at the
// start of round eighteen before any change to the search code, in the dev
// slice's style and mix: 80 requests (52 single over one tool drawn with
// shuf from each of the 32 corpus servers and 20 more drawn from the whole
// tool list, 16 multi-step tasks over tools drawn from 16 servers, and 12
// hard negatives: another vendor's product, "post 'build is green' in our
// Discord #dev channel", or an action a named backend lacks, "archive the
// #old-launch channel in Slack"). It is held out like extra11 to extra18:
// its misses are not logged, only its scores. Measured when committed, with
// 57053fb's search code: hit@1 0.794, hit@5 0.868, none 0.917 (68 answerable,
// 12 none, 5 of the answerable ones answered with no tool); scored once more
// at the end of round eighteen: unchanged, 0.794 / 0.868 / 0.917.
func TestRetrievalExtra19(t *testing.T) {
	testRetrievalLog(t, extra19Qs, scores{hit1: 0.88, hit5: 0.86, none: 0.91}, func(string) {})
}

// TestRetrievalExtra20 scores a set written outside the repository at the
// start of the second half of round eighteen, before any change, in the dev
// slice's style and mix: 80 requests (52 single over one tool drawn at
// random from each corpus server and 20 more, 16 multi-step tasks within a
// drawn server, and 12 requests for products no backend serves, as the dev
// slice's are: "Move the Jira ticket PAY-412 to In Review", "Purge the
// Cloudflare cache for example.com"). Held out: its misses were never
// printed while it was held out. Measured at 57053fb: hit@1 0.676, hit@5
// 0.868, none 0.917 (3 answerable ones answered with no tool); scored once
// more after round eighteen (both halves): unchanged. Then spent, as extra10
// was: its misses are read and it is tuned on (0.794 / 0.941 / 1.000 after
// its first round), and extra21 is held out in its place.
func TestRetrievalExtra20(t *testing.T) {
	testRetrieval(t, extra20Qs, scores{hit1: 0.94, hit5: 0.94, none: 0.99})
}

// TestRetrievalTune29 scores a tuning set of everyday phrasings written in
// round eighteen's second half: 60 single requests, about two per corpus
// server, each in words the tool's text does not use ("as slices of a
// whole", "tack a to-do list onto the end of", "what do you have on file
// about"), and 4 requests no tool serves. Before tuning on it: hit@1
// 0.800, hit@5 0.950, none 0.750; after 0.900 / 1.000 / 0.750.
func TestRetrievalTune29(t *testing.T) {
	testRetrieval(t, tune29Qs, scores{hit1: 0.98, hit5: 0.99, none: 0.74})
}

// TestRetrievalTune30 scores 55 requests for products and services no
// corpus backend serves, each an action a user might ask of an agent
// ("Re-run the failed GitHub Actions workflow on main", "Create an S3 bucket
// called assets-prod", "Pin the message in the Teams channel"). Before
// tuning on it: none 0.891 (Lambda functions, S3, a subreddit, an Azure VM,
// an Excel sheet and a Teams channel answered); after 0.982.
func TestRetrievalTune30(t *testing.T) {
	testRetrieval(t, tune30Qs, scores{none: 0.98})
}

// TestRetrievalExtra21 scores a set written outside the repository in
// round eighteen's second half, after its first changes and before extra20
// was spent, in the dev slice's style and mix: 80 requests (52 single over
// one tool drawn at random from each corpus server and 20 more, 16
// multi-step tasks within a drawn server, and 12 requests for products no
// backend serves: "Close the Zendesk ticket 8812 as solved", "Post the
// release notes to our Discord #announcements channel"). Held out: its
// misses are not logged. Measured when written (at 9b9416a's search code):
// hit@1 0.721, hit@5 0.897, none 0.917. The learned words of tune32 and
// tune33 (round twenty-two) cost it one request at hit@1 (0.794 to 0.779)
// while the held-out sets together gained 17.
func TestRetrievalExtra21(t *testing.T) {
	testRetrievalLog(t, extra21Qs, scores{hit1: 0.82, hit5: 0.95, none: 0.91}, func(string) {})
}

// TestRetrievalExtra22 scores a set written in round twenty by a helper
// that read no search code and no other query set (extra21's format
// only), over tools drawn with shuf, in extra21's mix: 52 single, 16
// multi-step tasks and 12 requests no tool serves (six for another
// vendor's product, six asking a backend that exists for what its tools
// cannot do). Held out: its misses are not logged. Scored once, when the
// learned words (learned.go) were ready and before anything was changed
// after: hit@1 0.618, hit@5 0.794, none 0.667 without them; 0.588, 0.868,
// 0.667 with (0.618, 0.868, 0.667 once tune31 was added to the table).
func TestRetrievalExtra22(t *testing.T) {
	testRetrievalLog(t, extra22Qs, scores{hit1: 0.76, hit5: 0.86, none: 0.66}, func(string) {})
}

// TestRetrievalExtra23 scores a set written in session 39 by a helper
// that read no search code and no other query set (extra22's first three
// lines for the format), over tools drawn with shuf (the first 52 draws
// are the single requests), in extra22's mix: 52 single, 16 multi-step
// tasks (every tool of a task in the first five for hit@5) and 12
// requests no tool serves (PagerDuty, Stripe, Linear, Vercel, Kubernetes,
// Google Calendar; and Slack, Google Maps, Figma, GitHub, Redis and
// CircleCI asked for what none of their tools does). Held out: its misses
// are not logged. Scored once, after round twenty-one's rules for
// requests no tool serves (which changed nothing on it: the search code
// before them, dce7c79, scored the same): hit@1 0.588, hit@5 0.691, none
// 0.750 without learned words; 0.662, 0.750, 0.750 with. With tune34's
// words in the learned table (round twenty-two) 0.647, 0.765, 0.750: one
// request lost at hit@1, one gained at hit@5.
func TestRetrievalExtra23(t *testing.T) {
	testRetrievalLog(t, extra23Qs, scores{hit1: 0.64, hit5: 0.76, none: 0.75}, func(string) {})
}

// TestRetrievalTune31 scores a set written in round twenty to give the
// learned words (learned.go) the 50 corpus tools no other tuned-on set
// asked for: two requests each. Tuned on (its words are in the table):
// hit@1 0.780, hit@5 0.980; without learned words 0.600 and 0.890. With
// tune32's and tune33's words in the table too (longer learned fields,
// each word weighs less) 0.760 and 0.980.
func TestRetrievalTune31(t *testing.T) {
	testRetrieval(t, tune31Qs, scores{hit1: 0.83, hit5: 0.97, none: 0})
}

// TestRetrievalExtra24 scores a set written in round twenty-two by the
// helper that then wrote tune32 and tune33, before it read any search code,
// in extra23's mix: 52 single requests over tools drawn with shuf
// (--random-source=<(yes 24), the first 52 draws), 16 multi-step tasks
// anchored on tools drawn with seed 2424, and 12 requests no tool serves
// (flights, lights, a bank transfer, Spotify, a printer, a phone alarm; and
// Slack, Redis, GitHub, CircleCI, Sentry and Figma asked for what none of
// their tools does). Held out: its misses are not logged. Written score
// (learned table of round twenty-one): hit@1 0.765, hit@5 0.897, none 0.750
// (0.765, 0.853 without learned words); with tune32's and tune33's words
// 0.809, 0.926, 0.750, and with tune34's too 0.824, 0.926, 0.750. Its
// writer knew its requests when writing tune32 to tune34 (several of its
// drawn tools are among theirs), so its gain is the less clean one; the
// other held-out sets gained 13 at hit@1 and 15 at hit@5.
func TestRetrievalExtra24(t *testing.T) {
	testRetrievalLog(t, extra24Qs, scores{hit1: 0.80, hit5: 0.92, none: 0.75}, func(string) {})
}

// TestRetrievalExtra25 scores a set written in round twenty-three by a
// helper before it read any search code (tune31's first two lines for the
// format), in extra24's mix: 52 single requests over tools drawn with shuf
// (--random-source=<(yes 25), the first 52 draws), 16 multi-step tasks
// anchored on later draws (five of them across two backends), and 12
// requests no tool serves (OpenTable, AWS IAM, Google Calendar,
// Kubernetes, Venmo, Zendesk; and Supabase, Slack, GitHub, Redis, Sentry
// and Notion asked for what none of their tools does). Held out: its
// misses are not logged. Written score (round twenty-two's learned table,
// which it does not change, being held out): hit@1 0.765, hit@5 0.941,
// none 0.833 (0.691, 0.897, 0.833 without learned words). After round
// twenty-three's verb rules: 0.779, 0.941, 0.833.
func TestRetrievalExtra25(t *testing.T) {
	testRetrievalLog(t, extra25Qs, scores{hit1: 0.86, hit5: 0.94, none: 0.83}, func(string) {})
}

// TestRetrievalTune32 scores a set written in round twenty-two to give the
// learned words (learned.go) more, and more varied, requests: three for
// each of the 99 corpus tools the tuned-on sets had asked for only once
// (zereight-gitlab 35, n8n 9, firecrawl 6, notion 6, ...), in everyday
// verbs, questions and commands, with values, with and without the
// backend's name, written from each tool's description and schema before
// seeing how the search answered them. Tuned on (its words are in the
// table): hit@1 0.855, hit@5 0.987; before its words were in the table
// 0.684 and 0.923 (0.700 and 0.923 without learned words).
func TestRetrievalTune32(t *testing.T) {
	testRetrieval(t, tune32Qs, scores{hit1: 0.89, hit5: 0.98, none: 0})
}

// TestRetrievalTune33 scores tune32's sequel: two more requests for each
// of the 176 corpus tools the tuned-on sets (with tune32) had asked for
// twice (zereight-gitlab 55, azure-devops 20, supabase 10, notion 9,
// sentry 9, ...). Tuned on: hit@1 0.804, hit@5 0.955 (0.801 and 0.955
// with tune34's words too); before its words were in the table 0.625 and
// 0.886 (0.636 and 0.886 without learned words) With round twenty-three's
// verb rules 0.812 and 0.957.
func TestRetrievalTune33(t *testing.T) {
	testRetrieval(t, tune33Qs, scores{hit1: 0.86, hit5: 0.97, none: 0})
}

// TestRetrievalTune34 scores tune33's sequel: two more requests for each
// of the 124 corpus tools the tuned-on sets (with tune32 and tune33) had
// asked for three times (zereight-gitlab 18, chrome-devtools 13,
// playwright 10, azure-devops 9, supabase 9, github 8, ...), so that
// every tool has learned words from at least four requests. Tuned on:
// hit@1 0.883, hit@5 0.976; before its words were in the table 0.790 and
// 0.968 (0.770 and 0.960 without learned words) With round twenty-three's verb
// rules 0.891 and 0.976.
func TestRetrievalTune34(t *testing.T) {
	testRetrieval(t, tune34Qs, scores{hit1: 0.91, hit5: 0.98, none: 0})
}

// TestRetrievalTune35 scores a set written in round twenty-seven, before
// any change of that round, to tune tasks of several steps: 60 multi-step
// requests over all 32 corpus servers (11 of three steps, 11 across two
// backends), written from the tools' descriptions in everyday phrasings
// (a context clause before the steps, "check X and abort it if ...",
// "find X and close it with a comment", "merge it if they're green").
// Tasks add no learned words (learnedgen reads single requests only).
// Scored before any change of the round: hit@1 50 of 60 (0.833), hit@5 53
// of 60 (0.883); after the round 52 and 55 (0.867, 0.917: two tasks no
// longer judged unanswerable); with a step's second candidate kept
// (round thirty-one, tasks31.go) hit@5 57 (0.950). Round sixty-five's
// learned table (learn65a-d) loses one task's fifth place (57 to 56: in
// "Look up the newest release in Sentry ..., then create a GitLab issue
// ...", Sentry's search_issues rises by "newest" and GitLab's create_issue
// leaves the five); the tasks of the tuned-on sets cross-validated: hit@5
// 861 of 995 either way.
func TestRetrievalTune35(t *testing.T) {
	testRetrieval(t, tune35Qs, scores{hit1: 0.88, hit5: 0.93, none: 0})
}

// TestRetrievalTune36 scores a second set of tasks written in round
// twenty-seven, after its first three changes (a task answered step by
// step, the learned words in each step): 42 tasks of two or three steps,
// 27 anchored on tools drawn with shuf (--random-source=<(yes 2727)), 15
// across two backends, written from the tools' descriptions to find what
// the search still misses. Scored at the round's start and after the
// three changes alike: hit@1 32, hit@5 32 of 42 (0.762); after the
// round 32 and 35 (0.762, 0.833: a step's prerequisite, a file step with
// no backend named). Lowered in round thirty-one to 0.80 at hit@5 (34 of
// 42) when extra28's and extra29's words joined the learned table: t36-02
// ("Show me what commit 9f3e2a1 changed in GitLab project web/shop and
// leave a comment on issue 88 about it") lost get_commit_diff to the
// comment step's siblings; back to 0.83 (35 of 42) with the step's second
// candidate kept (tasks31.go), which puts it back. Lowered to 0.80 (34
// of 42) in round thirty-six (tasks36.go): the steps' next candidates
// claim the slots after the tops, closest first, and a near tie of a step
// whose top is wrong (abort-actor-run for "start a run of it", redis's
// get for "save ... to Redis key") takes the slot the whole ranking gave
// the expected tool in t36-05 and t36-37, while t36-34 is gained; the
// tuned-on tasks gain two in all, cross-validated.
func TestRetrievalTune36(t *testing.T) {
	testRetrieval(t, tune36Qs, scores{hit1: 0.76, hit5: 0.80, none: 0})
}

// TestRetrievalExtra26 and TestRetrievalExtra27 score two sets written at
// the start of rounds twenty-seven to twenty-nine by a helper that read
// only the corpus (its README, the dev slice and the servers' tool lists),
// neither the search code nor any other query set, in the dev slice's mix
// each: 52 single requests spread over all 32 servers, 16 tasks of two or
// three steps, 12 requests no tool serves (foreign products, plain
// physical-world tasks, and a named backend asked for what none of its
// tools does, 5 of the 12 in each). Held out through round twenty-nine:
// their misses were not logged, and no round looked at them. Written score (at 45bd730, round
// twenty-six's state): extra26 hit@1 0.794, hit@5 0.912, none 0.667;
// extra27 0.897, 0.985, 0.667. After rounds twenty-seven to twenty-nine,
// measured once at the end, as aggregates: extra26 0.794 / 0.912 / 0.833
// (tasks at hit@5 11 to 13 of 16, single requests 51 to 49 of 52) and
// extra27 0.897 / 0.971 / 0.667 (tasks 15 to 14): together hit@1 115 of
// 136 either way, hit@5 129 to 128, none 16 to 18 of 24. Round
// twenty-seven alone gave 116 / 129 / 16, round twenty-eight alone 115 /
// 129 / 16 (no change), round twenty-nine alone 114 / 128 / 18: the
// rounds' gains on the sets they looked at, as aggregates, forty times
// and more, (hit@1 812 to 825, hit@5 943 to 952 of 1018) did not carry
// over to sets none of them saw, but for round twenty-nine's "none".
// Then spent, as extra20 was: from round thirty on their misses are read
// and they are tuned on, their single requests in the learned table
// (extra26 0.868 / 0.926 / 0.833, extra27 0.956 / 0.971 / 0.667 with their
// words in it; after round thirty 0.897 / 0.941 / 0.833 and 0.956 / 0.971
// / 0.667).
func TestRetrievalExtra26(t *testing.T) {
	testRetrieval(t, extra26Qs, scores{hit1: 0.88, hit5: 0.92, none: 0.83})
}

func TestRetrievalExtra27(t *testing.T) {
	testRetrieval(t, extra27Qs, scores{hit1: 0.95, hit5: 0.97, none: 0.66})
}

// TestRetrievalExtra28 and TestRetrievalExtra29 score two sets written
// blind like extra26 and extra27 (the corpus alone), while round thirty
// spent those: the dev slice's mix, the single requests over tools drawn
// with shuf (--random-source=<(yes 28) and 29) plus one of each server the
// draws missed, the tasks anchored on later draws (six of each set's 16
// across two backends), the 12 "none" mostly products no backend serves
// and physical-world tasks, with two near misses to a named backend in
// each. Held out: their misses are not logged. Written score (at c50959f,
// rounds twenty-seven to twenty-nine merged): extra28 hit@1 0.779, hit@5
// 0.926, none 0.917; extra29 0.838, 0.868, 0.833. After round thirty,
// measured once: 0.794 / 0.926 / 0.917 and 0.853 / 0.868 / 0.833 (hit@1
// 110 to 112 of 136, hit@5 122, none 21 of 24). By kind, as aggregates:
// single requests 0.846 / 0.981 of 104, tasks 0.750 / 0.625 of 32; of the
// 12 tasks missing at hit@5, 4 cross two backends, and 11 of their 13
// missing tools rank 6th to 20th with their backend already in the top 5:
// a sibling tool of the step's backend takes its place. Then spent, in
// round thirty-one: their misses are logged and tuned on, their single
// requests in the learned table (extra28 0.882 / 0.926 / 0.917, extra29
// 0.882 / 0.882 / 0.833 with their words in it; each with its own words
// left out, as TestNoneSweep scores it, the same as blind). With a step's
// second candidate kept (tasks31.go) extra29 0.882 / 0.912 / 0.833.
func TestRetrievalExtra28(t *testing.T) {
	testRetrieval(t, extra28Qs, scores{hit1: 0.88, hit5: 0.92, none: 0.91})
}

func TestRetrievalExtra29(t *testing.T) {
	testRetrieval(t, extra29Qs, scores{hit1: 0.88, hit5: 0.91, none: 0.83})
}
