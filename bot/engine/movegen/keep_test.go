package movegen

import (
	"cmp"
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen/internal/gentest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
)

// valued is a play with its value in fixed point, as a Keep search values
// it.
type valued struct {
	key   string
	value int32
}

// valueAll generates every play of p and values each as a Keep search with
// leave does, in the generator's order.
func valueAll(gen Generator, p testPos, leave func(tile.Rack) float64) []valued {
	var out []valued
	generate(gen, p.Variant, p.Board, p.Rack, func(m *move.Move) {
		v := int32(m.Score) * valueScale
		if leave != nil {
			v += fixedValue(leave(leaveOf(p.Rack, m)))
		}
		out = append(out, valued{m.Key(), v})
	})
	return out
}

// keepSearch runs a Keep n search of p and returns what it reports, in
// order, valued.
func keepSearch(gen Generator, p testPos, n int, leave func(tile.Rack) float64) []valued {
	var out []valued
	gen.Search(Args{Variant: p.Variant, Board: p.Board, Rack: p.Rack, Keep: n, Leave: leave, Record: func(m *move.Move) {
		v := int32(m.Score) * valueScale
		if leave != nil {
			v += fixedValue(leave(leaveOf(p.Rack, m)))
		}
		out = append(out, valued{m.Key(), v})
	}})
	return out
}

// checkKeep compares a Keep search with valuing every play: the n values
// reported are the n best values, best first, each reported play is a
// real play with that value, and with n 1 the play is the first of the
// best value in the generator's order (what a caller valuing every play
// keeps).
func checkKeep(t *testing.T, gen Generator, p testPos, leave func(tile.Rack) float64, keeps ...int) {
	t.Helper()
	all := valueAll(gen, p, leave)
	for _, n := range keeps {
		checkKept(t, p, all, keepSearch(gen, p, n, leave), n)
	}
}

// checkKept compares got, what a Keep n search of p reported, with all,
// every play of p valued in the generator's order.
func checkKept(t *testing.T, p testPos, all, got []valued, n int) {
	t.Helper()
	byKey := make(map[string]int32, len(all))
	for _, pl := range all {
		byKey[pl.key] = pl.value
	}
	values := make([]int32, len(all))
	for i, pl := range all {
		values[i] = pl.value
	}
	slices.SortFunc(values, func(a, b int32) int { return cmp.Compare(b, a) })
	want := values[:min(n, len(values))]
	gotValues := make([]int32, len(got))
	for i, pl := range got {
		if v, ok := byKey[pl.key]; !ok || v != pl.value {
			t.Fatalf("%s, keep %d: reported %s worth %d, which generation has as %d (found %v)", p.Name, n, pl.key, pl.value, v, ok)
		}
		gotValues[i] = pl.value
	}
	if !slices.Equal(gotValues, want) {
		t.Fatalf("%s, keep %d: values %v, the best of every play %v", p.Name, n, gotValues, want)
	}
	if n == 1 && len(all) > 0 {
		first := all[slices.IndexFunc(all, func(pl valued) bool { return pl.value == want[0] })]
		if got[0].key != first.key {
			t.Fatalf("%s: kept %s, the first of the best value is %s", p.Name, got[0].key, first.key)
		}
	}
}

// TestKeepAgreesWithValuingEveryPlay: the bounded search by score and by
// equity (score plus testLeave) keeps exactly the best plays that valuing
// every play keeps, on positions of random games in both variants with 0,
// 1 and 2 blanks (hundreds; thousands with LEXICO_LONG=1) and on mid-game
// positions over the full list, where the pruning does most.
func TestKeepAgreesWithValuingEveryPlay(t *testing.T) {
	lx := small()
	positions := agreementPositions(lx.gen, gentest.GamesToCompare(), 31)
	for i, p := range positions {
		gentest.Progress(t, i+1, len(positions))
		checkKeep(t, lx.gen, p, nil, 1, 6)
		checkKeep(t, lx.gen, p, testLeave, 1, 6)
	}
	gentest.CheckPositionCount(t, len(positions))
	// Two blanks make thousands of plays a position to value one by one:
	// ten of those positions, all of the others (the long sweep takes all).
	fl := full()
	for blanks, ps := range midGame() {
		if blanks == 2 && !gentest.LongRun() {
			ps = ps[:10]
		}
		for _, p := range ps {
			checkKeep(t, fl.gen, p, testLeave, 1, 10)
		}
	}
}

// A generator without the word map's tables, or with the multiset table
// but not the blank table, cannot tell where a bingo fits (for a rack with
// blanks, in the second case): its bounded search must then let the walk
// try every letter for the bingos (prepareWalk) and still keep the best
// plays, by score and by equity.
func TestKeepWithoutTables(t *testing.T) {
	fl := full()
	gens := map[string]*GADDAGGenerator{
		"no tables":      NewGADDAG(fl.G),
		"no blank table": NewGADDAG(fl.G, WithMultisets(fl.MS)),
	}
	for name, gen := range gens {
		t.Run(name, func(t *testing.T) {
			for _, ps := range midGame() {
				for _, p := range ps[:4] {
					checkKeep(t, gen, p, nil, 1, 3)
					checkKeep(t, gen, p, testLeave, 1)
				}
			}
		})
	}
}

// On mid-game positions over the full list, where the pruning and the
// word map's bingos do most, the bounded search by score keeps the best
// plays too (the agreement test above takes them by equity), with 0, 1 and
// 2 blanks; with two, anchors are refined as the search reaches them
// (lazyBingos).
func TestKeepByScoreFullList(t *testing.T) {
	fl := full()
	for _, ps := range midGame() {
		for _, p := range ps[:6] {
			checkKeep(t, fl.gen, p, nil, 1, 4)
		}
	}
}

// every one.
func TestKeepByGenerating(t *testing.T) {
	lx := small()
	positions := agreementPositions(lx.gen, 1, 32)
	for i, p := range positions {
		if i%3 != 0 {
			continue
		}
		checkKeep(t, plainGenerator{lx.gen}, p, testLeave, 1)
		checkKeep(t, plainGenerator{lx.gen}, p, nil, 5)
	}
}
