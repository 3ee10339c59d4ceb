package backend

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/panics"
	"github.com/switchboard-mcp/switchboard/internal/rawio"
)

// Shutdown timing of a stdio backend: after stdin is closed it has
// graceTerm to exit, then SIGTERM and graceKill more, then SIGKILL. The
// sum stays well under the 2 s budget.
const (
	graceTerm = 300 * time.Millisecond
	graceKill = 700 * time.Millisecond
	graceReap = 500 * time.Millisecond
)

// baseEnv names the variables a stdio backend inherits from our
// environment; everything else it gets must be declared in its env.
var baseEnv = []string{
	"PATH", "HOME", "USER", "LOGNAME", "LANG", "TZ", "TMPDIR", "SHELL", "TERM",
	"XDG_RUNTIME_DIR", "HTTP_PROXY", "HTTPS_PROXY", "NO_PROXY", "ALL_PROXY",
	"http_proxy", "https_proxy", "no_proxy", "all_proxy",
	"SSL_CERT_FILE", "SSL_CERT_DIR", "NODE_EXTRA_CA_CERTS",
	// Windows.
	"SYSTEMROOT", "SYSTEMDRIVE", "COMSPEC", "PATHEXT", "WINDIR", "TEMP", "TMP",
	"USERPROFILE", "APPDATA", "LOCALAPPDATA", "PROGRAMDATA", "PROGRAMFILES",
	"PROGRAMFILES(X86)", "USERNAME", "HOMEDRIVE", "HOMEPATH",
}

// childEnv returns the environment of a stdio backend: the allowlisted
// variables of ours (LC_* included), then the declared ones, which win.
func childEnv(ours []string, declared map[string]string) []string {
	key := envKey
	allowed := allowedEnv()
	var env []string
	for _, kv := range ours {
		k, _, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			continue
		}
		if _, set := declared[k]; set {
			continue
		}
		if allowed[key(k)] || strings.HasPrefix(k, "LC_") {
			env = append(env, kv)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(declared)) {
		env = append(env, k+"="+declared[k])
	}
	return env
}

// envKey is how the platform compares variable names.
func envKey(k string) string {
	if runtime.GOOS == "windows" {
		return strings.ToUpper(k)
	}
	return k
}

// allowedEnv is baseEnv as a set of envKey names, made once: every
// session's start builds an environment per stdio server.
var allowedEnv = sync.OnceValue(func() map[string]bool {
	m := make(map[string]bool, len(baseEnv))
	for _, k := range baseEnv {
		m[envKey(k)] = true
	}
	return m
})

// lookEnv returns the value of key in env, the last one winning.
func lookEnv(env []string, key string) string {
	v := ""
	for _, kv := range env {
		if k, val, ok := strings.Cut(kv, "="); ok && (k == key || runtime.GOOS == "windows" && strings.EqualFold(k, key)) {
			v = val
		}
	}
	return v
}

// lookPath finds command the way the child's PATH (not ours) would. A
// command with a path separator is used as is, relative to dir.
func lookPath(command, dir string, env []string) (string, error) {
	if runtime.GOOS == "windows" {
		p, err := exec.LookPath(command)
		if err != nil {
			return "", fmt.Errorf("command %q not found: %w", command, err)
		}
		return p, nil
	}
	if strings.Contains(command, "/") {
		p := command
		if !filepath.IsAbs(p) && dir != "" {
			p = filepath.Join(dir, p)
		}
		if err := executable(p); err != nil {
			return "", fmt.Errorf("command %q: %w", command, err)
		}
		return command, nil
	}
	path := lookEnv(env, "PATH")
	for _, d := range filepath.SplitList(path) {
		if d == "" {
			d = "."
		}
		p := filepath.Join(d, command)
		if executable(p) == nil {
			if !filepath.IsAbs(p) {
				return "", fmt.Errorf("command %q found only relative to the working directory (%s); use an absolute path", command, p)
			}
			return p, nil
		}
	}
	return "", fmt.Errorf("command %q not found in PATH %q", command, path)
}

func executable(p string) error {
	st, err := os.Stat(p)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return errors.New("no such file")
		}
		return err
	}
	if st.IsDir() {
		return errors.New("is a directory")
	}
	if st.Mode()&0o111 == 0 {
		return errors.New("not executable")
	}
	return nil
}

// checkCwd says what is wrong with cwd, the directory a backend is to
// run in, before it is tried: the system's error for it names the
// program run (our own binary, with the reaper), not the directory.
func checkCwd(cwd string) error {
	if cwd == "" {
		return nil
	}
	st, err := os.Stat(cwd)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("its cwd %q does not exist: create it, or change cwd in the config", cwd)
	case err != nil:
		return fmt.Errorf("its cwd %q cannot be used: %w", cwd, err)
	case !st.IsDir():
		return fmt.Errorf("its cwd %q is not a directory: change cwd in the config", cwd)
	}
	return nil
}

// startFailed is the error for a process of spec that could not be
// started: the system's reason without the program's path (the reaper's,
// our own binary, when one is used), and for arguments and an
// environment over the system's limit, their size and what to do.
func startFailed(spec *config.Server, env []string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if errors.Is(err, syscall.E2BIG) {
		args, envs := 0, 0
		for _, a := range spec.Args {
			args += len(a) + 1
		}
		for _, e := range env {
			envs += len(e) + 1
		}
		return fmt.Errorf("running %s: its arguments (%d bytes) and environment (%d bytes) are over the system's limit for starting a program (%w): pass long values in a file instead (an argument naming it, or ${file:PATH} read by the server)", spec.Command, args, envs, err)
	}
	return fmt.Errorf("running %s: %w", spec.Command, err)
}

// proc is a running stdio backend process and our ends of its pipes.
// With a reaper, cmd is the reaper (the leader of the process group) and
// pid the backend it started.
type proc struct {
	cmd    *exec.Cmd
	pid    chan int // receives the backend's pid once (0 if unknown)
	stdin  *os.File // our write end
	stdout *os.File // our read end
	stderr *os.File // our read end

	exited     chan struct{} // closed once the process was reaped
	exitErr    error         // set before exited is closed
	stderrDone chan struct{} // closed when stderr reached EOF or was closed
}

// spawn starts spec (expanded) with env, copying its stderr to errw;
// through reaper (see Options.Reaper) when it can be used. The process is
// reaped by a goroutine of its own.
func spawn(spec *config.Server, env []string, errw io.Writer, reaper []string, log *slog.Logger) (*proc, error) {
	if err := checkCwd(spec.Cwd); err != nil {
		return nil, err
	}
	path, err := lookPath(spec.Command, spec.Cwd, env)
	if err != nil {
		return nil, err
	}
	cmd := &exec.Cmd{
		Path:        path,
		Args:        append([]string{spec.Command}, spec.Args...),
		Env:         env,
		Dir:         spec.Cwd,
		SysProcAttr: sysProcAttr(),
	}
	var report, order *os.File // the reaper's pid report, and its orders
	var launch []byte          // the backend's path and argv, for the reaper
	useReaper := reaperUsable(reaper)
	if useReaper {
		// The backend's command goes to the reaper over a pipe, not in its
		// argv: the reaper's command line must not look like the
		// backend's (process counts by command line) or show its args.
		launch, _ = json.Marshal(reaperLaunch{Path: path, Argv: cmd.Args})
		cmd.Path = reaper[0]
		cmd.Args = append(slices.Clone(reaper), strconv.Itoa(os.Getpid()))
		cmd.SysProcAttr = reaperProcAttr()
	}
	var ours, theirs []*os.File
	closeAll := func(fs []*os.File) {
		for _, f := range fs {
			f.Close()
		}
	}
	pipe := func() (r, w *os.File) {
		if err != nil {
			return nil, nil
		}
		r, w, err = os.Pipe()
		return r, w
	}
	inR, inW := pipe()
	outR, outW := pipe()
	errR, errW := pipe()
	ours = []*os.File{inW, outR, errR}
	theirs = []*os.File{inR, outW, errW}
	if useReaper {
		lr, lw := pipe()
		pr, pw := pipe()
		order, report = lw, pr
		ours, theirs = append(ours, lw, pr), append(theirs, lr, pw)
		cmd.ExtraFiles = []*os.File{lr, pw} // fds 3 and 4 in the reaper
	}
	if err != nil {
		closeAll(slices.DeleteFunc(append(ours, theirs...), func(f *os.File) bool { return f == nil }))
		return nil, rawio.FileLimit(fmt.Errorf("creating pipes: %w", err))
	}
	cmd.Stdin, cmd.Stdout, cmd.Stderr = inR, outW, errW
	err = cmd.Start()
	closeAll(theirs)
	if err != nil {
		closeAll(ours)
		return nil, rawio.FileLimit(startFailed(spec, env, err))
	}
	afterStart(cmd.Process) // Windows: a job object for the process tree
	p := &proc{cmd: cmd, pid: make(chan int, 1), stdin: inW, stdout: outR, stderr: errR,
		exited: make(chan struct{}), stderrDone: make(chan struct{})}
	if report == nil {
		p.pid <- cmd.Process.Pid
	} else {
		go func() {
			order.Write(launch) // fails only if the reaper died; its exit tells why
			order.Close()
		}()
		go func() {
			defer report.Close()
			b, _ := io.ReadAll(io.LimitReader(report, 32))
			pid, _ := strconv.Atoi(strings.TrimSpace(string(b)))
			p.pid <- pid
		}()
	}
	go func() {
		p.exitErr = cmd.Wait()
		close(p.exited)
	}()
	go func() {
		defer close(p.stderrDone)
		// A panic keeping what the backend writes to stderr (errw: the
		// backend's log) is logged, and the rest is read and dropped, so
		// that the backend never blocks on a full pipe; it ended the
		// process, and with the daemon every session.
		defer panics.Recover(log, "keeping a backend's stderr", func(string) { io.Copy(io.Discard, errR) })
		io.Copy(errw, errR)
	}()
	return p, nil
}

// reaperLaunch is what spawn tells the reaper to run, on its fd 3.
type reaperLaunch struct {
	Path string   `json:"path"`
	Argv []string `json:"argv"`
}

// backendPid is the backend's pid: reported by the reaper (waiting up to
// d for it), else the process we started.
func (p *proc) backendPid(d time.Duration) int {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case pid := <-p.pid:
		if pid > 0 {
			return pid
		}
	case <-t.C:
	}
	return p.cmd.Process.Pid
}

// waitExit reports whether the process was reaped within d.
func (p *proc) waitExit(d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-p.exited:
		return true
	case <-t.C:
		return false
	}
}

// exitAfterEOF waits, once the process's stdout closed and its exit was
// not seen, up to d for it to be seen gone (exited: gone from /proc, or
// a zombie), then up to d for its exit status. gone: it exited; reaped:
// its status came.
func (p *proc) exitAfterEOF(pid int, d time.Duration) (gone, reaped bool) {
	deadline := time.Now().Add(d)
	for !exited(pid) {
		if p.waitExit(20 * time.Millisecond) {
			return true, true
		}
		if time.Now().After(deadline) {
			return false, false
		}
	}
	return true, p.waitExit(d)
}

// stop shuts the process down: close stdin, wait graceTerm, SIGTERM the
// group, wait graceKill, SIGKILL the group, reap. Whatever is left of the
// group is killed even when the leader exits by itself. Bounded by about
// graceTerm+graceKill+graceReap; safe to call more than once.
func (p *proc) stop() {
	p.stdin.Close()
	if !p.waitExit(graceTerm) {
		terminate(p.cmd.Process)
		p.waitExit(graceKill)
	}
	p.kill()
}

// kill SIGKILLs the group at once, waits for the reap, and releases our
// pipe ends so no reader is left blocked by an escaped grandchild.
func (p *proc) kill() {
	kill(p.cmd.Process)
	p.waitExit(graceReap)
	p.stdin.Close()
	p.stdout.Close()
	select {
	case <-p.stderrDone:
	case <-time.After(50 * time.Millisecond):
		p.stderr.Close()
	}
}

// exitStatus describes how the process ended, for error messages.
func (p *proc) exitStatus() string {
	select {
	case <-p.exited:
	default:
		return "still running"
	}
	if p.exitErr == nil {
		return "exit status 0"
	}
	return p.exitErr.Error()
}

// ChildEnv is the environment a stdio backend gets from base (the
// variables of whoever asked for the backend, as KEY=value) and the env
// its config declares: base's allowlisted variables (LC_* included), then
// the declared ones, which win.
func ChildEnv(base []string, declared map[string]string) []string {
	return childEnv(base, declared)
}
