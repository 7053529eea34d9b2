package league

import "errors"

// ErrTable is wrapped by errors in a league's make-up.
var ErrTable = errors.New("bad league")
