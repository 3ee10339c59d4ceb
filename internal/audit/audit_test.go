package audit

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

var t0 = time.Date(2026, 11, 30, 12, 0, 0, 123456789, time.UTC)

func readLines(t *testing.T, path string) []string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		out = append(out, sc.Text())
	}
	return out
}

func TestLog_RecordFormat(t *testing.T) {
	path := filepath.Join(t.TempDir(), "state", "audit.jsonl")
	l, err := Open(path, &Options{Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	secret := `{"token":"ghp_SECRET","path":"/etc"}`
	entries := []Entry{
		{Server: "github", Tool: "create_issue", Args: json.RawMessage(secret), Duration: 12500 * time.Microsecond},
		{Time: t0.Add(time.Second), Server: "fs", Tool: "read", Outcome: ToolError, Err: "no such file"},
		{Server: "fs", Tool: "write", Err: "backend\n exited\u202e: " + strings.Repeat("x", 300)},
	}
	for _, e := range entries {
		if err := l.Record(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	lines := readLines(t, path)
	key := testKey(t, path)
	want := []string{
		`{"time":"2026-11-30T12:00:00.123456789Z","server":"github","tool":"create_issue","args_hmac":"` + ArgsDigest(key, json.RawMessage(secret)) + `","duration_ms":12.5,"outcome":"ok"}`,
		`{"time":"2026-11-30T12:00:01.123456789Z","server":"fs","tool":"read","args_hmac":"` + ArgsDigest(key, nil) + `","duration_ms":0,"outcome":"tool_error","error":"no such file"}`,
	}
	if len(lines) != 3 || lines[0] != want[0] || lines[1] != want[1] {
		t.Fatalf("lines:\n%s\nwant first two:\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
	var third struct{ Outcome, Error string }
	json.Unmarshal([]byte(lines[2]), &third)
	if third.Outcome != "error" || len([]rune(third.Error)) != MaxErrorLen || strings.ContainsAny(third.Error, "\n\u202e") || !strings.HasPrefix(third.Error, "backend exited: xxx") {
		t.Errorf("third entry %+v", third)
	}
	raw, _ := os.ReadFile(path)
	if strings.Contains(string(raw), "ghp_SECRET") {
		t.Error("arguments written to the audit log")
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", info.Mode().Perm())
	}
}

// TestLog_EachLineHasItsOwnClientAndDigest: the lines of one flush,
// made with one HMAC reset for each and the last client's name kept,
// carry each entry's own client and arguments' digest, as ArgsDigest
// and shortError make them alone.
func TestLog_EachLineHasItsOwnClientAndDigest(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(path, &Options{FlushDelay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	clients := []string{"claude-code", "claude-code", "cursor", "", "cursor", "ci token=hunter2secret", "claude-code"}
	args := []string{`{"q":"a"}`, `{"q":"a"}`, `{"q": "b", "n": 1}`, ``, `{"n":1,"q":"b"}`, `[1,2]`, `not json`}
	for i := range clients {
		if err := l.Record(Entry{Client: clients[i], Server: "s", Tool: "t", Args: json.RawMessage(args[i])}); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	key := testKey(t, path)
	lines := readLines(t, path)
	if len(lines) != len(clients) {
		t.Fatalf("%d lines, want %d", len(lines), len(clients))
	}
	for i, ln := range lines {
		var e struct {
			Client   string `json:"client"`
			ArgsHMAC string `json:"args_hmac"`
		}
		if err := json.Unmarshal([]byte(ln), &e); err != nil {
			t.Fatal(err)
		}
		if want := shortError(clients[i]); e.Client != want {
			t.Errorf("line %d: client %q, want %q", i, e.Client, want)
		}
		if want := ArgsDigest(key, json.RawMessage(args[i])); e.ArgsHMAC != want {
			t.Errorf("line %d: args_hmac %s, want %s", i, e.ArgsHMAC, want)
		}
	}
	if raw, _ := os.ReadFile(path); strings.Contains(string(raw), "hunter2secret") {
		t.Error("a client name's credential written to the audit log")
	}
}

// testKey is the key of the log at path.
func testKey(t *testing.T, path string) []byte {
	t.Helper()
	key, err := os.ReadFile(filepath.Join(filepath.Dir(path), KeyFile))
	if err != nil || len(key) != keyLen {
		t.Fatalf("audit key: %d bytes, %v", len(key), err)
	}
	return key
}

func TestArgsDigest_Canonical(t *testing.T) {
	key := []byte("k")
	ArgsDigest := func(args json.RawMessage) string { return ArgsDigest(key, args) }
	a := ArgsDigest(json.RawMessage(`{"b":1,"a":[1.0,"x"]}`))
	b := ArgsDigest(json.RawMessage(" {\"a\": [1, \"x\"], \"b\": 1}\n"))
	if a != b || len(a) != 64 {
		t.Errorf("digests %s %s", a, b)
	}
	if ArgsDigest(nil) != ArgsDigest(json.RawMessage(`{}`)) {
		t.Error("nil args differ from {}")
	}
	if ArgsDigest(json.RawMessage(`{"a":1}`)) == ArgsDigest(json.RawMessage(`{"a":2}`)) {
		t.Error("different args digest the same")
	}
	if ArgsDigest(json.RawMessage(`{bad`)) == ArgsDigest(json.RawMessage(`{bad2`)) {
		t.Error("invalid args digest the same")
	}
}

func TestLog_Rotation(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	l, err := Open(path, &Options{MaxBytes: 1000, Keep: 2, Now: func() time.Time { return t0 }})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 100 {
		if err := l.Record(Entry{Server: "s", Tool: "t" + strings.Repeat("x", i%3)}); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".lock") && e.Name() != KeyFile {
			names = append(names, e.Name())
		}
	}
	if strings.Join(names, " ") != "audit.jsonl audit.jsonl.1 audit.jsonl.2" {
		t.Fatalf("files %v", names)
	}
	for _, n := range names {
		p := filepath.Join(dir, n)
		info, _ := os.Stat(p)
		if info.Size() > 1000 || info.Size() == 0 {
			t.Errorf("%s has %d bytes", n, info.Size())
		}
		if info.Mode().Perm() != 0o600 {
			t.Errorf("%s mode %v", n, info.Mode().Perm())
		}
		for _, line := range readLines(t, p) {
			if !json.Valid([]byte(line)) {
				t.Errorf("%s: bad line %q", n, line)
			}
		}
	}
	// The newest entries are in the file, older ones in .1, then .2.
	last := readLines(t, path)
	if !strings.Contains(last[len(last)-1], `"tool":"t"`) { // i=99: 99%3 == 0
		t.Errorf("last line %s", last[len(last)-1])
	}
}

// TestLog_SharedFileRotatesOnceAndLosesNothing: two logs on one file (two
// switchboard processes) write and rotate concurrently; every line lands
// in exactly one file, and no rotation moves a file the other just
// started.
func TestLog_SharedFileRotatesOnceAndLosesNothing(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	const perLog = 200
	var logs []*Log
	for range 2 {
		// Each entry written as it is recorded: the two logs' writes and
		// rotations interleave as finely as they can.
		l, err := Open(path, &Options{MaxBytes: 2000, Keep: 100, Now: func() time.Time { return t0 }, FlushDelay: -1})
		if err != nil {
			t.Fatal(err)
		}
		logs = append(logs, l)
	}
	var wg sync.WaitGroup
	for i, l := range logs {
		wg.Go(func() {
			for j := range perLog {
				if err := l.Record(Entry{Server: fmt.Sprintf("s%d", i), Tool: fmt.Sprintf("t%d", j)}); err != nil {
					t.Error(err)
					return
				}
			}
		})
	}
	wg.Wait()
	seen := map[string]int{}
	files, _ := filepath.Glob(path + "*")
	for _, f := range files {
		if strings.HasSuffix(f, ".lock") {
			continue
		}
		info, _ := os.Stat(f)
		// Lines the other process appends between a size check and its
		// write may pass MaxBytes by a line or two, not more.
		if info.Size() > 2000+300 {
			t.Errorf("%s has %d bytes, far over MaxBytes", f, info.Size())
		}
		for _, line := range readLines(t, f) {
			seen[line]++
		}
	}
	for _, l := range logs {
		l.Close()
	}
	if len(seen) != 2*perLog {
		t.Errorf("%d distinct lines across %d files, want %d", len(seen), len(files), 2*perLog)
	}
	for line, n := range seen {
		if n != 1 {
			t.Errorf("line %s appears %d times", line, n)
		}
	}
}

func TestLog_RotationKeepNone(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.log")
	l, _ := Open(path, &Options{MaxBytes: 300, Keep: -1})
	for range 20 {
		l.Record(Entry{Server: "s", Tool: "t"})
	}
	l.Close()
	if entries, _ := os.ReadDir(dir); len(entries) != 3 { // a.log, a.log.lock, audit.key
		t.Errorf("files %v", entries)
	}
}

func TestLog_OversizedEntryGetsOwnFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.log")
	l, _ := Open(path, &Options{MaxBytes: 10})
	for range 3 {
		if err := l.Record(Entry{Server: "s", Tool: "t"}); err != nil {
			t.Fatal(err)
		}
	}
	l.Close()
	for _, p := range []string{path, path + ".1", path + ".2"} {
		if n := len(readLines(t, p)); n != 1 {
			t.Errorf("%s has %d lines", p, n)
		}
	}
}

func TestLog_Concurrent(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "audit.jsonl")
	l, err := Open(path, &Options{MaxBytes: 8 << 10, Keep: 1000})
	if err != nil {
		t.Fatal(err)
	}
	const workers, each = 8, 200
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				if err := l.Record(Entry{Server: "s", Tool: "t", Args: json.RawMessage(`{"w":` + string(rune('0'+w)) + `}`), Duration: time.Duration(i)}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	l.Close()
	matches, _ := filepath.Glob(path + "*")
	total := 0
	for _, p := range matches {
		for _, line := range readLines(t, p) {
			if !json.Valid([]byte(line)) {
				t.Fatalf("%s: interleaved line %q", p, line)
			}
			total++
		}
	}
	if total != workers*each {
		t.Errorf("%d lines, want %d", total, workers*each)
	}
	if len(matches) < 3 {
		t.Errorf("expected rotation, got %v", matches)
	}
}

func TestLog_CloseAndReopen(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.log")
	os.WriteFile(path, []byte(`{"old":1}`+"\n"), 0o644)
	l, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if info, _ := os.Stat(path); info.Mode().Perm() != 0o600 {
		t.Errorf("existing file mode %v not tightened", info.Mode().Perm())
	}
	l.Record(Entry{Server: "s", Tool: "t"})
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if err := l.Record(Entry{}); !errors.Is(err, ErrClosed) {
		t.Errorf("Record after Close: %v", err)
	}
	if lines := readLines(t, path); len(lines) != 2 || lines[0] != `{"old":1}` {
		t.Errorf("lines %v", lines)
	}
}

// TestLog_EntriesWaitAndAreWrittenTogether: an entry waits in memory
// (for FlushDelay) and the entries recorded meanwhile go to the file
// together on Flush, in order; Close writes what is left.
func TestLog_EntriesWaitAndAreWrittenTogether(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(path, &Options{FlushDelay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		if err := l.Record(Entry{Server: "s", Tool: fmt.Sprintf("t%d", i)}); err != nil {
			t.Fatal(err)
		}
	}
	if b, _ := os.ReadFile(path); len(b) != 0 {
		t.Fatalf("written before the delay or a flush:\n%s", b)
	}
	if err := l.Flush(); err != nil {
		t.Fatal(err)
	}
	lines := readLines(t, path)
	if len(lines) != 3 || !strings.Contains(lines[0], `"tool":"t0"`) || !strings.Contains(lines[2], `"tool":"t2"`) {
		t.Fatalf("after Flush: %q", lines)
	}
	l.Record(Entry{Server: "s", Tool: "last"})
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if lines := readLines(t, path); len(lines) != 4 || !strings.Contains(lines[3], `"tool":"last"`) {
		t.Fatalf("after Close: %q", lines)
	}
}

// TestLog_WaitingEntriesAreWrittenWithoutAFlush: nobody flushes; the
// entry reaches the file once its delay is over.
func TestLog_WaitingEntriesAreWrittenWithoutAFlush(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(path, &Options{FlushDelay: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	l.Record(Entry{Server: "s", Tool: "t"})
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		if b, _ := os.ReadFile(path); strings.Contains(string(b), `"tool":"t"`) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the entry never reached the file")
		}
	}
}

// TestLog_TooMuchWaitingIsWrittenAtOnce: entries past maxPending bytes
// are written on the recording call's way, delay or not.
func TestLog_TooMuchWaitingIsWrittenAtOnce(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(path, &Options{FlushDelay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	n := 2 * maxPending / 100 // an entry is more than 100 bytes
	for range n {
		l.Record(Entry{Server: "s", Tool: "t", Err: strings.Repeat("e", 100)})
	}
	if lines := readLines(t, path); len(lines) == 0 || len(lines) > n {
		t.Fatalf("%d lines written of %d recorded", len(lines), n)
	}
}

// An entry's line is made when it is written, after Record returned: the
// arguments it digests are Record's copy, not the caller's buffer, which
// the caller may reuse at once.
func TestLog_RecordKeepsItsOwnCopyOfTheArguments(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(path, &Options{Now: func() time.Time { return t0 }, FlushDelay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	buf := []byte(`{"q":"first"}`)
	if err := l.Record(Entry{Server: "s", Tool: "t", Args: buf}); err != nil {
		t.Fatal(err)
	}
	copy(buf, `{"q":"other"}`)
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	lines := readLines(t, path)
	if len(lines) != 1 || !strings.Contains(lines[0], ArgsDigest(testKey(t, path), json.RawMessage(`{"q":"first"}`))) {
		t.Errorf("lines %q: want the digest of the arguments as recorded", lines)
	}
}

// BenchmarkRecord is what a tool call pays for its audit entry.
func BenchmarkRecord(b *testing.B) {
	l, err := Open(filepath.Join(b.TempDir(), "audit.jsonl"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer l.Close()
	e := Entry{Session: "a1b2c3", Client: "claude-code", Server: "github", Tool: "search_issues", Args: json.RawMessage(`{"q":"is:open label:bug","per_page":5,"repo":"octo/hello"}`), Duration: 1200 * time.Microsecond}
	for b.Loop() {
		if err := l.Record(e); err != nil {
			b.Fatal(err)
		}
	}
}

func TestLog_ErrorsHideCredentials(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []Entry{
		{Server: "api", Tool: "get", Err: "calling https://u:hunter2pw@api.example.com/mcp?key=QUERYSECRET: 401"},
		{Server: "api", Tool: "get", Err: "backend said: invalid Authorization: Bearer BEARERSECRET123"},
		{Server: "api", Tool: "get", Outcome: Refused, Trifecta: &Trifecta{Setting: "block", Reason: "sink got api_key=REASONSECRET"}},
	} {
		if err := l.Record(e); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	for _, secret := range []string{"hunter2pw", "QUERYSECRET", "BEARERSECRET123", "REASONSECRET"} {
		if strings.Contains(string(raw), secret) {
			t.Errorf("%s written to the audit log:\n%s", secret, raw)
		}
	}
	if !strings.Contains(string(raw), "api.example.com") {
		t.Errorf("the error lost what it was about:\n%s", raw)
	}
}

func TestLog_LongNamesAreCut(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	l, err := Open(path, nil)
	if err != nil {
		t.Fatal(err)
	}
	long := strings.Repeat("é", 1<<20) // a backend's megabyte tool name
	if err := l.Record(Entry{Session: long, Server: long, Tool: long, Outcome: Refused, Trifecta: &Trifecta{Source: long, Private: long}}); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	lines := readLines(t, path)
	if len(lines) != 1 {
		t.Fatalf("%d lines read (none: one over the reader's 1 MiB): a long name is written whole", len(lines))
	}
	if len(lines[0]) > 4096 {
		t.Fatalf("a line of %d bytes: a long name is written whole", len(lines[0]))
	}
	var e struct {
		Tool     string
		Trifecta struct{ Source string }
	}
	if err := json.Unmarshal([]byte(lines[0]), &e); err != nil {
		t.Fatal(err)
	}
	if !strings.HasSuffix(e.Tool, "é…") || len(e.Tool) > 256 || !strings.HasSuffix(e.Trifecta.Source, "…") {
		t.Errorf("tool %q, source %q: want each cut to 256 bytes, ending in …", e.Tool, e.Trifecta.Source)
	}
}

// BenchmarkLine is what the flush pays to make one call's line.
func BenchmarkLine(b *testing.B) {
	key := []byte("0123456789abcdef0123456789abcdef")
	e := Entry{Time: time.Now(), Session: "a1b2c3", Client: "claude-code", Server: "github", Tool: "search_issues", Args: json.RawMessage(`{"q":"is:open label:bug","per_page":5,"repo":"octo/hello"}`), Duration: 1200 * time.Microsecond, Outcome: OK}
	m := newLiner(key)
	b.ReportAllocs()
	for b.Loop() {
		m.line(e)
	}
}
