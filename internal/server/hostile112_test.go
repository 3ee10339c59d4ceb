package server

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/logtest"
)

// Round 112: the transport's checks read a message's members as
// encoding/json does, taking "ID" for "id" (the last of two), where the
// SDK reads the names exactly: an id of 1.5 hidden behind "ID":7 passed
// the check of inexact ids and was answered as 1. A member named in
// other letter case is now refused, naming it, under the id as sent.
func TestStdioTransport_RefusesAMemberNamedInOtherLetterCase(t *testing.T) {
	for line, want := range map[string]string{
		`{"jsonrpc":"2.0","id":1.5,"ID":7,"method":"ping"}`:                                   `"id":1.5,"error":{"code":-32600,"message":"invalid request: the message has a member \"ID\", which is not \"id\"`,
		`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":{"PROGRESSTOKEN":1.5}}}`:   `"id":2,"error":{"code":-32600,"message":"invalid request: params._meta has a member \"PROGRESSTOKEN\"`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestID":3,"x":1}}`: `"id":null,"error":{"code":-32600,"message":"invalid request: params has a member \"requestID\"`,
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
		if got := out.String(); !strings.Contains(got, want) {
			t.Errorf("%s:\nanswered %s\n    want %s", line, got, want)
		}
	}
}
