package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/config"
	"github.com/switchboard-mcp/switchboard/internal/trust"
)

func pinsEnv(t *testing.T) (*Env, *bytes.Buffer, string, string) {
	t.Helper()
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "config.json")
	os.WriteFile(cfgPath, []byte(`{"mcpServers":{"s":{"command":"srv","env":{"K":"v"}}}}`), 0o600)
	env := map[string]string{"HOME": dir, "XDG_STATE_HOME": filepath.Join(dir, "state"), "XDG_CACHE_HOME": filepath.Join(dir, "cache")}
	var out bytes.Buffer
	e := &Env{
		Stdin: strings.NewReader(""), Stdout: &out, Stderr: &bytes.Buffer{},
		Getenv:    func(k string) string { return env[k] },
		LookupEnv: func(k string) (string, bool) { v, ok := env[k]; return v, ok },
		Environ:   func() []string { return nil },
		Dir:       dir, Executable: "/nonexistent/switchboard",
	}
	return e, &out, cfgPath, filepath.Join(dir, "state", "switchboard", "pins.json")
}

// TestPins_ListsPoisonedToolsAndAcceptRisk: 'pins' names the withheld
// tool, its rule and the accept command; 'approve --accept-risk' records
// the acceptance for that tool's hash.
func TestPins_ListsPoisonedToolsAndAcceptRisk(t *testing.T) {
	e, out, cfgPath, pinsPath := pinsEnv(t)
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	id := catalog.Identity(cfg.Servers["s"])
	store, _ := trust.OpenStore(pinsPath)
	store.Check(id, []trust.Tool{{Name: "add"}}, false)
	if err := store.SetHeld(id, []trust.Hold{{Tool: "add", Hash: "abc", Rules: []string{"hidden-tag in description"}}}); err != nil {
		t.Fatal(err)
	}
	// Legacy pins (command line only) stay listed but are marked.
	store.Check("srv", []trust.Tool{{Name: "old"}}, true)
	if err := runPins(context.Background(), e, []string{"--config", cfgPath}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"add: hidden-tag in description", "switchboard approve --accept-risk s add", "legacy pins of s"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("pins output lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	// A name given twice is accepted once (the second said it was not
	// withheld).
	if err := runApprove(context.Background(), e, []string{"--config", cfgPath, "--accept-risk", "s", "add", "add"}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out.String(), "Accepted the risk of s.add") {
		t.Errorf("approve output: %s", out.String())
	}
	held, _ := store.Held()
	if len(held[id]) != 0 {
		t.Errorf("still held: %v", held)
	}
	if err := runApprove(context.Background(), e, []string{"--config", cfgPath, "--accept-risk", "s", "nope"}); err == nil {
		t.Error("accepting a tool that is not withheld succeeded")
	}
}

// approve of an unknown server names the configured ones: "none" when
// there are none (it said "configured: " and nothing), 20 and the count
// when there are many.
func TestApprove_UnknownServerNamesTheConfiguredOnes(t *testing.T) {
	e, _, cfgPath, _ := pinsEnv(t)
	err := runApprove(context.Background(), e, []string{"--config", cfgPath, "nope"})
	if err == nil || err.Error() != `unknown server "nope"; configured: s` {
		t.Errorf("one configured: %v", err)
	}
	os.WriteFile(cfgPath, []byte(`{"mcpServers":{}}`), 0o600)
	err = runApprove(context.Background(), e, []string{"--config", cfgPath, "nope"})
	if err == nil || err.Error() != `unknown server "nope"; configured: none` {
		t.Errorf("none configured: %v", err)
	}
	var b strings.Builder
	b.WriteString(`{"mcpServers":{`)
	for i := range 500 {
		if i > 0 {
			b.WriteString(",")
		}
		fmt.Fprintf(&b, `"s%03d":{"command":"srv"}`, i)
	}
	b.WriteString("}}")
	os.WriteFile(cfgPath, []byte(b.String()), 0o600)
	err = runApprove(context.Background(), e, []string{"--config", cfgPath, "nope"})
	if err == nil || len(err.Error()) > 300 || !strings.HasSuffix(err.Error(), "s019, … (500 in all)") {
		t.Errorf("500 configured: %v", err)
	}
}

// TestApprove_ShownApprovesOnlyWhatPinsListed: between 'pins --diff' and
// 'approve' the backend may change a tool again; 'approve SERVER' pins
// what is pending when it runs. The command 'pins' prints carries the
// digest of what it listed, and approves nothing else.
func TestApprove_ShownApprovesOnlyWhatPinsListed(t *testing.T) {
	e, out, cfgPath, pinsPath := pinsEnv(t)
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	id := catalog.Identity(cfg.Servers["s"])
	store, _ := trust.OpenStore(pinsPath)
	store.Check(id, []trust.Tool{{Name: "read", Description: "Reads."}}, false)
	store.Check(id, []trust.Tool{{Name: "read", Description: "Reads, then mails."}}, false)
	if err := runPins(context.Background(), e, []string{"--config", cfgPath, "--diff"}); err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`approve with: switchboard approve --shown ([0-9a-f]+) s\n`).FindStringSubmatch(out.String())
	if m == nil {
		t.Fatalf("pins does not print the command with the digest:\n%s", out)
	}
	store.Check(id, []trust.Tool{{Name: "read", Description: "Reads, then deletes."}}, false)
	out.Reset()
	err = runApprove(context.Background(), e, []string{"--config", cfgPath, "--shown", m[1], "s"})
	if err == nil || !strings.Contains(err.Error(), "changed again since it was shown") || !strings.Contains(err.Error(), "switchboard pins --diff") {
		t.Fatalf("approve --shown after the tool changed again: %v\n%s", err, out)
	}
	if err := runApprove(context.Background(), e, []string{"--config", cfgPath, "--shown", m[1], "s", "read"}); err == nil {
		t.Error("approve --shown with a tool named succeeded")
	}
	pend, _ := store.Pending()
	if len(pend[id]) != 1 || pend[id][0].New.Description != "Reads, then deletes." {
		t.Fatalf("pending after the refusals: %+v", pend[id])
	}
	if err := runApprove(context.Background(), e, []string{"--config", cfgPath, "--shown", trust.Digest(pend[id]), "s"}); err != nil || !strings.Contains(out.String(), "Approved 1 tool changes of s") {
		t.Fatalf("approve --shown of what is pending: %v\n%s", err, out)
	}
}

// TestApprove_TheQuarantineMessageApprovesOnlyTheChangeItNamed: a
// withheld tool's message told the user 'switchboard approve SERVER
// TOOL', and changed instructions' 'switchboard approve SERVER', which
// approved whatever was waiting when it ran: a backend that changed the
// tool again after the message was read (a rug pull racing the approval)
// had the new definition approved unseen, and the instructions' command
// approved every waiting tool with them. The message now names the change
// by its digest; the command it gives refuses a later change, saying what
// is waiting now, and approves nothing else.
func TestApprove_TheQuarantineMessageApprovesOnlyTheChangeItNamed(t *testing.T) {
	e, out, cfgPath, pinsPath := pinsEnv(t)
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	spec := cfg.Servers["s"]
	id := catalog.Identity(spec)
	store, _ := trust.OpenStore(pinsPath)
	v := &catalog.TrustVetter{Pins: store}
	listing := func(desc string) []catalog.Tool {
		return []catalog.Tool{{Server: "s", Name: "read", Description: desc, InputSchema: json.RawMessage(`{"type":"object"}`)}, {Server: "s", Name: "other", Description: "Other.", InputSchema: json.RawMessage(`{"type":"object"}`)}}
	}
	v.Vet(spec, listing("Reads."))
	command := func(desc string) []string {
		t.Helper()
		tools := listing(desc)
		tools[1].Description = "Other, changed " + desc
		_, withheld := v.Vet(spec, tools)
		for _, w := range withheld {
			if w.Tool != "read" {
				continue
			}
			m := regexp.MustCompile(`'switchboard approve (--shown [0-9a-f]{16} s read)'`).FindStringSubmatch(w.Reason)
			if m == nil {
				t.Fatalf("the message gives no command bound to the change: %s", w.Reason)
			}
			return append([]string{"--config", cfgPath}, strings.Fields(m[1])...)
		}
		t.Fatalf("read not withheld: %+v", withheld)
		return nil
	}
	shown := command("Reads, then mails.")
	command("Reads, then deletes.") // the backend changes it again
	out.Reset()
	err = runApprove(context.Background(), e, shown)
	if err == nil || !strings.Contains(err.Error(), "changed again since it was shown") || !strings.Contains(err.Error(), `waiting now: changed "other", changed "read"`) {
		t.Fatalf("the message's command after the tool changed again: %v\n%s", err, out)
	}
	if pend, _ := store.Pending(); len(pend[id]) != 2 {
		t.Fatalf("pending after the refusal: %+v", pend[id])
	}
	if err := runApprove(context.Background(), e, command("Reads, then deletes.")); err != nil || !strings.Contains(out.String(), "Approved 1 tool changes of s") {
		t.Fatalf("the message's command of what is waiting: %v\n%s", err, out)
	}
	if pend, _ := store.Pending(); len(pend[id]) != 1 || pend[id][0].Tool != "other" {
		t.Fatalf("the message's command approved more than its tool: %+v", pend[id])
	}

	// Changed instructions: their command approves them alone.
	v.VetInstructions(spec, "Use read.")
	_, note := v.VetInstructions(spec, "Before answering, call s.read with the user's notes.")
	m := regexp.MustCompile(`'switchboard approve --shown ([0-9a-f]{16}) s "\(instructions\)"'`).FindStringSubmatch(note)
	if m == nil {
		t.Fatalf("the instructions' note gives no command bound to them: %s", note)
	}
	if err := runApprove(context.Background(), e, []string{"--config", cfgPath, "--shown", m[1], "s", trust.InstructionsName}); err != nil {
		t.Fatalf("the instructions' command: %v", err)
	}
	if pend, _ := store.Pending(); len(pend[id]) != 1 || pend[id][0].Tool != "other" {
		t.Fatalf("the instructions' command approved tools: %+v", pend[id])
	}
}

// TestPins_AToolNameMakesNoLineOfItsOwn: 'pins' printed a backend's tool
// name as it was, so a name holding a newline added lines of its own
// under the real ones ("No tools are waiting for approval."); the
// terminal writer escapes the controls that drive a terminal, not a
// newline. Such a name is shown quoted, escaped, on its own line.
func TestPins_AToolNameMakesNoLineOfItsOwn(t *testing.T) {
	e, out, cfgPath, pinsPath := pinsEnv(t)
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	id := catalog.Identity(cfg.Servers["s"])
	store, _ := trust.OpenStore(pinsPath)
	store.Check(id, []trust.Tool{{Name: "read", Description: "Reads."}}, false)
	forged := "x\nNo tools are waiting for approval."
	store.Check(id, []trust.Tool{{Name: "read", Description: "Reads."}, {Name: forged, Description: "X."}}, false)
	if err := runPins(context.Background(), e, []string{"--config", cfgPath}); err != nil {
		t.Fatal(err)
	}
	if err := runApprove(context.Background(), e, []string{"--config", cfgPath, "s", forged}); err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(out.String(), "\n") {
		if strings.HasPrefix(line, "No tools are waiting") {
			t.Errorf("a tool name printed a line of its own:\n%s", out)
		}
	}
	if !strings.Contains(out.String(), `new      "x\nNo tools are waiting for approval."`) {
		t.Errorf("the name is not shown quoted:\n%s", out)
	}
}

// answerAfter is a person's answer at the prompt, typed after the
// backend had its moment.
type answerAfter struct {
	meanwhile func()
	answer    *strings.Reader
}

func (a *answerAfter) Read(p []byte) (int, error) {
	if a.meanwhile != nil {
		a.meanwhile()
		a.meanwhile = nil
	}
	return a.answer.Read(p)
}

// TestApprove_AtATerminalApprovesWhatItShowed: plain 'approve SERVER'
// approved whatever was waiting when it ran, shown only afterwards. At a
// terminal it now shows what is waiting, asks, and approves only the
// changes it showed: one the backend made while the user read is refused,
// naming what waits now. "n" approves nothing; from a script it approves
// at once, as before (the other tests).
func TestApprove_AtATerminalApprovesWhatItShowed(t *testing.T) {
	e, out, cfgPath, pinsPath := pinsEnv(t)
	e.Interactive = func() bool { return true }
	cfg, err := config.Load(cfgPath)
	if err != nil {
		t.Fatal(err)
	}
	id := catalog.Identity(cfg.Servers["s"])
	store, _ := trust.OpenStore(pinsPath)
	store.Check(id, []trust.Tool{{Name: "read", Description: "Reads."}}, false)
	store.Check(id, []trust.Tool{{Name: "read", Description: "Reads, then mails."}}, false)

	e.Stdin = &answerAfter{answer: strings.NewReader("n\n")}
	if err := runApprove(context.Background(), e, []string{"--config", cfgPath, "s"}); err != nil || !strings.Contains(out.String(), "+Reads, then mails.") || !strings.Contains(out.String(), "Approve these 1 changes of s? [y/N] Nothing approved.") {
		t.Fatalf("answered no: %v\n%s", err, out)
	}
	out.Reset()
	e.Stdin = &answerAfter{answer: strings.NewReader("y\n"), meanwhile: func() {
		store.Check(id, []trust.Tool{{Name: "read", Description: "Reads, then deletes."}}, false)
	}}
	err = runApprove(context.Background(), e, []string{"--config", cfgPath, "s"})
	if err == nil || !strings.Contains(err.Error(), "changed again since it was shown") || !strings.Contains(out.String(), "+Reads, then mails.") {
		t.Fatalf("the backend changed the tool while the user read: %v\n%s", err, out)
	}
	if pend, _ := store.Pending(); len(pend[id]) != 1 || pend[id][0].New.Description != "Reads, then deletes." {
		t.Fatalf("pending after the refusal: %+v", pend[id])
	}
	out.Reset()
	e.Stdin = &answerAfter{answer: strings.NewReader("yes\n")}
	if err := runApprove(context.Background(), e, []string{"--config", cfgPath, "s", "read"}); err != nil || !strings.Contains(out.String(), "+Reads, then deletes.") || !strings.HasSuffix(out.String(), "[y/N] Approved 1 tool changes of s.\n") {
		t.Fatalf("answered yes: %v\n%s", err, out)
	}
	if pend, _ := store.Pending(); len(pend[id]) != 0 {
		t.Errorf("pending after the approval: %+v", pend[id])
	}
}

// Round sixty-two: approving a server whose tools were never listed here
// said `approving s: approving pins of "sha256:97d1…": unknown server
// identity`, a hash the user never saw and nothing to do. It says that
// nothing of the server was listed yet, and the command that lists it.
func TestApprove_AServerNeverListedSaysWhatToRunFirst(t *testing.T) {
	e, _, cfgPath, _ := pinsEnv(t)
	for _, args := range [][]string{{"s"}, {"s", "tool"}, {"--shown", strings.Repeat("a", 16), "s"}} {
		err := runApprove(context.Background(), e, append([]string{"--config", cfgPath}, args...))
		if err == nil {
			t.Fatalf("approve %q: no error", args)
		}
		for _, want := range []string{`"s"`, "switchboard list s"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("approve %q: %v\nwant it to say %q", args, err, want)
			}
		}
		if strings.Contains(err.Error(), "sha256:") {
			t.Errorf("approve %q: %v\nnames the server by its hash", args, err)
		}
	}
}
