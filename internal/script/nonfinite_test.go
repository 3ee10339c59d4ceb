package script

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
)

// Round forty: NaN and the infinities where the first look did not see
// them. A Number object is unwrapped by JSON.stringify after the replacer
// saw an object (its valueOf is the script's to give), and a getter or a
// valueOf asked twice could answer NaN to the pass whose JSON is sent and
// a number to the pass that checked it.
func TestRun_NonFiniteNumberHiddenInArgumentsIsFound(t *testing.T) {
	refusedArguments(t, 0, map[string]string{
		"await s.t({n: new Number(NaN)})":                                          `TypeError: s.t: there is NaN in the arguments (under the key "n")`,
		"await s.t({n: Object.assign(new Number(1), {valueOf() { return 1/0 }})})": `TypeError: s.t: there is Infinity in the arguments (under the key "n")`,
		"await s.t({n: Object.setPrototypeOf(new Number(NaN), Object.prototype)})": `TypeError: s.t: there is NaN in the arguments (under the key "n")`,
		"await s.t({a: [Object(NaN)]})":                                            "TypeError: s.t: there is NaN in the arguments (at index 0)",
		"await s.t({f: new Float64Array([1, NaN])})":                               `TypeError: s.t: there is NaN in the arguments (under the key "1")`,
		"await s.t({m: new Map([['k', -1/0]])})":                                   `TypeError: s.t: there is -Infinity in the arguments (under the key "k")`,
		"await s.t({d: {toJSON() { return Infinity }}})":                           `TypeError: s.t: there is Infinity in the arguments (under the key "d")`,
		"await s.t({a: 1n, b: NaN})":                                               "TypeError: s.t: there is a BigInt in the arguments",
		"await prompts.get('s', 'p', {x: NaN})":                                    `TypeError: prompts.get: there is NaN in the arguments (under the key "x")`,
		"await resources.list(new Number(1/0))":                                    "TypeError: resources.list: there is Infinity in the arguments (at index 0)",
		"await skills.x({n: NaN})":                                                 `TypeError: skills.x: there is NaN in the arguments (under the key "n")`,
		"await skills.save({name: 'x', description: 'd', inputSchema: {type: 'object', maximum: Infinity}, code: 'return 1'})": `TypeError: skills.save: there is Infinity in the definition (under the key "maximum")`,
		"await s.t({toJSON() { return undefined }})": "TypeError: s.t: the arguments give no JSON at all (a toJSON gave undefined): pass an object",
	})
}

// What is sent is what was checked: a getter answering NaN to one pass
// over the arguments and a number to another cannot send null.
func TestRun_ArgumentsSentAreTheOnesChecked(t *testing.T) {
	ns := []Namespace{{Ident: "s", Functions: []Function{{Ident: "t", Server: "s", Tool: "t"}}}}
	for _, src := range []string{
		"let c = 0; await s.t({get n() { return c++ ? 1 : NaN }})",
		"let c = 0; await s.t({n: 0, m: Object.assign(new Number(2), {valueOf() { return c++ ? 1 : NaN }})})",
		"let c = 0; await s.t({x: null, get n() { return c++ ? 1 : () => 1 }})",
	} {
		var got []string
		caller := callerFunc(func(_ context.Context, _, _ string, args json.RawMessage) (json.RawMessage, error) {
			got = append(got, string(args))
			return json.RawMessage("null"), nil
		})
		res := Run(t.Context(), Request{Source: src, Namespaces: ns}, caller)
		for _, g := range got {
			if strings.Contains(g, `"n":null`) || strings.Contains(g, `"m":null`) || !strings.Contains(g, `"n"`) {
				t.Errorf("%s: sent %s (err %v): a value other than the one checked", src, g, res.Err)
			}
		}
	}
}
