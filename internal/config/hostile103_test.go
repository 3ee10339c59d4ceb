package config

import (
	"path/filepath"
	"testing"
)

// Round one hundred and three: a project server whose command is a
// relative path ("./scripts/mcp.sh", as init moves it from Claude Code's
// .mcp.json) and that gives no cwd ran from the session's working
// directory: `doctor` in a subdirectory of the project said `command
// "./scripts/mcp.sh" cannot be run: stat ./scripts/mcp.sh: no such file
// or directory`. It is the project directory's, as the agent ran it.
func TestParse_AProjectServersRelativeCommandIsTheProjectsOwn(t *testing.T) {
	dir := t.TempDir()
	project := filepath.Join(dir, ProjectFile)
	f, err := Parse(project, []byte(`{"mcpServers": {
		"loc": {"command": "./scripts/mcp.sh"},
		"bin": {"command": "bin/tool"},
		"path": {"command": "npx"},
		"abs": {"command": "/usr/bin/env"},
		"home": {"command": "~/bin/x"},
		"ref": {"command": "${env:TOOL}/x"},
		"cwd": {"command": "./run.sh", "cwd": "sub"}
	}}`))
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{
		"loc":  filepath.Join(dir, "scripts", "mcp.sh"),
		"bin":  filepath.Join(dir, "bin", "tool"),
		"path": "npx",
		"abs":  "/usr/bin/env",
		"home": "~/bin/x",
		"ref":  "${env:TOOL}/x",
		"cwd":  "./run.sh", // the cwd's, as exec takes it
	} {
		if got := f.Servers[name].Command; got != want {
			t.Errorf("%s: command %q, want %q", name, got, want)
		}
	}
	// The user config's is left to the session's working directory (a
	// command of the project the agent runs in).
	u, err := Parse(filepath.Join(dir, "config.json"), []byte(`{"mcpServers": {"loc": {"command": "./node_modules/.bin/x"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := u.Servers["loc"].Command; got != "./node_modules/.bin/x" {
		t.Errorf("user config: command %q, want it as written", got)
	}
}
