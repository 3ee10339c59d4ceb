package server

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// askingBackends is a backend whose tool "ask" asks its client for input
// n times, one after the other, and whose tool "many" asks n times at
// once; each then answers with how many were answered.
type askingBackends struct {
	n   int
	msg string // each ask's message ("name?" when empty)
	// errs are what the refused asks got.
	mu   sync.Mutex
	errs []error
}

func (f *askingBackends) ListTools(ctx context.Context, server string) (*catalog.Listing, error) {
	return &catalog.Listing{Tools: []*mcp.Tool{{Name: "ask", InputSchema: schema(``)}, {Name: "many", InputSchema: schema(``)}}}, nil
}

func (f *askingBackends) CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error) {
	var answered atomic.Int64
	ask := func() {
		msg := f.msg
		if msg == "" {
			msg = "name?"
		}
		_, err := c.Hooks.Elicit(ctx, &mcp.ElicitParams{Message: msg, RequestedSchema: map[string]any{"type": "object"}})
		if err != nil {
			f.mu.Lock()
			f.errs = append(f.errs, err)
			f.mu.Unlock()
			return
		}
		answered.Add(1)
	}
	if c.Tool == "many" {
		var wg sync.WaitGroup
		for range f.n {
			wg.Add(1)
			go func() { defer wg.Done(); ask() }()
		}
		wg.Wait()
	} else {
		for range f.n {
			ask()
		}
	}
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "answered " + itoa(int(answered.Load()))}}}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.errs) > 0 {
		res.IsError = true
		res.Content = append(res.Content, &mcp.TextContent{Text: "elicitation failed: " + f.errs[0].Error()})
	}
	return res, nil
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	s := ""
	for ; n > 0; n /= 10 {
		s = string(rune('0'+n%10)) + s
	}
	return s
}

// roundsClient connects a 2026-07-28 Go SDK client to a server over fb;
// it declines every elicitation and counts them.
func roundsClient(t *testing.T, fb *askingBackends) (*mcp.ClientSession, *atomic.Int64) {
	t.Helper()
	s, ct, ss := serveOne(t, "hb", fb, config.Settings{}.Defaults())
	ctx := context.Background()
	var asked atomic.Int64
	co := &mcp.ClientOptions{ElicitationHandler: func(ctx context.Context, r *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		asked.Add(1)
		return &mcp.ElicitResult{Action: "decline"}, nil
	}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, co).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2026-07-28"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close(); s.abandonPaused() })
	return cs, &asked
}

// A 2026-07-28 client answers a limited number of input_required rounds
// (the Go SDK fails the call at its 10th, with "multi-round-trip:
// exceeded maximum retries (10)", naming neither server nor tool, and
// the call ran on until its timeout). A call asking for input 11 times
// now gets 8 rounds; the 9th ask is refused to the backend, naming it
// and the limit, and the call's own result reaches the client.
func TestMultiRound_RoundLimitIsOurs(t *testing.T) {
	fb := &askingBackends{n: 11}
	cs, asked := roundsClient(t, fb)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": "return await hb.ask()"}})
	if err != nil {
		t.Fatalf("the client gave up: %v", err)
	}
	if n := asked.Load(); n != maxInputRounds {
		t.Errorf("the client was asked %d times, want %d", n, maxInputRounds)
	}
	text := resultText(res)
	for _, want := range []string{"hb.ask", "8 rounds", "elicitation/create"} {
		if !strings.Contains(text, want) {
			t.Errorf("result %q does not say %q", text, want)
		}
	}
	fb.mu.Lock()
	defer fb.mu.Unlock()
	if len(fb.errs) != 11-maxInputRounds {
		t.Errorf("%d asks refused, want %d", len(fb.errs), 11-maxInputRounds)
	}
}

// Input requests made together go to the client in one round: a backend
// asking 500 at once failed at the client after 9 of them.
func TestMultiRound_InputsMadeTogetherShareARound(t *testing.T) {
	fb := &askingBackends{n: 500}
	cs, asked := roundsClient(t, fb)
	res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": "return await hb.many()"}})
	if err != nil {
		t.Fatalf("the client gave up: %v", err)
	}
	if n := asked.Load(); n != 500 {
		t.Errorf("the client was asked %d times, want 500", n)
	}
	if text := resultText(res); res.IsError || !strings.Contains(text, "answered 500") {
		t.Errorf("result %q (error %v), want all 500 answered", text, res.IsError)
	}
}

func resultText(res *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
			b.WriteString("\n")
		}
	}
	return b.String()
}

// A round's input requests together stay within settings.maxResultBytes:
// 500 requests near the bound each made one message of 500 times it (the
// TypeScript client drops its connection on one over 10 MiB). What does
// not fit goes in the next round.
func TestMultiRound_ARoundStaysWithinMaxResultBytes(t *testing.T) {
	fb := &askingBackends{n: 12, msg: strings.Repeat("m", 4000)}
	set := config.Settings{MaxResultBytes: 10 << 10}.Defaults()
	s, ct, ss := serveOne(t, "hb", fb, set)
	ctx := context.Background()
	// The client answers the rounds itself, to see each.
	co := &mcp.ClientOptions{MultiRoundTrip: &mcp.MultiRoundTripOptions{Disabled: true}, ElicitationHandler: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "decline"}, nil
	}}
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "t"}, co).Connect(ctx, ct, &mcp.ClientSessionOptions{ProtocolVersion: "2026-07-28"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); ss.Close(); s.abandonPaused() })
	p := &mcp.CallToolParams{Name: "execute", Arguments: map[string]any{"script": "return await hb.many()"}}
	rounds, asked := 0, 0
	for {
		res, err := cs.CallTool(ctx, p)
		if err != nil {
			t.Fatal(err)
		}
		if !res.NeedsInput() {
			if res.IsError || !strings.Contains(resultText(res), "answered 12") {
				t.Errorf("result %q, want all 12 answered", resultText(res))
			}
			break
		}
		rounds++
		if rounds > maxInputRounds {
			t.Fatalf("round %d", rounds)
		}
		if b, _ := json.Marshal(res.InputRequests); len(b) > set.MaxResultBytes+512 {
			t.Errorf("a round of %d bytes, want at most about %d", len(b), set.MaxResultBytes)
		}
		answers := mcp.InputResponseMap{}
		for id := range res.InputRequests {
			answers[id] = &mcp.ElicitResult{Action: "decline"}
			asked++
		}
		p = &mcp.CallToolParams{Name: p.Name, Arguments: p.Arguments, InputResponses: answers, RequestState: res.RequestState}
	}
	if asked != 12 || rounds < 2 {
		t.Errorf("%d asks in %d rounds, want 12 spread over several", asked, rounds)
	}
}
