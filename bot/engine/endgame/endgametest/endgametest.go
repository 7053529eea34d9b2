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
// table. It returns false when it would search more than budget nodes
// (budget is decreased by those it searched). st is searched in place by
// Apply and Undo and left as it was.
func Minimax(st *state.State, budget *int) (int, bool) {
	if st.Over() {
		s := st.Scores()
		return s[st.Turn()] - s[1-st.Turn()], true
	}
	if *budget--; *budget < 0 {
		return 0, false
	}
	best := 0
	for i, m := range Moves(st) {
		if err := st.Apply(m); err != nil {
			panic(err) // the generator's plays are legal: a bug in what is tested
		}
		v, ok := Minimax(st, budget)
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
