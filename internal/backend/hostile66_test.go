package backend

import (
	"context"
	"slices"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// heldWriter is a refusalWriter whose writes wait for release.
type heldWriter struct {
	release chan struct{}
	end     chan struct{}
	mu      sync.Mutex
	written []int64
}

func (w *heldWriter) writeRefusal(ctx context.Context, resp *jsonrpc.Response) error {
	select {
	case <-w.release:
	case <-ctx.Done():
		return ctx.Err()
	}
	w.mu.Lock()
	w.written = append(w.written, resp.ID.Raw().(int64))
	w.mu.Unlock()
	return nil
}

// intID is the JSON-RPC id n.
func intID(n int64) jsonrpc.ID {
	id, _ := jsonrpc.MakeID(float64(n))
	return id
}

func (w *heldWriter) ended() <-chan struct{} { return w.end }

// Round sixty-six: the design TestRawConn_ABackendsRequestsWaitingForAnAnswerAreBounded
// tripped over one run in six (it sent more refusals than the queue
// holds while the writer was behind), asserted here without a race: one
// refusal being written and maxRefusals queued, the next one waits for
// room until that write has been stuck for refusalWrite (round one
// hundred and fourteen: before, it was dropped at once, see
// TestAsks_ABurstOfRefusalsIsAnsweredWhileTheBackendReads); then it and
// the next ones are dropped unanswered and said as such (at the 1,000th
// refusal); once a write goes through, refusals are written again, in
// the order they came.
func TestAsks_PastTheRefusalQueueARequestIsDroppedAndSaid(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		w := &heldWriter{release: make(chan struct{}), end: make(chan struct{})}
		var a asks
		type said struct {
			n        int
			answered bool
		}
		var notes []said
		note := func(n int, method string, answered bool) { notes = append(notes, said{n, answered}) }
		a.refuse(w, intID(1), "ping", note)
		synctest.Wait() // the writer holds the first
		for i := int64(2); i <= 1000; i++ {
			a.refuse(w, intID(i), "ping", note)
		}
		close(w.release)
		synctest.Wait() // the writer wrote what was queued and ended
		a.refuse(w, intID(1001), "ping", note)
		synctest.Wait()

		// The 1st ran out of its time; the 2nd was being written when the
		// writer was let go.
		var want []int64
		for i := int64(2); i <= 1+maxRefusals; i++ {
			want = append(want, i)
		}
		want = append(want, 1001)
		if !slices.Equal(w.written, want) {
			t.Errorf("written %d refusals (%v … %v), want the 2nd to the %dth then the 1001st", len(w.written), w.written[:min(3, len(w.written))], w.written[max(0, len(w.written)-3):], 1+maxRefusals)
		}
		if wantNotes := []said{{1, true}, {10, true}, {100, true}, {1000, false}}; !slices.Equal(notes, wantNotes) {
			t.Errorf("said %v, want %v (the 1,000th dropped unanswered)", notes, wantNotes)
		}
	})
}
