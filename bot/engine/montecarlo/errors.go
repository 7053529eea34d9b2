package montecarlo

import "errors"

// Why a position cannot be simulated. The player falls back to its static
// ranking on any of them.
var (
	// ErrUnknownBag: the board and the rack hold more of some tile than the
	// variant's distribution has, so the unseen tiles are unknown (a
	// gamestate from a game whose tile set the engine does not know).
	ErrUnknownBag = errors.New("the unseen tiles cannot be worked out")
	// ErrNoCandidates: there is nothing to compare.
	ErrNoCandidates = errors.New("no candidate moves to simulate")
	// ErrBadCandidate: a candidate cannot be played in the position (tiles
	// the mover does not hold, a square off the board or taken): the
	// game state refuses it.
	ErrBadCandidate = errors.New("a candidate cannot be played")
	// ErrRanking: ParseRanking was given a name that is not a ranking.
	ErrRanking = errors.New("unknown simulation ranking")
	// ErrAllocation: ParseAllocation was given a name that is not an
	// allocation.
	ErrAllocation = errors.New("unknown simulation allocation")
)
