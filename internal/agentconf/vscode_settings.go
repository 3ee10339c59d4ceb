package agentconf

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// vscodeSettingsNote returns a note when the settings.json beside VS
// Code's mcp.json (mcpPath; the user's, or a workspace's .vscode) holds
// servers under "mcp": {"servers": …}, where VS Code kept them before
// mcp.json; "" when it holds none or cannot be read. init reads mcp.json
// only, and such servers went on running in VS Code beside Switchboard
// without a word.
func vscodeSettingsNote(mcpPath string) string {
	p := filepath.Join(filepath.Dir(mcpPath), "settings.json")
	data, err := readOrNil(p)
	if err != nil || len(data) == 0 {
		return ""
	}
	v, err := parseJSONC(data)
	if err != nil || v.kind != '{' {
		return ""
	}
	var names []string
	for _, m := range v.members {
		if m.key != "mcp" || m.val.kind != '{' {
			continue
		}
		for _, n := range m.val.members {
			if n.key == "servers" && n.val.kind == '{' {
				for _, s := range n.val.members {
					names = append(names, echo.Quote(s.key))
				}
			}
		}
	}
	if len(names) == 0 {
		return ""
	}
	shown := names
	if len(shown) > 5 {
		shown = append(shown[:5:5], fmt.Sprintf("and %d more", len(names)-5))
	}
	noun := "servers"
	if len(names) == 1 {
		noun = "server"
	}
	return fmt.Sprintf("%s holds %d %s under \"mcp\": {\"servers\": …} (%s), where VS Code kept them before %s: init reads %s only and leaves them, so VS Code runs them beside Switchboard; move them into %s (VS Code does it when it starts) and run init again",
		echo.Path(p), len(names), noun, strings.Join(shown, ", "), filepath.Base(mcpPath), echo.Path(mcpPath), echo.Path(mcpPath))
}
