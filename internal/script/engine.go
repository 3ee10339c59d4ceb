package script

import (
	"fmt"
	"runtime"
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

// spares holds up to maxSpares engines made ready in the background, so
// that a run does not pay for creating its VM (about half a millisecond
// of CPU) or for installing its namespaces (as much again for a few
// hundred tools). They are made after a run, with that run's namespaces
// installed: the next script of a session, or of another session with
// the same servers, finds its namespaces bound; two absorb scripts that
// come back to back faster than one VM is made. One goroutine makes them,
// one at a time; the first run that finds none ready while one is being
// made waits for it rather than making another at the same time (which
// would take as long, on a busy CPU longer); runs after it, at once, make
// their own.
var spares struct {
	mu      sync.Mutex
	ready   []*engine
	making  bool          // the maker is making spares
	next    chan struct{} // closed when the engine being made is ready; nil when !making
	waiting bool          // a run waits for next
	spec    string        // what the maker installs (the latest prepare's)
	install bool
	drop    []*engine // for the maker to close, after making
}

// maxSpares is the most engines kept ready.
const maxSpares = 2

// The maker is one long-lived goroutine (its stack, grown deep by the
// engine, is kept rather than grown again for every VM), woken by wake.
var (
	makerOnce sync.Once
	wake      = make(chan struct{}, 1)
)

// serves reports whether g can run a script with spec: it has spec
// installed, or none yet.
func (g *engine) serves(spec string) bool { return !g.installed || g.spec == spec }

// takeEngine returns an engine with spec installed: a spare that has
// spec (or none yet), else a new one.
func takeEngine(spec string) (*engine, error) {
	spares.mu.Lock()
	if len(spares.ready) == 0 && spares.making && !spares.waiting {
		spares.waiting = true
		ch := spares.next
		spares.mu.Unlock()
		<-ch
		spares.mu.Lock()
		spares.waiting = false
	}
	var g *engine
	for i := len(spares.ready) - 1; i >= 0; i-- {
		if e := spares.ready[i]; e.serves(spec) {
			g = e
			spares.ready = append(spares.ready[:i], spares.ready[i+1:]...)
			break
		}
	}
	spares.mu.Unlock()
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

// prepare keeps maxSpares engines ready with spec installed (none when
// install is false), making the missing ones in the background, drops the
// spares that have other namespaces (never reused across sessions'
// servers), and has used (may be nil) closed in the background. It
// claims the making before it returns, so a run that starts after it
// waits for the next spare.
func prepare(spec string, install bool, used *engine) {
	spares.mu.Lock()
	spares.spec, spares.install = spec, install
	if used != nil {
		spares.drop = append(spares.drop, used)
	}
	keep := spares.ready[:0]
	for _, e := range spares.ready {
		if !install || e.serves(spec) {
			keep = append(keep, e)
		} else {
			spares.drop = append(spares.drop, e)
		}
	}
	clear(spares.ready[len(keep):])
	spares.ready = keep
	if !spares.making && len(spares.ready) < maxSpares {
		spares.making, spares.next = true, make(chan struct{})
	}
	work := spares.making || len(spares.drop) > 0
	spares.mu.Unlock()
	if work {
		makerOnce.Do(func() { go maker() })
		select {
		case wake <- struct{}{}:
		default: // woken already
		}
	}
}

// maker makes engines while spares.making, until maxSpares are ready,
// and closes the dropped ones after each (making the next VM comes
// before freeing old ones). It yields between the steps of making and
// freeing VMs (each a few hundred microseconds of CPU), so that in a
// process with one processor (a sandbox worker) the script it makes
// them for is not held up for a whole VM.
func maker() {
	for range wake {
		for {
			spares.mu.Lock()
			if !spares.making {
				drop := spares.drop
				spares.drop = nil
				spares.mu.Unlock()
				closeAll(drop)
				break
			}
			spec, install := spares.spec, spares.install
			spares.mu.Unlock()
			g, err := newEngine()
			runtime.Gosched()
			if err == nil && install {
				if err = g.installSpec(spec); err != nil {
					g.close()
				}
				runtime.Gosched()
			}
			spares.mu.Lock()
			if err == nil {
				if !spares.install || g.serves(spares.spec) {
					spares.ready = append(spares.ready, g)
				} else {
					spares.drop = append(spares.drop, g) // a prepare for other namespaces came meanwhile
				}
			}
			ch := spares.next
			more := err == nil && len(spares.ready) < maxSpares
			if more {
				spares.next = make(chan struct{})
			} else {
				spares.making, spares.next = false, nil
			}
			drop := spares.drop
			spares.drop = nil
			spares.mu.Unlock()
			close(ch)
			closeAll(drop)
			if !more {
				break
			}
		}
	}
}

// closeAll closes engines.
func closeAll(engines []*engine) {
	for _, g := range engines {
		g.close()
		runtime.Gosched()
	}
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
