package roles

import (
	"encoding/json"
	"testing"
)

func yes() *bool { b := true; return &b }
func no() *bool  { b := false; return &b }

func TestSet_StringAndParse(t *testing.T) {
	if s := (Private | External).String(); s != "private+external" {
		t.Errorf("String = %q", s)
	}
	if s := Set(0).String(); s != "none" {
		t.Errorf("zero String = %q", s)
	}
	for _, n := range RoleNames() {
		r, ok := Parse(n)
		if !ok || r.String() != n {
			t.Errorf("Parse(%q) = %v, %v", n, r, ok)
		}
	}
	if _, ok := Parse("secret"); ok {
		t.Error(`Parse("secret") succeeded`)
	}
	if !All.Has(Private|Untrusted) || Private.Has(Private|External) {
		t.Error("Has is wrong")
	}
}

func TestClassify_Heuristics(t *testing.T) {
	schema := func(props ...string) json.RawMessage {
		m := map[string]any{}
		for _, p := range props {
			m[p] = map[string]any{"type": "string"}
		}
		b, _ := json.Marshal(map[string]any{"type": "object", "properties": m})
		return b
	}
	tests := []struct {
		name string
		tool Tool
		want Set
	}{
		{"reads a file", Tool{Name: "read_notes", Description: "Read the user's notes file.", InputSchema: schema("path")}, Private},
		{"fetches a url", Tool{Name: "fetch", Description: "Fetch a URL and return its text.", InputSchema: schema("url")}, Untrusted | External},
		{"sends to a recipient", Tool{Name: "send_message", Description: "Send a message.", InputSchema: schema("to", "body")}, External},
		{"web search, open world", Tool{Name: "web_search", ReadOnly: yes(), OpenWorld: yes(), InputSchema: schema("query")}, Untrusted},
		{"write, open world", Tool{Name: "create_thing", ReadOnly: no(), OpenWorld: yes(), InputSchema: schema("title")}, External},
		{"closed world write", Tool{Name: "post_note", Description: "Post a note to the local store.", ReadOnly: no(), OpenWorld: no(), InputSchema: schema("text")}, 0},
		{"pure computation", Tool{Name: "add", Description: "Adds two numbers.", InputSchema: schema("a", "b")}, 0},
		{"closed world keeps a url param", Tool{Name: "fetch_page", OpenWorld: no(), InputSchema: schema("url")}, Untrusted | External},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Classify(Server{Name: "x", Command: "./x"}, tt.tool, nil)
			if got.Roles != tt.want {
				t.Errorf("roles = %v (%s), want %v", got.Roles, got.Why, tt.want)
			}
		})
	}
}

func TestClassify_UserRulesWin(t *testing.T) {
	srv := Server{Name: "github", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-github"}}
	rules := []Rule{{"get_*", Private}, {"get_issue", Untrusted}, {"create_*", 0}}
	for tool, want := range map[string]Set{
		"get_issue":         Untrusted, // exact name before the glob
		"get_file_contents": Private,
		"create_issue":      0, // [] says "no role"
		"add_issue_comment": External,
	} {
		got := Classify(srv, Tool{Name: tool}, rules)
		if got.Roles != want {
			t.Errorf("%s: %v (%s), want %v", tool, got.Roles, got.Why, want)
		}
	}
	if got := Classify(srv, Tool{Name: "get_issue"}, rules); got.Why != "config" {
		t.Errorf("why = %q, want config", got.Why)
	}
}

func TestClassify_UserGlobsMatchAcrossASlash(t *testing.T) {
	srv := Server{Name: "mine", Command: "./mine"}
	rules := []Rule{{"send_*", External}, {"admin/*", Private}, {"*", Untrusted}}
	for tool, want := range map[string]Set{
		"send_mail/bulk":  External,
		"admin/users/get": Private,
		"web/page/fetch":  Untrusted,
	} {
		got := Classify(srv, Tool{Name: tool}, rules)
		if got.Roles != want || got.Why != "config" {
			t.Errorf("%s: %v (%s), want %v from the config", tool, got.Roles, got.Why, want)
		}
	}
}

func TestProfileOf_MatchesLaunchNotLocalName(t *testing.T) {
	tests := []struct {
		srv  Server
		want string
	}{
		{Server{Name: "gh", Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-github@2025.4.8"}}, "github"},
		{Server{Name: "fs", Command: "/usr/local/bin/mcp-server-filesystem", Args: []string{"/tmp"}}, "filesystem"},
		{Server{Name: "pw", Command: "npx", Args: []string{"@playwright/mcp@latest", "--headless"}}, "playwright"},
		{Server{Name: "github", Command: "./my-script.sh"}, ""},
		{Server{Name: "notion", URL: "https://mcp.notion.com/mcp"}, "notion"},
	}
	for _, tt := range tests {
		p := ProfileOf(tt.srv)
		got := ""
		if p != nil {
			got = p.Name
		}
		if got != tt.want {
			t.Errorf("ProfileOf(%+v) = %q, want %q", tt.srv, got, tt.want)
		}
	}
}

func TestServerRoles_FromProfileAndRules(t *testing.T) {
	gh := Server{Command: "npx", Args: []string{"@modelcontextprotocol/server-github"}}
	if got := ServerRoles(gh, nil); got != All {
		t.Errorf("github brings %v, want all three", got)
	}
	local := Server{Command: "./notes"}
	if got := ServerRoles(local, nil); got != 0 {
		t.Errorf("unknown server brings %v before its tools are known", got)
	}
	if got := ServerRoles(local, []Rule{{"send", External}}); got != External {
		t.Errorf("rules bring %v", got)
	}
}

func TestWords(t *testing.T) {
	got := words("slack_postMessage API-get-user")
	want := []string{"slack", "post", "message", "api", "get", "user"}
	if len(got) != len(want) {
		t.Fatalf("words = %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("words = %v, want %v", got, want)
		}
	}
}

func FuzzClassify(f *testing.F) {
	f.Add("send_x", "Send it.", `{"type":"object","properties":{"to":{}}}`)
	f.Add("", "", `[`)
	f.Fuzz(func(t *testing.T, name, desc, schema string) {
		r := Classify(Server{Command: "x"}, Tool{Name: name, Description: desc, InputSchema: json.RawMessage(schema)}, []Rule{{"[", Private}})
		if r.Roles&^All != 0 {
			t.Fatalf("roles out of range: %v", r.Roles)
		}
	})
}
