package backend

import (
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// msgScan says what the SDK's decoder says, fed whole or a byte at a
// time.
func TestMsgScan_AgreesWithTheSDK(t *testing.T) {
	cases := []string{
		`{"jsonrpc":"2.0","id":1,"result":{}}`,
		`{"jsonrpc":"2.0","id":"a","result":null}`,
		`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}}`,
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":1.5,"result":{}}`,
		`{"jsonrpc":"2.0","id":-0,"result":{}}`,
		`{"jsonrpc":"2.0","id":1e400,"result":{}}`,
		`{"jsonrpc":"2.0","id":null,"result":{}}`,
		`{"jsonrpc":"2.0","id":true,"result":{}}`,
		`{"jsonrpc":"2.0","id":{},"result":{}}`,
		`{"jsonrpc":"2.0","id":[1],"result":{}}`,
		`{"jsonrpc":"2.0","result":{}}`,
		`{"jsonrpc":"1.0","id":1,"result":{}}`,
		`{"jsonrpc":2,"id":1,"result":{}}`,
		`{"jsonrpc":null,"id":1,"result":{}}`,
		`{"jsonrpc":"2.0","jsonrpc":"1.0","id":1,"result":{}}`,
		`{"jsonrpc":"1.0","jsonrpc":"2.0","id":1,"result":{}}`,
		`{"JSONRPC":"2.0","id":1,"result":{}}`,
		`{"jsonrpc":"2.0","ID":1,"result":{}}`,
		`{"jsonrpc":"2\u002e0","id":1,"result":{}}`,
		`{"json\u0072pc":"2.0","id":1,"result":{}}`,
		`{"jsonrpc":"2.0","id":1,"method":null}`,
		`{"jsonrpc":"2.0","method":null}`,
		`{"jsonrpc":"2.0","id":1,"method":5}`,
		`{"jsonrpc":"2.0","id":1,"method":{}}`,
		`{"jsonrpc":"2.0","method":"x","id":{}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"m"}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":1.5,"message":"m"}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":1e2,"message":"m"}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":"1","message":"m"}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":5}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":99999999999999999999,"message":"m"}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":null,"message":null}}`,
		`{"jsonrpc":"2.0","id":1,"error":null}`,
		`{"jsonrpc":"2.0","id":1,"error":"boom"}`,
		`{"jsonrpc":"2.0","id":1,"error":[1]}`,
		`{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m","data":{"a":[1,2,{"b":null}]}}}`,
		`{"jsonrpc":"2.0","id":1,"error":{"Code":"x","message":"m"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"a\"b\\c\u00e9\n"}]}}`,
		`{"jsonrpc":"2.0","id":1,"result":{}} trailing`,
		`{"jsonrpc":"2.0","id":1,"result":{}}{`,
		`{"jsonrpc":"2.0","id":1,"result":{}}` + "\n",
		` {"jsonrpc":"2.0","id":1,"result":{}}`,
		`[{"jsonrpc":"2.0","id":1,"result":{}}]`,
		`[1,`,
		`"x"`,
		`5`,
		`null`,
		`true`,
		`not json`,
		`{"jsonrpc":"2.0",`,
		`{"jsonrpc":"2.0","id":1,"result":{"a":01}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"a":1.}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"a":-}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"a":1e}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"a":1e+5,"b":-0.5E-3}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"a":"\x"}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"a":"\u12"}}`,
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"a\":\"tab\there\"}}",
		"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"a\":\"\xff\xfe\"}}",
		`{"jsonrpc":"2.0","id":1,"result":{,}}`,
		`{"jsonrpc":"2.0","id":1,"result":[1,]}`,
		`{"jsonrpc":"2.0","id":1,"result":{"a" 1}}`,
		`{"jsonrpc":"2.0","id":1,"result":tru}`,
		`{"jsonrpc":"2.0","id":1,"result":{}}}`,
		`{"jsonrpc":"2.0","id":1,"result":{"jsonrpc":"1.0","id":{}}}`,
		`{"jsonrpc":"2.0","id":1,"params":{"error":"x"},"result":1}`,
		`{"jsonrpc":"2.0","id":"` + strings.Repeat("x", 300) + `","result":{}}`,
		`{"jsonrpc":"2.0","id":1` + strings.Repeat("0", 300) + `,"result":{}}`,
		`{"jsonrpc":"2.0","id":1,"result":` + strings.Repeat("[", 999) + strings.Repeat("]", 999) + `}`,
		`{"jsonrpc":"2.0","id":1,"result":` + strings.Repeat("[", 1000) + strings.Repeat("]", 1000) + `}`,
		`{"` + strings.Repeat("k", 200) + `":1,"jsonrpc":"2.0","id":1,"result":{}}`,
		`{"jsonrpc":"2.0","id":1` + strings.Repeat("0", 400) + `,"result":{}}`,
		`{"jsonrpc":"2.0","id":-1` + strings.Repeat("0", 200) + `.5e200,"result":{}}`,
		`{"jsonrpc":"2.0","id":0.` + strings.Repeat("0", 400) + `1e700,"result":{}}`,
		`{"jsonrpc":"2.0","id":0.` + strings.Repeat("0", 400) + `1e300,"result":{}}`,
		`{"jsonrpc":"2.0","id":0.` + strings.Repeat("0", 400) + `1,"result":{}}`,
		`{"jsonrpc":"2.0","id":1.` + strings.Repeat("9", 400) + `e308,"result":{}}`,
		`{"jsonrpc":"2.0","id":17976931348623158` + strings.Repeat("0", 292) + `,"result":{}}`,
		`{"jsonrpc":"2.0","id":1e` + strings.Repeat("0", 300) + `400,"result":{}}`,
		`{"jsonrpc":"2.0","id":1,"result":{}}` + strings.Repeat("[", 1001),
		`{"jsonrpc":"2.0","id":1,"result":{}}` + strings.Repeat("[", 1000),
		`{"jsonrpc":"2.0","id":1,"result":{}} "[\"` + strings.Repeat("[", 1001) + `"`,
		`{"jsonrpc":"2.0","id":1,"result":{}}]]` + strings.Repeat("[", 1001),
		``,
		"\n",
	}
	for _, c := range cases {
		_, err := jsonrpc.DecodeMessage([]byte(c))
		want := err == nil
		if got := checkMessage([]byte(c)) == ""; got != want {
			t.Errorf("%.80q: msgScan says %v (%s), the SDK %v (%v)", c, got, checkMessage([]byte(c)), want, err)
		}
		var s msgScan
		for i := range len(c) {
			s.Write([]byte{c[i]})
		}
		if got := s.Verdict() == ""; got != want {
			t.Errorf("%.80q a byte at a time: msgScan says %v, the SDK %v", c, got, want)
		}
	}
}

// An id over 800 digits long, which strconv (and so the SDK) reads with
// its point misplaced, is refused: the call gets an error answer, where
// the SDK might have ended the session on it.
func TestMsgScan_RefusesAnIDOver800DigitsLong(t *testing.T) {
	for _, c := range []string{
		`{"jsonrpc":"2.0","id":17976931348623158` + strings.Repeat("0", 800) + `1e-500,"result":{}}`,
		`{"jsonrpc":"2.0","id":1` + strings.Repeat("0", 820) + `e-500,"result":{}}`,
	} {
		if got := checkMessage([]byte(c)); got != idTooLong {
			t.Errorf("%.60q: %q", c, got)
		}
	}
}

// Messages with a byte changed, dropped or repeated: msgScan and the
// SDK agree on each.
func TestMsgScan_AgreesWithTheSDKOnMutations(t *testing.T) {
	seeds := []string{
		`{"jsonrpc":"2.0","id":12,"result":{"content":[{"type":"text","text":"a\"b\u00e9"}],"isError":false}}`,
		`{"jsonrpc":"2.0","method":"notifications/progress","params":{"progressToken":"t","progress":1.5e2}}`,
		`{"jsonrpc":"2.0","id":"x","error":{"code":-32603,"message":"m","data":[null,true]}}`,
	}
	const alphabet = "{}[]\",:0123456789-+.eE\\u tfnrl\"ajsonrpcidmethoderror2"
	seed := uint64(1)
	rnd := func(n int) int {
		seed = seed*6364136223846793005 + 1442695040888963407
		return int((seed >> 33) % uint64(n))
	}
	for range 20000 {
		b := []byte(seeds[rnd(len(seeds))])
		for range 1 + rnd(3) {
			i := rnd(len(b))
			switch rnd(3) {
			case 0:
				b[i] = alphabet[rnd(len(alphabet))]
			case 1:
				b = append(b[:i:i], b[i+1:]...)
			default:
				b = append(b[:i+1:i+1], b[i:]...)
			}
		}
		msg, err := jsonrpc.DecodeMessage(b)
		if got, want := checkMessage(b) == "", err == nil; got != want {
			t.Errorf("%q: msgScan says %v (%s), the SDK %v (%v)", b, got, checkMessage(b), want, err)
		}
		var s msgScan
		s.Write(b)
		m, ok := s.Notification()
		req, isReq := msg.(*jsonrpc.Request)
		if want := err == nil && isReq && !req.IsCall() && req.Method != ""; want != ok || ok && m != req.Method {
			t.Errorf("%q: Notification() = %q, %v; the SDK decodes %#v (%v)", b, m, ok, msg, err)
		}
	}
}

// Notification names the method of a notification as the SDK reads it:
// the last "method" of the message, none for a call or a response.
func TestMsgScan_Notification(t *testing.T) {
	for _, tt := range []struct {
		msg, method string
		ok          bool
	}{
		{`{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info"}}`, "notifications/message", true},
		{`{"method":"notifications/progress","jsonrpc":"2.0","id":null}`, "notifications/progress", true},
		{`{"jsonrpc":"2.0","method":"a","method":"notifications/message"}`, "notifications/message", true},
		{`{"jsonrpc":"2.0","method":"notifications/mes\u0073age"}`, "notifications/message", true},
		{`{"jsonrpc":"2.0","id":1,"method":"sampling/createMessage"}`, "", false},
		{`{"jsonrpc":"2.0","id":1,"result":{"method":"x"}}`, "", false},
		{`{"jsonrpc":"1.0","method":"notifications/message"}`, "", false},
		{`{"jsonrpc":"2.0","method":"` + strings.Repeat("m", 200) + `"}`, "", false}, // longer than any we count
		{`{"jsonrpc":"2.0","method":"notifications/message"`, "", false},             // cut
	} {
		var s msgScan
		s.Write([]byte(tt.msg))
		if m, ok := s.Notification(); m != tt.method || ok != tt.ok {
			t.Errorf("%s: Notification() = %q, %v; want %q, %v", tt.msg, m, ok, tt.method, tt.ok)
		}
	}
}

// callEvents passes a stream of good events on byte for byte, whatever
// their size, line ends and spaces; drops a line that is no field; and
// renames an event the SDK could not decode, even one the stream ends in
// the middle of, adding an error answer to the call.
func TestCallEvents(t *testing.T) {
	big := strings.Repeat("q", 200<<10)
	good := []string{
		"data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n\n",
		": comment\r\nid: 3\r\nevent: message\r\ndata:{\"jsonrpc\":\"2.0\",\r\ndata: \"id\":7,\"result\":{}}\r\n\r\n",
		"data: \t {\"jsonrpc\":\"2.0\",\"method\":\"m\",\"params\":{\"t\":\"" + big + "\"}} \u00a0 \r\r\n\n",
		"event: other\ndata: not json\n\n",
		"data:\n\n",
		"retry: 10\n\n",
		"data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}" + strings.Repeat(" ", 10000) + "\n\n",
	}
	read := func(in string) string {
		c := newCallEvents(io.NopCloser(strings.NewReader(in)), "r", json.RawMessage("7"))
		out, err := io.ReadAll(c)
		if err != nil {
			t.Fatal(err)
		}
		return string(out)
	}
	for _, g := range good {
		if out := read(g); out != g {
			t.Errorf("%.60q came out as %.60q", g, out)
		}
	}
	if all := strings.Join(good, ""); read(all) != all {
		t.Error("the good events together came out changed")
	}
	if out := read("garbage without a colon\ndata: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n\n"); out != "data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{}}\n\n" {
		t.Errorf("a line that is no field: %q", out)
	}
	for _, bad := range []string{"data: nope\n\n", "data: nope", "data: {\"jsonrpc\":\"2.0\",\"id\":7,\"result\":{\"t\":\"" + big + "\"}\n\n", "data: {\"a\":1}\ndata:\n\n"} {
		out := read(bad)
		if !strings.Contains(out, "event: switchboard-refused\n\n") || !strings.HasSuffix(out, "\"id\":7,\"error\":{\"code\":-32603,\"message\":\"backend \\\"r\\\" sent an event that is not a JSON-RPC message"+out[strings.LastIndex(out, " ("):]) {
			t.Errorf("%.60q came out as %.200q", bad, out[max(0, len(out)-300):])
		}
	}
}
