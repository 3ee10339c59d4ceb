package search

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// cvHeld are the held-out sets: the cross-validation never reads them.
// They are learnedgen's heldOut (the newest sets written blind, freshSets'
// last batches) and nearmiss32 (round thirty-two's, never learned from:
// learnedgen's notLearned). The sets held out before round 110 (the blind
// sets written from the session of 2026-12-05, night, to the seventh
// session of 2026-12-07, and the rounds' own sets, ties61 to none102, each
// still scored by a test of its own with its floors) are learned from and
// folds of the cross-validation since round 110, as the older held-out
// sets have been since round sixty (TestLearnedCurve).
var cvHeld = map[string]bool{"extra82": true, "extra83": true, "tasks109": true, "none110": true, "extra84": true, "extra85": true, "none111": true, "extra86": true, "extra87": true, "none112": true, "extra88": true, "extra89": true, "none113": true, "extra90": true, "extra91": true, "none114": true, "nearmiss32": true}

type cvOpts struct {
	tf      bool // a word once per request that used it, not once per tool (learnedgen's since round sixty)
	minReq  int  // keep a word only if this many requests for the tool used it
	dfMax   int  // drop words the requests of more than this many tools used (0: none)
	tfMax   int  // with tf, count a word at most this often for a tool (0: no cap)
	noSteps bool // leave out the steps of tasks (StepLabels, round sixty-six: each step's words for its tool)
}

// cvStepLabels caches StepLabels of each file's tasks (they depend on the
// corpus alone: an index without learned words pairs them).
var cvStepLabels = map[string][]StepLabel{}

// cvLabelIndex is the index without learned words that pairs them.
var cvLabelIndex *Index

// cvStepCount is how many requests' worth a step's words count (CV_STEPN).
var cvStepCount = 1

// cvStepHalf (CV_STEPHALF): the steps of about half the files only.
var cvStepHalf = false

// stepLabelsOf returns the step labels of the tasks of file f.
func stepLabelsOf(t *testing.T, f string) []StepLabel {
	if ls, ok := cvStepLabels[f]; ok {
		return ls
	}
	var tasks []TaskLabel
	for _, q := range readQueries(t, f) {
		if q.Kind != "multi" || cvSkipQuery[strings.ToLower(strings.TrimSpace(q.Query))] {
			continue
		}
		tl := TaskLabel{Query: q.Query}
		for _, e := range q.Expected {
			tl.Expected = append(tl.Expected, StepLabel{Server: e.Server, Tool: e.Tool})
		}
		tasks = append(tasks, tl)
	}
	if cvLabelIndex == nil {
		cvLabelIndex = newIndex(corpusDocs(t), nil, true) // as StepLabels builds it
	}
	var ls []StepLabel
	for _, tl := range tasks {
		ls = append(ls, cvLabelIndex.stepLabels(tl)...)
	}
	cvStepLabels[f] = ls
	return ls
}

// cvSkipQuery, when set, leaves requests with these texts (lowercased)
// out of cvTable (TestLearnedCurve: the newest blind sets' own requests
// that an older set repeats).
var cvSkipQuery map[string]bool

// cvTable is learnedgen's table from the sets of files but skip.
func cvTable(t *testing.T, files []string, skip string, o cvOpts, keyOf map[ref]string) map[string]string {
	cnt := map[string]map[string]int{}
	scnt := map[string]map[string]int{} // the steps' words
	for _, f := range files {
		if f == skip {
			continue
		}
		for _, q := range readQueries(t, f) {
			if q.Kind != "single" || len(q.Expected) != 1 || cvSkipQuery[strings.ToLower(strings.TrimSpace(q.Query))] {
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
		if o.noSteps || cvStepHalf && len(f)%2 == 0 {
			continue
		}
		for _, l := range stepLabelsOf(t, f) {
			key, ok := keyOf[ref{l.Server, l.Tool}]
			if !ok {
				t.Fatalf("%s: no tool %s/%s", f, l.Server, l.Tool)
			}
			seen := map[string]bool{}
			for _, w := range LearnedWords(l.Text) {
				if seen[w] {
					continue
				}
				seen[w] = true
				if scnt[key] == nil {
					scnt[key] = map[string]int{}
				}
				scnt[key][w] += cvStepCount
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
			if o.tfMax > 0 {
				n = min(n, o.tfMax)
			}
			for range n {
				out = append(out, w)
			}
		}
		sort.Strings(out)
		tbl[k] = strings.Join(out, " ")
	}
	for k, ws := range scnt {
		var out []string
		for w, n := range ws {
			for range n {
				out = append(out, w)
			}
		}
		sort.Strings(out)
		// learnedgen's format: the requests' words, then "|" and the
		// steps' (Index.build).
		tbl[k] = strings.TrimSpace(tbl[k] + " | " + strings.Join(out, " "))
	}
	return tbl
}

// TestLearnedCV is leave-one-set-out cross-validation of the learned
// table's rules over the tuned-on sets (LEARNED_CV=1 runs it; CV_TF=0
// (a word once per tool, as before round sixty), CV_MIN, CV_DFMAX,
// CV_TFMAX, CV_W and CV_B set the variant).
func TestLearnedCV(t *testing.T) {
	if os.Getenv("LEARNED_CV") == "" {
		t.Skip("LEARNED_CV unset")
	}
	o := curveOpts()
	curveWeights(t)
	docs := corpusDocs(t)
	keyOf, files := cvSetup(docs)
	tbl0 := learnedTable
	defer func() { learnedTable = tbl0 }()
	var h1, h5, nn, n, nNone float64
	var single, single1, multi, multi1, multi5 int
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
		multi += s.multi
		multi1 += s.multi1
		multi5 += s.multi5
		line = append(line, fmt.Sprintf("%s %.0f/%.0f t%d/%d", strings.TrimSuffix(filepath.Base(f), "-queries.jsonl"), s.hit1*float64(s.n), s.hit5*float64(s.n), s.multi5, s.multi))
	}
	if os.Getenv("CV_SETS") != "" {
		t.Log(strings.Join(line, ", "))
	}
	t.Logf("CV %+v w=%.2f b=%.2f: hit@1 %.0f hit@5 %.0f of %.0f; none %.0f of %.0f; single hit@1 %d of %d; tasks hit@1 %d hit@5 %d of %d", o, learnedWeight, learnedB[fDesc], h1, h5, n, nn, nNone, single1, single, multi1, multi5, multi)
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
