package backend

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// slowWriter is a refusalWriter that writes each refusal, a millisecond
// after it is given (a backend that reads its stdin, behind a burst).
type slowWriter struct {
	end     chan struct{}
	mu      sync.Mutex
	written int
}

func (w *slowWriter) writeRefusal(ctx context.Context, resp *jsonrpc.Response) error {
	time.Sleep(time.Millisecond)
	w.mu.Lock()
	w.written++
	w.mu.Unlock()
	return nil
}

func (w *slowWriter) ended() <-chan struct{} { return w.end }

// Round one hundred and fourteen: a backend that sent 1,500 elicitation
// requests at once in one call (1,024 waiting for the client's answer,
// the rest refused) had some of them dropped unanswered: the reader
// queued refusals faster than they were written, and past the queue's
// maxRefusals dropped them, though the backend read every answer. The
// backend waited for those for ever, and the call with it until its
// script's time limit ("script timed out after 30s", one run in two).
// A refusal past the queue now waits for room while the writer keeps up;
// only a writer stuck on a write (a backend that does not read its
// stdin: TestAsks_PastTheRefusalQueueARequestIsDroppedAndSaid) has them
// dropped.
func TestAsks_ABurstOfRefusalsIsAnsweredWhileTheBackendReads(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w := &slowWriter{end: make(chan struct{})}
		var a asks
		dropped := 0
		note := func(n int, method string, answered bool) {
			if !answered {
				dropped++
			}
		}
		const n = 4 * maxRefusals
		for i := int64(1); i <= n; i++ {
			a.refuse(w, intID(i), "elicitation/create", note)
		}
		time.Sleep(time.Minute) // fake time: the writer has written all it was given
		synctest.Wait()
		if w.written != n || dropped != 0 {
			t.Errorf("of %d refusals given to a writer that keeps up, %d written (%d said dropped); want all", n, w.written, dropped)
		}
	})
}
