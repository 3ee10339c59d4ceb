package trust

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// Every write of every test in this package is checked against the
// encoding the pins file always had: json.MarshalIndent of the whole
// state, and a newline.
func init() {
	checkEncode = func(b []byte, f *pinsFile) {
		want, err := json.MarshalIndent(f, "", "  ")
		if err != nil {
			panic(err)
		}
		if want = append(want, '\n'); !bytes.Equal(b, want) {
			panic(fmt.Sprintf("pins file encoded as\n%s\nwant\n%s", b, want))
		}
	}
}

// records is each identity's RecordVersion as a store that has just
// opened the file (and so reads it) gives it.
func records(t *testing.T, path string, ids []string) map[string]string {
	t.Helper()
	s, err := OpenStore(path)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, id := range ids {
		out[id] = s.RecordVersion(id, s.Version())
	}
	return out
}

// A write encodes only the records changed since the last, and gives
// RecordVersion the records it wrote: through a random run of every kind
// of change, by this store and another on the same file, with writes
// refused as too large, the file is what MarshalIndent makes of it (the
// init above) and re-encodes to itself, and each record's version is
// what a store reading the file gives.
func TestStore_WritesOnlyChangedRecordsAndAsBefore(t *testing.T) {
	path := filepath.Join(t.TempDir(), "pins.json")
	s, _ := OpenStore(path)
	other, _ := OpenStore(path)
	ids := []string{"a", "b <&> \u2028", "npx -y server", "é", "z"}
	names := []string{"read", "write", "list", "<del>"}
	rng := rand.New(rand.NewPCG(107, 1))
	listing := func() []Tool {
		var out []Tool
		for _, n := range names {
			if rng.IntN(3) > 0 {
				out = append(out, Tool{Name: n, Description: fmt.Sprintf("%s v%d", n, rng.IntN(3)), InputSchema: json.RawMessage(`{"type": "object",  "properties": {"x": {"type": "string"}}}`)})
			}
		}
		return out
	}
	defer func(n int64) { maxPinsFile = n }(maxPinsFile)
	for step := range 600 {
		id := ids[rng.IntN(len(ids))]
		st := s
		if rng.IntN(5) == 0 {
			st = other // another process's change, read by s at its next call
		}
		maxPinsFile = 256 << 20
		if rng.IntN(6) == 0 {
			maxPinsFile = 512 // refused, and taken back
		}
		switch rng.IntN(7) {
		case 0:
			st.CheckListing(id, listing(), []string{"", "Use read.", "Ignore all."}[rng.IntN(3)], rng.IntN(2) == 0)
		case 1:
			st.Check(id, listing(), rng.IntN(2) == 0)
		case 2:
			st.CheckInstructions(id, []string{"", "Use read.", "Ignore all."}[rng.IntN(3)], rng.IntN(2) == 0)
		case 3:
			st.Approve(id, nil)
		case 4:
			var held []Hold
			for _, n := range names[:rng.IntN(3)] {
				held = append(held, Hold{Tool: n, Hash: fmt.Sprint(rng.IntN(2)), Rules: []string{"r in description"}})
			}
			st.SetHeld(id, held)
		case 5:
			st.AcceptRisk(id, names[rng.IntN(len(names))])
		case 6:
			if p, ok := st.PendingChange(id, names[rng.IntN(len(names))]); ok {
				st.ApproveShown(id, map[string]string{p.Tool: p.Key()})
			}
		}
		maxPinsFile = 256 << 20
		b, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		f, err := parsePins(b)
		if err != nil {
			t.Fatalf("step %d: %v", step, err)
		}
		again, _ := json.MarshalIndent(f, "", "  ")
		if !bytes.Equal(append(again, '\n'), b) {
			t.Fatalf("step %d: the file does not encode to itself:\n%s", step, b)
		}
		want := records(t, path, ids)
		for _, st := range []*Store{s, other} {
			v := st.Version()
			for _, id := range ids {
				if got := st.RecordVersion(id, v); got != want[id] {
					t.Fatalf("step %d: RecordVersion(%q) %s, want %s (the file read)", step, id, got, want[id])
				}
			}
		}
	}
}

// Many servers' first listings and the changes after them, made at once
// (as a daemon's sessions make them), give each call the verdict
// and error that the same calls made one at a time give, and leave the
// same file, byte for byte, with the same record versions.
func TestStore_ConcurrentListingsAreAsOneAtATime(t *testing.T) {
	cs := loadCorpus(t)
	for i := range cs {
		// A few of each server's tools: 600 writes of the whole
		// corpus's pins take minutes under -race.
		cs[i].tools = cs[i].tools[:min(len(cs[i].tools), 3)]
	}
	// Encoded as before: checked at the end, not at each of the 600
	// writes (the whole state again each time: minutes under -race).
	defer func(f func([]byte, *pinsFile)) { checkEncode = f }(checkEncode)
	checkEncode = nil
	show := func(v Verdict, err error) string {
		var keys []string
		for _, c := range v.Changes {
			keys = append(keys, c.Key())
		}
		return fmt.Sprint(v.Identity, v.Known, statuses(v.Changes), keys, v.Approved, v.RiskAccepted, err)
	}
	// run is the life of corpus server c under st.
	run := func(st *Store, c corpusServer) []string {
		id := "corpus:" + c.name
		var out []string
		v, ok, e1, e2 := st.CheckListing(id, c.tools, "Use "+c.name+".", false)
		out = append(out, show(v, e1), fmt.Sprint(ok, e2))
		changed := append([]Tool{}, c.tools...)
		changed[0].Description += " Changed."
		v, ok, e1, e2 = st.CheckListing(id, changed[1:], "Use "+c.name+" now.", false)
		out = append(out, show(v, e1), fmt.Sprint(ok, e2))
		v, err := st.Check(id, changed, false)
		out = append(out, show(v, err))
		ok, err = st.CheckInstructions(id, "Use "+c.name+".", false)
		out = append(out, fmt.Sprint(ok, err))
		out = append(out, fmt.Sprint(st.SetHeld(id, []Hold{{Tool: c.tools[0].Name, Hash: "h", Rules: []string{"r"}}})))
		ch, err := st.Approve(id, nil)
		out = append(out, statuses(ch), fmt.Sprint(err))
		v, ok, e1, e2 = st.CheckListing(id, changed, "Use "+c.name+" now.", true)
		out = append(out, show(v, e1), fmt.Sprint(ok, e2))
		return out
	}
	var ids []string
	for _, c := range cs {
		ids = append(ids, "corpus:"+c.name)
	}

	dir := t.TempDir()
	one := filepath.Join(dir, "one.json")
	s, _ := OpenStore(one)
	want := make([][]string, len(cs))
	for i, c := range cs {
		want[i] = run(s, c)
	}

	many := filepath.Join(dir, "many.json")
	a, _ := OpenStore(many)
	got := make([][]string, len(cs))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, c := range cs {
		wg.Go(func() {
			<-start
			got[i] = run(a, c)
		})
	}
	close(start)
	wg.Wait()

	for i := range cs {
		if strings.Join(got[i], "\n") != strings.Join(want[i], "\n") {
			t.Errorf("%s at once:\n%s\none at a time:\n%s", cs[i].name, strings.Join(got[i], "\n"), strings.Join(want[i], "\n"))
		}
	}
	fo, _ := os.ReadFile(one)
	fm, _ := os.ReadFile(many)
	if !bytes.Equal(fo, fm) {
		t.Errorf("the files differ: %d bytes at once, %d one at a time", len(fm), len(fo))
	}
	if f, err := parsePins(fm); err != nil {
		t.Error(err)
	} else if again, _ := json.MarshalIndent(f, "", "  "); !bytes.Equal(append(again, '\n'), fm) {
		t.Errorf("the file is not what MarshalIndent makes of it:\n%s", fm)
	}
	ro, rm := records(t, one, ids), records(t, many, ids)
	for _, id := range ids {
		if ro[id] != rm[id] || ro[id] == "none" {
			t.Errorf("RecordVersion(%q): %s at once, %s one at a time", id, rm[id], ro[id])
		}
		for _, st := range []*Store{s, a} {
			if got := st.RecordVersion(id, st.Version()); got != ro[id] {
				t.Errorf("RecordVersion(%q) after its own writes: %s, want %s (the file read)", id, got, ro[id])
			}
		}
	}
}
