package daemon

import (
	"slices"
	"strconv"
	"strings"
)

// sortSessions orders sessions by their number (s2 before s10).
func sortSessions(s []*sessionInfo) {
	num := func(id string) int { n, _ := strconv.Atoi(strings.TrimPrefix(id, "s")); return n }
	slices.SortFunc(s, func(a, b *sessionInfo) int { return num(a.ID) - num(b.ID) })
}
