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
	"github.com/lexico/lexico/bot/game/position"
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
		root, err := dealState(&p, deal{rack: unseen})
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
			got, err := solvedValue(solver, &p, deal{rack: unseen}, m)
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
		_, err = solvedValue(solver, &p, deal{rack: unseen}, move.NewPass())
		if !errors.Is(err, errUnproven) {
			t.Fatalf("seed %d: a pass before two racks of %d and %d tiles, solved in 1 node: %v, want errUnproven", seed, p.Rack.N, len(unseen), err)
		}
		return
	}
	t.Fatal("no endgame of two racks of 5 tiles or more")
}

// A position's deals are every way its unseen tiles can lie, each once:
// with b tiles in the bag, every ordered choice of b of them (copies
// counted apart), the rest on the opponent's rack.
func TestDealsAreEveryWayTheTilesLie(t *testing.T) {
	unseen := []byte("AEEIRST")
	for bag, want := range []int{1, 7, 42} {
		p := position.Position{BagCount: bag}
		ds, err := deals(&p, unseen)
		if err != nil {
			t.Fatal(err)
		}
		if len(ds) != want {
			t.Fatalf("bag %d: %d deals, want %d", bag, len(ds), want)
		}
		seen := map[string]int{}
		for _, d := range ds {
			if len(d.bag) != bag || len(d.rack) != len(unseen)-bag {
				t.Fatalf("bag %d: a deal of %q in the bag and %q on the rack", bag, d.bag, d.rack)
			}
			all := slices.Sorted(slices.Values(append(slices.Clone(d.rack), d.bag...)))
			if !slices.Equal(all, slices.Sorted(slices.Values(unseen))) {
				t.Fatalf("bag %d: %q and %q are not the unseen tiles %q", bag, d.bag, d.rack, unseen)
			}
			seen[string(d.bag)]++
		}
		// Two E's: a bag holding an E is dealt twice as often.
		if bag == 1 && (seen["E"] != 2 || seen["A"] != 1) {
			t.Errorf("bag 1: E dealt %d times, A %d; want 2 and 1", seen["E"], seen["A"])
		}
	}
	p := position.Position{BagCount: 3}
	if _, err := deals(&p, []byte("AEEIRSTUV")); err == nil {
		t.Error("3 of 9 tiles in the bag (504 deals): no error")
	}
}
