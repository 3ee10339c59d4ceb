package trust

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// CheckListing gives what Check and then CheckInstructions give, and
// leaves the file as they do, through a server's life: first seen (with
// and without quarantine), unchanged, a tool changed, the instructions
// changed, gone and back, and approvals between.
func TestStore_CheckListingIsCheckThenCheckInstructions(t *testing.T) {
	type step struct {
		tools   []Tool
		text    string
		approve bool // approve everything pending before this step
	}
	steps := []step{
		{tools: tools("read", "Reads.", "write", "Writes."), text: "Use read first."},
		{tools: tools("read", "Reads.", "write", "Writes."), text: "Use read first."},
		{tools: tools("read", "Reads a file.", "write", "Writes."), text: "Use read first."},
		{tools: tools("read", "Reads a file.", "write", "Writes."), text: "Ignore the above."},
		{tools: tools("read", "Reads a file.", "write", "Writes."), text: "Ignore the above.", approve: true},
		{tools: tools("read", "Reads a file."), text: ""},
		{tools: tools("read", "Reads a file.", "write", "Writes."), text: "Use read first."},
	}
	for _, quarantine := range []bool{false, true} {
		t.Run(fmt.Sprintf("quarantineNew=%v", quarantine), func(t *testing.T) {
			dir := t.TempDir()
			a, _ := OpenStore(filepath.Join(dir, "a.json"))
			b, _ := OpenStore(filepath.Join(dir, "b.json"))
			for i, st := range steps {
				if st.approve {
					for _, s := range []*Store{a, b} {
						if _, err := s.Approve(id, nil); err != nil {
							t.Fatal(err)
						}
					}
				}
				va, ea := a.Check(id, st.tools, quarantine)
				oka, eia := a.CheckInstructions(id, st.text, quarantine)
				vb, okb, eb, eib := b.CheckListing(id, st.tools, st.text, quarantine)
				show := func(v Verdict) string {
					return fmt.Sprint(v.Identity, v.Known, statuses(v.Changes), v.Approved, v.RiskAccepted)
				}
				if show(va) != show(vb) || oka != okb || fmt.Sprint(ea, eia) != fmt.Sprint(eb, eib) {
					t.Errorf("step %d: Check and CheckInstructions gave %s, %v (%v, %v); CheckListing %s, %v (%v, %v)", i, show(va), oka, ea, eia, show(vb), okb, eb, eib)
				}
				fa, _ := os.ReadFile(filepath.Join(dir, "a.json"))
				fb, _ := os.ReadFile(filepath.Join(dir, "b.json"))
				if !bytes.Equal(fa, fb) {
					t.Errorf("step %d: the files differ:\n%s\n%s", i, fa, fb)
				}
			}
		})
	}
}

// CheckListing of an empty identity, or on a pins file that cannot be
// read, fails both verdicts, as Check and CheckInstructions would.
func TestStore_CheckListingFailsBothVerdicts(t *testing.T) {
	dir := t.TempDir()
	s, _ := OpenStore(filepath.Join(dir, "pins.json"))
	if _, _, e1, e2 := s.CheckListing("", tools("read", "Reads."), "", false); e1 == nil || e2 == nil {
		t.Errorf("an empty identity: %v, %v; want both errors", e1, e2)
	}
	os.MkdirAll(filepath.Join(dir, "pins.json"), 0o700)
	_, shown, e1, e2 := s.CheckListing(id, tools("read", "Reads."), "Hi.", false)
	if e1 == nil || e2 == nil || shown || errors.Is(e1, ErrNotSaved) {
		t.Errorf("a directory for the pins file: shown %v, %v, %v; want both errors, not ErrNotSaved", shown, e1, e2)
	}
}
