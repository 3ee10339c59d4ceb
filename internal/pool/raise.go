package pool

import (
	"fmt"
	"strings"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// raiseHint says how to give a server more time than d, the timeout
// that ran out: field is "startTimeout" or "callTimeout", own whether the
// server's entry set it (else it came from settings). A backend that took
// 10 minutes to answer initialize was "no handshake after 30s: start
// timeout 30s", naming neither the setting nor where it goes.
func raiseHint(spec *config.Server, field string, own bool, d time.Duration) string {
	if spec == nil {
		return ""
	}
	where := fmt.Sprintf("server %q's entry", spec.Name)
	if spec.Source != "" {
		where += " in " + spec.Source
	}
	if own {
		return fmt.Sprintf("%q: %q in %s raises it", field, shortDuration(2*d), where)
	}
	return fmt.Sprintf("%q: %q in %s (or settings.%s, for every server) raises it", field, shortDuration(2*d), where, field)
}

// shortDuration is d as a config value: "1m", not "1m0s".
func shortDuration(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = strings.TrimSuffix(s, "0s")
	}
	if strings.HasSuffix(s, "h0m") {
		s = strings.TrimSuffix(s, "0m")
	}
	return s
}
