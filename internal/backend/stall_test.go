package backend

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A child that stops reading its stdin (hung, or blocked on its own
// output): a write it never takes ended neither at its call's deadline
// nor for the calls waiting behind it, so a call's time limit held for
// none of them, and every later call of every session sharing the
// backend waited for its script's whole time. Now waiting for the turn
// to write ends with the call's context, and a write still in the pipe
// at its call's deadline closes the connection (the backend restarts).
func TestLineConn_WriteTheChildNeverTakesEndsAtTheDeadline(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close() // never read: the child that stopped reading
	c, _ := (&lineTransport{r: strings.NewReader(""), w: w}).Connect(context.Background())
	big := &jsonrpc.Request{Method: "tools/call", Params: []byte(`{"x":"` + strings.Repeat("x", 256<<10) + `"}`)}

	// A write with no deadline fills the pipe and blocks.
	first := make(chan error, 1)
	go func() { first <- c.Write(context.Background(), big) }()

	// A call waiting for its turn behind it ends with its own context,
	// without closing the connection (it wrote nothing).
	// Wait until the first write holds the turn (it may not yet). Writing
	// small messages until one waits did not do: on a loaded machine they
	// could fill the pipe themselves before the first write began, and
	// the one left in the pipe at the deadline then closed the connection.
	lc := c.(*lineConn)
	for deadline := time.Now().Add(10 * time.Second); lc.writing.Load() == 0; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the first write never began")
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err = c.Write(ctx, &jsonrpc.Request{Method: "notifications/x"})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "waiting to send to the backend") {
		t.Fatalf("a write waiting behind a stalled one: %v, want its deadline", err)
	}
	select {
	case err := <-first:
		t.Fatalf("the first write ended (%v): the pipe did not fill", err)
	default:
	}
	c.Close() // ends the first write
	if err := <-first; err == nil {
		t.Error("the first write succeeded into a pipe nobody reads")
	}

	// A write that holds the turn and is still in the pipe at its
	// deadline closes the connection, saying why.
	r2, w2, _ := os.Pipe()
	defer r2.Close()
	c2, _ := (&lineTransport{r: strings.NewReader(""), w: w2}).Connect(context.Background())
	// The deadline comes once the write is in the pipe: a timer started
	// before it could run out while the big message was still being
	// encoded on a loaded machine (the write was then never sent, and
	// nothing stalled; it failed so once in CI).
	ctx2, cancel2 := context.WithCancelCause(context.Background())
	defer cancel2(nil)
	lc2 := c2.(*lineConn)
	go func() {
		for deadline := time.Now().Add(10 * time.Second); lc2.writing.Load() == 0 && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		}
		cancel2(context.DeadlineExceeded)
	}()
	err = c2.Write(ctx2, big)
	if !errors.Is(err, errStalled) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a write in the pipe at its deadline: %v, want errStalled", err)
	}
	if err := c2.Write(context.Background(), &jsonrpc.Request{Method: "notifications/x"}); !errors.Is(err, mcp.ErrConnectionClosed) || !errors.Is(err, errStalled) {
		t.Errorf("a write after the stall: %v, want the connection closed, saying why", err)
	}
}
