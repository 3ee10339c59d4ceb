package script

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Round one hundred and one: hostile scripts whose errors did not say what
// went wrong, or came only at the time limit.
func TestRun_HostileScriptsSayWhatWentWrong(t *testing.T) {
	var called atomic.Bool // calls run concurrently
	caller := callerFunc(func(_ context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
		called.Store(true)
		return json.RawMessage(`{}`), nil
	})
	for _, tt := range []struct {
		name, src, want string
		kind            string
	}{
		// A second object was left out without a word.
		{"two objects", `return await filesystem.read_text_file({path: "a"}, {head: 2})`,
			`TypeError: filesystem.read_text_file: a tool takes one argument, an object of its parameters, and this call gave a second object`, KindException},
		// Object.prototype.toJSON made the arguments a string; the
		// backend then said "arguments must be a JSON object".
		{"prototype toJSON", `Object.prototype.toJSON = function () { return "hijacked" }; return await filesystem.read_text_file({path: "a"})`,
			`filesystem.read_text_file: the arguments turned into "hijacked" when made JSON, not an object: a toJSON method`, KindException},
		// A getter of the returned value threw: its message alone.
		{"getter", `return {get x() { throw new Error("getter boom") }}`,
			`Error: turning the return value into JSON: getter boom (thrown by a getter, toJSON method or Proxy of the value)`, KindException},
		{"proxy", `return new Proxy({}, {ownKeys() { throw new Error("ownKeys boom") }})`,
			`turning the return value into JSON: ownKeys boom`, KindException},
		// A sparse array was written null by null until the time limit.
		{"sparse", `const a = []; a[1e9] = 1; return a`,
			`result is at least 2000000003 bytes of JSON, over the limit of 1048576 bytes (settings.maxResultBytes`, KindLimit},
		{"nested sparse", `const a = []; a.length = 3e6; return {rows: [a]}`,
			`result is at least 6000001 bytes of JSON, over the limit`, KindLimit},
	} {
		t.Run(tt.name, func(t *testing.T) {
			called.Store(false)
			began := time.Now()
			res := Run(t.Context(), Request{Source: tt.src, Namespaces: fsNamespace, Timeout: 20 * time.Second, MaxResult: 1 << 20}, caller)
			if res.Err == nil || !strings.Contains(res.Err.Message, tt.want) || res.Err.Kind != tt.kind {
				t.Errorf("err = %v (kind %v)\nwant %q (kind %s)", res.Err, kindOf(res.Err), tt.want, tt.kind)
			}
			if called.Load() {
				t.Errorf("the tool was called")
			}
			if d := time.Since(began); d > 5*time.Second {
				t.Errorf("took %v", d)
			}
		})
	}
	// Out of memory while turning the value into JSON is said as before,
	// not as a getter's error.
	res0 := Run(t.Context(), Request{Source: `return "x".repeat(10 << 20)`, Timeout: 60 * time.Second, MemoryLimit: 16 << 20, MaxResult: 1 << 20}, caller)
	if res0.Err == nil || res0.Err.Kind != KindMemory || strings.Contains(res0.Err.Message, "getter") {
		t.Errorf("out of memory: %v (kind %s)", res0.Err, kindOf(res0.Err))
	}
	// What still passes: map gives a tool the index and the array.
	res := mustRun(t, `return (await Promise.all([{path: "a"}, {path: "b"}].map(filesystem.read_text_file))).length`, caller)
	if string(res.Value) != "2" {
		t.Errorf("map: %s", res.Value)
	}
	// An array within the limit is the result as before.
	res = mustRun(t, `const a = []; a.length = 1000; return a.length`, caller)
	if string(res.Value) != "1000" {
		t.Errorf("array: %s", res.Value)
	}
}

func kindOf(e *Error) string {
	if e == nil {
		return ""
	}
	return e.Kind
}
