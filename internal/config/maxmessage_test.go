package config

import "testing"

func TestLoad_MaxMessageBytes(t *testing.T) {
	c, err := Load(write(t, t.TempDir(), "c.json", `{"mcpServers": {}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Settings.Defaults().MaxMessageBytes; got != 32<<20 {
		t.Errorf("default maxMessageBytes = %d, want 32 MiB", got)
	}
	c, err = Load(write(t, t.TempDir(), "c.json", `{"mcpServers": {}, "settings": {"maxMessageBytes": 1048576}}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Settings.Defaults().MaxMessageBytes; got != 1<<20 {
		t.Errorf("maxMessageBytes = %d, want 1048576", got)
	}
	if _, err := Load(write(t, t.TempDir(), "c.json", `{"mcpServers": {}, "settings": {"maxMessageBytes": -1}}`)); err == nil {
		t.Error("negative maxMessageBytes accepted")
	}
}
