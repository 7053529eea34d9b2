package board

import "errors"

// ErrSquare is wrapped by ParseSquare's refusals.
var ErrSquare = errors.New("no such square")
