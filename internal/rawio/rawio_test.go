package rawio

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"
)

func pipe(t *testing.T) (*File, *File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return New(r), New(w)
}

// TestFile_PipeRoundTrip: a megabyte through a pipe (sixteen times its
// buffer, so writes wait for the reader and reads for the writer), then
// EOF when the writer closes.
func TestFile_PipeRoundTrip(t *testing.T) {
	r, w := pipe(t)
	if runtime.GOOS == "linux" && (!r.Raw() || !w.Raw()) {
		t.Fatalf("a pipe is not read raw on linux: reader %v, writer %v", r.Raw(), w.Raw())
	}
	want := bytes.Repeat([]byte("0123456789abcdef"), 1<<16)
	var got []byte
	var rerr error
	var wg sync.WaitGroup
	wg.Go(func() { got, rerr = io.ReadAll(r) })
	n, err := w.Write(want)
	if err != nil || n != len(want) {
		t.Fatalf("Write: %d, %v", n, err)
	}
	w.Close()
	wg.Wait()
	if rerr != nil || !bytes.Equal(got, want) {
		t.Fatalf("ReadAll: %d bytes, %v", len(got), rerr)
	}
	if n, err := r.Read(make([]byte, 8)); n != 0 || err != io.EOF {
		t.Fatalf("Read after EOF: %d, %v", n, err)
	}
}

// TestFile_ClosedAndDeadline: a read waiting on an empty pipe ends with
// os.ErrDeadlineExceeded at its deadline and with os.ErrClosed when the
// file is closed, as an *os.File's does; a write to a closed file fails
// the same way.
func TestFile_ClosedAndDeadline(t *testing.T) {
	r, w := pipe(t)
	r.f.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	if _, err := r.Read(make([]byte, 8)); !errors.Is(err, os.ErrDeadlineExceeded) {
		t.Fatalf("read past its deadline: %v", err)
	}
	r.f.SetReadDeadline(time.Time{})
	done := make(chan error, 1)
	go func() {
		_, err := r.Read(make([]byte, 8))
		done <- err
	}()
	time.Sleep(10 * time.Millisecond) // most likely waiting by now; either way it must end
	r.Close()
	select {
	case err := <-done:
		if !errors.Is(err, os.ErrClosed) {
			t.Fatalf("read of a closed file: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("a read waiting on a pipe did not end when the file closed")
	}
	w.Close()
	if _, err := w.Write([]byte("x")); !errors.Is(err, os.ErrClosed) {
		t.Fatalf("write to a closed file: %v", err)
	}
}

// TestFile_RegularFileIsNotRaw: a file the poller does not watch is read
// and written as an *os.File.
func TestFile_RegularFileIsNotRaw(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	x := New(f)
	if x.Raw() {
		t.Fatal("a regular file is written raw")
	}
	if _, err := x.Write([]byte("hello")); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(f.Name()); string(b) != "hello" {
		t.Fatalf("file holds %q", b)
	}
}

// TestStatter_AsOSStat: size and modification time as os.Stat gives
// them, a link followed, a missing file fs.ErrNotExist; the zero Statter
// and one for a directory not made yet work too.
func TestStatter_AsOSStat(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "pins.json")
	if err := os.WriteFile(p, []byte(`{"a":1}`), 0o600); err != nil {
		t.Fatal(err)
	}
	mt := time.Date(2026, 12, 4, 1, 2, 3, 456789000, time.UTC)
	os.Chtimes(p, mt, mt)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(p, link); err != nil {
		t.Fatal(err)
	}
	s := StatterFor(dir)
	t.Logf("raw stats in %s: %v", dir, s.Raw())
	want, _ := os.Stat(p)
	for _, st := range []Statter{s, {}, StatterFor(filepath.Join(dir, "not", "made"))} {
		for _, path := range []string{p, link} {
			got, err := st.Stat(path)
			if err != nil || got.Size != want.Size() || !got.ModTime.Equal(want.ModTime()) {
				t.Errorf("Stat(%s) raw=%v: %+v, %v; os.Stat: %d %v", path, st.Raw(), got, err, want.Size(), want.ModTime())
			}
		}
		if _, err := st.Stat(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("Stat of a missing file, raw=%v: %v", st.Raw(), err)
		}
		if _, err := st.Stat("bad\x00name"); err == nil {
			t.Errorf("Stat of a name with NUL, raw=%v: no error", st.Raw())
		}
	}
}
