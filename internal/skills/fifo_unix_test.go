//go:build unix

package skills

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO in place of SKILL.md in a repository's skills folder is an error
// naming it: reading it waited for a writer, and `skills export` hung.
func TestExport_FIFOInPlaceOfSKILLmdIsAnError(t *testing.T) {
	dir := filepath.Join(t.TempDir(), ".claude", "skills")
	folder := filepath.Join(dir, ExportName(sample().Name))
	if err := os.MkdirAll(folder, 0o700); err != nil {
		t.Fatal(err)
	}
	md := filepath.Join(folder, "SKILL.md")
	if err := syscall.Mkfifo(md, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := Export(sample(), dir, false); done <- err }()
	select {
	case err := <-done:
		if err == nil || !strings.Contains(err.Error(), "SKILL.md") {
			t.Fatalf("err = %v, want an error naming SKILL.md", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Export hung on a FIFO in place of SKILL.md")
	}
}

// A skill file that is a symbolic link (a dotfiles repository's) is
// loaded like the file it names, and one that is a FIFO or a link to a
// device is listed as a problem naming it: Load skipped every entry that
// was not a regular file, so a linked skill ran (skills run, a script's
// skills.NAME) but was in no listing, no declaration and no index, and a
// FIFO was not reported at all.
func TestStore_LinkedSkillIsLoadedAndAFIFOIsAProblem(t *testing.T) {
	dir := t.TempDir()
	st := &Store{User: filepath.Join(dir, "skills")}
	if err := os.MkdirAll(st.User, 0o700); err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(dir, "dotfiles", sample().Name+".js")
	if err := os.MkdirAll(filepath.Dir(real), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(real, Render(sample()), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(real, filepath.Join(st.User, sample().Name+".js")); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(filepath.Join(st.User, "piped.js"), 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	if err := os.Symlink("/dev/zero", filepath.Join(st.User, "zero.js")); err != nil {
		t.Fatal(err)
	}
	all, probs := st.Load()
	if len(all) != 1 || all[0].Name != sample().Name {
		t.Errorf("loaded %v, want the linked %s", all, sample().Name)
	}
	want := map[string]string{"piped": "is a named pipe (FIFO)", "zero": "is a character device"}
	for _, p := range probs {
		if w, ok := want[p.Name]; ok && strings.Contains(p.Reason, w) {
			delete(want, p.Name)
		}
	}
	if len(want) > 0 {
		t.Errorf("problems %v lack %v", probs, want)
	}
}

// Export refuses a symbolic link where it writes (the folder, scripts/,
// the script, SKILL.md), naming it, and leaves the file it names alone:
// a repository's .claude/skills/NAME/scripts/NAME.js linked to
// ~/.bashrc had the export write the skill over it.
func TestExport_SymlinkInTheFolderIsRefused(t *testing.T) {
	sk := sample()
	for _, at := range []string{"", "scripts", filepath.Join("scripts", sk.Name+".js"), "SKILL.md"} {
		base := t.TempDir()
		dir := filepath.Join(base, ".claude", "skills")
		folder := filepath.Join(dir, ExportName(sk.Name))
		victim := filepath.Join(base, "home", ".bashrc")
		os.MkdirAll(filepath.Dir(victim), 0o700)
		os.WriteFile(victim, []byte("precious\n"), 0o600)
		link := filepath.Join(folder, at)
		os.MkdirAll(filepath.Dir(link), 0o755)
		target := victim
		if at == "" || at == "scripts" {
			target = filepath.Dir(victim)
		}
		if err := os.Symlink(target, link); err != nil {
			t.Fatal(err)
		}
		_, err := Export(sk, dir, true)
		if err == nil || !strings.Contains(err.Error(), link+" is a symbolic link (to "+target+")") {
			t.Errorf("%s: Export = %v", at, err)
		}
		if b, _ := os.ReadFile(victim); string(b) != "precious\n" {
			t.Errorf("%s: the linked file was written: %q", at, b)
		}
		if ents, _ := os.ReadDir(filepath.Dir(victim)); len(ents) != 1 {
			t.Errorf("%s: files were written into the linked directory: %v", at, ents)
		}
	}
}

// rm of a skill whose file is a FIFO takes the FIFO away without opening
// it (nothing to keep; it was refused, "refusing to read it", so only a
// shell rm could clear it); a directory in its place, or in place of
// .history, is refused naming what it is.
func TestStore_RemoveTakesAFIFOAwayUnread(t *testing.T) {
	dir := t.TempDir()
	st := &Store{User: filepath.Join(dir, "skills")}
	os.MkdirAll(st.User, 0o700)
	fifo := filepath.Join(st.User, "piped.js")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Skipf("no FIFO here: %v", err)
	}
	type result struct {
		r   Removal
		err error
	}
	done := make(chan result, 1)
	go func() { r, err := st.Remove("piped"); done <- result{r, err} }()
	select {
	case res := <-done:
		if res.err != nil || res.r.Path != fifo || res.r.Kept || res.r.Kind != "a named pipe (FIFO)" {
			t.Errorf("Remove = %+v, %v; want the FIFO removed, nothing kept", res.r, res.err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("Remove hung on a FIFO")
	}
	if _, err := os.Lstat(fifo); !os.IsNotExist(err) {
		t.Errorf("the FIFO is still there: %v", err)
	}
	if _, err := os.Lstat(filepath.Join(st.User, HistoryDir)); !os.IsNotExist(err) {
		t.Errorf("rm of a FIFO made a history: %v", err)
	}

	// A directory named NAME.js is no skill: refused, left alone.
	d := filepath.Join(st.User, "d.js")
	os.MkdirAll(d, 0o700)
	if _, err := st.Remove("d"); err == nil || !strings.Contains(err.Error(), d+" is a directory") {
		t.Errorf("rm of a directory: %v, want a refusal naming it", err)
	}
	if _, err := os.Stat(d); err != nil {
		t.Errorf("the directory went: %v", err)
	}

	// A FIFO as .history is named as one (it was "a symbolic link or a file").
	os.WriteFile(filepath.Join(st.User, "s.js"), Render(sample()), 0o600)
	hist := filepath.Join(st.User, HistoryDir)
	if err := syscall.Mkfifo(hist, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Remove("s"); err == nil || !strings.Contains(err.Error(), hist+" is a named pipe (FIFO), not a directory") {
		t.Errorf("rm with .history a FIFO: %v, want a refusal naming it", err)
	}
}
