package search

import "strings"

// Round thirty-eight: the right backend first for one-step requests that
// name none, by the kinds of values the request carries.
//
// Kind fit. "look at the picture assets/logo.png", "Show me the contents
// of /etc/nginx/nginx.conf", "make a folder build/output/reports": a tool
// of another backend (figma's download_figma_images, github's
// get_file_contents, n8n's n8n_manage_folders) scores a little above the
// tool the request's values fit, found by the words it shares with it
// ("picture", "contents", "folder"). The request's values say which one
// it can call: a local path fills a parameter taking a path, a key with
// colons ("session:42") one taking a key, a SQL statement one taking SQL,
// a repository slug one taking a repository (kinds.go). A tool's kind fit
// is the number of the request's kinds of values it takes less the number
// of its required parameters none of them fills: read_media_file takes
// the path and needs nothing else (1), download_figma_images takes it too
// but needs a file key and node ids the request does not give (-1), and
// get_file_contents needs an owner and a repository besides the path (-1)
// unless the request names one ("the docs/ folder of octocat/hello-world":
// 2 against list_directory's 1).
//
// When a one-step request names no backend and carries values of some
// kind, the first hit is followed, within kindMargin of its score and
// among the first kindDepth, by the first tool of another backend whose
// kind fit is higher than its own, and which takes a kind of the
// request's values that it does not. Otherwise nothing changes: a named
// backend decides by its name, and tools of one backend are told apart
// by round thirty-five's schema fit.
const (
	kindMargin = 0.75
	kindDepth  = 5
)

// fitKinds are the kinds of values kind fit reads: those of one backend's
// own (a local path, a key with colons, SQL), not a URL, which crawlers,
// browsers and fetchers all take, nor a repository slug, which GitLab's
// tools take as a project.
const fitKinds = kindPath | kindKey | kindSQL

// slugPaths reports whether every path of query is shaped like a
// repository's slug ("in acme/web"): a project's name more than a folder.
func slugPaths(query string) bool {
	for _, f := range strings.Fields(query) {
		f = strings.Trim(f, ".,;:!?()[]{}<>\"'`")
		if isPath(f) && !isProduct(f) && !isRepoSlug(f) {
			return false
		}
	}
	return true
}

// kindFit returns how many of the kinds k tool d takes in a required
// parameter and how many of its required parameters values of those kinds
// leave empty.
func (ix *Index) kindFit(d int32, k valueKind) (filled, empty int) {
	f := ix.kindFill[d]
	empty = int(f.required)
	for b := range f.byKind {
		if k&(1<<b) != 0 && f.byKind[b] > 0 {
			filled++
			empty -= int(f.byKind[b])
		}
	}
	return filled, max(empty, 0)
}

// kindFirst raises, in score, the first of hits after the first, among
// kindDepth and within kindMargin of the first's score, of another backend
// than the first hit's, that fits the kinds k of the request's values
// better than the first hit and takes a kind of them it does not, to just
// above the first hit's score, and reports whether one did. The caller
// ranks the candidates again.
func (ix *Index) kindFirst(query string, k valueKind, hits []Hit, score []float64) bool {
	k &= fitKinds
	if k&kindPath != 0 && slugPaths(query) {
		k &^= kindPath
	}
	if k == 0 || len(hits) < 2 {
		return false
	}
	top := hits[0]
	t := int32(top.Doc)
	tf, te := ix.kindFit(t, k)
	for i := 1; i < len(hits) && i < kindDepth; i++ {
		d := int32(hits[i].Doc)
		if ix.docServer[d] == ix.docServer[t] || hits[i].Score < kindMargin*top.Score {
			continue
		}
		f, e := ix.kindFit(d, k)
		if f-e > tf-te && f > 0 && k&ix.kinds[t] == 0 {
			score[d] = top.Score * 1.0001
			return true
		}
	}
	return false
}
