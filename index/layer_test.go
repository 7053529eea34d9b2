package index

import (
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

// The index sits below the game: it reads the dictionary for every layer
// above, so nothing it needs (transitively, tests excluded) may come from
// bot/. The alphabet it shares with the rules lives in internal/alphabet.
func TestIndexImportsNothingFromBot(t *testing.T) {
	const module = "github.com/lexico/lexico/"
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{} // package -> the package that imported it
	var visit func(path, from string)
	visit = func(path, from string) {
		if _, ok := seen[path]; ok || !strings.HasPrefix(path, module) {
			return
		}
		seen[path] = from
		rel := strings.TrimPrefix(path, module)
		if strings.HasPrefix(rel, "bot/") {
			t.Errorf("%s imports %s: the index must not depend on the game layer", from, path)
			return
		}
		p, err := build.ImportDir(filepath.Join(root, rel), 0)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range p.Imports {
			visit(imp, path)
		}
	}
	for _, dir := range []string{"index", "index/gaddag", "index/multiset"} {
		visit(module+dir, "(root)")
	}
	if len(seen) < 4 {
		t.Fatalf("walked only %d packages: the walk is broken", len(seen))
	}
}
