package backend

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/atomicfile/disktest"
)

// A token refreshed while the disk is full is used, not thrown away: the
// refresh succeeded and only storing it failed, which is said once.
// Before, the start (and each call that refreshed) failed with "saving
// the sign-in of \"notion\" …: no space left on device" although the
// new token was in hand.
func TestOAuth_RefreshOnAFullDiskUsesTheNewToken(t *testing.T) {
	tmp, ok := disktest.Tmpfs(t, 256<<10)
	if !ok {
		return
	}
	fake, spec, _ := oauthSetup(t)
	dir := filepath.Join(tmp, "oauth")
	fake.ExpiresIn = 5 * time.Second // below oauth2's 10 s margin: expired at once
	login(t, spec, dir, nil)
	fake.ExpireAccess()
	disktest.Fill(t, tmp)
	var logs bytes.Buffer
	b, err := Start(context.Background(), spec, &Options{OAuth: &OAuthOptions{Dir: dir}, Logger: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug}))})
	if err != nil {
		t.Fatalf("start on a full disk: %v\n%s", err, logs.String())
	}
	defer b.Close()
	call(t, b, "big", `{"bytes":1}`)
	call(t, b, "big", `{"bytes":1}`)
	if fake.Stats().Refreshes == 0 {
		t.Fatal("no refresh happened")
	}
	if n := strings.Count(logs.String(), "cannot be stored"); n != 1 {
		t.Errorf("said %d times that the token cannot be stored, want once:\n%s", n, logs.String())
	}
}
