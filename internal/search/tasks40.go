package search

import (
	"regexp"
	"slices"
)

// Round forty (docs/architecture.md, Search): the steps a request
// implies, by "me" and by a URL.
//
// Tasks are answered at five only when every step's tool is there, and a
// step the request does not say is one no step's words can find. Counted
// on the tuned-on sets (30 tasks of 365 missed at five, cross-validated),
// the misses were near ties within a step and a step's runner-up
// outranked by another step's siblings (about 12), word meaning ("read
// the page structure", "count ... per category": about 7), a step of a
// second backend whose ranking the other steps' words took (about 5), and
// a step only implied (about 5: the user behind "assigned to me", the
// page a screenshot of a URL opens, the local file a path names).
//
// A request for what is assigned to, owned by or created by the user
// ("create a HubSpot task assigned to me", "close the issues assigned to
// me") needs the user first: a tool that identifies the user the backend
// knows by its token (whoami, API-get-self, hubspot-get-user-details).
// When the first hit's backend has such a tool, the hits lack it and no
// hit serves the user itself (a description naming "the authenticated
// user" or "the current user": GitLab's my_issues), it takes the place of
// the last hit that is neither the first hit nor a step's tool, as a
// prerequisite a description names does (withStepPrereqs).
//
// A step carrying a URL its tool does not take ("take a screenshot of
// https://acme.io/pricing with Puppeteer") needs the page opened first:
// the best-scoring tool of the same backend that takes a URL
// (puppeteer_navigate) takes that place too, unless a hit of the backend
// takes one (withOpened).
//
// Cross-validated over the tuned-on sets, tasks hit@5 335 to 337 of 365
// (all requests 3176 to 3178 of 3285); every held-out and blind
// aggregate, and steps40 (hit@1 28, hit@5 31 of 40), unchanged. A local
// path its step's tool does not take read by a file backend's tool (the
// same rule for paths) lost a tuned-on task and an older held-out hit@5.

// meAsked matches a request's words asking for what is the user's.
var meAsked = regexp.MustCompile(`(?i)\b(assigned|assign it|assign them|owned|created|opened|reported|requested|mentioning|mentions)\s+(to|by)?\s*(me|myself)\b`)

// identityLead is how far into a description identityTool is looked for.
const identityLead = 200

// identityTool matches the start of a tool description (identityLead) that
// identifies the user of the backend's token.
var identityTool = regexp.MustCompile(`(?i)(identify the authenticated user|current authenticated user|token's bot user|current [a-z]+ access token)`)

// servesUser matches a description that acts for the user itself.
var servesUser = regexp.MustCompile(`(?i)(the authenticated user|the current user)`)

// withMe gives the identity tool of the first hit's backend the last
// place a step's tool does not hold, when query asks for what is the
// user's (meAsked) and no hit has it or serves the user itself.
func (ix *Index) withMe(query string, hits []Hit, tops []int32, score []float64) []Hit {
	if len(hits) < 2 || !meAsked.MatchString(query) {
		return hits
	}
	id := int32(-1)
	for _, d := range ix.srvDocs[ix.docServer[hits[0].Doc]] {
		if desc := ix.docs[d].Description; identityTool.MatchString(desc[:min(len(desc), identityLead)]) {
			id = d
			break
		}
	}
	if id < 0 || slices.ContainsFunc(hits, func(h Hit) bool {
		return h.Doc == int(id) || servesUser.MatchString(ix.docs[h.Doc].Description)
	}) {
		return hits
	}
	return ix.intoLastFree(hits, tops, id, score)
}

// withOpened gives a step whose value is a URL that its tool does not
// take ("take a screenshot of https://acme.io/pricing with Puppeteer":
// the screenshot tool takes no URL) the tool of the same backend that
// takes one and scores best (puppeteer_navigate), in the last place no
// step's tool holds, when the hits hold no tool of that backend taking a
// URL: the page is opened first. A request of one step is its own step.
func (ix *Index) withOpened(query string, hits []Hit, clauseHits [][]Hit, info []clause, tops []int32, score []float64) []Hit {
	type step struct {
		top   int
		kinds valueKind
	}
	var steps []step
	if len(clauseHits) == 0 {
		if len(hits) > 0 {
			_, _, _, k := queryTokensKinds(query)
			steps = append(steps, step{hits[0].Doc, k})
		}
	}
	for i, hs := range clauseHits {
		steps = append(steps, step{ix.stepTop(hs, info[i], hits[0]).Doc, info[i].kinds})
	}
	for _, st := range steps {
		if st.kinds&kindURL == 0 || ix.kinds[st.top]&kindURL != 0 {
			continue
		}
		srv := ix.docServer[st.top]
		if slices.ContainsFunc(hits, func(h Hit) bool { return ix.docServer[h.Doc] == srv && ix.kinds[h.Doc]&kindURL != 0 }) {
			continue
		}
		best := int32(-1)
		for _, d := range ix.srvDocs[srv] {
			if ix.kinds[d]&kindURL != 0 && (best < 0 || score[d] > score[best]) {
				best = d
			}
		}
		if best < 0 {
			continue
		}
		hits = ix.intoLastFree(hits, tops, best, score)
	}
	return hits
}
