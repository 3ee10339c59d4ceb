package server

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// Round ninety-nine: a script that deleted a server's global and then
// used it was told `ReferenceError: 'github' is not defined (no server
// "github"; did you mean github?)`, which contradicted itself: the
// server is there. It is said now that the script removed the global.
func TestServer_ADeletedNamespaceIsNotTakenForAMisspelling(t *testing.T) {
	h := newHardServer(t, config.Settings{}, nil, nil)
	out, isErr := call(t, h.cs, "execute", map[string]any{"script": `delete globalThis.github; return await github.plain()`})
	want := `ReferenceError: 'github' is not defined ("github" is the namespace of a server, but this script deleted or replaced the global of that name`
	if !isErr || !strings.Contains(out, want) || strings.Contains(out, "did you mean") {
		t.Errorf("got %q\nwant %q", out, want)
	}
}

// Round ninety-nine: a request whose id no client can match an answer to
// was refused in the SDK's words, naming its Go types (`parse error:
// invalid ID type map[string]interface {}`, `json: cannot unmarshal
// "1e400" into Go struct field jsonrpc2.wireDecode.id of type float64`),
// and an integer past 2^53 was said to be no integer. Each says now what
// the id is and what one may be.
func TestStdioTransport_SaysWhatIsWrongWithAnID(t *testing.T) {
	for line, want := range map[string]string{
		`{"jsonrpc":"2.0","id":{"a":1},"method":"ping"}`:                    `"id":null,"error":{"code":-32600,"message":"invalid request: the id is a JSON object; a request's id is a string or an integer"}`,
		`{"jsonrpc":"2.0","id":[1],"method":"ping"}`:                        `"id":null,"error":{"code":-32600,"message":"invalid request: the id is a JSON array; a request's id is a string or an integer"}`,
		`{"jsonrpc":"2.0","id":true,"method":"ping"}`:                       `"id":null,"error":{"code":-32600,"message":"invalid request: the id is true; a request's id is a string or an integer"}`,
		`{"jsonrpc":"2.0","id":1e400,"method":"ping"}`:                      `"id":1e400,"error":{"code":-32600,"message":"invalid request: the id 1e400 is an integer past ±2^53 (9007199254740992)`,
		`{"jsonrpc":"2.0","id":18446744073709551617,"method":"ping"}`:       `"id":18446744073709551617,"error":{"code":-32600,"message":"invalid request: the id 18446744073709551617 is an integer past ±2^53`,
		`{"jsonrpc":"2.0","id":1.5,"method":"ping"}`:                        `"id":1.5,"error":{"code":-32600,"message":"invalid request: the id 1.5 is not an integer; a request's id is a string or an integer"}`,
		`{"jsonrpc":"2.0","method":"ping","params":{"id":{}},"id":{"b":2}}`: `"message":"invalid request: the id is a JSON object;`,
	} {
		var out logtest.Buffer
		tr := &StdioTransport{Reader: strings.NewReader(line + "\n"), Writer: &out}
		conn, err := tr.Connect(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if msg, err := conn.Read(context.Background()); err != io.EOF {
			t.Errorf("%s: read %v, %v; want it refused", line, msg, err)
		}
		conn.Close()
		if got := out.String(); !strings.Contains(got, want) || strings.Contains(got, "Go struct") || strings.Contains(got, "interface {}") {
			t.Errorf("%s:\nanswered %s\n    want %s", line, got, want)
		}
	}
}
