package config

import (
	"strings"
	"testing"
	"time"
)

func TestParse_RolesAndTrifecta(t *testing.T) {
	f, err := Parse("c.json", []byte(`{"mcpServers": {"notes": {"command": "n", "roles": {"read_notes": ["private"], "send_*": ["external"], "echo": []}}},
 "settings": {"trifecta": "block", "trifectaWindow": "1h"}}`))
	if err != nil {
		t.Fatal(err)
	}
	r := f.Servers["notes"].Roles
	if len(r) != 3 || r[0].Glob != "read_notes" || r[0].Roles[0] != "private" || r[1].Glob != "send_*" || r[2].Glob != "echo" || len(r[2].Roles) != 0 {
		t.Errorf("roles = %+v, want them in file order with [] kept", r)
	}
	if f.Settings.Trifecta != TrifectaBlock || f.Settings.TrifectaWindow.D() != time.Hour {
		t.Errorf("settings = %+v", f.Settings)
	}
	if d := (Settings{}).Defaults(); d.Trifecta != TrifectaWarn || d.TrifectaWindow.D() != 10*time.Minute {
		t.Errorf("defaults: trifecta %v, window %v", d.Trifecta, d.TrifectaWindow)
	}
}

func TestParse_BadRolesAndTrifectaNameTheField(t *testing.T) {
	_, err := Parse("c.json", []byte(`{"mcpServers": {"notes": {"command": "n", "roles": {"read": ["secret"], "[": ["private"], "x": "private"}}},
 "settings": {"trifecta": "deny"}}`))
	if err == nil {
		t.Fatal("no error")
	}
	msg := err.Error()
	for _, want := range []string{
		`mcpServers.notes.roles.read: unknown role "secret"`, "private, untrusted, external",
		`mcpServers.notes.roles.[: bad glob`,
		`mcpServers.notes.roles.x: must be an array`,
	} {
		// a bad server entry disables the server; the problem is kept
		if !strings.Contains(msg, want) {
			f, _ := Parse("c.json", []byte(`{"mcpServers": {"notes": {"command": "n", "roles": {"read": ["secret"], "[": ["private"], "x": "private"}}}}`))
			if f == nil || !strings.Contains(f.Servers["notes"].Problem, want) {
				t.Errorf("no problem %q in %q", want, msg)
			}
		}
	}
	if !strings.Contains(msg, `settings.trifecta: must be "warn", "confirm" or "block", not "deny"`) {
		t.Errorf("error = %q", msg)
	}
}

func TestRead_ProjectMayOnlyTightenTrifecta(t *testing.T) {
	for _, tc := range []struct {
		user, project string
		want          Trifecta
		wantWindow    time.Duration
		warned        bool
	}{
		{`"trifecta": "warn"`, `"trifecta": "block", "trifectaWindow": "2h"`, TrifectaBlock, 2 * time.Hour, false},
		{`"trifecta": "confirm"`, `"trifecta": "warn"`, TrifectaConfirm, 10 * time.Minute, true},
		{`"trifecta": "block", "trifectaWindow": "1h"`, `"trifecta": "confirm", "trifectaWindow": "1m"`, TrifectaBlock, time.Hour, true},
	} {
		c, _, p := readPair(t, `{"mcpServers": {}, "settings": {`+tc.user+`}}`, `{"mcpServers": {}, "settings": {`+tc.project+`}}`)
		s := c.Settings.Defaults()
		if s.Trifecta != tc.want || s.TrifectaWindow.D() != tc.wantWindow {
			t.Errorf("%s + %s: trifecta %v window %v, want %v %v", tc.user, tc.project, s.Trifecta, s.TrifectaWindow, tc.want, tc.wantWindow)
		}
		w := strings.Join(c.Warnings, "\n")
		if got := strings.Contains(w, p+": settings.trifecta"); got != tc.warned {
			t.Errorf("%s + %s: warned = %v, want %v: %s", tc.user, tc.project, got, tc.warned, w)
		}
	}
}
