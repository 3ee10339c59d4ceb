package backend

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Round ninety-nine: a stdio backend that crashed while writing its
// answer (the start of the line, no newline, then exit 3) failed the call
// with `calling "tools/call": the backend's answer could not be read:
// unmarshaling jsonrpc message: unexpected EOF`, which named neither the
// crash nor its exit status nor its stderr. The unfinished line is junk
// (said in the log), and the call fails as the backend's end does.
func TestBackend_AnAnswerCutByTheBackendsExitSaysTheExit(t *testing.T) {
	b := startFake(t, "raw", nil)
	ctx, cancel := context.WithTimeout(context.Background(), slow(10*time.Second))
	defer cancel()
	_, err := b.CallTool(ctx, "halfexit", json.RawMessage(`{}`))
	if err == nil || ctx.Err() != nil {
		t.Fatalf("call: %v", err)
	}
	for _, want := range []string{`backend "fake" exited (exit status 3)`, "fatal: out of memory while writing the answer"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q, want it to hold %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "could not be read") {
		t.Errorf("error %q blames the answer, not the exit", err)
	}
}

// Round ninety-nine: a tool failure (a result with isError) whose text
// held a secret of the server's config ("bad key sk-live-…", a backend
// echoing its env) reached the script's error whole, where the same
// words as a JSON-RPC error had it hidden. They are hidden alike.
func TestBackend_AToolFailureHidesTheServersSecrets(t *testing.T) {
	spec := fakeSpec(t, "raw")
	spec.Env["API_KEY"] = "sk-live-XXXX1234abcd"
	ctx, cancel := context.WithTimeout(context.Background(), slow(10*time.Second))
	defer cancel()
	b, err := Start(ctx, spec, &Options{Env: os.Environ(), Reaper: reaper(t)})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	res, err := b.CallTool(ctx, "errsecret", json.RawMessage(`{}`))
	if err != nil || !res.IsError || len(res.Content) != 1 {
		t.Fatalf("call: %v, %+v", err, res)
	}
	text := res.Content[0].(*mcp.TextContent).Text
	if strings.Contains(text, "sk-live") || !strings.Contains(text, "bad key *** for this call") {
		t.Errorf("failure text %q, want the secret hidden", text)
	}
}
