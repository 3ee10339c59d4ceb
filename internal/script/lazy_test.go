package script

import (
	"context"
	"testing"
)

// A namespace's tool functions are made when read, and the namespace
// still looks the same to a script: its tools are in it and listed (in
// the declared order when none was read first), unknown names are not in
// it but still callable, and a function read twice is the same function.
func TestRun_NamespaceToolsAreMadeOnFirstRead(t *testing.T) {
	req := Request{Namespaces: []Namespace{{Ident: "srv", Server: "srv", Functions: []Function{
		{Ident: "a", Server: "srv", Tool: "a"}, {Ident: "b_c", Server: "srv", Tool: "b-c"}, {Ident: "d", Server: "srv", Tool: "d"},
	}}}}
	for _, c := range []struct{ src, want string }{
		{`return Object.keys(srv)`, `["a","b_c","d"]`},
		{`return ["a" in srv, "b_c" in srv, "nope" in srv, typeof srv.nope]`, `[true,true,false,"function"]`},
		{`return [srv.d === srv.d, typeof srv.b_c, Object.keys(srv).length]`, `[true,"function",3]`},
		{`return Object.getOwnPropertyNames(srv).sort()`, `["a","b_c","d"]`},
		{`const r = await srv.b_c({x: 1}); return [r.server, r.tool, r.args.x]`, `["srv","b-c",1]`},
		{`const {a, d} = srv; return [typeof a, typeof d]`, `["function","function"]`},
	} {
		req.Source = c.src
		res := Run(context.Background(), req, echo)
		if res.Err != nil || string(res.Value) != c.want {
			t.Errorf("%s: %s %v, want %s", c.src, res.Value, res.Err, c.want)
		}
	}
}
