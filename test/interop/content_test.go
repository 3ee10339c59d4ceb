package interop

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// connectStandalone is connect with serve --standalone: the session's
// backends end with its process.
func connectStandalone(t *testing.T, ctx context.Context, cfg string, env []string) *mcp.ClientSession {
	t.Helper()
	cmd := exec.Command(binPath, "serve", "--standalone", "--config", cfg)
	cmd.Env = env
	cmd.Stderr = os.Stderr
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "interop-content", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd, TerminateDuration: 2 * time.Second}, nil)
	if err != nil {
		t.Fatalf("connecting to switchboard serve --standalone: %v", err)
	}
	return cs
}

// everythingStatus is everything's entry in switchboard://status.
// listReady calls list_tools for server until it is no longer "still
// starting": a cold listing answers within a few seconds with what is ready,
// and npx may take longer than that to start a server on a loaded machine.
func listReady(t *testing.T, ctx context.Context, cs *mcp.ClientSession, server string) (string, bool) {
	t.Helper()
	for {
		out, isErr := callText(t, ctx, cs, "list_tools", map[string]any{"servers": []string{server}})
		if isErr || !strings.Contains(out, "still starting") || ctx.Err() != nil {
			return out, isErr
		}
		t.Logf("%s still starting; listing again", server)
		select {
		case <-ctx.Done():
		case <-time.After(250 * time.Millisecond):
		}
	}
}

func everythingStatus(t *testing.T, ctx context.Context, cs *mcp.ClientSession) (state string, pid int) {
	t.Helper()
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "switchboard://status"})
	if err != nil {
		t.Fatalf("reading switchboard://status: %v", err)
	}
	var st struct {
		Servers []struct {
			Name, State string
			Pid         int
		}
	}
	if err := json.Unmarshal([]byte(rr.Contents[0].Text), &st); err != nil {
		t.Fatalf("switchboard://status: %v\n%s", err, rr.Contents[0].Text)
	}
	for _, s := range st.Servers {
		if s.Name == "everything" {
			return s.State, s.Pid
		}
	}
	t.Fatalf("switchboard://status has no everything: %s", rr.Contents[0].Text)
	return "", 0
}

// TestServe_ResourcesPromptsAndImages: server-everything's resources and
// prompts are listed through Switchboard from the catalog with no backend
// started, then read and got (which starts it); an image a script returns
// arrives as an image block.
func TestServe_ResourcesPromptsAndImages(t *testing.T) {
	needNode(t)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cfg, env, _ := setup(t, "")

	// First session: learn everything's lists (cached), then exit.
	cs := connectStandalone(t, ctx, cfg, env)
	if out, isErr := listReady(t, ctx, cs, "everything"); isErr || !strings.Contains(out, "declare const resources") {
		t.Fatalf("list_tools(everything) does not declare resources:\n%s", out)
	}
	cs.Close()

	cs = connectStandalone(t, ctx, cfg, env)
	defer cs.Close()
	if caps := cs.InitializeResult().Capabilities; caps.Resources == nil || caps.Prompts == nil {
		t.Fatalf("capabilities %+v lack resources or prompts", caps)
	}
	var uris []string
	for r, err := range cs.Resources(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		uris = append(uris, r.URI)
	}
	var prompts []*mcp.Prompt
	for p, err := range cs.Prompts(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		prompts = append(prompts, p)
	}
	if state, pid := everythingStatus(t, ctx, cs); pid != 0 || state == "ready" {
		t.Fatalf("listing resources and prompts started everything (state %s, pid %d)", state, pid)
	}
	var target string
	for _, u := range uris {
		if strings.HasPrefix(u, "switchboard://everything/") {
			target = u
			break
		}
	}
	if target == "" || len(prompts) == 0 {
		t.Fatalf("through switchboard: resources %v, %d prompts", uris, len(prompts))
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: target})
	if err != nil {
		t.Fatalf("reading %s: %v", target, err)
	}
	if len(rr.Contents) == 0 || rr.Contents[0].Text == "" && len(rr.Contents[0].Blob) == 0 || !strings.HasPrefix(rr.Contents[0].URI, "switchboard://everything/") {
		t.Errorf("read %s: %+v", target, rr.Contents)
	}
	var simple string
	for _, p := range prompts {
		if strings.HasSuffix(p.Name, "__simple-prompt") {
			simple = p.Name
		}
	}
	g, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: simple})
	if err != nil || len(g.Messages) == 0 {
		t.Errorf("prompts/get %q: %v, %+v", simple, err, g)
	}
	if state, pid := everythingStatus(t, ctx, cs); state != "ready" || pid == 0 {
		t.Errorf("after a read, everything is %s (pid %d), want ready", state, pid)
	}

	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": `return await everything.get_tiny_image()`}})
	if err != nil {
		t.Fatal(err)
	}
	var img *mcp.ImageContent
	var text string
	for _, c := range res.Content {
		switch c := c.(type) {
		case *mcp.ImageContent:
			img = c
		case *mcp.TextContent:
			text += c.Text
		}
	}
	if res.IsError || img == nil || img.MIMEType != "image/png" || strings.Contains(text, "iVBORw0KGgo") || !strings.Contains(text, "[image 1: image/png") {
		t.Errorf("get_tiny_image through execute: isError %v, image %v, text %.300s", res.IsError, img != nil, text)
	}
	if res.StructuredContent == nil {
		t.Error("execute returned no structuredContent")
	}

	// The script globals, through the sandbox worker.
	out, isErr := callText(t, ctx, cs, "execute", map[string]any{"script": `
		const rs = await resources.list("everything");
		const r = await resources.read("everything", rs[0].uri);
		const p = await prompts.get("everything", "simple-prompt");
		return {n: rs.length, uri: r.contents[0].uri === rs[0].uri, text: (r.contents[0].text || r.contents[0].blob || "").length > 0, messages: p.messages.length}`})
	var v struct {
		N         int
		URI, Text bool
		Messages  int
	}
	if isErr || json.Unmarshal([]byte(out), &v) != nil || v.N == 0 || !v.URI || !v.Text || v.Messages == 0 {
		t.Errorf("resources and prompts from a script: %s", out)
	}
}
