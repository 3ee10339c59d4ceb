package cli

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// Round 112: the callback page said "Signed in." as soon as the code
// came, before it was exchanged for a token; a token endpoint that then
// never answered, or answered garbage, failed the sign-in in the terminal
// after the browser had said it succeeded. The page says what is true
// when it is shown.
func TestLogin_TheCallbackPageDoesNotSaySignedInBeforeTheExchange(t *testing.T) {
	results := make(chan callbackResult, 1)
	h := callbackHandler(results, func() string { return "s" })
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, callbackRequest("/callback?code=c&state=s"))
	body := rec.Body.String()
	if rec.Code != http.StatusOK || strings.Contains(body, "Signed in") || !strings.Contains(body, "the terminal says whether it finished") {
		t.Errorf("callback page: %d %q", rec.Code, body)
	}
	<-results
}
