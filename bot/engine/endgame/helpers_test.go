package endgame

import (
	"math/rand/v2"
	"slices"
	"sync"
	"testing"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/movegentest"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/state"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// gen is the GADDAG generator of real games over short words
// (movegentest.Short).
var gen = movegentest.Short

// selfPlay plays a seeded game of v on a State, each side choosing at
// random among its three highest-scoring plays (passing when it has
// none), until the bag holds at most bagLeft tiles, and returns the state
// then, or nil when the game ended first.
func selfPlay(t testing.TB, v *variant.Variant, seed uint64, bagLeft int) *state.State {
	t.Helper()
	st, err := state.Start(v, seed, int(seed%2))
	if err != nil {
		t.Fatal(err)
	}
	// Several tests play the same seeds: the moves of each game are chosen
	// once per test binary and replayed after (generating them is most of
	// the cost; applying them is cheap).
	key := selfPlayKey{v, seed, bagLeft}
	if line, ok := selfPlayed.Load(key); ok {
		for _, m := range line.([]move.Move) {
			if err := st.Apply(m); err != nil {
				t.Fatalf("seed %d: replaying %v: %v", seed, m, err)
			}
		}
	} else {
		r := rand.New(rand.NewPCG(seed, 7))
		var plays movegen.AllPlays
		var line []move.Move
		for !st.Over() && st.BagLen() > bagLeft {
			rack, _ := st.Rack(st.Turn())
			plays.Reset()
			gen().Search(movegen.Args{Variant: v, Board: st.Board(), Rack: rack, Record: plays.Record})
			m := move.NewPass()
			if len(plays.Moves) > 0 {
				plays.SortByScore()
				m = plays.Moves[r.IntN(min(3, len(plays.Moves)))]
			}
			if err := st.Apply(m); err != nil {
				t.Fatalf("seed %d: %v: %v", seed, m, err)
			}
			line = append(line, move.Move{Kind: m.Kind, Tiles: slices.Clone(m.Tiles),
				Exchanged: slices.Clone(m.Exchanged), Score: m.Score}) // plays reuses its storage
		}
		selfPlayed.Store(key, line)
	}
	if st.Over() {
		return nil
	}
	return st
}

type selfPlayKey struct {
	variant *variant.Variant
	seed    uint64
	bagLeft int
}

// selfPlayed holds each self-play game's moves by selfPlayKey.
var selfPlayed sync.Map

// endgameOf is the endgame of board b (copied) with the given racks and
// scores, seat 0 to move and the bag empty.
func endgameOf(t testing.TB, v *variant.Variant, b *board.Board, racks [2]tile.Rack, scores [2]int) *state.State {
	t.Helper()
	st, err := state.FromPosition(&position.Position{Variant: v, Board: b, Rack: racks[0], MyScore: scores[0], OppScore: scores[1]})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Deal(1, racks[1].Tiles(), nil); err != nil {
		t.Fatal(err)
	}
	return st
}

// selfPlayEvery is selfPlay of seed to the empty bag, in Classic when
// seed is a multiple of classicEvery, else in Multipliers.
func selfPlayEvery(t testing.TB, seed, classicEvery uint64) *state.State {
	t.Helper()
	v := variant.Multipliers
	if seed%classicEvery == 0 {
		v = variant.Classic
	}
	return selfPlay(t, v, seed, 0)
}

// fiveEach is the endgame of seed's self-play game of multipliers with
// five tiles a side at most (the first of each rack as the bag emptied),
// seat 0 to move: solved to the end in a moment. nil when the game ended
// before the bag emptied.
func fiveEach(t testing.TB, seed uint64) *state.State {
	t.Helper()
	st := selfPlay(t, variant.Multipliers, seed, 0)
	if st == nil {
		return nil
	}
	var racks [2]tile.Rack
	for k, r := range st.Racks() {
		ts := r.Tiles()
		racks[k] = tile.RackOf(ts[:min(5, len(ts))])
	}
	return endgameOf(t, variant.Multipliers, st.Board(), racks, st.Scores())
}

// fromMover is st's endgame as its mover sees it: the mover seat 0.
func fromMover(t testing.TB, st *state.State) *state.State {
	t.Helper()
	racks, scores, turn := st.Racks(), st.Scores(), st.Turn()
	return endgameOf(t, st.Variant(), st.Board(), [2]tile.Rack{racks[turn], racks[1-turn]}, [2]int{scores[turn], scores[1-turn]})
}

// subRack is n tiles of r chosen at random (all of them when r holds no
// more).
func subRack(r *rand.Rand, rack tile.Rack, n int) tile.Rack {
	ts := rack.Tiles()
	r.Shuffle(len(ts), func(i, j int) { ts[i], ts[j] = ts[j], ts[i] })
	return tile.RackOf(ts[:min(n, len(ts))])
}

// eachEndgame readies s for the endgame of each self-play game of seeds 1
// to seeds-1 (Multipliers and Classic in turn), from the mover's side as
// the bag emptied, and calls f with a search of it.
func eachEndgame(t *testing.T, s *Solver, seeds uint64, f func(seed uint64, sr *search)) {
	t.Helper()
	for seed := uint64(1); seed < seeds; seed++ {
		st := selfPlayEvery(t, seed, 2)
		if st == nil {
			continue
		}
		st = fromMover(t, st)
		if err := s.ready(st); err != nil {
			t.Fatal(err)
		}
		f(seed, &search{Solver: s, st: st})
	}
}
