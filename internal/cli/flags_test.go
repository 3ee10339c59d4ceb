package cli

import (
	"bytes"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParse_FlagsAfterPositionalArguments(t *testing.T) {
	for _, tc := range []struct {
		args   []string
		config string
		detail string
		quiet  bool
		pos    []string
	}{
		{args: []string{"trap", "--config", "cfg.json"}, config: "cfg.json", pos: []string{"trap"}},
		{args: []string{"memory", "--detail", "names"}, detail: "names", pos: []string{"memory"}},
		{args: []string{"a", "-quiet", "b", "--detail=full", "c"}, detail: "full", quiet: true, pos: []string{"a", "b", "c"}},
		{args: []string{"--config", "x", "--", "--detail", "-quiet"}, config: "x", pos: []string{"--detail", "-quiet"}},
		{args: []string{"a", "--", "b", "--", "c"}, pos: []string{"a", "b", "--", "c"}},
		{args: []string{"--config", "--", "s"}, config: "--", pos: []string{"s"}}, // "--" as a flag's value
		{args: []string{"-", "--detail", "names"}, detail: "names", pos: []string{"-"}},
		{args: nil, pos: nil},
	} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		fs.SetOutput(&bytes.Buffer{})
		config := fs.String("config", "", "")
		detail := fs.String("detail", "", "")
		quiet := fs.Bool("quiet", false, "")
		if err := parse(fs, tc.args); err != nil {
			t.Errorf("%q: %v", tc.args, err)
			continue
		}
		if *config != tc.config || *detail != tc.detail || *quiet != tc.quiet || !slices.Equal(fs.Args(), tc.pos) && len(fs.Args())+len(tc.pos) > 0 {
			t.Errorf("%q: config %q detail %q quiet %v args %q; want %q %q %v %q", tc.args, *config, *detail, *quiet, fs.Args(), tc.config, tc.detail, tc.quiet, tc.pos)
		}
	}
}

func TestParse_UnknownFlagIsAnError(t *testing.T) {
	for _, args := range [][]string{{"memory", "--detial", "names"}, {"--bogus"}, {"a", "-x"}} {
		fs := flag.NewFlagSet("t", flag.ContinueOnError)
		var out bytes.Buffer
		fs.SetOutput(&out)
		fs.String("detail", "", "")
		if err := parse(fs, args); !errors.Is(err, errUsage) || !strings.Contains(out.String(), "flag provided but not defined") {
			t.Errorf("%q: err = %v, output %q; want a usage error", args, err, out.String())
		}
	}
}

func TestMain_FlagAfterServerName(t *testing.T) {
	pe := newProjectEnv(t, "", "")
	cfg := filepath.Join(pe.home, "cfg.json")
	os.WriteFile(cfg, []byte(`{"mcpServers": {"trap": {"command": "t"}}}`), 0o600)
	// Before the fix, --config was taken as a tool name and the default
	// config (which has no "trap") was read.
	// Nothing was pinned, so approve finds nothing to approve: what
	// matters is that it found the server in cfg.json.
	pe.run("approve", "trap", "--config", cfg)
	if out := pe.stdout.String() + pe.stderr.String(); !strings.Contains(out, "approving trap") && !strings.Contains(out, "of trap") && !strings.Contains(out, `server "trap"`) {
		t.Errorf("approve trap --config did not read cfg.json:\n%s", out)
	}
	if code := pe.run("approve", "trap", "--confg", cfg); code != 2 {
		t.Errorf("an unknown flag: exit %d, want 2\n%s", code, pe.stderr)
	}
}

// Commands that take no arguments refuse one instead of ignoring it:
// `switchboard pins github` listed every server's pins.
func TestCommands_RefuseUnexpectedArguments(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "c"), "XDG_STATE_HOME": filepath.Join(home, "s"), "XDG_CACHE_HOME": filepath.Join(home, "k"), "XDG_RUNTIME_DIR": filepath.Join(home, "r")}
	for _, args := range [][]string{{"tokens", "x"}, {"servers", "x"}, {"pins", "github"}, {"sync", "x"}, {"token", "x"}, {"plugins", "x"}, {"daemon", "status", "x"}} {
		var out, errb bytes.Buffer
		code := Main(t.Context(), &Env{
			Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &errb,
			Getenv: func(k string) string { return env[k] }, LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
			Environ: func() []string { return nil }, Dir: home,
		})
		want := "switchboard " + strings.Join(args[:len(args)-1], " ") + ": unexpected argument " + `"` + args[len(args)-1] + `"`
		if code != 2 || !strings.Contains(errb.String(), want) || out.Len() > 0 {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", args, code, out.String(), errb.String(), want)
		}
	}
}
