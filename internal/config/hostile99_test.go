package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Round ninety-nine: a remote server's url of the wrong type was said
// twice, `mcpServers.c.url: must be a string, not a number` and then
// `mcpServers.c.url: must be an http:// or https:// URL with a host, not
// ""`, a value the file does not hold. It is said once.
func TestRead_AURLOfTheWrongTypeIsSaidOnce(t *testing.T) {
	user := filepath.Join(t.TempDir(), "config.json")
	os.WriteFile(user, []byte(`{"mcpServers": {"c": {"type": "http", "url": 7}, "d": {"type": "http", "url": "ftp://x"}}}`), 0o600)
	cfg, err := Read(Sources{User: user})
	if err != nil {
		t.Fatal(err)
	}
	c, d := cfg.Servers["c"].Problem, cfg.Servers["d"].Problem
	if strings.Count(c, "mcpServers.c.url") != 1 || !strings.Contains(c, "must be a string, not a number") {
		t.Errorf("url 7: %q, want one problem, its type", c)
	}
	if strings.Count(d, "mcpServers.d.url") != 1 || !strings.Contains(d, "http:// or https://") {
		t.Errorf("url ftp://x: %q, want one problem, its scheme", d)
	}
}

// Round ninety-nine: the config's directory a symbolic link to itself (a
// dotfiles tool's link gone wrong) failed every command with `open
// …/config.json: too many levels of symbolic links`, which named the file
// but not the link, nor what to do. The link is named now.
func TestRead_ALoopingLinkOnTheWayIsNamed(t *testing.T) {
	dir := t.TempDir()
	sb := filepath.Join(dir, "switchboard")
	if err := os.Symlink(sb, sb); err != nil {
		t.Skip(err)
	}
	_, err := Read(Sources{User: filepath.Join(sb, "config.json")})
	if err == nil || !strings.Contains(err.Error(), sb+" is a symbolic link (to "+sb+") that leads back to itself") || !strings.Contains(err.Error(), "point it at a real directory or file, or remove it") {
		t.Errorf("err = %v; want the looping link named, with what to do", err)
	}
}

// Round ninety-nine: a VS Code settings.json section pasted whole,
// `"mcp": {"servers": {…}}`, was hinted as opencode's "mcp"; it names
// VS Code's nesting now, and opencode's shape keeps its hint.
func TestRead_APastedVSCodeSettingsSectionIsNamed(t *testing.T) {
	for content, want := range map[string]string{
		`{"mcp": {"servers": {"gh": {"command": "gh-mcp"}}}}`:       `VS Code's settings.json nests them as "mcp": {"servers": …}`,
		`{"mcp": {"gh": {"type": "local", "command": ["gh-mcp"]}}}`: `opencode's config calls it "mcp"`,
	} {
		user := filepath.Join(t.TempDir(), "config.json")
		os.WriteFile(user, []byte(content), 0o600)
		if _, err := Read(Sources{User: user}); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v; want it to say %q", content, err, want)
		}
	}
}
