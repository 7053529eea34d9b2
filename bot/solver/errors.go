package solver

import (
	"errors"

	"github.com/lexico/lexico/bot/game/rules"
)

// Why the solver refuses its input. Functions wrap one of these with the
// details (the line, the letter, the counts), so callers test the reason with
// errors.Is and show the message to people.
var (
	ErrBoardSize     = errors.New("board file has the wrong size")
	ErrBoardChar     = errors.New("board file holds a character that is not a square")
	ErrBoardOverused = errors.New("board uses more tiles than the game has")
	ErrBoardChanged  = errors.New("board file changed since it was read")
	ErrCommands      = errors.New("cannot read the commands")
	// A board no game could reach: every game opens with a word across or
	// down through the start square, and every later play touches a tile
	// already down, so the tiles form one group holding that first word.
	ErrBoardStart        = rules.ErrBoardStart
	ErrBoardDisconnected = rules.ErrBoardDisconnected
	ErrBoardFirstWord    = errors.New("board's word through the start square is shorter than a first play")
	ErrHand              = errors.New("hand is not a set of tiles")
	ErrHandSize          = errors.New("hand holds more tiles than a rack")
	ErrHandNotInBag      = errors.New("hand holds tiles that cannot still be in a rack")
)
