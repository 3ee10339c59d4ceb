package roles

// destructiveVerbs are the verbs of a tool's name that delete, overwrite
// or otherwise lose what was there (MCP's "destructive updates", as
// against additive ones: create, add, post, comment), or that run
// arbitrary work (run, execute, apply, deploy).
var destructiveVerbs = set("delete", "remove", "drop", "truncate", "purge", "destroy", "clear", "reset", "erase",
	"wipe", "overwrite", "replace", "update", "edit", "patch", "put", "set", "write", "upsert", "move", "rename",
	"transfer", "merge", "push", "close", "archive", "revoke", "cancel", "disable", "uninstall", "kill", "terminate",
	"unpublish", "revert", "rollback", "discard", "unlink", "detach", "evict", "flush", "run", "execute", "apply",
	"deploy", "restore", "unassign", "force")

// DestructiveName reports whether a tool's name says that it deletes or
// overwrites: the first verb of the name (read and write verbs both
// count, so create_merge_request is additive and get_merge_request reads)
// is a destructive one, or is joined to one by "or" or "and"
// (create_or_update_file). A name without a verb is not. It stands in for
// destructiveHint where a server does not give it: the MCP default for a
// tool that is not read-only is destructive, but most such tools are
// not, and a confirmation for each would be accepted blindly.
func DestructiveName(name string) bool {
	ws := words(name)
	for i, w := range ws {
		switch {
		case destructiveVerbs[w]:
			return true
		case readVerbs[w] || writeVerbs[w]:
			return i+2 < len(ws) && (ws[i+1] == "or" || ws[i+1] == "and") && destructiveVerbs[ws[i+2]]
		}
	}
	return false
}
