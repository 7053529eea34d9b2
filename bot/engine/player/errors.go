package player

import "errors"

// ErrPolicy is returned by New for a policy name it does not know.
var ErrPolicy = errors.New("unknown policy")
