package trust

import (
	"encoding/json"
	"testing"
)

func TestPolicy_Permits(t *testing.T) {
	ro := json.RawMessage(`{"readOnlyHint":true}`)
	rw := json.RawMessage(`{"readOnlyHint":false}`)
	tests := []struct {
		name   string
		p      Policy
		tool   string
		ann    json.RawMessage
		want   bool
		reason string
	}{
		{"zero permits", Policy{}, "anything", nil, true, ""},
		{"allow match", Policy{Allow: []string{"read_*", "list_?"}}, "read_file", nil, true, ""},
		{"allow single char", Policy{Allow: []string{"list_?"}}, "list_x", nil, true, ""},
		{"allow miss", Policy{Allow: []string{"read_*"}}, "write_file", nil, false, `tool "write_file" is not in the allow list`},
		{"deny wins", Policy{Allow: []string{"*"}, Deny: []string{"delete_*"}}, "delete_repo", nil, false, `tool "delete_repo" is denied by pattern "delete_*"`},
		{"deny star crosses a slash", Policy{Deny: []string{"delete_*"}}, "delete_repo/force", nil, false, `tool "delete_repo/force" is denied by pattern "delete_*"`},
		{"deny infix crosses a slash", Policy{Deny: []string{"*delete*"}}, "admin/delete", nil, false, `tool "admin/delete" is denied by pattern "*delete*"`},
		{"deny question mark is a slash", Policy{Deny: []string{"a?b"}}, "a/b", nil, false, `tool "a/b" is denied by pattern "a?b"`},
		{"deny with a slash", Policy{Deny: []string{"admin/*"}}, "admin/x/y", nil, false, `tool "admin/x/y" is denied by pattern "admin/*"`},
		{"allow star stops at a slash", Policy{Allow: []string{"get_*"}}, "get_x/delete", nil, false, `tool "get_x/delete" is not in the allow list`},
		{"bad deny fails closed", Policy{Deny: []string{"[a-"}}, "x", nil, false, `tool "x" is denied by pattern "[a-"`},
		{"bad allow matches nothing", Policy{Allow: []string{"[a-"}}, "a", nil, false, `tool "a" is not in the allow list`},
		{"read-only ok", Policy{ReadOnly: true}, "get", ro, true, ""},
		{"read-only false", Policy{ReadOnly: true}, "put", rw, false, `server is read-only and tool "put" is not annotated readOnlyHint: true`},
		{"read-only missing", Policy{ReadOnly: true}, "put", nil, false, `server is read-only and tool "put" is not annotated readOnlyHint: true`},
		{"read-only malformed", Policy{ReadOnly: true}, "put", json.RawMessage(`{`), false, `server is read-only and tool "put" is not annotated readOnlyHint: true`},
		{"read-only and deny", Policy{ReadOnly: true, Deny: []string{"get"}}, "get", ro, false, `tool "get" is denied by pattern "get"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ok, reason := tt.p.Permits(tt.tool, tt.ann)
			if ok != tt.want || reason != tt.reason {
				t.Errorf("Permits = %v, %q; want %v, %q", ok, reason, tt.want, tt.reason)
			}
		})
	}
}

func TestPolicy_Validate(t *testing.T) {
	if err := (Policy{Allow: []string{"a*"}, Deny: []string{"b?"}}).Validate(); err != nil {
		t.Error(err)
	}
	err := Policy{Allow: []string{"[x"}, Deny: []string{"ok", "[y"}}.Validate()
	if err == nil || err.Error() != "allow[0] \"[x\": syntax error in pattern\ndeny[1] \"[y\": syntax error in pattern" {
		t.Errorf("Validate = %v", err)
	}
}
