//go:build unix

package daemon

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"unsafe"

	"golang.org/x/sys/unix"

	text "github.com/switchboard-mcp/switchboard/internal/echo"
)

// markPrefix starts the name of every mark file in the runtime directory.
const markPrefix = "mark-"

// A mark is the number of client lines a daemon session has read off its
// connection, in a small file that the bridge and the daemon both map. The
// daemon stores the count before it handles each line; when the daemon
// dies, the count it left tells the bridge which of its requests the dead
// daemon had read (they may have run: they fail) and which it never read
// (the bridge sends them to the next daemon). A memory store costs no
// system call and wakes no one on the call path.
type mark struct {
	mu  sync.RWMutex // read-held while the mapping is used, write-held to unmap
	mem []byte       // nil once closed
}

// newMark creates a mark file in dir (the daemon's private runtime
// directory) and maps it: the bridge's side. The caller removes the file
// once the daemon has answered the hello (the mappings outlive it).
func newMark(dir string) (*mark, string, error) {
	f, err := os.CreateTemp(dir, markPrefix+"*")
	if errors.Is(err, fs.ErrPermission) {
		// A runtime directory made read-only while the daemon runs.
		return nil, "", fmt.Errorf("mark file: %w: make the directory writable (chmod u+w %s)", err, text.ShellWord(dir))
	}
	if err != nil {
		return nil, "", fmt.Errorf("mark file: %w", err)
	}
	defer f.Close()
	// Allocated, not truncated to size: a sparse file's pages are taken
	// from the file system when the mapping first touches them, and on a
	// full tmpfs (the runtime directory) that touch is a SIGBUS, which
	// killed the bridge and the daemon. Allocating them takes the space
	// now, or fails here with ENOSPC, and the session goes on without a
	// mark.
	if err := allocate(f, markSize); err != nil {
		os.Remove(f.Name())
		return nil, "", fmt.Errorf("mark file %s: %w", f.Name(), err)
	}
	m, err := mapMark(f)
	if err != nil {
		os.Remove(f.Name())
		return nil, "", err
	}
	return m, f.Name(), nil
}

// openMark maps the mark file a bridge named in its hello: the daemon's
// side. Only a regular file of markSize bytes named mark-* directly in dir
// is taken (a hello could name anything, a FIFO that would block the open
// included).
func openMark(dir, path string) (*mark, error) {
	if filepath.Dir(path) != filepath.Clean(dir) || !strings.HasPrefix(filepath.Base(path), markPrefix) {
		return nil, fmt.Errorf("mark file %q is not a %s* file in %s", path, markPrefix, dir)
	}
	f, err := os.OpenFile(path, os.O_RDWR|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, fmt.Errorf("mark file: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("mark file: %w", err)
	}
	if !fi.Mode().IsRegular() || fi.Size() != markSize {
		return nil, fmt.Errorf("mark file %s is not a regular file of %d bytes (%s, %d bytes)", path, markSize, fileKind(fi.Mode()), fi.Size())
	}
	if uid, ok := fileOwner(fi); ok && uid != os.Getuid() {
		return nil, fmt.Errorf("mark file %s is owned by uid %d, not by us", path, uid)
	}
	return mapMark(f)
}

func mapMark(f *os.File) (*mark, error) {
	mem, err := unix.Mmap(int(f.Fd()), 0, markSize, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED)
	if err != nil {
		return nil, fmt.Errorf("mapping mark file %s: %w", f.Name(), err)
	}
	return &mark{mem: mem}, nil
}

// count is the mapped counter (mem is page-aligned).
func (m *mark) count() *uint64 { return m.u64(offLines) }

// u64 and u32 are the mapped words at off (aligned); m.mem is not nil.
func (m *mark) u64(off int) *uint64 { return (*uint64)(unsafe.Pointer(&m.mem[off])) }
func (m *mark) u32(off int) *uint32 { return (*uint32)(unsafe.Pointer(&m.mem[off])) }

// store records that n lines have been read. It does nothing once closed
// (or on a nil mark, as do the other accessors and close).
func (m *mark) store(n uint64) { m.set64(offLines, n) }

// load returns the last count stored by either side.
func (m *mark) load() uint64 { return m.get64(offLines) }

// get64, set64, get32 and set32 read and write the header's words.
func (m *mark) get64(off int) (v uint64) {
	m.with(func(mem []byte) {
		if mem != nil {
			v = atomic.LoadUint64(m.u64(off))
		}
	})
	return v
}

func (m *mark) set64(off int, v uint64) {
	m.with(func(mem []byte) {
		if mem != nil {
			atomic.StoreUint64(m.u64(off), v)
		}
	})
}

func (m *mark) get32(off int) (v uint32) {
	m.with(func(mem []byte) {
		if mem != nil {
			v = atomic.LoadUint32(m.u32(off))
		}
	})
	return v
}

func (m *mark) set32(off int, v uint32) {
	m.with(func(mem []byte) {
		if mem != nil {
			atomic.StoreUint32(m.u32(off), v)
		}
	})
}

// with calls f with the mapping (nil once closed) and keeps it mapped
// until f returns: f may pass it to a system call that blocks.
func (m *mark) with(f func(mem []byte)) {
	if m == nil {
		f(nil)
		return
	}
	m.mu.RLock()
	defer m.mu.RUnlock()
	f(m.mem)
}

// close unmaps the mark; later accessors do nothing. It waits for a with
// in progress.
func (m *mark) close() {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.mem != nil {
		unix.Munmap(m.mem)
		m.mem = nil
	}
}
