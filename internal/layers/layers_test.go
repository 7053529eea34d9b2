// Package layers holds the test of the project's layering rule (see
// docs/architecture.md): under bot/ a package imports only its own layer
// and those below it (game, then engine, then platform, then match; the
// board-file solver and Lingo sit on the engine), and nothing below bot/
// imports it. Only the packages' own files count, not their tests, which
// may reach up for a fixture.
package layers

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/lexico/lexico/"

// rank is each layer's height; a package may import a layer of its height
// or lower. Layers not listed (internal/, index/, wordlist/, build/) are below bot/.
var rank = map[string]int{
	"bot/game":     1,
	"bot/engine":   2,
	"bot/solver":   3,
	"bot/lingo":    3,
	"bot/platform": 3,
	"bot/match":    4,
	"cmd":          5,
	"scripts":      5,
}

// layerOf is the layer a package path (relative to the module) is in, and
// its height (0: below bot/).
func layerOf(rel string) (string, int) {
	for layer, r := range rank {
		if rel == layer || strings.HasPrefix(rel, layer+"/") {
			return layer, r
		}
	}
	return "below bot/", 0
}

func TestEveryImportIsOfItsOwnLayerOrBelow(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		if name := d.Name(); path != root && (strings.HasPrefix(name, ".") || name == "testdata" || name == "bin" || name == "data" || name == "docs") {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if err != nil {
			return nil // no Go files of this build here
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		layer, height := layerOf(rel)
		checked++
		for _, imp := range p.Imports {
			if !strings.HasPrefix(imp, module) {
				continue
			}
			impLayer, impHeight := layerOf(strings.TrimPrefix(imp, module))
			if impHeight > height || (impHeight == height && impLayer != layer && height == 3) {
				t.Errorf("%s (%s) imports %s (%s): a package imports only its own layer and those below it", rel, layer, imp, impLayer)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 40 {
		t.Fatalf("checked only %d packages: the walk is broken", checked)
	}
}

// The rule's table is what the test checks against: a package importing a
// layer above its own is found.
func TestLayerOf(t *testing.T) {
	for _, c := range []struct {
		rel  string
		want int
	}{{"bot/game/tile", 1}, {"bot/engine/movegen/reference", 2}, {"bot/platform/answer", 3}, {"bot/match/web", 4}, {"index/gaddag", 0}, {"wordlist", 0}, {"internal/quote", 0}, {"bot/gamestate", 0}} {
		if _, got := layerOf(c.rel); got != c.want {
			t.Errorf("layerOf(%s) = %d, want %d", c.rel, got, c.want)
		}
	}
}
