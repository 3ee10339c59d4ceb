package script

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// blocking is a caller whose calls wait until their context ends.
func blocking(started *atomic.Int64) ToolCaller {
	return callerFunc(func(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
		started.Add(1)
		<-ctx.Done()
		return nil, ctx.Err()
	})
}

func TestRun_BoundsArgumentBytesInFlight(t *testing.T) {
	var started atomic.Int64
	// 100 parallel calls of 1000 bytes each against a 10000-byte budget:
	// the call that would go over it throws, naming the limit.
	src := `const big = "x".repeat(1000); const ps = [];
		for (let i = 0; i < 100; i++) ps.push(filesystem.read_text_file({path: big}));
		await Promise.all(ps)`
	res := Run(t.Context(), Request{Source: src, Namespaces: fsNamespace, Timeout: 10 * time.Second, MaxArgBytes: 10000}, blocking(&started))
	if res.Err == nil || res.Err.Kind != KindLimit || !strings.Contains(res.Err.Message, "over the limit of 10000 bytes") {
		t.Fatalf("Err = %+v, want a limit error naming 10000 bytes", res.Err)
	}
	if n := started.Load(); n >= 10 {
		t.Errorf("%d calls started with about 1 KB each, want fewer than 10 within 10000 bytes", n)
	}
}

func TestRun_ArgumentBudgetFreesWhenCallsSettle(t *testing.T) {
	// 100 awaited calls one after another never hold more than one's bytes.
	src := `const big = "x".repeat(1000);
		for (let i = 0; i < 100; i++) await filesystem.read_text_file({path: big});
		return "done"`
	res := Run(t.Context(), Request{Source: src, Namespaces: fsNamespace, Timeout: 10 * time.Second, MaxArgBytes: 2000}, echo)
	if res.Err != nil || string(res.Value) != `"done"` {
		t.Fatalf("Value = %s, Err = %v", res.Value, res.Err)
	}
}

func TestRequest_DefaultArgBudgetIsAMultipleOfMaxResult(t *testing.T) {
	if got := (Request{MaxResult: 1000}).WithDefaults().MaxArgBytes; got != ArgBytesPerResult*1000 {
		t.Errorf("MaxArgBytes = %d, want %d", got, ArgBytesPerResult*1000)
	}
}

func TestRun_BoundsPendingTimers(t *testing.T) {
	src := fmt.Sprintf(`let n = 0;
		try { for (let i = 0; i < %d; i++) { setTimeout(() => {}, 60000); n++ } }
		catch (e) { return [n, e.message] }
		return [n, ""]`, MaxTimers+5)
	res := mustRun(t, src, nil)
	var got []any
	if err := json.Unmarshal(res.Value, &got); err != nil || len(got) != 2 {
		t.Fatalf("Value = %s", res.Value)
	}
	if n, _ := got[0].(float64); int(n) != MaxTimers {
		t.Errorf("timers set = %v, want %d", got[0], MaxTimers)
	}
	if msg, _ := got[1].(string); !strings.Contains(msg, "too many pending timers") || !strings.Contains(msg, fmt.Sprint(MaxTimers)) {
		t.Errorf("message = %q, want the timer limit", msg)
	}
	// Cleared and fired timers free their place.
	src = fmt.Sprintf(`for (let i = 0; i < %d; i++) clearTimeout(setTimeout(() => {}, 60000)); return 1`, MaxTimers+5)
	mustRun(t, src, nil)
}

func TestRun_ReportsCallsNotAwaited(t *testing.T) {
	causes := make(chan error, 2)
	caller := callerFunc(func(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
		if tool == "read_text_file" {
			return json.RawMessage(`1`), nil
		}
		<-ctx.Done()
		causes <- context.Cause(ctx)
		return nil, ctx.Err()
	})
	src := `filesystem.get_sum({}); filesystem.get_sum({}); await filesystem.read_text_file({}); return 1`
	res := Run(t.Context(), Request{Source: src, Namespaces: fsNamespace, Timeout: 10 * time.Second}, caller)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if got := strings.Join(res.Cancelled, ","); got != "file-system.get-sum,file-system.get-sum" {
		t.Errorf("Cancelled = %q, want both get-sum calls", got)
	}
	// The calls see why their context ended.
	for range 2 {
		if c := <-causes; !errors.Is(c, ErrAbandoned) {
			t.Errorf("cause = %v, want ErrAbandoned", c)
		}
	}
	// Awaited calls are not reported.
	res = mustRun(t, `await filesystem.read_text_file({}); return 1`, caller)
	if len(res.Cancelled) != 0 {
		t.Errorf("Cancelled = %q, want none", res.Cancelled)
	}
}

func TestRun_UndeclaredToolAsksTheCaller(t *testing.T) {
	var asked atomic.Value
	caller := callerFunc(func(ctx context.Context, server, tool string, args json.RawMessage) (json.RawMessage, error) {
		asked.Store(server + "|" + tool)
		return nil, errors.New(server + "." + tool + ": server has no tool; did you mean read_text_file?")
	})
	ns := []Namespace{{Ident: "fs", Server: "file-system", Functions: fsNamespace[0].Functions}}
	res := Run(t.Context(), Request{Source: `try { await fs.read_txt_file({}) } catch (e) { return [e.constructor.name, e.message, e.server, e.tool] }`, Namespaces: ns, Timeout: 10 * time.Second}, caller)
	want := `["Error","file-system.read_txt_file: server has no tool; did you mean read_text_file?","file-system","read_txt_file"]`
	if res.Err != nil || string(res.Value) != want {
		t.Fatalf("Value = %s, Err = %v; want %s", res.Value, res.Err, want)
	}
	if got, _ := asked.Load().(string); got != "file-system|read_txt_file" {
		t.Errorf("asked %q", got)
	}
	// A namespace is not a thenable and prints as its declared tools.
	res = Run(t.Context(), Request{Source: `const x = await fs; return [x === fs, JSON.stringify(fs), typeof fs.then, String(Object.keys(fs))]`, Namespaces: ns, Timeout: 10 * time.Second}, caller)
	if res.Err != nil || string(res.Value) != `[true,"{}","undefined","read_text_file,get_sum"]` {
		t.Errorf("Value = %s, Err = %v", res.Value, res.Err)
	}
}

func TestRun_BoundsThrownMessage(t *testing.T) {
	res := Run(t.Context(), Request{Source: `throw new Error("e".repeat(200000))`, MaxResult: 1000, Timeout: 10 * time.Second}, nil)
	if res.Err == nil || len(res.Err.Message) > 4200 || !strings.Contains(res.Err.Message, "cut at 4096 bytes") {
		t.Errorf("Err message of %d bytes, want at most about 4096 with a note", len(res.Err.Message))
	}
}

// TestRun_HostCallsAreNamedWithoutTheirNamespace checks that the calls of
// resources, prompts and skills, which go to the caller under
// HostNamespace (it holds a NUL), are named as the script wrote them: the
// NUL cut the over-the-budget message short in the VM ("tool call
// arguments in flight over the limit: ", then nothing) and showed as
// \u0000 in the calls a script left running.
func TestRun_HostCallsAreNamedWithoutTheirNamespace(t *testing.T) {
	var started atomic.Int64
	src := `try { await resources.read("demo", "x".repeat(5000)) } catch (e) { return e.message }`
	res := Run(t.Context(), Request{Source: src, Timeout: 10 * time.Second, MaxArgBytes: 1000}, blocking(&started))
	var msg string
	if res.Err != nil || json.Unmarshal(res.Value, &msg) != nil {
		t.Fatalf("Value = %s, Err = %v", res.Value, res.Err)
	}
	if !strings.Contains(msg, "over the limit: resources.read: its arguments") || !strings.Contains(msg, "over the limit of 1000 bytes") {
		t.Errorf("message = %q, want one naming resources.read and the limit", msg)
	}
	src = `resources.list("demo"); prompts.list("demo"); skills.save({name: "a", description: "b", code: "return 1"}); return 1`
	res = Run(t.Context(), Request{Source: src, Timeout: 10 * time.Second}, blocking(&started))
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	if got := strings.Join(res.Cancelled, ","); got != "resources.list,prompts.list,skills.save" {
		t.Errorf("Cancelled = %q, want the calls as the script wrote them", got)
	}
}
