package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/platform/gamestate"
)

// The sample gamestates the README's examples use are what their names
// promise, and every command that reads a gamestate reads them.
func TestSampleGamestates(t *testing.T) {
	blanksOnBoard := func(p *position.Position) (n int) {
		for _, s := range p.Board.Squares {
			if s.Blank {
				n++
			}
		}
		return n
	}
	for _, c := range []struct {
		file string
		is   func(p *position.Position) bool
		what string
	}{
		{"opening.json", func(p *position.Position) bool { return p.Board.IsEmpty() && p.FirstGo }, "an empty board, first go"},
		{"middle-blanks.json", func(p *position.Position) bool {
			return p.Board.TileCount() >= 40 && blanksOnBoard(p) > 0 && p.Rack.Blanks() > 0 && p.BagCount > 20
		}, "a crowded board with a blank on it and one on the rack, tiles in the bag"},
		{"endgame.json", func(p *position.Position) bool { return p.BagCount == 0 && p.Board.TileCount() >= 80 }, "an empty bag"},
		{"classic.json", func(p *position.Position) bool { return p.Variant.Name == "classic" && !p.Board.IsEmpty() }, "a classic game under way"},
	} {
		path := filepath.Join("../../data/gamestates", c.file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		p, err := gamestate.Parse(data)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		if !c.is(p) {
			t.Errorf("%s is not %s", c.file, c.what)
		}
		// moves reads the multi-line file from stdin as one gamestate.
		code, out, errs := runMoves(t, string(data), "--count", "-")
		if code != 0 || strings.Count(out, "\n") != 1 {
			t.Errorf("moves --count - < %s: exit %d, %q, %q", c.file, code, out, errs)
		}
	}
}
