package config

import (
	"fmt"
	"strings"
	"testing"
)

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

// maxMessageBytes: 1 was accepted, and every backend was then stopped at
// its first answer. A value below MinMessageBytes is a load error naming
// the file, the field and the bound; the bound itself loads.
func TestLoad_MaxMessageBytesBelowTheBound(t *testing.T) {
	for _, n := range []int{1, 100, MinMessageBytes - 1} {
		p := write(t, t.TempDir(), "c.json", fmt.Sprintf(`{"mcpServers": {},
  "settings": {"maxMessageBytes": %d}}`, n))
		_, err := Load(p)
		want := fmt.Sprintf("%s: settings.maxMessageBytes: must be at least 65536 (64 KiB), not %d (line 2)", p, n)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "leave it out for the default") {
			t.Errorf("maxMessageBytes %d: err = %v, want %q", n, err, want)
		}
	}
	c, err := Load(write(t, t.TempDir(), "c.json", fmt.Sprintf(`{"mcpServers": {}, "settings": {"maxMessageBytes": %d}}`, MinMessageBytes)))
	if err != nil || c.Settings.Defaults().MaxMessageBytes != MinMessageBytes {
		t.Errorf("the bound itself: %v", err)
	}
}
