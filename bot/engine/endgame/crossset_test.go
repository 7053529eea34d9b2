package endgame

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/cputime"
)

// plain hides the GADDAG generator's type, so that the solver cannot keep
// cross sets for it (movegen.NewCrossSets) and every generation computes
// them from the board, as before the table.
type plain struct{ movegen.Generator }

// SearchLines keeps the solver deriving a position's plays from an earlier
// list (lineSearcher), so that the two solvers differ in the cross sets
// alone.
func (p plain) SearchLines(a movegen.Args, across, down uint64) bool {
	return p.Generator.(lineSearcher).SearchLines(a, across, down)
}

// The solver reading the cross sets it keeps gives exactly the answer of
// one computing them at every node: the same move, value, proof, depth,
// line and root values, and the same nodes and generations (the same
// search). Proven endgames of four tiles against three, full racks three
// plies deep, and positions with a few tiles still in the bag (whose plays
// draw) two plies deep, in both variants; the state is left as it was, with the caller's
// tracker still attached.
func TestSolveSameWithCrossSets(t *testing.T) {
	var cases []*state.State
	var names []string
	for seed := uint64(1); len(cases) < 6; seed++ {
		v := variant.Multipliers
		if seed%2 == 0 {
			v = variant.Classic
		}
		bag := []int{0, 0, 2}[seed%3]
		st := selfPlay(t, v, seed, bag)
		if st == nil {
			continue
		}
		if bag == 0 && seed%4 < 2 {
			r := rand.New(rand.NewPCG(seed, 1))
			racks := st.Racks()
			st = endgameOf(t, v, st.Board(), [2]tile.Rack{subRack(r, racks[0], 4), subRack(r, racks[1], 3)}, st.Scores())
		}
		cases = append(cases, st)
		names = append(names, fmt.Sprintf("%s seed %d, bag %d", v.Name, seed, st.BagLen()))
	}
	with, without := &Solver{Gen: gen()}, &Solver{Gen: plain{gen()}}
	for i, st := range cases {
		before := st.Board().String()
		with.MaxDepth, without.MaxDepth = 3, 3
		if st.BagLen() > 0 { // a search as wide, but whose plays draw
			with.MaxDepth, without.MaxDepth = 2, 2
		}
		mine := &counting{}
		st.Track(mine)
		a, errA := with.Solve(st, nil)
		if st.Board().String() != before || st.Tracking() != mine || mine.resets != 2 || mine.told != 0 {
			t.Errorf("%s: the state is not as it was, or its tracker was told of the search (resets %d, told %d)", names[i], mine.resets, mine.told)
		}
		st.Track(nil)
		b, errB := without.Solve(st, nil)
		if errA != nil || errB != nil {
			t.Fatalf("%s: %v, %v", names[i], errA, errB)
		}
		if with.cross == nil || without.cross != nil {
			t.Fatalf("%s: the solver with the GADDAG generator keeps no cross sets, or the other does", names[i])
		}
		if d := diffResults(a, b); d != "" {
			t.Errorf("%s: with the cross sets %s without", names[i], d)
		}
	}
}

// diffResults says how a and b differ in anything but time, "" if not.
func diffResults(a, b Result) string {
	key := func(m move.Move) string { return fmt.Sprintf("%s %d", m.Key(), m.Score) }
	keys := func(ms []move.Move) []string {
		var out []string
		for _, m := range ms {
			out = append(out, key(m))
		}
		return out
	}
	roots := func(vs []Valued) []string {
		var out []string
		for _, v := range vs {
			out = append(out, fmt.Sprintf("%s=%d/%v", key(v.Move), v.Value, v.Exact))
		}
		return out
	}
	switch {
	case key(a.Move) != key(b.Move) || a.Value != b.Value || a.Proven != b.Proven || a.Depth != b.Depth:
		return fmt.Sprintf("answers %s value %d proven %v depth %d, %s value %d proven %v depth %d",
			key(a.Move), a.Value, a.Proven, a.Depth, key(b.Move), b.Value, b.Proven, b.Depth)
	case a.Nodes != b.Nodes || a.Generations != b.Generations:
		return fmt.Sprintf("searches %d nodes (%d generations), %d (%d)", a.Nodes, a.Generations, b.Nodes, b.Generations)
	case !slices.Equal(keys(a.Line), keys(b.Line)):
		return fmt.Sprintf("gives the line %v, %v", keys(a.Line), keys(b.Line))
	case !slices.Equal(roots(a.Moves), roots(b.Moves)):
		return fmt.Sprintf("values the root %v, %v", roots(a.Moves), roots(b.Moves))
	}
	return ""
}

// counting is a caller's own state.Tracker.
type counting struct{ resets, told int }

func (c *counting) Reset(*board.Board)           { c.resets++ }
func (c *counting) Played(*board.Board, []int32) { c.told++ }
func (c *counting) Unplayed(*board.Board)        { c.told++ }

// BenchmarkSolveCrossSets is BenchmarkSolveSmall's endgames (four tiles
// against three, proven) and BenchmarkSolveDepth3's (full racks, three
// plies), each solved with the cross sets kept and without, alternately,
// so that the host's swings fall on both alike: the metrics are the mean
// CPU time of a solve each way (the process's, which unlike the wall clock
// does not count the waits for a core of a busy machine), their ratio, and
// the ratio of the wall times. Past results: docs/lab/state.md.
//
//	go test -run '^$' -bench SolveCrossSets -benchtime 60x ./bot/engine/endgame/
func BenchmarkSolveCrossSets(b *testing.B) {
	for _, full := range []bool{false, true} {
		var positions []*state.State
		for seed := uint64(1); len(positions) < 8; seed++ {
			st := selfPlay(b, variant.Multipliers, seed, 0)
			if st == nil {
				continue
			}
			if !full {
				r := rand.New(rand.NewPCG(seed, 1))
				racks := st.Racks()
				st = endgameOf(b, variant.Multipliers, st.Board(), [2]tile.Rack{subRack(r, racks[0], 4), subRack(r, racks[1], 3)}, st.Scores())
			}
			positions = append(positions, st)
		}
		name, depth := "small", 0
		if full {
			name, depth = "depth3", 3
		}
		b.Run(name, func(b *testing.B) {
			solvers := [2]*Solver{{Gen: gen(), MaxDepth: depth}, {Gen: plain{gen()}, MaxDepth: depth}}
			var spent, cpu [2]time.Duration
			for i := range b.N {
				st := positions[i%len(positions)]
				for k := range 2 {
					w := (i/len(positions) + k) % 2 // who goes first alternates, for each position
					start := time.Now()
					c0, _ := cputime.Process()
					if _, err := solvers[w].Solve(st, nil); err != nil {
						b.Fatal(err)
					}
					spent[w] += time.Since(start)
					c1, _ := cputime.Process()
					cpu[w] += c1 - c0
				}
			}
			b.ReportMetric(cpu[0].Seconds()*1e3/float64(b.N), "cpu-ms/solve-with")
			b.ReportMetric(cpu[1].Seconds()*1e3/float64(b.N), "cpu-ms/solve-without")
			b.ReportMetric(cpu[0].Seconds()/cpu[1].Seconds(), "cpu-with/without")
			b.ReportMetric(spent[0].Seconds()/spent[1].Seconds(), "wall-with/without")
		})
	}
}
