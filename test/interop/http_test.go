package interop

import (
	"bufio"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeHTTP_TypeScriptClient: the TypeScript SDK's
// StreamableHTTPClientTransport with an Authorization header lists and
// calls tools on `serve --http`; without the header it is refused.
func TestServeHTTP_TypeScriptClient(t *testing.T) {
	needNode(t)
	cfg, env, _ := setup(t, "")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tokCmd := exec.CommandContext(ctx, binPath, "token")
	tokCmd.Env = env
	tok, err := tokCmd.Output()
	if err != nil {
		t.Fatalf("switchboard token: %v", err)
	}
	serve := exec.Command(binPath, "serve", "--http", "127.0.0.1:0", "--config", cfg)
	serve.Env = env
	stderr, _ := serve.StderrPipe()
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { serve.Process.Signal(os.Interrupt); serve.Wait() }()
	var url string
	sc := bufio.NewScanner(stderr)
	for url == "" && sc.Scan() {
		if _, rest, ok := strings.Cut(sc.Text(), "serving MCP at "); ok {
			url = strings.Fields(rest)[0]
		}
	}
	if url == "" {
		t.Fatal("serve --http printed no URL")
	}
	go func() {
		for sc.Scan() {
		}
	}()
	cmd := exec.CommandContext(ctx, "node", filepath.Join(filepath.Dir(nodeMods), "http-client.mjs"), url, strings.TrimSpace(string(tok)))
	cmd.Env = env
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("TS client: %v\n%s", err, out)
	}
	var got struct {
		Refused bool     `json:"refused"`
		Tools   []string `json:"tools"`
		Result  string   `json:"result"`
		IsError bool     `json:"isError"`
		Session bool     `json:"session"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("TS client output %q: %v", out, err)
	}
	if !got.Refused || strings.Join(got.Tools, ",") != "execute,list_tools" || got.IsError || !strings.Contains(got.Result, "42") || !got.Session {
		t.Errorf("TS client saw %+v", got)
	}
	if strings.Contains(string(out), strings.TrimSpace(string(tok))) {
		t.Error("the token appears in the client's output")
	}
}
