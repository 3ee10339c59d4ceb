package agentconf

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

// Undo is a structural patch against each file as it is now: it takes
// out the entries init added and puts back the entries init removed,
// in the reverse order of the edits recorded by every init of the
// scope, and leaves everything else (what the agent or the user wrote
// since) as it is.

// edit is one change init made to one entry of a file.
type edit struct {
	Key  []string `json:"key"`  // where the entries are
	Name string   `json:"name"` // the entry
	// Before is the entry before init; nil: it did not exist.
	Before *entryRec `json:"before,omitempty"`
	// After is what init left; nil: init removed the entry.
	After *entryRec `json:"after,omitempty"`
	// Created counts the objects on Key that init created for After.
	Created int `json:"created,omitempty"`
}

// entryRec is one entry as recorded: its value as canonical JSON and
// its source text in the file.
type entryRec struct {
	Value string `json:"value"`
	Text  string `json:"text,omitempty"`
	// Lead is the comment lines above it (JSONC).
	Lead string `json:"lead,omitempty"`
	// Next is the line that followed it (TOML), where it goes back.
	Next string `json:"next,omitempty"`
	// Prev is the line before it (TOML), after which it goes back, when
	// no line followed it (keys inside a table).
	Prev string `json:"prev,omitempty"`
	// Follow is the entry that followed it (JSONC), where it goes back.
	Follow string `json:"follow,omitempty"`
}

func (r *entryRec) decoded() map[string]any {
	var m map[string]any
	d := json.NewDecoder(strings.NewReader(r.Value))
	d.UseNumber()
	_ = d.Decode(&m)
	return m
}

// ErrUndoConflict is returned (wrapped) by Undo when a file changed so
// that our edits cannot be taken back without losing someone's: nothing
// is written then.
var ErrUndoConflict = errors.New("cannot undo without losing changes made since init")

// undoFile is the outcome of undoing one manifest file in memory.
type undoFile struct {
	mf     *manifestFile
	base   []byte // the content the patch was computed from; nil: missing
	out    []byte
	remove bool // delete the file (init created it and nothing else is left)
	notes  []string
	done   []string // what was taken out and put back
	// conflicts are reasons the file cannot be patched.
	conflicts []string
}

func newDocFor(format byte, key []string, data []byte) (doc, error) {
	s := spec{key: key, dialect: &dialect{format: format}}
	return newDoc(data, s)
}

// patch computes the undo of mf against data (nil: the file is missing).
func patch(mf *manifestFile, data []byte) *undoFile {
	u := &undoFile{mf: mf, base: data}
	format := byte('j')
	if mf.Format != "" {
		format = mf.Format[0]
	}
	if data == nil {
		if mf.Existed && !mf.Ours {
			u.conflicts = append(u.conflicts, "it was deleted after init; the servers init moved out of it cannot be put back")
			return u
		}
		if mf.Ours {
			u.notes = append(u.notes, fmt.Sprintf("%s was deleted after init: nothing to take out of it", echo.Path(mf.Path)))
		}
		return u
	}
	content := data
	if blank(content) && mf.Fresh != "" {
		content = []byte(mf.Fresh)
	}
	// Entries are taken out newest edit first; the ones to put back are
	// inserted afterwards in the order init removed them, so they come
	// back in their old order (appended, in YAML and where no neighbour is
	// known), except in TOML: there each goes back next to a line that was
	// beside it when init removed it (the line that followed it, or the
	// one before it), which may be a server init removed later, so they go
	// back newest first. In removal order, a Codex server went back before
	// a table that followed the last one, and the servers before it at the
	// end. pending holds those, by key and name.
	type insert struct {
		e    edit
		done bool
	}
	var inserts []*insert
	pending := map[string]*insert{}
	for i := len(mf.Edits) - 1; i >= 0; i-- {
		e := mf.Edits[i]
		id := dotted(e.Key) + "\x00" + e.Name
		d, err := newDocFor(format, e.Key, content)
		if err != nil {
			u.conflicts = append(u.conflicts, fmt.Sprintf("it cannot be read any more (%v)", err))
			return u
		}
		cur, err := entryValue(d, e.Name)
		if err != nil {
			u.conflicts = append(u.conflicts, fmt.Sprintf("%s cannot be read any more (%v)", dotted(e.Key), err))
			return u
		}
		p := pending[id]
		if p != nil {
			cur = p.e.Before.decoded()
		}
		where := dotted(append(append([]string{}, e.Key...), e.Name))
		want := "" // what init left, as canonical JSON
		if e.After != nil {
			want = e.After.Value
		}
		got := ""
		if cur != nil {
			got = canon(cur)
		}
		switch {
		case got == want:
			// As init left it: take the edit back.
		case e.After != nil && cur == nil:
			// Someone removed what init added; only the old entry can come back.
			if e.Before == nil {
				continue
			}
		case e.Before != nil && got == e.Before.Value:
			continue // already back as it was
		case mf.Ours:
			u.notes = append(u.notes, fmt.Sprintf("%s in %s changed after init: kept it", where, echo.Path(mf.Path)))
			continue
		case e.After != nil:
			u.conflicts = append(u.conflicts, fmt.Sprintf("%s, which init wrote, was edited after init", where))
			continue
		default:
			u.conflicts = append(u.conflicts, fmt.Sprintf("%s, which init moved to Switchboard, exists again with different content", where))
			continue
		}
		switch {
		case p != nil:
			p.done = true
			delete(pending, id)
		case cur != nil:
			if err := d.remove(e.Name); err != nil {
				u.conflicts = append(u.conflicts, fmt.Sprintf("%s: %v", where, err))
				continue
			}
			if e.After != nil {
				u.done = append(u.done, fmt.Sprintf("took %s out of %s", where, echo.Path(mf.Path)))
			}
			if e.Before == nil {
				if err := d.prune(e.Created); err != nil {
					u.conflicts = append(u.conflicts, fmt.Sprintf("%s: %v", where, err))
					continue
				}
			}
			content = d.bytes()
		}
		if e.Before != nil {
			in := &insert{e: e}
			if format == 't' {
				inserts = append(inserts, in)
			} else {
				inserts = append([]*insert{in}, inserts...)
			}
			pending[id] = in
		}
	}
	var putBack [][]string // the objects entries went back into
	for _, in := range inserts {
		if in.done {
			continue
		}
		e := in.e
		d, err := newDocFor(format, e.Key, content)
		if err == nil {
			err = d.insert(e.Name, e.Before.decoded(), e.Before)
		}
		if err != nil {
			u.conflicts = append(u.conflicts, fmt.Sprintf("%s cannot be put back: %v", dotted(append(append([]string{}, e.Key...), e.Name)), err))
			continue
		}
		u.done = append(u.done, fmt.Sprintf("put %s back into %s", dotted(append(append([]string{}, e.Key...), e.Name)), echo.Path(mf.Path)))
		content = d.bytes()
		putBack = append(putBack, e.Key)
	}
	if format == 'j' {
		content = keepTrailingCommas(data, content, putBack)
	}
	u.out = lineEnds(data, content, format, []string{"-"})
	created := !mf.Existed || mf.ByInit
	fresh := mf.Fresh
	if fresh == "" && format == 'j' {
		fresh = "{}"
	}
	if (mf.Fresh != "" || created || mf.Blank != nil) && emptyLike(format, content, fresh) {
		switch {
		case created:
			u.remove = true
		case mf.Blank != nil:
			u.out = []byte(*mf.Blank) // blank before init, byte for byte
		default:
			u.out = []byte{} // it was empty before init
		}
	}
	return u
}

// emptyLike reports whether data holds nothing but what fresh holds,
// once empty objects and lists are dropped from both.
func emptyLike(format byte, data []byte, fresh string) bool {
	a, err := newDocFor(format, []string{"-"}, data)
	if err != nil {
		return false
	}
	b, err := newDocFor(format, []string{"-"}, []byte(fresh))
	if err != nil {
		return false
	}
	av, err1 := a.value()
	bv, err2 := b.value()
	if err1 != nil || err2 != nil {
		return false
	}
	return canon(dropEmpty(av)) == canon(dropEmpty(bv))
}

// dropEmpty removes empty maps, lists and nulls from maps, recursively.
func dropEmpty(v any) any {
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	out := map[string]any{}
	for k, e := range m {
		e = dropEmpty(e)
		switch t := e.(type) {
		case nil:
			continue
		case map[string]any:
			if len(t) == 0 {
				continue
			}
		case []any:
			if len(t) == 0 {
				continue
			}
		}
		out[k] = e
	}
	return out
}

func readOrNil(path string) ([]byte, error) {
	data, err := safefile.Read(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	if data == nil {
		data = []byte{}
	}
	return data, nil
}

// structuralUndo undoes a manifest that recorded its edits.
func structuralUndo(dir string, m *manifest) (*UndoResult, error) {
	res := &UndoResult{}
	plan := make([]*undoFile, len(m.Files))
	var conflicts []string
	deleted := 0 // conflicts of files deleted since init
	for i := len(m.Files) - 1; i >= 0; i-- {
		mf := &m.Files[i]
		data, err := readOrNil(mf.Path)
		if err != nil {
			return nil, err
		}
		u := patch(mf, data)
		plan[i] = u
		if data == nil && len(u.conflicts) > 0 {
			// Nothing to fix or remove in a file that is gone: its
			// backup is what the servers go back into.
			orig := filepath.Join(dir, mf.Backup+".orig")
			conflicts = append(conflicts, fmt.Sprintf("%s: it was deleted after init, so the servers init moved out of it cannot be put back: put it back as it was before init (cp %s %s) and run init --undo again", echo.Path(mf.Path), echo.ShellWord(orig), echo.ShellWord(mf.Path)))
			deleted++
			continue
		}
		for _, c := range u.conflicts {
			kept := "it was created by init"
			if mf.Existed {
				kept = "its content before the first init is in " + filepath.Join(dir, mf.Backup+".orig")
			}
			conflicts = append(conflicts, fmt.Sprintf("%s: %s (the file stays as it is; %s)", echo.Path(mf.Path), c, kept))
		}
	}
	if len(conflicts) > 0 {
		fix := "\nfix or remove those entries and run init --undo again"
		if deleted == len(conflicts) {
			fix = ""
		}
		return nil, fmt.Errorf("%w; nothing was changed:\n  %s%s", ErrUndoConflict, strings.Join(conflicts, "\n  "), fix)
	}
	var writes []string
	for _, u := range plan {
		if u.base != nil && (u.remove || !bytes.Equal(u.out, u.base)) {
			writes = append(writes, u.mf.Path)
		}
	}
	if err := checkWritable(writes, "init --undo"); err != nil {
		return nil, err
	}
	for i := len(m.Files) - 1; i >= 0; i-- {
		u := plan[i]
		mf := u.mf
		// The agent may write its file while we patch it: patch again
		// from what is there now until it holds still, and check again
		// just before the rename (an agent's write while the patched
		// content was written and synced was replaced, lost).
		for try := 0; ; try++ {
			now, err := readOrNil(mf.Path)
			if err != nil {
				return res, err
			}
			if bytes.Equal(now, u.base) && (now == nil) == (u.base == nil) {
				if u.base == nil || u.remove || bytes.Equal(u.out, u.base) {
					break
				}
				mode := mf.Mode
				if st, err := os.Stat(mf.Path); err == nil {
					mode = st.Mode().Perm()
				}
				if testHookBeforeWrite != nil {
					testHookBeforeWrite(mf.Path)
				}
				err := atomicfile.WriteIf(mf.Path, u.out, mode, func() error { return unchanged(mf.Path, u.base) })
				if err == nil {
					res.Restored = append(res.Restored, mf.Path)
					break
				}
				if !errors.Is(err, ErrChanged) {
					return res, err
				}
				if now, err = readOrNil(mf.Path); err != nil {
					return res, err
				}
			}
			if try == 5 {
				return res, fmt.Errorf("%s keeps changing while init --undo runs; close the agent and run init --undo again", echo.Path(mf.Path))
			}
			if u = patch(mf, now); len(u.conflicts) > 0 {
				return res, fmt.Errorf("%w: %s: %s", ErrUndoConflict, echo.Path(mf.Path), u.conflicts[0])
			}
		}
		res.Notes = append(res.Notes, u.notes...)
		res.Done = append(res.Done, u.done...)
		if u.base != nil && u.remove {
			if err := os.Remove(mf.Path); err != nil && !errors.Is(err, os.ErrNotExist) {
				return res, err
			}
			res.Removed = append(res.Removed, mf.Path)
			for j := len(mf.Dirs) - 1; j >= 0; j-- {
				_ = os.Remove(mf.Dirs[j]) // only when empty
			}
		}
		os.Remove(filepath.Join(dir, mf.Backup+".orig"))
		os.Remove(filepath.Join(dir, mf.Backup+".prev"))
		m.Files = m.Files[:i]
		if err := saveManifest(dir, m); err != nil {
			return res, err
		}
	}
	if err := os.Remove(filepath.Join(dir, "manifest.json")); err != nil {
		return res, err
	}
	_ = os.Remove(dir)
	return res, nil
}

// keepTrailingCommas gives the objects undo put entries back into a comma
// after their last member when the file, as undo found it (before), ends
// the last member of a multi-line object with one: init left one entry
// in an emptied object, and the entries inserted after it went back
// without the comma the user's own style had (round 42's open item). A
// file without trailing commas, or one that cannot be read, is left as
// it is.
func keepTrailingCommas(before, content []byte, objects [][]string) []byte {
	root, err := parseJSONC(before)
	if err != nil || !trailingComma(before, root) {
		return content
	}
	seen := map[string]bool{}
	for _, key := range objects {
		if seen[dotted(key)] {
			continue
		}
		seen[dotted(key)] = true
		root, err := parseJSONC(content)
		if err != nil {
			return content
		}
		obj, err := root.lookup(key)
		if err != nil || obj == nil || obj.kind != '{' || len(obj.members) == 0 {
			continue
		}
		last := obj.members[len(obj.members)-1]
		if last.comma < 0 && bytes.IndexByte(content[last.val.end:obj.end], '\n') >= 0 {
			content = applySplices(content, []splice{{last.val.end, last.val.end, ","}})
		}
	}
	return content
}

// trailingComma reports whether v, or an object within it, is written
// over several lines with a comma after its last member.
func trailingComma(data []byte, v *jvalue) bool {
	if v == nil {
		return false
	}
	if n := len(v.members); n > 0 {
		last := v.members[n-1]
		if last.comma >= 0 && bytes.IndexByte(data[last.comma:v.end], '\n') >= 0 {
			return true
		}
	}
	for _, m := range v.members {
		if trailingComma(data, m.val) {
			return true
		}
	}
	for _, e := range v.elems {
		if trailingComma(data, e) {
			return true
		}
	}
	return false
}
