package audit

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

// A log's digest of a low-entropy argument cannot be found by trying
// every value without the key: the plain SHA-256 of the canonical
// arguments is not in the line, and two logs with their own keys digest
// the same arguments differently, while one log's two opens agree.
func TestLog_DigestNeedsTheKey(t *testing.T) {
	dir := t.TempDir()
	record := func(path string) string {
		t.Helper()
		l, err := Open(path, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Record(Entry{Server: "bank", Tool: "pay", Args: json.RawMessage(`{"pin":"1234"}`)}); err != nil {
			t.Fatal(err)
		}
		if err := l.Close(); err != nil {
			t.Fatal(err)
		}
		lines := readLines(t, path)
		var e struct {
			HMAC   string `json:"args_hmac"`
			SHA256 string `json:"args_sha256"`
		}
		if err := json.Unmarshal([]byte(lines[len(lines)-1]), &e); err != nil || len(e.HMAC) != 64 || e.SHA256 != "" {
			t.Fatalf("line %s: %v", lines[len(lines)-1], err)
		}
		return e.HMAC
	}
	a := filepath.Join(dir, "a", "audit.jsonl")
	first, again := record(a), record(a)
	other := record(filepath.Join(dir, "b", "audit.jsonl"))
	if first != again {
		t.Errorf("one log digests the same arguments as %s, then %s", first, again)
	}
	if first == other {
		t.Error("two logs with their own keys digest the same arguments alike")
	}
	for pin := range 10000 {
		sum := sha256.Sum256(fmt.Appendf(nil, `{"pin":"%04d"}`, pin))
		if hex.EncodeToString(sum[:]) == first {
			t.Fatalf("the PIN %04d is found from the log by guessing", pin)
		}
	}
	if key := testKey(t, a); ArgsDigest(key, json.RawMessage(`{"pin": "1234"}`)) != first {
		t.Error("the key next to the log does not give the line's digest")
	}
	if info, err := os.Stat(filepath.Join(dir, "a", KeyFile)); err != nil || info.Mode().Perm() != 0o600 {
		t.Errorf("key file: %v, %v", info, err)
	}
}

// Logs opened at once in one directory (the daemon, exec, a second
// daemon of another version) all use one key.
func TestLog_ConcurrentOpensShareOneKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "audit.jsonl")
	keys := make([][]byte, 8)
	var wg sync.WaitGroup
	for i := range keys {
		wg.Go(func() {
			l, err := Open(path, nil)
			if err != nil {
				t.Error(err)
				return
			}
			keys[i] = l.key
			l.Close()
		})
	}
	wg.Wait()
	for i := range keys {
		if string(keys[i]) != string(keys[0]) || len(keys[i]) != keyLen {
			t.Fatalf("open %d has key %x, open 0 %x", i, keys[i], keys[0])
		}
	}
	ents, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp") {
			t.Errorf("left behind: %s", e.Name())
		}
	}
}

// A key file that is not a regular file of the key's length, and a log
// that is a symbolic link, are refused with what to do.
func TestOpen_RefusesABadKeyOrALinkedLog(t *testing.T) {
	dir := t.TempDir()
	short := filepath.Join(dir, "short", "audit.jsonl")
	os.MkdirAll(filepath.Dir(short), 0o700)
	os.WriteFile(keyPath(short), []byte("abc"), 0o600)
	if _, err := Open(short, nil); err == nil || !strings.Contains(err.Error(), "has 3 bytes") || !strings.Contains(err.Error(), "remove it") {
		t.Errorf("short key: %v", err)
	}

	linked := filepath.Join(dir, "linked", "audit.jsonl")
	os.MkdirAll(filepath.Dir(linked), 0o700)
	good := filepath.Join(dir, "k")
	os.WriteFile(good, make([]byte, keyLen), 0o600)
	if err := os.Symlink(good, keyPath(linked)); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	if _, err := Open(linked, nil); err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("linked key: %v", err)
	}

	target := filepath.Join(dir, "elsewhere.txt")
	os.WriteFile(target, nil, 0o600)
	log := filepath.Join(dir, "log", "audit.jsonl")
	os.MkdirAll(filepath.Dir(log), 0o700)
	os.Symlink(target, log)
	if _, err := Open(log, nil); err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Errorf("linked log: %v", err)
	}

	loose := filepath.Join(dir, "loose", "audit.jsonl")
	os.MkdirAll(filepath.Dir(loose), 0o700)
	os.WriteFile(keyPath(loose), make([]byte, keyLen), 0o644)
	os.Chmod(keyPath(loose), 0o644)
	l, err := Open(loose, nil)
	if err != nil {
		t.Fatal(err)
	}
	l.Close()
	if info, _ := os.Stat(keyPath(loose)); info.Mode().Perm() != 0o600 {
		t.Errorf("a looser key stays %v", info.Mode().Perm())
	}
}
