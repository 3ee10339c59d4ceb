package config

import (
	"path/filepath"
	"runtime"
)

// Dirs are Switchboard's per-user directories, each ending in
// "switchboard". A directory that cannot be found (no HOME and no
// variable naming it) is "".
type Dirs struct {
	Config string // the user config (config.json)
	Cache  string // the tool-list cache
	State  string // pins, trusted projects, sign-ins, logs, backups, the daemon
}

// UserDirs finds the directories from the environment by the conventions
// of this operating system:
//
//	          Linux, BSD (XDG)       macOS                             Windows
//	Config    $XDG_CONFIG_HOME       ~/Library/Application Support     %APPDATA%
//	          else ~/.config
//	Cache     $XDG_CACHE_HOME        ~/Library/Caches                  %LOCALAPPDATA%
//	          else ~/.cache
//	State     $XDG_STATE_HOME        ~/Library/Application Support     %LOCALAPPDATA%
//	          else ~/.local/state
//
// An XDG_* variable set to an absolute path wins on every system (as
// os.UserConfigDir does for XDG_CONFIG_HOME on Unix). HOME is needed only
// where a path is under it (never on Windows, where %USERPROFILE% is the
// fallback for the AppData folders).
func UserDirs(getenv func(string) string) Dirs { return userDirs(runtime.GOOS, getenv) }

func userDirs(goos string, getenv func(string) string) Dirs {
	abs := func(p string) string {
		if p != "" && (filepath.IsAbs(p) || goos == "windows" && len(p) > 2 && p[1] == ':') {
			return p
		}
		return ""
	}
	home := abs(getenv("HOME"))
	under := func(parts ...string) string {
		if home == "" {
			return ""
		}
		return filepath.Join(append([]string{home}, parts...)...)
	}
	var d Dirs
	switch goos {
	case "windows":
		profile := abs(getenv("USERPROFILE"))
		appData, local := abs(getenv("APPDATA")), abs(getenv("LOCALAPPDATA"))
		if appData == "" && profile != "" {
			appData = filepath.Join(profile, "AppData", "Roaming")
		}
		if local == "" && profile != "" {
			local = filepath.Join(profile, "AppData", "Local")
		}
		d = Dirs{Config: appData, Cache: local, State: local}
	case "darwin", "ios":
		d = Dirs{Config: under("Library", "Application Support"), Cache: under("Library", "Caches"), State: under("Library", "Application Support")}
	default:
		d = Dirs{Config: under(".config"), Cache: under(".cache"), State: under(".local", "state")}
	}
	for _, x := range []struct {
		name string
		to   *string
	}{{"XDG_CONFIG_HOME", &d.Config}, {"XDG_CACHE_HOME", &d.Cache}, {"XDG_STATE_HOME", &d.State}} {
		if v := abs(getenv(x.name)); v != "" {
			*x.to = v
		}
	}
	for _, p := range []*string{&d.Config, &d.Cache, &d.State} {
		if *p != "" {
			*p = filepath.Join(*p, "switchboard")
		}
	}
	return d
}
