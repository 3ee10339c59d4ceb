package server

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/pool"
)

// Caller calls a backend tool. *pool.Pool satisfies it. The Call carries
// the session, the server's launch, the client's progress token and the
// hooks for requests the backend makes during the call; cancellation is
// ctx's.
type Caller interface {
	CallTool(ctx context.Context, c *pool.Call) (*mcp.CallToolResult, error)
}

// ToolError is a tool's own failure (a result with isError), as opposed
// to a failure to reach the tool.
type ToolError struct {
	Server, Tool, Message string
}

func (e *ToolError) Error() string {
	return fmt.Sprintf("%s.%s: %s", echo.Clip(e.Server), echo.Clip(e.Tool), e.Message)
}

// Unwrap turns a tool result into the value a script sees:
// structuredContent when present; else the text content, parsed as JSON
// when it is JSON; else the content blocks themselves. A result with
// isError becomes a *ToolError. The value is bounded by limit bytes (0:
// unbounded); a larger one is cut with a note saying so (blocks as
// boundResult cuts a result: those that do not fit are dropped whole).
func Unwrap(server, tool string, res *mcp.CallToolResult, limit int) (json.RawMessage, error) {
	if res == nil {
		return json.RawMessage("null"), nil
	}
	if res.IsError {
		msg := strings.TrimSpace(contentText(res.Content))
		if msg == "" {
			msg = "the tool reported an error without a message"
		}
		return nil, &ToolError{Server: server, Tool: tool, Message: bound(msg, limit)}
	}
	var v json.RawMessage
	switch {
	case res.StructuredContent != nil:
		b, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: structured result: %w", server, tool, err)
		}
		v = b
	case len(res.Content) == 0:
		v = json.RawMessage("null")
	case limit > 0 && len(res.Content) == 1 && isLongText(res.Content[0], limit):
		// One text far over the limit that is not JSON: cut it before
		// encoding it, rather than encoding all of it, decoding it again
		// and cutting then.
		text := res.Content[0].(*mcp.TextContent).Text
		return truncatedValue(server, tool, text, len(text), limit), nil
	case allText(res.Content):
		var vals []json.RawMessage
		for _, c := range res.Content {
			vals = append(vals, textValue(c.(*mcp.TextContent).Text))
		}
		if len(vals) == 1 {
			v = vals[0]
		} else {
			v, _ = json.Marshal(vals)
		}
	default:
		content := res.Content
		if limit > 0 {
			// As for the client: blocks that fit, not an image cut
			// in its base64.
			content = boundResult(server+"."+tool, &mcp.CallToolResult{Content: content}, limit).Content
		}
		b, err := json.Marshal(content)
		if err != nil {
			return nil, fmt.Errorf("%s.%s: result content: %w", server, tool, err)
		}
		v = b
	}
	if limit > 0 && len(v) > limit {
		s := string(v)
		var str string
		if json.Unmarshal(v, &str) == nil {
			s = str
		}
		return truncatedValue(server, tool, s, len(v), limit), nil
	}
	return v, nil
}

// isLongText reports whether c is a text block of more than twice limit
// bytes that textValue would not read as JSON.
func isLongText(c mcp.Content, limit int) bool {
	t, ok := c.(*mcp.TextContent)
	if !ok || len(t.Text) <= 2*limit {
		return false
	}
	s := strings.TrimLeft(t.Text, " \t\r\n")
	return s == "" || s[0] != '{' && s[0] != '['
}

// truncatedValue is s cut to limit bytes with a note that server.tool
// returned size bytes, as a JSON string.
func truncatedValue(server, tool, s string, size, limit int) json.RawMessage {
	note := fmt.Sprintf("\n[truncated by switchboard: %s.%s returned %d bytes, more than the %d-byte limit (settings.maxResultBytes)]", server, tool, size, limit)
	b, _ := json.Marshal(bound(s, limit) + note)
	return b
}

func allText(cs []mcp.Content) bool {
	for _, c := range cs {
		if _, ok := c.(*mcp.TextContent); !ok {
			return false
		}
	}
	return true
}

// textValue is text parsed as JSON when it is a JSON object or array,
// else the text as a JSON string.
func textValue(s string) json.RawMessage {
	t := strings.TrimSpace(s)
	if len(t) > 0 && (t[0] == '{' || t[0] == '[') && json.Valid([]byte(t)) {
		return json.RawMessage(t)
	}
	b, _ := json.Marshal(s)
	return b
}

func contentText(cs []mcp.Content) string {
	var parts []string
	for _, c := range cs {
		if t, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// bound cuts s to at most n bytes on a rune boundary (n <= 0: no limit).
func bound(s string, n int) string {
	if n <= 0 || len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
