package state

import "errors"

// Why a State refuses a call. A refused call changes nothing. A move that
// breaks a rule the state checks (tiles not on the mover's rack, a square
// off the board or taken) is refused with the rules package's own error
// (rules.ErrNotInRack, rules.ErrOccupied, ...), so errors.Is reads the same
// whoever refused it.
var (
	// ErrConfig: the variant, the starter or the position cannot make a
	// game (nil, a board of another size than the variant's, no rack).
	ErrConfig = errors.New("state: bad game")
	// ErrGameOver: the game has ended; no move may follow.
	ErrGameOver = errors.New("state: the game is over")
	// ErrUnknown: the move needs tiles the state does not know: the
	// mover's rack, or the order of the bag it would draw from. Deal
	// makes them known.
	ErrUnknown = errors.New("state: the tiles are not known")
	// ErrNotAtStart: Deal was called on a state with moves to undo; a
	// deal is a guess at the tiles from the start, not a move.
	ErrNotAtStart = errors.New("state: moves were applied since the start")
)
