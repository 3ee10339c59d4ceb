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
	fileWriteVerbs = setOf("save write store dump export")
	fileReadVerbs  = setOf("read load")
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
			v := ix.verbs[d]
			if v == 0 {
				v = verbRead // repo_file: a file is read
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
// backends none of which has a file tool of that verb's family.
func (ix *Index) fileStep(c clause, named []int32) []int32 {
	if c.kinds&kindPath == 0 || len(c.named) > 0 || len(named) == 0 || len(ix.fileSrv) == 0 {
		return nil
	}
	var fam verbFamily
	for _, w := range strings.Fields(strings.ToLower(c.text)) {
		w = strings.Trim(w, ",;:!?.'\"")
		if fileWriteVerbs[w] {
			fam = verbCreate | verbUpdate
			break
		}
		if fileReadVerbs[w] {
			fam = verbRead
			break
		}
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
