package cli

import (
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// hideArgs returns line with secret-looking argument values replaced by
// redact.Mask, and the values it hid that are long enough to hide
// elsewhere too (a backend's stderr that echoes them): redact.Args.
func hideArgs(line string) (string, []string) { return redact.Args(line) }

// hideValues replaces each of values in text with redact.Mask.
func hideValues(text string, values []string) string {
	for _, v := range values {
		text = strings.ReplaceAll(text, v, redact.Mask)
	}
	return text
}
