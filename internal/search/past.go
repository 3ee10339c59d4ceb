package search

import "strings"

// A request that uses a verb only in its past form describes a state, not
// the action: "is the release branch protected?", "who approved MR 204?",
// "bring back my paused project", "the migrations applied to the dev
// branch". The tool named for doing that action (protect_branch,
// approve_merge_request, pause_project, apply_migration) is the wrong one:
// the request reads the state (get_protected_branch) or undoes it
// (restore_project). A tool whose name's verb (its first word any verb
// table knows, in its base form) the query uses only in a past form keeps
// verbConflict of its score. verbs.go's withoutParticiples does the same for
// the verb families when it decides which family a query asks for; this
// covers the verbs outside them (protect, approve, pause, link) and holds
// for questions and requests of several steps too.

// buildNameVerbs records, per tool, the stem of its name's verb: the first
// word of its name that is not a word of its backend's name, a prefix
// ("API", "mr") or the first word of at least half its backend's tools
// ("browser_close"), when it is in its base form ("" otherwise).
func (ix *Index) buildNameVerbs() {
	ix.nameVerbs = make([]string, len(ix.docs))
	ix.verbDocs = map[string][]int32{}
	// prefix: per backend, the first word of at least half its tools'
	// names ("browser_click", "browser_close": Playwright's).
	first := make([]map[string]int, len(ix.servers))
	for i := range ix.docs {
		if ws := nameWordsCased(ix.docs[i].Tool); len(ws) > 1 {
			s := ix.docServer[i]
			if first[s] == nil {
				first[s] = map[string]int{}
			}
			first[s][ws[0]]++
		}
	}
	for i := range ix.docs {
		s := ix.docServer[i]
		srv := ix.srvWords[s]
		for j, w := range nameWordsCased(ix.docs[i].Tool) {
			if contains(srv, w) || len(w) < 3 || j == 0 && ix.srvSize[s] > 2 && 2*first[s][w] >= ix.srvSize[s] {
				// n8n_health_check, API-patch-page: a prefix.
				continue
			}
			if !pastForm(w) {
				// get_protected_branch: what the name reads, not a verb.
				ix.nameVerbs[i] = stem(w)
				ix.verbDocs[ix.nameVerbs[i]] = append(ix.verbDocs[ix.nameVerbs[i]], int32(i))
			}
			break
		}
	}
}

// pastForm reports whether lowercase word w is a regular past form
// ("protected", "paused"; not "need", "red" or "feed").
func pastForm(w string) bool {
	return len(w) > 4 && strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "eed")
}

// pastOnly returns the stems of the words query uses only in a past form,
// or nil. A word inside a value ("created_at", "--dry-run") is no word of
// the request.
func pastOnly(query string) map[string]bool {
	if !containsFold(query, "ed") {
		return nil
	}
	var ws []string
	for _, f := range strings.Fields(strings.ToLower(query)) {
		f = strings.Trim(f, ".,;:!?()[]{}<>\"'`")
		if f != "" && strings.IndexFunc(f, func(r rune) bool { return r < 'a' || r > 'z' }) < 0 {
			ws = append(ws, f)
		}
	}
	var past map[string]bool
	for _, w := range ws {
		if pastForm(w) {
			if past == nil {
				past = map[string]bool{}
			}
			past[stem(w)] = true
		}
	}
	if past == nil {
		return nil
	}
	for _, w := range ws {
		if !pastForm(w) {
			delete(past, stem(w))
		}
	}
	return past
}

// pastPenalty lowers the scores of the tools whose name's verb the query
// uses only in a past form.
func (sc *scorer) pastPenalty(query string) {
	past := pastOnly(query)
	if len(past) == 0 {
		return
	}
	// A tool that is no candidate scores 0 and stays so.
	for v := range past {
		for _, d := range sc.ix.verbDocs[v] {
			sc.score[d] *= verbConflict
		}
	}
}
