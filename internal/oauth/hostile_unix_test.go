//go:build unix

package oauth

import (
	"strings"
	"syscall"
	"testing"
)

// A record file that is a FIFO is refused, not waited on (opening it for
// reading blocks until a writer comes).
func TestStore_RefusesAFIFO(t *testing.T) {
	const u = "https://mcp.example.com/mcp"
	s, p := newTestStore(t, u)
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatalf("mkfifo: %v", err) // Linux and macOS have FIFOs
	}
	if r, err := s.Load("n", u); r != nil || err == nil || !strings.Contains(err.Error(), p+" is not a regular file") {
		t.Fatalf("Load = %v, %v", r, err)
	}
}
