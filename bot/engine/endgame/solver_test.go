package endgame

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/lexico/lexico/bot/engine/endgame/endgametest"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
	"github.com/lexico/lexico/internal/race"
	"github.com/lexico/lexico/internal/testsize"
)

// smallEndgames are endgames of real self-play boards with a few tiles on
// each rack (drawn from the racks the game ended its bag with), small
// enough for a plain minimax.
func smallEndgames(t testing.TB, games, perGame int) []*state.State {
	t.Helper()
	var out []*state.State
	for seed := uint64(1); len(out) < games*perGame && seed < uint64(games)*4; seed++ {
		st := selfPlayEvery(t, seed, 3)
		if st == nil {
			continue
		}
		v := st.Variant()
		r := rand.New(rand.NewPCG(seed, 11))
		racks := st.Racks()
		for range perGame {
			var small [2]tile.Rack
			// One to three tiles against one or two: either side may
			// hold more, so the seat to move starts with either.
			long := r.IntN(2)
			small[long] = subRack(r, racks[long], 1+r.IntN(3))
			small[1-long] = subRack(r, racks[1-long], 1+r.IntN(2))
			if small[0].N == 0 || small[1].N == 0 {
				continue
			}
			scores := st.Scores()
			out = append(out, endgameOf(t, v, st.Board(), small, [2]int{scores[0], scores[1]}))
		}
	}
	return out
}

type picture struct {
	squares []board.Square
	racks   [2]tile.Rack
	scores  [2]int
	turn    int
	passes  int
	moves   int
}

func pictureOf(st *state.State) picture {
	return picture{slices.Clone(st.Board().Squares), st.Racks(), st.Scores(), st.Turn(), st.Passes(), st.Moves()}
}

func (a picture) equal(b picture) bool {
	return slices.Equal(a.squares, b.squares) && a.racks == b.racks && a.scores == b.scores &&
		a.turn == b.turn && a.passes == b.passes && a.moves == b.moves
}

// TestSolveAgreesWithMinimax: on hundreds of small endgames from real
// self-play boards the solver proves a value, that value is plain
// minimax's, its line plays out to exactly that margin, and the state is
// left as it was. The table is small and shared across the positions, so
// stale entries of earlier solves and index collisions are exercised too;
// and again with the table kept from solve to solve (KeepTable), where
// every position meets the entries of the ones before; Decide and
// DecideAtLeast agree with minimax too (decides), on the kept table.
//
// make test compares about 150 endgames of 20 games, enough for the table's
// stale entries and collisions to show; make test-long twice as many.
func TestSolveAgreesWithMinimax(t *testing.T) {
	positions := smallEndgames(t, testsize.Pick(20, 40), 8)
	solvers := []*Solver{{Gen: gen(), TableBits: 12}, {Gen: gen(), TableBits: 12, KeepTable: true}}
	compared, wins := 0, 0
	for i, st := range positions {
		budget := 1500
		want, ok := endgametest.Minimax(st, &budget)
		if !ok {
			continue // too big for the plain search
		}
		if decides(t, solvers[1], i, st, want) { // decide_test.go
			wins++
		}
		for _, s := range solvers {
			agree(t, s, i, st, want)
		}
		compared++
	}
	if compared < testsize.Pick(100, 200) || wins == 0 || wins == compared {
		t.Fatalf("%d of %d positions small enough to compare, %d of them wins: too few, or all one way", compared, len(positions), wins)
	}
	t.Logf("%d endgames agree with minimax (%d wins)", compared, wins)
}

// agree checks that s proves want, minimax's value of position i, with a
// line that plays out to it, and leaves st as it was.
func agree(t *testing.T, s *Solver, i int, st *state.State, want int) {
	t.Helper()
	before := pictureOf(st)
	res, err := s.Solve(st, nil)
	if err != nil {
		t.Fatalf("position %d: %v", i, err)
	}
	if !pictureOf(st).equal(before) {
		t.Fatalf("position %d: Solve left the state changed", i)
	}
	racks := st.Racks()
	if !res.Proven || res.Value != want {
		t.Fatalf("position %d (racks %s / %s), table kept %v: solver %+d (proven %v, depth %d), minimax %+d",
			i, racks[0].String(), racks[1].String(), s.KeepTable, res.Value, res.Proven, res.Depth, want)
	}
	// The line is legal and ends the game with the margin claimed.
	for _, m := range res.Line {
		if err := st.Apply(m); err != nil {
			t.Fatalf("position %d: line move %v: %v", i, m, err)
		}
	}
	sc := st.Scores()
	if !st.Over() || sc[0]-sc[1] != want {
		t.Errorf("position %d: the line %v ends over=%v at %+d, want the end at %+d", i, res.Line, st.Over(), sc[0]-sc[1], want)
	}
	for range res.Line {
		st.Undo()
	}
	if res.Line[0].Key() != res.Move.Key() {
		t.Errorf("position %d: the line starts with %v, the move is %v", i, res.Line[0], res.Move)
	}
}

// TestSolveStops: a stop that answers true at once leaves a move (the
// highest-scoring play), unproven, and the state as it was; Decide so
// stopped settles nothing and leaves the state as it was too.
func TestSolveStops(t *testing.T) {
	st := selfPlay(t, variant.Multipliers, 5, 0)
	if st == nil {
		t.Skip("game 5 ended before the bag emptied")
	}
	st = fromMover(t, st)
	before := pictureOf(st)
	calls := 0
	res, err := New(gen()).Solve(st, func() bool { calls++; return calls > 3 })
	if err != nil {
		t.Fatal(err)
	}
	if res.Proven || res.Move.Kind != 0 || len(res.Move.Tiles) == 0 {
		t.Errorf("stopped at once: %+v", res)
	}
	if !pictureOf(st).equal(before) {
		t.Error("a stopped Solve left the state changed")
	}
	calls = 0
	d, err := New(gen()).Decide(st, func() bool { calls++; return calls > 3 })
	if err != nil {
		t.Fatal(err)
	}
	if d.Proven || d.Win {
		t.Errorf("Decide stopped at once: %+v", d)
	}
	if !pictureOf(st).equal(before) {
		t.Error("a stopped Decide left the state changed")
	}
}

// TestSolveMaxNodes: a node budget stops the search near it, not proven
// (two full racks: no budget this small proves them), and gives the same
// answer every time, whatever the clock.
func TestSolveMaxNodes(t *testing.T) {
	st := selfPlay(t, variant.Multipliers, 5, 0)
	if st == nil {
		t.Skip("game 5 ended before the bag emptied")
	}
	st = fromMover(t, st)
	var first Result
	for i := range 2 {
		s := New(gen())
		s.MaxNodes = 2000
		res, err := s.Solve(st, nil)
		if err != nil {
			t.Fatal(err)
		}
		if res.Proven || res.Nodes < 2000 || res.Nodes > 2000+maxPly {
			t.Fatalf("MaxNodes 2000: proven %v after %d nodes, depth %d", res.Proven, res.Nodes, res.Depth)
		}
		if i == 0 {
			first = res
		} else if res.Value != first.Value || res.Depth != first.Depth || res.Move.String() != first.Move.String() {
			t.Errorf("two solves with the same budget differ: %v %d (depth %d) against %v %d (depth %d)",
				res.Move, res.Value, res.Depth, first.Move, first.Value, first.Depth)
		}
	}
}

// TestSolveRefuses: a game over, an unknown rack.
func TestSolveRefuses(t *testing.T) {
	v := variant.Multipliers
	rack, _ := tile.ParseRack("AB")
	st, err := state.FromPosition(&position.Position{Variant: v, Board: v.NewBoard(), Rack: rack})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := New(gen()).Solve(st, nil); !errors.Is(err, ErrUnknown) {
		t.Errorf("unknown rack: %v, want ErrUnknown", err)
	}
	if _, err := (&Solver{}).Solve(st, nil); !errors.Is(err, ErrNoGenerator) {
		t.Errorf("no generator: %v, want ErrNoGenerator", err)
	}
	over := endgameOf(t, v, v.NewBoard(), [2]tile.Rack{rack, rack}, [2]int{})
	for range 2 {
		if err := over.Apply(move.NewPass()); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := New(gen()).Solve(over, nil); !errors.Is(err, ErrOver) {
		t.Errorf("game over: %v, want ErrOver", err)
	}
}

// TestSolveAllocatesOnlyAtTheRoot: the search below the root reuses its
// buffers, so a solve allocates for its answer (the root's moves and the
// line, copied out once an iteration), never per node searched.
func TestSolveAllocatesOnlyAtTheRoot(t *testing.T) {
	race.SkipAllocCounts(t)
	s := New(gen())
	for seed := uint64(1); seed < 20; seed++ {
		st := selfPlay(t, variant.Multipliers, seed, 0)
		if st == nil {
			continue
		}
		r := rand.New(rand.NewPCG(seed, 1))
		racks := st.Racks()
		st = endgameOf(t, variant.Multipliers, st.Board(), [2]tile.Rack{subRack(r, racks[0], 4), subRack(r, racks[1], 4)}, st.Scores())
		res, err := s.Solve(st, nil) // grows the buffers
		if err != nil || !res.Proven {
			t.Fatal(err, res.Proven)
		}
		perIteration := float64(len(res.Moves) + len(res.Line) + 16)
		bound := perIteration * float64(res.Depth)
		if res.Nodes < 10*int64(bound) {
			continue // too small to tell allocations per node from per iteration
		}
		allocs := testing.AllocsPerRun(2, func() {
			if _, err := s.Solve(st, nil); err != nil {
				t.Fatal(err)
			}
		})
		t.Logf("%.0f allocations, %d nodes, bound %.0f", allocs, res.Nodes, bound)
		if allocs > bound {
			t.Errorf("%.0f allocations for %d nodes at depth %d and %d root moves, want at most %.0f", allocs, res.Nodes, res.Depth, len(res.Moves), bound)
		}
		return
	}
	t.Fatal("no endgame big enough")
}

// TestKeepTableFindsTheGameSolved: with KeepTable, the position two moves
// down the solved line of an endgame (the mover's play and the reply) is
// solved again to the same value as afresh, in fewer nodes, most of the
// work found in the table.
func TestKeepTableFindsTheGameSolved(t *testing.T) {
	kept := &Solver{Gen: gen(), KeepTable: true}
	fresh := New(gen())
	var keptNodes, freshNodes int64
	solved := 0
	for seed := uint64(1); seed < 40 && solved < 8; seed++ {
		st := fiveEach(t, seed)
		if st == nil {
			continue
		}
		first, err := kept.Solve(st, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !first.Proven || len(first.Line) < 3 {
			continue // the line must go on after two moves
		}
		for _, m := range first.Line[:2] {
			if err := st.Apply(m); err != nil {
				t.Fatal(err)
			}
		}
		again, err := kept.Solve(st, nil)
		if err != nil {
			t.Fatal(err)
		}
		afresh, err := fresh.Solve(st, nil)
		if err != nil {
			t.Fatal(err)
		}
		st.Undo()
		st.Undo()
		if !again.Proven || !afresh.Proven || again.Value != afresh.Value {
			t.Fatalf("seed %d: two moves down the line, with the table kept %+d (proven %v), afresh %+d (proven %v)",
				seed, again.Value, again.Proven, afresh.Value, afresh.Proven)
		}
		if again.Value != first.Value {
			// Both are the final margin from the same seat, along the line.
			t.Fatalf("seed %d: the line's value %+d, two moves down it %+d", seed, first.Value, again.Value)
		}
		keptNodes += again.Nodes
		freshNodes += afresh.Nodes
		solved++
	}
	if keptNodes >= freshNodes {
		t.Errorf("two moves down %d solved lines: %d nodes with the table kept, %d afresh", solved, keptNodes, freshNodes)
	}
	t.Logf("two moves down %d solved lines: %d nodes with the table kept, %d afresh", solved, keptNodes, freshNodes)
}

// TestSortRootOrdersByValueStably: the root's moves in the order of their
// values, best first, each with its own value and exactness, and among
// equal values in the order they had (the iteration before's), on a root
// as large as two blanks make it.
func TestSortRootOrdersByValueStably(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{0, 1, 2, 17, 16_000} {
		root := &plyMoves{moves: make([]genMove, n)}
		values, exacts := make([]int32, n), make([]bool, n)
		for i := range n {
			root.moves[i] = genMove{at: int32(i), score: int32(r.IntN(90))}
			values[i] = int32(r.IntN(40) - 20) // many ties
			exacts[i] = r.IntN(2) == 0
		}
		want := make([]int32, n) // the moves' at, by a plain stable selection
		taken := make([]bool, n)
		for k := range n {
			best := -1
			for i := range n {
				if !taken[i] && (best < 0 || values[i] > values[best]) {
					best = i
				}
			}
			taken[best], want[k] = true, int32(best)
		}
		moves, wantValues, wantExacts := slices.Clone(root.moves), slices.Clone(values), slices.Clone(exacts)
		sortRoot(root, values, exacts, make([]rootEntry, len(values)))
		for k, g := range root.moves {
			if g.at != want[k] {
				t.Fatalf("n=%d: place %d holds move %d, want %d", n, k, g.at, want[k])
			}
			if g != moves[g.at] || values[k] != wantValues[g.at] || exacts[k] != wantExacts[g.at] {
				t.Fatalf("n=%d: move %d lost its value or exactness", n, g.at)
			}
		}
	}
}

// TestHorizonBoundKeepsTheSearch: one play above the horizon, once a
// position is unproven, the plays that cannot raise alpha are bounded by
// their score instead of searched (negamax). That is a bound of their
// value at that depth, never a change of it: on self-play endgames, every
// iteration depth answers the same move, value and proof as searching
// every play, and values the same root moves exactly, alike.
func TestHorizonBoundKeepsTheSearch(t *testing.T) {
	compared := 0
	for seed := uint64(1); compared < 12 && seed < 60; seed++ {
		st := selfPlayEvery(t, seed, 2)
		if st == nil {
			continue
		}
		st = fromMover(t, st)
		for depth := 1; depth <= 3; depth++ {
			var res [2]Result
			for k, all := range []bool{false, true} {
				s := &Solver{Gen: gen(), TableBits: 14, MaxDepth: depth, searchAll: all}
				r, err := s.Solve(st, nil)
				if err != nil {
					t.Fatal(err)
				}
				res[k] = r
			}
			a, b := res[0], res[1]
			if a.Move.Key() != b.Move.Key() || a.Value != b.Value || a.Proven != b.Proven || a.Depth != b.Depth {
				t.Fatalf("seed %d, depth %d: bounded %v %+d (proven %v, depth %d), every play searched %v %+d (proven %v, depth %d)",
					seed, depth, a.Move, a.Value, a.Proven, a.Depth, b.Move, b.Value, b.Proven, b.Depth)
			}
			// The root's moves valued exactly are valued alike; the others'
			// values are bounds, which a bounded play may loosen.
			exact := map[string]Valued{}
			for _, m := range b.Moves {
				exact[m.Move.Key()] = m
			}
			if len(a.Moves) != len(exact) {
				t.Fatalf("seed %d, depth %d: %d root moves against %d", seed, depth, len(a.Moves), len(exact))
			}
			for _, m := range a.Moves {
				o := exact[m.Move.Key()]
				if m.Exact != o.Exact || m.Exact && m.Value != o.Value {
					t.Fatalf("seed %d, depth %d: root move %v %+d (exact %v), every play searched %+d (exact %v)",
						seed, depth, m.Move, m.Value, m.Exact, o.Value, o.Exact)
				}
			}
		}
		compared++
	}
	if compared < 12 {
		t.Fatalf("only %d self-play endgames", compared)
	}
}
