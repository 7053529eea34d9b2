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
