package search

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// cvHeld are the held-out sets: the cross-validation never reads them
// (nearmiss32 with them: round thirty-two's held-out set, never learned;
// ties35: round thirty-five's, TestRetrievalTies35; tasks36: round
// thirty-six's, TestRetrievalTasks36; backends38: round thirty-eight's,
// TestRetrievalBackends38; verbs39: round thirty-nine's, TestRetrievalVerbs39;
// steps40: round forty's, TestRetrievalSteps40; tasks44: round
// forty-four's, TestRetrievalTasks44; ties45: round forty-five's,
// TestRetrievalTies45; nearmiss46: round forty-six's, TestRetrievalNearMiss46; names49: round forty-nine's, TestRetrievalNames49;
// pairs51: round fifty-one's, TestRetrievalPairs51;
// words53: round fifty-three's, TestRetrievalWords53;
// vocab58: round fifty-eight's, TestRetrievalVocab58;
// steps52: round fifty-two's, TestRetrievalSteps52;
// tasks48: round forty-eight's, TestRetrievalTasks48;
// tasks64b: round sixty-four's, TestRetrievalTasks64b).
var cvHeld = map[string]bool{"nearmiss32": true, "extra11": true, "extra12": true, "extra13": true, "extra14": true, "extra15": true, "extra16": true, "extra17": true, "extra18": true, "extra19": true, "extra21": true, "extra22": true, "extra23": true, "extra24": true, "extra25": true, "extra30": true, "extra31": true, "extra32": true, "extra33": true, "extra34": true, "extra35": true, "extra36": true, "extra37": true, "ties35": true, "tasks36": true, "backends38": true, "verbs39": true, "steps40": true, "tasks44": true, "extra38": true, "extra39": true, "extra40": true, "extra41": true, "nearmiss37": true, "tasks48": true, "ties45": true, "nearmiss46": true, "names49": true, "extra42": true, "extra43": true, "extra44": true, "nearmiss44": true, "extra45": true, "extra46": true, "extra47": true, "nearmiss55": true, "pairs51": true, "words53": true, "steps52": true, "single57": true, "far59": true, "extra48": true, "extra49": true, "vocab58": true, "tasks64b": true}

type cvOpts struct {
	tf     bool // a word once per request that used it, not once per tool
	minReq int  // keep a word only if this many requests for the tool used it
	dfMax  int  // drop words the requests of more than this many tools used (0: none)
}

// cvTable is learnedgen's table from the sets of files but skip.
func cvTable(t *testing.T, files []string, skip string, o cvOpts, keyOf map[ref]string) map[string]string {
	cnt := map[string]map[string]int{}
	for _, f := range files {
		if f == skip {
			continue
		}
		for _, q := range readQueries(t, f) {
			if q.Kind != "single" || len(q.Expected) != 1 {
				continue
			}
			key, ok := keyOf[q.Expected[0]]
			if !ok {
				t.Fatalf("%s: no tool %v", f, q.Expected[0])
			}
			seen := map[string]bool{}
			for _, w := range LearnedWords(q.Query) {
				if seen[w] {
					continue
				}
				seen[w] = true
				if cnt[key] == nil {
					cnt[key] = map[string]int{}
				}
				cnt[key][w]++
			}
		}
	}
	df := map[string]int{}
	for _, ws := range cnt {
		for w := range ws {
			df[w]++
		}
	}
	tbl := map[string]string{}
	for k, ws := range cnt {
		var out []string
		for w, n := range ws {
			if n < o.minReq || (o.dfMax > 0 && df[w] > o.dfMax) {
				continue
			}
			if !o.tf {
				n = 1
			}
			for range n {
				out = append(out, w)
			}
		}
		sort.Strings(out)
		tbl[k] = strings.Join(out, " ")
	}
	return tbl
}

// TestLearnedCV is leave-one-set-out cross-validation of the learned
// table's rules over the tuned-on sets (LEARNED_CV=1 runs it; CV_TF,
// CV_MIN, CV_DFMAX, CV_W and CV_B set the variant).
func TestLearnedCV(t *testing.T) {
	if os.Getenv("LEARNED_CV") == "" {
		t.Skip("LEARNED_CV unset")
	}
	o := cvOpts{tf: os.Getenv("CV_TF") != "", minReq: 1}
	if v := os.Getenv("CV_MIN"); v != "" {
		o.minReq, _ = strconv.Atoi(v)
	}
	if v := os.Getenv("CV_DFMAX"); v != "" {
		o.dfMax, _ = strconv.Atoi(v)
	}
	w0, b0 := learnedWeight, learnedB
	defer func() { learnedWeight, learnedB = w0, b0 }()
	if v := os.Getenv("CV_W"); v != "" {
		learnedWeight, _ = strconv.ParseFloat(v, 64)
	}
	if v := os.Getenv("CV_B"); v != "" {
		b, _ := strconv.ParseFloat(v, 64)
		learnedB[fDesc] = b
	}
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	var h1, h5, nn, n, nNone float64
	var single, single1 int
	var line []string
	for _, f := range files {
		qs := readQueries(t, f)
		learnedTable = cvTable(t, files, f, o, keyOf)
		s := evaluate(New(docs, nil), qs, func(string) {})
		h1 += s.hit1 * float64(s.n)
		h5 += s.hit5 * float64(s.n)
		nn += s.none * float64(s.nNone)
		n += float64(s.n)
		nNone += float64(s.nNone)
		single += s.single
		single1 += s.single1
		line = append(line, fmt.Sprintf("%s %.0f/%.0f", strings.TrimSuffix(filepath.Base(f), "-queries.jsonl"), s.hit1*float64(s.n), s.hit5*float64(s.n)))
	}
	if os.Getenv("CV_SETS") != "" {
		t.Log(strings.Join(line, ", "))
	}
	t.Logf("CV %+v w=%.2f b=%.2f: hit@1 %.0f hit@5 %.0f of %.0f; none %.0f of %.0f; single hit@1 %d of %d", o, learnedWeight, learnedB[fDesc], h1, h5, n, nn, nNone, single1, single)
}

// cvSetup is what a leave-one-set-out run needs: each corpus tool's
// learned key, and the query sets tuned on (the dev slice with them).
func cvSetup(docs []Doc) (map[ref]string, []string) {
	keyOf := map[ref]string{}
	for _, d := range docs {
		keyOf[ref{d.Server, d.Tool}] = LearnedKey(d.Tool, d.Params)
	}
	all, _ := filepath.Glob("testdata/*-queries.jsonl")
	var files []string
	for _, f := range all {
		if !cvHeld[strings.TrimSuffix(filepath.Base(f), "-queries.jsonl")] {
			files = append(files, f)
		}
	}
	return keyOf, append(files, devQueries)
}
