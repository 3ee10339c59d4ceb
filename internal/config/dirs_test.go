package config

import (
	"path/filepath"
	"testing"
)

func TestUserDirs_FollowEachSystemsConventions(t *testing.T) {
	j := filepath.Join
	for _, tc := range []struct {
		goos string
		env  map[string]string
		want Dirs
	}{
		{"linux", map[string]string{"HOME": "/home/u"}, Dirs{j("/home/u", ".config", "switchboard"), j("/home/u", ".cache", "switchboard"), j("/home/u", ".local", "state", "switchboard")}},
		{"linux", map[string]string{"HOME": "/home/u", "XDG_CONFIG_HOME": "/x/c", "XDG_CACHE_HOME": "/x/k", "XDG_STATE_HOME": "/x/s"}, Dirs{j("/x/c", "switchboard"), j("/x/k", "switchboard"), j("/x/s", "switchboard")}},
		{"linux", map[string]string{"HOME": "/home/u", "XDG_CONFIG_HOME": "relative"}, Dirs{j("/home/u", ".config", "switchboard"), j("/home/u", ".cache", "switchboard"), j("/home/u", ".local", "state", "switchboard")}},
		{"linux", map[string]string{}, Dirs{}}, // nothing to go on: no relative paths
		{"linux", map[string]string{"XDG_STATE_HOME": "/s"}, Dirs{State: j("/s", "switchboard")}},
		{"darwin", map[string]string{"HOME": "/Users/u"}, Dirs{j("/Users/u", "Library", "Application Support", "switchboard"), j("/Users/u", "Library", "Caches", "switchboard"), j("/Users/u", "Library", "Application Support", "switchboard")}},
		{"darwin", map[string]string{"HOME": "/Users/u", "XDG_CONFIG_HOME": "/Users/u/.config"}, Dirs{j("/Users/u", ".config", "switchboard"), j("/Users/u", "Library", "Caches", "switchboard"), j("/Users/u", "Library", "Application Support", "switchboard")}},
	} {
		got := userDirs(tc.goos, func(k string) string { return tc.env[k] })
		if got != tc.want {
			t.Errorf("%s %v:\n got %+v\nwant %+v", tc.goos, tc.env, got, tc.want)
		}
	}
}

func TestUserDirs_WindowsNeedsNoHome(t *testing.T) {
	env := map[string]string{"APPDATA": `C:\Users\u\AppData\Roaming`, "LOCALAPPDATA": `C:\Users\u\AppData\Local`}
	got := userDirs("windows", func(k string) string { return env[k] })
	if got.Config != filepath.Join(env["APPDATA"], "switchboard") || got.Cache != filepath.Join(env["LOCALAPPDATA"], "switchboard") || got.State != got.Cache {
		t.Errorf("windows: %+v", got)
	}
	env = map[string]string{"USERPROFILE": `C:\Users\u`}
	got = userDirs("windows", func(k string) string { return env[k] })
	if got.Config != filepath.Join(`C:\Users\u`, "AppData", "Roaming", "switchboard") || got.State != filepath.Join(`C:\Users\u`, "AppData", "Local", "switchboard") {
		t.Errorf("windows from USERPROFILE: %+v", got)
	}
}
