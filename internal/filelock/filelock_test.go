package filelock

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"
)

func TestLock_ExcludesOtherHoldersInProcess(t *testing.T) {
	p := filepath.Join(t.TempDir(), "state", "pins.json")
	var mu sync.Mutex
	inside, maxInside := 0, 0
	var wg sync.WaitGroup
	for range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := With(p, func() error {
				mu.Lock()
				inside++
				maxInside = max(maxInside, inside)
				mu.Unlock()
				time.Sleep(time.Millisecond)
				mu.Lock()
				inside--
				mu.Unlock()
				return nil
			})
			if err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	if maxInside != 1 {
		t.Fatalf("%d holders at once, want 1", maxInside)
	}
	if fi, err := os.Stat(p + ".lock"); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("lock file: %v %v", fi, err)
	}
}

func TestLock_TimesOutNamingTheFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "index.json")
	l, err := Lock(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Unlock()
	_, err = Lock(p, 20*time.Millisecond)
	if !errors.Is(err, ErrTimeout) {
		t.Fatalf("err = %v, want ErrTimeout", err)
	}
	if got := err.Error(); !strings.Contains(got, p+".lock") {
		t.Fatalf("error %q does not name the lock file", got)
	}
}

// TestLock_ExcludesOtherProcesses holds the lock in a child process (this
// test binary re-run) and checks that we cannot take it until it exits.
func TestLock_ExcludesOtherProcesses(t *testing.T) {
	if os.Getenv("FILELOCK_HOLD") != "" {
		l, err := Lock(os.Getenv("FILELOCK_HOLD"), 0)
		if err != nil {
			os.Exit(3)
		}
		os.Stdout.WriteString("held\n")
		buf := make([]byte, 1)
		os.Stdin.Read(buf) // until the parent closes stdin
		l.Unlock()
		os.Exit(0)
	}
	p := filepath.Join(t.TempDir(), "pins.json")
	cmd := exec.Command(os.Args[0], "-test.run=^TestLock_ExcludesOtherProcesses$")
	cmd.Env = append(os.Environ(), "FILELOCK_HOLD="+p)
	stdin, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	buf := make([]byte, 5)
	if _, err := out.Read(buf); err != nil || string(buf) != "held\n" {
		t.Fatalf("child: %q %v", buf, err)
	}
	if _, err := Lock(p, 30*time.Millisecond); !errors.Is(err, ErrTimeout) {
		t.Fatalf("took a lock another process holds: %v", err)
	}
	stdin.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatal(err)
	}
	l, err := Lock(p, 0)
	if err != nil {
		t.Fatalf("lock after the holder exited: %v", err)
	}
	l.Unlock()
}

// TestLockContext_AWaitEndsWithItsContext: a caller with 2 s left waited
// the lock's whole wait (10 s) for a lock another process held. The wait
// now ends with the context, naming the lock file.
func TestLockContext_AWaitEndsWithItsContext(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "notion.json")
		l, err := Lock(p, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer l.Unlock()
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		start := time.Now()
		_, err = LockContext(ctx, p, 0)
		if !errors.Is(err, ErrWaitEnded) || !errors.Is(err, context.DeadlineExceeded) || errors.Is(err, ErrTimeout) {
			t.Fatalf("err = %v, want ErrWaitEnded and the deadline", err)
		}
		if !strings.Contains(err.Error(), p+".lock") {
			t.Fatalf("error %q does not name the lock file", err)
		}
		if waited := time.Since(start); waited != 2*time.Second {
			t.Fatalf("waited %v, want the context's 2s", waited)
		}
	})
}
