// Package position is everything a policy knows when it is asked to move:
// the rule set, the board, its own rack, the scores and the bag.
//
// A Position is built from a platform gamestate by package gamestate and is
// the one value the rules engine, the move generators and the policies
// share. What the platform says around it (the deadline, the time a move,
// the game's id, the dictionary's address) is the request's
// (gamestate.Request), which the engine never reads.
// Coordinates inside are engine coordinates (Row 0 at the top); the
// platform's orientation never reaches this package.
package position

import (
	"github.com/lexico/lexico/bot/game/board"
	"github.com/lexico/lexico/bot/game/tile"
	"github.com/lexico/lexico/bot/game/variant"
)

// Position is the mover's view of a game in progress.
type Position struct {
	// Variant is the rule set. When the position comes from a gamestate it is
	// built from that gamestate (TileScores become Values, the premium lists
	// become Layout), so premiums already covered are simply absent.
	Variant *variant.Variant
	Board   *board.Board
	// Rack is the mover's hand.
	Rack tile.Rack
	// BagCount is the number of tiles left in the bag.
	BagCount int
	// FirstGo is the platform's flag for the game's opening move: no exchange
	// is allowed, and the play must cover the start square.
	FirstGo           bool
	MyScore, OppScore int
	// Last is the opponent's last turn when the mover saw the position
	// before it (a server or the arena that answered the game's previous
	// move); nil when unknown, as for a gamestate alone, which does not say.
	Last *Last
}

// Last is what the mover saw of the opponent's last turn: the position it
// moved from and what it scored. The tiles it placed are the squares
// filled since (none for an exchange or a pass, which look alike).
type Last struct {
	// Before is the position the opponent moved from, from the mover's side
	// (MyScore is the mover's): the board after the mover's own move, the
	// bag after its draw, the variant as it stood. Its Rack is empty and
	// its Last nil: nothing older is kept.
	Before *Position
	// Score is what the opponent's turn scored.
	Score int
}

// Clone is a deep copy: the board is copied, the variant is shared (variants
// are read-only once built).
func (p *Position) Clone() *Position {
	c := *p
	c.Board = p.Board.Clone()
	return &c
}
