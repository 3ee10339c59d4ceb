package backend

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// deepElicitation is an elicitation request under id whose schema nests
// 2,200 levels, past what the SDK decodes; its id and method come first.
func deepElicitation(id string) string {
	deep := strings.Repeat(`{"type":"object","properties":{"a":`, 1100) + `{}` + strings.Repeat(`}}`, 1100)
	return `{"jsonrpc":"2.0","id":` + id + `,"method":"elicitation/create","params":{"message":"m","requestedSchema":` + deep + `}}`
}

// answerOf reads body as an error answer: its id and message.
func answerOf(body []byte) (id, msg string, ok bool) {
	var m struct {
		ID    json.RawMessage
		Error *struct{ Message string }
	}
	if json.Unmarshal(body, &m) != nil || m.Error == nil {
		return "", "", false
	}
	return string(m.ID), m.Error.Message, true
}

// Round ninety-one (round seventy-eight's first open item): a Streamable
// HTTP backend's own request that the SDK cannot decode (an elicitation
// whose schema nests 2,200 levels) was never answered: on a call's
// stream the call failed at once with "sent an event that is not a
// JSON-RPC message" while the backend kept waiting for its answer; on
// the standalone stream it was dropped and the backend waited. It is now
// answered with an error by a POST of ours (the SDK's encoding, with the
// session's headers, as a refusal past maxAsks is), naming the method and
// why; on a call's stream the call goes on and gets the backend's answer.
func TestRemote_AStreamableBackendsUnreadableRequestIsAnswered(t *testing.T) {
	for _, onCall := range []bool{true, false} {
		t.Run(fmt.Sprintf("onCall=%v", onCall), func(t *testing.T) {
			answers := make(chan string, 4)
			h := &hostileRemote{}
			h.post = func(w http.ResponseWriter, r *http.Request, method string, body []byte) bool {
				if method != "" {
					return false
				}
				if id, msg, ok := answerOf(body); ok {
					answers <- id + " " + msg
				}
				w.WriteHeader(http.StatusAccepted)
				return true
			}
			if onCall {
				h.call = func(w http.ResponseWriter, r *http.Request, id json.RawMessage) {
					w.Header().Set("Content-Type", "text/event-stream")
					w.WriteHeader(http.StatusOK)
					fmt.Fprintf(w, "data: %s\n\n", deepElicitation(`"e1"`))
					w.(http.Flusher).Flush()
					got := "none"
					select {
					case got = <-answers:
					case <-time.After(slow(20 * time.Second)):
					case <-r.Context().Done():
						return
					}
					text, _ := json.Marshal("answered: " + got)
					fmt.Fprintf(w, "data: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":%s}]}}\n\n", id, text)
				}
			} else {
				h.get = func(w http.ResponseWriter, r *http.Request, n int64) {
					w.Header().Set("Content-Type", "text/event-stream")
					w.WriteHeader(http.StatusOK)
					if n == 1 {
						fmt.Fprintf(w, "data: %s\n\n", deepElicitation(`17`))
					}
					w.(http.Flusher).Flush()
					<-r.Context().Done()
				}
			}
			ts := httptest.NewServer(h)
			t.Cleanup(ts.Close)
			ctx, cancel := context.WithTimeout(context.Background(), slow(30*time.Second))
			defer cancel()
			rec := &logtest.Recorder{}
			b, err := Start(ctx, &config.Server{Name: "r", Type: config.HTTP, URL: ts.URL}, &Options{ProtocolVersion: "2025-11-25", Logger: rec.Logger(),
				Elicit: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
					return &mcp.ElicitResult{Action: "decline"}, nil
				}})
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { b.Close() })
			var got string
			if onCall {
				res, err := b.CallTool(ctx, "t", json.RawMessage(`{}`))
				if err != nil {
					t.Fatalf("call: %v; want it to go on and get the backend's answer", err)
				}
				got = res.Content[0].(*mcp.TextContent).Text
				got = strings.TrimPrefix(got, "answered: ")
			} else {
				select {
				case got = <-answers:
				case <-ctx.Done():
					t.Fatal("the backend's request on its standalone stream was never answered")
				}
			}
			if !strings.Contains(got, `switchboard could not read this "elicitation/create" request`) || !strings.Contains(got, "1000") {
				t.Fatalf("the backend got %q; want an error naming the method and the nesting", got)
			}
			if want := map[bool]string{true: `"e1" `, false: `17 `}[onCall]; !strings.HasPrefix(got, want) {
				t.Errorf("answered %q; want it under the request's id (%s)", got, want)
			}
			// The request is answered before the log line is written:
			// wait for the line (until the test's deadline).
			said := func() bool {
				return slices.ContainsFunc(rec.Lines(), func(l string) bool {
					return strings.Contains(l, "cannot be read") && strings.Contains(l, "answered with an error")
				})
			}
			for !said() && ctx.Err() == nil {
				time.Sleep(5 * time.Millisecond)
			}
			if !said() {
				t.Errorf("not said in the log: %q", rec.Lines())
			}
			// The session goes on.
			if _, err := b.ListTools(ctx); err != nil {
				t.Fatalf("listing after: %v", err)
			}
		})
	}
}

// Round ninety-one: the same on a legacy SSE backend's stream, where the
// SDK dropped the request (it cannot decode it) and the backend waited;
// the answer is written by the SDK's own connection.
func TestRemote_ALegacySSEBackendsUnreadableRequestIsAnswered(t *testing.T) {
	answers := make(chan []byte, 4)
	s := &legacySSE{out: make(chan []byte, 16), answer: func(body []byte) { answers <- body }}
	s.call = func(id json.RawMessage) string {
		go func() {
			got := "none"
			select {
			case body := <-answers:
				if aid, msg, ok := answerOf(body); ok {
					got = aid + " " + msg
				} else {
					got = "not an error: " + string(body)
				}
			case <-time.After(slow(20 * time.Second)):
			}
			text, _ := json.Marshal(got)
			s.out <- []byte(fmt.Sprintf("event: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":%s}]}}\n\n", id, text))
		}()
		return "event: message\ndata: " + deepElicitation("5") + "\n\n"
	}
	ts := httptest.NewServer(s)
	t.Cleanup(ts.Close)
	ctx, cancel := context.WithTimeout(context.Background(), slow(30*time.Second))
	defer cancel()
	rec := &logtest.Recorder{}
	b, err := Start(ctx, &config.Server{Name: "l", Type: config.SSE, URL: ts.URL}, &Options{Logger: rec.Logger(),
		Elicit: func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			return &mcp.ElicitResult{Action: "decline"}, nil
		}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	res, err := b.CallTool(ctx, "t", json.RawMessage(`{}`))
	if err != nil {
		t.Fatalf("call: %v", err)
	}
	got := res.Content[0].(*mcp.TextContent).Text
	if !strings.HasPrefix(got, `5 switchboard could not read this "elicitation/create" request`) || !strings.Contains(got, "1000") {
		t.Fatalf("the backend got %q; want an error under id 5 naming the method and the nesting", got)
	}
	if !slices.ContainsFunc(rec.Lines(), func(l string) bool {
		return strings.Contains(l, "cannot be read") && strings.Contains(l, "answered with an error")
	}) {
		t.Errorf("not said in the log: %q", rec.Lines())
	}
	if _, err := b.ListTools(ctx); err != nil {
		t.Fatalf("listing after: %v", err)
	}
}

// Round ninety-one (round seventy-eight's second open item): a token
// answer whose expires_in a 64-bit integer cannot hold failed the
// sign-in with the oauth2 package's words ("strconv.ParseInt: parsing
// …: value out of range"), which name neither the field nor what to do;
// so did one that is a fraction, a string that is no number, or a bool.
// The error names the field, the value, the server and what to do, at
// the code exchange and at a refresh.
func TestOAuth_AnExpiryNoNumberHoldsIsNamed(t *testing.T) {
	for _, tt := range []struct {
		value any
		want  string
	}{
		{json.Number("99999999999999999999"), `its "expires_in" (99999999999999999999) is a number of seconds past what a 64-bit integer holds`},
		{json.Number("-99999999999999999999"), `its "expires_in" (-99999999999999999999) is a number of seconds past`},
		{json.Number("1.5"), `its "expires_in" (1.5) is not a whole number of seconds`},
		{"soon", `its "expires_in" (\"soon\") is not a number of seconds`},
		{true, `its "expires_in" is a JSON bool, not a number of seconds`},
	} {
		t.Run(fmt.Sprint(tt.value), func(t *testing.T) {
			fake, spec, dir := oauthSetup(t)
			fake.TokenResponse = func(m map[string]any) { m["expires_in"] = tt.value }
			err := loginErr(t, spec, dir, nil)
			if err == nil {
				t.Fatal("the sign-in succeeded")
			}
			msg := err.Error()
			for _, want := range []string{tt.want, "code exchange", `backend "notion"`, "tell its operator", "`switchboard login notion`"} {
				if !strings.Contains(msg, want) {
					t.Errorf("error %q\nwant it to say %q", msg, want)
				}
			}
			if strings.Contains(msg, "strconv") || strings.Contains(msg, "***") {
				t.Errorf("error %q: the oauth2 package's words, or masked prose", msg)
			}
		})
	}
	t.Run("refresh", func(t *testing.T) {
		fake, spec, dir := oauthSetup(t)
		fake.ExpiresIn = 5 * time.Second // expired at once (oauth2's margin is 10 s)
		login(t, spec, dir, nil)
		fake.TokenResponse = func(m map[string]any) { m["expires_in"] = json.Number("99999999999999999999") }
		b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}})
		if err == nil {
			_, err = b.ListTools(context.Background())
			b.Close()
		}
		if err == nil {
			t.Fatal("no error")
		}
		msg := err.Error()
		for _, want := range []string{`refreshing the sign-in of backend "notion"`, `its "expires_in" (99999999999999999999) is a number of seconds past`, "tell its operator"} {
			if !strings.Contains(msg, want) {
				t.Errorf("error %q\nwant it to say %q", msg, want)
			}
		}
	})
}
