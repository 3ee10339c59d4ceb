package rpcid

import "testing"

func TestInexactNumber(t *testing.T) {
	for s, want := range map[string]bool{
		"7": false, "-0": false, "1e3": false, "1000.0": false, "9007199254740992": false, "-9007199254740992": false,
		"1.5": true, "9007199254740993": true, "1e30": true, "1e400": true, "": false, `"7"`: false,
	} {
		if got := InexactNumber([]byte(s)); got != want {
			t.Errorf("InexactNumber(%s) = %v, want %v", s, got, want)
		}
	}
}

func TestInvalidString(t *testing.T) {
	for s, want := range map[string]bool{
		`"a"`: false, `"\ud83d\ude00"`: false, `"\ufffd"`: false, `"\\ud800"`: false, `"\n\u0041"`: false,
		`"\ud800"`: true, `"x\udc00y"`: true, `"\ud800\u0041"`: true, "\"a\xff\"": true,
	} {
		if got := InvalidString([]byte(s)); got != want {
			t.Errorf("InvalidString(%s) = %v, want %v", s, got, want)
		}
	}
}
