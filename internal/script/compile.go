package script

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
)

// compileStripped compiles src (global code) to QuickJS bytecode without
// its source text or debug information (file name, line numbers, local
// names): what quickjs.VM.Compile writes keeps both, and a VM reading the
// prelude's bytecode paid for them on every run (57 kB of bytecode against
// 10 kB stripped; reading and freeing it is a tenth of making a VM).
// Nothing needs them: the prelude's frames are dropped from a script's
// stack by name, and a script that asks a prelude function for its text
// (console.log.toString()) gets "[native code]" instead of our source.
//
// quickjs.VM has no way to set a runtime's strip flags, so this uses the
// engine's C API (modernc.org/libquickjs, the version quickjs pins, whose
// bytecode quickjs.VM.EvalBytecodeValue reads) on a runtime of its own.
func compileStripped(src, filename string) ([]byte, error) {
	tls := libc.NewTLS()
	defer tls.Close()
	rt := lib.XJS_NewRuntime(tls)
	if rt == 0 {
		return nil, fmt.Errorf("creating a runtime")
	}
	defer lib.XJS_FreeRuntime(tls, rt)
	lib.XJS_SetStripInfo(tls, rt, lib.MJS_STRIP_SOURCE|lib.MJS_STRIP_DEBUG)
	ctx := lib.XJS_NewContext(tls, rt)
	if ctx == 0 {
		return nil, fmt.Errorf("creating a context")
	}
	defer lib.XJS_FreeContext(tls, ctx)

	csrc, err := libc.CString(src)
	if err != nil {
		return nil, err
	}
	defer libc.Xfree(tls, csrc)
	cname, err := libc.CString(filename)
	if err != nil {
		return nil, err
	}
	defer libc.Xfree(tls, cname)

	obj := lib.XJS_Eval(tls, ctx, csrc, lib.Tsize_t(len(src)), cname, lib.MJS_EVAL_TYPE_GLOBAL|lib.MJS_EVAL_FLAG_COMPILE_ONLY)
	defer lib.XFreeValue(tls, ctx, obj)
	if lib.XJS_HasException(tls, ctx) != 0 {
		return nil, fmt.Errorf("%s: %s", filename, exceptionText(tls, ctx))
	}

	const sizeLen = int(unsafe.Sizeof(lib.Tsize_t(0)))
	size := tls.Alloc(sizeLen)
	defer tls.Free(sizeLen)
	p := lib.XJS_WriteObject(tls, ctx, size, obj, lib.MJS_WRITE_OBJ_BYTECODE)
	if p == 0 {
		return nil, fmt.Errorf("%s: writing bytecode: %s", filename, exceptionText(tls, ctx))
	}
	defer lib.Xjs_free(tls, ctx, p)
	var n uint64
	if b := libc.GoBytes(size, sizeLen); sizeLen == 8 {
		n = binary.NativeEndian.Uint64(b)
	} else {
		n = uint64(binary.NativeEndian.Uint32(b))
	}
	return bytes.Clone(libc.GoBytes(p, int(n))), nil
}

// exceptionText takes ctx's pending exception and returns its text.
func exceptionText(tls *libc.TLS, ctx uintptr) string {
	exc := lib.XJS_GetException(tls, ctx)
	defer lib.XFreeValue(tls, ctx, exc)
	s := lib.XJS_ToCStringLen2(tls, ctx, 0, exc, 0)
	if s == 0 {
		return "an exception that cannot be described"
	}
	defer lib.XJS_FreeCString(tls, ctx, s)
	return libc.GoString(s)
}
