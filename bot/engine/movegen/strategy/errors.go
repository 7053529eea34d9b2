package strategy

import "errors"

// Errors returned by New.
var (
	ErrUnknownStrategy = errors.New("unknown move generation strategy")
	ErrNoGADDAG        = errors.New("no GADDAG")
	ErrNoIndex         = errors.New("no index")
)
