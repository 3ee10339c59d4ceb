package cli

import (
	"bytes"
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestDoctorAndServers_SayAListingWasCutShort: a backend listing more
// than 10,000 tools has the first 10,000 used; that was said in the log
// only. doctor now says it on the server's line, and servers marks the
// tool count and says it under the table, each naming the server, the
// bound and how many were left out.
func TestDoctorAndServers_SayAListingWasCutShort(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "many", Version: "1"}, &mcp.ServerOptions{PageSize: 5000})
	for i := range 10050 {
		mcp.AddTool(srv, &mcp.Tool{Name: fmt.Sprintf("t%05d", i)}, func(context.Context, *mcp.CallToolRequest, struct{}) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{}, nil, nil
		})
	}
	ts := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	defer ts.Close()
	var home string
	out, errs, code := doctorEnv(t, `{"settings": {"startTimeout": "60s"}, "mcpServers": {"many": {"url": "`+ts.URL+`"}}}`, func(h string) { home = h })
	const said = "it lists more than 10000 tools (the most one listing uses): only the first 10000 are used; 50 more are left out"
	if code != 0 || !strings.Contains(out, "many: ok in ") || !strings.Contains(out, "10000 tools") || !strings.Contains(out, "its listing was cut short: "+said) {
		t.Fatalf("doctor: exit %d, want ok saying %q:\n%s%s", code, said, out, errs)
	}
	env := map[string]string{"HOME": home, "XDG_CONFIG_HOME": filepath.Join(home, "cfg"), "XDG_CACHE_HOME": filepath.Join(home, "cache"),
		"XDG_STATE_HOME": filepath.Join(home, "state"), "XDG_RUNTIME_DIR": filepath.Join(home, "run")}
	for _, args := range [][]string{{"servers"}, {"servers", "--json"}} {
		var sout, serr bytes.Buffer
		e := &Env{
			Args: args, Stdin: strings.NewReader(""), Stdout: &sout, Stderr: &serr,
			Getenv:     func(k string) string { return env[k] },
			LookupEnv:  func(k string) (string, bool) { v, ok := env[k]; return v, ok },
			Environ:    func() []string { return nil },
			Dir:        t.TempDir(),
			Executable: "/nonexistent",
		}
		if code := Main(context.Background(), e); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, sout.String(), serr.String())
		}
		s := sout.String()
		want := []string{"10000 (cut)", "many lists more tools than Switchboard reads: " + said}
		if len(args) == 2 {
			want = []string{`"tools": 10000`, `"cut": "` + said}
		}
		for _, w := range want {
			if !strings.Contains(s, w) {
				t.Errorf("%v: %q lacks %q", args, s, w)
			}
		}
	}
}
