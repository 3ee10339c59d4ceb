package trust

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile/disktest"
)

// On a full disk a new server's verdict holds (trust on first use, in
// memory) with an error that is ErrNotSaved, and the pins reach the file
// with the next write that can be made. Before, Check returned no
// verdict and the catalog withheld every tool of every new server ("the
// pin store cannot be read: writing pins file …: no space left").
func TestStore_FullDiskVerdictHoldsUnsaved(t *testing.T) {
	dir, ok := disktest.Tmpfs(t, 64<<10)
	if !ok {
		return
	}
	path := filepath.Join(dir, "pins.json")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	fill := disktest.Fill(t, dir)
	v, err := s.Check(id, tools("read", "Reads."), false)
	if !errors.Is(err, ErrNotSaved) {
		t.Fatalf("Check on a full disk: %v, want ErrNotSaved", err)
	}
	if !v.Approved["read"] {
		t.Errorf("verdict %+v, want read approved", v)
	}
	if v, err := s.Check(id, tools("read", "Reads."), false); err != nil || !v.Known || !v.Approved["read"] {
		t.Errorf("second Check: %+v, %v", v, err)
	}
	// A quarantined new tool stays pending, unsaved too.
	if v, err := s.Check(id, tools("read", "Reads.", "write", "Writes."), false); !errors.Is(err, ErrNotSaved) || v.Approved["write"] {
		t.Errorf("a tool added on a full disk: %+v, %v", v, err)
	}
	os.Remove(fill)
	if _, err := s.Check("other", tools("x", "X."), false); err != nil {
		t.Fatal(err)
	}
	other, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := other.Pending(); len(p[id]) != 1 || p[id][0].Tool != "write" {
		t.Errorf("pending in the file once it could be written: %+v", p)
	}
}

// On a read-only state directory a known server's tools are checked
// against the pins file (which reads fine). Before, taking the file's
// lock failed and every tool was withheld.
func TestStore_ReadOnlyChecksKnownPins(t *testing.T) {
	dir, path, _, ok := pinnedOnTmpfs(t)
	if !ok {
		return
	}
	disktest.ReadOnly(t, dir, true)
	ro, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if v, err := ro.Check(id, tools("read", "Reads."), false); err != nil || !v.Approved["read"] {
		t.Errorf("Check on a read-only disk: %+v, %v", v, err)
	}
	if v, err := ro.Check(id, tools("read", "Reads differently."), false); !errors.Is(err, ErrNotSaved) || v.Approved["read"] {
		t.Errorf("a changed tool on a read-only disk: %+v, %v, want it pending, unsaved", v, err)
	}
}

// An approval or an accepted risk the disk refuses is not in effect in
// the process either: before, the status page's Approve reported the
// error while the daemon offered the tools, and asking again found
// nothing pending although the file still listed the change.
func TestStore_RefusedApprovalIsNotInEffect(t *testing.T) {
	dir, _, s, ok := pinnedOnTmpfs(t)
	if !ok {
		return
	}
	if _, err := s.Check(id, tools("read", "Reads differently."), false); err != nil {
		t.Fatal(err)
	}
	fill := disktest.Fill(t, dir)
	if _, err := s.Approve(id, []string{"read"}); !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("Approve on a full disk: %v, want ENOSPC", err)
	}
	if v, _ := s.Check(id, tools("read", "Reads differently."), false); v.Approved["read"] {
		t.Error("the refused approval is in effect")
	}
	os.Remove(fill)
	if _, err := s.Approve(id, []string{"read"}); err != nil {
		t.Errorf("Approve once there is room: %v", err)
	}
}

// No inode left and no state directory yet: a new server's verdict holds
// (ErrNotSaved), as on a disk with no block left. Before, every tool was
// withheld ("the pin store cannot be read: … mkdir …: no space left").
func TestStore_NoInodeLeftVerdictHoldsUnsaved(t *testing.T) {
	dir, ok := disktest.TmpfsInodes(t, 1<<20, 64)
	if !ok {
		return
	}
	s, err := OpenStore(filepath.Join(dir, "state", "switchboard", "pins.json"))
	if err != nil {
		t.Fatal(err)
	}
	disktest.FillInodes(t, dir)
	v, err := s.Check(id, tools("read", "Reads."), false)
	if !errors.Is(err, ErrNotSaved) || !errors.Is(err, syscall.ENOSPC) || !v.Approved["read"] {
		t.Errorf("Check with no inode left: %+v, %v; want read approved, ErrNotSaved naming ENOSPC", v, err)
	}
	if p, err := s.Pending(); err != nil || len(p) != 0 {
		t.Errorf("Pending: %v, %v", p, err)
	}
}

// pinnedOnTmpfs opens a store in a small tmpfs of the test's own and
// pins server id's tool "read" in it; ok is false (the test skipped) when
// no tmpfs can be mounted here.
func pinnedOnTmpfs(t *testing.T) (dir, path string, s *Store, ok bool) {
	t.Helper()
	dir, ok = disktest.Tmpfs(t, 64<<10)
	if !ok {
		return "", "", nil, false
	}
	path = filepath.Join(dir, "pins.json")
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Check(id, tools("read", "Reads."), false); err != nil {
		t.Fatal(err)
	}
	return dir, path, s, true
}
