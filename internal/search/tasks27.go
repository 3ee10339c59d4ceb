package search

// A request of several steps ("run a SQL query for the monthly signups and
// chart them as a line chart") spreads its words over several tools, one
// a step, so no one tool covers much of it: the whole request's best tool
// may fall short of the relevance bounds, which are set for a request one
// tool serves, and the backend of one step need not do another step's
// verb ("find the .ts files and lint them with ESLint": ESLint finds
// nothing). stepsRelevant judges such a request step by step instead.

// stepsRelevant reports whether every step of a request of several steps
// (info, its clauses as rank split them) is answerable on its own: each
// step's text, ranked as a request of its own, has a relevant best tool
// that matches two or more of the step's own words (not its values, nor
// the hints they give). A short step passes the coverage bound on one
// word ("send it to Pierre"), which is no evidence of a step a tool does.
// A product, a channel or a kind of value no tool serves (unserved, the
// products the whole query names that no backend serves) still rules out
// the whole request, however its steps read.
func (ix *Index) stepsRelevant(query string, unserved [][]string, info []clause) bool {
	if len(info) < 2 || len(unserved) > 0 || ix.foreignChannel(query) || ix.productArticle(query) {
		return false
	}
	if _, _, _, kinds := queryTokensKinds(query); kinds&kindPhone != 0 && ix.allKinds&kindPhone == 0 {
		return false
	}
	for _, c := range info {
		r := ix.rank(c.text, 1)
		if r == nil || !r.relevant || len(r.hits) == 0 {
			return false
		}
		var own []qterm
		for _, q := range ix.queryTerms(c.text) {
			if q.weight >= 1 {
				own = append(own, q)
			}
		}
		if ix.matchedTerms(own, r.hits[0].Doc) < 2 {
			return false
		}
	}
	return true
}
