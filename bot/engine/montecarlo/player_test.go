package montecarlo_test

import (
	"context"
	"testing"

	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/player"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
)

// The sim policy answers with the move the simulation ranks first among the
// equity policy's ten best, and lists its candidates in the simulation's
// order with their figures.
func TestSimPolicyAnswersTheSimulationsChoice(t *testing.T) {
	for seed, v := range []*variant.Variant{variant.Multipliers, variant.Classic} {
		mid := selfPlay(t, v, uint64(20+seed), 9).mid
		pl := newSim(t)
		pl.Top = 4
		pl.Simulator.MaxIterations, pl.Simulator.Seed = 20, 3
		ch := pl.Choose(context.Background(), mid.pos)

		cands := candidates(t, mid.pos, player.DefaultSimCandidates)
		rep, err := pl.Simulator.Simulate(context.Background(), mid.pos, cands)
		if err != nil {
			t.Fatal(err)
		}
		want := cands[rep.Order[0]]
		sim := ch.Simulation
		switch {
		case sim == nil || sim.Err != nil:
			t.Fatalf("%s: no simulation: %+v", v.Name, sim)
		case sim.Iterations != 20 || sim.Candidates != len(cands) || len(ch.Top) != 4 || len(sim.Results) != 4:
			t.Errorf("%s: %d iterations of %d candidates, %d listed with %d results; want 20 of %d, 4 and 4",
				v.Name, sim.Iterations, sim.Candidates, len(ch.Top), len(sim.Results), len(cands))
		case ch.Move.Key() != want.Key() || ch.Top[0].Move.Key() != want.Key():
			t.Errorf("%s: answered %s, the simulation ranks %s first", v.Name, ch.Move, want)
		}
		// The policy's ranking: by win probability (the default) or points.
		key := func(r montecarlo.Result) float64 { return r.Equity }
		if pl.Simulator.Rank == montecarlo.RankWinProb {
			key = func(r montecarlo.Result) float64 { return r.WinProb }
		}
		for i := 1; i < len(sim.Results); i++ {
			if key(sim.Results[i-1]) < key(sim.Results[i]) {
				t.Errorf("%s: candidates not in the simulation's order: %+v", v.Name, sim.Results)
			}
		}
		if ch.Move.Kind == move.Play && ch.Reason != "" {
			t.Errorf("%s: a play with a reason: %q", v.Name, ch.Reason)
		}
		t.Logf("%s: static best %s, simulated best %s (%.1f ± %.1f)", v.Name, cands[0], ch.Move, sim.Results[0].Equity, sim.Results[0].StdErr)
	}
}

// Near the end the sim policy compares more candidates: with at most
// player.PreEndgameSimBag tiles in the bag, player.PreEndgameSimCandidates
// (where the position has that many plays), the plays a side behind needs
// to still win lying low in the static ranking; with more in the bag, the
// default's.
func TestSimPolicyComparesMoreCandidatesNearTheEnd(t *testing.T) {
	seen := map[bool]bool{}
	for seed := uint64(1); seed < 40 && len(seen) < 2; seed++ {
		late := selfPlay(t, variant.Multipliers, seed, 0).late
		if late == nil {
			continue
		}
		near := late.pos.BagCount <= player.PreEndgameSimBag
		if seen[near] {
			continue
		}
		seen[near] = true
		pl := newSim(t)
		pl.NoEndgame = true // the simulation, not the pre-endgame's solver
		pl.Simulator.MaxIterations, pl.Simulator.Seed = 2, 1
		ch := pl.Choose(context.Background(), late.pos)
		want := player.DefaultSimCandidates
		if near {
			want = player.PreEndgameSimCandidates
		}
		plays := len(candidates(t, late.pos, 1000))
		if ch.Simulation == nil || ch.Simulation.Candidates != min(want, plays) {
			t.Errorf("bag %d, %d plays: compared %+v candidates, want %d", late.pos.BagCount, plays, ch.Simulation, min(want, plays))
		}
	}
	if len(seen) < 2 {
		t.Fatalf("no self-play game gave both a late position with at most %d in the bag and one with more: %v", player.PreEndgameSimBag, seen)
	}
}
