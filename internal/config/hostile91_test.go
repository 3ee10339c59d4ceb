package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round ninety-one: a user config that is a symbolic link whose target
// is gone (a dotfiles repository moved, a disk not mounted) was taken as
// no config at all: every server vanished without a word, and serve and
// exec ran the built-in demo. It is an error now, naming the link and
// its target and what to do; a config that is simply absent is still
// none.
func TestRead_AConfigLinkedToNothingIsAnError(t *testing.T) {
	dir := t.TempDir()
	user := filepath.Join(dir, "config.json")
	if _, err := Read(Sources{User: user}); err != nil {
		t.Fatalf("an absent config: %v, want none", err)
	}
	if err := os.Symlink(filepath.Join(dir, "dotfiles", "sb.json"), user); err != nil {
		t.Fatal(err)
	}
	_, err := Read(Sources{User: user})
	if err == nil || !strings.Contains(err.Error(), user) || !strings.Contains(err.Error(), "symbolic link to "+filepath.Join(dir, "dotfiles", "sb.json")+", which does not exist") || !strings.Contains(err.Error(), "point the link") {
		t.Fatalf("a config linked to nothing: %v; want it named, with its target and what to do", err)
	}
}
