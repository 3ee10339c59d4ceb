//go:build !linux

package peer

import "net"

// Owner is not known on this system.
func Owner(local, remote net.Addr) (uid int, ok bool) { return 0, false }
