package backend

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// Error texts do not name the tool: the layer that shows them to the
// agent (the server) prefixes "server.tool: " once. They name the
// backend where it is the subject ("backend "x" exited (exit status 3)")
// and have the server's secrets redacted.

// CallTool calls tool with args (a JSON object; empty or null is sent as
// {}). A tool failure is a result with IsError set, not an error. Errors:
// the backend's JSON-RPC error answer; the context's cause when ctx
// ended (the backend is sent notifications/cancelled); ErrExited with
// the stderr tail when the backend died during the call (ErrMessageTooLarge
// too when it sent a message over the limit). The call is never retried.
func (b *Backend) CallTool(ctx context.Context, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	a, err := normArgs(args)
	if err != nil {
		return nil, err
	}
	if err := b.alive(); err != nil {
		return nil, err
	}
	defer b.stderr.begin(callerOf(ctx), tool)()
	params := &mcp.CallToolParams{Name: tool, Arguments: a}
	if tok := ProgressToken(ctx); tok != nil {
		params.SetProgressToken(tok)
	}
	res, err := b.cur().CallTool(ctx, params)
	if err != nil {
		return nil, b.callErr(ctx, err)
	}
	if res.IsError {
		// A tool's failure is the backend's error in other words: its
		// text is shown as the script's error as a JSON-RPC error's is,
		// and had the server's secrets in it ("bad key sk-live-…", a
		// backend echoing its env), where a JSON-RPC error's are hidden.
		for _, c := range res.Content {
			if tc, ok := c.(*mcp.TextContent); ok {
				tc.Text = b.secrets.String(tc.Text)
			}
		}
	}
	return res, nil
}

// ListTools returns every tool, following pagination. Errors read like
// CallTool's, after "listing tools: ".
func (b *Backend) ListTools(ctx context.Context) ([]*mcp.Tool, error) {
	if err := b.alive(); err != nil {
		return nil, err
	}
	b.raw.takeMalformed() // what an earlier listing dropped
	b.raw.takeCutOff()
	b.mu.Lock()
	b.toolsCut = ""
	b.mu.Unlock()
	// The raw schemas recorded are this listing's only: kept across
	// listings, the tools of every listing a backend ever gave stayed,
	// one that renames its tools on each refresh growing them without end.
	defer b.raw.forget()
	tools, err := pages(ctx, b, "tools", func(ctx context.Context, cursor string) ([]*mcp.Tool, string, error) {
		res, err := b.cur().ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
		if err != nil {
			return nil, "", err
		}
		return res.Tools, res.NextCursor, nil
	}, toolSize)
	if isMethodNotFound(err) {
		return nil, prefixed("listing tools", b.callErr(ctx, err))
	}
	if err != nil {
		return nil, err
	}
	b.raw.restore(tools)
	b.mu.Lock()
	b.malformed = b.raw.takeMalformed()
	b.mu.Unlock()
	return tools, nil
}

// ListCut says why the last ListTools was cut short (the bound, and how
// many tools it left out), in words for the agent and the user; "" when
// it was not.
func (b *Backend) ListCut() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.toolsCut
}

// cut says that the list of what was cut short: in the log, the
// backend's log file and, for its tools, ListCut.
func (b *Backend) cut(what, msg string) {
	b.log.Warn("backend list cut short", "reason", msg)
	b.stderr.Note("backend %q: %s", b.name, msg)
	if what == "tools" {
		b.mu.Lock()
		if b.toolsCut == "" {
			b.toolsCut = msg
		}
		b.mu.Unlock()
	}
}

// Malformed returns the tools the last ListTools left out because their
// definitions could not be read.
func (b *Backend) Malformed() []Malformed {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.malformed)
}

// Bounds of one list a backend gives (its tools, resources, prompts or
// resource templates): a hostile one could page forever, or list a
// million tools that every session would vet, pin and index.
const (
	maxListed = 10000
	maxPages  = 1000
	// maxListedBytes bounds the tools of one listing by their names,
	// texts and schemas, and its resources, templates and prompts each as
	// JSON (round thirty-nine: they were bounded by count alone). The
	// largest public servers list well under 1 MiB of tools: 10,000 tools of 30 kB in pages under maxMessageBytes were 300
	// MB, which each process held several times over (6 GB), cached on
	// disk and vetted for a minute and a half; 32 MiB still held the
	// daemon at 400-600 MB while the listing was vetted, pinned, declared
	// and indexed, each a copy or more of its text.
	maxListedBytes = 8 << 20
)

// pages collects the pages of a list, at most maxListed items in
// maxPages pages (the rest is ignored, with a warning in the log and the
// backend's log file); a page that names its own cursor as the next one
// ends the list, and one naming an earlier page's cursor ends it with a
// warning (a loop of cursors listed the same tools again, up to
// maxListed of them, each a duplicate).
//
// With size, the items are also bounded to maxListedBytes of what size
// counts.
func pages[T any](ctx context.Context, b *Backend, what string, list func(ctx context.Context, cursor string) ([]T, string, error), size func(T) int) ([]T, error) {
	var out []T
	cursor := ""
	// Cursors are remembered by their hash: kept whole, 1,000 distinct
	// cursors of 8 MB each (every page under maxMessageBytes) were 8 GB.
	seen := map[[sha256.Size]byte]bool{sha256.Sum256(nil): true}
	total, cursors, left := 0, 0, 0
	defer func() {
		if left > 0 {
			unfit := fmt.Sprintf("%d %s that did not fit are left out", left, what)
			if left == 1 {
				unfit = "1 " + strings.TrimSuffix(what, "s") + " that did not fit is left out"
			}
			b.cut(what, fmt.Sprintf("its %s take more than %d MiB (the bound of one listing): %s, the %d that did are used (its later pages, if any, not asked for)", what, maxListedBytes>>20, unfit, len(out)))
		}
	}()
	for page := 1; ; page++ {
		items, next, err := list(ctx, cursor)
		if isMethodNotFound(err) {
			return nil, err // listAll's to judge
		}
		if err != nil {
			return nil, prefixed("listing "+what, b.callErr(ctx, err))
		}
		if size != nil {
			// An item that does not fit is left out, and the rest of
			// its page still counted: one tool with an 8 MB schema first
			// in the list left the backend with no tools at all.
			kept := items[:0:0]
			for _, it := range items {
				if n := size(it); total+n > maxListedBytes {
					left++
					continue
				} else {
					total += n
				}
				kept = append(kept, it)
			}
			items = kept
		}
		out = append(out, items...)
		if left > 0 {
			// Its pages after this one are not asked for: the listing
			// is full.
			return out, nil
		}
		cursors += len(next)
		switch {
		case len(out) > maxListed:
			over := len(out) - maxListed
			if what == "tools" {
				over += b.raw.takeCutOff()
			}
			out = out[:maxListed]
			more := ""
			if next != "" {
				more = " and its later pages were not asked for"
			}
			b.cut(what, fmt.Sprintf("it lists more than %d %s (the most one listing uses): only the first %d are used; %d more are left out%s", maxListed, what, maxListed, over, more))
			return out, nil
		case next == "" || next == cursor:
			return out, nil
		case seen[sha256.Sum256([]byte(next))]:
			b.cut(what, fmt.Sprintf("its list of %s goes back to the cursor of an earlier page after %d pages: only the %d %s of those pages are used", what, page, len(out), what))
			return out, nil
		case page == maxPages:
			b.cut(what, fmt.Sprintf("its list of %s has more than %d pages (the most one listing reads): only the %d %s of its first %d pages are used, the rest not asked for", what, maxPages, len(out), what, maxPages))
			return out, nil
		case cursors > maxListedBytes:
			// Each cursor is sent back whole: 8 MB ones, a page after
			// page, held the listing for its whole time limit.
			first := fmt.Sprintf("its first %d pages", page)
			if page == 1 {
				first = "its first page"
			}
			b.cut(what, fmt.Sprintf("its cursors for the pages of its %s take more than %d MiB (the bound of one listing): only the %d %s of %s are used, the rest not asked for", what, maxListedBytes>>20, len(out), what, first))
			return out, nil
		}
		cursor = next
		seen[sha256.Sum256([]byte(next))] = true
	}
}

// ListResources returns every resource, or nil when the backend does not
// advertise resources or answers "method not found".
func (b *Backend) ListResources(ctx context.Context) ([]*mcp.Resource, error) {
	if b.info.Capabilities.Resources == nil {
		return nil, nil
	}
	return listAll(ctx, b, "resources", func(ctx context.Context, cursor string) ([]*mcp.Resource, string, error) {
		res, err := b.cur().ListResources(ctx, &mcp.ListResourcesParams{Cursor: cursor})
		if err != nil {
			return nil, "", err
		}
		return res.Resources, res.NextCursor, nil
	})
}

// ListPrompts returns every prompt, or nil when the backend does not
// advertise prompts or answers "method not found".
func (b *Backend) ListPrompts(ctx context.Context) ([]*mcp.Prompt, error) {
	if b.info.Capabilities.Prompts == nil {
		return nil, nil
	}
	return listAll(ctx, b, "prompts", func(ctx context.Context, cursor string) ([]*mcp.Prompt, string, error) {
		res, err := b.cur().ListPrompts(ctx, &mcp.ListPromptsParams{Cursor: cursor})
		if err != nil {
			return nil, "", err
		}
		return res.Prompts, res.NextCursor, nil
	})
}

// listAll collects every page of a list the backend advertised; "method
// not found" (advertised but not implemented, which happens) gives nil.
// The items are bounded to maxListedBytes as JSON, as tools are by
// toolSize: resources, templates and prompts were bounded by count alone,
// and 10,000 resources of 60 kB descriptions were 600 MB each process held.
func listAll[T any](ctx context.Context, b *Backend, what string, list func(ctx context.Context, cursor string) ([]T, string, error)) ([]T, error) {
	if err := b.alive(); err != nil {
		return nil, err
	}
	out, err := pages(ctx, b, what, list, jsonSize[T])
	if isMethodNotFound(err) {
		return nil, nil
	}
	return out, err
}

// jsonSize is the bytes of v as JSON (what a listed resource, template or
// prompt costs to keep, cache and offer).
func jsonSize[T any](v T) int {
	b, err := json.Marshal(v)
	if err != nil {
		return 0
	}
	return len(b)
}

// toolSize is about the bytes of t as listed: its names, texts and
// schemas.
func toolSize(t *mcp.Tool) int {
	if t == nil {
		return 0
	}
	n := len(t.Name) + len(t.Title) + len(t.Description)
	for _, s := range []any{t.InputSchema, t.OutputSchema, t.Annotations} {
		switch s := s.(type) {
		case nil:
		case json.RawMessage:
			n += len(s)
		default:
			b, _ := json.Marshal(s)
			n += len(b)
		}
	}
	return n
}

// prefixed puts "what: " before err's text unless err is about the
// backend as a whole (it exited, was closed), which needs no context.
func prefixed(what string, err error) error {
	if errors.Is(err, ErrExited) || errors.Is(err, ErrClosed) {
		return err
	}
	return &marked{msg: what + ": " + err.Error(), err: err}
}

// isRejected reports whether we is the SDK's "rejected by transport"
// (-32005): the request did not reach the backend or its HTTP answer was
// refused, which the transport words, not the backend (its JSON-RPC
// error, when the answer had one, is found first).
func isRejected(we *jsonrpc.Error) bool {
	return we.Code == -32005 && we.Message == "rejected by transport"
}

func isMethodNotFound(err error) bool {
	var we *jsonrpc.Error
	return errors.As(err, &we) && we.Code == jsonrpc.CodeMethodNotFound
}

// alive returns nil while the backend runs, else why it does not.
func (b *Backend) alive() error {
	select {
	case <-b.done:
	default:
		return nil
	}
	if b.endErr == nil {
		return mark(ErrClosed, "backend %q was stopped", b.name)
	}
	return b.endedErr()
}

// endedErr is why the backend ended, with the stderr tail (not for a
// message over the limit: the backend's stderr did not cause that).
func (b *Backend) endedErr() error {
	if errors.Is(b.endErr, ErrMessageTooLarge) {
		return b.endErr
	}
	return b.withTail(b.endErr)
}

// callErr explains err from a request. An error answer from the backend
// is returned as is (redacted); a broken connection is explained by the
// backend's end (waiting briefly for the exit to be seen) with the
// stderr tail.
// closed reports whether ch is closed.
func closed(ch <-chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

// jsonValueName is "an array", "a string", … for the Value of a
// json.UnmarshalTypeError: encoding/json's kind ("array", "string",
// "number", "bool"), or the SDK decoder's (segmentio/encoding), the
// value's JSON text quoted ("\"[1]\"").
func jsonValueName(v string) string {
	if raw, err := strconv.Unquote(v); err == nil {
		v = strings.TrimSpace(raw)
		switch {
		case v == "":
		case v[0] == '[':
			return "an array"
		case v[0] == '"':
			return "a string"
		case v[0] == 't' || v[0] == 'f':
			return "true or false"
		case v[0] == '{':
			return "an object"
		case v[0] == '-' || v[0] >= '0' && v[0] <= '9':
			return "a number"
		}
		return "not JSON of any type"
	}
	switch v {
	case "array":
		return "an array"
	case "string":
		return "a string"
	case "bool":
		return "true or false"
	case "object":
		return "an object"
	}
	if strings.HasPrefix(v, "number") {
		return "a number"
	}
	return cut(v, 40)
}

// sdkStreamEnded is how the SDK's Streamable HTTP client fails a call
// whose event stream ended before its answer came (and could not be
// resumed). The SDK has no sentinel for it.
const sdkStreamEnded = "request terminated without response"

func (b *Backend) callErr(ctx context.Context, err error) error {
	var we *jsonrpc.Error
	var shape *json.UnmarshalTypeError
	if errors.As(err, &shape) {
		// The SDK could not read the answer's result as the method's
		// result ("result": "oops" to tools/call), and said so naming
		// its own Go types, not the server.
		if shape.Field != "" && shape.Type != nil {
			// The SDK's words quote the rest of the answer and name its
			// own Go types ("into Go struct field struct { mcp.res;
			// Content []*mcp.wireContent ..."): say the field instead.
			return &marked{msg: fmt.Sprintf("backend %q sent a malformed answer: its result cannot be read: %s must be %s", b.name, cut(shape.Field, 200), expectedJSON(shape.Type)), err: err}
		}
		if what := jsonValueName(shape.Value); shape.Field == "" && shape.Value != "" && what != "an object" {
			// The whole result is of another type ("result": [1]): the
			// SDK's words named its struct, fields, tags and all.
			return &marked{msg: fmt.Sprintf("backend %q sent a malformed answer: its result is %s, where it must be an object", b.name, what), err: err}
		}
		return boundErr(redactErr(b.secrets, fmt.Errorf("backend %q sent a malformed answer: its result cannot be read: %w", b.name, err)))
	}
	var b64 base64.CorruptInputError
	if errors.As(err, &b64) {
		// The SDK's words ("calling \"resources/read\": illegal base64
		// data at input byte 0") said neither that the backend's answer
		// was at fault nor which field.
		return &marked{msg: fmt.Sprintf("backend %q sent a malformed answer: its result cannot be read: a field of binary data (a resource's blob, an image's or audio's data) is not base64 (a byte that is not, at offset %d of it)", b.name, int64(b64)), err: err}
	}
	if b.remote != nil && strings.HasSuffix(err.Error(), sdkStreamEnded) && ctx.Err() == nil && b.overErr.Load() == nil && !closed(b.done) {
		// The SDK's words name no server, and not that the call may
		// have run. (A stream we ended, a message over maxMessageBytes
		// or a Close, is told below as the end of the backend.)
		return mark(err, "backend %q ended the call's stream before it answered (the call may have run or not): call again, or see the server's own logs", b.name)
	}
	var said *saidErr
	if errors.As(err, &said) {
		return boundErr(redactErr(b.secrets, said))
	}
	if errors.As(err, &we) {
		if isRejected(we) {
			return boundErr(redactErr(b.secrets, err))
		}
		return redactErr(b.secrets, err)
	}
	if ctx.Err() != nil {
		return redactErr(b.secrets, context.Cause(ctx))
	}
	// A broken stdio session is the backend's end, which watch says
	// within exitSeenWait+lateReap (a late reap under load): wait for it,
	// so that the call names why (the exit status, the stderr tail)
	// rather than the SDK's "connection closed".
	wait := 50 * time.Millisecond
	if b.overErr.Load() == nil && b.proc != nil {
		wait = b.exitWait + 2*lateReap + 100*time.Millisecond
	}
	select {
	case <-b.done:
	case <-time.After(wait):
	}
	select {
	case <-b.done:
		if b.endErr != nil {
			return b.endedErr()
		}
		return mark(ErrClosed, "backend %q was stopped during the call", b.name)
	default:
	}
	if errors.Is(err, mcp.ErrSessionMissing) && b.remote != nil {
		// The next call should find the new session: wait for it.
		b.remote.waitReopened(ctx, b.done)
		return mark(err, "backend %q forgot our session (404 to its session id): a new one was opened; this call was not retried, call again", b.name)
	}
	return boundErr(redactErr(b.secrets, err))
}
