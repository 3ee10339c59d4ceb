package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/switchboard-mcp/switchboard/internal/catalog"
	"github.com/switchboard-mcp/switchboard/internal/roles"
)

// ErrNotConfirmed is wrapped by the error of a call the confirm setting
// held back: the user declined or cancelled, or could not be asked.
var ErrNotConfirmed = errors.New("not confirmed")

// confirmLimit bounds the arguments shown in a confirmation request.
const confirmLimit = 4000

// needsConfirm reports whether the confirm setting (settings.confirm and
// the server's "confirm") matches t.
func (s *Server) needsConfirm(t catalog.Tool) bool {
	c := s.guard().Confirm
	if spec := s.cat().Spec(t.Server); spec != nil {
		c = c.Union(spec.Confirm)
	}
	if !c.On() {
		return false
	}
	return c.Wants(t.Name, destructive(t))
}

// destructive is whether "destructive" in the confirm setting covers t:
// its destructiveHint when the server gives one; else not when it is
// annotated readOnlyHint; else what its name says (roles.DestructiveName:
// delete_file, push_files, update_issue). A server that annotates
// nothing (github, azure-devops and slack among the 32 of the corpus)
// had no tool confirmed under "destructive".
func destructive(t catalog.Tool) bool {
	switch a := t.Annotations; {
	case a != nil && a.DestructiveHint != nil:
		return *a.DestructiveHint
	case a != nil && a.ReadOnlyHint:
		return false
	default:
		return roles.DestructiveName(t.Name)
	}
}

// confirm asks the user, through the client of the request behind ctx,
// whether t may run with args. nil means accepted; the error names the
// tool and why not otherwise (the caller adds "server.tool: ").
func (s *Server) confirm(ctx context.Context, t catalog.Tool, args json.RawMessage) error {
	r := relayOf(ctx)
	if r == nil || r.ss == nil || r.caps == nil || r.caps.Elicitation == nil {
		return fmt.Errorf("%w: the confirm setting requires the user's confirmation of this call, and this client cannot ask the user (it does not support elicitation); the call was not made", ErrNotConfirmed)
	}
	shown := string(args)
	if len(shown) > confirmLimit {
		shown = bound(shown, confirmLimit) + " … (cut)"
	}
	msg := fmt.Sprintf("Allow the tool %s of server %q to run? It is marked as needing confirmation (settings.confirm).\nTool: %s\nServer: %s\nArguments: %s",
		t.Name, t.Server, t.Name, t.Server, cleanText(shown))
	return askAllow(ctx, r, msg, "Run "+t.Server+"."+t.Name, true, "")
}

// askAllow asks the user, through the client's elicitation, whether a
// call may go out: a form with one boolean "allow" (titled title,
// defaulting to def). why is added to the refusals (such as
// " (settings.trifecta)"). Every refusal wraps ErrNotConfirmed.
func askAllow(ctx context.Context, r *relay, msg, title string, def bool, why string) error {
	res, err := r.elicit(ctx, "switchboard's confirmation ("+title+")", &mcp.ElicitParams{
		Mode:    "form",
		Message: msg,
		RequestedSchema: map[string]any{
			"type": "object",
			"properties": map[string]any{
				"allow": map[string]any{"type": "boolean", "title": title, "default": def},
			},
		},
	})
	if err != nil {
		return fmt.Errorf("%w: asking the user to confirm this call failed (%v); the call was not made", ErrNotConfirmed, err)
	}
	switch res.Action {
	case "accept":
		// Only a boolean answers the form: a 2026-07-28 client's answer
		// is not checked against the schema by the SDK, and "allow":
		// "false" (a string) let the call run. No "allow" is the form's
		// default: yes for the confirm setting, no for the trifecta.
		v, ok := res.Content["allow"]
		if !ok {
			v = def
		}
		switch v {
		case true:
			return nil
		case false:
			return fmt.Errorf("%w: the user did not allow this call%s; it was not made", ErrNotConfirmed, why)
		default:
			return fmt.Errorf("%w: the client accepted with an \"allow\" that is neither true nor false (%s)%s; the call was not made: the client's form must answer a boolean", ErrNotConfirmed, bound(cleanText(fmt.Sprint(v)), 80), why)
		}
	case "decline":
		return fmt.Errorf("%w: the user declined this call%s; it was not made", ErrNotConfirmed, why)
	default:
		return fmt.Errorf("%w: the user cancelled the confirmation (%s); the call was not made", ErrNotConfirmed, res.Action)
	}
}
