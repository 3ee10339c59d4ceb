package config

import "testing"

// A relative cwd is the directory it names beside the file that gives it
// (a project's "cwd": "tools"), not one relative to wherever the serving
// process runs (the daemon's working directory is not the project's); one
// with a reference or ~ is left for expansion, and an absolute one kept.
func TestParse_RelativeCwdIsTheFilesDirectory(t *testing.T) {
	for cwd, want := range map[string]string{
		"tools":                "/p/proj/tools",
		"./tools/../bin":       "/p/proj/bin",
		"/srv/x":               "/srv/x",
		"~/x":                  "~/x",
		"${workspace}/tools":   "${workspace}/tools",
		"${env:HOME}/projects": "${env:HOME}/projects",
	} {
		f, err := Parse("/p/proj/.switchboard.json", []byte(`{"mcpServers": {"a": {"command": "x", "cwd": "`+cwd+`"}}}`))
		if err != nil {
			t.Fatal(err)
		}
		if got := f.Servers["a"].Cwd; got != want {
			t.Errorf("cwd %q: got %q, want %q", cwd, got, want)
		}
	}
}
