package workspace

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// "**" as a whole segment is zero or more directories, as in gitignore
// and doublestar: "**/*.sql" matches a.sql at the root (it was "*/*.sql":
// one level down only), "**/q.sql" any depth, "sub/**" everything inside
// sub (not sub), "**" alone everything; within a segment "**" is "*".
// It never stands for .git or node_modules, nor goes through a link.
func TestGlobInside_DoubleStar(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"a.sql", "sub/b.sql", "sub/deep/q.sql", "sub/deep/r.txt", "x/q.sql", ".git/objects/q.sql", "node_modules/m/q.sql", "empty/"} {
		p := filepath.Join(root, filepath.FromSlash(f))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if !strings.HasSuffix(f, "/") {
			os.WriteFile(p, nil, 0o644)
		} else {
			os.MkdirAll(p, 0o755)
		}
	}
	if err := os.Symlink("sub", filepath.Join(root, "loop")); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		pattern string
		want    []string
	}{
		{"**/*.sql", []string{"a.sql", "sub/b.sql", "sub/deep/q.sql", "x/q.sql"}},
		{"**/q.sql", []string{"sub/deep/q.sql", "x/q.sql"}},
		{"sub/**/q.sql", []string{"sub/deep/q.sql"}},
		{"sub/**/b.sql", []string{"sub/b.sql"}},
		{"sub/**", []string{"sub/b.sql", "sub/deep", "sub/deep/q.sql", "sub/deep/r.txt"}},
		{"sub/**/**", []string{"sub/b.sql", "sub/deep", "sub/deep/q.sql", "sub/deep/r.txt"}},
		{"empty/**", nil},
		{"**", []string{"a.sql", "empty", "loop", "sub", "sub/b.sql", "sub/deep", "sub/deep/q.sql", "sub/deep/r.txt", "x", "x/q.sql"}},
		{"**/deep", []string{"sub/deep"}},
		{"node_modules/**/q.sql", []string{"node_modules/m/q.sql"}},
		{"loop/**/q.sql", []string{"loop/deep/q.sql"}},
		{"s**/b.sql", []string{"sub/b.sql"}},
		{"nothere/**", nil},
		{"**/deep/**", []string{"sub/deep/q.sql", "sub/deep/r.txt"}},
		// "*" matches .git and the link; the "**" after it goes on from them.
		{"**/*/**/*.sql", []string{".git/objects/q.sql", "loop/b.sql", "loop/deep/q.sql", "node_modules/m/q.sql", "sub/b.sql", "sub/deep/q.sql", "x/q.sql"}},
	} {
		got, err := globInside(root, c.pattern, false)
		if err != nil {
			t.Errorf("%s: %v", c.pattern, err)
			continue
		}
		var rel []string
		for _, m := range got {
			r, _ := filepath.Rel(root, m)
			rel = append(rel, filepath.ToSlash(r))
		}
		slices.Sort(rel)
		if !slices.Equal(rel, c.want) {
			t.Errorf("%s matched %q, want %q", c.pattern, rel, c.want)
		}
	}
	if d := New(root).Eval(mustParse(t, `{"path": "**/*.sql"}`), nil); !d.Applies {
		t.Errorf(`path "**/*.sql" with a.sql at the root: %s`, d.By)
	}
}
