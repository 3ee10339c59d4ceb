package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestServers_RedactsLastError(t *testing.T) {
	home := t.TempDir()
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_CACHE_HOME": filepath.Join(home, ".cache"), "XDG_STATE_HOME": filepath.Join(home, ".state")}
	user := filepath.Join(home, ".config", "switchboard", "config.json")
	os.MkdirAll(filepath.Dir(user), 0o755)
	os.WriteFile(user, []byte(`{"mcpServers": {"remote": {"url": "https://api.example.com/mcp"}}}`), 0o600)
	// A status file of a live serve (this process), written by an older
	// version that did not redact.
	status := filepath.Join(home, ".state", "switchboard", "status", fmt.Sprintf("%d.json", os.Getpid()))
	os.MkdirAll(filepath.Dir(status), 0o700)
	os.WriteFile(status, []byte(`{"remote": {"state": "dead", "lastError": "GET https://api.example.com/mcp?token=s3cr3t-value: 401, Bearer sk-abcdef123456"}}`), 0o600)
	for _, args := range [][]string{{"servers"}, {"servers", "--json"}} {
		var out bytes.Buffer
		e := &Env{
			Args: args, Stdin: strings.NewReader(""), Stdout: &out, Stderr: &bytes.Buffer{},
			Getenv:     func(k string) string { return env[k] },
			LookupEnv:  func(k string) (string, bool) { v, ok := env[k]; return v, ok },
			Environ:    func() []string { return nil },
			Dir:        t.TempDir(),
			Executable: "/nonexistent",
		}
		if code := Main(context.Background(), e); code != 0 {
			t.Fatalf("%v: exit %d", args, code)
		}
		if s := out.String(); strings.Contains(s, "s3cr3t-value") || strings.Contains(s, "sk-abcdef123456") || !strings.Contains(s, "token=***") {
			t.Errorf("%v output is not redacted:\n%s", args, s)
		}
	}
}

// A long server name is clipped in the table: tabwriter pads every row to
// the longest name, and a 300-byte one made each row 300 bytes wider.
func TestServers_LongNameIsClipped(t *testing.T) {
	w := newCLIWorld(t)
	long := strings.Repeat("x", 300)
	w.write(w.user(), `{"mcpServers": {"a": {"command": "echo"}, "`+long+`": {"command": "echo"}}}`)
	out := w.mustRun("servers")
	for _, l := range strings.Split(out, "\n") {
		if len(l) > 250 {
			t.Errorf("a row of %d bytes: %.120s…", len(l), l)
		}
	}
	if !strings.Contains(out, strings.Repeat("x", 64)+"…") {
		t.Errorf("the long name is not there, clipped:\n%.500s", out)
	}
}
