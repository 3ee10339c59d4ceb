package search

// Round seventy-nine: a served product asked for an operation none of its
// tools does, said with a verb the families leave out.

// operationVerb reports whether t, the stem of a request's first word,
// is one of the verbs the object rule already knows as an operation of
// its own or a state a tool sets (round32.go's ownOperations, round46.go's
// fieldStates: archive, cancel, invite, merge, pin, schedule, ...): the
// request's verb, even when no determiner or value follows it ("Archive
// HubSpot deal 4412", "Cancel pipeline 991 in GitLab"), as a first word
// of a request is its verb.
func operationVerb(t string) bool {
	return ownOperations[t] || fieldStates[t] || operationWords[t]
}

// operationWords are verbs of operations of their own that no table
// knew: a request starting with one asks it.
var operationWords = stemSet("revoke kick ban unban block unblock uninstall abort grant unwatch unfollow")

// actionsApart reports whether backend s, some tool of which takes an
// action parameter, is still to be judged by its tools for obj and v, a
// verb outside the families: the tools named for obj take no action
// parameter, and no operation any action parameter of s lists says v or
// a synonym of it (nor the product's own word for it). Azure DevOps
// selects its operations by action values (create, update, run_pipeline,
// ...), none on projects, whose only tool, core_list_projects, reads:
// "Archive the Azure DevOps project Legacy" is no operation of it, as
// round sixty-seven's escape for such backends ("install the n8n
// template", "answer the dialog") had it.
func (ix *Index) actionsApart(s int32, obj, v string) bool {
	if !operationVerb(v) {
		return false
	}
	tools := ix.objectToolsOrLead(s, obj)
	if len(tools) == 0 {
		return false
	}
	for _, d := range tools {
		if ix.docOps[d].has {
			return false
		}
	}
	terms := append(verbTerms(v), ix.productMeans(s, v)...)
	for _, d := range ix.srvDocs[s] {
		o := &ix.docOps[d]
		if !o.has {
			continue
		}
		if o.open {
			return false
		}
		for _, t := range terms {
			if o.words[t] {
				return false
			}
		}
	}
	return true
}
