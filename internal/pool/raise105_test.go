package pool

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/switchboard-mcp/switchboard/internal/config"
)

// TestPool_ATimeoutSaysWhereToRaiseIt: a backend slower than its start
// or call timeout was "no handshake after 30s: start timeout 30s" and
// "call timed out: no answer within 2s (the call was cancelled)": which
// setting, in which file, said nowhere.
func TestPool_ATimeoutSaysWhereToRaiseIt(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		s := newStarter(time.Hour) // a backend that never finishes its handshake
		srv := servers("slow")
		srv["slow"].Source = "/u/config.json"
		p := newNamed(srv, &Options{Settings: config.Settings{StartTimeout: config.Duration(30 * time.Second)}, Start: s.start})
		defer p.Close()
		_, err := p.CallTool(context.Background(), "slow", "x", nil)
		want := `start timeout 30s ("startTimeout": "1m" in server "slow"'s entry in /u/config.json (or settings.startTimeout, for every server) raises it; what it printed: switchboard logs slow)`
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("start: %v, want it to contain %s", err, want)
		}

		s = newStarter(0)
		srv = servers("a", "b")
		srv["a"].Source = "/u/config.json"
		srv["b"].Source = "/p/.switchboard.json"
		srv["b"].CallTimeout = config.Duration(2 * time.Second)
		p = newNamed(srv, &Options{Settings: config.Settings{CallTimeout: config.Duration(10 * time.Second)}, Start: s.start})
		defer p.Close()
		for name, want := range map[string]string{
			"a": `call timed out: no answer within 10s (the call was cancelled; "callTimeout": "20s" in server "a"'s entry in /u/config.json (or settings.callTimeout, for every server) raises it)`,
			"b": `call timed out: no answer within 2s (the call was cancelled; "callTimeout": "4s" in server "b"'s entry in /p/.switchboard.json raises it)`,
		} {
			if _, err := p.CallTool(context.Background(), name, "sleep", nil); err == nil || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %v, want %s", name, err, want)
			}
		}
	})
}
