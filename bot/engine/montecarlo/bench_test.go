package montecarlo_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/equity"
	"github.com/lexico/lexico/bot/engine/montecarlo"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/variant"
)

// BenchmarkSimulate times one world (a round: every candidate played out
// for two plies) on middle-game positions of seeded self-play games, ten
// candidates each, on one thread: the rate at which a sim bot's budget
// turns into worlds. Past results: docs/lab/montecarlo.md.
//
//	go test -run '^$' -bench Simulate -benchtime 200x ./bot/engine/montecarlo/
func BenchmarkSimulate(b *testing.B) {
	positions := benchPositions(b, 100, 10, false)
	sim := &montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(b)}, Plies: 2, Threads: 1, MaxIterations: 1}
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
//	go test -run '^$' -bench StopLatency -benchtime 100x ./bot/engine/montecarlo/
func BenchmarkStopLatency(b *testing.B) {
	positions := benchPositions(b, 200, 12, true)
	sim := &montecarlo.Simulator{Gen: fullGen(), Keys: fullKeys, Equity: equity.ScoreAndLeave{Table: table(b)}, Plies: 2,
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
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds()), "p50-stop-µs")
	b.ReportMetric(float64(lat[len(lat)-1].Microseconds()), "max-stop-µs")
}

// benchPos is a position of a seeded self-play game and its ten best
// candidates by equity.
type benchPos struct {
	snap  *snapshot
	cands []move.Move
}

// benchPositions plays games of seeds base+1 to base+8 (less with late),
// Classic and Multipliers in turn, and takes each one's position at turn
// mid, and with late its first with a rack's worth in the bag too.
func benchPositions(b *testing.B, base uint64, mid int, late bool) []benchPos {
	games := uint64(8)
	if late {
		games = 6
	}
	var positions []benchPos
	for seed := uint64(1); seed <= games; seed++ {
		v := variant.Multipliers
		if seed%2 == 0 {
			v = variant.Classic
		}
		g := selfPlay(b, v, base+seed, mid)
		snaps := []*snapshot{g.mid}
		if late {
			snaps = append(snaps, g.late)
		}
		for _, s := range snaps {
			if s != nil {
				positions = append(positions, benchPos{s, candidates(b, s.pos, 10)})
			}
		}
	}
	return positions
}
