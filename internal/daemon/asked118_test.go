//go:build unix

package daemon

import (
	"bytes"
	"io"
	"slices"
	"testing"
)

// Round one hundred and eighteen: a daemon that died while an elicitation
// (or a sampling or roots request) it had sent waited for the client's
// answer left the client waiting on it for ever: the bridge answered the
// client's calls, but nothing told the client that the daemon's own
// requests were given up. The journal now keeps them (slotAsked) until
// the client answers or the daemon cancels them, for the bridge to cancel.
func TestJournal_LeftoverHoldsTheRequestsTheClientHasNotAnswered(t *testing.T) {
	j, w, b, _ := journalPair(t)
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"elicitation/create","params":{}}`,
		`{"jsonrpc":"2.0","id":"s2","method":"sampling/createMessage","params":{}}`,
		`{"jsonrpc":"2.0","id":3,"method":"roots/list","params":{}}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}`,
		`{"jsonrpc":"2.0","id":7,"result":{}}`, // an answer of ours: nothing asked
	} {
		if err := j.Write(io.Discard, []byte(line+"\n"), -1); err != nil {
			t.Fatal(err)
		}
	}
	go w.Write([]byte(`{"jsonrpc":"2.0","result":{"role":"assistant"},"id":"s2"}` + "\n"))
	readAll(t, j, 1)
	var got []string
	for _, id := range readLeftover(b).asked {
		got = append(got, string(id))
	}
	if !slices.Equal(got, []string{"1"}) {
		t.Errorf("asked = %q, want only the elicitation (1): the sampling request was answered, the roots request cancelled", got)
	}
	if l := readLeftover(b); len(l.owed) != 0 {
		t.Errorf("owed = %q: a request of ours is no answer owed", l.owed)
	}
}

// The requests never answered take at most maxAskedSlots: the answers the
// session owes keep their slots.
func TestJournal_UnansweredRequestsLeaveTheOwedAnswersTheirSlots(t *testing.T) {
	j, _, b, _ := journalPair(t)
	var line bytes.Buffer
	for i := range slotCount {
		line.Reset()
		line.WriteString(`{"jsonrpc":"2.0","id":`)
		line.WriteString(string(rune('0'+i%10)) + string(rune('0'+i/10%10)) + string(rune('1'+i/100)))
		line.WriteString(`,"method":"ping"}` + "\n")
		j.Write(io.Discard, line.Bytes(), -1)
	}
	if n := len(readLeftover(b).asked); n != maxAskedSlots {
		t.Errorf("%d requests noted, want %d", n, maxAskedSlots)
	}
	if slot := j.owe([]byte(`5`), 0); slot < 0 {
		t.Error("no slot left for an answer owed")
	}
}
