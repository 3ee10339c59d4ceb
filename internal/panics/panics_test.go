package panics

import (
	"bytes"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

func TestWhy_IsOneBoundedLineOfValidUTF8(t *testing.T) {
	for _, p := range []any{
		strings.Repeat("é", 150),       // 300 bytes: 200 is no rune boundary... 200 is, 201 not
		"x" + strings.Repeat("é", 150), // 200 falls inside a rune
		"a\nb\tc  d",
		strings.Repeat("日本", 100),
	} {
		why := Why(p)
		if len(why) > MaxWhy || !utf8.ValidString(why) || strings.ContainsAny(why, "\n\t") {
			t.Errorf("Why(%.20q...) = %q (%d bytes)", p, why, len(why))
		}
	}
	if got := Why("a\nb\tc  d"); got != "a b c d" {
		t.Errorf("Why = %q", got)
	}
}

func TestWhy_HidesSecrets(t *testing.T) {
	why := Why("GET https://user:hunter2@example.com/x failed")
	if strings.Contains(why, "hunter2") {
		t.Errorf("Why = %q", why)
	}
}

func TestRecover_LogsOnceAndCallsThen(t *testing.T) {
	var buf bytes.Buffer
	log := slog.New(slog.NewTextHandler(&buf, nil))
	var got string
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer Recover(log, "a test goroutine", func(why string) { got = why })
		panic("boom https://u:s3cret@h/")
	}()
	wg.Wait()
	if !strings.HasPrefix(got, "boom") || strings.Contains(got, "s3cret") {
		t.Errorf("then got %q", got)
	}
	out := buf.String()
	if strings.Count(out, "a test goroutine panicked") != 1 || !strings.Contains(out, "panics_test.go") || strings.Contains(out, "s3cret") {
		t.Errorf("log: %s", out)
	}
}

func TestRecover_WithoutAPanicDoesNothing(t *testing.T) {
	called := false
	func() {
		defer Recover(nil, "x", func(string) { called = true })
	}()
	if called {
		t.Error("then was called without a panic")
	}
}
