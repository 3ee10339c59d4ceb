package backend

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

// TestOAuth_AFailedSignInSaysWhatFailedAndHowToRetry: a failed sign-in's
// error began with the SDK's `calling "initialize": sending "initialize":
// rejected by transport:` and, for most failures, ended without the
// command that tries again; a token answer that is an HTML page was said
// by the JSON decoder's words alone. It names the server, what failed
// and `switchboard login NAME`, without the SDK's words.
func TestOAuth_AFailedSignInSaysWhatFailedAndHowToRetry(t *testing.T) {
	for _, tt := range []struct {
		name  string
		token func(w http.ResponseWriter, r *http.Request)
		want  string
	}{
		{"html", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<html>oops</html>")
		}, "is not JSON: it begins with '<' (an HTML page?)"},
		{"refused", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(400)
			fmt.Fprint(w, `{"error":"invalid_grant"}`)
		}, "refused to issue access: invalid_grant"},
		{"no token", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "application/json")
			fmt.Fprint(w, `{"token_type":"bearer"}`)
		}, "without an access_token"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fake, spec, dir := oauthSetup(t)
			fake.Token = tt.token
			err := loginErr(t, spec, dir, nil)
			if err == nil {
				t.Fatal("signed in")
			}
			msg := err.Error()
			if strings.Contains(msg, "rejected by transport") || strings.Contains(msg, `sending "`) {
				t.Errorf("err = %s\nwant it without the SDK's words", msg)
			}
			for _, want := range []string{`backend "notion"`, tt.want, "switchboard login notion"} {
				if !strings.Contains(msg, want) {
					t.Errorf("err = %s\nwant %q in it", msg, want)
				}
			}
		})
	}
}
