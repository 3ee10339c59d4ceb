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
// They are the sets written blind since the session of 2026-12-05, night
// (freshSets), and nearmiss32 (round thirty-two's, never learned from:
// learnedgen's notLearned). The older held-out sets (extra11 to extra25,
// the blind extra30 to extra37 and the rounds' own sets, ties35 to
// vocab58, each still scored by a test of its own) are tuned on and folds
// of the cross-validation since round sixty (TestLearnedCurve). ties61:
// round sixty-one's, TestRetrievalTies61. tasks64b: round sixty-four's,
// TestRetrievalTasks64b. nearmiss67: round sixty-seven's,
// TestRetrievalNearMiss67. vocab68: round sixty-eight's,
// TestRetrievalVocab68. outside69: round sixty-nine's,
// TestRetrievalOutside69. indirect70: round seventy's,
// TestRetrievalIndirect70. steps66: round sixty-six's, TestRetrievalSteps66.
// nearnone74: round seventy-four's, TestRetrievalNearNone74.
// nearmiss71: round seventy-one's, TestRetrievalNearMiss71.
// category72: round seventy-two's, TestRetrievalCategory72.
// tasks73: round seventy-three's, TestRetrievalTasks73.
// nearmiss75: round seventy-five's, TestRetrievalNearMiss75.
// tasks76: round seventy-six's, TestRetrievalTasks76.
// vague81: round eighty-one's, TestRetrievalVague81.
// nearmiss79: round seventy-nine's, TestRetrievalNearMiss79.
// tasks80: round eighty's, TestRetrievalTasks80.
// nearmiss83: round eighty-three's, TestRetrievalNearMiss83.
// terse82: round eighty-two's, TestRetrievalTerse82.
// tasks84: round eighty-four's, TestRetrievalTasks84.
// nearmiss87: round eighty-seven's, TestRetrievalNearMiss87.
// tasks86: round eighty-six's, TestRetrievalTasks86.
// tasks89: round eighty-nine's, TestRetrievalTasks89.
// agent90: round ninety's, TestRetrievalAgent90.
// nearmiss88: round eighty-eight's, TestRetrievalNearMiss88.
// outside94: round ninety-four's, TestRetrievalOutside94.
// mixed96: round ninety-six's, TestRetrievalMixed96.
// mixed97: round ninety-seven's, TestRetrievalMixed97.
// none102: round 102's, TestRetrievalNone102.
// nearmiss92: round ninety-two's, TestRetrievalNearMiss92.
// tasks93: round ninety-three's, TestRetrievalTasks93.
// tasks98: round ninety-eight's, TestRetrievalTasks98.
// tasks101: round one hundred and one's, TestRetrievalTasks101.
// extra64, extra65, tasks99, none99: written blind in the seventh session of 2026-12-06 (freshSets).
// extra66, extra67, tasks100, none100: written blind in the session of 2026-12-07 (freshSets).
// extra68, extra69, tasks103, none103: written blind in the second session of 2026-12-07 (freshSets).
// extra70, extra71, tasks104, none104: written blind in the third session of 2026-12-07 (freshSets).
var cvHeld = map[string]bool{"extra86": true, "extra87": true, "none112": true, "extra84": true, "extra85": true, "none111": true, "extra82": true, "extra83": true, "tasks109": true, "none110": true, "extra80": true, "extra81": true, "none109": true, "extra78": true, "extra79": true, "tasks108": true, "none108": true, "extra76": true, "extra77": true, "tasks107": true, "none107": true, "extra74": true, "extra75": true, "tasks106": true, "none106": true, "extra72": true, "extra73": true, "tasks105": true, "none105": true, "extra70": true, "extra71": true, "tasks104": true, "none104": true, "extra68": true, "extra69": true, "tasks103": true, "none103": true, "extra66": true, "extra67": true, "tasks100": true, "none100": true, "extra64": true, "extra65": true, "tasks99": true, "none99": true, "tasks101": true, "none102": true, "mixed97": true, "tasks98": true, "mixed96": true, "tasks93": true, "nearmiss92": true, "outside94": true, "nearmiss88": true, "agent90": true, "tasks89": true, "tasks86": true, "nearmiss87": true, "tasks84": true, "terse82": true, "nearmiss83": true, "tasks80": true, "category72": true, "tasks73": true, "nearmiss32": true, "ties61": true, "tasks64b": true, "nearmiss67": true, "vocab68": true, "outside69": true, "indirect70": true, "steps66": true, "nearnone74": true, "nearmiss71": true, "nearmiss75": true, "tasks76": true, "vague81": true, "nearmiss79": true, "extra38": true, "extra39": true, "extra40": true, "extra41": true, "nearmiss37": true, "extra42": true, "extra43": true, "extra44": true, "nearmiss44": true, "extra45": true, "extra46": true, "extra47": true, "nearmiss55": true, "extra48": true, "extra49": true, "extra50": true, "extra51": true, "extra52": true, "extra53": true, "extra54": true, "extra55": true, "tasks66": true, "extra56": true, "extra57": true, "tasks71": true, "none71": true, "extra58": true, "extra59": true, "tasks78": true, "none78": true, "extra60": true, "extra61": true, "tasks88": true, "none88": true, "extra62": true, "extra63": true, "tasks97": true, "none97": true}

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
