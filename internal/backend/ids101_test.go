package backend

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An answer under an integer id past 64 bits was said in the backend's
// log under the id the SDK decoded it to (-9223372036854775808 for a
// 31-digit id). It is said under the id as the backend wrote it.
func TestBackend_AStrayIDPast64BitsIsSaidAsWritten(t *testing.T) {
	dir := t.TempDir()
	b := startFake(t, "raw", &Options{LogDir: dir})
	ctx, cancel := context.WithTimeout(context.Background(), slow(5*time.Second))
	defer cancel()
	res, err := b.CallTool(ctx, "strayhuge", json.RawMessage(`{}`))
	if err != nil || res.Content[0].(*mcp.TextContent).Text != "after strays" {
		t.Fatalf("call: %v, %v", res, err)
	}
	log, _ := os.ReadFile(filepath.Join(dir, "fake.log"))
	if !strings.Contains(string(log), "under the id 1000000000000000000000000000000") || strings.Contains(string(log), "9223372036854775") {
		t.Errorf("log does not name the id as written:\n%s", log)
	}
}
