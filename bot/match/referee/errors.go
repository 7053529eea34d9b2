package referee

import "errors"

// Errors Play returns before or instead of a game.
var (
	ErrConfig    = errors.New("referee: bad configuration")
	ErrCancelled = errors.New("referee: game cancelled")
)
