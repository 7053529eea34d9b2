package lingo

import "errors"

// Errors every function of the package wraps, so callers tell bad options,
// unreadable notation and illegal moves apart with errors.Is.
var (
	// ErrOptions: a game cannot be set up with these options.
	ErrOptions = errors.New("lingo: bad options")
	// ErrNotation: a typed move or coordinate cannot be read.
	ErrNotation = errors.New("cannot read the move")
	// ErrIllegal: the move breaks a rule; the message names the rule.
	ErrIllegal = errors.New("illegal move")
	// ErrGameOver: a move was offered after the game ended.
	ErrGameOver = errors.New("lingo: the game is over")
	// ErrQuit: a person typed quit; the game is abandoned, not lost.
	ErrQuit = errors.New("the player quit")
	// ErrNotAWord: a word asked about is not letters A-Z.
	ErrNotAWord = errors.New("not a word")
	// ErrInputEnded: a person's input ended (or failed) before the game did.
	ErrInputEnded = errors.New("the input ended before the game did")
)
