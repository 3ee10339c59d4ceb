package tsdecl

import (
	"slices"
	"testing"
)

func TestIdent_MapsNamesToIdentifiers(t *testing.T) {
	tests := []struct{ name, want string }{
		{"", "_"},
		{"echo", "echo"},
		{"get-sum", "get_sum"},
		{"API-post-search", "API_post_search"},
		{"a.b/c d", "a_b_c_d"},
		{"1password", "_1password"},
		{"9", "_9"},
		{"class", "class_"},
		{"await", "await_"},
		{"undefined", "undefined_"},
		{"Class", "Class"},
		{"ünïcode", "_n_code"},
		{"$x", "_x"},
		{"tab\tname", "tab_name"},
		{"_private", "_private"},
		{"then", "then_"},
		{"toJSON", "toJSON_"},
		{"toString", "toString_"},
		{"valueOf", "valueOf_"},
		{"toLocaleString", "toLocaleString_"},
	}
	for _, tt := range tests {
		if got := Ident(tt.name); got != tt.want {
			t.Errorf("Ident(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestIdents_ResolvesCollisionsIndependentOfOrder(t *testing.T) {
	tests := []struct {
		names, want []string
	}{
		{[]string{"a", "b"}, []string{"a", "b"}},
		// A name that is already an identifier keeps it; the mangled one
		// gets the suffix (get_user stays get_user, get-user is get_user_2).
		{[]string{"get_sum", "get-sum"}, []string{"get_sum", "get_sum_2"}},
		{[]string{"get-user", "get_user"}, []string{"get_user_2", "get_user"}},
		{[]string{"x.y", "x-y", "x_y"}, []string{"x_y_3", "x_y_2", "x_y"}},
		{[]string{"__proto__", "constructor", "prototype", "constructor_"}, []string{"__proto___", "constructor__2", "prototype_", "constructor_"}},
		// "x-" sorts before "x." and keeps x_; "x." gets x__2.
		{[]string{"x", "x.", "x-", "x_2"}, []string{"x", "x__2", "x_", "x_2"}},
		{[]string{"x", "x!", "x_2"}, []string{"x", "x_", "x_2"}},
		{[]string{"a-b", "a.b", "a_b_2"}, []string{"a_b", "a_b_3", "a_b_2"}},
		{[]string{"dup", "dup"}, []string{"dup", "dup_2"}},
		{nil, []string{}},
	}
	for _, tt := range tests {
		got := Idents(tt.names)
		if !slices.Equal(got, tt.want) {
			t.Errorf("Idents(%q) = %q, want %q", tt.names, got, tt.want)
		}
		// Same mapping from the reversed input.
		rev := slices.Clone(tt.names)
		slices.Reverse(rev)
		gotRev := Idents(rev)
		slices.Reverse(gotRev)
		if !slices.Equal(gotRev, tt.want) && !hasDuplicates(tt.names) {
			t.Errorf("Idents(reversed %q) reversed = %q, want %q", tt.names, gotRev, tt.want)
		}
		seen := map[string]bool{}
		for _, id := range got {
			if seen[id] {
				t.Errorf("Idents(%q) repeats %q", tt.names, id)
			}
			seen[id] = true
		}
	}
}

func TestGlobalIdents_AvoidBuiltins(t *testing.T) {
	names := []string{"JSON", "Promise", "console", "Object", "Array", "Math", "globalThis", "undefined",
		"eval", "setTimeout", "clearTimeout", "__proto__", "constructor", "prototype", "memory", "JSON_"}
	got := GlobalIdents(names)
	want := []string{"JSON__2", "Promise_", "console_", "Object_", "Array_", "Math_", "globalThis_", "undefined_",
		"eval_", "setTimeout_", "clearTimeout_", "__proto___", "constructor_", "prototype_", "memory", "JSON_"}
	if !slices.Equal(got, want) {
		t.Errorf("GlobalIdents = %q, want %q", got, want)
	}
	// Tools are properties, not globals: only property hazards change.
	if got := Idents([]string{"JSON", "console", "constructor"}); !slices.Equal(got, []string{"JSON", "console", "constructor_"}) {
		t.Errorf("Idents = %q", got)
	}
}

func hasDuplicates(s []string) bool {
	seen := map[string]bool{}
	for _, v := range s {
		if seen[v] {
			return true
		}
		seen[v] = true
	}
	return false
}
