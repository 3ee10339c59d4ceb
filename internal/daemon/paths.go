// Package daemon is the transport of the per-user Switchboard daemon: the
// private directory and Unix socket it listens on, its lock and pid files,
// the one-line JSON handshake, start on demand, and the bridge that
// `switchboard serve` runs to relay an agent's stdio to the daemon.
//
// It knows nothing about MCP sessions beyond what the bridge needs to
// survive a daemon's death (request ids, the client's initialize): what
// a session does is the Handler's business.
package daemon

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// maxSocketPath is the longest socket path the kernel accepts
// (sizeof(sockaddr_un.sun_path) minus the terminating NUL on Linux; BSDs
// allow 103, so paths of 104..107 bytes fail there at listen time).
const maxSocketPath = 107

// Paths are the daemon's files. The socket, lock and pid files live in a
// private runtime directory (mode 0700); the log lives in the state
// directory.
type Paths struct {
	Dir    string // the runtime directory, mode 0700
	Socket string // Dir/daemon.sock, mode 0600
	Lock   string // Dir/daemon.lock: held by the live daemon for its whole life
	Start  string // Dir/start.lock: held by a bridge while it starts a daemon
	PID    string // Dir/daemon.pid: the live daemon's pid
	Log    string // $XDG_STATE_HOME/switchboard/daemon.log
}

// Dir finds, creates and checks the daemon's directories and returns its
// paths. The runtime directory is $XDG_RUNTIME_DIR/switchboard when
// XDG_RUNTIME_DIR is an absolute path to a directory owned by us; else
// $XDG_STATE_HOME/switchboard/run (else ~/.local/state/switchboard/run).
// It is created with mode 0700; an existing one owned by another user, or
// that is not a directory, is refused, and a looser mode than 0700 on one
// we own is fixed. A runtime directory whose socket path would be longer
// than the kernel allows is passed over for the state directory; a state
// directory too deep is an error naming the variables to change.
func Dir(getenv func(string) string) (*Paths, error) {
	state, err := stateDir(getenv)
	if err != nil {
		return nil, err
	}
	dir, via := filepath.Join(state, "run"), "XDG_STATE_HOME"
	if rt := getenv("XDG_RUNTIME_DIR"); rt != "" && filepath.IsAbs(rt) && ownedDir(rt) {
		if d := filepath.Join(rt, "switchboard"); len(filepath.Join(d, "daemon.sock")) <= maxSocketPath {
			dir, via = d, "XDG_RUNTIME_DIR"
		} else {
			// A runtime directory too deep for a socket is as unusable
			// as one we do not own: the state directory serves, and
			// if it is too deep as well the error names both.
			via = "XDG_RUNTIME_DIR or XDG_STATE_HOME"
		}
	}
	p := &Paths{
		Dir:    dir,
		Socket: filepath.Join(dir, "daemon.sock"),
		Lock:   filepath.Join(dir, "daemon.lock"),
		Start:  filepath.Join(dir, "start.lock"),
		PID:    filepath.Join(dir, "daemon.pid"),
		Log:    filepath.Join(state, "daemon.log"),
	}
	if len(p.Socket) > maxSocketPath {
		return nil, fmt.Errorf("daemon socket path %s is %d bytes, longer than the %d a Unix socket allows: set %s to a shorter directory", p.Socket, len(p.Socket), maxSocketPath, via)
	}
	if err := privateDir(dir); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(state, 0o700); err != nil {
		return nil, fmt.Errorf("daemon state directory: %w", err)
	}
	return p, nil
}

// stateDir is $XDG_STATE_HOME/switchboard, else ~/.local/state/switchboard.
// (On macOS ~/Library/Application Support/switchboard: config.UserDirs.)
func stateDir(getenv func(string) string) (string, error) {
	if s := config.UserDirs(getenv).State; s != "" {
		return s, nil
	}
	return "", errors.New("daemon directory: neither XDG_STATE_HOME nor HOME is an absolute path; set XDG_RUNTIME_DIR or XDG_STATE_HOME")
}

// privateDir creates dir (mode 0700) or checks an existing one: a
// directory, not a symlink, owned by us; a looser mode is tightened.
func privateDir(dir string) error {
	if err := os.MkdirAll(filepath.Dir(dir), 0o700); err != nil {
		return fmt.Errorf("daemon directory: %w", err)
	}
	if err := os.Mkdir(dir, 0o700); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("daemon directory: %w", err)
	}
	fi, err := os.Lstat(dir)
	if err != nil {
		return fmt.Errorf("daemon directory: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("daemon directory %s is not a directory (%s); remove it", dir, fileKind(fi.Mode()))
	}
	if uid, ok := fileOwner(fi); ok && uid != os.Getuid() {
		return fmt.Errorf("daemon directory %s is owned by uid %d, not by us (uid %d): another user could read or replace the socket; remove it or set XDG_RUNTIME_DIR", dir, uid, os.Getuid())
	}
	if fi.Mode().Perm()&0o077 != 0 {
		if err := os.Chmod(dir, 0o700); err != nil {
			return fmt.Errorf("daemon directory %s has mode %04o, and making it 0700: %w", dir, fi.Mode().Perm(), err)
		}
	}
	return nil
}

// ownedDir reports whether path is a directory owned by us.
func ownedDir(path string) bool {
	fi, err := os.Stat(path)
	if err != nil || !fi.IsDir() {
		return false
	}
	uid, ok := fileOwner(fi)
	return !ok || uid == os.Getuid()
}
