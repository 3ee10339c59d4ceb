package tokens

import "testing"

func TestCount_KnownStrings(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0},
		{"hello world", 2},
	} {
		got, err := Count(tc.in)
		if err != nil {
			t.Fatal(err)
		}
		if got != tc.want {
			t.Errorf("Count(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

func TestCount_GrowsWithText(t *testing.T) {
	a, _ := Count("declare namespace github { function create_issue(args: {title: string}): Promise<any>; }")
	b, _ := Count("x")
	if a <= b {
		t.Fatalf("longer text counted %d tokens, shorter %d", a, b)
	}
}
