//go:build !linux

package daemon

// Others finds other daemons through /proc, which only Linux has: it
// returns none elsewhere.
func Others(p *Paths, except ...int) []Other { return nil }
