package agentconf

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestOAuthOf_ReadsEachAgentsBlock(t *testing.T) {
	for _, c := range []struct {
		name, entry string
		want        OAuth
	}{
		{"claude code", `{"oauth": {"clientId": "abc", "callbackPort": 8080}}`, OAuth{ClientID: "abc", RedirectPort: 8080}},
		{"gemini", `{"oauth": {"enabled": true, "clientId": "g", "clientSecret": "${env:G}", "scopes": ["a", "b"]}}`, OAuth{ClientID: "g", ClientSecret: "${env:G}", Scopes: []string{"a", "b"}}},
		{"cursor", `{"auth": {"CLIENT_ID": "cur", "CLIENT_SECRET": "shh-literal-secret", "scopes": "x y"}}`, OAuth{ClientID: "cur", ClientSecret: "shh-literal-secret", Scopes: []string{"x", "y"}}},
		{"codex", `{"scopes": ["repo"], "oauth_resource": "https://r"}`, OAuth{Scopes: []string{"repo"}}},
		{"bad port", `{"oauth": {"callbackPort": 99999}}`, OAuth{}},
	} {
		var m map[string]any
		d := json.NewDecoder(strings.NewReader(c.entry))
		d.UseNumber()
		if err := d.Decode(&m); err != nil {
			t.Fatal(err)
		}
		if got := oauthOf(m); !reflect.DeepEqual(*got, c.want) {
			t.Errorf("%s: %+v, want %+v", c.name, *got, c.want)
		}
	}
	s := Server{Type: "http", URL: "https://x", OAuth: &OAuth{ClientID: "c", ClientSecret: "shh-literal-secret"}}
	if got := secretFields(s); !reflect.DeepEqual(got, []string{"oauth.clientSecret"}) {
		t.Errorf("secretFields = %v, want the literal client secret", got)
	}
	s.OAuth.ClientSecret = "${env:SECRET}"
	if got := secretFields(s); len(got) != 0 {
		t.Errorf("secretFields = %v, want none for a reference", got)
	}
}
