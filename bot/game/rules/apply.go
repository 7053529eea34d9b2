package rules

import (
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/move"
)

// Apply puts a play's tiles on b; exchanges and passes leave b alone. The
// premiums stay printed on the board: scoring counts a premium only under
// the tiles of the move being scored, so a covered premium never counts again.
// m must have passed Check (Apply does not re-check it).
func Apply(b *board.Board, m move.Move) {
	if m.Kind != move.Play {
		return
	}
	for _, p := range m.Tiles {
		b.Set(p.Row, p.Col, board.Square{Letter: p.Letter, Blank: p.Blank})
	}
}
