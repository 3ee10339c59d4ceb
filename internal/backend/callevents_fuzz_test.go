package backend

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// sdkEvent is an event as the SDK's SSE reader yields it.
type sdkEvent struct {
	name string
	data []byte
}

// sdkScan reads events as the SDK's scanEventsLimited does (no size
// limit); malformed is a line it would end the session on.
func sdkScan(in []byte) (evs []sdkEvent, malformed bool) {
	r := bufio.NewReader(bytes.NewReader(in))
	var (
		ev        sdkEvent
		hasData   bool
		id, retry string
	)
	yield := func() {
		if ev.name != "" || len(ev.data) > 0 || id != "" || retry != "" {
			evs = append(evs, ev)
		}
		ev, hasData, id, retry = sdkEvent{}, false, "", ""
	}
	for {
		line, err := r.ReadBytes('\n')
		line = bytes.TrimRight(line, "\r\n")
		if len(line) == 0 {
			yield()
			if err != nil {
				return evs, false
			}
			continue
		}
		before, after, found := bytes.Cut(line, []byte{':'})
		if !found {
			return evs, true
		}
		switch string(before) {
		case "event":
			ev.name = strings.TrimSpace(string(after))
		case "id":
			id = strings.TrimSpace(string(after))
		case "retry":
			retry = strings.TrimSpace(string(after))
		case "data":
			if hasData {
				ev.data = append(ev.data, '\n')
			}
			hasData = true
			ev.data = append(ev.data, bytes.TrimSpace(after)...)
		}
		if err != nil {
			yield()
			return evs, false
		}
	}
}

// decoded is the messages of evs that the SDK's client would take, and
// whether it would end the session on one.
func decoded(evs []sdkEvent) (msgs []string, fatal bool) {
	for _, e := range evs {
		if len(e.data) == 0 || (e.name != "" && e.name != "message") {
			continue
		}
		if _, err := jsonrpc.DecodeMessage(e.data); err != nil {
			return msgs, true
		}
		msgs = append(msgs, string(e.data))
	}
	return msgs, false
}

// FuzzCallEvents: whatever a backend sends, what callEvents passes on
// holds no line and no event the SDK would end the session on; every
// message the SDK would have taken before the first it would have ended
// on passes as it came; and where the reads fall changes nothing.
func FuzzCallEvents(f *testing.F) {
	for _, c := range []string{
		"data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n\n",
		": c\r\nid: 3\r\nevent: message\r\ndata:{\"jsonrpc\":\"2.0\",\r\ndata: \"id\":7,\"result\":{}}\r\n\r\n",
		"event: other\ndata: not json\n\ndata: nope\n\n",
		"data: \u00a0{\"jsonrpc\":\"2.0\",\"method\":\"m\"}\u2028 \r\r\n\n",
		"garbage\ndata: {\"a\":1}",
		"\ufeffdata: x\n\n",
	} {
		f.Add([]byte(c), uint8(0))
	}
	f.Fuzz(func(t *testing.T, in []byte, size uint8) {
		read := func(bufSize int) []byte { return readEvents(t, in, json.RawMessage("7"), false, bufSize) }
		out := read(0)
		if small := read(16 + int(size%48)); !bytes.Equal(small, out) {
			t.Fatalf("%q: read in small pieces: %q, whole: %q", in, small, out)
		}
		evs, malformed := sdkScan(out)
		if malformed {
			t.Fatalf("%q came out as %q, a line of which the SDK ends on", in, out)
		}
		got, fatal := decoded(evs)
		if fatal {
			t.Fatalf("%q came out as %q, an event of which the SDK ends on", in, out)
		}
		inEvs, _ := sdkScan(in)
		want, _ := decoded(inEvs)
		for len(want) > 0 && len(got) > 0 && want[0] == got[0] {
			want, got = want[1:], got[1:]
		}
		if len(want) > 0 {
			t.Fatalf("%q came out as %q: message %q lost", in, out, want[0])
		}
	})
}

// FuzzLegacyCallEvents: on a legacy SSE stream (the SDK reads every
// event, of any name), what callEvents passes on holds no line the SDK
// would end the stream on; every event comes out as it came, in order;
// the only events added follow an event the SDK cannot decode, each an
// error answer the SDK decodes; and where the reads fall changes nothing.
func FuzzLegacyCallEvents(f *testing.F) {
	for _, c := range []string{
		"event: endpoint\ndata: /msg\n\n",
		"event: endpoint\ndata: /msg\n\nevent: message\ndata: {\"jsonrpc\":\"1.0\",\"id\":7,\"result\":{}}\n\n",
		"event: endpoint\ndata: /msg\n\ndata: {\"jsonrpc\":\"2.0\",\"id\":\"a\",\"error\":\"x\"}\n\ndata: {\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}\n\n",
		"data: /msg\n\ngarbage\ndata: {\"id\":2,\"result\":1}",
	} {
		f.Add([]byte(c), uint8(0))
	}
	f.Fuzz(func(t *testing.T, in []byte, size uint8) {
		read := func(bufSize int) []byte { return readEvents(t, in, nil, true, bufSize) }
		out := read(0)
		if small := read(16 + int(size%48)); !bytes.Equal(small, out) {
			t.Fatalf("%q: read in small pieces: %q, whole: %q", in, small, out)
		}
		got, malformed := sdkScan(out)
		if malformed {
			t.Fatalf("%q came out as %q, a line of which the SDK ends on", in, out)
		}
		want, _ := sdkScan(withoutFieldlessLines(in))
		for i, ev := range got {
			if len(want) > 0 && ev.name == want[0].name && bytes.Equal(ev.data, want[0].data) {
				want = want[1:]
				continue
			}
			// An added answer: after an event the SDK cannot decode.
			m, err := jsonrpc.DecodeMessage(ev.data)
			r, ok := m.(*jsonrpc.Response)
			if err != nil || !ok || r.Error == nil || i == 0 {
				t.Fatalf("%q came out as %q: event %q is neither one sent nor an error answer", in, out, ev.data)
			}
			if _, err := jsonrpc.DecodeMessage(got[i-1].data); err == nil || i == 1 {
				t.Fatalf("%q came out as %q: answer %q follows an event the SDK decodes, or the endpoint", in, out, ev.data)
			}
		}
		if len(want) > 0 {
			t.Fatalf("%q came out as %q: event %q lost", in, out, want[0].data)
		}
	})
}

// withoutFieldlessLines is in without its lines that are no field (no
// colon) and not blank, which the SDK ends the stream on and callEvents
// drops.
func withoutFieldlessLines(in []byte) []byte {
	var out []byte
	for line := range bytes.Lines(in) {
		l := bytes.TrimRight(bytes.TrimSuffix(line, []byte("\n")), "\r")
		if len(l) > 0 && bytes.IndexByte(l, ':') < 0 {
			continue
		}
		out = append(out, line...)
	}
	return out
}

// FuzzSSELines: the gate counts the events the SDK's legacy SSE client
// queues (every event its reader yields), whatever the stream and
// wherever its reads fall.
func FuzzSSELines(f *testing.F) {
	for _, c := range []string{
		"event: endpoint\ndata: /m\n\n: c\n\ndata:\n\ndata:\ndata:\n\nid: 7\n\n",
		"data: \u00a0\u2028\n\nid:\u3000\r\n\r\ndata\r: x\n\ndata: \xe2\x80\n\n",
		"retry: \t\v\f\r\n\ndata: \xc2\n\nevent:\xc2\x85x\n\n",
		"id: 7\nid:\n\nevent: a\nevent:\n\nretry: 1\nretry: \n\n",
	} {
		f.Add([]byte(c), []byte{3, 1, 4})
	}
	f.Fuzz(func(t *testing.T, in, cuts []byte) {
		in = append(in, "\n\n"...) // the last event ends
		evs, malformed := sdkScan(in)
		if malformed {
			return // the SDK ends the stream there
		}
		g := newSSEGate(1 << 20)
		var l sseLines
		for p := in; len(p) > 0; {
			n := len(p)
			if len(cuts) > 0 {
				n = min(n, 1+int(cuts[0]%8))
				cuts = cuts[1:]
			}
			l.feed(p[:n], g)
			p = p[n:]
		}
		counted := len(g.ends)
		if g.first {
			counted++
		}
		if counted != len(evs) {
			t.Fatalf("%q: %d events counted, the SDK queues %d", in, counted, len(evs))
		}
	})
}

// readEvents reads in through a callEvents for the call id (legacy: a
// legacy SSE stream's), its reader of bufSize bytes when > 0.
func readEvents(t *testing.T, in []byte, id json.RawMessage, legacy bool, bufSize int) []byte {
	c := newCallEvents(io.NopCloser(bytes.NewReader(in)), "r", id)
	c.legacy = legacy
	if bufSize > 0 {
		c.r = bufio.NewReaderSize(c.src, bufSize)
	}
	out, err := io.ReadAll(c)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
