package endgame

import (
	"math/rand/v2"
	"testing"

	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
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
	var nodes, gens, derived int64
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		res, err := s.Solve(positions[i%len(positions)], nil)
		if err != nil {
			b.Fatal(err)
		}
		nodes += res.Nodes
		gens += res.Generations
		derived += res.Derived
	}
	b.ReportMetric(float64(gens)/float64(b.N), "generations/op")
	b.ReportMetric(float64(derived)/float64(b.N), "derived/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkSolveSmall proves 30 endgames of real self-play boards with
// four tiles against three, and reports the nodes a solve takes (a
// measure of the pruning and the move ordering that the machine's load
// does not move) and their speed.
func BenchmarkSolveSmall(b *testing.B) {
	var positions []*state.State
	for seed := uint64(1); len(positions) < 30; seed++ {
		st := selfPlay(b, variant.Multipliers, seed, 0)
		if st == nil {
			continue
		}
		r := rand.New(rand.NewPCG(seed, 1))
		racks := st.Racks()
		small := [2]tile.Rack{subRack(r, racks[0], 4), subRack(r, racks[1], 3)}
		positions = append(positions, endgameOf(b, variant.Multipliers, st.Board(), small, st.Scores()))
	}
	proveAll(b, positions)
}

// BenchmarkSolveMedium proves 12 endgames of real self-play boards with
// five tiles against five (the first five of each rack as the bag
// emptied): bigger than SolveSmall's, and nearer the endgames of play,
// where a solve is cut short at its time. It reports the nodes and the
// generations a proof takes, which the machine's load does not move.
func BenchmarkSolveMedium(b *testing.B) {
	var positions []*state.State
	for seed := uint64(1); len(positions) < 12; seed++ {
		if st := fiveEach(b, seed); st != nil {
			positions = append(positions, st)
		}
	}
	proveAll(b, positions)
}

// proveAll proves positions in turn, b.N solves, each of which must be
// proven, and reports the nodes and generations a proof takes and the
// nodes searched a second.
func proveAll(b *testing.B, positions []*state.State) {
	s := New(gen())
	var nodes, gens int64
	b.ResetTimer()
	for i := range b.N {
		res, err := s.Solve(positions[i%len(positions)], nil)
		if err != nil || !res.Proven {
			b.Fatal(err, res.Proven)
		}
		nodes += res.Nodes
		gens += res.Generations
	}
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
	b.ReportMetric(float64(gens)/float64(b.N), "generations/op")
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
}

// BenchmarkSortRoot: the root's sort at the end of an iteration, on the
// 16,000 plays of a rack with two blanks, values spread as a search leaves
// them (the first few exact, most bounds in a narrow range).
func BenchmarkSortRoot(b *testing.B) {
	const n = 16_000
	r := rand.New(rand.NewPCG(3, 4))
	root := &plyMoves{moves: make([]genMove, n)}
	values, exacts := make([]int32, n), make([]bool, n)
	base := make([]int32, n)
	scratch := make([]rootEntry, n)
	for i := range base {
		base[i] = int32(r.IntN(60) - 30)
	}
	for b.Loop() {
		copy(values, base)
		sortRoot(root, values, exacts, scratch)
	}
}
