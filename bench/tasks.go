package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/switchboard-mcp/switchboard/internal/tokens"
)

// compact is v as compact JSON without HTML escaping: how a client puts
// a tool call or result into the model's context.
func compact(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return strings.TrimSpace(b.String())
}

func count(v any) int {
	n, _ := tokens.Count(compact(v))
	return n
}

// convo is the direct path of a task: one model turn per tool call, and
// every call and result stays in the context.
type convo struct {
	ctx           context.Context
	tokens, calls int
	err           error
}

func (c *convo) step(p *proc, name string, args map[string]any) string {
	if c.err != nil {
		return ""
	}
	res, err := p.call(c.ctx, name, args)
	if err != nil {
		c.err = err
		return ""
	}
	c.tokens += count(map[string]any{"name": name, "arguments": args}) + count(res.Content)
	c.calls++
	return text(res)
}

// task is one workflow, written once as a script (the execute path) and
// once as the direct calls a model would make, aggregated in Go.
type task struct {
	name, what string
	servers    []string // the backends it uses
	script     string   // ROOT stands for the quoted filesystem root
	direct     func(c *convo, d map[string]*proc, root string) any
}

var sumRe = regexp.MustCompile(`is (-?[\d.]+)`)

func files(listing string) []string {
	var out []string
	for _, l := range strings.Split(listing, "\n") {
		if n, ok := strings.CutPrefix(l, "[FILE] "); ok {
			out = append(out, n)
		}
	}
	return out
}

var taskList = []task{
	{"notes", "list `notes/` (8 files), read them all, return the number of TODO lines", []string{"filesystem"}, `
const dir = ROOT + "/notes";
const ls = await filesystem.list_directory({path: dir});
const paths = ls.content.split("\n").filter(l => l.startsWith("[FILE] ")).map(l => dir + "/" + l.slice(7));
const all = await filesystem.read_multiple_files({paths});
return {files: paths.length, todos: all.content.split("\n").filter(l => l.includes("TODO")).length};`,
		func(c *convo, d map[string]*proc, root string) any {
			dir := root + "/notes"
			var paths []string
			for _, f := range files(c.step(d["filesystem"], "list_directory", map[string]any{"path": dir})) {
				paths = append(paths, dir+"/"+f)
			}
			all := c.step(d["filesystem"], "read_multiple_files", map[string]any{"paths": paths})
			todos := 0
			for _, l := range strings.Split(all, "\n") {
				if strings.Contains(l, "TODO") {
					todos++
				}
			}
			return map[string]any{"files": len(paths), "todos": todos}
		}},
	{"deprecated", "list `src/` (12 files), read each, return the names of those marked `Deprecated:`", []string{"filesystem"}, `
const dir = ROOT + "/src";
const ls = await filesystem.list_directory({path: dir});
const names = ls.content.split("\n").filter(l => l.startsWith("[FILE] ")).map(l => l.slice(7));
const out = [];
for (const n of names) {
  const f = await filesystem.read_text_file({path: dir + "/" + n});
  if (f.content.includes("Deprecated:")) out.push(n);
}
return out.sort();`,
		func(c *convo, d map[string]*proc, root string) any {
			out := []string{}
			for _, n := range files(c.step(d["filesystem"], "list_directory", map[string]any{"path": root + "/src"})) {
				if strings.Contains(c.step(d["filesystem"], "read_text_file", map[string]any{"path": root + "/src/" + n}), "Deprecated:") {
					out = append(out, n)
				}
			}
			slices.Sort(out)
			return out
		}},
	{"versions", "search `packages/` for `package.json` files, read the matches, return name -> version", []string{"filesystem"}, `
const found = await filesystem.search_files({path: ROOT + "/packages", pattern: "**/package.json"});
const out = {};
for (const p of found.content.split("\n")) {
  const j = JSON.parse((await filesystem.read_text_file({path: p})).content);
  out[j.name] = j.version;
}
return out;`,
		func(c *convo, d map[string]*proc, root string) any {
			out := map[string]any{}
			found := c.step(d["filesystem"], "search_files", map[string]any{"path": root + "/packages", "pattern": "**/package.json"})
			for _, p := range strings.Split(found, "\n") {
				var j struct{ Name, Version string }
				json.Unmarshal([]byte(c.step(d["filesystem"], "read_text_file", map[string]any{"path": p})), &j)
				out[j.Name] = j.Version
			}
			return out
		}},
	{"graph", "create 6 entities and 5 relations in `memory`, then search them; return the names that match", []string{"memory"}, `
await memory.create_entities({entities: PEOPLE});
await memory.create_relations({relations: LINKS});
const g = await memory.search_nodes({query: "rust"});
return g.entities.map(e => e.name).sort();`,
		func(c *convo, d map[string]*proc, root string) any {
			c.step(d["memory"], "create_entities", map[string]any{"entities": people})
			c.step(d["memory"], "create_relations", map[string]any{"relations": links})
			var g struct{ Entities []struct{ Name string } }
			json.Unmarshal([]byte(c.step(d["memory"], "search_nodes", map[string]any{"query": "rust"})), &g)
			out := []string{}
			for _, e := range g.Entities {
				out = append(out, e.Name)
			}
			slices.Sort(out)
			return out
		}},
	{"sums", "ten `everything.get-sum` calls (a = i, b = i*i), return the total", []string{"everything"}, `
const rs = await Promise.all(Array.from({length: 10}, (_, i) => everything.get_sum({a: i + 1, b: (i + 1) * (i + 1)})));
return rs.reduce((t, s) => t + Number(s.match(/is (-?[\d.]+)/)[1]), 0);`,
		func(c *convo, d map[string]*proc, root string) any {
			total := 0.0
			for i := 1; i <= 10; i++ {
				m := sumRe.FindStringSubmatch(c.step(d["everything"], "get-sum", map[string]any{"a": i, "b": i * i}))
				if m != nil {
					v, _ := strconv.ParseFloat(m[1], 64)
					total += v
				}
			}
			return total
		}},
}

var people = []map[string]any{
	{"name": "ada", "entityType": "person", "observations": []string{"writes Rust and Go", "maintains the parser", "based in Lisbon"}},
	{"name": "bo", "entityType": "person", "observations": []string{"writes TypeScript", "owns the web client"}},
	{"name": "cy", "entityType": "person", "observations": []string{"learning Rust", "on call this week"}},
	{"name": "dee", "entityType": "person", "observations": []string{"writes Python", "runs the data pipeline"}},
	{"name": "parser", "entityType": "project", "observations": []string{"written in Rust", "fast incremental parsing"}},
	{"name": "web", "entityType": "project", "observations": []string{"React front end"}},
}

var links = []map[string]any{
	{"from": "ada", "to": "parser", "relationType": "maintains"},
	{"from": "cy", "to": "parser", "relationType": "contributes_to"},
	{"from": "bo", "to": "web", "relationType": "maintains"},
	{"from": "dee", "to": "web", "relationType": "feeds"},
	{"from": "ada", "to": "cy", "relationType": "mentors"},
}

func tasks(ctx context.Context, r *rig) (string, error) {
	dir := filepath.Join(r.tmp, "tasks")
	root := filepath.Join(dir, "fsroot")
	if err := writeTree(root); err != nil {
		return "", err
	}
	argv := map[string][]string{"filesystem": r.nodeArgv("filesystem", root), "memory": r.nodeArgv("memory"), "everything": r.nodeArgv("everything")}
	servers := map[string]any{}
	for name, a := range argv {
		var env map[string]string
		if name == "memory" {
			env = map[string]string{"MEMORY_FILE_PATH": filepath.Join(dir, "memory-switchboard.jsonl")}
		}
		servers[name] = stdioSpec(a, env)
	}
	cfg, env, err := writeConfig(dir, servers)
	if err != nil {
		return "", err
	}
	var cl closer
	defer cl.wg.Wait()
	sb, err := start(ctx, dir, env, "", r.bin, "serve", "--config", cfg)
	if err != nil {
		return "", err
	}
	defer cl.close(sb)
	direct := map[string]*proc{}
	for name, a := range argv {
		denv := env
		if name == "memory" {
			denv = append(slices.Clone(env), "MEMORY_FILE_PATH="+filepath.Join(dir, "memory-direct.jsonl"))
		}
		if direct[name], err = start(ctx, dir, denv, legacy, a...); err != nil {
			return "", err
		}
		defer cl.close(direct[name])
	}

	var b strings.Builder
	fmt.Fprintf(&b, "## 4. Tasks: tokens that enter the model's context\n\n")
	fmt.Fprintf(&b, "Each workflow runs for real against the npm reference servers, twice: as one direct tool call per step (Go SDK clients of the servers; the model sees every call `{name, arguments}` and every result's `content` as JSON) and as one `execute` call through `switchboard serve` (the model sees the script call and the final value). Both paths must return the same value. Tool definitions are not counted on either side (section 1); the last column adds the `list_tools({servers})` call a model would make first to learn the declarations of the servers it uses.\n\n")
	fmt.Fprintf(&b, "| task | what | direct calls | direct tokens | `execute` tokens | saved | `execute` + `list_tools` |\n|---|---|--:|--:|--:|--:|--:|\n")
	var dt, st int
	for _, t := range taskList {
		c := &convo{ctx: ctx}
		want := t.direct(c, direct, root)
		if c.err != nil {
			return "", fmt.Errorf("%s (direct): %w", t.name, c.err)
		}
		script := strings.NewReplacer("ROOT", strconv.Quote(root), "PEOPLE", compact(people), "LINKS", compact(links)).Replace(strings.TrimSpace(t.script))
		res, err := sb.call(ctx, "execute", map[string]any{"script": script})
		if err != nil {
			return "", fmt.Errorf("%s (execute): %w", t.name, err)
		}
		var got, exp any
		json.Unmarshal([]byte(text(res)), &got)
		json.Unmarshal([]byte(compact(want)), &exp)
		if !reflect.DeepEqual(got, exp) {
			return "", fmt.Errorf("%s: execute returned %s, direct calls gave %s", t.name, text(res), compact(want))
		}
		ex := count(map[string]any{"name": "execute", "arguments": map[string]any{"script": script}}) + count(res.Content)
		lt := map[string]any{"servers": t.servers}
		decl, err := sb.call(ctx, "list_tools", lt)
		if err != nil {
			return "", err
		}
		disc := count(map[string]any{"name": "list_tools", "arguments": lt}) + count(decl.Content)
		dt, st = dt+c.tokens, st+ex
		fmt.Fprintf(&b, "| %s | %s | %d | %d | %d | %.0f%% | %d |\n", t.name, t.what, c.calls, c.tokens, ex, 100*(1-float64(ex)/float64(c.tokens)), ex+disc)
	}
	fmt.Fprintf(&b, "| **all** | | | **%d** | **%d** | **%.0f%%** | |\n\n", dt, st, 100*(1-float64(st)/float64(dt)))
	return b.String(), nil
}

// writeTree writes the filesystem tasks' files: notes with TODO lines,
// Go sources of which some are deprecated, nested package.json files.
func writeTree(root string) error {
	words := strings.Fields("the index caches each backend tool list and refreshes it when a server reports a change so scripts see current names while clients keep a short context budget for the real work")
	seed := uint32(7)
	prose := func(n int) string {
		var s []string
		for range n {
			seed = seed*1664525 + 1013904223
			s = append(s, words[seed>>8%uint32(len(words))])
		}
		return strings.Join(s, " ") + "."
	}
	put := func(rel, body string) error {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		return os.WriteFile(p, []byte(body), 0o644)
	}
	for i := 1; i <= 8; i++ {
		var s strings.Builder
		fmt.Fprintf(&s, "# Meeting notes %d\n\n", i)
		for j := range 12 {
			fmt.Fprintf(&s, "%s\n", prose(18))
			if j%(i%4+2) == 0 {
				fmt.Fprintf(&s, "- TODO: follow up on item %d.%d\n", i, j)
			}
		}
		if err := put(fmt.Sprintf("notes/note-%02d.md", i), s.String()); err != nil {
			return err
		}
	}
	for i := 1; i <= 12; i++ {
		var s strings.Builder
		fmt.Fprintf(&s, "package store\n\n")
		if i%3 == 0 {
			fmt.Fprintf(&s, "// Deprecated: use OpenV2 instead.\n")
		}
		fmt.Fprintf(&s, "// Open%d opens store %d. %s\nfunc Open%d(path string) (*Store, error) {\n", i, i, prose(14), i)
		for j := range 20 {
			fmt.Fprintf(&s, "\tstep(%d, %q)\n", j, prose(4))
		}
		fmt.Fprintf(&s, "\treturn &Store{path: path}, nil\n}\n")
		if err := put(fmt.Sprintf("src/file%02d.go", i), s.String()); err != nil {
			return err
		}
	}
	for i, p := range []string{"alpha", "beta", "gamma/lib", "delta", "epsilon/tools/cli"} {
		deps := map[string]string{}
		for j := range 12 {
			deps[fmt.Sprintf("@acme/dep-%d-%d", i, j)] = fmt.Sprintf("^%d.%d.0", j, i)
		}
		pkg := map[string]any{"name": "@acme/" + strings.ReplaceAll(p, "/", "-"), "version": fmt.Sprintf("1.%d.%d", i, 3*i), "description": prose(16),
			"scripts": map[string]string{"build": "tsc -p .", "test": "vitest run", "lint": "eslint ."}, "dependencies": deps, "license": "MIT"}
		b, _ := json.MarshalIndent(pkg, "", "  ")
		if err := put("packages/"+p+"/package.json", string(b)+"\n"); err != nil {
			return err
		}
	}
	return nil
}
