package front

import (
	"net/http"
	"strings"
	"sync"
	"testing"
)

// TestFront_ConcurrentInitializesStayWithinTheSessionCap: 100 initialize
// requests at once with MaxSessions 10 opened 12 sessions: each was
// checked against the cap before any of them had opened its session.
// Now a request reserves its place before it is served: exactly 10 are
// served, the others get 503.
func TestFront_ConcurrentInitializesStayWithinTheSessionCap(t *testing.T) {
	w := newWorld(t, Options{MaxSessions: 10})
	var wg sync.WaitGroup
	var mu sync.Mutex
	codes := map[int]int{}
	for range 100 {
		wg.Go(func() {
			req, _ := http.NewRequest("POST", w.url, strings.NewReader(initBody))
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			code := -1
			if resp, err := http.DefaultClient.Do(req); err == nil {
				resp.Body.Close()
				code = resp.StatusCode
			}
			mu.Lock()
			codes[code]++
			mu.Unlock()
		})
	}
	wg.Wait()
	if codes[http.StatusOK] != 10 || codes[http.StatusServiceUnavailable] != 90 || w.f.httpSessions() != 10 {
		t.Fatalf("answers %v, %d sessions open; want 10 served, 90 refused, 10 open", codes, w.f.httpSessions())
	}
}
