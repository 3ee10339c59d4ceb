package backend

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// A server "db" of one project and a server "db" of another wrote one
// logs/db.log (round 115, case 8): `switchboard logs db` in either
// showed both. A project's server's log is named by the server and its
// project (db@HASH.log); a user server's keeps its name (db.log).
func TestLogFile_AProjectServerHasItsOwnLogFile(t *testing.T) {
	user := &config.Server{Name: "db"}
	a := &config.Server{Name: "db", Project: "/ws/a/.switchboard.json"}
	b := &config.Server{Name: "db", Project: "/ws/b/.switchboard.json"}
	if got := LogFileFor("/logs", user); got != LogFile("/logs", "db") || got != filepath.Join("/logs", "db.log") {
		t.Errorf("a user server's log: %s, want /logs/db.log", got)
	}
	fa, fb := LogFileFor("/logs", a), LogFileFor("/logs", b)
	if fa == fb || fa == LogFile("/logs", "db") || fb == LogFile("/logs", "db") {
		t.Errorf("the logs of db of two projects and of the user: %s, %s, %s", fa, fb, LogFile("/logs", "db"))
	}
	if !strings.HasPrefix(filepath.Base(fa), "db@") || filepath.Dir(fa) != "/logs" || !strings.HasSuffix(fa, ".log") {
		t.Errorf("a project server's log: %s, want /logs/db@HASH.log", fa)
	}
	if LogFileFor("/logs", a) != fa {
		t.Error("the name is not stable")
	}
	// A user server whose name looks like a project's file is not one.
	if LogFile("/logs", strings.TrimSuffix(filepath.Base(fa), ".log")) == fa {
		t.Errorf("the user server %q writes the project's log", strings.TrimSuffix(filepath.Base(fa), ".log"))
	}
	if got := LogProject(fa); got != "" {
		t.Errorf("LogProject of a file that does not exist: %q", got)
	}
}

// A backend started for a project's server writes its project's file,
// secrets hidden as in any, and says in it which project defined it; the
// file is rotated at the size a user server's is.
func TestStart_AProjectServerWritesItsProjectsLogRotatedAndRedacted(t *testing.T) {
	const token = "tok-9f8e7d6c5b4a-secret"
	dir := t.TempDir()
	spec := fakeSpec(t, "leak")
	spec.Name = "db"
	spec.Project = "/ws/c/.switchboard.json"
	spec.Env["FAKE_TOKEN"] = token
	_, err := Start(context.Background(), spec, &Options{Env: os.Environ(), LogDir: dir, Reaper: reaper(t)})
	var se *StartError
	if !errors.As(err, &se) {
		t.Fatalf("start: %v, want *StartError", err)
	}
	if _, err := os.Stat(LogFile(dir, "db")); err == nil {
		t.Errorf("the project's server wrote %s", LogFile(dir, "db"))
	}
	path := LogFileFor(dir, spec)
	log, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(log), token) || !strings.Contains(string(log), "authenticating with token ***") {
		t.Errorf("project log:\n%s", log)
	}
	if got := LogProject(path); got != spec.Project {
		t.Errorf("LogProject = %q, want %q; log:\n%s", got, spec.Project, log)
	}

	s := openStderrLogFile(path, &redact.Secrets{}, nil)
	line := strings.Repeat("x", 1000) + "\n"
	for i := 0; i < logFileMax/len(line)+10; i++ {
		s.Write([]byte(line))
	}
	s.Close()
	if fi, err := os.Stat(path + ".1"); err != nil || fi.Size() == 0 {
		t.Errorf("%s.1 after writing past %d bytes: %v", path, logFileMax, err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() > logFileMax {
		t.Errorf("%s after rotation: %v, %v", path, fi.Size(), err)
	}
	if got := LogProject(path); got != spec.Project {
		t.Errorf("LogProject after rotation = %q (the note is in the .1 file)", got)
	}
}
