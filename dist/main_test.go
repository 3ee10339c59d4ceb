package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

var files = []File{{Name: "switchboard", Data: []byte("\x7fELF binary"), Mode: 0o755}, {Name: "LICENSE", Data: []byte("Apache"), Mode: 0o644}}

func TestArchives_AreReproducibleAndCarryTheFixedTime(t *testing.T) {
	at := time.Unix(1764590400, 0).UTC()
	for _, tc := range []struct {
		name string
		make func(string, []File, time.Time) ([]byte, error)
	}{{"tar.gz", TarGz}, {"zip", Zip}} {
		a, err := tc.make("sb_1_linux_amd64", files, at)
		if err != nil {
			t.Fatal(err)
		}
		// A later clock and reversed input order change nothing.
		b, err := tc.make("sb_1_linux_amd64", []File{files[1], files[0]}, at)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two archives of the same input differ", tc.name)
		}
		entries := list(t, tc.name, a)
		want := map[string]string{"sb_1_linux_amd64/LICENSE": "Apache", "sb_1_linux_amd64/switchboard": "\x7fELF binary"}
		for name, e := range entries {
			if want[name] != e.data || !e.mtime.Equal(at) {
				t.Errorf("%s: %s: %q at %v", tc.name, name, e.data, e.mtime)
			}
			if strings.HasSuffix(name, "/switchboard") && e.mode&0o111 == 0 {
				t.Errorf("%s: the binary is not executable (mode %o)", tc.name, e.mode)
			}
		}
		if len(entries) != len(want) {
			t.Errorf("%s: entries %v", tc.name, entries)
		}
	}
}

type entry struct {
	data  string
	mtime time.Time
	mode  os.FileMode
}

func list(t *testing.T, kind string, a []byte) map[string]entry {
	t.Helper()
	out := map[string]entry{}
	if kind == "zip" {
		zr, err := zip.NewReader(bytes.NewReader(a), int64(len(a)))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range zr.File {
			r, _ := f.Open()
			b, _ := io.ReadAll(r)
			out[f.Name] = entry{string(b), f.Modified.UTC(), f.Mode()}
		}
		return out
	}
	gz, err := gzip.NewReader(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if !gz.ModTime.IsZero() || gz.Name != "" {
		t.Errorf("gzip header has time %v, name %q", gz.ModTime, gz.Name)
	}
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(tr)
		if h.Uid != 0 || h.Gid != 0 || h.Uname != "" {
			t.Errorf("%s: owner %d/%d %q", h.Name, h.Uid, h.Gid, h.Uname)
		}
		out[h.Name] = entry{string(b), h.ModTime.UTC(), os.FileMode(h.Mode)}
	}
}

func TestVerify_CatchesAChangedOrMissingArchive(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"a.tar.gz", "b.zip"} {
		os.WriteFile(filepath.Join(dir, n), []byte(n), 0o644)
	}
	sums, err := Sums(dir, []string{"b.zip", "a.tar.gz"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Index(string(sums), "a.tar.gz") > strings.Index(string(sums), "b.zip") {
		t.Errorf("SHA256SUMS not sorted:\n%s", sums)
	}
	os.WriteFile(filepath.Join(dir, "SHA256SUMS"), sums, 0o644)
	if n, err := Verify(dir); err != nil || n != 2 {
		t.Fatalf("Verify = %d, %v", n, err)
	}
	os.WriteFile(filepath.Join(dir, "b.zip"), []byte("tampered"), 0o644)
	if _, err := Verify(dir); err == nil || !strings.Contains(err.Error(), "b.zip: sha256") {
		t.Errorf("a changed archive: %v", err)
	}
	os.Remove(filepath.Join(dir, "a.tar.gz"))
	if _, err := Verify(dir); err == nil || !strings.Contains(err.Error(), "a.tar.gz") {
		t.Errorf("a missing archive: %v", err)
	}
}
