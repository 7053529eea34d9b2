package arena

import "errors"

var (
	// ErrRecord is wrapped by errors reading a recorded game.
	ErrRecord = errors.New("bad game record")
	// ErrConfig is wrapped by errors in an arena configuration.
	ErrConfig = errors.New("bad arena configuration")
)
