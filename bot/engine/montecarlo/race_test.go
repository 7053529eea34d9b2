package montecarlo_test

import (
	"context"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/movegentest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
)

// A race with a seed and a cap gives the same report on one thread or
// three; it drops the candidates clearly behind (a pass among good
// plays), spends their playouts on more worlds for the rest within the
// budget of equal shares (or stops when one is left), and ranks the longer
// played first.
func TestRaceIsReproducibleAndFeedsTheLeaders(t *testing.T) {
	mid := selfPlay(t, variant.Multipliers, 11, 8).mid
	if mid == nil {
		t.Fatal("no middle-game position")
	}
	// The runners-up of the static search (its best, a bingo, would leave
	// the others behind at once), and a pass twice: every world gives the
	// two the same figures, so neither drops the other.
	cands := append(candidates(t, mid.pos, 7)[2:], move.NewPass(), move.NewPass())
	const iters = 100
	// The short words' generator: the simulated turns in microseconds.
	sim := montecarlo.Simulator{Gen: movegentest.Short(), Equity: equity.ScoreAndLeave{Table: table(t)}, Plies: 2, MaxIterations: iters, Seed: 5,
		Allocation: montecarlo.AllocRace, Rank: montecarlo.RankPoints}
	var reps [2]montecarlo.Report
	for i, threads := range []int{1, 3} {
		sim.Threads = threads
		rep, err := sim.Simulate(context.Background(), mid.pos, cands)
		if err != nil {
			t.Fatal(err)
		}
		reps[i] = rep
	}
	if !reflect.DeepEqual(reps[0], reps[1]) {
		t.Fatalf("one thread and three differ:\n%+v\n%+v", reps[0], reps[1])
	}
	rep := reps[0]
	playouts, left := 0, 0
	for _, r := range rep.Results {
		playouts += r.Iterations
		if !r.Dropped {
			left++
		}
	}
	best := rep.Results[rep.Order[0]]
	switch {
	case playouts > iters*len(cands):
		t.Errorf("%d playouts, over the budget of %d", playouts, iters*len(cands))
	case best.Dropped || left == 0 || left == len(cands):
		t.Errorf("%d candidates left in the race, the best dropped %v: want some dropped, not the best", left, best.Dropped)
	case iters*len(cands)-playouts >= left && left != 1:
		// Less than a round of the candidates left may stay unspent.
		t.Errorf("%d playouts of a budget of %d with %d candidates left: want the budget spent, or one left", playouts, iters*len(cands), left)
	case rep.Iterations != best.Iterations:
		t.Errorf("the best played %d worlds, the report says %d", best.Iterations, rep.Iterations)
	}
	if p, q := rep.Results[len(cands)-1], rep.Results[len(cands)-2]; p != q {
		t.Errorf("two passes, two figures: %+v, %+v", p, q)
	}
	for i := 1; i < len(rep.Order); i++ {
		a, b := rep.Results[rep.Order[i-1]], rep.Results[rep.Order[i]]
		if a.Dropped && !b.Dropped || a.Iterations < b.Iterations || a.Iterations == b.Iterations && a.Equity < b.Equity {
			t.Errorf("order %v: not the candidates left first, then the longer played, then by points: %+v", rep.Order, rep.Results)
		}
	}
	for i, r := range rep.Results {
		t.Logf("%v: %d worlds, %.1f ± %.1f", cands[i], r.Iterations, r.Equity, r.StdErr)
	}
}

// A race is anytime: stopped at any point (here after a given number of
// playouts, whatever phase it is in), it still ranks every candidate, the
// candidates played longest first.
func TestRaceStoppedAnywhereStillRanks(t *testing.T) {
	mid := selfPlay(t, variant.Multipliers, 12, 10).mid
	cands := append(candidates(t, mid.pos, 5), move.NewPass())
	for _, after := range []int64{1, 37, 250, 401} {
		gen := &countingGen{Generator: fullGen(), limit: after}
		ctx, cancel := context.WithCancel(context.Background())
		gen.cancel = cancel
		sim := montecarlo.Simulator{Gen: gen, Equity: equity.ScoreAndLeave{Table: table(t)}, Plies: 2, Seed: 3, Threads: 2,
			Allocation: montecarlo.AllocRace, MaxIterations: 1000}
		rep, err := sim.Simulate(ctx, mid.pos, cands)
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		seen := make([]bool, len(cands))
		for _, i := range rep.Order {
			seen[i] = true
		}
		for i, ok := range seen {
			if !ok {
				t.Fatalf("stopped after %d searches: candidate %d not ranked: %v", after, i, rep.Order)
			}
		}
		for i := 1; i < len(rep.Order); i++ {
			if rep.Results[rep.Order[i-1]].Iterations < rep.Results[rep.Order[i]].Iterations {
				t.Errorf("stopped after %d searches: order %v puts a shorter-played candidate first: %+v", after, rep.Order, rep.Results)
			}
		}
	}
}

// countingGen cancels the simulation's context at its limit-th search: a
// stop at a point no clock would pick as reliably.
type countingGen struct {
	movegen.Generator
	n, limit int64
	cancel   func()
}

func (g *countingGen) Search(a movegen.Args) bool {
	if atomic.AddInt64(&g.n, 1) == g.limit {
		g.cancel()
	}
	return g.Generator.Search(a)
}
