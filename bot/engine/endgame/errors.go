package endgame

import "errors"

// Why Solve or PreEndgame refuses a position. Each is wrapped with the
// details.
var (
	// ErrOver: the game has already ended; there is no move to find.
	ErrOver = errors.New("endgame: the game is over")
	// ErrUnknown: a rack or the order of the bag is not known; the solver
	// needs the whole game in view (state.Deal makes it known).
	ErrUnknown = errors.New("endgame: the tiles are not all known")
	// ErrBag: a pre-endgame needs 1 to its limit of tiles in the bag and
	// unseen tiles that can fill it and the opponent's rack.
	ErrBag = errors.New("endgame: not a pre-endgame")
	// ErrNoGenerator: the solver was built without a move generator.
	ErrNoGenerator = errors.New("endgame: no move generator")
)
