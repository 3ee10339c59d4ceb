package search

import (
	"slices"
	"strings"
)

// A step of a task that saves what the other steps got to a file, or reads
// one for them ("get its dataset items and save them to out/items.json",
// "read flows/wf.json and push it as the n8n workflow"), is a file step. A
// backend the query names serves it only with a tool that writes (or
// reads) files: one taking a path and named for a file (write_file,
// create_or_update_file, get_file_contents). When no named backend has
// one, the step is the file backends' (those of at least fileBackendTools
// tools, most of which take a path: not a design tool that downloads
// images to a folder), as if it named them.

// fileWriteVerbs and fileReadVerbs are the verbs of a file step.
var (
	fileWriteVerbs = setOf("save write store dump export put") // put: round105.go
	fileReadVerbs  = setOf("read load open grab")              // open, grab: round66.go
)

// fileBackendShare is the share of a backend's tools that take a path for
// it to be a file backend, fileBackendTools the fewest tools it has.
const (
	fileBackendShare = 0.6
	fileBackendTools = 4
)

// buildFileTools records, per backend, the verb families of its tools named
// for a file that take a path, and which backends are file backends.
func (ix *Index) buildFileTools(srvDocs [][]int32) {
	ix.srvFileVerbs = make([]verbFamily, len(ix.servers))
	ix.fileSrv = ix.fileSrv[:0]
	for s, ds := range srvDocs {
		paths := 0
		for _, d := range ds {
			if ix.kinds[d]&kindPath == 0 {
				continue
			}
			paths++
			ws := nameWordsCased(ix.docs[d].Tool)
			if !slices.ContainsFunc(ws, func(w string) bool { return w == "file" || w == "files" }) {
				continue
			}
			if slices.Contains(ws, "upload") {
				// upload_file sends a local file to a page or a
				// server: it saves none, nor reads one for other steps.
				continue
			}
			v := ix.verbs[d]
			if v == 0 {
				v = verbRead // repo_file: a file is read
			}
			if v&(verbCreate|verbUpdate) != 0 && commits(ix.docs[d].Params) {
				continue
			}
			ix.srvFileVerbs[s] |= v
		}
		if len(ds) >= fileBackendTools && float64(paths) >= fileBackendShare*float64(len(ds)) {
			ix.fileSrv = append(ix.fileSrv, int32(s))
		}
	}
}

// fileStep returns the file backends a clause of a multi-step query is a
// file step of: a clause that names no backend itself, carries a path and
// leads with a verb of fileWriteVerbs or fileReadVerbs, in a query naming
// no backend ("find arXiv papers on X and save the titles to papers.md":
// the other step's backend, found by its words, need not write files) or
// naming backends none of which has a file tool of that verb's family.
func (ix *Index) fileStep(c clause, named []int32) []int32 {
	if fs := ix.fileStep64(c, named); fs != nil {
		return fs // a local file, or one an earlier step named (round64.go)
	}
	if c.kinds&kindPath == 0 || len(c.named) > 0 || len(ix.fileSrv) == 0 {
		return nil
	}
	if (c.kinds&kindRepo != 0 || repoAfterIn(c.text)) && !r107Off && !localFile(c.text) {
		// "read CONTRIBUTING.md in acme/widgets": a repository's file
		// (round107.go)
		return nil
	}
	var fam verbFamily
	for _, w := range strings.Fields(strings.ToLower(c.text)) {
		w = strings.Trim(w, ",;:!?.'\"")
		if fileWriteVerbs[w] || !r107Off && fileSetVerbs[w] {
			fam = verbCreate | verbUpdate
			break
		}
		if fileReadVerbs[w] {
			fam = verbRead
			break
		}
	}
	if fam == 0 && (c.act == 0 || c.act == otherAction) && pathDestination(c.text) {
		// "summarise them into docs/prisma.md" (round89.go): no
		// verb of another action ("deploy it to supabase/functions/...")
		fam = verbCreate | verbUpdate
	}
	if fam == 0 {
		return nil
	}
	for _, s := range named {
		if ix.srvFileVerbs[s]&fam != 0 || slices.Contains(ix.fileSrv, s) {
			return nil
		}
	}
	return ix.fileSrv
}

// spelledStep returns the backends of the tools among a clause's best whose
// name the clause's own words spell out ("turn the findings into a mind
// map": generate_mind_map) when the clause names no backend, they are not
// of those the query names nor their rivals (rivals), and they spell more
// words of it than of any name of a tool of those.
func (ix *Index) spelledStep(c clause, named []int32, naming, foreign map[string]bool, cands []int32, score []float64) []int32 {
	if len(c.named) > 0 || len(named) == 0 {
		return nil
	}
	own := demoteNaming(ix.queryTermsWith(c.text, foreign), naming)
	var out []int32
	best, bestNamed := 0, 0
	for _, h := range ix.topK(cands, score, spelledDepth) {
		if ix.queryNameCoverage(own, int32(h.Doc)) < spelledName {
			continue
		}
		s, n := ix.docServer[h.Doc], ix.nameWordsSpelled(own, int32(h.Doc))
		if slices.Contains(named, s) {
			bestNamed = max(bestNamed, n)
			continue
		}
		if slices.ContainsFunc(named, func(t int32) bool { return ix.rivals(s, t) }) {
			continue // a named backend's rival: the step is in the other's words (tasks36.go)
		}
		if !r98Off {
			// round98.go: a backend the request does not name counts the
			// objects its tool's name spells, not its verb.
			if n = ix.spelledObjects(own, c.step, named, int32(h.Doc)); n == 0 {
				continue
			}
		}
		if n > best {
			out, best = append(out[:0], s), n
		} else if n == best && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	if best <= bestNamed {
		// A named backend's tool is spelt out by as many words ("click
		// 'Upload CSV'" with Playwright named; "into a mind map" with
		// Tavily named spells tavily_map by one word, generate_mind_map
		// by two): the step is its.
		return nil
	}
	return out
}

// spelledDepth is how far down a clause's ranking spelledStep looks.
const spelledDepth = 20

// nameWordsSpelled is how many words of doc's name the terms qs have.
func (ix *Index) nameWordsSpelled(qs []qterm, doc int32) int {
	n := 0
	for _, id := range ix.nameTerms[doc] {
		if slices.ContainsFunc(qs, func(q qterm) bool {
			return slices.ContainsFunc(q.exps, func(e expansion) bool { return e.id == id && e.w >= 1 })
		}) {
			n++
		}
	}
	return n
}

// commits reports whether a tool with the parameters ps commits what it
// writes to a branch (one it requires): create_or_update_file of a code
// host writes a file of a repository, not the one a step saves to.
func commits(ps []Param) bool {
	return slices.ContainsFunc(ps, func(p Param) bool { return p.Required && strings.EqualFold(p.Name, "branch") })
}
