package endgame

import (
	"testing"

	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/variant"
)

// BenchmarkSolveDepth3 searches real self-play endgames (both racks as the
// bag emptied, words of 2 to 7 letters) three plies deep and reports the
// speed in nodes per second; the move generation at each node is most of
// the cost (go test -cpuprofile shows the split).
func BenchmarkSolveDepth3(b *testing.B) {
	var positions []*state.State
	for seed := uint64(1); len(positions) < 8; seed++ {
		if st := selfPlay(b, variant.Multipliers, seed, 0); st != nil {
			positions = append(positions, st)
		}
	}
	s := &Solver{Gen: gen(), MaxDepth: 3}
	var nodes int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		res, err := s.Solve(positions[i%len(positions)], nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
	}
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}
