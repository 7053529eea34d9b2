package movegen

import (
	"math/rand/v2"
	"testing"

	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
)

// lineOf is the line Search reports m along: across its row (false, row)
// or down its column (true, column). A play of one tile is across when it
// touches a tile left or right of it.
func lineOf(b *board.Board, m *move.Move) (down bool, line int) {
	t := m.Tiles[0]
	if len(m.Tiles) > 1 {
		if m.Tiles[1].Col == t.Col {
			return true, t.Col
		}
		return false, t.Row
	}
	left := t.Col > 0 && b.Squares[t.Row*b.Size+t.Col-1].Letter != 0
	right := t.Col+1 < b.Size && b.Squares[t.Row*b.Size+t.Col+1].Letter != 0
	if left || right {
		return false, t.Row
	}
	return true, t.Col
}

// TestSearchLines: on positions of random games, SearchLines with random
// sets of rows and columns finds exactly the plays of Search along those
// lines, with the same scores, each once; with every line it is Search.
func TestSearchLines(t *testing.T) {
	lx := small()
	r := rand.New(rand.NewPCG(18, 1))
	positions := agreementPositions(lx.gen, 1, 5)
	for i := 0; i < len(positions); i += 3 { // a third of them is enough, and quick
		p := positions[i]
		all := collect(t, lx.gen, p)
		var plays []move.Move
		generate(lx.gen, p.Variant, p.Board, p.Rack, func(m *move.Move) {
			c := *m
			c.Tiles = append([]move.Placement(nil), m.Tiles...)
			plays = append(plays, c)
		})
		for k := range 3 {
			across, down := r.Uint64(), r.Uint64()
			if k == 0 {
				across, down = allLines, allLines
			}
			want := map[string]int{}
			for j := range plays {
				d, l := lineOf(p.Board, &plays[j])
				if d && down>>uint(l)&1 != 0 || !d && across>>uint(l)&1 != 0 {
					want[plays[j].Key()] = plays[j].Score
				}
			}
			got := map[string]int{}
			lx.gen.SearchLines(Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: func(m *move.Move) {
				if _, dup := got[m.Key()]; dup {
					t.Errorf("%s: %s reported twice", p.Name, m.Key())
				}
				got[m.Key()] = m.Score
			}}, across, down)
			if k == 0 && len(got) != len(all) {
				t.Errorf("%s: every line finds %d plays, Search %d", p.Name, len(got), len(all))
			}
			if len(got) != len(want) {
				t.Errorf("position %d, %s, rows %x, columns %x: %d plays, want %d", i, p.Name, across, down, len(got), len(want))
			}
			for key, s := range want {
				if g, ok := got[key]; !ok || g != s {
					t.Errorf("%s: %s scores %d (found %v), want %d", p.Name, key, g, ok, s)
				}
			}
		}
	}
}
