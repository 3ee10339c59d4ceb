package script

import (
	"fmt"
	"strings"
	"sync"

	"modernc.org/quickjs"
)

// engine is a VM made ready ahead of a run: created, host functions
// registered, the prelude evaluated and, once spec is set, namespaces
// installed. Its host functions reach the run through host, set when the
// run takes the engine. An engine runs one script only: scripts never
// share a VM, so nothing a script leaves in its globals reaches another.
type engine struct {
	vm                                *quickjs.VM
	host                              *run
	api, install, start, settle, fire quickjs.Value
	installed                         bool   // spec is installed
	spec                              string // the namespaces installed, in NamespaceSpec form
}

// newEngine builds an engine; it is not yet bound to a run.
func newEngine() (*engine, error) {
	code, err := preludeBytecode()
	if err != nil {
		return nil, err
	}
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, fmt.Errorf("creating VM: %w", err)
	}
	g := &engine{vm: vm}
	for name, fn := range map[string]quickjs.HostFunc{
		"__sb_call":  func(a []any) (any, error) { return g.host.hostCall(a) },
		"__sb_log":   func(a []any) (any, error) { return g.host.hostLog(a) },
		"__sb_done":  func(a []any) (any, error) { return g.host.hostDone(a) },
		"__sb_timer": func(a []any) (any, error) { return g.host.hostTimer(a) },
	} {
		if err := vm.RegisterHostFunc(name, fn); err != nil {
			vm.Close()
			return nil, fmt.Errorf("registering %s: %w", name, err)
		}
	}
	g.api, err = vm.EvalBytecodeValue(code)
	if err != nil {
		vm.Close()
		return nil, fmt.Errorf("evaluating prelude: %w", err)
	}
	for _, m := range []struct {
		v    *quickjs.Value
		name string
	}{{&g.install, "install"}, {&g.start, "start"}, {&g.settle, "settle"}, {&g.fire, "fire"}} {
		atom, err := vm.NewAtom(m.name)
		if err == nil {
			*m.v, err = g.api.GetPropertyValue(atom)
		}
		if err != nil {
			vm.Close()
			return nil, fmt.Errorf("prelude method %s: %w", m.name, err)
		}
	}
	return g, nil
}

// installSpec installs the namespaces of spec. An engine takes one spec,
// once.
func (g *engine) installSpec(spec string) error {
	if _, err := g.install.Call(quickjs.UndefinedValue, spec); err != nil {
		return err
	}
	g.installed, g.spec = true, spec
	return nil
}

// close frees the engine's values and its VM.
func (g *engine) close() {
	g.install.Free()
	g.start.Free()
	g.settle.Free()
	g.fire.Free()
	g.api.Free()
	g.vm.Close()
}

// spares holds one engine made ready in the background, so that a run
// does not pay for creating its VM (a few tenths of a millisecond) or for
// installing its namespaces (as much again for a few hundred tools). It
// is made after a run, with that run's namespaces installed: the next
// script of a session, or of another session with the same servers,
// finds its namespaces bound. One engine is made at a time; the first run
// that arrives meanwhile waits for it rather than making a second one at
// the same time (which would take as long, on a busy CPU longer); runs
// after it, at once, make their own.
var spares struct {
	mu        sync.Mutex
	spare     *engine       // nil when none is ready
	preparing chan struct{} // non-nil while one is being made; closed when done
	waiting   bool          // a run waits for preparing
}

// takeEngine returns an engine with spec installed: the spare when it
// has spec, or none yet, else a new one.
func takeEngine(spec string) (*engine, error) {
	spares.mu.Lock()
	if spares.spare == nil && spares.preparing != nil && !spares.waiting {
		spares.waiting = true
		ch := spares.preparing
		spares.mu.Unlock()
		<-ch
		spares.mu.Lock()
		spares.waiting = false
	}
	g := spares.spare
	spares.spare = nil
	spares.mu.Unlock()
	if g != nil && g.installed && g.spec != spec {
		go g.close() // another session's namespaces: never reuse them
		g = nil
	}
	if g == nil {
		var err error
		if g, err = newEngine(); err != nil {
			return nil, err
		}
	}
	if !g.installed {
		if err := g.installSpec(spec); err != nil {
			g.close()
			return nil, fmt.Errorf("installing namespaces: %w", err)
		}
	}
	return g, nil
}

// prepare makes the spare with spec installed (none when install is
// false) in the background, unless one is ready or being made, and closes
// used (may be nil) after it. It claims the making before it returns, so a
// run that starts after it waits for that spare.
func prepare(spec string, install bool, used *engine) {
	spares.mu.Lock()
	if spares.preparing != nil || spares.spare != nil && (!install || spares.spare.installed && spares.spare.spec == spec) {
		spares.mu.Unlock()
		if used != nil {
			go used.close()
		}
		return
	}
	old := spares.spare
	spares.spare = nil
	done := make(chan struct{})
	spares.preparing = done
	spares.mu.Unlock()
	go func() {
		g, err := newEngine()
		if err == nil && install {
			if err = g.installSpec(spec); err != nil {
				g.close()
			}
		}
		spares.mu.Lock()
		if err == nil {
			spares.spare = g
		}
		spares.preparing = nil
		spares.mu.Unlock()
		close(done)
		for _, x := range []*engine{old, used} {
			if x != nil {
				x.close()
			}
		}
	}()
}

// Prepare makes a VM ready for the next Run in the background, so that
// the first Run does not pay for creating it. Optional; safe to call at
// any time.
func Prepare() { prepare("", false, nil) }

// specClean drops the separators of NamespaceSpec from names.
var specClean = strings.NewReplacer("\x1e", "", "\x1f", "")

// NamespaceSpec is the compact form of nss that the prelude's install
// function reads (and the sandbox sends to its workers): per namespace a
// segment, separated by \x1e, of fields separated by \x1f: its ident, its
// server, then ident, server and tool per function. A split is faster
// than parsing JSON. Both separators are dropped from names: no
// JavaScript identifier or MCP tool name has them.
func NamespaceSpec(nss []Namespace) string {
	n := 0
	for _, ns := range nss {
		n += len(ns.Ident) + len(ns.Server) + 2
		for _, f := range ns.Functions {
			n += len(f.Ident) + len(f.Server) + len(f.Tool) + 3
		}
	}
	var b strings.Builder
	b.Grow(n)
	put := func(s string) {
		if strings.ContainsAny(s, "\x1e\x1f") {
			s = specClean.Replace(s)
		}
		b.WriteString(s)
	}
	for i, ns := range nss {
		if i > 0 {
			b.WriteByte(0x1e)
		}
		put(ns.Ident)
		b.WriteByte(0x1f)
		if ns.Server != "" {
			put(ns.Server)
		} else {
			put(ns.Ident)
		}
		for _, f := range ns.Functions {
			b.WriteByte(0x1f)
			put(f.Ident)
			b.WriteByte(0x1f)
			put(f.Server)
			b.WriteByte(0x1f)
			put(f.Tool)
		}
	}
	return b.String()
}
