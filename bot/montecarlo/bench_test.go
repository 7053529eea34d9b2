package montecarlo_test

import (
	"context"
	"slices"
	"testing"
	"time"

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

// BenchmarkStopLatency is how long a simulation takes to return once its
// deadline has passed: its workers' stop latency plus the report, which
// the clock contract must hold back from every budget. Each op simulates
// the ten best candidates of a middle-game or a late position (played to
// the end) on every core for 30 ms; the metrics are the median and the
// largest time from the deadline to Simulate's return.
//
//	go test -run '^$' -bench StopLatency -benchtime 100x ./bot/montecarlo/
func BenchmarkStopLatency(b *testing.B) {
	type pos struct {
		snap  *snapshot
		cands []move.Move
	}
	var positions []pos
	for seed := uint64(1); seed <= 6; seed++ {
		v := variant.Multipliers
		if seed%2 == 0 {
			v = variant.Classic
		}
		g := selfPlay(b, v, 200+seed, 12)
		for _, s := range []*snapshot{g.mid, g.late} {
			if s != nil {
				positions = append(positions, pos{s, candidates(b, s.pos, 10)})
			}
		}
	}
	sim := &montecarlo.Simulator{Gen: fullGen(), Equity: equity.Static{Table: table(b)}, Plies: 2,
		EndgameBag: montecarlo.DefaultEndgameBag}
	lat := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		p := positions[i%len(positions)]
		deadline := time.Now().Add(30 * time.Millisecond)
		ctx, cancel := context.WithDeadline(context.Background(), deadline)
		if _, err := sim.Simulate(ctx, p.snap.pos, p.cands); err != nil {
			b.Fatal(err)
		}
		lat = append(lat, time.Since(deadline))
		cancel()
	}
	b.StopTimer()
	slices.Sort(lat)
	b.Logf("slowest: %v", lat[max(len(lat)-8, 0):])
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-stop-µs")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds()), "max-stop-µs")
}
