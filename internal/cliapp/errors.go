package cliapp

import "errors"

// ErrDuration is a value that is neither a duration nor a number.
var ErrDuration = errors.New("want a duration such as 800ms or 5s, or a bare number of milliseconds")
