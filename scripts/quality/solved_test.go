package main

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/engine/endgame"
	"github.com/lexico/lexico/bot/engine/endgame/endgametest"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/movegen/movegentest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// A solved reference values each move of an endgame at its exact final
// margin: the position after it played out by plain minimax gives the same
// number for every play and the pass, on the boards of seeded self-play
// games of short words as their bags empty, the racks cut to 3 and 2
// tiles so that minimax fits its budget.
func TestSolvedValuesAreExact(t *testing.T) {
	solver := endgame.New(movegentest.Short())
	checked := 0
	for seed := uint64(1); seed <= 20 && checked < 5; seed++ {
		st, err := state.Start(variant.Multipliers, seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(seed, 3))
		for !st.Over() && st.BagLen() > 0 {
			ms := endgametest.Moves(st)
			m := ms[len(ms)-1] // the pass, when there is no play
			if len(ms) > 1 {
				ms = ms[:len(ms)-1]
				slices.SortFunc(ms, func(a, b move.Move) int { return b.Score - a.Score })
				m = ms[r.IntN(min(3, len(ms)))]
			}
			if err := st.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		if st.Over() {
			continue
		}
		p := st.View()
		p.Board = p.Board.Clone()
		unseen, err := montecarlo.Unseen(&p)
		if err != nil {
			t.Fatal(err)
		}
		opp, _ := st.Rack(1 - st.Turn())
		if a, b := slices.Sorted(slices.Values(opp.Tiles())), slices.Sorted(slices.Values(unseen)); !slices.Equal(a, b) {
			t.Fatalf("seed %d: unseen %q, the opponent holds %q", seed, b, a)
		}
		// Racks of 3 and 2 tiles at most, so that minimax fits its budget.
		p.Rack = tile.RackOf(p.Rack.Tiles()[:min(3, p.Rack.N)])
		unseen = unseen[:min(2, len(unseen))]
		root, err := endgameState(&p, unseen)
		if err != nil {
			t.Fatal(err)
		}
		moves := endgametest.Moves(root)
		want := make([]int, len(moves))
		fits := true
		for i, m := range moves {
			budget := 50_000
			if err := root.Apply(m); err != nil {
				t.Fatal(err)
			}
			v, ok := endgametest.Minimax(root, &budget)
			root.Undo()
			if !ok {
				fits = false
				break
			}
			want[i] = -v
		}
		if !fits {
			continue
		}
		for i, m := range moves {
			got, err := solvedValue(solver, &p, unseen, m)
			if err != nil {
				t.Fatalf("seed %d, %v: %v", seed, m, err)
			}
			if got != want[i] {
				t.Errorf("seed %d (racks %d and %d tiles): %v is worth %+d by the solver, %+d by minimax", seed, p.Rack.N, len(unseen), m, got, want[i])
			}
		}
		checked++
	}
	if checked < 3 {
		t.Fatalf("only %d endgames small enough for minimax", checked)
	}
}

// A solve the node budget does not prove values nothing: the move is left
// out (errUnproven), never valued by a search cut at a horizon.
func TestUnprovenSolvesValueNothing(t *testing.T) {
	solver := endgame.New(movegentest.Short())
	solver.MaxNodes = 1
	for seed := uint64(1); seed <= 40; seed++ {
		st, err := state.Start(variant.Multipliers, seed, 0)
		if err != nil {
			t.Fatal(err)
		}
		for !st.Over() && st.BagLen() > 0 {
			ms := endgametest.Moves(st)
			slices.SortFunc(ms, func(a, b move.Move) int { return b.Score - a.Score })
			if err := st.Apply(ms[0]); err != nil {
				t.Fatal(err)
			}
		}
		p := st.View()
		if st.Over() || p.Rack.N < 5 {
			continue
		}
		unseen, err := montecarlo.Unseen(&p)
		if err != nil {
			t.Fatal(err)
		}
		if len(unseen) < 5 {
			continue
		}
		_, err = solvedValue(solver, &p, unseen, move.NewPass())
		if !errors.Is(err, errUnproven) {
			t.Fatalf("seed %d: a pass before two racks of %d and %d tiles, solved in 1 node: %v, want errUnproven", seed, p.Rack.N, len(unseen), err)
		}
		return
	}
	t.Fatal("no endgame of two racks of 5 tiles or more")
}
