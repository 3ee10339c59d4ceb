// Command dist builds Switchboard's release archives: one per platform
// (tar.gz, zip for Windows) holding the binary, LICENSE and README.md,
// and a SHA256SUMS file. The archives are reproducible: the binaries are
// built with -trimpath and without cgo, and every archive entry has the
// commit's time (or $SOURCE_DATE_EPOCH), owner 0 and a fixed mode, so the
// same commit gives byte-identical archives.
//
//	go run ./dist -out dist/out                       # every platform
//	go run ./dist -out /tmp/d -targets linux/amd64    # some
//	go run ./dist -verify /tmp/d                      # check SHA256SUMS
//
// `make dist` runs the first; .ci/run runs a dry run into a temp dir.
package main

import (
	"archive/tar"
	"archive/zip"
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Targets are the platforms a release has.
var Targets = []string{"linux/amd64", "linux/arm64", "darwin/amd64", "darwin/arm64", "windows/amd64", "windows/arm64"}

const pkg = "github.com/switchboard-mcp/switchboard/internal/cli"

func main() {
	if err := run(os.Args[1:]); err != nil {
		fmt.Fprintf(os.Stderr, "dist: %v\n", err)
		os.Exit(1)
	}
}

func run(args []string) error {
	fs := flag.NewFlagSet("dist", flag.ContinueOnError)
	out := fs.String("out", "dist/out", "directory for the archives and SHA256SUMS")
	targets := fs.String("targets", strings.Join(Targets, ","), "comma-separated GOOS/GOARCH list")
	version := fs.String("version", "", "version to stamp (default: git describe --tags, else 0.0.0-dev+COMMIT)")
	verify := fs.String("verify", "", "only check DIR/SHA256SUMS against the files in DIR")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *verify != "" {
		n, err := Verify(*verify)
		if err != nil {
			return err
		}
		fmt.Printf("%s: %d checksums match\n", filepath.Join(*verify, "SHA256SUMS"), n)
		return nil
	}
	rev, err := git("rev-parse", "HEAD")
	if err != nil {
		return fmt.Errorf("reading the commit (dist builds from a git clone): %w", err)
	}
	at, err := sourceTime()
	if err != nil {
		return err
	}
	if *version == "" {
		*version, _ = git("describe", "--tags", "--dirty")
		if *version == "" {
			*version = "0.0.0-dev+" + rev[:12]
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp("", "switchboard-dist-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	extra := map[string][]byte{}
	for _, f := range []string{"LICENSE", "README.md"} {
		b, err := os.ReadFile(f)
		if err != nil {
			return fmt.Errorf("reading %s (run dist from the repository root): %w", f, err)
		}
		extra[f] = b
	}
	var names []string
	for _, t := range strings.Split(*targets, ",") {
		goos, goarch, ok := strings.Cut(strings.TrimSpace(t), "/")
		if !ok || goos == "" || goarch == "" {
			return fmt.Errorf("-targets: %q is not GOOS/GOARCH", t)
		}
		exe := "switchboard"
		if goos == "windows" {
			exe += ".exe"
		}
		bin := filepath.Join(tmp, goos+"_"+goarch, exe)
		ldflags := fmt.Sprintf("-s -w -X %s.version=%s -X %s.commit=%s -X %s.commitTime=%s", pkg, *version, pkg, rev, pkg, at.UTC().Format(time.RFC3339))
		cmd := exec.Command("go", "build", "-trimpath", "-ldflags", ldflags, "-o", bin, "./cmd/switchboard")
		cmd.Env = append(os.Environ(), "GOOS="+goos, "GOARCH="+goarch, "CGO_ENABLED=0")
		cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
		if err := cmd.Run(); err != nil {
			return fmt.Errorf("building %s/%s: %w", goos, goarch, err)
		}
		data, err := os.ReadFile(bin)
		if err != nil {
			return err
		}
		files := []File{{Name: exe, Data: data, Mode: 0o755}}
		for _, f := range []string{"LICENSE", "README.md"} {
			files = append(files, File{Name: f, Data: extra[f], Mode: 0o644})
		}
		base := fmt.Sprintf("switchboard_%s_%s_%s", strings.TrimPrefix(*version, "v"), goos, goarch)
		var archive []byte
		if goos == "windows" {
			base += ".zip"
			archive, err = Zip(strings.TrimSuffix(base, ".zip"), files, at)
		} else {
			base += ".tar.gz"
			archive, err = TarGz(strings.TrimSuffix(base, ".tar.gz"), files, at)
		}
		if err != nil {
			return fmt.Errorf("archiving %s: %w", base, err)
		}
		if err := os.WriteFile(filepath.Join(*out, base), archive, 0o644); err != nil {
			return err
		}
		names = append(names, base)
		fmt.Println(filepath.Join(*out, base))
	}
	sums, err := Sums(*out, names)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(*out, "SHA256SUMS"), sums, 0o644)
}

func git(args ...string) (string, error) {
	out, err := exec.Command("git", args...).Output()
	return strings.TrimSpace(string(out)), err
}

// sourceTime is $SOURCE_DATE_EPOCH, else the commit's time: the one time
// every archive entry gets.
func sourceTime() (time.Time, error) {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		var err error
		if s, err = git("log", "-1", "--format=%ct"); err != nil {
			return time.Time{}, fmt.Errorf("reading the commit time: %w", err)
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("SOURCE_DATE_EPOCH %q is not seconds since 1970: %w", s, err)
	}
	return time.Unix(n, 0).UTC(), nil
}

// File is one archive entry.
type File struct {
	Name string
	Data []byte
	Mode int64
}

// TarGz archives files under dir/ with mtime at, owner 0 and no gzip
// name or time, so equal input gives equal bytes.
func TarGz(dir string, files []File, at time.Time) ([]byte, error) {
	var b bytes.Buffer
	gz, err := gzip.NewWriterLevel(&b, gzip.BestCompression)
	if err != nil {
		return nil, err
	}
	tw := tar.NewWriter(gz)
	for _, f := range sorted(files) {
		h := &tar.Header{Name: dir + "/" + f.Name, Mode: f.Mode, Size: int64(len(f.Data)), ModTime: at, Typeflag: tar.TypeReg, Format: tar.FormatPAX}
		if err := tw.WriteHeader(h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, err
	}
	if err := gz.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Zip archives files under dir/ with mtime at and fixed modes.
func Zip(dir string, files []File, at time.Time) ([]byte, error) {
	var b bytes.Buffer
	zw := zip.NewWriter(&b)
	for _, f := range sorted(files) {
		h := &zip.FileHeader{Name: dir + "/" + f.Name, Method: zip.Deflate, Modified: at}
		h.SetMode(os.FileMode(f.Mode))
		w, err := zw.CreateHeader(h)
		if err != nil {
			return nil, err
		}
		if _, err := w.Write(f.Data); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func sorted(files []File) []File {
	s := slices.Clone(files)
	slices.SortFunc(s, func(a, b File) int { return strings.Compare(a.Name, b.Name) })
	return s
}

// Sums is the SHA256SUMS text (as sha256sum writes it) of the named
// files in dir, sorted by name.
func Sums(dir string, names []string) ([]byte, error) {
	names = slices.Sorted(slices.Values(names))
	var b bytes.Buffer
	for _, n := range names {
		data, err := os.ReadFile(filepath.Join(dir, n))
		if err != nil {
			return nil, err
		}
		sum := sha256.Sum256(data)
		fmt.Fprintf(&b, "%s  %s\n", hex.EncodeToString(sum[:]), n)
	}
	return b.Bytes(), nil
}

// Verify checks every line of dir/SHA256SUMS against the file it names
// and returns how many matched; a mismatch or a missing file is an error
// naming the file.
func Verify(dir string) (int, error) {
	f, err := os.Open(filepath.Join(dir, "SHA256SUMS"))
	if err != nil {
		return 0, err
	}
	defer f.Close()
	var n int
	var bad []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		want, name, ok := strings.Cut(sc.Text(), "  ")
		if !ok || len(want) != 64 || strings.ContainsAny(name, `/\`) {
			return n, fmt.Errorf("SHA256SUMS: malformed line %q", sc.Text())
		}
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s: %v", name, err))
			continue
		}
		sum := sha256.Sum256(data)
		if got := hex.EncodeToString(sum[:]); got != want {
			bad = append(bad, fmt.Sprintf("%s: sha256 %s, SHA256SUMS says %s", name, got, want))
			continue
		}
		n++
	}
	if err := sc.Err(); err != nil {
		return n, err
	}
	if len(bad) > 0 {
		return n, errors.New(strings.Join(bad, "; "))
	}
	if n == 0 {
		return 0, errors.New("SHA256SUMS lists no files")
	}
	return n, nil
}
