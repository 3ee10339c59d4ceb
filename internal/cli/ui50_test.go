package cli

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
)

// Round fifty: the daemon logged the status page's address by cutting
// its URL at "/?", where the token was once; the token moved to the
// fragment ("/#t=TOKEN"), so the whole URL, token and all, went into the
// daemon's log, which `switchboard logs` and `daemon logs` print and
// users paste into bug reports. Whoever has the token can approve tools.
func TestUI_TheDaemonsLogDoesNotHoldThePagesToken(t *testing.T) {
	var log bytes.Buffer
	d := &hubHandler{log: slog.New(slog.NewTextHandler(&log, nil))}
	t.Cleanup(d.page.close)
	url, err := d.UI()
	if err != nil {
		t.Fatal(err)
	}
	_, tok, ok := strings.Cut(url, "#t=")
	if !ok || tok == "" {
		t.Fatalf("the page's URL %q carries no token in its fragment", url)
	}
	if strings.Contains(log.String(), tok) {
		t.Errorf("the daemon's log holds the page's token:\n%s", log.String())
	}
	if !strings.Contains(log.String(), "status page listening") || !strings.Contains(log.String(), "http://127.0.0.1:") {
		t.Errorf("the daemon's log does not say where the page listens:\n%s", log.String())
	}
}
