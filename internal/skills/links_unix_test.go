//go:build unix

package skills

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A repository's project skills directory cannot make rm or approve
// write, copy or delete outside it through symbolic links: a .history
// linked elsewhere is refused, and a skill file that is a link is removed
// as a link, its target neither copied nor touched.
func TestStore_RemoveDoesNotFollowAProjectsLinks(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj", ".switchboard", "skills")
	os.MkdirAll(proj, 0o755)
	st := &Store{User: filepath.Join(dir, "user"), Project: proj, Trusted: filepath.Join(dir, "trusted.json")}
	file := "/**\n * @skill px\n * @description Returns five.\n * @input {\"type\":\"object\"}\n */\nreturn 5\n"

	// .history linked to a directory outside the project.
	outside := filepath.Join(dir, "outside")
	os.MkdirAll(outside, 0o700)
	os.WriteFile(filepath.Join(outside, "px.1.js"), []byte("the user's own file"), 0o600)
	os.Symlink(outside, filepath.Join(proj, HistoryDir))
	os.WriteFile(filepath.Join(proj, "px.js"), []byte(file), 0o644)
	_, err := st.Remove("px")
	if err == nil || !strings.Contains(err.Error(), filepath.Join(proj, HistoryDir)) || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("rm with .history linked outside: %v, want a refusal naming it", err)
	}
	if ents, _ := os.ReadDir(outside); len(ents) != 1 {
		t.Errorf("rm wrote through the linked .history: %v", ents)
	}
	if _, err := os.Stat(filepath.Join(proj, "px.js")); err != nil {
		t.Errorf("the refused rm removed the skill: %v", err)
	}

	// The skill file linked to a secret outside the project.
	os.Remove(filepath.Join(proj, HistoryDir))
	secret := filepath.Join(dir, "id_rsa")
	os.WriteFile(secret, []byte(file), 0o600) // it parses: a link to anything would do
	os.Remove(filepath.Join(proj, "px.js"))
	os.Symlink(secret, filepath.Join(proj, "px.js"))
	r, err := st.Remove("px")
	if err != nil || r.Kept || r.Path != filepath.Join(proj, "px.js") || r.Kind != "a symbolic link" {
		t.Fatalf("rm of a linked skill: %+v, %v", r, err)
	}
	if _, err := os.Lstat(filepath.Join(proj, "px.js")); !os.IsNotExist(err) {
		t.Errorf("the link is still there: %v", err)
	}
	if data, err := os.ReadFile(secret); err != nil || string(data) != file {
		t.Errorf("the link's target changed: %q, %v", data, err)
	}
	if ents, _ := os.ReadDir(filepath.Join(proj, HistoryDir)); len(ents) != 0 {
		t.Errorf("rm copied the link's target into the project's history: %v", ents)
	}

	// A dangling link is removed too (it was "no such skill").
	os.Symlink(filepath.Join(dir, "gone"), filepath.Join(proj, "px.js"))
	if _, err := st.Remove("px"); err != nil {
		t.Errorf("rm of a dangling link: %v", err)
	}
}

// A repository's .skills.lock linked outside the project does not make
// rm create or lock the file it names: rm is refused, naming the link.
func TestStore_RemoveDoesNotLockThroughALinkedLockFile(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj", ".switchboard", "skills")
	os.MkdirAll(proj, 0o755)
	st := &Store{User: filepath.Join(dir, "user"), Project: proj, Trusted: filepath.Join(dir, "trusted.json")}
	os.WriteFile(filepath.Join(proj, "px.js"), Render(sample()), 0o644)
	outside := filepath.Join(dir, "outside", "created")
	os.MkdirAll(filepath.Dir(outside), 0o700)
	lock := filepath.Join(proj, ".skills.lock")
	os.Symlink(outside, lock)
	if _, err := st.Remove("px"); err == nil || !strings.Contains(err.Error(), lock+" is a symbolic link") {
		t.Errorf("rm with .skills.lock linked outside: %v, want a refusal naming it", err)
	}
	if _, err := os.Lstat(outside); !os.IsNotExist(err) {
		t.Errorf("rm created the lock link's target: %v", err)
	}
}

// approve of a project skill that is a link out of the project writes
// nothing: a repository's px.js linked to another project's px.js had
// approve rewrite that file through the link (with the pins it found now)
// and copy it into this repository's .history, then refuse to trust the
// link. It is refused first, naming the link and its target.
func TestStore_ApproveDoesNotWriteThroughAProjectsLink(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj", ".switchboard", "skills")
	other := filepath.Join(dir, "other", ".switchboard", "skills")
	os.MkdirAll(proj, 0o755)
	os.MkdirAll(other, 0o755)
	st := &Store{User: filepath.Join(dir, "user"), Project: proj, Trusted: filepath.Join(dir, "trusted.json")}
	sk := sample()
	sk.Name = "px"
	theirs := Render(sk)
	os.WriteFile(filepath.Join(other, "px.js"), theirs, 0o600)
	link := filepath.Join(proj, "px.js")
	os.Symlink(filepath.Join(other, "px.js"), link)
	called := false
	_, err := st.Approve("px", func(sk *Skill) ([]Use, error) {
		called = true
		return []Use{{Server: "gh", Tool: "new_tool", Pin: strings.Repeat("c", 64)}}, nil
	})
	if err == nil || !strings.Contains(err.Error(), link+" is a link to "+filepath.Join(other, "px.js")) {
		t.Errorf("approve of a linked project skill: %v, want a refusal naming the link and its target", err)
	}
	if called {
		t.Error("approve asked for the tools' pins (starting backends) before refusing")
	}
	if data, _ := os.ReadFile(filepath.Join(other, "px.js")); string(data) != string(theirs) {
		t.Errorf("approve rewrote the other project's skill through the link:\n%s", data)
	}
	if ents, _ := os.ReadDir(filepath.Join(proj, HistoryDir)); len(ents) != 0 {
		t.Errorf("approve copied the other project's skill into this one's history: %v", ents)
	}
}

// approve of a project skill linked to another file of its own directory
// is refused too: the new version was written through the link into the
// other file (qy.js, saying it is skill px), and that file trusted.
func TestStore_ApproveDoesNotWriteThroughALinkInItsDirectory(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj", ".switchboard", "skills")
	os.MkdirAll(proj, 0o755)
	st := &Store{User: filepath.Join(dir, "user"), Project: proj, Trusted: filepath.Join(dir, "trusted.json")}
	sk := sample()
	sk.Name = "px"
	theirs := Render(sk)
	other := filepath.Join(proj, "qy.js")
	os.WriteFile(other, theirs, 0o644)
	link := filepath.Join(proj, "px.js")
	os.Symlink("qy.js", link)
	_, err := st.Approve("px", func(sk *Skill) ([]Use, error) {
		return []Use{{Server: "gh", Tool: "new_tool", Pin: strings.Repeat("c", 64)}}, nil
	})
	if err == nil || !strings.Contains(err.Error(), link+" is a link to "+other) {
		t.Errorf("approve of a project skill linked within its directory: %v, want a refusal naming the link and its target", err)
	}
	if data, _ := os.ReadFile(other); string(data) != string(theirs) {
		t.Errorf("approve rewrote %s through the link:\n%s", other, data)
	}
}

// A repository's skills directory is read no further than MaxFiles skill
// files (the first by name, and a problem naming the directory and the
// count): one of 20,000 untrusted files was read whole, each file read and
// checked against the trusted store, at every list_tools, three times
// (5 s each). A FIFO in the directory's place is a problem, not a wait.
func TestStore_ASkillsDirectoryIsReadNoFurtherThanTheBound(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj", ".switchboard", "skills")
	os.MkdirAll(proj, 0o755)
	st := &Store{User: filepath.Join(dir, "user"), Project: proj, Trusted: filepath.Join(dir, "trusted.json")}
	for i := range MaxFiles + 50 {
		os.WriteFile(filepath.Join(proj, fmt.Sprintf("s%05d.js", i)), []byte("/**\n * @skill x\n */\n"), 0o644)
	}
	all, probs := st.Load()
	if len(all) != 0 || len(probs) != MaxFiles+1 {
		t.Fatalf("%d skills, %d problems; want 0 and %d", len(all), len(probs), MaxFiles+1)
	}
	if want := fmt.Sprintf("skills directory %s holds %d skill files: only the first %d by name are read", proj, MaxFiles+50, MaxFiles); probs[0].Reason[:len(want)] != want {
		t.Errorf("first problem %q, want %q", probs[0].Reason, want)
	}
	if last := probs[len(probs)-1].Name; last != fmt.Sprintf("s%05d", MaxFiles-1) {
		t.Errorf("last skill read %q, want the %dth by name", last, MaxFiles)
	}

	fifo := filepath.Join(dir, "fifo", ".switchboard", "skills")
	os.MkdirAll(filepath.Dir(fifo), 0o755)
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip(err)
	}
	done := make(chan []Problem)
	go func() {
		_, probs := (&Store{Project: fifo, Trusted: st.Trusted}).Load()
		done <- probs
	}()
	select {
	case probs := <-done:
		if len(probs) != 1 || !strings.Contains(probs[0].Reason, "a named pipe (FIFO), not a directory") {
			t.Errorf("a FIFO as the skills directory: %+v", probs)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Load waited on a FIFO in place of the skills directory")
	}
}

// A skill file over MaxFile is a problem stating the bound, refused from
// its size without being read (a repository's were read up to 16 MiB
// each, untrusted, at every listing).
func TestStore_ASkillFileOverTheBoundIsNotRead(t *testing.T) {
	dir := t.TempDir()
	proj := filepath.Join(dir, "proj", ".switchboard", "skills")
	os.MkdirAll(proj, 0o755)
	st := &Store{User: filepath.Join(dir, "user"), Project: proj, Trusted: filepath.Join(dir, "trusted.json")}
	big := filepath.Join(proj, "big.js")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	f.Truncate(MaxFile + 1)
	f.Close()
	_, probs := st.Load()
	if want := fmt.Sprintf("is %d bytes, over the %d bytes allowed for it", MaxFile+1, MaxFile); len(probs) != 1 || !strings.Contains(probs[0].Reason, want) {
		t.Errorf("problems %+v, want one saying %q", probs, want)
	}
	if _, _, _, err := st.File("big"); err == nil || !strings.Contains(err.Error(), "over the") {
		t.Errorf("File of the big skill: %v", err)
	}
}
