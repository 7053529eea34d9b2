package montecarlo_test

import (
	"context"
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/cputime"
)

// plainGen hides the GADDAG generator's type, so that the playouts cannot
// keep cross sets for it (movegen.NewCrossSets) and every simulated turn
// computes them from the board, as before the table.
type plainGen struct{ movegen.Generator }

// everyPlay hides a valuation's LeaveValue, so that each simulated turn
// generates and values every play instead of the bounded search.
type everyPlay struct{ equity.Calculator }

// A capped seeded simulation whose playouts read the cross sets their game
// keeps gives exactly the report of one computing them at every turn: the
// same results to the last bit and the same order. Middle-game positions
// of both variants searched by the bounded search (a leave valuation) and
// valued play by play (a valuation that is not one), and late positions played to the
// game's end.
func TestSimulationSameWithCrossSets(t *testing.T) {
	tb := table(t)
	for seed, v := range []*variant.Variant{variant.Classic, variant.Multipliers} {
		g := selfPlay(t, v, uint64(31+seed), 9)
		for _, c := range []struct {
			name string
			snap *snapshot
			eq   equity.Calculator
			end  int
		}{{"middle game", g.mid, equity.ScoreAndLeave{Table: tb}, 0}, {"middle game, every play valued", g.mid, everyPlay{equity.ScoreAndLeave{Table: tb}}, 0},
			{"late, to the end", g.late, equity.ScoreAndLeave{Table: tb}, montecarlo.DefaultEndgameBag}} {
			if c.snap == nil {
				continue
			}
			sim := montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: c.eq, Plies: 2, EndgameBag: c.end, Threads: 1, MaxIterations: 4, Seed: 9}
			plain := sim
			plain.Gen = plainGen{fullGen()}
			sameReport(t, fmt.Sprintf("%s %s", v.Name, c.name), "with the cross sets and without", c.snap.pos, candidates(t, c.snap.pos, 3), sim, plain)
		}
	}
}

// BenchmarkSimulateCrossSets is BenchmarkSimulate's positions simulated
// with the cross sets kept and without, alternately, so that the host's
// swings fall on both alike: the metrics are the mean CPU time of a world
// each way (the process's, which unlike the wall clock does not count the
// waits for a core of a busy machine), their ratio, and the ratio of the
// wall times. A simulation of worlds=1 makes its playouts (and
// their table) for each world, as BenchmarkSimulate does; one of 8 makes
// them once for eight worlds, nearer a real simulation's hundreds.
// Past results: docs/lab/state.md.
//
//	go test -run '^$' -bench SimulateCrossSets -benchtime 400x ./bot/engine/montecarlo/
func BenchmarkSimulateCrossSets(b *testing.B) {
	positions := benchPositions(b, 100, 10, false)
	for _, worlds := range []int{1, 8} {
		b.Run(fmt.Sprintf("worlds=%d", worlds), func(b *testing.B) {
			simulateCrossSets(b, positions, worlds)
		})
	}
}

func simulateCrossSets(b *testing.B, positions []benchPos, worlds int) {
	sims := [2]*montecarlo.Simulator{
		{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(b)}, Plies: 2, Threads: 1, MaxIterations: worlds},
		{Gen: plainGen{fullGen()}, Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(b)}, Plies: 2, Threads: 1, MaxIterations: worlds},
	}
	var spent, cpu [2]time.Duration
	b.ResetTimer()
	for i := range b.N {
		p := positions[i%len(positions)]
		for k := range 2 {
			w := (i/len(positions) + k) % 2 // who goes first alternates, for each position
			sims[w].Seed = uint64(i)
			start := time.Now()
			c0, _ := cputime.Process()
			if _, err := sims[w].Simulate(context.Background(), p.snap.pos, p.cands); err != nil {
				b.Fatal(err)
			}
			spent[w] += time.Since(start)
			c1, _ := cputime.Process()
			cpu[w] += c1 - c0
		}
	}
	b.ReportMetric(cpu[0].Seconds()*1e3/float64(b.N*worlds), "cpu-ms/world-with")
	b.ReportMetric(cpu[1].Seconds()*1e3/float64(b.N*worlds), "cpu-ms/world-without")
	b.ReportMetric(cpu[0].Seconds()/cpu[1].Seconds(), "cpu-with/without")
	b.ReportMetric(spent[0].Seconds()/spent[1].Seconds(), "wall-with/without")
}

// unkeyed hides a leave valuation's LeaveKey: every search of a playout
// then values its leaves anew.
type unkeyed struct{ equity.LeaveValuer }

// A capped seeded simulation whose playouts' searches reuse the leave
// values of a rack they valued before (movegen.Args.LeaveKey: the
// opponent's rack is the same after each candidate) gives exactly the
// report of one valuing every search's leaves: middle games, and late ones
// where the bag falls below the valuation's FadeBag (the opponent's one
// reply to each candidate, its rack the same and the bag not: a key that
// left out the bag would reuse the values of another weight) and empties.
func TestSimulationSameWithLeaveKeys(t *testing.T) {
	tb := table(t)
	for seed, v := range []*variant.Variant{variant.Classic, variant.Multipliers} {
		g := selfPlay(t, v, uint64(41+seed), 9)
		for _, c := range []struct {
			name       string
			snap       *snapshot
			plies, end int
		}{{"middle game", g.mid, 2, 0}, {"late, one reply", g.late, 1, 0}, {"late, to the end", g.late, 2, montecarlo.DefaultEndgameBag}} {
			if c.snap == nil {
				continue
			}
			sim := montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: tb}, Plies: c.plies, EndgameBag: c.end, Threads: 1, MaxIterations: 6, Seed: 9}
			unkeyedSim := sim
			unkeyedSim.Equity = unkeyed{equity.ScoreAndLeave{Table: tb}}
			sameReport(t, fmt.Sprintf("%s %s", v.Name, c.name), "with leave keys and without", c.snap.pos, candidates(t, c.snap.pos, 6), sim, unkeyedSim)
		}
	}
}

// sameReport simulates p's candidates with a and with b and fails the test
// unless the two reports are the same to the last bit, in the same order.
func sameReport(t *testing.T, where, what string, p *position.Position, cands []move.Move, a, b montecarlo.Simulator) {
	t.Helper()
	var reps [2]montecarlo.Report
	for i, sim := range []montecarlo.Simulator{a, b} {
		rep, err := sim.Simulate(context.Background(), p, cands)
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		reps[i] = rep
	}
	if !reflect.DeepEqual(reps[0], reps[1]) {
		t.Errorf("%s: %s differ:\n%+v\n%+v", where, what, reps[0], reps[1])
	}
}

// SearchLines is the GADDAG generator's, so that the playouts share the
// opponent's replies among a world's candidates (reply.go) with the cross
// sets and without alike: the two then compare play for play.
func (g plainGen) SearchLines(a movegen.Args, across, down uint64) bool {
	return g.Generator.(*movegen.GADDAGGenerator).SearchLines(a, across, down)
}
