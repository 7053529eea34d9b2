package montecarlo

import (
	"math/rand/v2"
	"testing"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/build"
	"github.com/lexico/lexico/index/gaddag"
)

// A world costs no allocation: the game state, its journal and the
// playout's buffers are reused from one world to the next, which is what
// lets a simulation play millions of worlds in its budget. Counted on
// whole games (EndPlies), with a play, an exchange and a pass for
// candidates.
func TestAWorldAllocatesNothing(t *testing.T) {
	words, err := build.DefaultWords(2, 7)
	if err != nil {
		t.Fatal(err)
	}
	gen := movegen.NewGADDAG(gaddag.Build(words))
	tb, err := equity.DefaultTable()
	if err != nil {
		t.Fatal(err)
	}
	v := variant.Multipliers
	st, err := state.Start(v, 3, 0)
	if err != nil {
		t.Fatal(err)
	}
	for range 8 {
		var best movegen.Best
		rack, _ := st.Rack(st.Turn())
		gen.Search(movegen.Args{Variant: v, Board: st.Board(), Rack: rack, Record: best.Record})
		if !best.Found || st.Apply(best.Move) != nil {
			t.Fatal("the opening moves were not played")
		}
	}
	p := st.View()
	p.Board = p.Board.Clone()
	var best movegen.Best
	gen.Search(movegen.Args{Variant: v, Board: p.Board, Rack: p.Rack, Record: best.Record})
	cands := []move.Move{best.Move, move.NewExchange(p.Rack.Tiles()[:2]), move.NewPass()}

	sim := &Simulator{Gen: gen, Equity: equity.Static{Table: tb}}
	unseen, err := Unseen(&p)
	if err != nil {
		t.Fatal(err)
	}
	o, err := newPlayout(sim, &p, EndPlies, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := o.check(cands, unseen); err != nil {
		t.Fatal(err)
	}
	var w world
	r := rand.New(rand.NewPCG(1, 2))
	ended := 0
	allocs := testing.AllocsPerRun(20, func() {
		w.deal(unseen, p.BagCount, v.RackSize, r)
		for i := range cands {
			out, ok := o.run(&cands[i], &w)
			if !ok {
				t.Fatal("a world was cut short with no stop")
			}
			if out.ended {
				ended++
			}
		}
	})
	if allocs != 0 || ended == 0 {
		t.Errorf("%v allocations a world (%d games played to their end)", allocs, ended)
	}
}
