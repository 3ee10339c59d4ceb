package script

import (
	"testing"
)

// A namespace's inherited methods answered a tool call by their name with
// their own result: filesystem.constructor({}) was {} and
// filesystem.toString({}) "[object Object]", without a word, where a
// backend's tool "constructor" is offered as constructor_ (or is none).
// Called with an object, as a tool is, each calls the tool by that name
// (the host calls it, or rejects it naming the tools there are); called
// otherwise it is still the method (round 121).
func TestRun_ANamespacesInheritedMethodsCalledAsToolsCallTheTool(t *testing.T) {
	for src, want := range map[string]string{
		`return await filesystem.constructor({a: 1})`:              `{"args":{"a":1},"server":"filesystem","tool":"constructor"}`,
		`return await filesystem.toString({})`:                     `{"args":{},"server":"filesystem","tool":"toString"}`,
		`return await filesystem.valueOf({x: "y"})`:                `{"args":{"x":"y"},"server":"filesystem","tool":"valueOf"}`,
		`return await filesystem.hasOwnProperty({})`:               `{"args":{},"server":"filesystem","tool":"hasOwnProperty"}`,
		`return await filesystem.toLocaleString({})`:               `{"args":{},"server":"filesystem","tool":"toLocaleString"}`,
		`return [String(filesystem), "" + filesystem]`:             `["[object Object]","[object Object]"]`,
		`return filesystem.hasOwnProperty("get_sum")`:              `true`,
		`return typeof filesystem.valueOf()`:                       `"object"`,
		`return [typeof filesystem.then, typeof await filesystem]`: `["undefined","object"]`,
		`return await filesystem.get_sum({})`:                      `{"args":{},"server":"file-system","tool":"get-sum"}`,
	} {
		res := mustRun(t, src, echo)
		if string(res.Value) != want {
			t.Errorf("%s: Value = %s, want %s", src, res.Value, want)
		}
	}
}
