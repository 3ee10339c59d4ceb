//go:build unix

package daemon

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"golang.org/x/sys/unix"
)

// journalPair is a handed-off session's journal over a pipe, and the
// bridge's view of the same mark.
func journalPair(t *testing.T) (j *Journal, w *os.File, bridge *mark, ctl *bytes.Buffer) {
	t.Helper()
	dir := t.TempDir()
	b, path, err := newMark(dir)
	if err != nil {
		t.Fatal(err)
	}
	d, err := openMark(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(path)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close(); d.close(); b.close() })
	ctl = &bytes.Buffer{}
	return newJournal(d, r, ctl, nil), w, b, ctl
}

func readAll(t *testing.T, j *Journal, n int) []string {
	t.Helper()
	var got []string
	for range n {
		line, size, err := j.ReadLine(1<<20, 4096)
		if err != nil {
			t.Fatalf("ReadLine: %v", err)
		}
		if size != len(line) {
			t.Fatalf("size %d for a line of %d bytes", size, len(line))
		}
		got = append(got, string(line))
		j.Handle(nil)
	}
	return got
}

// Lines come back whole across the ring's wrap, and what was handled is
// neither pending nor left in the ring.
func TestJournal_LinesAcrossTheRingsWrap(t *testing.T) {
	j, w, b, _ := journalPair(t)
	var want []string
	for i := range 300 {
		want = append(want, fmt.Sprintf(`{"n":%d,"pad":"%s"}`, i, strings.Repeat("p", 1000+i*7)))
	}
	go func() {
		for _, line := range want {
			w.Write([]byte(line + "\n"))
		}
	}()
	got := readAll(t, j, 300)
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("line %d = %.80q…, want %.80q…", i, got[i], want[i])
		}
	}
	if j.end < 2*ringSize {
		t.Fatalf("only %d bytes went through the ring: the wrap was not exercised", j.end)
	}
	l := readLeftover(b)
	if len(l.pending) != 0 || len(l.owed) != 0 || l.halfOut || l.eof {
		t.Errorf("leftover after every line was handled: %+v", l)
	}
	b.with(func(mem []byte) {
		if i := bytes.IndexFunc(mem[offRing:], func(r rune) bool { return r != 0 }); i >= 0 {
			t.Errorf("ring byte %d is not cleared after it was handled", i)
		}
	})
}

// What the daemon read and did not handle is pending, in order, a
// partial last line included; what it handled and did not answer is
// owed; what it answered is not.
func TestJournal_LeftoverSortsReadHandledAndAnswered(t *testing.T) {
	j, w, b, _ := journalPair(t)
	w.Write([]byte(`{"jsonrpc":"2.0","id":1,"method":"a"}` + "\n" + `{"jsonrpc":"2.0","id":"two","method":"b"}` + "\n" + `{"jsonrpc":"2.0","id":3,"method":"c"}` + "\n" + `{"jsonrpc":"2.0","id":4,"me`))
	var slots []int
	for _, id := range []string{`1`, `"two"`} {
		if _, _, err := j.ReadLine(1<<20, 4096); err != nil {
			t.Fatal(err)
		}
		slots = append(slots, j.Handle([]byte(id)))
	}
	if err := j.Write(io.Discard, []byte(`{"jsonrpc":"2.0","id":1,"result":{}}`+"\n"), slots[0]); err != nil {
		t.Fatal(err)
	}
	l := readLeftover(b)
	if len(l.owed) != 1 || string(l.owed[0]) != `"two"` {
		t.Errorf("owed = %q, want only \"two\" (1 was answered)", l.owed)
	}
	if want := `{"jsonrpc":"2.0","id":3,"method":"c"}` + "\n" + `{"jsonrpc":"2.0","id":4,"me`; string(l.pending) != want {
		t.Errorf("pending = %q, want %q", l.pending, want)
	}
	if l.halfOut {
		t.Error("a line written whole is reported half written")
	}
}

// Bytes a read brought into the ring just before the daemon died, before
// it noted them, are found: the ring after the last noted byte is zero.
func TestJournal_LeftoverFindsBytesReadButNotNoted(t *testing.T) {
	_, _, b, _ := journalPair(t)
	b.with(func(mem []byte) { copy(mem[offRing:], `{"id":9}`+"\n") })
	if l := readLeftover(b); string(l.pending) != `{"id":9}`+"\n" {
		t.Errorf("pending = %q, want the line the noted end did not cover", l.pending)
	}
}

// A line longer than the ring leaves it before it is handled: its answer
// is owed from then on, under the id of its first bytes.
func TestJournal_LineLongerThanTheRingIsOwedAtOnce(t *testing.T) {
	j, w, b, _ := journalPair(t)
	long := `{"jsonrpc":"2.0","id":"big","method":"x","params":{"s":"` + strings.Repeat("z", ringSize+5000) + `"}}`
	go w.Write([]byte(long + "\n" + `{"id":2}` + "\n"))
	line, size, err := j.ReadLine(len(long), 4096)
	if err != nil || size != len(long) || string(line) != long {
		t.Fatalf("ReadLine = %d bytes (size %d), %v; want the whole %d-byte line", len(line), size, err, len(long))
	}
	if l := readLeftover(b); len(l.owed) != 1 || string(l.owed[0]) != `"big"` {
		t.Fatalf("before Handle, owed = %q, want \"big\": the line left the ring", l.owed)
	}
	slot := j.Handle([]byte(`"big"`))
	if slot < 0 {
		t.Fatal("no slot for the long line's answer")
	}
	if err := j.Write(io.Discard, []byte(`{"id":"big","result":{}}`+"\n"), slot); err != nil {
		t.Fatal(err)
	}
	if got := readAll(t, j, 1); got[0] != `{"id":2}` {
		t.Errorf("the line after = %q", got[0])
	}
	if l := readLeftover(b); len(l.owed) != 0 || len(l.pending) != 0 {
		t.Errorf("leftover = %+v, want nothing", l)
	}
	// Over max, only the head is kept, and the size says how long it was.
	go w.Write([]byte(long + "\n"))
	line, size, _ = j.ReadLine(1000, 64)
	if size != len(long) || len(line) != 64 {
		t.Errorf("over max: %d bytes kept, size %d; want 64 and %d", len(line), size, len(long))
	}
}

// failAfter writes n bytes, then fails: a daemon that died mid-line.
type failAfter struct {
	n   int
	out bytes.Buffer
}

func (f *failAfter) Write(p []byte) (int, error) {
	if f.out.Len()+len(p) > f.n {
		return 0, errors.New("died")
	}
	return f.out.Write(p)
}

// A line written in part is reported half written, and its answer still
// owed; the writes are whole pipe-sized chunks.
func TestJournal_HalfWrittenLine(t *testing.T) {
	j, w, b, _ := journalPair(t)
	w.Write([]byte(`{"id":5,"method":"m"}` + "\n"))
	j.ReadLine(1<<20, 4096)
	slot := j.Handle([]byte(`5`))
	f := &failAfter{n: 2 * outChunk}
	answer := []byte(`{"id":5,"result":"` + strings.Repeat("r", 3*outChunk) + `"}` + "\n")
	if err := j.Write(f, answer, slot); err == nil {
		t.Fatal("Write succeeded on a failing writer")
	}
	if f.out.Len() != 2*outChunk {
		t.Fatalf("%d bytes out before the failure, want two chunks", f.out.Len())
	}
	l := readLeftover(b)
	if !l.halfOut || len(l.owed) != 1 || string(l.owed[0]) != "5" {
		t.Errorf("leftover = %+v, want half out and 5 owed", l)
	}
}

// The client's initialization goes to the bridge as control lines.
func TestJournal_InitializationGoesToTheBridge(t *testing.T) {
	j, _, b, ctl := journalPair(t)
	j.Initialize([]byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}`))
	j.Initialized([]byte(`{"jsonrpc":"2.0","method":"notifications/initialized"}`))
	j.InitAnswered()
	want := `{"initialize":{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}}` + "\n" + `{"initialized":{"jsonrpc":"2.0","method":"notifications/initialized"}}` + "\n"
	if ctl.String() != want {
		t.Errorf("control lines = %q, want %q", ctl.String(), want)
	}
	if !readLeftover(b).inited {
		t.Error("inited not noted")
	}
}

// The daemon takes from a bridge exactly a pipe or a socket for stdin and
// stdout; anything else is refused, and every descriptor received is
// closed then.
func TestRecvClient_TakesOnlyTwoPipesOrSockets(t *testing.T) {
	pipe := func() (*os.File, *os.File) {
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { r.Close(); w.Close() })
		return r, w
	}
	file, err := os.CreateTemp(t.TempDir(), "regular")
	if err != nil {
		t.Fatal(err)
	}
	defer file.Close()
	r, w := pipe()
	for name, tc := range map[string]struct {
		fds  []int
		data []byte
		ok   bool
	}{
		"two pipes":      {fds: []int{int(r.Fd()), int(w.Fd())}, data: []byte{'h'}, ok: true},
		"a regular file": {fds: []int{int(file.Fd()), int(w.Fd())}, data: []byte{'h'}},
		"one descriptor": {fds: []int{int(r.Fd())}, data: []byte{'h'}},
		"none":           {data: []byte{'h'}},
	} {
		t.Run(name, func(t *testing.T) {
			a, b, err := socketPair()
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			defer b.Close()
			var oob []byte
			if len(tc.fds) > 0 {
				oob = unix.UnixRights(tc.fds...)
			}
			before := openFDs()
			if _, _, err := a.WriteMsgUnix(tc.data, oob, nil); err != nil {
				t.Fatal(err)
			}
			in, out, err := recvClient(b)
			if tc.ok {
				if err != nil {
					t.Fatalf("recvClient: %v", err)
				}
				in.Close()
				out.Close()
				return
			}
			if err == nil || !strings.Contains(err.Error(), "receiving the client's stdio") {
				t.Errorf("recvClient = %v, want a refusal", err)
			}
			if after := openFDs(); before >= 0 && after != before {
				t.Errorf("%d descriptors open after the refusal, %d before: the received ones leak", after, before)
			}
		})
	}
}

// socketPair is a connected pair of Unix stream sockets.
func socketPair() (*net.UnixConn, *net.UnixConn, error) {
	fds, err := unix.Socketpair(unix.AF_UNIX, unix.SOCK_STREAM, 0)
	if err != nil {
		return nil, nil, err
	}
	conn := func(fd int) (*net.UnixConn, error) {
		f := os.NewFile(uintptr(fd), "socketpair")
		defer f.Close()
		c, err := net.FileConn(f)
		if err != nil {
			return nil, err
		}
		return c.(*net.UnixConn), nil
	}
	a, err := conn(fds[0])
	if err != nil {
		return nil, nil, err
	}
	b, err := conn(fds[1])
	if err != nil {
		a.Close()
		return nil, nil, err
	}
	return a, b, nil
}

// openFDs counts this process's open descriptors (-1 where /proc does not
// say).
func openFDs() int {
	ents, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(ents)
}

// When the daemon dies while it reads a line longer than the ring, the
// tail of that line is no line of its own: the bridge drops what of it is
// in the ring, and skips the rest of it in stdin when its end was not
// read yet. The line's answer is owed.
func TestJournal_LeftoverSkipsTheTailOfALongLine(t *testing.T) {
	long := `{"jsonrpc":"2.0","id":"big","method":"x","params":{"s":"` + strings.Repeat("z", ringSize+5000) + `"}}`
	t.Run("end not read", func(t *testing.T) {
		j, w, b, _ := journalPair(t)
		go w.Write([]byte(long[:ringSize+100]))
		done := make(chan struct{})
		go func() { j.ReadLine(1<<20, 4096); close(done) }()
		deadline := time.Now().Add(5 * time.Second)
		for !readLeftover(b).skipLine || len(readLeftover(b).pending) != 0 {
			if time.Now().After(deadline) {
				t.Fatalf("leftover = %+v, want no pending bytes and the rest of the line skipped", readLeftover(b))
			}
			time.Sleep(time.Millisecond)
		}
		if l := readLeftover(b); len(l.owed) != 1 || string(l.owed[0]) != `"big"` {
			t.Errorf("owed = %q, want \"big\"", l.owed)
		}
		w.Close() // ends the read
		<-done
	})
	t.Run("end read, not handled", func(t *testing.T) {
		j, w, b, _ := journalPair(t)
		go w.Write([]byte(long + "\n" + `{"id":2}` + "\n"))
		if _, _, err := j.ReadLine(1<<20, 4096); err != nil {
			t.Fatal(err)
		}
		l := readLeftover(b)
		if l.skipLine || string(l.pending) != `{"id":2}`+"\n" {
			t.Errorf("pending = %.80q (skip %v), want only the next line", l.pending, l.skipLine)
		}
		j.Handle([]byte(`"big"`))
		if l := readLeftover(b); string(l.pending) != `{"id":2}`+"\n" {
			t.Errorf("after Handle, pending = %.80q, want the next line", l.pending)
		}
	})
}

func TestAfterLine_SkipsToTheNextLine(t *testing.T) {
	for _, in := range []string{"tail of a line\nnext\nlast", "\nnext\nlast"} {
		got, err := io.ReadAll(&afterLine{r: iotest.OneByteReader(strings.NewReader(in))})
		if err != nil || string(got) != "next\nlast" {
			t.Errorf("%q: read %q, %v; want the lines after the first", in, got, err)
		}
	}
	if got, _ := io.ReadAll(&afterLine{r: strings.NewReader("no newline")}); len(got) != 0 {
		t.Errorf("without a newline: read %q, want nothing", got)
	}
}

// A journal handed off again starts with the replay of the client's
// initialization, then the bytes the dead daemon never handled (prefilled
// in its ring), then stdin; the replayed initialize's answer is not
// written, the other answers are.
func TestJournal_ReplayThenPrefilledBytesThenStdin(t *testing.T) {
	dir := t.TempDir()
	b, path, err := newMark(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer b.close()
	prefill(b, []byte(`{"jsonrpc":"2.0","id":7,"method":"a"}`+"\n"+`{"jsonrpc":"2.0","id":8,"me`))
	d, err := openMark(dir, path)
	if err != nil {
		t.Fatal(err)
	}
	defer d.close()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	go func() { w.Write([]byte(`thod":"b"}` + "\n")); w.Close() }()
	init := `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{}}`
	j := newJournal(d, r, io.Discard, []json.RawMessage{json.RawMessage(init), json.RawMessage(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)})
	var got []string
	for {
		line, _, err := j.ReadLine(1<<20, 4096)
		if len(line) > 0 {
			got = append(got, string(line))
			id := scan(line, false).id
			if slot := j.Handle(id); len(got) <= 2 && slot != -1 {
				t.Errorf("replayed line %d got slot %d, want none", len(got), slot)
			}
		}
		if err != nil {
			break
		}
	}
	want := []string{init, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, `{"jsonrpc":"2.0","id":7,"method":"a"}`, `{"jsonrpc":"2.0","id":8,"method":"b"}`}
	if !slices.Equal(got, want) {
		t.Fatalf("lines = %q, want %q", got, want)
	}
	var out bytes.Buffer
	j.Write(&out, []byte(`{"jsonrpc":"2.0","id":0,"result":{}}`+"\n"), -1)
	j.Write(&out, []byte(`{"jsonrpc":"2.0","id":7,"result":{}}`+"\n"), -1)
	j.Write(&out, []byte(`{"jsonrpc":"2.0","id":0,"result":{"again":1}}`+"\n"), -1)
	if want := `{"jsonrpc":"2.0","id":7,"result":{}}` + "\n" + `{"jsonrpc":"2.0","id":0,"result":{"again":1}}` + "\n"; out.String() != want {
		t.Errorf("written:\n%s\nwant the replayed initialize's answer dropped, once:\n%s", out.String(), want)
	}
}
