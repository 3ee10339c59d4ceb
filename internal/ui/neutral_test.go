package ui

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// hostileSource is fakeSource's status with a client, a backend's error
// and a call's tool holding what acts on a reader: a bidi override, ESC
// and BEL of an OSC 52 clipboard write, a zero-width space and a byte
// that is not UTF-8.
type hostileSource struct{ fakeSource }

const hostileText = "cl\x1b]52;c;cm0K\x07<b>x</b>\u202egpj.exe\u200b\xff"

func (h *hostileSource) Snapshot(ctx context.Context) Snapshot {
	s := h.fakeSource.Snapshot(ctx)
	s.Sessions[0].Client = hostileText
	s.Calls[0].Client = hostileText
	s.Backends[0].LastError = "exited: " + hostileText
	return s
}

// TestUI_HostileCharactersAreShownAsEscapes: round eighty-five's built
// binary showed a client that named itself "cl ESC]52;…BEL … U+202E" with
// the raw override (reordering the rest of its cell) and raw ESC and
// BEL, on the page, in /live and in /status.json.
func TestUI_HostileCharactersAreShownAsEscapes(t *testing.T) {
	u, err := New(&hostileSource{}, &Options{Token: "secret-token"})
	if err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{"/", "/live", "/status.json"} {
		w := do(u, get(path, tokenHeader, "secret-token"))
		body := w.Body.String()
		if w.Code != 200 {
			t.Fatalf("%s: %d %s", path, w.Code, body)
		}
		for _, raw := range []string{"\x1b", "\x07", "\u202e", "\u200b", "\xff"} {
			if strings.Contains(body, raw) {
				t.Errorf("%s: the raw %q reached the page", path, raw)
			}
		}
		want := `\u202egpj.exe`
		if path != "/status.json" {
			want = `cl\u001b]52;c;cm0K\u0007&lt;b&gt;x&lt;/b&gt;\u202egpj.exe\u200b\xff`
		}
		if !strings.Contains(body, want) {
			t.Errorf("%s: the client's name is not shown as escapes (%s):\n%s", path, want, body)
		}
		if path == "/status.json" {
			var s Snapshot
			if err := json.Unmarshal(w.Body.Bytes(), &s); err != nil {
				t.Fatalf("status.json is no longer JSON: %v", err)
			}
			// The same value: \u202e is the override's own escape (the
			// invalid byte was U+FFFD in JSON already).
			if got := s.Sessions[0].Client; got != strings.ToValidUTF8(hostileText, "\ufffd") {
				t.Errorf("status.json's client is %q", got)
			}
		}
	}
}

// TestUI_ThePagesOwnTextIsLeftAlone: neutral changes nothing of a page
// whose content holds none of those characters (the page's own text,
// script and style hold none).
func TestUI_ThePagesOwnTextIsLeftAlone(t *testing.T) {
	f := &fakeSource{pending: true, trifecta: true}
	var b bytes.Buffer
	d := pageData{Snapshot: f.Snapshot(context.Background()), Token: "t", Nonce: "n"}
	for _, tm := range []string{pageTmpl, liveTmpl} {
		b.Reset()
		if err := templates().ExecuteTemplate(&b, tm, d); err != nil {
			t.Fatal(err)
		}
		if got := neutral(b.Bytes()); !bytes.Equal(got, b.Bytes()) {
			t.Errorf("%s: neutral changed the page's own text", tm)
		}
	}
	d.Shell = true
	b.Reset()
	templates().ExecuteTemplate(&b, pageTmpl, d)
	if got := neutral(b.Bytes()); !bytes.Equal(got, b.Bytes()) {
		t.Errorf("the shell: neutral changed the page's own text")
	}
}
