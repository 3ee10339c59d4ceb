package script

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// A setTimeout callback still pending when the script returns never runs;
// it was dropped without a word (round 101's case 26). The log says so,
// and the value is the script's as before.
func TestRun_TimersPendingAtReturnAreSaid(t *testing.T) {
	caller := callerFunc(func(context.Context, string, string, json.RawMessage) (json.RawMessage, error) {
		return json.RawMessage(`{}`), nil
	})
	for _, tt := range []struct {
		name, src, want string
	}{
		{"one", `setTimeout(() => { throw new Error("late") }, 3600000); return "ok"`, "[1 setTimeout callback was still pending when the script returned, and did not run"},
		{"two", `setTimeout(() => filesystem.read_text_file({path: "a"}), 3600000); setTimeout(() => {}, 3600000); return "ok"`, "[2 setTimeout callbacks were still pending"},
		{"cleared", `const id = setTimeout(() => {}, 3600000); clearTimeout(id); return "ok"`, ""},
		{"awaited", `await new Promise(r => setTimeout(r, 1)); return "ok"`, ""},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := Run(t.Context(), Request{Source: tt.src, Namespaces: fsNamespace, Timeout: 20 * time.Second, MaxResult: 1 << 20}, caller)
			if res.Err != nil || string(res.Value) != `"ok"` {
				t.Fatalf("value %s, err %v; want \"ok\"", res.Value, res.Err)
			}
			if tt.want == "" && strings.Contains(res.Log, "pending") || !strings.Contains(res.Log, tt.want) {
				t.Errorf("log %q, want %q", res.Log, tt.want)
			}
		})
	}
}
