package external

import "errors"

var (
	// ErrSpec is wrapped by errors in a seat's spec (cmd:..., http://...).
	ErrSpec = errors.New("bad external seat")
	// ErrCrashed is wrapped by the answer of a command seat whose process
	// exited or was stopped during the game: the process is started again
	// for the next game.
	ErrCrashed = errors.New("the external player's process crashed")
	// ErrAnswer is wrapped by the failures of one answer: a line too long,
	// an HTTP error status.
	ErrAnswer = errors.New("unusable answer")
)
