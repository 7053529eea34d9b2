package wordlist

import (
	"go/build"
	"path/filepath"
	"strings"
	"testing"
)

// What reads only words (most test binaries, through DefaultWords) must
// not pull in the index builder's downloader, progress bar or bbolt: that
// is why this package is apart from build. The walk covers every package
// this one needs, directly or not, the standard library's included.
func TestLinksNeitherBuilderNorStore(t *testing.T) {
	const module = "github.com/lexico/lexico/"
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	heavy := []string{module + "build", module + "index", "net/http", "go.etcd.io/bbolt", "github.com/schollz/progressbar"}
	seen := map[string]bool{}
	var visit func(path, from string)
	visit = func(path, from string) {
		if seen[path] || path == "C" || path == "unsafe" {
			return
		}
		seen[path] = true
		for _, h := range heavy {
			if path == h || strings.HasPrefix(path, h+"/") {
				t.Errorf("%s imports %s", from, path)
				return
			}
		}
		var p *build.Package
		if rel, ok := strings.CutPrefix(path, module); ok {
			p, err = build.ImportDir(filepath.Join(root, rel), 0)
		} else {
			p, err = build.Import(path, root, 0)
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for _, imp := range p.Imports {
			visit(imp, path)
		}
	}
	visit(module+"wordlist", "(root)")
	if !seen["compress/gzip"] || !seen[module+"data"] {
		t.Fatalf("the walk missed this package's own imports: %d packages seen", len(seen))
	}
}
