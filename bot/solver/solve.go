package solver

import (
	"github.com/lexico/lexico/bot/engine/movegen"
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// Solve lists the plays hand can make on b under v, best first: at most top
// of them, or all when top <= 0 (the interactive loop filters the whole list,
// the plain listing needs only its top). It refuses a board no game could
// have reached (CheckBoard) and a hand that cannot still be on a rack.
func Solve(gen movegen.Generator, v *variant.Variant, b *board.Board, hand tile.Rack, top int) ([]Play, error) {
	if err := CheckBoard(v, b); err != nil {
		return nil, err
	}
	unseen, err := Unseen(v, b)
	if err != nil {
		return nil, err
	}
	if err := CheckHand(hand, unseen, v); err != nil {
		return nil, err
	}
	var moves []move.Move
	if top > 0 {
		rec := newTopRecorder(top)
		gen.Search(movegen.Args{Variant: v, Board: b, Rack: hand, Record: rec.Record})
		moves = rec.moves()
	} else {
		var rec movegen.AllPlays
		gen.Search(movegen.Args{Variant: v, Board: b, Rack: hand, Record: rec.Record})
		moves = rec.Moves
	}
	return Rank(v, b, moves), nil
}
