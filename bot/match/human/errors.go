package human

import "errors"

var (
	// ErrQuit is returned by Seat.Move when the person types quit or the
	// input ends: the game is abandoned, not lost on a bad move.
	ErrQuit = errors.New("the player quit")
	// ErrNotation is wrapped by every error Parse returns.
	ErrNotation = errors.New("cannot read the move")
)
