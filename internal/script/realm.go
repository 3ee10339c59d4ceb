package script

import (
	"bytes"
	"encoding/binary"
	"reflect"
	"sync/atomic"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
	"modernc.org/quickjs"
)

// A VM runs the next script of the same session only if the last one left
// nothing in it that the next could see. A realm is the record of that
// state: every object of the VM once its engine is ready (the intrinsics,
// the hidden ones only instances reach, the global object, the prelude's
// and the namespaces' objects) and what each held, read from the engine's
// own structures. After a script, same reads them again: any object whose
// prototype, extensibility, properties or their attributes or values
// changed, or a global the script replaced or deleted, makes the VM one
// that is closed as before. A global the script added is deleted (by the
// prelude's reset). Nothing is frozen: a script that extends a prototype
// runs as it did, its VM is just not used again.
//
// This reads the engine's C structures (modernc.org/libquickjs, the
// version quickjs pins) through unsafe, as compile.go uses its C API:
// quickjs.VM exposes neither its context nor a way to walk its objects.
// The tests of reuse_test.go hold it to the engine's behaviour.
type realm struct {
	tls  *libc.TLS
	ctx  uintptr // JSContext
	rt   uintptr // JSRuntime
	glob uintptr // the global object

	objs []uintptr // every object at the record, each kept alive (pinned)
	ends []int     // objs[i]'s record is state[ends[i-1]:ends[i]]
	// state is the records, one after another.
	state []byte
	// globalProps is how many of the global object's property slots
	// were taken at the record; a script's globals come after them.
	globalProps int32
	uvars       uintptr // the global object's placeholders (see newRealm)
	uvarsProps  int32   // how many property slots uvars had at the record
	classes     []byte  // appendClasses at the record
	scratch     []byte
}

// vmFields are the offsets of quickjs.VM's context and runtime pointers;
// ok is false (and no VM is reused) if quickjs.VM is not as this reads it.
var vmFields = func() (f struct {
	ctx, runtime, tls uintptr
	ok                bool
}) {
	t := reflect.TypeFor[quickjs.VM]()
	st, ok := t.FieldByName("state")
	if !ok {
		return f
	}
	c, ok1 := st.Type.FieldByName("cContext")
	r, ok2 := st.Type.FieldByName("runtime")
	if !ok1 || !ok2 || c.Type.Kind() != reflect.Uintptr || r.Type.Kind() != reflect.Pointer || r.Type.Elem().Kind() != reflect.Struct {
		return f
	}
	tl, ok3 := r.Type.Elem().FieldByName("tls")
	if !ok3 || tl.Type != reflect.TypeFor[*libc.TLS]() {
		return f
	}
	f.ctx, f.runtime, f.tls, f.ok = st.Offset+c.Offset, st.Offset+r.Offset, tl.Offset, true
	return f
}()

// The engine's layout: a GC object's malloc block header precedes it
// (its reference count, and its type in the low bits of the byte at 3);
// a shape's hash table follows it, then its properties.
const (
	blockHeader   = unsafe.Sizeof(lib.TJSMallocBlockHeader{})
	refCount      = unsafe.Offsetof(lib.TJSMallocBlockHeader{}.Fref_count)
	gcType        = unsafe.Offsetof(lib.TJSMallocBlockHeader{}.F__ccgo3)
	shapePropSize = unsafe.Sizeof(lib.TJSShapeProperty{}) // flags and hash link, then the atom at +4
	propSize      = unsafe.Sizeof(lib.TJSProperty{})
	valueSize     = unsafe.Sizeof(lib.TJSValue{})
	shapeHeader   = unsafe.Sizeof(lib.TJSShape{})
	propFlags     = 0xfc000000
	propShift     = 26
	propTMask     = lib.MJS_PROP_TMASK
	propVarRef    = lib.MJS_PROP_VARREF
	propAutoInit  = lib.MJS_PROP_AUTOINIT
)

// stateSize is the size of the last record, and a little more: the next
// is about as large.
var stateSize atomic.Int64

// newRealm records vm's objects and pins each one, so that none is freed
// (and its memory reused) before same reads it again. It returns nil
// (the VM is not reused) when quickjs.VM is not as this reads it.
func newRealm(vm *quickjs.VM) *realm {
	if !vmFields.ok {
		return nil
	}
	p := unsafe.Pointer(vm)
	rm := &realm{
		ctx: *(*uintptr)(unsafe.Add(p, vmFields.ctx)),
	}
	rtp := *(*unsafe.Pointer)(unsafe.Add(p, vmFields.runtime))
	rm.tls = *(**libc.TLS)(unsafe.Add(rtp, vmFields.tls))
	c := (*lib.TJSContext)(at(rm.ctx))
	rm.rt = c.Frt
	rm.glob = uintptr(*(*uint64)(unsafe.Pointer(&c.Fglobal_obj.Fu)))
	rm.materialize()
	rm.globalProps = propCount(rm.glob)
	// The global object's first slot is an object of its own, of the
	// variables code referred to by name before they existed (a
	// placeholder each, which the engine adds as a script names one).
	g := (*lib.TJSObject)(at(rm.glob))
	rm.uvars = *(*uintptr)(unsafe.Pointer(&g.Fu))
	rm.uvarsProps = propCount(rm.uvars)
	rm.classes = rm.appendClasses(nil)
	rm.state = make([]byte, 0, stateSize.Load())
	rt := (*lib.TJSRuntime)(at(rm.rt))
	head := uintptr(unsafe.Pointer(&rt.Fgc_obj_list))
	for el := rt.Fgc_obj_list.Fnext; el != head; el = (*lib.Tlist_head)(at(el)).Fnext {
		if *(*uint8)(at(el - blockHeader + gcType))&0x7f != lib.EJS_GC_OBJ_TYPE_JS_OBJECT {
			continue
		}
		*(*int32)(at(el - blockHeader + refCount))++ // pinned
		rm.objs = append(rm.objs, el)
		rm.state = rm.appendState(rm.state, el)
		rm.ends = append(rm.ends, len(rm.state))
	}
	stateSize.Store(int64(len(rm.state)) + 4<<10)
	return rm
}

// materialize makes the built-ins the engine makes when first read (a
// property of the kind "autoinit": most constructors and their
// prototypes): a script that first reads one must not make an object
// the record does not have. The collector is held off meanwhile, as it
// would reorder the list of objects being walked.
func (rm *realm) materialize() {
	rt := (*lib.TJSRuntime)(at(rm.rt))
	threshold := rt.Fmalloc_gc_threshold
	rt.Fmalloc_gc_threshold = ^lib.Tsize_t(0)
	defer func() { rt.Fmalloc_gc_threshold = threshold }()
	head := uintptr(unsafe.Pointer(&rt.Fgc_obj_list))
	for el := rt.Fgc_obj_list.Fnext; el != head; el = (*lib.Tlist_head)(at(el)).Fnext {
		if *(*uint8)(at(el - blockHeader + gcType))&0x7f != lib.EJS_GC_OBJ_TYPE_JS_OBJECT {
			continue
		}
		obj := (*lib.TJSObject)(at(el))
		var v lib.TJSValue
		*(*uintptr)(unsafe.Pointer(&v.Fu)) = el
		v.Ftag = lib.EJS_TAG_OBJECT
		for i := int32(0); ; i++ {
			sh := (*lib.TJSShape)(at(obj.Fshape)) // a realized property may change it
			if i >= sh.Fprop_count {
				break
			}
			sp := obj.Fshape + shapeHeader + uintptr(sh.Fprop_hash_mask+1)*4 + uintptr(i)*shapePropSize
			flags := *(*uint32)(at(sp)) & propFlags >> propShift
			atom := *(*uint32)(at(sp + 4))
			if flags&propTMask != propAutoInit || atom == lib.MJS_ATOM_NULL {
				continue
			}
			r := lib.XJS_GetPropertyInternal(rm.tls, rm.ctx, v, atom, v, 0)
			lib.XFreeValue(rm.tls, rm.ctx, r)
		}
	}
}

// appendClasses appends the prototypes the context keeps per class and
// its other built-ins: one a script makes (the first async generator's)
// must not be missing from the record.
func (rm *realm) appendClasses(b []byte) []byte {
	c := (*lib.TJSContext)(at(rm.ctx))
	n := (*lib.TJSRuntime)(at(rm.rt)).Fclass_count
	b = append(b, unsafe.Slice((*byte)(at(c.Fclass_proto)), uintptr(n)*valueSize)...)
	return append(b, unsafe.Slice((*byte)(unsafe.Pointer(&c.Ffunction_proto)), unsafe.Offsetof(c.Frandom_state)-unsafe.Offsetof(c.Ffunction_proto))...)
}

// appendState appends what object o holds: its flags and class, its
// internal slots, its prototype and its properties (their names,
// attributes and values; for a variable reference, the variable's value).
// The global object's record stops at the properties taken at the
// record (rm.globalProps): the prelude's reset deletes the ones after them.
func (rm *realm) appendState(b []byte, o uintptr) []byte {
	obj := (*lib.TJSObject)(at(o))
	sh := (*lib.TJSShape)(at(obj.Fshape))
	b = append(b, unsafe.Slice((*byte)(unsafe.Pointer(&obj.F__ccgo16)), 4)...) // extensible, fast array ..., class
	b = append(b, unsafe.Slice((*byte)(unsafe.Pointer(&obj.Fu)), unsafe.Sizeof(obj.Fu))...)
	b = appendWord(b, uint64(sh.Fproto))
	n := sh.Fprop_count
	if prefix := rm.prefix(o); prefix >= 0 {
		if n < prefix {
			return append(b, 1) // cannot match: a property of the record is gone
		}
		n = prefix
	} else {
		b = appendWord(b, uint64(n)|uint64(sh.Fdeleted_prop_count)<<32)
	}
	if n == 0 {
		return b
	}
	prs := obj.Fshape + shapeHeader + uintptr(sh.Fprop_hash_mask+1)*4
	for i := range uintptr(n) {
		sp := prs + i*shapePropSize
		flags := *(*uint32)(at(sp)) & propFlags >> propShift
		b = appendWord(b, uint64(flags)|uint64(*(*uint32)(at(sp + 4)))<<32)
		pr := obj.Fprop + i*propSize
		b = append(b, unsafe.Slice((*byte)(at(pr)), propSize)...)
		if flags&propTMask == propVarRef && *(*uint32)(at(sp + 4)) != lib.MJS_ATOM_NULL {
			ref := (*lib.TJSVarRef)(at(*(*uintptr)(at(pr))))
			b = append(b, unsafe.Slice((*byte)(at(ref.Fpvalue)), valueSize)...)
		}
	}
	return b
}

// prefix is how many properties of o the record holds when o is the
// global object or its placeholders (the rest are a script's, which
// same and reset see to), else -1: all of them.
func (rm *realm) prefix(o uintptr) int32 {
	switch o {
	case rm.glob:
		return rm.globalProps
	case rm.uvars:
		return rm.uvarsProps
	}
	return -1
}

// propCount is how many property slots object o has.
func propCount(o uintptr) int32 {
	return (*lib.TJSShape)(at((*lib.TJSObject)(at(o)).Fshape)).Fprop_count
}

// placeholdersOnly reports whether the properties of the placeholders'
// object past the record are deleted ones or placeholders (variables
// not yet initialized): the names a script used, with nothing of its.
func (rm *realm) placeholdersOnly() bool {
	obj := (*lib.TJSObject)(at(rm.uvars))
	sh := (*lib.TJSShape)(at(obj.Fshape))
	prs := obj.Fshape + shapeHeader + uintptr(sh.Fprop_hash_mask+1)*4
	for i := uintptr(rm.uvarsProps); i < uintptr(sh.Fprop_count); i++ {
		if *(*uint32)(at(prs + i*shapePropSize + 4)) == lib.MJS_ATOM_NULL {
			continue // deleted
		}
		flags := *(*uint32)(at(prs + i*shapePropSize)) & propFlags >> propShift
		if flags&propTMask != propVarRef {
			return false
		}
		ref := (*lib.TJSVarRef)(at(*(*uintptr)(at(obj.Fprop + i*propSize))))
		if (*lib.TJSValue)(at(ref.Fpvalue)).Ftag != lib.EJS_TAG_UNINITIALIZED {
			return false
		}
	}
	return true
}

func appendWord(b []byte, w uint64) []byte { return binary.LittleEndian.AppendUint64(b, w) }

// same reports whether every object holds what it held at the record
// (the global object: its first globalProps properties), and no job is
// pending. It runs no JavaScript.
func (rm *realm) same() bool {
	if rm.jobsPending() || !rm.placeholdersOnly() {
		return false
	}
	rm.scratch = rm.appendClasses(rm.scratch[:0])
	if !bytes.Equal(rm.scratch, rm.classes) {
		return false
	}
	start := 0
	for i, o := range rm.objs {
		rm.scratch = rm.appendState(rm.scratch[:0], o)
		if !bytes.Equal(rm.scratch, rm.state[start:rm.ends[i]]) {
			return false
		}
		start = rm.ends[i]
	}
	return true
}

// jobsPending reports whether a promise job or a finalizer's is pending.
func (rm *realm) jobsPending() bool {
	rt := (*lib.TJSRuntime)(at(rm.rt))
	return rt.Fjob_list.Fnext != uintptr(unsafe.Pointer(&rt.Fjob_list))
}

// added reports whether the global object has property slots past the
// record's: globals a script added (or deleted ones, which hold nothing).
func (rm *realm) added() bool {
	return propCount(rm.glob) > rm.globalProps
}

// release unpins the objects; the VM may then be closed.
func (rm *realm) release() {
	for _, o := range rm.objs {
		rc := (*int32)(at(o - blockHeader + refCount))
		if *rc > 1 {
			*rc--
			continue
		}
		var v lib.TJSValue
		*(*uintptr)(unsafe.Pointer(&v.Fu)) = o
		v.Ftag = lib.EJS_TAG_OBJECT
		lib.XFreeValue(rm.tls, rm.ctx, v)
	}
	rm.objs = nil
}

// at is the address p, memory of the engine's (C memory, which Go's
// collector does not manage).
func at(p uintptr) unsafe.Pointer { return *(*unsafe.Pointer)(unsafe.Pointer(&p)) }
