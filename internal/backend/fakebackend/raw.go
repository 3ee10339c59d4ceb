package fakebackend

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"
)

// raw is mode raw: a hand-written JSON-RPC server on stdin and stdout,
// for answers the SDK's server would never send. It answers initialize
// with $FAKE_RAW_INIT (a JSON result; "exit": it exits 3 instead) and
// lists the tools of $FAKE_RAW_TOOLS (a JSON array; "rotate": 100 tools
// of new names on each listing) or one tool, echo.
// Calls are answered by the tool's name:
//
//	badblocks  a result whose image block's data is a number
//	closeout   closes stdout and stays alive (stdin still read)
//	halfexit   writes the start of its answer, no newline, and exits 3
//	errsecret  a tool failure (isError) whose text holds $API_KEY
//	strid      answers under its id as a string ("7" for 7)
//	twice      answers the call twice
//	stray      answers under ids never sent (900001, "never"), then its own
//	strayhuge  answers under an id of 31 digits, past 64 bits, then its own
//	other      a text block naming the tool
func raw() int {
	tools := json.RawMessage(os.Getenv("FAKE_RAW_TOOLS"))
	if len(tools) == 0 {
		tools = json.RawMessage(`[{"name":"echo","inputSchema":{"type":"object"}}]`)
	}
	out := bufio.NewWriter(os.Stdout)
	send := func(id json.RawMessage, result string) {
		fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"result":%s}`+"\n", id, result)
		out.Flush()
	}
	listings := 0
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 64<<20)
	for in.Scan() {
		var m struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
			Params struct {
				Name string `json:"name"`
			} `json:"params"`
		}
		if json.Unmarshal(in.Bytes(), &m) != nil || len(m.ID) == 0 {
			continue
		}
		switch m.Method {
		case "initialize":
			switch init := os.Getenv("FAKE_RAW_INIT"); init {
			case "":
				send(m.ID, `{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"raw","version":"1"}}`)
			case "exit":
				return 3
			default:
				send(m.ID, init)
			}
		case "tools/list":
			if string(tools) == "rotate" {
				// 100 tools of new names on each listing.
				listings++
				var b strings.Builder
				for i := range 100 {
					if i > 0 {
						b.WriteByte(',')
					}
					fmt.Fprintf(&b, `{"name":"g%d_%d","inputSchema":{"type":"object","properties":{"b":{},"a":{}}}}`, listings, i)
				}
				send(m.ID, `{"tools":[`+b.String()+`]}`)
				continue
			}
			send(m.ID, `{"tools":`+string(tools)+`}`)
		case "tools/call":
			switch m.Params.Name {
			case "badblocks":
				send(m.ID, `{"content":[{"type":"text","text":"ok"},{"type":"image","mimeType":"image/png","data":5}]}`)
			case "closeout":
				os.Stdout.Close()
				for {
					time.Sleep(time.Hour)
				}
			case "errsecret":
				text, _ := json.Marshal("bad key " + os.Getenv("API_KEY") + " for this call")
				send(m.ID, `{"isError":true,"content":[{"type":"text","text":`+string(text)+`}]}`)
			case "halfexit":
				fmt.Fprintf(out, `{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"te`, m.ID)
				out.Flush()
				fmt.Fprintln(os.Stderr, "fatal: out of memory while writing the answer")
				return 3
			case "strid":
				send(json.RawMessage(strconv.Quote(string(m.ID))), `{"content":[{"type":"text","text":"a string id"}]}`)
			case "stray":
				send(json.RawMessage(`900001`), `{"content":[]}`)
				send(json.RawMessage(`"never"`), `{"content":[]}`)
				send(m.ID, `{"content":[{"type":"text","text":"after strays"}]}`)
			case "strayhuge":
				send(json.RawMessage(`1000000000000000000000000000000`), `{"content":[]}`)
				send(m.ID, `{"content":[{"type":"text","text":"after strays"}]}`)
			case "twice":
				send(m.ID, `{"content":[{"type":"text","text":"one"}]}`)
				send(m.ID, `{"content":[{"type":"text","text":"two"}]}`)
			default:
				send(m.ID, `{"content":[{"type":"text","text":"called `+m.Params.Name+`"}]}`)
			}
		default:
			send(m.ID, `{}`)
		}
	}
	return 0
}
