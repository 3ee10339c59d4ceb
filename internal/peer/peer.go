// Package peer tells which user a loopback TCP connection comes from.
// Every local user can connect to a port on 127.0.0.1; the status page
// and the sign-in redirect of `switchboard login` serve only their own
// user's processes (a browser, a curl), whatever the request carries.
//
// Only Linux says (from /proc/net/tcp and tcp6, which list each socket's
// owner); elsewhere, and when the connection is not found there (it
// closed meanwhile, /proc is not mounted), the owner is unknown and
// SameUser reports true: the check only ever refuses a known other user.
package peer

import (
	"context"
	"net"
	"os"
)

// SameUser reports whether the process at the other end of the
// connection accepted at local from remote runs as this process's user
// (or as root), or is not known to run as another user.
func SameUser(local, remote net.Addr) bool {
	uid, ok := Owner(local, remote)
	return !ok || uid == os.Getuid() || uid == 0
}

type otherKey struct{}

// ConnContext is for http.Server.ConnContext: it notes in ctx whether c
// comes from another user's process (see SameUser), which FromOtherUser
// reports for each of the connection's requests. /proc is read once a
// connection, not once a request.
func ConnContext(ctx context.Context, c net.Conn) context.Context {
	if !SameUser(c.LocalAddr(), c.RemoteAddr()) {
		return context.WithValue(ctx, otherKey{}, true)
	}
	return ctx
}

// FromOtherUser reports whether ConnContext found the request's
// connection to come from another user's process.
func FromOtherUser(ctx context.Context) bool {
	v, _ := ctx.Value(otherKey{}).(bool)
	return v
}
