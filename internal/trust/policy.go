package trust

import (
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"
)

// Policy is one server's tool rules. The zero value permits every tool.
// Patterns use [path.Match] syntax on the tool name: '*' matches any run of
// characters, '?' one character, '[...]' a class. A '/' in a tool name is
// an ordinary character to a deny pattern (DenyMatch: "delete_*" denies
// "delete_repo/force", and "*delete*" denies "admin/delete"), and a
// separator to an allow pattern ("get_*" does not allow "get_x/delete"):
// both ways fail closed.
type Policy struct {
	// Allow, when not empty, lists the only tools that may be used.
	Allow []string `json:"allow,omitempty"`
	// Deny lists tools that may not be used; it wins over Allow.
	Deny []string `json:"deny,omitempty"`
	// ReadOnly permits only tools whose annotations say readOnlyHint: true.
	ReadOnly bool `json:"readOnly,omitempty"`
}

// Validate reports every malformed pattern at once.
func (p Policy) Validate() error {
	var errs []error
	for _, list := range []struct {
		name string
		pats []string
	}{{"allow", p.Allow}, {"deny", p.Deny}} {
		for i, pat := range list.pats {
			if _, err := path.Match(pat, ""); err != nil {
				errs = append(errs, fmt.Errorf("%s[%d] %q: %w", list.name, i, pat, err))
			}
		}
	}
	return errors.Join(errs...)
}

// Permits reports whether tool may be called under p, and if not, why. A
// malformed deny pattern denies (fail closed); a malformed allow pattern
// matches nothing. annotations is the tool's raw annotations object; it is
// read only when ReadOnly is set, and then a missing or malformed object
// denies. reason is empty when ok.
func (p Policy) Permits(tool string, annotations json.RawMessage) (ok bool, reason string) {
	for _, pat := range p.Deny {
		if m, err := DenyMatch(pat, tool); m || err != nil {
			return false, fmt.Sprintf("tool %q is denied by pattern %q", tool, pat)
		}
	}
	if len(p.Allow) > 0 {
		allowed := false
		for _, pat := range p.Allow {
			if m, _ := path.Match(pat, tool); m {
				allowed = true
				break
			}
		}
		if !allowed {
			return false, fmt.Sprintf("tool %q is not in the allow list", tool)
		}
	}
	if p.ReadOnly {
		var a struct {
			ReadOnlyHint *bool `json:"readOnlyHint"`
		}
		if len(annotations) == 0 || json.Unmarshal(annotations, &a) != nil || a.ReadOnlyHint == nil || !*a.ReadOnlyHint {
			return false, fmt.Sprintf("server is read-only and tool %q is not annotated readOnlyHint: true", tool)
		}
	}
	return true, ""
}

// DenyMatch is [path.Match] with '/' an ordinary character, so that '*'
// and '?' match it too: a glob that denies or holds back tools must
// cover every name it reads as covering, and path.Match let "delete_*"
// miss a backend's "delete_repo/force".
func DenyMatch(pattern, name string) (bool, error) {
	if !strings.Contains(pattern, "/") && !strings.Contains(name, "/") {
		return path.Match(pattern, name)
	}
	// '\x00' stands for '/': path.Match treats only '/' specially.
	return path.Match(strings.ReplaceAll(pattern, "/", "\x00"), strings.ReplaceAll(name, "/", "\x00"))
}
