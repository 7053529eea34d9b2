package human

import "errors"

var (
	// ErrQuit is returned by Seat.Move when the person types quit: the
	// game is abandoned, not lost on a bad move.
	ErrQuit = errors.New("the player quit")
	// ErrInputEnded is wrapped by Seat.Move's error when the input ends (or
	// fails) before the game does: the game was interrupted, not finished,
	// as lingo's human seat says too.
	ErrInputEnded = errors.New("the input ended before the game did")
	// ErrNotation is wrapped by every error Parse returns.
	ErrNotation = errors.New("cannot read the move")
)
