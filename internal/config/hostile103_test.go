package config

import (
	"errors"
	"path/filepath"
	"strings"
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

// Round one hundred and three: `"expose": 3` said "must be an array of
// strings", leaving "all" unsaid; an unset ${env:} variable said "is not
// set" and not where to set it.
func TestParse_ExposeOfTheWrongTypeAndAnUnsetVariableSayTheFix(t *testing.T) {
	_, err := Parse("/c.json", []byte(`{"mcpServers": {"e": {"command": "x", "expose": 3}}}`))
	f, _ := Parse("/c.json", []byte(`{"mcpServers": {"e": {"command": "x", "expose": 3}}}`))
	if err == nil && f != nil {
		err = errorOf(f.Servers["e"].Problem)
	}
	if err == nil || !strings.Contains(err.Error(), `mcpServers.e.expose: must be "all" or a list of tool names, not a number (line 1)`) {
		t.Errorf("expose 3: %v", err)
	}
	s := &Server{Name: "c", Command: "x", Env: map[string]string{"T": "${env:NOPE}"}}
	_, err = s.Expand(Resolver{Getenv: func(string) (string, bool) { return "", false }})
	if err == nil || !strings.Contains(err.Error(), "env.T: environment variable NOPE is not set: set it in the environment the agent (or this command) starts in, then start that again") {
		t.Errorf("Expand: %v", err)
	}
}

func errorOf(s string) error {
	if s == "" {
		return nil
	}
	return errors.New(s)
}
