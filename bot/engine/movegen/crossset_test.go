package movegen

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/race"
)

// checkCrossSets brings ct up to date with b, as a search does, and
// compares it, square by square and direction by direction, with a table
// built from b from scratch: the cross set, whether a cross word forms,
// and its old tiles' value, on every empty square.
func checkCrossSets(t *testing.T, ct *CrossSets, b *board.Board, where string) {
	t.Helper()
	if !ct.sync(b, &ct.values) {
		t.Fatalf("%s: the table does not serve the board it tracks", where)
	}
	fresh := &CrossSets{g: ct.g, values: ct.values}
	fresh.Reset(b)
	bad := 0
	for d := range 2 {
		for at, sq := range b.Squares {
			if sq.Letter != 0 {
				continue
			}
			if got, want := ct.words[d][at], fresh.words[d][at]; got != want {
				if bad++; bad <= 5 {
					t.Errorf("%s: square (%d,%d), plays along %s: kept %+v, from scratch %+v",
						where, at/b.Size, at%b.Size, [2]string{"rows", "columns"}[d], got, want)
				}
			}
		}
	}
	if bad > 0 {
		t.Fatalf("%s: %d entries differ on\n%s", where, bad, b)
	}
}

// checkSameSearch generates every play of rack on st's board with ct and
// without it, and searches the best by equity both ways: the plays, their
// scores and the best must be the same.
func checkSameSearch(t *testing.T, gen *GADDAGGenerator, ct *CrossSets, st *state.State, rack tile.Rack, where string) {
	t.Helper()
	p := testPos{Variant: st.Variant(), Board: st.Board(), Rack: rack, Name: where}
	collectWith := func(cross *CrossSets) map[string]int {
		return gentest.Collect(t, p, func(rec func(*move.Move)) {
			gen.Search(Args{Variant: p.Variant, Board: p.Board, Rack: rack, Record: rec, Cross: cross})
		})
	}
	if d := gentest.Diff("with the table", collectWith(ct), "without", collectWith(nil)); d != "" {
		t.Fatalf("%s: plays differ:\n%s\n%s", where, d, p.Board)
	}
	bestWith := func(cross *CrossSets) (m move.Move) {
		gen.Search(Args{Variant: p.Variant, Board: p.Board, Rack: rack, Keep: 1, Leave: testLeave, Cross: cross,
			Record: func(b *move.Move) { m = *b; m.Tiles = append([]move.Placement(nil), b.Tiles...) }})
		return m
	}
	if a, b := bestWith(ct), bestWith(nil); a.Key() != b.Key() || a.Score != b.Score {
		t.Fatalf("%s: best by equity %v with the table, %v without", where, a, b)
	}
}

// checkBestOneTile compares the table's best play of one tile of kind k
// with every play a search finds for a rack of that tile alone: the same
// best score, none when there is none, and the table's play among the
// search's with that score.
func checkBestOneTile(t *testing.T, gen *GADDAGGenerator, ct *CrossSets, st *state.State, k int, where string) {
	t.Helper()
	var rack tile.Rack
	rack.Counts[k], rack.N = 1, 1
	plays := map[move.Placement]int{}
	best, any := 0, false
	gen.Search(Args{Variant: st.Variant(), Board: st.Board(), Rack: rack, Cross: ct, Record: func(m *move.Move) {
		plays[m.Tiles[0]] = m.Score
		if !any || m.Score > best {
			best, any = m.Score, true
		}
	}})
	pl, score, found, ok := ct.BestOneTile(st.Board(), &st.Variant().Values, k)
	switch {
	case !ok:
		t.Fatalf("%s: the table does not serve the board it tracks", where)
	case found != any:
		t.Fatalf("%s: tile %c: the table finds a play %v, the search %v\n%s", where, tile.Byte(k), found, any, st.Board())
	case found && score != best:
		t.Fatalf("%s: tile %c: the table's best scores %d, the search's %d\n%s", where, tile.Byte(k), score, best, st.Board())
	}
	if s, in := plays[pl]; found && (!in || s != score) {
		t.Fatalf("%s: tile %c: the table's play %+v (%d) is not the search's (%d, %v)\n%s", where, tile.Byte(k), pl, score, s, in, st.Board())
	}
}

// The table kept as plays are applied and taken back is, at every point of
// seeded self-play games (Classic, Multipliers and Words With Friends; two
// more with LEXICO_LONG=1),
// the table built from scratch for the board; and a search reading it
// finds exactly the plays, scores and best play of one computing every
// cross set, with racks of 0, 1 and 2 blanks. The games pass now and then,
// take a move back and play it again, play two moves between two searches
// (so that one bring-up-to-date covers both), and are taken back to their
// start at the end.
func TestCrossSetsFollowTheGame(t *testing.T) {
	lx := full()
	games := []struct {
		v    *variant.Variant
		seed uint64
	}{{variant.Classic, 1}, {variant.Multipliers, 3}, {variant.WWF, 5}}
	if gentest.LongRun() {
		games = append(games, []struct {
			v    *variant.Variant
			seed uint64
		}{{variant.Classic, 2}, {variant.Multipliers, 4}}...)
	}
	top := top5(lx.gen)
	var plays, undos int
	for _, gm := range games {
		r := rand.New(rand.NewPCG(gm.seed, 15))
		st, err := state.Start(gm.v, gm.seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		ct := NewCrossSets(lx.gen, gm.v)
		st.Track(ct)
		for turn := 0; !st.Over() && turn < 40; turn++ {
			where := fmt.Sprintf("%s seed %d turn %d", gm.v.Name, gm.seed, turn)
			rack, _ := st.Rack(st.Turn())
			if turn%5 != 4 { // else two moves in a row before the next search
				checkCrossSets(t, ct, st.Board(), where)
				blanks := turn % 3
				if turn%2 == 1 {
					blanks = rack.Blanks() // the rack as dealt
				}
				checkSameSearch(t, lx.gen, ct, st, gentest.WithBlanks(rack, blanks, r), fmt.Sprintf("%s, %d blank(s)", where, blanks))
				checkBestOneTile(t, lx.gen, ct, st, tile.BlankIndex, where)
				for k, n := range rack.Counts {
					if n > 0 && k != tile.BlankIndex {
						checkBestOneTile(t, lx.gen, ct, st, k, where)
						break
					}
				}
			}
			m := move.NewPass()
			if cands := top(gm.v, st.Board(), rack); len(cands) > 0 && r.IntN(10) > 0 {
				m = cands[r.IntN(len(cands))]
				plays++
			}
			if err := st.Apply(m); err != nil {
				t.Fatalf("%s: %v: %v", where, m, err)
			}
			if r.IntN(4) == 0 {
				checkCrossSets(t, ct, st.Board(), where+", applied")
				st.Undo()
				undos++
				checkCrossSets(t, ct, st.Board(), where+", taken back")
				if err := st.Apply(m); err != nil {
					t.Fatalf("%s: %v again: %v", where, m, err)
				}
			}
		}
		// Back to the start, bringing the table up to date at every other
		// move taken back (so some restores undo a group of two plays).
		for k := 0; st.Undo(); k++ {
			undos++
			if k%2 == 1 {
				checkCrossSets(t, ct, st.Board(), fmt.Sprintf("%s seed %d, %d moves taken back", gm.v.Name, gm.seed, k+1))
			}
		}
		checkCrossSets(t, ct, st.Board(), fmt.Sprintf("%s seed %d, back at the start", gm.v.Name, gm.seed))
	}
	t.Logf("%d plays, %d taken back", plays, undos)
}

// A table told of a move taken back that was applied before it was attached
// cannot restore it: it computes every entry again at the next search, and
// the plays are still those of a search without it. A search on another
// board, or of a variant with other tile values, ignores it.
func TestCrossSetsOutsideWhatTheyTrack(t *testing.T) {
	lx := full()
	st := playedGame(t, lx.gen, variant.Classic, 7, 6)
	ct := NewCrossSets(lx.gen, variant.Classic)
	st.Track(ct)
	st.Undo()
	st.Undo()
	checkCrossSets(t, ct, st.Board(), "two moves from before Track taken back")
	rack, _ := st.Rack(st.Turn())
	checkSameSearch(t, lx.gen, ct, st, rack, "after the table was rebuilt")

	other := st.Board().Clone()
	if ct.sync(other, &ct.values) {
		t.Errorf("the table serves a board it does not track")
	}
	wwf := NewCrossSets(lx.gen, variant.WWF)
	if wwf.sync(st.Board(), &ct.values) {
		t.Errorf("a table of WWF's values serves a search of Classic's")
	}
	if NewCrossSets(nil, variant.Classic) != nil {
		t.Errorf("a table for no generator")
	}
}

// Keeping the table costs no allocation once its stacks have grown: a play
// applied, a search reading the table, the play taken back.
func TestCrossSetsDoNotAllocate(t *testing.T) {
	race.SkipAllocCounts(t)
	lx := full()
	st := playedGame(t, lx.gen, variant.Multipliers, 8, 4)
	top := top5(lx.gen)
	ct := NewCrossSets(lx.gen, variant.Multipliers)
	st.Track(ct)
	rack, _ := st.Rack(st.Turn())
	m := top(variant.Multipliers, st.Board(), rack)[0]
	var best Best
	rec := best.Record // a method value allocates where it is made
	allocs := testing.AllocsPerRun(20, func() {
		if st.Apply(m) != nil {
			t.Fatal("refused")
		}
		r, _ := st.Rack(st.Turn())
		lx.gen.Search(Args{Variant: variant.Multipliers, Board: st.Board(), Rack: r, Keep: 1, Leave: testLeave, Record: rec, Cross: ct})
		st.Undo()
	})
	if allocs != 0 || !best.Found {
		t.Errorf("%v allocations per play, search and undo (found a play: %v)", allocs, best.Found)
	}
}

// playedGame is seeded game seed of variant v after its first n moves, each
// the best play by score.
func playedGame(t *testing.T, gen Generator, v *variant.Variant, seed uint64, n int) *state.State {
	t.Helper()
	st, err := state.Start(v, seed, 0)
	if err != nil {
		t.Fatal(err)
	}
	top := top5(gen)
	for range n {
		rack, _ := st.Rack(st.Turn())
		if err := st.Apply(top(v, st.Board(), rack)[0]); err != nil {
			t.Fatal(err)
		}
	}
	return st
}
