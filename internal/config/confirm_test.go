package config

import (
	"strings"
	"testing"
)

func TestConfirm_ParseSettingAndServer(t *testing.T) {
	f, err := Parse("c.json", []byte(`{"settings": {"confirm": ["destructive", "delete_*"]}, "mcpServers": {"a": {"command": "x", "confirm": "all"}, "b": {"command": "y"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	c := f.Settings.Confirm
	if !c.Destructive || c.All || len(c.Globs) != 1 {
		t.Fatalf("settings.confirm = %+v", c)
	}
	if !c.Wants("delete_file", false) || !c.Wants("write", true) || c.Wants("read", false) {
		t.Errorf("Wants: delete_file %v, destructive write %v, read %v", c.Wants("delete_file", false), c.Wants("write", true), c.Wants("read", false))
	}
	if !f.Servers["a"].Confirm.All || f.Servers["b"].Confirm.On() {
		t.Errorf("server confirm: a %+v, b %+v", f.Servers["a"].Confirm, f.Servers["b"].Confirm)
	}
	if (Confirm{}).On() {
		t.Error("the zero Confirm is on; want off by default")
	}
}

func TestConfirm_BadValuesNameFileAndField(t *testing.T) {
	_, err := Parse("c.json", []byte(`{"settings": {"confirm": "sometimes"}, "mcpServers": {"a": {"command": "x", "confirm": ["["]}}}`))
	if err == nil {
		t.Fatal("no error")
	}
	for _, want := range []string{"c.json", "settings.confirm", `"sometimes"`, "confirm", `bad glob "["`} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
}

func TestConfirm_AProjectMayWidenItNeverTurnItOff(t *testing.T) {
	user := Settings{Confirm: Confirm{Destructive: true}}
	off := Settings{Confirm: Confirm{}}
	got, warns := tighten(user, off, map[string]bool{"confirm": true}, "p/.switchboard.json")
	if !got.Confirm.Destructive || len(warns) != 1 || !strings.Contains(warns[0], "settings.confirm") {
		t.Errorf("project turning confirm off: %+v, warnings %q", got.Confirm, warns)
	}
	wider := Settings{Confirm: Confirm{Globs: []string{"push*"}}}
	got, _ = tighten(user, wider, map[string]bool{"confirm": true}, "p/.switchboard.json")
	if !got.Confirm.Destructive || !got.Confirm.Wants("push_files", false) {
		t.Errorf("project widening confirm: %+v", got.Confirm)
	}
	got, warns = tighten(Settings{}, Settings{Confirm: Confirm{All: true}}, map[string]bool{"confirm": true}, "p")
	if !got.Confirm.All || len(warns) != 0 {
		t.Errorf("project turning confirm on: %+v, %q", got.Confirm, warns)
	}
}

func TestConfirm_GlobsMatchAcrossASlash(t *testing.T) {
	c := Confirm{Globs: []string{"delete_*", "*drop*", "admin/*"}}
	for _, tool := range []string{"delete_repo/force", "db/drop_table", "admin/users/remove", "delete_x"} {
		if !c.Wants(tool, false) {
			t.Errorf("Wants(%q) = false: the glob that names it does not hold it back", tool)
		}
	}
	for _, tool := range []string{"get_repo/delete", "read"} {
		if c.Wants(tool, false) {
			t.Errorf("Wants(%q) = true", tool)
		}
	}
}
