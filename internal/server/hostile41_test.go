package server

import (
	"context"
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// Round forty-one: what a hostile client sends through the meta-tools.
// Each answer is an error result naming what was wrong, or the script's
// own error, within seconds; nothing panics or hangs.
func TestHostile41_ClientScripts(t *testing.T) {
	_, _, cs := newTestServer(t, config.Settings{}, nil)
	for _, c := range []struct {
		name, script string
		want         []string // in the answer
	}{
		{"10 MB of comment", "// " + strings.Repeat("x", 10<<20) + "\nreturn 1", []string{"1"}},
		{"100k nested brackets", strings.Repeat("[", 100000) + strings.Repeat("]", 100000), []string{"stack"}},
		{"100k nested parentheses", "return " + strings.Repeat("(", 100000) + "1" + strings.Repeat(")", 100000), []string{"stack"}},
		{"a NUL and a lone surrogate", "return '\x00\\ud800'.length", []string{"2"}},
		{"invalid UTF-8", "return '\xff\xfe'.length", []string{"2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			start := time.Now()
			// timeout_ms: a 10 MB comment is parsed in a few seconds, but on
			// a machine loaded by other test binaries it ran past the
			// default 30 s once; the answer, not the time, is what is checked.
			out, _ := call(t, cs, "execute", map[string]any{"script": c.script, "timeout_ms": 120000})
			t.Logf("%.1fs: %.300s", time.Since(start).Seconds(), out)
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("answer %.300q does not hold %q", out, w)
				}
			}
		})
	}
	// A meta-tool that does not exist. (Unknown methods and cancels of
	// requests never sent: stdio_test.go's raw lines.)
	ctx := context.Background()
	if err := cs.Ping(ctx, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "no_such_meta_tool"}); err == nil || !strings.Contains(err.Error(), `"no_such_meta_tool"`) {
		t.Errorf("an unknown meta-tool: %v, want an error naming it", err)
	}
}

// Round forty-one: the check of which unlisted servers a script names
// ran a regular expression without a literal prefix over the whole script
// for each such server, 0.1 to 0.3 s a megabyte each, before the script
// started: 40 servers not yet listed over an 8 MB script took 27 s. It
// reads the same words, and that now takes well under a second.
func TestMentions_ReadsWordsAsTheRegexpDidAndQuickly(t *testing.T) {
	for _, c := range []struct {
		src, ident string
		want       bool
	}{
		{"return gh.search()", "gh", true},
		{"gh.search()", "gh", true},
		{"return ghx.search()", "gh", false},
		{"return x.gh.search()", "gh", false},
		{"return $gh.search()", "gh", false},
		{"return _gh.search()", "gh", false},
		{"return gh_2.search()", "gh", false},
		{"return ágh", "gh", true},
		{"const a = [gh]", "gh", true},
		{"// gh\nreturn 1", "gh", true},
		{"return 1", "gh", false},
		{"ghgh gh", "gh", true},
		{"gh$", "gh", true},
		{"x = a$", "a$", false}, // \b after a $ needs a word character
		{"x = a$b", "a$", true},
		{"x = a$ b", "a$", false},
		{"", "gh", false},
	} {
		if got := mentions(c.src, c.ident); got != c.want {
			t.Errorf("mentions(%q, %q) = %v, want %v", c.src, c.ident, got, c.want)
		}
	}
	// The same answers as the regular expression, over scripts made of
	// the characters that matter.
	rng := rand.New(rand.NewPCG(41, 41))
	alphabet := []string{"g", "h", "gh", ".", "$", "_", "1", " ", "\n", "é", "(", "x"}
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			b.WriteString(alphabet[rng.IntN(len(alphabet))])
		}
		for _, ident := range []string{"gh", "g$", "h_"} {
			want := regexp.MustCompile(`(^|[^A-Za-z0-9_$.])` + regexp.QuoteMeta(ident) + `\b`).MatchString(b.String())
			if got := mentions(b.String(), ident); got != want {
				t.Fatalf("mentions(%q, %q) = %v, the regular expression %v", b.String(), ident, got, want)
			}
		}
	}
	src := "// " + strings.Repeat("data gh_x 1234 ", 8<<20/15) + "\nreturn 1"
	start := time.Now()
	for i := range 40 {
		if mentions(src, "server"+string(rune('a'+i%26))+"x") {
			t.Fatal("a server the script does not name")
		}
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("40 servers over an 8 MB script took %v", d)
	}
}

// mediaBackends answers each tool with one media block as a lying backend
// may send it: an image without data, without a MIME type or of another
// kind's, an audio clip of an image's type; and a valid image.
type mediaBackends struct{}

var png1 = []byte("\x89PNG\r\n\x1a\n")

func (mediaBackends) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	var tools []*mcp.Tool
	for _, n := range []string{"nodata", "nomime", "htmlimage", "imageaudio", "png"} {
		tools = append(tools, &mcp.Tool{Name: n, InputSchema: schema(``)})
	}
	return &catalog.Listing{Tools: tools}, nil
}

func (mediaBackends) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	block := map[string]mcp.Content{
		"nodata":     &mcp.ImageContent{MIMEType: "image/png"},
		"nomime":     &mcp.ImageContent{Data: png1},
		"htmlimage":  &mcp.ImageContent{MIMEType: "text/html", Data: png1},
		"imageaudio": &mcp.AudioContent{MIMEType: "image/png", Data: png1},
		"png":        &mcp.ImageContent{MIMEType: "image/png", Data: png1},
	}[c.Tool]
	return &mcp.CallToolResult{Content: []mcp.Content{block}}, nil
}

// Round forty-one: a backend's image or audio block with no data, no MIME
// type or another kind's went to the client as it was, from a script's
// value or a directly called tool; a client hands it to its model's API,
// which refuses the request, and the result, kept in the conversation,
// failed each later turn. Such a block is now a text note saying what the
// backend sent; a valid image still goes as an image.
func TestResult_MalformedMediaBlocksBecomeNotes(t *testing.T) {
	_, ct, ss := serveOne(t, "m", mediaBackends{}, config.Settings{}.Defaults())
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	for _, c := range []struct{ tool, want string }{
		{"nodata", "an image without data"},
		{"nomime", "an image of MIME type"},
		{"htmlimage", "text/html"},
		{"imageaudio", "an audio clip of MIME type"},
		{"png", ""},
	} {
		res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": "return await m." + c.tool + "()"}})
		if err != nil {
			t.Fatal(err)
		}
		var kinds, texts []string
		for _, b := range res.Content {
			switch b := b.(type) {
			case *mcp.TextContent:
				kinds, texts = append(kinds, "text"), append(texts, b.Text)
			case *mcp.ImageContent:
				kinds = append(kinds, "image:"+b.MIMEType)
			case *mcp.AudioContent:
				kinds = append(kinds, "audio:"+b.MIMEType)
			}
		}
		all := strings.Join(texts, "\n")
		if c.want == "" {
			if !slices.Contains(kinds, "image:image/png") {
				t.Errorf("%s: content %v, want the image", c.tool, kinds)
			}
			continue
		}
		if slices.ContainsFunc(kinds, func(k string) bool { return k != "text" }) || !strings.Contains(all, c.want) {
			t.Errorf("%s: content %v %q, want text only, saying %q", c.tool, kinds, all, c.want)
		}
	}
}

// liarBackends answers with results that claim to be errors and are not
// quite: 30 MB of error text, an error with structured content as its
// output schema asks, an error with no text at all.
type liarBackends struct{}

func (liarBackends) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return &catalog.Listing{Tools: []*mcp.Tool{
		{Name: "bigerr", InputSchema: schema(``)},
		{Name: "structerr", InputSchema: schema(``), OutputSchema: map[string]any{"type": "object", "properties": map[string]any{"n": map[string]any{"type": "number"}}, "required": []any{"n"}}},
		{Name: "noerrtext", InputSchema: schema(``)},
	}}, nil
}

func (liarBackends) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	switch c.Tool {
	case "bigerr":
		return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "Error: " + strings.Repeat("y", 30<<20)}}}, nil
	case "structerr":
		return &mcp.CallToolResult{IsError: true, StructuredContent: map[string]any{"n": 1}, Content: []mcp.Content{&mcp.TextContent{Text: `{"n":1}`}}}, nil
	}
	return &mcp.CallToolResult{IsError: true}, nil
}

// Round forty-one, held: a result marked isError is the script's
// exception, named by server and tool, whatever else it carries; its text
// is cut at settings.maxResultBytes; one with no text says so.
func TestHostile41_ResultsThatClaimToBeErrors(t *testing.T) {
	_, ct, ss := serveOne(t, "liar", liarBackends{}, config.Settings{}.Defaults())
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, nil).Connect(context.Background(), ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close() })
	limit := config.Settings{}.Defaults().MaxResultBytes
	for _, c := range []struct{ script, want string }{
		{"try { await liar.bigerr() } catch (e) { return e.message.length <= " + fmt.Sprint(limit+64) + " && e.message.startsWith('liar.bigerr: Error: yyy') }", "true"},
		{"try { await liar.structerr(); return 'no exception' } catch (e) { return e.message }", `liar.structerr: {\"n\":1}`},
		{"try { await liar.noerrtext(); return 'no exception' } catch (e) { return e.message }", "liar.noerrtext: the tool reported an error without a message"},
	} {
		out, _ := call(t, cs, "execute", map[string]any{"script": c.script})
		if !strings.Contains(out, c.want) {
			t.Errorf("%.60s…: %.200q, want %q", c.script, out, c.want)
		}
	}
}
