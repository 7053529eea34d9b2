package gamestate

import (
	"github.com/lexico/lexico/bot/game/move"
	"github.com/lexico/lexico/bot/game/position"
	"github.com/lexico/lexico/bot/game/rules"
)

// Judge is the one way a move in the platform's format is judged on p, for
// check, /check and the referee: read it, check it by the rules (words in
// dict only those the move forms), and say why it is refused with the
// squares as the move named them ([x, y], the platform's). Words is never
// nil, so that JSON shows a list. An error (ErrMove) is a move that cannot
// be read at all.
func Judge(p *position.Position, mv []byte, dict rules.Dictionary) (move.Move, rules.Result, error) {
	m, err := ParseMove(mv, p.Board.Size)
	if err != nil {
		return move.Move{}, rules.Result{}, err
	}
	res := rules.Check(p, m, dict)
	res.Reason = Reason(res, p.Board.Size)
	if res.Words == nil {
		res.Words = []rules.Word{}
	}
	return m, res, nil
}
