package search

import (
	"slices"
	"strings"
)

// Round ninety: requests as a coding agent types them into list_tools'
// query box (bench/retrieval-notes.md, round ninety).

// r90Off, when set (tests: R90OFF), turns round ninety's rules off.
var r90Off bool

// refKind is the code host a reference copied from a user's message
// belongs to: owner/repo#123 is GitHub's way of writing an issue or pull
// request (GitLab's issues are written so too, but its merge requests
// are group/project!45, which is GitLab's alone), and a URL's path says
// its host's object (".../-/merge_requests/31" is GitLab's URL form,
// ".../pull/12" GitHub's).
type refKind int

const (
	refNone refKind = iota
	refGitHub
	refGitLab
)

// hostRef returns the code host field f (trimmed of punctuation) is a
// reference of.
func hostRef(f string) refKind {
	f = strings.Trim(f, ".,;:?()[]{}<>\"'`")
	if isURL(f) {
		l := strings.ToLower(f)
		switch {
		case strings.Contains(l, "/-/merge_requests/") || strings.Contains(l, "/-/issues/"):
			return refGitLab
		case strings.Contains(l, "github.com/") && (strings.Contains(l, "/pull/") || strings.Contains(l, "/issues/")):
			return refGitHub
		}
		return refNone
	}
	for _, sep := range []byte{'#', '!'} {
		i := strings.LastIndexByte(f, sep)
		if i <= 0 || i == len(f)-1 || !allDigits(f[i+1:]) {
			continue
		}
		path := f[:i]
		slash := strings.IndexByte(path, '/')
		if slash <= 0 || slash == len(path)-1 || strings.ContainsAny(path, "#!:@") {
			continue
		}
		if sep == '!' {
			return refGitLab
		}
		return refGitHub
	}
	return refNone
}

// refNamed returns the backends the code host references of query name,
// when query names no backend otherwise: "get PR acme/api#42" is about
// GitHub, "approve platform/backend!88" about GitLab. A reference with
// "MR" or "merge request" said is GitLab's.
func (ix *Index) refNamed(query string) []int32 {
	if r90Off || !mayRef(query, false) {
		return nil
	}
	var kind refKind
	for _, f := range strings.Fields(query) {
		if k := hostRef(f); k != refNone {
			kind = k
			break
		}
	}
	switch kind {
	case refGitHub:
		if mergeRequestWords(query) {
			return nil
		}
		out, _ := ix.namedServersWith("GitHub", nil)
		return out
	case refGitLab:
		out, _ := ix.namedServersWith("GitLab", nil)
		return out
	}
	return nil
}

// mergeRequestRef reports whether field f is a GitLab merge request's
// reference with its project (group/project!45).
func mergeRequestRef(f string) bool {
	return !r90Off && strings.IndexByte(f, '!') > 0 && hostRef(f) == refGitLab
}

// productLabel returns query with a colon after a backend's name opening
// it and followed by a verb ("slack delete message in #general": "slack:
// delete message in #general"), as an agent leaves out the colon of the
// label round eighty-two reads; else query. Only the "none" rules read
// it (relevant): round eighty-two measured a label without a colon as
// costly for the ranking.
func (ix *Index) productLabel(query string) string {
	if r90Off || strings.Contains(query, ": ") {
		return query
	}
	q := strings.TrimSpace(query)
	if first, _, _ := strings.Cut(q, " "); len(first) > 24 || isVerb(strings.ToLower(first)) || stopWords[strings.ToLower(first)] {
		return query // the common case, cheaply: a request opening with its verb
	}
	fs := strings.Fields(q)
	if len(fs) < 3 {
		return query
	}
	for n := 1; n <= 2 && n+1 < len(fs); n++ {
		v := strings.ToLower(strings.Trim(fs[n], ".,;:!?\"'`"))
		if !isVerb(v) && !operationVerb(stem(strings.ReplaceAll(v, "-", ""))) {
			continue
		}
		label := strings.Join(fs[:n], " ")
		if strings.ContainsAny(label, ":/#!@.,;()\"'`") {
			return query
		}
		named, _ := ix.namedServersWith(label, nil)
		if len(named) == 0 {
			continue
		}
		// The label is the backend's name and nothing else: each word
		// names it ("azure devops"), none is a verb or a stop word
		// ("using puppeteer", "monthly mongodb").
		if slices.ContainsFunc(lowerWords(label), func(w string) bool {
			if isVerb(w) || stopWords[w] {
				return true
			}
			ns, _ := ix.namedServersWith(w, nil)
			return !slices.Equal(ns, named)
		}) {
			return query
		}
		return label + ": " + strings.Join(fs[n:], " ")
	}
	return query
}

// refObjects are the words that say what a code host reference is of;
// a request saying one of them needs no hint.
var refObjects = setOf(`pr prs pull issue issues mr mrs ticket bug`)

// shortID reports whether field f is an error tracker's issue key
// (Sentry's short ids, "WEB-3F", "API-1Z2": a project's capitals, a
// hyphen, and letters and digits both), not a standard's name ("UTF-8",
// "SHA-256": digits alone) nor a tracker's ticket ("ENG-42").
func shortID(f string) bool {
	f = strings.Trim(f, ".,;:!?()[]{}<>\"'`")
	p, n, ok := strings.Cut(f, "-")
	if !ok || len(p) < 2 || len(n) < 2 || len(n) > 6 {
		return false
	}
	for _, r := range p {
		if (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	if p[0] < 'A' || p[0] > 'Z' {
		return false
	}
	var letter, digit bool
	for _, r := range n {
		switch {
		case r >= 'A' && r <= 'Z':
			letter = true
		case r >= '0' && r <= '9':
			digit = true
		default:
			return false
		}
	}
	return letter && digit
}

// rewriteRefs returns s with the thing each code host reference is of
// said after it, when s says no such thing itself: owner/repo#33 is an
// issue (GitHub's pull requests are issues too: the issue tools close
// them and comment on them), group/project!45 a merge request, a URL
// ".../-/merge_requests/31" or ".../pull/12" the same, ".../issues/7" an
// issue; a Sentry short id an issue. The reference alone is a value, and "close acme/web#33" had
// only "close" for evidence (a browser's close tool first).
func rewriteRefs(s string) string {
	if r90Off || !mayRef(s, true) {
		return s
	}
	fs := strings.Fields(s)
	changed := false
	for i, f := range fs {
		k := hostRef(f)
		if k == refNone {
			if shortID(f) && !slices.ContainsFunc(lowerWords(s), func(w string) bool { return refObjects[w] }) {
				fs[i] = f + " issue"
				changed = true
			}
			continue
		}
		if slices.ContainsFunc(lowerWords(s), func(w string) bool { return refObjects[w] }) {
			return s
		}
		l := strings.ToLower(f)
		thing := "issue or pull request"
		if strings.Contains(l, "/issues/") {
			thing = "issue"
		}
		switch {
		case strings.Contains(l, "/pull/"):
			thing = "pull request"
		case k == refGitLab && !strings.Contains(l, "/-/issues/"):
			thing = "merge request"
		}
		fs[i] = f + " " + thing
		changed = true
	}
	if !changed {
		return s
	}
	return strings.Join(fs, " ")
}

// mayRef reports cheaply, without allocating, whether s may hold a code
// host reference (a "#" or "!" before a digit, a URL's "/-/", "/pull/"
// or "/issues/") or, with ids, a short id (a capital before a hyphen).
func mayRef(s string, ids bool) bool {
	for i := 0; i+1 < len(s); i++ {
		switch c, n := s[i], s[i+1]; {
		case (c == '#' || c == '!') && n >= '0' && n <= '9':
			return true
		case ids && c >= 'A' && c <= 'Z' && n == '-':
			return true
		}
	}
	return strings.Contains(s, "/-/") || strings.Contains(s, "/pull/") || strings.Contains(s, "/issues/")
}

// oneRef reports whether field f is a code host reference (namesOne):
// "acme/api#42" names one pull request or issue as "PR #42" does.
func oneRef(f string) bool {
	return !r90Off && strings.ContainsAny(f, "#!/") && hostRef(f) != refNone
}

// r90Filler turns fillerPenalty on (tests: R90NOFILLER=1 turns it off).
var r90Filler = true

// detailFillers are the words a request says for "all about one thing"
// ("get details for ...", "info on ...").
var detailFillers = setOf(`details detail info information`)

// fillerPenalty lowers (fillerFactor) a tool named for the details of a
// thing the request never says ("get details for sentry issue WEB-3F":
// get_replay_details, get_profile_details): the filler word is the
// request's generic ask, not the tool's object.
func (sc *scorer) fillerPenalty(query string, cands []int32) {
	if r90Off || !r90Filler {
		return
	}
	r := rewritePhrases(query) // the request's rewrite, kept (lastRewrite)
	if !containsFold(r, "detail") && !containsFold(r, "info") {
		return // the common case, without allocating
	}
	var said []int32
	filler := false
	for _, w := range lowerWords(r) {
		filler = filler || detailFillers[w]
		if id, ok := sc.ix.tools.lookup(stem(w)); ok {
			said = append(said, id)
		}
	}
	if !filler {
		return
	}
	ix := sc.ix
	for _, d := range cands {
		tool := ix.docs[d].Tool
		if !containsFold(tool, "detail") && !containsFold(tool, "info") {
			continue // the common case, without allocating
		}
		if !slices.ContainsFunc(nameWordsCased(tool), func(w string) bool { return detailFillers[w] }) {
			continue
		}
		objs := ix.nameObjects(d)
		if len(objs) == 0 || slices.ContainsFunc(objs, func(id int32) bool { return slices.Contains(said, id) }) {
			continue
		}
		sc.score[d] *= fillerFactor
	}
}

// fillerFactor is what fillerPenalty keeps of a score.
const fillerFactor = 0.8
