package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/backend"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/echo"
	"github.com/switchboard-mcp/switchboard/internal/safefile"
)

const logsHelp = `
Show the logs: each backend's stderr (with the client session, tool and
call that were running when a line was written, where exactly one call
was) and Switchboard's own notes about it (start, pid, exit), from
$XDG_STATE_HOME/switchboard/logs, merged in time order with the daemon's
own structured log ($XDG_STATE_HOME/switchboard/daemon.log).

A server of the user config writes logs/SERVER.log. A server a project
defines (its .switchboard.json, a project plugin, an entry of the user
config's "projects") writes logs/SERVER@HASH.log, HASH of that file, so
that a server "db" of one workspace and a server "db" of another do not
share a file. With SERVER, only that server's lines and the daemon's
records about it (each names its server's project, or the user): the
server of the configuration of the working directory (as servers and
doctor find it), or of DIR with --project; --user reads logs/SERVER.log,
the user's server's, which also holds what every server of that name
wrote before Switchboard named a project's log by its project. The
daemon's records an earlier version wrote name a server only: they are
shown with the user's server, said as such, and counted, not shown, with
a project's.

A user server without "cwd" runs in the directory of each session that
uses it, and each of its lines and records names that workspace: SERVER
of the user shows the lines and records of the workspace logs is run in
(or of DIR with --project) only, and says how many of other workspaces
it left out; --all shows every workspace's. A directory is in the
workspace of the nearest directory above it (or itself) holding a
.switchboard.json or a .git (.hg, .jj, .svn), not past HOME; so a session
started in a subdirectory of a workspace is that workspace's. Lines an
earlier version wrote name no workspace: they are shown, and said.

Each backend's file is rotated at 1 MiB (one older file, FILE.1, is
kept). Secrets the server is configured with are hidden in the files.`

// logRecord is one line of a backend's log or one record of the daemon's.
type logRecord struct {
	Time   time.Time
	Source string // server name, or "daemon"
	Stream string // "stderr", "switchboard", or the daemon record's level
	Msg    string
	Attrs  [][2]string // session, tool, call, ... in order
}

// durationShape is the text of a duration time.ParseDuration reads, when
// it is not too long for it.
var durationShape = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(?:[0-9]+(?:\.[0-9]*)?(?:ns|us|µs|ms|s|m|h))+$`) })

func runLogs(ctx context.Context, e *Env, args []string) error {
	fs := newFlags(e, "logs", "[SERVER] [--project DIR | --user] [--all] [-f] [--json] [--since DUR] [-n N]", logsHelp)
	var cf configFlags
	fs.Var((*pathValue)(&cf.config), "config", "config `file` (default $XDG_CONFIG_HOME/switchboard/config.json)")
	var projectDir pathValue
	fs.Var(&projectDir, "project", "SERVER of the project in `DIR` (or of the project file DIR names), as if run there")
	userLog := fs.Bool("user", false, "SERVER's logs/SERVER.log: the user config's server (and older versions' file of every server of that name)")
	allWS := fs.Bool("all", false, "with a user server: the lines and records of every workspace it ran in, not only this one's")
	follow := fs.Bool("f", false, "keep printing new lines (until interrupted)")
	asJSON := fs.Bool("json", false, "one JSON object per line: time, source, stream, msg and the attributes")
	since := fs.String("since", "", "only lines newer than this: a duration (10m, 2h) or an RFC 3339 time")
	n := fs.Int("n", 0, "only the last N lines (0: all)")
	if err := parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		fmt.Fprintln(e.Stderr, "switchboard logs: give at most one SERVER")
		return errUsage
	}
	if *n < 0 {
		return fmt.Errorf("-n %d: want the number of lines to show, or 0 for all", *n)
	}
	server := fs.Arg(0)
	if server == "" && (projectDir != "" || *userLog || *allWS) {
		fmt.Fprintln(e.Stderr, "switchboard logs: --project, --user and --all pick the log of a SERVER: give one (with no SERVER, every log is shown whole)")
		return errUsage
	}
	if projectDir != "" && *userLog {
		fmt.Fprintln(e.Stderr, "switchboard logs: give --project DIR or --user, not both")
		return errUsage
	}
	var from time.Time
	if *since != "" {
		if d, err := time.ParseDuration(*since); err == nil && d >= 0 {
			from = time.Now().Add(-d)
		} else if err == nil {
			return fmt.Errorf("--since %s: a negative duration is in the future; want how long ago, such as 10m", echo.Quote(*since))
		} else if t, err := time.Parse(time.RFC3339, *since); err == nil {
			from = t
		} else if durationShape().MatchString(*since) {
			// A duration past what Go holds fails as one that is no
			// duration: "want a duration" for one.
			return fmt.Errorf("--since %s: longer than a duration can be (at most 2562047h, 292 years); give a shorter one, or an RFC 3339 time", echo.Quote(*since))
		} else {
			return fmt.Errorf("--since %s: want a duration such as 10m or an RFC 3339 time", echo.Quote(*since))
		}
	}
	p := e.paths(&configFlags{})
	if err := p.needState(); err != nil {
		return err
	}
	state := p.state
	dir := filepath.Join(state, "logs")
	var pick logPick
	if server != "" {
		var err error
		if pick, err = e.pickLog(&cf, string(projectDir), *userLog, dir, server); err != nil {
			return err
		}
	}
	var ws *wsPick // a user server's workspace, unless --all
	if server != "" && pick.project == "" && !*allWS {
		ws = newWSPick(pick.dir, e.Getenv("HOME"))
	}
	sources := func() []*logFile {
		var out []*logFile
		if server != "" {
			out = append(out, &logFile{path: pick.path, source: strings.TrimSuffix(filepath.Base(pick.path), ".log"), ws: ws, from: from})
		} else {
			names, _ := filepath.Glob(filepath.Join(dir, "*.log"))
			for _, p := range names {
				out = append(out, &logFile{path: p, source: strings.TrimSuffix(filepath.Base(p), ".log")})
			}
		}
		return append(out, &logFile{path: filepath.Join(state, "daemon.log"), source: "daemon", daemon: true, server: server, project: pick.project, from: from, ws: ws})
	}
	files := sources()
	var recs []logRecord
	backendLines := 0
	var daemonLog *logFile
	for _, f := range files {
		if f.daemon {
			daemonLog = f
		}
		if !f.daemon { // the rotated file first: it is older
			old := &logFile{path: f.path + ".1", source: f.source, ws: f.ws, from: f.from}
			recs = append(recs, old.readNew()...)
		}
		recs = append(recs, f.readNew()...)
		if !f.daemon {
			backendLines = len(recs)
		}
	}
	if server != "" && backendLines == 0 && pick.project != "" {
		// Upgraded: the lines this server wrote before its log was named
		// by its project are in the user's SERVER.log, kept as it was.
		if shared := backend.LogFile(dir, server); fileExists(shared) || fileExists(shared+".1") {
			fmt.Fprintf(e.Stderr, "switchboard: no lines of the server %s of %s yet in %s; what every server named %s wrote before Switchboard named a project's log by its project is in %s (kept): switchboard logs --user %s\n",
				echo.Quote(server), echo.Path(pick.project), echo.Path(pick.path), echo.Quote(server), echo.Path(shared), shellQuote(server))
		}
	}
	if server != "" {
		daemonLog.sayLeftOut(e.Stderr, pick)
	}
	if ws != nil {
		ws.say(e.Stderr, server, pick.path, daemonLog.path)
	}
	if len(recs) == 0 && !*follow {
		if server != "" {
			fmt.Fprintf(e.Stderr, "no logs of %s in %s: it has not started, or no server has that name (`switchboard servers` lists them)\n", echo.Quote(server), echo.Path(pick.path))
			return nil
		}
		fmt.Fprintf(e.Stderr, "no logs yet in %s (a backend's log starts when it first starts)\n", dir)
		return nil
	}
	show := func(recs []logRecord, limit int) {
		slices.SortStableFunc(recs, func(a, b logRecord) int { return a.Time.Compare(b.Time) })
		recs = slices.DeleteFunc(recs, func(r logRecord) bool { return !from.IsZero() && r.Time.Before(from) })
		if limit > 0 && len(recs) > limit {
			recs = recs[len(recs)-limit:]
		}
		for _, r := range recs {
			printRecord(e.Stdout, r, *asJSON)
		}
	}
	show(recs, *n)
	if !*follow {
		return nil
	}
	known := map[string]*logFile{}
	for _, f := range files {
		known[f.path] = f
	}
	// What ws left out before following was said above; lines of other
	// workspaces that come while following are said once, when the
	// first comes (round 120 skipped them without a word).
	skipped, saidSkipped := 0, false
	if ws != nil {
		skipped = ws.otherLines + ws.otherRecords
	}
	for {
		if sleepCtx(ctx, 200*time.Millisecond) != nil {
			return nil
		}
		var recs []logRecord
		for _, f := range sources() {
			if k, ok := known[f.path]; ok {
				f = k
			} else {
				known[f.path] = f
			}
			recs = append(recs, f.readNew()...)
		}
		show(recs, 0)
		if ws != nil && !saidSkipped && ws.otherLines+ws.otherRecords > skipped {
			saidSkipped = true
			ws.sayFollowing(e.Stderr, server)
		}
	}
}

// logPick is the log file `logs SERVER` reads.
type logPick struct {
	path    string
	project string // the server's config.Server.Project; "" for a user server's file
	dir     string // the directory whose configuration was read (--project's, or the working directory)
}

// pickLog is the log file of the server named server: the one of the
// configuration of the working directory (or of projectDir), as servers
// and doctor load it; with user, logs/SERVER.log. Where no server of that
// name is configured, the project file found there (trusted or not) names
// its server's file; else SERVER.log when no project's server of that
// name has a log, and an error naming the files there are, whose each is
// and how to pick one when some has.
func (e *Env) pickLog(cf *configFlags, projectDir string, user bool, dir, server string) (logPick, error) {
	le := e
	if projectDir != "" {
		d := e.abs(projectDir)
		if fi, err := os.Stat(d); err == nil && !fi.IsDir() {
			d = filepath.Dir(d) // the project file itself
		} else if err != nil {
			return logPick{}, fmt.Errorf("--project %s: %w", echo.Path(d), err)
		}
		c := *e
		c.Dir = d
		le = &c
	}
	if user {
		return logPick{path: backend.LogFile(dir, server), dir: le.Dir}, nil
	}
	q := *le
	q.Stderr = io.Discard // the config's notices are servers' and doctor's to say
	if cfg, _, err := q.loadConfig(cf, false); err == nil {
		if spec, ok := cfg.Servers[server]; ok {
			return logPick{path: backend.LogFileFor(dir, spec), project: spec.Project, dir: le.Dir}, nil
		}
	}
	if proj := le.paths(cf).project; proj != "" {
		// A project file not trusted now (or changed since) still names
		// the file its server wrote while it was.
		spec := &config.Server{Name: server, Project: config.ProjectKey(proj)}
		if f := backend.LogFileFor(dir, spec); fileExists(f) || fileExists(f+".1") {
			return logPick{path: f, project: spec.Project, dir: le.Dir}, nil
		}
	}
	shared := backend.LogFile(dir, server)
	var others []string
	for _, pat := range []string{"@*.log", "@*.log.1"} {
		names, _ := filepath.Glob(strings.TrimSuffix(shared, ".log") + pat)
		for _, n := range names {
			if n = strings.TrimSuffix(n, ".1"); !slices.Contains(others, n) {
				others = append(others, n)
			}
		}
	}
	if len(others) == 0 {
		return logPick{path: shared, dir: le.Dir}, nil
	}
	slices.Sort(others)
	var b strings.Builder
	fmt.Fprintf(&b, "no server %s is configured in %s, and servers of that name that projects define have logs; they are not mixed:", echo.Quote(server), echo.Path(le.Dir))
	var example string
	for _, f := range others {
		proj := backend.LogProject(f)
		switch {
		case proj == "":
			fmt.Fprintf(&b, "\n  %s: a project's server (the file does not say which)", echo.Path(f))
		default:
			fmt.Fprintf(&b, "\n  %s: the server %s of %s", echo.Path(f), echo.Quote(server), echo.Path(proj))
			if example == "" && filepath.Base(proj) == config.ProjectFile {
				example = filepath.Dir(proj)
			}
		}
	}
	userHint := ""
	if fileExists(shared) || fileExists(shared+".1") {
		fmt.Fprintf(&b, "\n  %s: the user config's server %s, and what every server of that name wrote before Switchboard named a project's log by its project", echo.Path(shared), echo.Quote(server))
		userHint = fmt.Sprintf("; that one: `switchboard logs --user %s`", shellQuote(server))
	}
	if example == "" {
		example = "DIR"
	} else {
		example = shellQuote(example)
	}
	fmt.Fprintf(&b, "\npick one: run `switchboard logs %s` in that project's directory, or `switchboard logs --project %s %s`%s; every file at once: `switchboard logs`", shellQuote(server), example, shellQuote(server), userHint)
	return logPick{}, errors.New(b.String())
}

func fileExists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}

// logFile is a log file read from an offset on.
type logFile struct {
	path, source string
	daemon       bool
	// server, for the daemon's log: only records about the server of
	// this name ("" all) and of this project ("" the user's:
	// config.Server.LogAttrs).
	server, project string
	from            time.Time // records before it are not counted below
	// older counts the records about a server of that name written
	// before records named a server's project (an earlier version's),
	// others those about another project's server of that name.
	older, others int
	// ws, when set, picks a user server's lines and records of one
	// workspace (the backend's file's and the daemon's).
	ws   *wsPick
	kept bool      // ws kept the last line with a head (a line without one continues it)
	off  int64     // bytes read (up to the last complete line)
	last time.Time // time of the last record, for lines without one
}

// counts reports whether what is left out of a line or record of time t is
// counted: it is in the --since range.
func (f *logFile) counts(t time.Time) bool {
	return f.from.IsZero() || !t.Before(f.from)
}

// about reports whether r, a record of the daemon's log, is about f's
// server: its name, and its project (config.Server.LogAttrs) or, for the
// user's server, none. A record an earlier version wrote names the server
// only: it may be any workspace's, so it goes with the user's server, as
// logs/SERVER.log's older lines do (sayLeftOut says so).
func (f *logFile) about(r logRecord) bool {
	var name, project string
	hasProject, user := false, false
	for _, a := range r.Attrs {
		switch a[0] {
		case "server":
			name = a[1]
		case "project":
			project, hasProject = a[1], true
		case "user":
			user = a[1] == "true"
		}
	}
	if name != f.server {
		return false
	}
	counted := f.counts(r.Time)
	switch {
	case hasProject:
		if project != f.project {
			if counted {
				f.others++
			}
			return false
		}
		return true
	case user:
		if f.project != "" {
			return false
		}
		if f.ws == nil {
			return true
		}
		ws, has := r.attr("workspace")
		return f.ws.keep(ws, has, counted, true)
	default:
		if counted {
			f.older++
		}
		return f.project == ""
	}
}

// sayLeftOut tells w what f, the daemon's log read for pick, holds about
// servers of that name that is not shown, or shown though it may be
// another workspace's.
func (f *logFile) sayLeftOut(w io.Writer, pick logPick) {
	name := echo.Quote(f.server)
	if f.older > 0 && pick.project != "" {
		fmt.Fprintf(w, "switchboard: %s of %s about a server %s not shown: an earlier Switchboard wrote them naming a server by its name only, so they may be another workspace's; they are shown with `switchboard logs --user %s`\n",
			records(f.older), echo.Path(f.path), name, shellQuote(f.server))
	}
	if f.older > 0 && pick.project == "" {
		fmt.Fprintf(w, "switchboard: %s of %s about a server %s shown were written by an earlier Switchboard, which named a server by its name only: they may be any workspace's server %s, as the older lines of %s\n",
			records(f.older), echo.Path(f.path), name, name, echo.Path(pick.path))
	}
	if f.others > 0 && pick.project == "" {
		fmt.Fprintf(w, "switchboard: %s of %s about servers %s that projects define not shown (they are not this configuration's): run `switchboard logs %s` in that project's directory, or `switchboard logs --project DIR %s`\n",
			records(f.others), echo.Path(f.path), name, shellQuote(f.server), shellQuote(f.server))
	}
}

func records(n int) string {
	if n == 1 {
		return "1 record"
	}
	return strconv.Itoa(n) + " records"
}

// openLog opens a log file to read: a regular file only, opened without
// waiting for a writer (a FIFO in its place hung logs, deaf to Ctrl-C).
func openLog(path string) (*os.File, error) { return safefile.Open(path) }

// maxLogRead is the most of a log file one read takes (a variable for
// tests).
var maxLogRead int64 = 64 << 20

// readNew returns the records of the complete lines after f.off, of the
// last maxLogRead bytes when more are there: the newest are what is
// asked for (a 2 GB daemon.log showed its oldest 64 MiB as the latest). A file
// that shrank (rotated or truncated) is read again from its start.
func (f *logFile) readNew() []logRecord {
	fh, err := openLog(f.path)
	if err != nil {
		return nil
	}
	defer fh.Close()
	skip := false // whether data starts inside a line
	if fi, err := fh.Stat(); err == nil {
		if fi.Size() < f.off {
			f.off = 0
		}
		if fi.Size()-f.off > maxLogRead {
			f.off, skip = fi.Size()-maxLogRead, true
		}
	}
	if _, err := fh.Seek(f.off, io.SeekStart); err != nil {
		return nil
	}
	data, err := io.ReadAll(io.LimitReader(fh, maxLogRead))
	if err != nil {
		return nil
	}
	end := bytes.LastIndexByte(data, '\n') + 1
	f.off += int64(end)
	if skip {
		data = data[bytes.IndexByte(data[:end], '\n')+1 : end]
		end = len(data)
	}
	var out []logRecord
	for line := range strings.SplitSeq(string(data[:end]), "\n") {
		if strings.TrimSpace(line) == "" {
			continue
		}
		var r logRecord
		if f.daemon {
			r = parseDaemonLine(line)
			if f.server != "" && !f.about(r) {
				continue
			}
		} else {
			r = parseBackendLine(line)
		}
		r.Source = f.source
		cont := r.Time.IsZero() && !f.last.IsZero()
		if r.Time.IsZero() {
			r.Time = f.last
		}
		f.last = r.Time
		if !f.daemon && f.ws != nil {
			if cont {
				// A line with no head of its own continues the one
				// before (a note of several lines: a start's error
				// quoting the backend's last stderr lines).
				if !f.kept {
					continue
				}
			} else {
				ws, has := r.attr("workspace")
				if f.kept = f.ws.keep(ws, has, f.counts(r.Time), false); !f.kept {
					continue
				}
			}
		}
		out = append(out, r)
	}
	return out
}

// parseBackendLine reads a line of a backend's log (see backend's
// stderr.go): "TIME STREAM [k=v ...]: TEXT". A line in another shape
// (an older file) is a stderr line without a time.
func parseBackendLine(line string) logRecord {
	r := logRecord{Stream: "stderr", Msg: line}
	ts, rest, ok := strings.Cut(line, " ")
	t, err := time.Parse(time.RFC3339Nano, ts)
	if !ok || err != nil {
		return r
	}
	var stream string
	var attrs [][2]string
	i := strings.IndexAny(rest, " :")
	if i < 0 {
		return r
	}
	stream, rest = rest[:i], rest[i:]
	for strings.HasPrefix(rest, " ") {
		rest = rest[1:]
		k, v, ok := strings.Cut(rest, "=")
		if !ok || strings.ContainsAny(k, " :") {
			return r
		}
		rest = v
		if strings.HasPrefix(rest, `"`) {
			q, err := strconv.QuotedPrefix(rest)
			if err != nil {
				return r
			}
			v, _ = strconv.Unquote(q)
			rest = rest[len(q):]
		} else {
			j := strings.IndexAny(rest, " :")
			if j < 0 {
				return r
			}
			v, rest = rest[:j], rest[j:]
		}
		attrs = append(attrs, [2]string{k, v})
	}
	msg, ok := strings.CutPrefix(rest, ": ")
	if !ok {
		if rest != ":" {
			return r
		}
		msg = ""
	}
	return logRecord{Time: t, Stream: stream, Msg: msg, Attrs: attrs}
}

// parseDaemonLine reads a record of the daemon's log/slog JSON handler;
// other lines (a panic, an older text log) are kept as they are.
func parseDaemonLine(line string) logRecord {
	r := logRecord{Stream: "log", Msg: line}
	dec := json.NewDecoder(strings.NewReader(line))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return r
	}
	var out logRecord
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return r
		}
		k, _ := kt.(string)
		var v any
		if err := dec.Decode(&v); err != nil {
			return r
		}
		switch s := fmt.Sprint(v); k {
		case "time":
			out.Time, _ = time.Parse(time.RFC3339Nano, s)
		case "level":
			out.Stream = s
		case "msg":
			out.Msg = s
		default:
			if _, isMap := v.(map[string]any); isMap {
				b, _ := json.Marshal(v)
				s = string(b)
			}
			out.Attrs = append(out.Attrs, [2]string{k, s})
		}
	}
	if out.Stream == "" {
		out.Stream = "log"
	}
	return out
}

func printRecord(w io.Writer, r logRecord, asJSON bool) {
	if asJSON {
		var b bytes.Buffer
		b.WriteByte('{')
		kv := func(k, v string) {
			if b.Len() > 1 {
				b.WriteByte(',')
			}
			kb, _ := json.Marshal(k)
			vb, _ := json.Marshal(v)
			b.Write(kb)
			b.WriteByte(':')
			b.Write(vb)
		}
		if !r.Time.IsZero() {
			kv("time", r.Time.UTC().Format(time.RFC3339Nano))
		}
		kv("source", r.Source)
		kv("stream", r.Stream)
		kv("msg", r.Msg)
		for _, a := range r.Attrs {
			if !slices.Contains([]string{"time", "source", "stream", "msg"}, a[0]) {
				kv(a[0], a[1])
			}
		}
		b.WriteString("}\n")
		w.Write(b.Bytes())
		return
	}
	ts := strings.Repeat(" ", len(backend.LogTimeFormat)-2)
	if !r.Time.IsZero() {
		ts = r.Time.UTC().Format(backend.LogTimeFormat)
	}
	var attrs strings.Builder
	for _, a := range r.Attrs {
		fmt.Fprintf(&attrs, " %s=%s", a[0], quoteIfNeeded(a[1]))
	}
	fmt.Fprintf(w, "%s %s %s%s: %s\n", ts, r.Source, r.Stream, attrs.String(), r.Msg)
}

// quoteIfNeeded is v, or v quoted (strconv.Quote) when it is empty or
// holds a space, '=', '"' or a character strconv.Quote escapes (a
// control: a newline in a directory's name made a line of its own).
func quoteIfNeeded(v string) string {
	if q := strconv.Quote(v); v == "" || strings.ContainsAny(v, " \t\n\r=\"") || q[1:len(q)-1] != v {
		return q
	}
	return v
}
