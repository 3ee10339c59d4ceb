package backend

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// Round fifty-six: a tools/list page of far more tools than a listing
// uses (370,000 small tools fit under maxMessageBytes) was decoded whole
// by screen, record and the SDK, over 30 s and 740 MB of the daemon, for
// the first maxListed to be used. It is cut to maxListed+1 tools before
// any of them is decoded (one more, so that the listing still says it was
// cut), and a tool past the cut that does not decode is not reported.
func TestRawTools_AHugePageIsCutBeforeAnyToolIsDecoded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`{"tools":[`)
	const n = 3*maxListed + 7
	for i := range n {
		if i > 0 {
			b.WriteString(",")
		}
		if i == n-1 {
			b.WriteString(`{"name":"late","annotations":"oops"}`)
			continue
		}
		fmt.Fprintf(&b, `{"name":"t%d","inputSchema":{"type":"object"}}`, i)
	}
	b.WriteString(`],"nextCursor":"c"}`)
	var r rawTools
	out := r.screen(json.RawMessage(b.String()))
	var got struct {
		Tools      []struct{ Name string }
		NextCursor string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Tools) != maxListed+1 || got.Tools[0].Name != "t0" || got.Tools[maxListed].Name != fmt.Sprintf("t%d", maxListed) {
		t.Errorf("screened page: %d tools, want the first %d", len(got.Tools), maxListed+1)
	}
	if got.NextCursor != "c" {
		t.Errorf("next cursor %q, want it kept", got.NextCursor)
	}
	if m := r.takeMalformed(); len(m) != 0 {
		t.Errorf("malformed past the cut reported: %v", m)
	}
	// A page within the bound is passed as it came.
	small := json.RawMessage(`{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}`)
	if out := r.screen(small); string(out) != string(small) {
		t.Errorf("small page changed: %s", out)
	}
}
