package front

import (
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// writeRecorder records each Write and Flush that reaches the connection.
type writeRecorder struct {
	mu     sync.Mutex
	h      http.Header
	writes []string
	sent   int // writes flushed
}

func (r *writeRecorder) Header() http.Header { return r.h }
func (r *writeRecorder) WriteHeader(int)     {}
func (r *writeRecorder) Write(b []byte) (int, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.writes = append(r.writes, string(b))
	return len(b), nil
}
func (r *writeRecorder) Flush() {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.sent = len(r.writes)
}

func (r *writeRecorder) flushed() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]string(nil), r.writes[:r.sent]...)
}

const (
	testPrime  = "event: prime\nid: S_0\ndata: \n\n"
	testAnswer = "event: message\nid: S_1\ndata: {\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{}}\n\n"
)

// sdkEvent writes one event as the SDK's writeEvent does: Write, then Flush.
func sdkEvent(w *answerWriter, ev string) {
	w.Write([]byte(ev))
	w.FlushError()
}

// TestAnswerWriter_AQuickAnswerGoesOutWithItsPrimingEvent: the priming
// event the SDK writes and flushes before it hands a request on goes out
// with the answer, in one write, when the answer comes within primeDelay.
func TestAnswerWriter_AQuickAnswerGoesOutWithItsPrimingEvent(t *testing.T) {
	rec := &writeRecorder{h: http.Header{"Content-Type": {"text/event-stream"}}}
	w := &answerWriter{ResponseWriter: rec, f: &Front{}}
	sdkEvent(w, testPrime)
	if got := rec.flushed(); len(got) != 0 {
		t.Fatalf("the priming event went out at once: %q", got)
	}
	sdkEvent(w, testAnswer)
	w.release()
	got := rec.flushed()
	want := strings.Replace(testPrime, "data:", "retry: 1000\ndata:", 1) + testAnswer
	if len(got) != 1 || got[0] != want {
		t.Fatalf("writes %q; want one, %q", got, want)
	}
}

// TestAnswerWriter_ASlowCallIsPrimedAfterPrimeDelay: a call whose answer
// takes longer than primeDelay gets its priming event then, alone, so
// that its client can resume the stream if it is cut during the call.
func TestAnswerWriter_ASlowCallIsPrimedAfterPrimeDelay(t *testing.T) {
	rec := &writeRecorder{h: http.Header{"Content-Type": {"text/event-stream"}}}
	w := &answerWriter{ResponseWriter: rec, f: &Front{}}
	sdkEvent(w, testPrime)
	deadline := time.Now().Add(10 * time.Second)
	for len(rec.flushed()) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the priming event of a slow call never went out")
		}
		time.Sleep(primeDelay)
	}
	sdkEvent(w, testAnswer)
	w.release()
	if got := rec.flushed(); len(got) != 2 || !strings.HasPrefix(got[0], "event: prime\n") || got[1] != testAnswer {
		t.Fatalf("writes %q; want the priming event, then the answer", got)
	}
}

// TestAnswerWriter_APrimingEventWithoutAnswerGoesOut: a stream the SDK
// ends after its priming event (the session closed) still gets it.
func TestAnswerWriter_APrimingEventWithoutAnswerGoesOut(t *testing.T) {
	rec := &writeRecorder{h: http.Header{"Content-Type": {"text/event-stream"}}}
	w := &answerWriter{ResponseWriter: rec, f: &Front{}}
	sdkEvent(w, testPrime)
	w.release()
	rec.Flush() // the server's, after the handler
	if got := rec.flushed(); len(got) != 1 || !strings.HasPrefix(got[0], "event: prime\n") {
		t.Fatalf("writes %q; want the priming event", got)
	}
}
