package movegen

import (
	"math/rand/v2"
	"testing"

	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
)

// TestSearchLines: on positions of random games, SearchLines with random
// sets of rows and columns finds exactly the plays of Search along those
// lines (LineOf), with the same scores, each once; with every line it is
// Search.
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
				d, l := LineOf(p.Board, plays[j].Tiles)
				if Marked(d, l, across, down) {
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

// TestSearchLinesKeepsTheBest: SearchLines keeping one play (by score and
// by equity, testLeave) finds the best of the plays along its lines, as
// Keep 0 along them lists them; given Beat, a play of the position found
// apart, it finds the best of those worth more than Beat, or nothing. So
// does SearchByGenerating over a listing of those lines.
func TestSearchLinesKeepsTheBest(t *testing.T) {
	lx := small()
	r := rand.New(rand.NewPCG(18, 2))
	positions := agreementPositions(lx.gen, 1, 5)
	value := func(p *move.Move, rack tile.Rack, leave func(tile.Rack) float64) int32 {
		v := fixedScore(p.Score)
		if leave != nil {
			v = addValue(v, fixedValue(leave(leaveOf(rack, p))))
		}
		return v
	}
	beaten, searched := 0, 0
	for i := 0; i < len(positions); i += 3 {
		p := positions[i]
		for k := range 4 {
			across, down := r.Uint64()&r.Uint64(), r.Uint64()&r.Uint64() // about a quarter of the lines
			var leave func(tile.Rack) float64
			if k%2 == 1 {
				leave = testLeave
			}
			var plays []move.Move
			lx.gen.SearchLines(Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Record: func(m *move.Move) {
				c := *m
				c.Tiles = append([]move.Placement(nil), m.Tiles...)
				plays = append(plays, c)
			}}, across, down)
			var all []move.Move
			generate(lx.gen, p.Variant, p.Board, p.Rack, func(m *move.Move) {
				c := *m
				c.Tiles = append([]move.Placement(nil), m.Tiles...)
				all = append(all, c)
			})
			var beat *move.Move
			if k >= 2 && len(all) > 0 {
				beat = &all[r.IntN(len(all))]
			}
			want := int32(noBound)
			for j := range plays {
				if v := value(&plays[j], p.Rack, leave); beat == nil || v > value(beat, p.Rack, leave) {
					want = max(want, v)
				}
			}
			// The bounded search, and a generator that can only list every
			// play (SearchByGenerating, as the reference generators).
			for way, search := range []func(a Args) bool{
				func(a Args) bool { return lx.gen.SearchLines(a, across, down) },
				func(a Args) bool {
					return SearchByGenerating(a, func(rec PlayRecorder, stop func() bool) bool {
						return lx.gen.SearchLines(Args{Variant: a.Variant, Board: a.Board, Rack: a.Rack, Record: rec, Stop: stop}, across, down)
					})
				},
			} {
				var got []move.Move
				search(Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Keep: 1, Leave: leave, Beat: beat, Record: func(m *move.Move) {
					got = append(got, *m)
				}})
				switch {
				case want == noBound && len(got) != 0:
					t.Errorf("way %d, position %d, %s, rows %x, columns %x, beat %v: found %s, want nothing", way, i, p.Name, across, down, beat, got[0].Key())
				case want != noBound && (len(got) != 1 || value(&got[0], p.Rack, leave) != want):
					t.Errorf("way %d, position %d, %s, rows %x, columns %x, beat %v: found %v, want a play worth %d", way, i, p.Name, across, down, beat, got, want)
				}
			}
			searched++
			if beat != nil && len(plays) > 0 && want == noBound {
				beaten++
			}
		}
	}
	if searched < 50 || beaten == 0 {
		t.Fatalf("%d searches, %d with every play of the lines beaten", searched, beaten)
	}
}
