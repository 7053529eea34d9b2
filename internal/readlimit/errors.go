package readlimit

import "errors"

// ErrTooLarge is a file over the limit of its kind.
var ErrTooLarge = errors.New("file too large")
