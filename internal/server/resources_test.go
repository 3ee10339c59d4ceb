package server

import (
	"context"
	"encoding/json"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

func resourceURIs(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListResources(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range res.Resources {
		out = append(out, r.URI)
	}
	slices.Sort(out)
	return out
}

func promptNames(t *testing.T, cs *mcp.ClientSession) []string {
	t.Helper()
	res, err := cs.ListPrompts(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range res.Prompts {
		out = append(out, p.Name)
	}
	return out
}

func TestResources_ListedOnceKnownWithListChanged(t *testing.T) {
	changed := make(chan string, 100)
	_, fb, cs := newRichServerCache(t, config.Settings{}, "", changed)
	if caps := cs.InitializeResult().Capabilities; caps.Resources == nil || caps.Prompts == nil {
		t.Fatalf("capabilities %+v: want resources and prompts", caps)
	}
	if got := resourceURIs(t, cs); !slices.Equal(got, []string{StatusURI}) {
		t.Fatalf("before the server's lists are known: %v, want only our status", got)
	}
	if fb.lists != 0 {
		t.Fatalf("listing resources listed the backend %d times", fb.lists)
	}
	if _, isErr := call(t, cs, "list_tools", map[string]any{"servers": []any{"media"}}); isErr {
		t.Fatal("list_tools failed")
	}
	seen := map[string]bool{}
	for len(seen) < 2 {
		seen[<-changed] = true
	}
	if got, want := resourceURIs(t, cs), []string{"switchboard://media/file:///a.txt", StatusURI}; !slices.Equal(got, want) {
		t.Errorf("resources %v, want %v", got, want)
	}
	if got := promptNames(t, cs); !slices.Equal(got, []string{"media__explain"}) {
		t.Errorf("prompts %v, want media__explain", got)
	}
}

func TestResources_ListedFromCacheWithoutBackend(t *testing.T) {
	dir := t.TempDir()
	_, _, cs := newRichServerCache(t, config.Settings{}, dir, nil)
	call(t, cs, "list_tools", map[string]any{"servers": []any{"media"}}) // fills the cache
	_, fb, cs2 := newRichServerCache(t, config.Settings{}, dir, nil)
	if got := resourceURIs(t, cs2); !slices.Contains(got, "switchboard://media/file:///a.txt") {
		t.Errorf("resources from the cache: %v", got)
	}
	if got := promptNames(t, cs2); !slices.Equal(got, []string{"media__explain"}) {
		t.Errorf("prompts from the cache: %v", got)
	}
	if fb.lists != 0 || len(fb.calls) != 0 {
		t.Errorf("listing from the cache reached the backend: %d lists, calls %v", fb.lists, fb.calls)
	}
}

func TestResources_ReadAndGetDispatchToBackend(t *testing.T) {
	dir := t.TempDir()
	_, _, cs0 := newRichServerCache(t, config.Settings{}, dir, nil)
	call(t, cs0, "list_tools", map[string]any{"servers": []any{"media"}})
	_, fb, cs := newRichServerCache(t, config.Settings{}, dir, nil)
	ctx := context.Background()
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "switchboard://media/file:///a.txt"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rr.Contents) != 1 || rr.Contents[0].Text != "hello" || rr.Contents[0].URI != "switchboard://media/file:///a.txt" {
		t.Errorf("read %+v: want the text cleaned and our URI", rr.Contents)
	}
	g, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "media__explain", Arguments: map[string]string{"topic": "owls"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Messages) != 1 || g.Messages[0].Content.(*mcp.TextContent).Text != "Tell me about owls" {
		t.Errorf("prompt %+v", g.Messages)
	}
	if want := []string{"media read file:///a.txt", "media get explain owls"}; !slices.Equal(fb.calls, want) {
		t.Errorf("backend calls %v, want %v", fb.calls, want)
	}
	if _, err := cs.GetPrompt(ctx, &mcp.GetPromptParams{Name: "nope__explain"}); err == nil || !strings.Contains(err.Error(), "nope__explain") {
		t.Errorf("unknown prompt: %v", err)
	}
	var we *jsonrpc.Error
	if _, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "switchboard://elsewhere/file:///a.txt"}); !errors.As(err, &we) || we.Code != mcp.CodeResourceNotFound {
		t.Errorf("unknown server's resource: %v, want resource not found", err)
	}
}

func TestResources_Status(t *testing.T) {
	_, _, cs := newRichServer(t, config.Settings{})
	call(t, cs, "list_tools", map[string]any{"servers": []any{"media"}})
	rr, err := cs.ReadResource(context.Background(), &mcp.ReadResourceParams{URI: StatusURI})
	if err != nil {
		t.Fatal(err)
	}
	var st Status
	if err := json.Unmarshal([]byte(rr.Contents[0].Text), &st); err != nil {
		t.Fatal(err)
	}
	if len(st.Servers) != 1 || st.Servers[0].Name != "media" || !st.Servers[0].Known || st.Servers[0].Tools != 3 || st.Servers[0].Resources != 1 || st.Servers[0].Fetched == nil {
		t.Errorf("servers %+v", st.Servers)
	}
	if st.Tokens.Direct <= 0 || st.Tokens.Switchboard <= 0 || st.Tokens.Saved != st.Tokens.Direct-st.Tokens.Switchboard {
		t.Errorf("tokens %+v", st.Tokens)
	}
}

func TestScript_ResourcesAndPromptsGlobals(t *testing.T) {
	_, fb, cs := newRichServer(t, config.Settings{})
	out, isErr := call(t, cs, "execute", map[string]any{"script": `
		const rs = await resources.list("media");
		const r = await resources.read("media", rs[0].uri);
		const ps = await prompts.list("media");
		const p = await prompts.get("media", ps[0].name, {topic: "bats"});
		let err = "";
		try { await resources.read("nowhere", "x://y") } catch (e) { err = e.message }
		return {uri: rs[0].uri, text: r.contents[0].text, ruri: r.contents[0].uri, prompt: ps[0].name, msg: p.messages[0].content.text, err}`})
	if isErr {
		t.Fatalf("script failed: %s", out)
	}
	var v struct{ URI, Text, RURI, Prompt, Msg, Err string }
	if err := json.Unmarshal([]byte(strings.SplitN(out, "\n", 2)[0]), &v); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if v.URI != "file:///a.txt" || v.Text != "hello" || v.RURI != "file:///a.txt" || v.Prompt != "explain" || v.Msg != "Tell me about bats" {
		t.Errorf("got %+v", v)
	}
	if !strings.HasPrefix(v.Err, "resources.read: unknown server") {
		t.Errorf("error %q: want it to start with resources.read and say why", v.Err)
	}
	if want := []string{"media read file:///a.txt", "media get explain bats"}; !slices.Equal(fb.calls, want) {
		t.Errorf("backend calls %v, want %v", fb.calls, want)
	}
	decl, _ := call(t, cs, "list_tools", map[string]any{"servers": []any{"media"}})
	if !strings.Contains(decl, "declare const resources") || !strings.Contains(decl, "declare const prompts") {
		t.Errorf("list_tools does not declare resources and prompts:\n%s", decl)
	}
}

func TestListTools_ServerInstructions(t *testing.T) {
	_, _, cs := newRichServer(t, config.Settings{})
	decl, _ := call(t, cs, "list_tools", map[string]any{"servers": []any{"media"}})
	if !strings.Contains(decl, "/* Instructions from server \"media\":\n"+richListing.Instructions+"\n*/\n") {
		t.Errorf("full instructions missing before the declarations:\n%s", decl)
	}
	tools, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tl := range tools.Tools {
		if tl.Name != "list_tools" {
			continue
		}
		// The index marks the server; the text comes with its listing.
		if !strings.Contains(tl.Description, "media [") || !strings.Contains(tl.Description, "; instructions]") {
			t.Errorf("the index does not mark media as having instructions:\n%s", tl.Description)
		}
		if strings.Contains(tl.Description, "Use media tools") {
			t.Errorf("the index carries the instructions' text:\n%s", tl.Description)
		}
	}
}

func TestFirstSentence(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"One. Two.", "One."},
		{"  Multi\n line  text without end", "Multi line text without end"},
		{strings.Repeat("a", 150), strings.Repeat("a", 97) + "…"},
		{"v1.2 is out! Next.", "v1.2 is out!"},
	} {
		if got := firstSentence(tc.in, 100); got != tc.want {
			t.Errorf("firstSentence(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestResources_TemplatesListedAndRead(t *testing.T) {
	_, fb, cs := newRichServer(t, config.Settings{})
	call(t, cs, "list_tools", map[string]any{"servers": []any{"media"}})
	ctx := context.Background()
	res, err := cs.ListResourceTemplates(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.ResourceTemplates) != 1 || res.ResourceTemplates[0].URITemplate != "switchboard://media/notes://n/{id}" {
		t.Fatalf("templates %+v", res.ResourceTemplates)
	}
	rr, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "switchboard://media/notes://n/7"})
	if err != nil {
		t.Fatal(err)
	}
	if rr.Contents[0].Text != "note 7" || rr.Contents[0].URI != "switchboard://media/notes://n/7" {
		t.Errorf("read through the template: %+v", rr.Contents[0])
	}
	if !slices.Contains(fb.calls, "media read notes://n/7") {
		t.Errorf("backend calls %v", fb.calls)
	}
}

func TestResources_SubscribeRelayedAndUpdatesArrive(t *testing.T) {
	// resources/subscribe is the 2025-11-25 way (2026-07-28 clients use
	// subscriptions/listen, which the SDK turns into the same handler).
	clientProtocol = "2025-11-25"
	defer func() { clientProtocol = "" }()
	changed := make(chan string, 100)
	s, fb, cs := newRichServerCache(t, config.Settings{}, "", changed)
	call(t, cs, "list_tools", map[string]any{"servers": []any{"media"}})
	if caps := cs.InitializeResult().Capabilities; caps.Resources == nil || !caps.Resources.Subscribe {
		t.Fatalf("capabilities %+v: want resources.subscribe", caps.Resources)
	}
	ctx := context.Background()
	const ours = "switchboard://media/file:///a.txt"
	if err := cs.Subscribe(ctx, &mcp.SubscribeParams{URI: ours}); err != nil {
		t.Fatal(err)
	}
	s.ResourceUpdated("media", "file:///a.txt")
	var seen []string
wait:
	for {
		select {
		case got := <-changed:
			if got == "updated "+ours {
				break wait
			}
			seen = append(seen, got)
		case <-time.After(10 * time.Second): // a failure bound, not a timing assumption
			t.Fatalf("no resources/updated for %s; got %v", ours, seen)
		}
	}
	if err := cs.Unsubscribe(ctx, &mcp.UnsubscribeParams{URI: ours}); err != nil {
		t.Fatal(err)
	}
	if want := []string{"media subscribe file:///a.txt", "media unsubscribe file:///a.txt"}; !slices.Equal(fb.calls, want) {
		t.Errorf("backend calls %v, want %v", fb.calls, want)
	}
	var we *jsonrpc.Error
	if err := cs.Subscribe(ctx, &mcp.SubscribeParams{URI: "switchboard://nowhere/x"}); !errors.As(err, &we) || we.Code != mcp.CodeResourceNotFound {
		t.Errorf("subscribing to an unknown server's resource: %v", err)
	}
}

// A backend that answers resources/subscribe with method not found (it
// offers resources without subscriptions) gives the client an error naming
// the server and the resource, not a bare "method not found" (the SDK
// replaced our message with its own for that code), and not that code:
// Switchboard has the method, and other servers' resources can be
// subscribed to.
func TestResources_SubscribeToABackendWithoutItNamesTheServer(t *testing.T) {
	clientProtocol = "2025-11-25"
	defer func() { clientProtocol = "" }()
	_, _, cs := newRichServerCache(t, config.Settings{}, "", nil)
	call(t, cs, "list_tools", map[string]any{"servers": []any{"media"}})
	err := cs.Subscribe(context.Background(), &mcp.SubscribeParams{URI: "switchboard://media/notes://n/nosub"})
	var we *jsonrpc.Error
	if !errors.As(err, &we) || we.Code == jsonrpc.CodeMethodNotFound || !strings.Contains(we.Message, `server "media"`) || !strings.Contains(we.Message, "notes://n/nosub") {
		t.Errorf("subscribing where the backend lacks resources/subscribe: %v; want an error naming server and resource, not method not found", err)
	}
}

// A prompt whose name or an argument's name, or a resource or template
// whose URI, holds an escape sequence, a newline or a hidden character is
// not offered: the client shows these as they are (a prompt is a slash
// command in a terminal) and sends them back, so they cannot be cleaned,
// and none needs one (a tool so named is withheld). Nor is one over
// maxOffered bytes (a page of 1000 stays under a client's 10 MiB). The
// others are.
func TestResources_HostileNamesAreNotOffered(t *testing.T) {
	_, fb, cs := newRichServerCache(t, config.Settings{}, "", nil)
	fb.listing = catalog.Listing{
		Tools: richListing.Tools,
		Resources: []*mcp.Resource{
			{URI: "file:///ok.txt", Name: "ok"},
			{URI: "file:///a\u202etxt.exe", Name: "bidi"},
			{URI: "file:///b\u200b.txt", Name: "zero-width"},
			{URI: "urn:x:\u2028y", Name: "line separator"},
			{URI: "urn:y:\u0085z", Name: "next line"},
			{URI: "file:///" + strings.Repeat("u", maxOffered), Name: "long"},
			{URI: "file:///long-name.txt", Name: strings.Repeat("n", maxOffered)},
		},
		ResourceTemplates: []*mcp.ResourceTemplate{
			{URITemplate: "notes://ok/{id}", Name: "ok"},
			{URITemplate: "notes://x\u202e/{id}", Name: "bidi"},
		},
		Prompts: []*mcp.Prompt{
			{Name: "fine"},
			{Name: "red\x1b[31m"},
			{Name: "two\nlines"},
			{Name: "tab\targ"},
			{Name: "para\u2029graph"},
			{Name: "arg", Arguments: []*mcp.PromptArgument{{Name: "x\x1b]0;title\x07"}}},
			{Name: strings.Repeat("p", maxOffered)},
			{Name: "described", Description: strings.Repeat("d ", maxOffered)},
		},
	}
	call(t, cs, "list_tools", map[string]any{"servers": []any{"media"}})
	if got, want := resourceURIs(t, cs), []string{"switchboard://media/file:///ok.txt", StatusURI}; !slices.Equal(got, want) {
		t.Errorf("resources %q, want %q", got, want)
	}
	if got, want := promptNames(t, cs), []string{"media__fine"}; !slices.Equal(got, want) {
		t.Errorf("prompts %q, want %q", got, want)
	}
	res, err := cs.ListResourceTemplates(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var tmpls []string
	for _, rt := range res.ResourceTemplates {
		tmpls = append(tmpls, rt.URITemplate)
	}
	if want := []string{"switchboard://media/notes://ok/{id}"}; !slices.Equal(tmpls, want) {
		t.Errorf("templates %q, want %q", tmpls, want)
	}
}

// A resource URI that a script reads is named bounded in its error (a
// 1 MB URI came back twice: 2 MB, toward maxResultBytes).
func TestResources_LongURIIsNamedBounded(t *testing.T) {
	dir := t.TempDir()
	_, _, cs0 := newRichServerCache(t, config.Settings{}, dir, nil)
	call(t, cs0, "list_tools", map[string]any{"servers": []any{"media"}})
	_, _, cs := newRichServerCache(t, config.Settings{}, dir, nil)
	out, _ := call(t, cs, "execute", map[string]any{"script": `try { await resources.read("media", "file:///" + "y".repeat(100000)) } catch (e) { return e.message }`})
	if len(out) > 2000 || !strings.Contains(out, "reading file:///yyy") || !strings.Contains(out, `from server \"media\"`) {
		t.Errorf("reading a 100 kB URI: %d bytes: %.300s", len(out), out)
	}
}

// The digest of a server's instructions is its first sentence after any
// Markdown headings, within maxDigest bytes: every session starts with
// it, and "# Everything Server – Server Instructions" (the corpus'
// everything server) told the model nothing its name did not.
func TestInstructionsLine_SkipsHeadings(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"# Everything Server – Server Instructions\n\nAudience: agents. More.", "Audience: agents."},
		{"## A\n# B\n  \nUse this server for docs. Then.", "Use this server for docs."},
		{"Plain first. Second.", "Plain first."},
		{"# Only a title", "# Only a title"},
		{"\n\n", ""},
		{strings.Repeat("word ", 40), strings.Repeat("word ", 15) + "wo…"},
	} {
		if got := instructionsLine(tc.in); got != tc.want {
			t.Errorf("instructionsLine(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if got := instructionsLine(tc.in); len(got) > maxDigest {
			t.Errorf("instructionsLine(%q) is %d bytes, over %d", tc.in, len(got), maxDigest)
		}
	}
}
