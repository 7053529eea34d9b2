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
	"github.com/lexico/lexico/bot/game/variant"
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
		}{{"middle game", g.mid, equity.Static{Table: tb}, 0}, {"middle game, every play valued", g.mid, everyPlay{equity.Static{Table: tb}}, 0},
			{"late, to the end", g.late, equity.Static{Table: tb}, montecarlo.DefaultEndgameBag}} {
			if c.snap == nil {
				continue
			}
			where := fmt.Sprintf("%s %s", v.Name, c.name)
			cands := candidates(t, c.snap.pos, 3)
			var reps [2]montecarlo.Report
			for i, gen := range []movegen.Generator{fullGen(), plainGen{fullGen()}} {
				sim := montecarlo.Simulator{Gen: gen, Equity: c.eq, Plies: 2, EndgameBag: c.end, Threads: 1, MaxIterations: 4, Seed: 9}
				rep, err := sim.Simulate(context.Background(), c.snap.pos, cands)
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				reps[i] = rep
			}
			if !reflect.DeepEqual(reps[0], reps[1]) {
				t.Errorf("%s: with the cross sets and without differ:\n%+v\n%+v", where, reps[0], reps[1])
			}
		}
	}
}

// BenchmarkSimulateCrossSets is BenchmarkSimulate's worlds played out with
// the cross sets kept and without, alternately, so that the host's swings
// fall on both alike: the metrics are the mean time of a world each way
// and their ratio. Results: BENCHMARKS.md.
//
//	go test -run '^$' -bench SimulateCrossSets -benchtime 400x ./bot/engine/montecarlo/
func BenchmarkSimulateCrossSets(b *testing.B) {
	positions := benchPositions(b, 100, 10, false)
	sims := [2]*montecarlo.Simulator{
		{Gen: fullGen(), Equity: equity.Static{Table: table(b)}, Plies: 2, Threads: 1, MaxIterations: 1},
		{Gen: plainGen{fullGen()}, Equity: equity.Static{Table: table(b)}, Plies: 2, Threads: 1, MaxIterations: 1},
	}
	var spent [2]time.Duration
	b.ResetTimer()
	for i := range b.N {
		p := positions[i%len(positions)]
		for k := range 2 {
			w := (i + k) % 2 // who goes first alternates
			sims[w].Seed = uint64(i)
			start := time.Now()
			if _, err := sims[w].Simulate(context.Background(), p.snap.pos, p.cands); err != nil {
				b.Fatal(err)
			}
			spent[w] += time.Since(start)
		}
	}
	b.ReportMetric(spent[0].Seconds()*1e3/float64(b.N), "ms/world-with")
	b.ReportMetric(spent[1].Seconds()*1e3/float64(b.N), "ms/world-without")
	b.ReportMetric(spent[0].Seconds()/spent[1].Seconds(), "with/without")
}
