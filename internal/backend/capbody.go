package backend

import (
	"fmt"
	"net/http"

	"github.com/switchboard-mcp/switchboard/internal/redact"
)

// oauthMaxBody bounds one answer of an authorization server (metadata,
// client registration, token): a few kilobytes in practice. The sign-in
// client reads them whole, so a hostile server's endless body would be
// read until the client's timeout.
const oauthMaxBody = 1 << 20

// The SDK and the oauth2 package read each of these answers through a
// reader of their own stopped at oauthMaxBody: capped there too, ours
// was never past its bound, and a 5 MB answer failed with their words
// for a body cut short ("unexpected EOF", "unexpected end of JSON
// input"), naming neither the bound nor the URL. Ours stops a byte
// before theirs, so its error is the one they report.
const oauthCap = oauthMaxBody - 1

// capBodies is a RoundTripper whose responses' bodies fail past max
// bytes, with an error naming the URL.
type capBodies struct {
	base http.RoundTripper
	max  int64
}

func (c capBodies) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := c.base.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	url := r.URL.String()
	resp.Body = &bodyLimit{rc: resp.Body, max: c.max, tooLarge: func() error {
		return fmt.Errorf("the answer of %s is %d bytes or more, past what a sign-in reads of an authorization server's answer: refused", redact.URL(url), c.max+1)
	}}
	return resp, nil
}
