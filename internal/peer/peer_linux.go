package peer

import (
	"bufio"
	"encoding/binary"
	"encoding/hex"
	"net"
	"net/netip"
	"os"
	"strconv"
	"strings"
)

// Owner returns the uid owning the socket at the other end of the TCP
// connection accepted at local from remote, when both ends are on this
// host; ok is false when it is not known.
func Owner(local, remote net.Addr) (uid int, ok bool) {
	l, r := addrPort(local), addrPort(remote)
	if !l.IsValid() || !r.IsValid() {
		return 0, false
	}
	for _, name := range []string{"/proc/net/tcp", "/proc/net/tcp6"} {
		if uid, ok := find(name, r, l); ok {
			return uid, true
		}
	}
	return 0, false
}

// find looks in a /proc/net/tcp file for the socket whose own address is
// self and whose peer is other, and returns its owner.
func find(name string, self, other netip.AddrPort) (int, bool) {
	f, err := os.Open(name)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Scan() // the header
	for sc.Scan() {
		// sl local_address rem_address st tx:rx tr:when retrnsmt uid ...
		fields := strings.Fields(sc.Text())
		if len(fields) < 8 {
			continue
		}
		if hexAddrPort(fields[1]) != self || hexAddrPort(fields[2]) != other {
			continue
		}
		uid, err := strconv.Atoi(fields[7])
		return uid, err == nil
	}
	return 0, false
}

func addrPort(a net.Addr) netip.AddrPort {
	t, ok := a.(*net.TCPAddr)
	if !ok {
		return netip.AddrPort{}
	}
	ap := t.AddrPort()
	return netip.AddrPortFrom(ap.Addr().Unmap(), ap.Port())
}

// hexAddrPort parses the kernel's "0100007F:1F90": the address as 32-bit
// words printed as numbers of this host's byte order (reversed on a
// little-endian one), the port in hex.
func hexAddrPort(s string) netip.AddrPort {
	a, p, ok := strings.Cut(s, ":")
	port, err := strconv.ParseUint(p, 16, 16)
	b, err2 := hex.DecodeString(a)
	if !ok || err != nil || err2 != nil || len(b) != 4 && len(b) != 16 {
		return netip.AddrPort{}
	}
	for i := 0; i < len(b); i += 4 { // each word as the kernel printed it
		binary.NativeEndian.PutUint32(b[i:], binary.BigEndian.Uint32(b[i:]))
	}
	addr, _ := netip.AddrFromSlice(b)
	return netip.AddrPortFrom(addr.Unmap(), uint16(port))
}
