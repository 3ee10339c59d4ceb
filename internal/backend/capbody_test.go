package backend

import (
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// An authorization server's answer is read up to oauthMaxBody bytes: one
// of exactly that size reads whole, a longer one fails naming the URL.
func TestCapBodies_RefusesAnAnswerOverTheBound(t *testing.T) {
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := 1000
		if r.URL.Path == "/big" {
			n = 1001
		}
		io.WriteString(w, strings.Repeat("x", n))
	}))
	defer ts.Close()
	hc := &http.Client{Transport: capBodies{http.DefaultTransport, 1000}}
	get := func(path string) (string, error) {
		resp, err := hc.Get(ts.URL + path)
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	}
	if b, err := get("/ok"); err != nil || len(b) != 1000 {
		t.Errorf("1000 bytes: %d read, %v; want all of them", len(b), err)
	}
	b, err := get("/big")
	if err == nil || !strings.Contains(err.Error(), "/big is 1001 bytes or more, past what a sign-in reads") || len(b) != 1000 {
		t.Errorf("1001 bytes: %d read, %v; want 1000 and an error naming the URL", len(b), err)
	}
}
