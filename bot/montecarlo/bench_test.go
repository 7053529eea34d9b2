package montecarlo_test

import (
	"context"
	"testing"

	"github.com/lexico/lexico/bot/equity"
	"github.com/lexico/lexico/bot/montecarlo"
	"github.com/lexico/lexico/bot/move"
	"github.com/lexico/lexico/bot/variant"
)

// BenchmarkSimulate times one world (a round: every candidate played out
// for two plies) on middle-game positions of seeded self-play games, ten
// candidates each, on one thread: the rate at which a sim bot's budget
// turns into worlds. Results: bot/montecarlo/BENCHMARKS.md.
//
//	go test -run '^$' -bench Simulate -benchtime 200x ./bot/montecarlo/
func BenchmarkSimulate(b *testing.B) {
	type pos struct {
		snap  *snapshot
		cands []move.Move
	}
	var positions []pos
	for seed := uint64(1); seed <= 8; seed++ {
		v := variant.Multipliers
		if seed%2 == 0 {
			v = variant.Classic
		}
		mid := selfPlay(b, v, 100+seed, 10).mid
		if mid == nil {
			continue
		}
		positions = append(positions, pos{mid, candidates(b, mid.pos, 10)})
	}
	sim := &montecarlo.Simulator{Gen: fullGen(), Equity: equity.Static{Table: table(b)}, Plies: 2, Threads: 1, MaxIterations: 1}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		p := positions[i%len(positions)]
		sim.Seed = uint64(i)
		if _, err := sim.Simulate(context.Background(), p.snap.pos, p.cands); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/world")
}
