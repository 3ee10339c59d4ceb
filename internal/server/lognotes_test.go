package server

import (
	"context"
	"runtime"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
)

// heapAfter is the live heap after a collection.
func heapAfter() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

// A backend's log messages outside a call wait in a queue for the clients
// (at most 1,000 of them); each waited whole, and it is cut to 4 KiB only
// when sent. A remote backend sending 30 MB log messages on its event
// stream (each under maxMessageBytes) held the daemon at 2.7 GB with 150
// of them, and 1,000 would be 30 GB. They are cleaned and cut before they
// wait now.
func TestLog_WaitingMessagesAreCutBeforeTheyWait(t *testing.T) {
	s := New(Options{Catalog: catalog.New(nil, nil, nil), Settings: config.Settings{}.Defaults()})
	block := make(chan struct{})
	s.notifyLater(func() { <-block }) // the clients are not reading
	defer close(block)
	before := heapAfter()
	for range 24 {
		s.Log(context.Background(), "remote", &mcp.LoggingMessageParams{Level: "info", Data: strings.Repeat("B", 4<<20)})
	}
	if grew := int64(heapAfter()) - int64(before); grew > 32<<20 {
		t.Errorf("24 log messages of 4 MB waiting hold %d MB, want them cut before they wait", grew>>20)
	}
}
