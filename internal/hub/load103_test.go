package hub

import (
	"strings"
	"testing"
)

// Round one hundred and three: with neither HOME nor XDG_CONFIG_HOME set,
// `switchboard servers` listed the demo as "built-in demo (no config file
// at )", and serve said "put your servers in  (or run …)": no file the
// user could create. They say which variables to set.
func TestLoad_NoUserConfigPathSaysWhatToSet(t *testing.T) {
	dir := t.TempDir()
	l, err := Load(&LoadOptions{Paths: Paths{State: dir, Cache: dir}, Dir: dir, AllowDemo: true, DemoCommand: []string{"demo"}})
	if err != nil {
		t.Fatal(err)
	}
	src := l.Config.Servers["demo"].Source
	for _, s := range []string{src, l.Demo} {
		if strings.Contains(s, "at )") || strings.Contains(s, "in  (") || !strings.Contains(s, "HOME") || !strings.Contains(s, "XDG_CONFIG_HOME") {
			t.Errorf("%q: want the variables to set named", s)
		}
	}
}

// Round one hundred and three: --config and --project naming a missing
// file said "does not exist" and not how to make one.
func TestLoad_AMissingConfigNamesTheCommandThatMakesIt(t *testing.T) {
	dir := t.TempDir()
	_, err := Load(&LoadOptions{Paths: Paths{State: dir, Cache: dir}, Dir: dir, Explicit: "nope.json"})
	if err == nil || !strings.Contains(err.Error(), "(--config) does not exist: check the path, or create it with switchboard add NAME --config "+dir+"/nope.json -- COMMAND ARGS...") {
		t.Errorf("--config: %v", err)
	}
	_, err = Load(&LoadOptions{Paths: Paths{State: dir, Cache: dir}, Dir: dir, Project: "p/.switchboard.json"})
	if err == nil || !strings.Contains(err.Error(), "(--project) does not exist: check the path, or create it with switchboard add NAME --project="+dir+"/p/.switchboard.json") {
		t.Errorf("--project: %v", err)
	}
}
