package workspace

import (
	"fmt"
	"path"
	"strings"

	"golang.org/x/mod/modfile"
)

// readGo reads go.work at the root (each `use` directory's go.mod) or
// else go.mod at the root. Every `require` (direct or // indirect)
// counts, with the version go.mod names.
func readGo(r *reader, f *facts) {
	mods := []string{"go.mod"}
	if b, ok := r.read("go.work"); ok {
		wf, err := modfile.ParseWork("go.work", b, nil)
		if err != nil {
			f.errs = append(f.errs, goErr(err))
		} else {
			mods = nil
			for _, u := range wf.Use {
				if !r.another("go.work") {
					break
				}
				mods = append(mods, path.Join(strings.TrimPrefix(u.Path, "./"), "go.mod"))
			}
		}
	}
	for _, m := range mods {
		b, ok := r.read(m)
		if !ok {
			continue
		}
		mf, err := modfile.ParseLax(m, b, nil)
		if err != nil {
			f.errs = append(f.errs, goErr(err))
			continue
		}
		for _, req := range mf.Require {
			f.add(req.Mod.Path, m, "", req.Mod.Version)
		}
	}
}

// goErr keeps modfile's "file:line: message" and drops its list wrapper.
func goErr(err error) error {
	if l, ok := err.(modfile.ErrorList); ok && len(l) > 0 {
		parts := make([]string, len(l))
		for i, e := range l {
			parts[i] = fmt.Sprintf("%s:%d: %v", e.Filename, e.Pos.Line, e.Err)
		}
		return fmt.Errorf("%s", strings.Join(parts, "; "))
	}
	return err
}
