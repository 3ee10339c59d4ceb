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

// A progress token the SDK would change (decoded through float64 or Go
// strings) is named; any other, or none, is not.
func TestOddProgressToken(t *testing.T) {
	for msg, want := range map[string]bool{
		`{"params":{"_meta":{"progressToken":9007199254740993}}}`: true,
		`{"params":{"_meta":{"progressToken":1.5}}}`:              true,
		`{"params":{"_meta":{"progressToken":"\ud800"}}}`:         true,
		`{"params":{"_meta":{"progressToken":7}}}`:                false,
		`{"params":{"_meta":{"progressToken":"t-1"}}}`:            false,
		`{"params":{"_meta":{"progressToken":{"a":1}}}}`:          false,
		`{"params":{"text":"\"progressToken\":1.5"}}`:             false,
		`{"params":{}}`: false,
	} {
		if got := OddProgressToken([]byte(msg)) != ""; got != want {
			t.Errorf("OddProgressToken(%s) = %v, want %v", msg, got, want)
		}
	}
}
