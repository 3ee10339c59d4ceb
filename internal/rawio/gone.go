package rawio

import (
	"context"
	"os"
	"time"
)

// WaitReaderGone reports true once f has no reader left (ReaderGone),
// checked every every; false when ctx ends first. A session whose input
// ended calls it while it answers what it is serving: a client that
// exited reads none of it.
func WaitReaderGone(ctx context.Context, f *os.File, every time.Duration) bool {
	t := time.NewTicker(every)
	defer t.Stop()
	for !ReaderGone(f) {
		select {
		case <-ctx.Done():
			return false
		case <-t.C:
		}
	}
	return ctx.Err() == nil
}
