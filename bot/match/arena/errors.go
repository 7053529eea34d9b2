package arena

import "errors"

var (
	// ErrRecord is wrapped by errors reading a recorded game.
	ErrRecord = errors.New("bad game record")
	// ErrConfig is wrapped by errors in an arena configuration.
	ErrConfig = errors.New("bad arena configuration")
)

// ErrAbandoned is returned by a PlayGame when a player walked away
// (human.ErrQuit): the game is not counted.
var ErrAbandoned = errors.New("game abandoned")

// ErrInterrupted is returned by a PlayGame when a player could not go on (a
// person's input ended before the game did): the game is not counted, as an
// abandoned one, but the match fails with it, since no one chose to stop.
var ErrInterrupted = errors.New("game interrupted")
