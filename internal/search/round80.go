package search

import (
	"slices"
	"strings"
)

// Round eighty (bench/retrieval-notes.md): tasks, each step's own ranking.

// stepNumber applies to a step's ranking what the whole request's gets
// from the number of its object (number.go): a step naming one thing by
// its id or number ("Look up GitLab issue 231 in ops/infra and close it")
// wants that thing, not a list (singularPenalty), and one using its
// object's noun as a plural the tools of many (numberBonus). The whole
// request's number was all the steps had, and a task whose other step
// says "issues" or none ranked my_issues and list_issues over get_issue.
func (sc *scorer) stepNumber(c clause, cands []int32) {
	if r80Off {
		return
	}
	number := queryNumber(c.text)
	sc.numberBonus(number, cands)
	// A batch tool's plural is "one or more" (HubSpot's
	// hubspot-batch-update-objects changes contact 9011 alone too): it
	// keeps its score.
	// Nor does a tool of the parts of the thing the id is of
	// (get_merge_request_diffs for "the diff of MR !12"): they are that
	// one thing's.
	var of []int32
	if namesOne(c.text) {
		of = sc.ix.idThings(c.text)
	}
	keep := func(d int32) bool {
		// Only a plural head is lowered.
		h := sc.ix.heads[d]
		return h.plural && h.id >= 0 && (sc.ix.batchTool(d) || sc.ix.partsOf(d, of))
	}
	var kept []float64
	for _, d := range cands {
		if keep(d) {
			kept = append(kept, sc.score[d])
		}
	}
	sc.singularPenalty(c.text, number, cands)
	i := 0
	for _, d := range cands {
		if keep(d) {
			sc.score[d] = kept[i]
			i++
		}
	}
}

// batchTool reports whether tool d's name says it works on a batch of
// things, one or more ("hubspot-batch-read-objects", bulk_publish_...).
func (ix *Index) batchTool(d int32) bool { return ix.batch[d] }

// buildRound80 records what the round's rules ask of every tool, once (a
// step's ranking looks at many): the term ids of its name's words, and of
// those before its last, whether its name says batch or bulk, and the
// backends with a tool taking a channel.
func (ix *Index) buildRound80() {
	ix.nameIDs = make([][]int32, len(ix.docs))
	ix.partIDs = make([][]int32, len(ix.docs))
	ix.batch = make([]bool, len(ix.docs))
	ix.srvChannel = make([]bool, len(ix.servers))
	for i := range ix.docs {
		ws := nameWordsCased(ix.docs[i].Tool)
		for j, w := range ws {
			if w == "batch" || w == "bulk" {
				ix.batch[i] = true
			}
			if id, ok := ix.tools.lookup(stem(w)); ok {
				ix.nameIDs[i] = append(ix.nameIDs[i], id)
				if j < len(ws)-1 {
					ix.partIDs[i] = append(ix.partIDs[i], id)
				}
			}
		}
		for _, p := range ix.docs[i].Params {
			if strings.Contains(strings.ToLower(p.Name), "channel") {
				ix.srvChannel[ix.docServer[i]] = true
			}
		}
	}
}

// antecedentFit lowers, in a step naming its object by a pronoun after a
// step naming it ("Look up GitLab issue 231 in ops/infra and close it"),
// the tools whose names have none of the words the step borrows from
// the step before (c.ante, with their synonyms): the pronoun is the
// object, and a tool of another thing is of another object. "close it"
// ranked resolve_merge_request_thread ("resolve" is to close) over
// update_issue.
func (sc *scorer) antecedentFit(c clause, cands []int32) {
	if r80Off || len(c.ante) == 0 {
		return
	}
	ix := sc.ix
	ids := saidIDs(c.ante)
	if len(ids) == 0 {
		return
	}
	for _, d := range cands {
		if !slices.ContainsFunc(ix.nameIDs[d], func(id int32) bool { return slices.Contains(ids, id) }) {
			sc.score[d] *= anteMiss
		}
	}
}

// anteMiss is the factor antecedentFit leaves a tool of another object.
const anteMiss = 0.9

// r80Off turns the round's rules off (measurements).
var r80Off = false

// channelStep narrows nf, the backends a step is about of those the
// request names, for a step that names none itself and carries a chat
// channel ("... and send the result to #ci-alerts"): a channel is a value
// as a path or an address is (namedFor), and a backend none of whose
// tools takes a channel does not post to one; the request naming GitLab
// for its first step gave the second GitLab's named bonus, and its draft
// notes outranked Slack's post.
func (ix *Index) channelStep(c clause, nf []int32) []int32 {
	if r80Off || len(nf) == 0 || len(c.named) > 0 || !hasChannel(c.step) {
		return nf
	}
	return backendsWhere(nf, ix.takesChannel)
}

// hasChannel reports whether text names a chat channel ("#ci-alerts").
func hasChannel(text string) bool {
	fs := strings.Fields(text)
	for i, f := range fs {
		if isChannel(strings.TrimRight(f, ",;:!?.)")) && !hashtagAt(fs, i) {
			return true
		}
	}
	return false
}

// takesChannel reports whether a tool of backend s has a parameter for a
// channel.
func (ix *Index) takesChannel(s int32) bool { return ix.srvChannel[s] }

// partsOf reports whether tool d's name, before its head word, names one
// of the things of (term ids): the tool's plural head is of that thing's
// parts ("get_merge_request_diffs").
func (ix *Index) partsOf(d int32, of []int32) bool {
	if len(of) == 0 {
		return false
	}
	return slices.ContainsFunc(ix.partIDs[d], func(id int32) bool { return slices.Contains(of, id) })
}

// gitlabStep adds to nf, the backends a step is about, the backends
// "GitLab" names when the step says "MR", "merge request" or "!230" (a
// merge request's reference) and names no backend itself: the words are
// GitLab's own (GitHub's and Azure DevOps's are pull requests), and the
// synonym that gives "MR" its words ("merge request") shares "merge" and
// "request" with GitHub's merge_pull_request and pull request tools, which
// won "Read through all the comments on MR !230 in payments/gateway and
// post a short summary to #payments-dev on Slack" for its first step.
func (ix *Index) gitlabStep(c clause, nf []int32) []int32 {
	if r80Off || len(c.named) > 0 || !mergeRequestWords(c.step) {
		return nf
	}
	gl, _ := ix.namedServersWith("GitLab", nil)
	// GitLab's rivals (GitHub: tasks36.go's rivals) are not what the step
	// is about, whatever tool names it spells (spelledStep).
	nf = slices.DeleteFunc(slices.Clone(nf), func(s int32) bool {
		return !slices.Contains(gl, s) && slices.ContainsFunc(gl, func(g int32) bool { return ix.rivals(s, g) })
	})
	for _, s := range gl {
		if !slices.Contains(nf, s) {
			nf = append(slices.Clip(nf), s)
		}
	}
	return nf
}

// mergeRequestWords reports whether text says "MR", "MRs", "merge
// request(s)" or "!<number>".
func mergeRequestWords(text string) bool {
	for _, f := range strings.Fields(text) {
		f = strings.TrimRight(f, ",;:.?)")
		if len(f) > 1 && f[0] == '!' && allDigits(f[1:]) || mergeRequestRef(f) {
			return true
		}
	}
	ws := lowerWords(text)
	for i, w := range ws {
		if w == "mr" || w == "mrs" {
			return true
		}
		if w == "merge" && i+1 < len(ws) && (ws[i+1] == "request" || ws[i+1] == "requests") {
			return true
		}
	}
	return false
}

// saidIDs returns the term ids of the words qs says themselves: no WordNet
// expansion, no expansion scoped to one backend.
func saidIDs(qs []qterm) []int32 {
	var ids []int32
	for _, q := range qs {
		for _, e := range q.exps {
			if !e.wordnet && e.id >= 0 && e.only == nil {
				ids = append(ids, e.id)
			}
		}
	}
	return ids
}
