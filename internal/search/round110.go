package search

import (
	"strings"
	"sync"
)

// Round 110: the learned table from every set held out before the newest
// batches (learnedgen's heldOut, learned.go), the rules that ask whether a
// backend's tools say a word reading only what more than one request
// taught (learnedRepeated), and a change asked of a product that only
// reads, named or by its category (readOnlyUndone, ownChangeVerbs), and a
// connection string naming the backend of its scheme (schemeServer).

// r110Off switches round 110's rules off, for tests measuring them.
var r110Off = false

// buildRound110 makes room for each backend's repeated learned words,
// which srvLearnedRepeated reads on first use.
func (ix *Index) buildRound110() {
	ix.repeatOnce = make([]sync.Once, len(ix.servers))
	ix.repeatSrv = make([]map[string]bool, len(ix.servers))
}

// srvLearnedRepeated returns the stems some tool of backend s has among its
// learned words more than once (learnedRepeated), built on first use: only
// the rules asking whether a backend's tools say a word read them.
func (ix *Index) srvLearnedRepeated(s int32) map[string]bool {
	ix.repeatOnce[s].Do(func() {
		m := map[string]bool{}
		for _, d := range ix.srvDocs[s] {
			for w := range learnedRepeated(&ix.docs[d]) {
				m[w] = true
			}
		}
		ix.repeatSrv[s] = m
	})
	return ix.repeatSrv[s]
}

// schemeServer returns the backend a connection string's scheme names
// ("mongodb://localhost:27017", "mongodb+srv://...", "postgresql://...",
// "rediss://..."): a backend named as the scheme is, or as its start; -1
// for none, for a web URL and for a word that is no connection string.
func (ix *Index) schemeServer(f string) int32 {
	if r110Off {
		return -1
	}
	scheme, rest, ok := strings.Cut(f, "://")
	if !ok || rest == "" || scheme == "http" || scheme == "https" {
		return -1
	}
	scheme, _, _ = strings.Cut(scheme, "+")
	for s, name := range ix.servers {
		if n := strings.ToLower(name); len(n) >= 4 && strings.HasPrefix(scheme, n) {
			return int32(s)
		}
	}
	return -1
}

// leadPrepositions open a phrase of place or scope before a request's verb
// ("Among the open PRs against main in acme/infra, find ..."): such a first
// word is no verb, whatever its place says.
var leadPrepositions = setOf(`among amongst across within between inside throughout`)
