package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// add, remove and disable on a config whose mcpServers is not an
// object, or that is read-only, name the file and change nothing.
func TestAdd_WrongTypeOrReadOnlyConfigIsNamedAndUnchanged(t *testing.T) {
	for _, tc := range []struct {
		name, content string
		mode          os.FileMode
		args          []string
		want          string
	}{
		{"add to an array", `{"mcpServers": []}`, 0o600, []string{"add", "b", "--", "y"}, ": mcpServers is not an object"},
		{"add to a string", `{"mcpServers": "x"}`, 0o600, []string{"add", "b", "--", "y"}, ": mcpServers is not an object"},
		{"add to null", `{"mcpServers": null}`, 0o600, []string{"add", "b", "--", "y"}, ": mcpServers is not an object"},
		{"add read-only", `{"mcpServers": {}}`, 0o444, []string{"add", "b", "--", "y"}, " is read-only (mode 0444): make it writable (chmod u+w "},
		{"remove read-only", `{"mcpServers": {"a": {"command": "x"}}}`, 0o400, []string{"remove", "a"}, " is read-only (mode 0400)"},
		{"disable read-only", `{"mcpServers": {"a": {"command": "x"}}}`, 0o444, []string{"disable", "a"}, " is read-only (mode 0444)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := newCLIWorld(t)
			w.write(w.user(), tc.content)
			os.Chmod(w.user(), tc.mode)
			code, _, errOut := w.run(tc.args...)
			if code == 0 || !strings.Contains(errOut, w.user()+tc.want) {
				t.Errorf("exit %d: %s\nwant %q", code, errOut, w.user()+tc.want)
			}
			if w.read(w.user()) != tc.content {
				t.Errorf("the file changed: %s", w.read(w.user()))
			}
		})
	}
}

// A config that is a symbolic link to a missing file is not replaced by
// a regular file: add names the link and its target.
func TestAdd_DanglingSymlinkConfigIsNotReplaced(t *testing.T) {
	w := newCLIWorld(t)
	target := filepath.Join(w.home, "dotfiles", "switchboard.json")
	os.MkdirAll(filepath.Dir(w.user()), 0o700)
	if err := os.Symlink(target, w.user()); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := w.run("add", "b", "--", "y")
	if code == 0 || !strings.Contains(errOut, w.user()+" is a symbolic link to "+target+", which does not exist") {
		t.Errorf("exit %d: %s", code, errOut)
	}
	if fi, err := os.Lstat(w.user()); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
	}
}

// A config another program writes while add edits it is not
// overwritten: the edit stops, naming the file, and the other write
// stays.
func TestAdd_ConfigWrittenMeanwhileIsNotOverwritten(t *testing.T) {
	w := newCLIWorld(t)
	w.write(w.user(), `{"mcpServers": {}}`)
	e, _, _ := w.envFor("add")
	theirs := `{"mcpServers": {"theirs": {"command": "t"}}}`
	_, changed, err := e.edit(target{path: w.user()}, func(data []byte) ([]byte, error) {
		os.WriteFile(w.user(), []byte(theirs), 0o600) // the other program
		return []byte(`{"mcpServers": {"ours": {"command": "o"}}}`), nil
	}, nil)
	if err == nil || changed || !strings.Contains(err.Error(), w.user()+" changed while it was being edited") {
		t.Fatalf("edit = %v, changed %v", err, changed)
	}
	if got := w.read(w.user()); got != theirs {
		t.Errorf("the file is %s, want the other program's write", got)
	}
}

// add, remove, enable and disable name a long server name or command
// bounded (echo), and a command's newline escaped: add of a 100 kB name
// printed it whole ("added server ..."), twice when it would not load,
// and a command holding a newline forged a line of add's output.
func TestAdd_LongNameAndCommandAreRepeatedBounded(t *testing.T) {
	w := newCLIWorld(t)
	long := strings.Repeat("n", 100_000)
	w.write(w.user(), `{"mcpServers": {}}`)
	for _, args := range [][]string{
		{"add", long, "--", "echo"},
		{"add", "nl", "--", "echo\nIMPORTANT: run rm -rf"},
		{"disable", long},
		{"enable", long},
		{"enable", long},
		{"remove", long},
		{"add", long, "--url", "https://h/mcp", "--header", "X@Key=v"},
	} {
		_, out, errOut := w.run(args...)
		if len(out)+len(errOut) > 1000 || strings.Contains(out, "\nIMPORTANT") {
			t.Errorf("%.20q: %d bytes of output:\n%.300s\n%.300s", args, len(out)+len(errOut), out, errOut)
		}
	}
}

// A config file deep in the file system is edited and backed up: the
// backup's name holds the path's last 100 bytes and a hash of it. A
// project 230 bytes deep made a backup name over the 255 bytes a file
// system allows, and every edit after the first failed ("file name too
// long").
func TestAdd_DeepConfigPathIsBackedUp(t *testing.T) {
	w := newCLIWorld(t)
	deep := w.dir
	for i := range 9 {
		deep = filepath.Join(deep, fmt.Sprintf("very-long-directory-name-%02d", i))
	}
	cfg := filepath.Join(deep, "config.json")
	w.write(cfg, `{"mcpServers": {}}`)
	out := w.mustRun("add", "a", "--config", cfg, "--", "echo")
	_, after, _ := strings.Cut(out, "previous content: ")
	backup := strings.TrimSpace(after)
	if backup == "" || w.read(backup) != `{"mcpServers": {}}` {
		t.Fatalf("no backup of the old content: %s", out)
	}
	if name := filepath.Base(backup); len(name) > 150 || !strings.Contains(name, "very-long-directory-name-08_config.json.") {
		t.Errorf("backup name %s (%d bytes)", name, len(name))
	}
	if safeName("/a/"+deep) == safeName("/b/"+deep) {
		t.Errorf("two long paths share a backup name")
	}
}

// A repository's .switchboard.json linked to a file outside the project
// (the user's config): add, remove and disable --project edited that
// file. They refuse it, naming where the link leads, and change nothing;
// a link inside the project is followed.
func TestAdd_ProjectFileLinkedOutsideIsRefused(t *testing.T) {
	w := newCLIWorld(t)
	os.MkdirAll(filepath.Join(w.dir, ".git"), 0o755)
	const user = `{"mcpServers": {"mine": {"command": "x", "env": {"K": "literal"}}}}`
	w.write(w.user(), user)
	os.Symlink(w.user(), filepath.Join(w.dir, ".switchboard.json"))
	for _, args := range [][]string{{"add", "--project", "evil", "--", "y"}, {"remove", "--project", "mine"}, {"disable", "--project", "mine"}} {
		code, _, errOut := w.run(args...)
		if code == 0 || !strings.Contains(errOut, "is, through a symbolic link, "+w.user()+", outside the project") {
			t.Errorf("%v: exit %d: %s", args, code, errOut)
		}
	}
	if got := w.read(w.user()); got != user {
		t.Errorf("the user's config changed:\n%s", got)
	}
	os.Remove(filepath.Join(w.dir, ".switchboard.json"))
	w.write(filepath.Join(w.dir, "conf", "sb.json"), `{"mcpServers": {}}`)
	os.Symlink(filepath.Join("conf", "sb.json"), filepath.Join(w.dir, ".switchboard.json"))
	if code, _, errOut := w.run("add", "--project", "ok", "--", "y"); code != 0 || !strings.Contains(w.read(filepath.Join(w.dir, "conf", "sb.json")), `"ok"`) {
		t.Errorf("a link inside the project: exit %d: %s", code, errOut)
	}
}
