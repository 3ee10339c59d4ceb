package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
)

// dirHint is what to do about err when it failed on one of Switchboard's
// per-user directories because a file stands where that directory, or
// one above it, should be; else "". Main prints it under the error:
// XDG_STATE_HOME set to a file failed every command with `reading pins
// file …/pins.json: stat …: not a directory`, naming a path and not the
// variable that put it there.
func dirHint(e *Env, err error) string {
	d := config.UserDirs(e.Getenv)
	for _, x := range []struct{ kind, dir, xdg, keeps string }{
		{"config", d.Config, "XDG_CONFIG_HOME", "its config.json and plugins"},
		{"state", d.State, "XDG_STATE_HOME", "pins, trusted projects, sign-ins and logs"},
		{"cache", d.Cache, "XDG_CACHE_HOME", "the tool lists it read"},
	} {
		file := fileInTheWay(x.dir)
		if file == "" || !strings.Contains(err.Error(), file) {
			continue
		}
		set := e.Getenv(x.xdg)
		if !filepath.IsAbs(set) {
			set = ""
		}
		switch {
		case set != "" && filepath.Clean(set) == file:
			return fmt.Sprintf("%s is %s, which is a file, not a directory: Switchboard keeps %s in a switchboard directory under it; set %s to a directory (or unset it), then run the command again", x.xdg, file, x.keeps, x.xdg)
		case set != "":
			return fmt.Sprintf("%s is a file, not a directory, where Switchboard's %s directory %s should be (%s is %s): move that file aside, or set %s to another directory, then run the command again", file, x.kind, x.dir, x.xdg, set, x.xdg)
		default:
			return fmt.Sprintf("%s is a file, not a directory, where Switchboard's %s directory %s should be (%s is not set, so it is under %s): move that file aside, or set %s to a directory, then run the command again", file, x.kind, x.dir, x.xdg, defaultBase(x.kind), x.xdg)
		}
	}
	// A file in place of a directory inside one of them (the backups
	// directory): `backup of …: mkdir …/backups: not a directory`.
	var pe *fs.PathError
	if !errors.As(err, &pe) || !errors.Is(err, syscall.ENOTDIR) {
		return ""
	}
	for _, dir := range []string{d.Config, d.State, d.Cache} {
		if dir == "" || !strings.HasPrefix(pe.Path, dir+string(filepath.Separator)) {
			continue
		}
		if file := fileInTheWay(pe.Path); file != "" && strings.HasPrefix(file, dir+string(filepath.Separator)) {
			return fmt.Sprintf("%s is a file, not a directory, where Switchboard keeps a directory of its own: move that file aside (mv %s %s), then run the command again", file, echo.ShellWord(file), echo.ShellWord(file+".away"))
		}
	}
	return ""
}

// cacheInTheWay says, when a file stands where the cache directory dir
// (or one above it) should be, which variable put it there, that
// Switchboard works without the cache, and what to do; else "". Before,
// each server's cache read and write was logged as failing, naming the
// file and not the variable, and the command went on.
func cacheInTheWay(e *Env, dir string) string {
	file := fileInTheWay(dir)
	if file == "" {
		return ""
	}
	const without = "working without it (each server is started to list its tools)"
	set := e.Getenv("XDG_CACHE_HOME")
	if !filepath.IsAbs(set) {
		set = ""
	}
	switch {
	case set != "" && filepath.Clean(set) == file:
		return fmt.Sprintf("XDG_CACHE_HOME is %s, which is a file, not a directory: Switchboard keeps the tool lists it read in a switchboard directory under it; %s; set XDG_CACHE_HOME to a directory (or unset it) to have them cached", echo.Path(file), without)
	case set != "":
		return fmt.Sprintf("%s is a file, not a directory, where Switchboard's cache directory %s should be (XDG_CACHE_HOME is %s): %s; move that file aside, or set XDG_CACHE_HOME to another directory", echo.Path(file), echo.Path(dir), echo.Path(set), without)
	default:
		return fmt.Sprintf("%s is a file, not a directory, where Switchboard's cache directory %s should be (XDG_CACHE_HOME is not set, so it is under %s): %s; move that file aside, or set XDG_CACHE_HOME to a directory", echo.Path(file), echo.Path(dir), defaultBase("cache"), without)
	}
}

// defaultBase names what a directory of kind is under, on this system,
// when its XDG variable is not set (config.UserDirs).
func defaultBase(kind string) string {
	switch {
	case runtime.GOOS == "windows" && kind == "config":
		return "%APPDATA%"
	case runtime.GOOS == "windows":
		return "%LOCALAPPDATA%"
	}
	return "HOME"
}

// fileInTheWay is dir, or the nearest directory above it, when that
// exists and is not a directory; "" when dir is "", or when what exists
// of its path is directories.
func fileInTheWay(dir string) string {
	if dir == "" {
		return ""
	}
	for d := filepath.Clean(dir); ; {
		st, err := os.Stat(d)
		if err == nil {
			if st.IsDir() {
				return ""
			}
			return d
		}
		up := filepath.Dir(d)
		if up == d {
			return ""
		}
		d = up
	}
}
