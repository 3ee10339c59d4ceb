//go:build unix

package agentconf

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A FIFO in place of the backup manifest is refused, naming it, not
// waited on for ever.
func TestUndo_ManifestFIFOIsRefusedNotWaitedOn(t *testing.T) {
	w := newWorld(t)
	o := w.opts(Project)
	manifest := filepath.Join(o.StateDir(), "manifest.json")
	os.MkdirAll(filepath.Dir(manifest), 0o700)
	if err := syscall.Mkfifo(manifest, 0o600); err != nil {
		t.Fatalf("mkfifo: %v", err)
	}
	if _, err := Undo(o); err == nil || !strings.Contains(err.Error(), manifest+" is a named pipe (FIFO)") {
		t.Fatalf("Undo = %v", err)
	}
}

// An agent file init refuses to read says what to do about it: a
// file over the bound (Claude Code's ~/.claude.json grows with history),
// a directory or a FIFO in its place, a link that leads back to itself.
// Each said "refusing to read it" or "too many levels of symbolic
// links", then "fix them and run init again", with no fix named.
func TestPlan_UnreadableAgentFileNamesTheFix(t *testing.T) {
	tests := []struct {
		name   string
		make   func(t *testing.T, path string)
		agents []string
		want   string
	}{
		{"over the bound", func(t *testing.T, p string) {
			if err := os.WriteFile(p, []byte(`{"mcpServers": {}}`), 0o600); err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(p, 17<<20); err != nil { // sparse: no 17 MB written
				t.Fatal(err)
			}
		}, nil, "move its servers by hand (switchboard add NAME -- COMMAND ARGS..., then delete them from "},
		{"a FIFO", func(t *testing.T, p string) {
			if err := syscall.Mkfifo(p, 0o600); err != nil {
				t.Fatal(err)
			}
		}, nil, "is a named pipe (FIFO), not a regular file: refusing to read it; the agent cannot read it either: move it away (mv "},
		{"a directory, the agent named", func(t *testing.T, p string) {
			if err := os.Mkdir(p, 0o700); err != nil {
				t.Fatal(err)
			}
		}, []string{"claude-code"}, "is a directory, not a regular file: refusing to read it; the agent cannot read it either: move it away (mv "},
		{"a link loop, the agent named", func(t *testing.T, p string) {
			if err := os.Symlink(p+".b", p); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(p, p+".b"); err != nil {
				t.Fatal(err)
			}
		}, []string{"claude-code"}, "is a symbolic link that leads back to itself (a loop), which no program can read: remove it (rm "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			if err := os.MkdirAll(w.home, 0o700); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(w.home, ".claude.json")
			tt.make(t, path)
			w.write(filepath.Join(w.home, ".cursor", "mcp.json"), `{"mcpServers": {"a": {"command": "x"}}}`, 0o600)
			o := w.opts(User)
			o.Agents = tt.agents
			p, err := MakePlan(o)
			if err == nil {
				err = errors.Join(p.Problems...)
			}
			if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("MakePlan: %v\nwant %s named and %q", err, path, tt.want)
			}
		})
	}
}

// Round forty-three: a directory or a symbolic-link loop where an
// agent's config file goes was passed over in silence unless the agent
// was named, so a user whose ~/.claude.json had become a directory was
// told nothing of the servers init did not move. It is now a note, once,
// naming the path and the fix; the other agents' files are planned, and
// nothing fails.
func TestPlan_AMisplacedAgentFileIsNotedOnceWithItsFix(t *testing.T) {
	for _, tt := range []struct {
		name string
		make func(t *testing.T, path string)
		want string
	}{
		{"a directory", func(t *testing.T, p string) {
			if err := os.Mkdir(p, 0o700); err != nil {
				t.Fatal(err)
			}
		}, "is a directory where Claude Code's config file goes: neither Claude Code nor init reads servers from it, so init passes it over; if it should be the file, move it away (mv "},
		{"a link loop", func(t *testing.T, p string) {
			if err := os.Symlink(p+".b", p); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(p, p+".b"); err != nil {
				t.Fatal(err)
			}
		}, "is a symbolic link that leads back to itself (a loop) where Claude Code's config file goes: no program can read it, so init passes it over; remove it (rm "},
	} {
		t.Run(tt.name, func(t *testing.T) {
			w := newWorld(t)
			if err := os.MkdirAll(w.home, 0o700); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(w.home, ".claude.json")
			tt.make(t, path)
			w.write(filepath.Join(w.home, ".cursor", "mcp.json"), `{"mcpServers": {"a": {"command": "x"}}}`, 0o600)
			p, err := MakePlan(w.opts(User))
			if err != nil {
				t.Fatal(err)
			}
			if len(p.Problems) > 0 {
				t.Errorf("problems %v: the agent was not named, and the others' files are fine", p.Problems)
			}
			var notes []string
			for _, n := range p.Notes {
				if strings.Contains(n, path) {
					notes = append(notes, n)
				}
			}
			if len(notes) != 1 || !strings.HasPrefix(notes[0], path+" ") || !strings.Contains(notes[0], tt.want) {
				t.Errorf("notes about %s: %q; want one saying %q", path, notes, tt.want)
			}
			if len(p.Imported) != 1 || p.Imported[0].Name != "a" {
				t.Errorf("imported %v; want Cursor's server a", p.Imported)
			}
			if got := Misplaced(w.opts(User)); len(got) != 1 || got[0] != notes[0] {
				t.Errorf("Misplaced: %q; want the plan's note", got)
			}
		})
	}
}
