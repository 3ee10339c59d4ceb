package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
)

// wantsJSON reports whether args, a command's, ask for JSON output
// (--json, -json, --json=true) before a "--" ends the flags.
func wantsJSON(args []string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		switch a {
		case "--json", "-json", "--json=true", "-json=true", "--json=1", "-json=1":
			return true
		}
	}
	return false
}

// jsonErrors makes a command run with --json print its failure as JSON
// on stdout, {"error": "…", "exitCode": N}, when it printed nothing
// there: `switchboard servers --json` with a config error, or with an
// argument too many, left stdout empty and the reason on stderr only, so
// a script reading the JSON had nothing to parse. Stderr keeps the
// message as before. A nil *jsonErrors does nothing.
type jsonErrors struct {
	name   string    // the command's
	out    io.Writer // the process's stdout
	stdout *countWriter
	stderr *keepWriter
}

func newJSONErrors(e *Env, name string) *jsonErrors {
	return &jsonErrors{name: name, out: e.Stdout, stdout: &countWriter{w: e.Stdout}, stderr: &keepWriter{w: e.Stderr}}
}

// fail prints the failure as JSON unless the command wrote to stdout:
// msg, or (a usage error, msg "") what the command wrote to stderr, its
// problem and its usage line.
func (j *jsonErrors) fail(code int, msg string) {
	if j == nil || j.stdout.written() {
		return
	}
	v := map[string]any{"exitCode": code}
	if msg == "" {
		said := j.stderr.text()
		var lines []string
		for _, l := range strings.Split(said, "\n") {
			if strings.HasPrefix(l, "Usage: ") {
				v["usage"] = strings.TrimPrefix(l, "Usage: ")
				break
			}
			if strings.TrimSpace(l) != "" {
				lines = append(lines, l)
			}
		}
		msg = strings.Join(lines, "\n")
		if !strings.HasPrefix(msg, "switchboard ") {
			msg = strings.TrimSpace("switchboard " + j.name + ": " + msg) // the flag package's words
		}
	}
	v["error"] = msg
	b, _ := json.MarshalIndent(v, "", "  ")
	fmt.Fprintln(j.out, string(b))
}

type countWriter struct {
	w  io.Writer
	mu sync.Mutex
	n  int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.mu.Lock()
	c.n += int64(n)
	c.mu.Unlock()
	return n, err
}

func (c *countWriter) written() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n > 0
}

// keepWriter writes through to w and keeps the first 64 kB written.
type keepWriter struct {
	w   io.Writer
	mu  sync.Mutex
	buf bytes.Buffer
}

func (k *keepWriter) Write(p []byte) (int, error) {
	k.mu.Lock()
	if room := 64<<10 - k.buf.Len(); room > 0 {
		k.buf.Write(p[:min(len(p), room)])
	}
	k.mu.Unlock()
	return k.w.Write(p)
}

func (k *keepWriter) text() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.buf.String()
}
