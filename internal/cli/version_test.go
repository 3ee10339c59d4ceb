package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"runtime/debug"
	"strings"
	"testing"
)

func TestBuild_LinkTimeValuesWinOverBuildInfo(t *testing.T) {
	bi := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261201-abc"}, Settings: []debug.BuildSetting{
		{Key: "vcs.revision", Value: "0123456789abcdef0123"}, {Key: "vcs.time", Value: "2026-12-01T10:00:00Z"}, {Key: "vcs.modified", Value: "true"},
	}}
	for _, tc := range []struct {
		name       string
		v, rev, at string
		bi         *debug.BuildInfo
		want       BuildInfo
	}{
		{name: "build info only", bi: bi, want: BuildInfo{Version: "v0.0.0-20261201-abc", Commit: "0123456789abcdef0123", CommitTime: "2026-12-01T10:00:00Z", Modified: true, Go: "go1.26.8"}},
		{name: "ldflags", v: "v1.2.3", rev: "feed", at: "2026-11-30T00:00:00Z", bi: bi, want: BuildInfo{Version: "v1.2.3", Commit: "feed", CommitTime: "2026-11-30T00:00:00Z", Go: "go1.26.8"}},
		{name: "devel without vcs", bi: &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, want: BuildInfo{Version: "dev", Go: "go1.26.8"}},
	} {
		got := buildFrom(tc.v, tc.rev, tc.at, tc.bi)
		got.Platform = ""
		if got != tc.want {
			t.Errorf("%s: got %+v, want %+v", tc.name, got, tc.want)
		}
	}
}

func TestVersion_PrintsVersionCommitAndGo(t *testing.T) {
	defer func(v, c string) { version, commit = v, c }(version, commit)
	version, commit = "v9.8.7", "abcdef0123456789abcdef"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		var out bytes.Buffer
		e := &Env{Args: args, Stdout: &out, Stderr: &out, Getenv: func(string) string { return "" }}
		if code := Main(context.Background(), e); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, out.String())
		}
		s := out.String()
		if !strings.HasPrefix(s, "switchboard v9.8.7\ncommit abcdef012345") || !strings.Contains(s, "\ngo1.") {
			t.Errorf("%v printed:\n%s", args, s)
		}
	}
	var out bytes.Buffer
	e := &Env{Args: []string{"version", "--json"}, Stdout: &out, Stderr: &out, Getenv: func(string) string { return "" }}
	if code := Main(context.Background(), e); code != 0 {
		t.Fatalf("version --json: exit %d: %s", code, out.String())
	}
	var b BuildInfo
	if err := json.Unmarshal(out.Bytes(), &b); err != nil {
		t.Fatalf("version --json: %v\n%s", err, out.String())
	}
	if b.Version != "v9.8.7" || b.Commit != "abcdef0123456789abcdef" || !strings.HasPrefix(b.Go, "go") || b.Platform == "" {
		t.Errorf("version --json: %+v", b)
	}
}
