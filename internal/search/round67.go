package search

import (
	"strings"
	"unicode"
)

// Round sixty-seven: a named backend's action parameters, read for what
// they list. A tool whose operation is the value of an "action" parameter
// (azure-devops's wit_work_item_write, n8n's n8n_manage_folders,
// chrome-devtools' handle_dialog, playwright's browser_tabs) was taken to
// do anything, and so was every other tool of its backend: "delete work
// item 1234 in Azure DevOps" was answered, though the parameter's values
// are create, update, update_batch and add_child. Such a parameter now
// does what its values and its own description say ("Options: link (link
// two work items together), unlink (remove links from a work item)"):
// the words of the values (run_pipeline, createTable), or the words an
// enum-less parameter quotes as its values ("Only 'update' is
// supported"), and the words of its description. A parameter that lists
// no values (zereight-gitlab's list_events: "returns events with the
// specified action type") still does anything, and so does its backend
// (srvOpen). A verb outside the families of verbs.go ("answer the
// dialog", "install the template") is one an operation may do in other
// words, as before; the families' verbs (create, change, delete) are
// judged by the values, in backendDoes and in the object rule
// (nearmiss29.go), which a backend with listed operations no longer
// escapes for those verbs.
//
// Also: "log", "file" or "raise" a bug, an issue or a ticket creates one
// as "open" does (openToCreate); a verb of finding out ("check",
// "compare", "count") is done by a backend with a tool named for reading
// (findsOut); and the last word of an object's phrase after a word the
// named backend's tools are named for is the thing's name even when some
// text of the backend has it ("the Sentry team backend", "the Supabase
// project region": nameAfterObject).

// docOps is what a tool's action parameter selects.
type docOps struct {
	has   bool            // the tool takes an action parameter
	open  bool            // one listing no values: any operation
	words map[string]bool // the stemmed words of its values and its description
	fam   verbFamily      // the verb families of those words
}

// buildOps reads each tool's action parameters (buildActions).
func (ix *Index) buildOps() {
	ix.buildAboutTools()
	ix.buildFirstSaid() // round105.go
	ix.srvOpen = make([]bool, len(ix.servers))
	ix.docOps = make([]docOps, len(ix.docs))
	for i := range ix.docs {
		s := ix.docServer[i]
		for _, p := range ix.docs[i].Params {
			if !actionParams[strings.ToLower(p.Name)] || ix.filterAction(i) {
				continue
			}
			o := &ix.docOps[i]
			o.has = true
			vals := p.Enum
			if len(vals) == 0 {
				vals = quotedWords(p.Description)
			}
			if len(vals) == 0 {
				o.open = true
				ix.srvOpen[s] = true
				continue
			}
			if o.words == nil {
				o.words = map[string]bool{}
			}
			for _, v := range vals {
				for _, w := range camelWords(v) {
					o.add(w)
				}
			}
			for _, w := range lowerWords(p.Description) {
				o.add(w)
			}
		}
	}
}

func (o *docOps) add(w string) {
	t := stem(w)
	o.words[t] = true
	o.fam |= verbStems()[t]
}

// buildThings records the words of each backend's tool names but their
// verbs (after buildNameVerbs).
func (ix *Index) buildThings() {
	ix.srvThings = make([]map[string]bool, len(ix.servers))
	for i := range ix.docs {
		s := ix.docServer[i]
		if ix.srvThings[s] == nil {
			ix.srvThings[s] = map[string]bool{}
		}
		for _, w := range lowerWords(ix.docs[i].Tool) {
			if t := stem(w); verbStems()[t] == 0 && t != ix.nameVerbs[i] {
				ix.srvThings[s][t] = true
			}
		}
	}
}

// opsDo reports whether tool d takes an action parameter (has) and
// whether one of its operations does v, of family f (does): any, for a
// parameter listing no values or a verb outside the families; else the
// word, a synonym of it or a verb of its family among the words of the
// values and the parameter's description ("update_status" updates).
func (ix *Index) opsDo(d int32, v string, f verbFamily) (has, does bool) {
	o := &ix.docOps[d]
	if !o.has {
		return false, false
	}
	if o.open || f == 0 || f&o.fam != 0 {
		return true, true
	}
	for _, t := range verbTerms(v) {
		if o.words[t] {
			return true, true
		}
	}
	return true, false
}

// srvOpsDo reports whether an action parameter of a tool of backend s has
// an operation doing v.
func (ix *Index) srvOpsDo(s int32, v string) bool {
	if !ix.srvActions[s] {
		return false
	}
	f := verbStems()[v]
	for _, d := range ix.srvDocs[s] {
		if _, does := ix.opsDo(d, v, f); does {
			return true
		}
	}
	return false
}

// quotedWords returns the single words an action parameter's
// description quotes ("Only 'update' is supported").
func quotedWords(desc string) []string {
	var out []string
	parts := strings.Split(desc, "'")
	for i := 1; i < len(parts); i += 2 {
		if p := parts[i]; p != "" && !strings.ContainsAny(p, " .,") {
			out = append(out, p)
		}
	}
	return out
}

// camelWords splits an operation's name into its lowercase words
// ("createTable", "run_pipeline", "get-status").
func camelWords(s string) []string {
	var out []string
	var b strings.Builder
	flush := func() {
		if b.Len() > 0 {
			out = append(out, strings.ToLower(b.String()))
			b.Reset()
		}
	}
	for _, r := range s {
		switch {
		case r == '_' || r == '-' || r == ' ' || r == '.':
			flush()
		case unicode.IsUpper(r):
			flush()
			b.WriteRune(r)
		default:
			b.WriteRune(r)
		}
	}
	flush()
	return out
}

// findsOut reports whether v is a verb of finding out outside the
// families ("check", "compare", "count": objectVerbFamilies' reading
// verbs) and backend s has a tool named for reading, which does it.
func (ix *Index) findsOut(s int32, v string) bool {
	if objectVerbFamilies[v] != verbRead || verbStems()[v] != 0 {
		return false
	}
	for _, d := range ix.srvDocs[s] {
		if ix.verbs[d]&verbRead != 0 {
			return true
		}
	}
	return false
}

// namesThing reports whether w, stemmed, is a word of a tool name of one
// of the backends, other than its verb: a kind of thing they hold.
func (ix *Index) namesThing(named []int32, w string) bool {
	for _, s := range named {
		if ix.srvThings[s][w] {
			return true
		}
	}
	return false
}
