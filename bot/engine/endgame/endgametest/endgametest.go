// Package endgametest holds what the tests of endgame searches check them
// against: plain minimax over the generator of real games of short words
// (movegentest.Short).
package endgametest

import (
	"slices"

	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/engine/movegen/movegentest"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/state"
)

// Minimax is the final margin from the mover's view with best play on
// both sides: every play and the pass, to the game's end, no pruning, no
// table of values. It returns false when it would search more than budget nodes
// (budget is decreased by those it searched). st is searched in place by
// Apply and Undo and left as it was.
//
// The plays of a position are listed once a call: the same board and rack
// recur in many lines of play (two plays in either order, a pass), and the
// list is the same each time, so a repeat reads it back, keyed by the board
// and the mover's rack (moveKey). The nodes searched, their order, the budget
// and the values are those of listing the plays again at every node: only
// the generator's repeated work is saved (a third of the calls in package
// endgame's tests, half in scripts/quality's).
func Minimax(st *state.State, budget *int) (int, bool) {
	return minimax(st, budget, movesCache{})
}

// movesCache is Moves by position (moveKey), within one Minimax call.
type movesCache map[string][]move.Move

// moveKey is what Moves depends on: the variant, the board's squares and the
// mover's rack.
func moveKey(st *state.State) string {
	b := st.Board()
	rack, _ := st.Rack(st.Turn())
	k := make([]byte, 0, len(st.Variant().Name)+1+2*len(b.Squares)+len(rack.Counts))
	k = append(k, st.Variant().Name...)
	k = append(k, 0)
	for _, sq := range b.Squares {
		blank := byte(0)
		if sq.Blank {
			blank = 1
		}
		k = append(k, sq.Letter, blank)
	}
	k = append(k, rack.Counts[:]...)
	return string(k)
}

func minimax(st *state.State, budget *int, cache movesCache) (int, bool) {
	if st.Over() {
		s := st.Scores()
		return s[st.Turn()] - s[1-st.Turn()], true
	}
	if *budget--; *budget < 0 {
		return 0, false
	}
	best := 0
	key := moveKey(st)
	ms, seen := cache[key]
	if !seen {
		ms = Moves(st)
		cache[key] = ms
	}
	for i, m := range ms {
		if err := st.Apply(m); err != nil {
			panic(err) // the generator's plays are legal: a bug in what is tested
		}
		v, ok := minimax(st, budget, cache)
		st.Undo()
		if !ok {
			return 0, false
		}
		if i == 0 || -v > best {
			best = -v
		}
	}
	return best, true
}

// Moves is every play of the mover of st, each its own copy, and the pass
// last.
func Moves(st *state.State) []move.Move {
	rack, _ := st.Rack(st.Turn())
	var out []move.Move
	movegentest.Short().Search(movegen.Args{Variant: st.Variant(), Board: st.Board(), Rack: rack, Record: func(m *move.Move) {
		c := *m
		c.Tiles = slices.Clone(m.Tiles)
		out = append(out, c)
	}})
	return append(out, move.NewPass())
}
