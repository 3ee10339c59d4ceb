package cli

import (
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// commandAliases are commands people type that Switchboard names
// otherwise: `switchboard status` said "unknown command" and the whole
// list, leaving the user to guess that it is `daemon status` or
// `servers`.
var commandAliases = map[string]string{
	"status":    "switchboard daemon status (the daemon and its sessions) or switchboard servers (each server's state)",
	"ps":        "switchboard servers, or switchboard daemon status",
	"ls":        "switchboard servers (the configured servers) or switchboard list (their tools)",
	"tools":     "switchboard list",
	"rm":        "switchboard remove NAME",
	"delete":    "switchboard remove NAME",
	"del":       "switchboard remove NAME",
	"uninstall": "switchboard init --undo (take Switchboard out of your agents), or switchboard remove NAME (a server)",
	"edit":      "switchboard add NAME --force … (replace a server), enable NAME, disable NAME or remove NAME; or edit the file switchboard servers names",
	"set":       "switchboard add NAME --force …",
	"setup":     "switchboard init",
	"install":   "switchboard init (register Switchboard in your agents), or switchboard add NAME -- COMMAND (a server)",
	"register":  "switchboard init",
	"import":    "switchboard init",
	"log":       "switchboard logs",
	"check":     "switchboard doctor",
	"stop":      "switchboard daemon stop",
	"restart":   "switchboard daemon stop (the next agent session starts it again)",
	"start":     "switchboard serve (what an agent runs), or switchboard ui",
	"run":       "switchboard exec (a script), or switchboard skills run NAME",
	"upgrade":   "switchboard version (this binary); a new binary takes over from the running daemon at the next agent session",
	"update":    "switchboard version (this binary); a new binary takes over from the running daemon at the next agent session",
	"config":    "switchboard servers (where each server is configured), or switchboard add",
	"auth":      "switchboard login SERVER",
	"signin":    "switchboard login SERVER",
	"sign-in":   "switchboard login SERVER",
	// A new user's first mistake taken back: there is no undo command.
	"undo":     undoHint,
	"revert":   undoHint,
	"rollback": undoHint,
	"restore":  undoHint,
}

// undoHint is how each write of Switchboard's is taken back.
const undoHint = "switchboard init --undo (take back what init did); add, remove, enable and disable each print the backup they made of the file they changed (\"previous content: FILE\"): copy it back over that file to take one back"

// unknownCommandHint is what an unknown command name adds to its error: the
// command meant, by the aliases above or a command within two edits
// (one for names of up to four letters); else "".
func unknownCommandHint(name string) string {
	if len(name) > 64 {
		return ""
	}
	if a, ok := commandAliases[strings.ToLower(name)]; ok {
		return "; did you mean " + a + "?"
	}
	best, bestD := "", 3
	for _, c := range commands() {
		if c.hidden {
			continue
		}
		limit := 2
		if len(c.name) <= 4 {
			limit = 1
		}
		if d := echo.Distance(strings.ToLower(name), c.name); d <= limit && d < bestD {
			best, bestD = c.name, d
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean switchboard " + best + "?"
}
